"""`pto.ttrans`: the transpose of a tile (ttrans.md).

  `pto.ttrans ins(%src, %tmp : T, T') outs(%dst : T'')` (PTOAS; `%tmp` optional) and
  `%dst = pto.ttrans %src : !pto.tile<...> -> !pto.tile<...>` (SSA)

`dst[j, i] = src[i, j]` over src's valid region (pto-isa TTRANS_IMPL iterates `src`'s
valid rows and columns); the bits are copied, so src and dst may name different element
types of one width. Rules (pto-isa a2a3/a5 TTrans.hpp static_asserts): 1-, 2- or 4-byte
elements, of one width in src and dst; src row-major; vec tiles. `tmp` is working space of
the hardware's fast path: the interpreter does not need it.
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from xdsl.irdl import IRDLOperation, irdl_op_definition

from pto_dialect.attrs import Location, Pipe
from pto_dialect.ops.base import TileOp, dims_str, fail, require_dtype_supported, require_location
from pto_dialect.records import CostFormula, Formula, Shapes, per_target_dtypes
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import DYNAMIC

S = TypeVar("S")

# pto-isa TTRANS_IMPL: sizeof(T) in {1, 2, 4}, on every target.
_TYPES = "i8 ui8 i16 ui16 f16 bf16 i32 ui32 f32"
TRANS_DTYPES = per_target_dtypes(_TYPES, _TYPES)


@irdl_op_definition
class TTransOp(TileOp):
    """`dst = transpose(src)` over src's valid region."""

    name = "pto.ttrans"

    NUM_INS: ClassVar[int] = 2
    OPTIONAL_TMP: ClassVar[bool] = True
    PIPE: ClassVar[Pipe] = Pipe.V
    MANUAL: ClassVar = "tile/ops/layout-and-rearrangement/ttrans.md"
    DTYPES: ClassVar = TRANS_DTYPES
    COST: ClassVar = Formula(
        CostFormula.TILE_MOVE, "as a vector copy of dst's bytes (no published figure for ttrans)"
    )
    NOT_LOWERED: ClassVar = "no vector lowering of ttrans yet: it runs at tile level"

    def scratch_sources(self) -> frozenset[int]:
        return frozenset({1}) if len(self.ins) == 2 else frozenset()

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        rows, cols = shapes.valid(self.ins[0])
        return cols, rows

    def verify_tiles(self, target: TargetProfile) -> None:
        src, dst = self.tile(0, "src"), self.dst_tile()
        require_location(f"{self.name} src", src, Location.VEC)
        require_location(f"{self.name} dst", dst, Location.VEC)
        if not src.is_nd:
            raise fail(f"{self.name} src must be row-major with slayout=none_box")
        require_dtype_supported(self.name, src.element, target, TRANS_DTYPES)
        if src.element.bytes != dst.element.bytes:
            raise fail(
                f"{self.name} dst element {dst.element} must have the width of src's "
                f"{src.element} (the bits are copied)"
            )
        (vr, vc), (dr, dc) = src.valid_shape, dst.valid_shape
        if (vc != DYNAMIC and vc > dst.rows.data) or (vr != DYNAMIC and vr > dst.cols.data):
            raise fail(
                f"{self.name} dst {dst.rows.data}x{dst.cols.data} cannot hold the transpose of "
                f"src's valid {dims_str(vr)}x{dims_str(vc)}"
            )
        if self.res and (dr, dc) != (vc, vr) and DYNAMIC not in (dr, dc, vr, vc):
            raise fail(
                f"{self.name} result valid {dims_str(dr)}x{dims_str(dc)} must be src's "
                f"transposed, {dims_str(vc)}x{dims_str(vr)}"
            )


OPS: list[type[IRDLOperation]] = [TTransOp]
