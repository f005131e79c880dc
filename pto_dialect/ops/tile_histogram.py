"""Histograms: `thistogram` (tile/ops/irregular-and-complex/thistogram.md).

  `pto.thistogram ins(%src, %idx : T, I) outs(%dst : D) {byte = 1 : i32}` (PTOAS's form)
  `%d = pto.thistogram %src, %idx {byte = 1 : i32} : (T, I) -> D`

Per valid row of `src` (uint16 or uint32), a cumulative 256-bin histogram of one byte of
its valid elements (`byte`: 0 the least significant; default 1), counting only the
elements whose higher bytes match the filter bytes of `idx` (uint8), into a row of `dst`
(uint32). The page defers every rule to the implementations (cpu/THistogram.hpp,
a5/THistogram.hpp); A2/A3 has none.
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from xdsl.dialects.builtin import IntegerAttr
from xdsl.irdl import IRDLOperation, irdl_op_definition, opt_attr_def

from pto_dialect.attrs import Location, Pipe, TargetArch
from pto_dialect.ops.base import TileOp, fail, require_dtype_supported, require_location
from pto_dialect.ops.vector_arith import VAddOp
from pto_dialect.records import AsVectorOp, Cost, Shapes, per_target_dtypes
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import DYNAMIC

S = TypeVar("S")
BINS = 256
BYTES = {16: (0, 1), 32: (0, 1, 2, 3)}
"""The bytes a source width allows (uint16: BYTE_0 and BYTE_1 only)."""


@irdl_op_definition
class THistogramOp(TileOp):
    """`dst[r, b]` = how many valid elements of src row r pass the filter and have the
    selected byte at most b (docs/semantics.md)."""

    name = "pto.thistogram"

    PIPE: ClassVar[Pipe] = Pipe.V
    NUM_INS: ClassVar[int] = 2
    MANUAL: ClassVar = "tile/ops/irregular-and-complex/thistogram.md"
    # the src element types of a5/THistogram.hpp and cpu/THistogram.hpp; no A2/A3 version
    DTYPES: ClassVar = per_target_dtypes("", "ui16 ui32")
    NOT_LOWERED: ClassVar = (
        "it needs the cumulative-histogram instruction (chistv2) and the de-interleaving "
        "byte loads (DINTLV_B8), which the dialect does not have"
    )

    byte_attr = opt_attr_def(IntegerAttr, attr_name="byte")

    @classmethod
    def cost(cls) -> Cost:
        """Costed as one `vadd` repeat per 256 bytes of src (an estimate: no figure)."""
        return AsVectorOp(VAddOp)

    @property
    def byte(self) -> int:
        return 1 if self.byte_attr is None else self.byte_attr.value.data

    def source_roles(self) -> list[str]:
        return ["src", "idx"]

    def filter_rows(self) -> int:
        """Rows of idx the op reads: one per src row (uint16), else one per higher byte."""
        src = self.tile(0, "src")
        return -1 if src.element.bits == 16 else 3 - self.byte

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        """src's valid rows, 256 bins."""
        return (shapes.valid(self.ins[0])[0], BINS)

    def written_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int] | None:
        return self.result_region(shapes)

    def verify_tiles(self, target: TargetProfile) -> None:
        src, idx, dst = self.tile(0, "src"), self.tile(1, "idx"), self.dst_tile()
        for role, tile in (("src", src), ("idx", idx), ("dst", dst)):
            require_location(f"{self.name} {role}", tile, Location.VEC)
        assert self.DTYPES is not None
        require_dtype_supported(f"{self.name} src", src.element, target, self.DTYPES)
        if dst.element.name != "ui32":
            raise fail(f"{self.name} dst dtype {dst.element} must be ui32 (uint32_t)")
        if idx.element.name != "ui8":
            raise fail(f"{self.name} idx dtype {idx.element} must be ui8 (uint8_t)")
        if self.byte not in BYTES[src.element.bits]:
            allowed = " or ".join(str(b) for b in BYTES[src.element.bits])
            raise fail(
                f"{self.name} byte of a {src.element} source must be {allowed}, got {self.byte}"
            )
        for role, tile in (("src", src), ("dst", dst)):
            if not tile.is_row_major:
                raise fail(f"{self.name} {role} must be row-major")
        if dst.shape[1] < BINS or (target.arch is TargetArch.A5 and dst.shape[1] != BINS):
            want = "exactly" if target.arch is TargetArch.A5 else "at least"
            raise fail(
                f"{self.name} dst must have {want} {BINS} columns on target {target.name} "
                f"(one per bin), got {dst.shape[1]}"
            )
        if (
            target.arch is TargetArch.A5
            and src.element.bits == 16
            and not (
                idx.is_nd is False
                and not idx.is_row_major
                and not idx.is_boxed
                and idx.shape[1] == 1
            )
        ):
            raise fail(
                f"{self.name} idx of a ui16 source must be a DN tile of one column on target "
                "a5 (blayout=col_major, slayout=none_box, cols=1)"
            )
        src_rows, dst_rows = src.valid_shape[0], dst.valid_shape[0]
        if DYNAMIC not in (src_rows, dst_rows) and dst_rows < src_rows:
            raise fail(
                f"{self.name} dst valid rows {dst_rows} must hold the src valid rows {src_rows}"
            )


OPS: list[type[IRDLOperation]] = [THistogramOp]
