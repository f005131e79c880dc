"""`pto.tget_scale_addr`: bind an MX scale tile to the scale address of its L0A / L0B operand
(tile/ops/sync-and-config/get-scale-addr.md; A5 and the CPU simulator).

  `pto.tget_scale_addr ins(%src : T) outs(%dst : S)` (PTOAS PTOOps.td `TGetScaleAddrOp`, the
  printed form), the page's `pto.get_scale_addr ins(%src : T) outs(%dst : S)` (read as
  `pto.tget_scale_addr`) and its Level 1 `%dst = pto.get_scale_addr %src : (T) -> S`.

What it does (pto-isa npu/a5/TGetScaleAddr.hpp `__cce_pto_get_mx_scale_tile`, cpu/
TGetScaleAddr.hpp, a5/utils.hpp `GetScaleAddr`): `dst`'s address becomes `src`'s >> 4
(`SHIFT_MX_ADDR` is 4 in pto-isa's a5/utils.hpp and the CPU memory model; the page says 2:
docs/decisions.md), in the MX scale buffer of src's L0A / L0B, where `mad.mx` reads the scales
of that operand. No bytes move.

Rules: A5 and cpu only (PTOAS "tget_scale_addr is only supported on A5"; pto-isa has no A2/A3
implementation); src in loc=left or loc=right, dst in loc=scaling; dst shaped as PTOAS's newest
verifier asks (left src M x K: dst M x ceil(K/32); right src K x N: dst ceil(K/32) x N, valid
sizes likewise, `?` matching anything) or as the 2026-04 verifier asked (dst shape and valid
shape those of src: `verifyScaleTileMatchesOperand`), both accepted (docs/decisions.md).
"""

from __future__ import annotations

from typing import ClassVar, TypeVar, cast

from xdsl.irdl import IRDLOperation, irdl_op_definition
from xdsl.parser import Parser

from pto_dialect.attrs import Location, Pipe
from pto_dialect.dtypes import ALL_DTYPES, CUBE_DTYPES, LOW_PRECISION
from pto_dialect.mx import MX_GROUP
from pto_dialect.ops.base import TileOp, dims_str, fail, require_dtype_supported, require_location
from pto_dialect.records import NoCycles, PerTarget, Shapes
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import DYNAMIC

S = TypeVar("S")

_PAGE = "tile/ops/sync-and-config/get-scale-addr.md"
_ANY = frozenset({*ALL_DTYPES, *LOW_PRECISION, *CUBE_DTYPES})
SCALE_ADDR_DTYPES = PerTarget(frozenset(), _ANY, _ANY)
"""src element types: any on A5 and cpu (pto-isa asserts only that both are tiles; PTOAS's
`verifyTileBufCommon(..., allowLowPrecision=true)`), none on A2/A3."""


def _ceil_group(extent: int) -> int:
    return DYNAMIC if extent == DYNAMIC else -(-extent // MX_GROUP)


def _compatible(have: tuple[int, int], want: tuple[int, int]) -> bool:
    """PTOAS's `hasCompatibleKnownExtent` on both dimensions: `?` matches anything."""
    return all(DYNAMIC in (h, w) or h == w for h, w in zip(have, want, strict=True))


class ScaleAddrOp(TileOp):
    """`dst` (a scaling tile) now lies at `src`'s address >> 4 in src's MX scale buffer."""

    PIPE: ClassVar[Pipe] = Pipe.S  # PTOOps.td getPipe; pto-isa costmodel: a Scalar stage
    MANUAL: ClassVar = _PAGE
    DTYPES: ClassVar = SCALE_ADDR_DTYPES
    COST: ClassVar = NoCycles("an address binding on the scalar unit: no bytes move")
    NOT_LOWERED: ClassVar = "an address binding: it stays a tile op"

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        dst = self.dst_tile()
        return dst.valid_shape[0], dst.valid_shape[1]

    def verify_tiles(self, target: TargetProfile) -> None:
        src, dst = self.tile(0, "src"), self.dst_tile()
        if not SCALE_ADDR_DTYPES[target.arch]:
            raise fail(f"{self.name} is only supported on a5 and cpu, not on {target.name}")
        require_dtype_supported(f"{self.name} src", src.element, target, SCALE_ADDR_DTYPES)
        require_location(f"{self.name} src", src, Location.LEFT, Location.RIGHT)
        require_location(f"{self.name} dst", dst, Location.SCALING)
        if src.location is Location.LEFT:
            shape = (src.shape[0], _ceil_group(src.valid_shape[1]))
            valid = (src.valid_shape[0], _ceil_group(src.valid_shape[1]))
            rule = "[M, ceil(K/32)]"
        else:
            shape = (_ceil_group(src.valid_shape[0]), src.shape[1])
            valid = (_ceil_group(src.valid_shape[0]), src.valid_shape[1])
            rule = "[ceil(K/32), N]"
        scaled = _compatible(dst.shape, shape) and _compatible(dst.valid_shape, valid)
        same = _compatible(dst.shape, src.shape) and _compatible(dst.valid_shape, src.valid_shape)
        if not (scaled or same):
            raise fail(
                f"{self.name} dst shape {dims_str(*dst.shape)} valid "
                f"{dims_str(*dst.valid_shape)} must be {rule} of the {src.location.value} src "
                f"({dims_str(*shape)} valid {dims_str(*valid)}) or src's own "
                f"({dims_str(*src.shape)} valid {dims_str(*src.valid_shape)})"
            )


@irdl_op_definition
class TGetScaleAddrOp(ScaleAddrOp):
    """PTOAS's name, printed."""

    name = "pto.tget_scale_addr"


@irdl_op_definition
class GetScaleAddrOp(ScaleAddrOp):
    """The page's name: parses to `pto.tget_scale_addr`; the class stands for the name and for
    a generic-form `"pto.get_scale_addr"`."""

    name = "pto.get_scale_addr"

    @classmethod
    def parse(cls, parser: Parser) -> GetScaleAddrOp:
        return cast(GetScaleAddrOp, TGetScaleAddrOp.parse(parser))


OPS: list[type[IRDLOperation]] = [TGetScaleAddrOp, GetScaleAddrOp]
