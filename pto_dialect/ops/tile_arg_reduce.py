"""Arg-reductions: `trowargmax trowargmin` (`dst[i, 0]` = the column of row i's extremum) and
`tcolargmax tcolargmin` (`dst[0, j]` = the row of column j's extremum), index-only mode.

Syntax (PTOOps.td, the pages' IR Level 1/2): `%dst = pto.trowargmax %src, %tmp : (T, T) ->
TI` and `pto.trowargmax ins(%src, %tmp : T, T) outs(%dst : TI)`; dst holds `i32`/`ui32`
indices. The pages' value + index mode (two destinations) is not in PTOAS's syntax and not
defined here. `tmp` is A2/A3's working space (A5 ignores it): declared scratch; PTOAS's
level-2 form omits it (the compiler materialises one), which computes the same indices.

Rules (the pages' "General constraints / checks"): src, tmp, dst in `loc=vec`; dst of `i32`
or `ui32`; static valid sizes of src not 0.
- Row: src ND of f16/f32; dst DN with one column, or ND of one valid column; static valid
  rows of src and dst agree.
- Column: src ND or DN (`slayout=none_box`) of the target's types; dst ND with one valid row;
  static valid columns of src and dst agree; on A2/A3 tmp has src's element type.
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from xdsl.irdl import IRDLOperation, irdl_op_definition

from pto_dialect.attrs import Location, Pipe, TargetArch
from pto_dialect.dtypes import I32, U32
from pto_dialect.ops.base import (
    TileOp,
    fail,
    require_dtype_supported,
    require_location,
    require_same_dtype,
)
from pto_dialect.ops.tile_reduce import require_nd
from pto_dialect.ops.tile_row_reduce import require_nonzero_valid
from pto_dialect.ops.vector_compare import VCmpOp, VSelOp
from pto_dialect.ops.vector_rearrange import VDintlvOp
from pto_dialect.ops.vector_reduce import VCmaxOp, VCminOp, VectorReduceOp
from pto_dialect.records import AsVectorOp, Cost, Shapes, per_target_dtypes
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import DYNAMIC, TileTypeBase

S = TypeVar("S")

_PAGES = "tile/ops/reduce-and-expand/"

INDEX_TYPES = frozenset({I32, U32})
"""The pages' destination index types: `int32_t`, `uint32_t`."""

# trowargmax.md / trowargmin.md: source half, float
ROW_ARG = per_target_dtypes("f16 f32", "f16 f32")
# tcolargmax.md / tcolargmin.md index mode: A2A3 half, float, uint16, uint32; A5 8-, 16-,
# 32-bit: int8 uint8 int16 uint16 int32 uint32 half float
COL_ARG = per_target_dtypes("f16 f32 ui16 ui32", "i8 ui8 i16 ui16 i32 ui32 f16 f32")


def require_index(what: str, tile: TileTypeBase) -> None:
    if tile.element not in INDEX_TYPES:
        raise fail(f"{what} dtype {tile.element} must be an index type (i32 or ui32)")


class ArgReduceTileOp(TileOp):
    """The index of each row's (`ROW`) or column's extremum (`LARGEST`: the maximum)."""

    PIPE: ClassVar[Pipe] = Pipe.V
    NUM_INS: ClassVar[int] = 2
    OPTIONAL_TMP: ClassVar[bool] = True
    """PTOAS's level-2 form omits `tmp` and materialises it (implicit_tmp_arg_reductions)."""
    ROW: ClassVar[bool]
    LARGEST: ClassVar[bool]
    REDUCE_OP: ClassVar[type[VectorReduceOp]]
    """The cross-lane reduction its cost is counted as."""

    @classmethod
    def cost(cls) -> Cost:
        return AsVectorOp(cls.REDUCE_OP)

    def source_roles(self) -> list[str]:
        return ["src", "tmp"][: len(self.ins)]

    def scratch_sources(self) -> frozenset[int]:
        """A2/A3 works in `tmp` (when the op names one)."""
        return frozenset({1}) if len(self.ins) == 2 else frozenset()

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        """Row: the source's valid rows x 1; column: 1 x its valid columns."""
        rows, cols = shapes.valid(self.ins[0])
        return (rows, 1) if self.ROW else (1, cols)

    def written_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int] | None:
        return self.result_region(shapes)

    def verify_tiles(self, target: TargetProfile) -> None:
        src, dst = self.tile(0, "src"), self.dst_tile()
        tmp = self.tile(1, "tmp") if len(self.ins) == 2 else None
        for role, tile in (("src", src), ("tmp", tmp), ("dst", dst)):
            if tile is not None:
                require_location(f"{self.name} {role}", tile, Location.VEC)
        assert self.DTYPES is not None
        require_dtype_supported(self.name, src.element, target, self.DTYPES)
        require_index(f"{self.name} dst", dst)
        require_nonzero_valid(f"{self.name} src", src)
        if self.ROW:
            self.verify_row(src, dst)
        else:
            self.verify_col(target, src, tmp, dst)

    def verify_row(self, src: TileTypeBase, dst: TileTypeBase) -> None:
        require_nd(f"{self.name} src", src)
        dn = not dst.is_boxed and not dst.is_row_major and dst.shape[1] == 1
        if not dn and not (dst.is_nd and dst.valid_shape[1] in (1, DYNAMIC)):
            raise fail(
                f"{self.name} dst must be DN with one column (blayout=col_major, cols=1) or ND "
                f"with one valid column, got blayout={dst.blayout.data.value}, slayout="
                f"{dst.slayout.data.value}, cols={dst.shape[1]}, v_col={dst.valid_shape[1]}"
            )
        src_rows, dst_rows = src.valid_shape[0], dst.valid_shape[0]
        if DYNAMIC not in (src_rows, dst_rows) and src_rows != dst_rows:
            raise fail(
                f"{self.name} dst valid rows {dst_rows} must equal the src valid rows {src_rows}"
            )

    def verify_col(
        self,
        target: TargetProfile,
        src: TileTypeBase,
        tmp: TileTypeBase | None,
        dst: TileTypeBase,
    ) -> None:
        if src.is_boxed:
            raise fail(
                f"{self.name} src must be non-fractal (slayout=none_box), got slayout="
                f"{src.slayout.data.value}"
            )
        require_nd(f"{self.name} dst", dst)
        if dst.valid_shape[0] not in (1, DYNAMIC):
            raise fail(f"{self.name} dst valid rows must be 1, got {dst.valid_shape[0]}")
        src_cols, dst_cols = src.valid_shape[1], dst.valid_shape[1]
        if DYNAMIC not in (src_cols, dst_cols) and src_cols != dst_cols:
            raise fail(
                f"{self.name} dst valid cols {dst_cols} must equal the src valid cols {src_cols}"
            )
        if target.arch is TargetArch.A2A3 and tmp is not None:  # "tmp: src's element type"
            require_same_dtype(f"{self.name} tmp", tmp.element, "src", src.element)


class RowArgReduceTileOp(ArgReduceTileOp):
    """`trowargmax`/`trowargmin`: lowered per register (vcmax/vcmin, the index moved to
    lane 0 with vdintlv, vcmp + vsel against the running pair)."""

    ROW: ClassVar = True
    DTYPES: ClassVar = ROW_ARG

    @classmethod
    def lowers_to(cls) -> tuple[type[IRDLOperation], ...]:
        return (cls.REDUCE_OP, VDintlvOp, VCmpOp, VSelOp)


class ColArgReduceTileOp(ArgReduceTileOp):
    """`tcolargmax`/`tcolargmin`: lowered (vcmp + vsel per row); 8- and 16-bit sources keep
    their indices in i16 registers, widened with vzunpack for the store."""

    ROW: ClassVar = False
    DTYPES: ClassVar = COL_ARG

    @classmethod
    def lowers_to(cls) -> tuple[type[IRDLOperation], ...]:
        return (VCmpOp, VSelOp)


@irdl_op_definition
class TRowArgMaxOp(RowArgReduceTileOp):
    """Column index of each row's maximum."""

    name = "pto.trowargmax"

    LARGEST: ClassVar = True
    REDUCE_OP: ClassVar = VCmaxOp
    MANUAL: ClassVar = _PAGES + "trowargmax.md"


@irdl_op_definition
class TRowArgMinOp(RowArgReduceTileOp):
    """Column index of each row's minimum."""

    name = "pto.trowargmin"

    LARGEST: ClassVar = False
    REDUCE_OP: ClassVar = VCminOp
    MANUAL: ClassVar = _PAGES + "trowargmin.md"


@irdl_op_definition
class TColArgMaxOp(ColArgReduceTileOp):
    """Row index of each column's maximum."""

    name = "pto.tcolargmax"

    LARGEST: ClassVar = True
    REDUCE_OP: ClassVar = VCmaxOp
    MANUAL: ClassVar = _PAGES + "tcolargmax.md"


@irdl_op_definition
class TColArgMinOp(ColArgReduceTileOp):
    """Row index of each column's minimum."""

    name = "pto.tcolargmin"

    LARGEST: ClassVar = False
    REDUCE_OP: ClassVar = VCminOp
    MANUAL: ClassVar = _PAGES + "tcolargmin.md"


OPS: list[type[IRDLOperation]] = [TRowArgMaxOp, TRowArgMinOp, TColArgMaxOp, TColArgMinOp]
