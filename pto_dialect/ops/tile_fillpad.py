"""Pad filling: `pto.tfillpad`, `pto.tfillpad_expand`, `pto.tfillpad_inplace`.

`dst[i, j] = src[i, j]` inside src's valid region, dst's pad value elsewhere (tfillpad.md,
tfillpad-expand.md, tfillpad-inplace.md), over dst's valid region on A2/A3 and A5 and its
whole tile on the CPU simulator (`rules.FILLPAD_WHOLE_TILE`). The pad value is dst's `pad`
(max/min: +-inf for floats, the integer limits otherwise; zero). DPS only, as PTOAS writes
them:

  `pto.tfillpad ins(%src : !pto.tile_buf<...>) outs(%dst : !pto.tile_buf<..., pad=2>)`

Rules: dst's pad is not null (a vec tile; a mat tile is filled with zero and its pad must be
null or zero: "PadVal only support PadValue::Zero"); src and dst share the element type (the
pages ask for one size; we ask for one type: a copy between types would convert, which no
page defines); 1-, 2- or 4-byte elements; tfillpad_inplace and a mat tfillpad keep src's
shape, the dst of tfillpad_expand and of a vec tfillpad (PTOAS lowers it to TFILLPAD_EXPAND
then) is at least src's in both dimensions; a mat tile is nZ (blayout
col_major, slayout row_major); tfillpad_expand and tfillpad_inplace are vec only.
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from xdsl.ir import Operation
from xdsl.irdl import IRDLOperation, irdl_op_definition

from pto_dialect.attrs import BLayout, Location, PadValue, Pipe, SLayout
from pto_dialect.ops.base import (
    TileOp,
    dims_str,
    fail,
    require_dtype_supported,
    require_location,
    require_same_dtype,
)
from pto_dialect.records import (
    CostFormula,
    Formula,
    PipeRule,
    Shapes,
    every_target,
    per_target_dtypes,
)
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import TileTypeBase

S = TypeVar("S")
_PAGES = "tile/ops/layout-and-rearrangement/"

# 1-, 2- and 4-byte elements (the pages' size rule, a2a3/a5/cpu TFillPad.hpp static_asserts);
# A5's checks are sizes only, and its 8-bit floats have a pad value (every pad the byte 0:
# common/constants.hpp PadValueMap, A5 only).
_TYPES = "i8 ui8 i16 ui16 f16 bf16 i32 ui32 f32"
FILLPAD_DTYPES = per_target_dtypes(_TYPES, _TYPES + " f8E4M3FN f8E5M2 hif8 f8E8M0", _TYPES)


def require_at_least(name: str, src: tuple[int, int], dst: tuple[int, int]) -> None:
    """The expand form's rule: dst is at least src in both dimensions."""
    if dst[0] < src[0] or dst[1] < src[1]:
        raise fail(
            f"{name} dst shape {dims_str(*dst)} must be at least the src shape {dims_str(*src)}"
        )


def _into_mat(op: Operation) -> bool:
    dst = op.dst_type if isinstance(op, TileOp) else None
    return isinstance(dst, TileTypeBase) and dst.location is Location.MAT


class FillPadTileOp(TileOp):
    """Copy src's valid region into dst and fill the rest with dst's pad value."""

    PIPE: ClassVar[Pipe] = Pipe.V
    PIPE_RULES: ClassVar = (
        PipeRule("dst loc=mat", every_target(Pipe.MTE2), _into_mat,
                 "pto-isa event.hpp TFILLPAD_MAT -> PIPE_MTE2 (PTOAS #930)"),
        PipeRule("dst loc=vec", every_target(Pipe.V), None, "TFILLPAD_VEC -> PIPE_V"),
    )  # fmt: skip
    DTYPES: ClassVar = FILLPAD_DTYPES
    LOCATIONS: ClassVar[tuple[Location, ...]] = (Location.VEC,)
    COST: ClassVar = Formula(
        CostFormula.TILE_MOVE,
        "as a vector copy of dst's bytes (no published figure for the fill)",
    )
    NOT_LOWERED: ClassVar = "no vector lowering of the pad fill yet: it runs at tile level"

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        """The result type's valid shape (`?`: its whole tile)."""
        dst = self.dst_tile()
        return dst.rows.data, dst.cols.data

    def verify_tiles(self, target: TargetProfile) -> None:
        if not self.outs:
            raise fail(f"{self.name} takes its destination as outs(...) (DPS form only)")
        src, dst = self.tile(0, "src"), self.dst_tile()
        require_location(f"{self.name} dst", dst, *self.LOCATIONS)
        require_location(f"{self.name} src", src, dst.location)
        require_same_dtype(f"{self.name} dst", dst.element, "src", src.element)
        require_dtype_supported(self.name, dst.element, target, FILLPAD_DTYPES)
        pad = dst.pad.data
        if dst.location is Location.MAT:
            if pad not in (PadValue.NULL, PadValue.ZERO):
                raise fail(
                    f"{self.name} of a loc=mat tile fills zero: dst pad must be null or zero"
                )
            for role, tile in (("src", src), ("dst", dst)):
                if (
                    tile.blayout.data is not BLayout.COL_MAJOR
                    or tile.slayout.data is not SLayout.ROW_MAJOR
                ):
                    raise fail(
                        f"{self.name} {role} (loc=mat) needs blayout=col_major, slayout=row_major"
                    )
        elif pad is PadValue.NULL:
            raise fail(f"{self.name} dst pad must not be null: it is the value filled in")
        self.verify_shapes(src.shape, dst.shape)

    def verify_shapes(self, src: tuple[int, int], dst: tuple[int, int]) -> None:
        """tfillpad, tfillpad_inplace: one shape."""
        if src != dst:
            raise fail(
                f"{self.name} dst shape {dims_str(*dst)} must equal the src shape {dims_str(*src)}"
            )


@irdl_op_definition
class TFillPadOp(FillPadTileOp):
    """`dst = src` in src's valid region, dst's pad value elsewhere."""

    name = "pto.tfillpad"

    MANUAL: ClassVar = _PAGES + "tfillpad.md"
    LOCATIONS: ClassVar = (Location.VEC, Location.MAT)

    def verify_shapes(self, src: tuple[int, int], dst: tuple[int, int]) -> None:
        """A vec dst may be larger than src: PTOAS picks `TFILLPAD_EXPAND` from the shapes
        (its verifier keeps one shape for loc=mat only; docs/decisions.md)."""
        if self.dst_tile().location is Location.VEC:
            require_at_least(self.name, src, dst)
        else:
            super().verify_shapes(src, dst)


@irdl_op_definition
class TFillPadExpandOp(FillPadTileOp):
    """As tfillpad into a dst at least as large as src."""

    name = "pto.tfillpad_expand"

    MANUAL: ClassVar = _PAGES + "tfillpad-expand.md"

    def verify_shapes(self, src: tuple[int, int], dst: tuple[int, int]) -> None:
        require_at_least(self.name, src, dst)


@irdl_op_definition
class TFillPadInplaceOp(FillPadTileOp):
    """As tfillpad where src and dst may be one buffer."""

    name = "pto.tfillpad_inplace"

    MANUAL: ClassVar = _PAGES + "tfillpad-inplace.md"

    def alias_sources(self) -> frozenset[int]:
        return frozenset({0})


OPS: list[type[IRDLOperation]] = [TFillPadOp, TFillPadExpandOp, TFillPadInplaceOp]
