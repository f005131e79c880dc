"""Row reductions: `trowsum`, `trowmax`, `trowmin`, `trowprod` (`dst[i, 0] = reduce_j src[i, j]`).

Syntax (PTOOps.td, the pages' AS Level 1/2): `%dst = pto.trowsum %src, %tmp : (T, T) -> T1`
and `pto.trowsum ins(%src, %tmp : T, T) outs(%dst : T1)`. The C++ intrinsic takes `tmp`: A2/A3
uses it as working space, A5 ignores it; the record declares it scratch (the DPS form may
clobber it). It may be left out (PTOAS kernels do: its compiler supplies the scratch): the
result does not depend on it.

Rules (the reduce-and-expand pages, "General constraints / checks"): src, tmp and dst in
`loc=vec`; src ND; dst ND, or DN (`blayout=col_major, slayout=none_box`) with one column;
src, tmp and dst of one element type the target supports for the op; static valid rows of
src and dst agree; a static valid row or column count of src is not 0.
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from xdsl.irdl import IRDLOperation, irdl_op_definition

from pto_dialect.attrs import Location, Pipe
from pto_dialect.ops.base import (
    TileOp,
    fail,
    require_dtype_supported,
    require_location,
    require_same_dtype,
)
from pto_dialect.ops.tile_reduce import require_nd
from pto_dialect.ops.vector_arith import VAddOp, VectorBinaryOp, VMaxOp, VMinOp, VMulOp
from pto_dialect.ops.vector_compare import VSelOp
from pto_dialect.ops.vector_rearrange import VIntlvOp
from pto_dialect.ops.vector_reduce import VCaddOp, VCmaxOp, VCminOp, VectorReduceOp
from pto_dialect.records import AsVectorOp, Cost, Shapes, per_target_dtypes
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import DYNAMIC, TileTypeBase

S = TypeVar("S")

_PAGES = "tile/ops/reduce-and-expand/"

# trowsum.md "A2A3 implementation checks": A2A3 half, float, int32, int16; A5 adds int64,
# uint64
ROW_SUM = per_target_dtypes("f16 f32 i32 i16", "f16 f32 i32 i64 ui64 i16")
# trowmax.md / trowmin.md: A5 also int8, uint8, int64, uint64
ROW_MAX_MIN = per_target_dtypes("f16 f32 i32 i16", "f16 f32 i32 i64 ui64 i16 i8 ui8")
# trowprod.md: half, float, int32, int16 on both
ROW_PROD = per_target_dtypes("f16 f32 i32 i16", "f16 f32 i32 i16")


def require_row_output(what: str, tile: TileTypeBase) -> None:
    """ND, or DN with exactly one column (the pages' two dst layouts)."""
    if tile.is_nd:
        return
    if not tile.is_boxed and not tile.is_row_major and tile.shape[1] == 1:
        return
    raise fail(
        f"{what} must be ND (blayout=row_major, slayout=none_box) or DN with one column "
        f"(blayout=col_major, slayout=none_box, cols=1), got blayout="
        f"{tile.blayout.data.value}, slayout={tile.slayout.data.value}, cols={tile.shape[1]}"
    )


def require_nonzero_valid(what: str, tile: TileTypeBase) -> None:
    rows, cols = tile.valid_shape
    for name, size in (("rows", rows), ("cols", cols)):
        if size == 0:
            raise fail(f"{what} valid {name} must not be 0 (the reduction needs an element)")


class RowReduceTileOp(TileOp):
    """Reduces each valid row of `src` into column 0 of `dst`; `tmp` is scratch."""

    PIPE: ClassVar[Pipe] = Pipe.V
    NUM_INS: ClassVar[int] = 2
    OPTIONAL_TMP: ClassVar[bool] = True
    REDUCE_OP: ClassVar[type[VectorReduceOp] | None]
    """The cross-lane reduction of one register (None: no micro-op reduces across lanes)."""
    STEP_OP: ClassVar[type[VectorBinaryOp]]
    """The step that folds two partial results."""

    @classmethod
    def cost(cls) -> Cost:
        return AsVectorOp(cls.REDUCE_OP or cls.STEP_OP)

    @classmethod
    def lowers_to(cls) -> tuple[type[IRDLOperation], ...]:
        if cls.REFUSED is not None or cls.REDUCE_OP is None:
            return ()
        return (cls.REDUCE_OP, cls.STEP_OP)

    def source_roles(self) -> list[str]:
        return ["src", "tmp"][: len(self.ins)]

    def scratch_sources(self) -> frozenset[int]:
        """A2/A3 works in `tmp`."""
        return frozenset({1}) if len(self.ins) == 2 else frozenset()

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        """One column of the source's valid rows."""
        return (shapes.valid(self.ins[0])[0], 1)

    def written_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int] | None:
        return self.result_region(shapes)

    def verify_tiles(self, target: TargetProfile) -> None:
        src, dst = self.tile(0, "src"), self.dst_tile()
        tiles = [("src", src), ("dst", dst)]
        if len(self.ins) == 2:
            tiles.append(("tmp", self.tile(1, "tmp")))
        for role, tile in tiles:
            require_location(f"{self.name} {role}", tile, Location.VEC)
        require_nd(f"{self.name} src", src)
        require_row_output(f"{self.name} dst", dst)
        for role, tile in tiles[1:]:
            require_same_dtype(f"{self.name} {role}", tile.element, "src", src.element)
        assert self.DTYPES is not None
        require_dtype_supported(self.name, src.element, target, self.DTYPES)
        if dst.valid_shape == (0, 0):  # PyPTO's no-op marker (PTOAS allowEmptyMarker)
            return
        require_nonzero_valid(f"{self.name} src", src)
        src_rows, dst_rows = src.valid_shape[0], dst.valid_shape[0]
        if DYNAMIC not in (src_rows, dst_rows) and src_rows != dst_rows:
            raise fail(
                f"{self.name} dst valid rows {dst_rows} must equal the src valid rows {src_rows}"
            )


@irdl_op_definition
class TRowSumOp(RowReduceTileOp):
    """Row sum."""

    name = "pto.trowsum"

    MANUAL: ClassVar = _PAGES + "trowsum.md"
    DTYPES: ClassVar = ROW_SUM
    REDUCE_OP: ClassVar = VCaddOp
    STEP_OP: ClassVar = VAddOp


@irdl_op_definition
class TRowMaxOp(RowReduceTileOp):
    """Row maximum."""

    name = "pto.trowmax"

    MANUAL: ClassVar = _PAGES + "trowmax.md"
    DTYPES: ClassVar = ROW_MAX_MIN
    REDUCE_OP: ClassVar = VCmaxOp
    STEP_OP: ClassVar = VMaxOp


@irdl_op_definition
class TRowMinOp(RowReduceTileOp):
    """Row minimum."""

    name = "pto.trowmin"

    MANUAL: ClassVar = _PAGES + "trowmin.md"
    DTYPES: ClassVar = ROW_MAX_MIN
    REDUCE_OP: ClassVar = VCminOp
    STEP_OP: ClassVar = VMinOp


@irdl_op_definition
class TRowProdOp(RowReduceTileOp):
    """Row product."""

    name = "pto.trowprod"

    MANUAL: ClassVar = _PAGES + "trowprod.md"
    DTYPES: ClassVar = ROW_PROD
    REDUCE_OP: ClassVar = None
    STEP_OP: ClassVar = VMulOp

    @classmethod
    def lowers_to(cls) -> tuple[type[IRDLOperation], ...]:
        """No micro-op multiplies across lanes: lane-wise `vmul` (merged back with `vsel`),
        then the register folded in halves with `vintlv` + `vmul` (A5 TRowProd.hpp)."""
        return (VMulOp, VSelOp, VIntlvOp)


OPS: list[type[IRDLOperation]] = [TRowSumOp, TRowMaxOp, TRowMinOp, TRowProdOp]
