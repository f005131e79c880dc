"""Row and column expansions (the reduce-and-expand pages): a per-row or per-column vector
broadcast across the tile, alone (`trowexpand`, `tcolexpand`) or fused with a binary op
(`trowexpand{add,sub,mul,div,max,min,expdif}`, `tcolexpand{...}`).

- `trowexpand`: `dst[i, j] = src[i, 0]`; `tcolexpand`: `dst[i, j] = src[0, j]`.
- Row-fused: one source is the full operand (dst's valid shape, row-major), the other the
  expanded one with one value per row: col-major with 1 valid column (Mode 1) or row-major
  with one 32-byte block per row, `32 / sizeof(T)` valid columns (Mode 2). pto-isa's CPU
  TRowExpandOp reads `src[i, j mod valid_cols]` of both, which covers both modes and either
  order; A5 broadcasts a Mode 2 row's first element (`mode2_blocks`). An optional `tmp`
  (PTOAS: `ins(%src0, %src1, %tmp : ...)`) is A2/A3's broadcast buffer (A5 ignores it):
  declared scratch. The manual's "the tmp overload supports Mode 1
  only" is not enforced: PTOAS requires tmp for a high-precision `trowexpanddiv` in either
  mode (test/lit/pto/trowexpanddiv_precision_emitc.pto), and the tmp changes no result.
- Col-fused: `src0` is the full operand, `src1` row 0 gives one value per column (PTOAS
  verifyTColExpandBinaryLikeOp: src0/dst same valid shape, src1 valid cols = dst's, all
  row-major).
- `*expdif`: `exp(src0 - s)`, computed as the subtraction then `texp` (pto-isa A2/A3
  implements TROWEXPANDEXPDIF as TROWEXPANDSUB then TEXP).
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from xdsl.irdl import IRDLOperation

from pto_dialect.attrs import Location, Pipe, TargetArch
from pto_dialect.dtypes import DType
from pto_dialect.ops.base import (
    TileOp,
    define_op,
    fail,
    require_dtype_supported,
    require_location,
    require_same_dtype,
)
from pto_dialect.ops.tile_elementwise import require_row_major, require_same_valid
from pto_dialect.ops.tile_reduce import require_nd
from pto_dialect.ops.tile_scalar import PRECISION, DivPrecision, DivPrecisionAttr
from pto_dialect.ops.tile_vector import VectorTileOp
from pto_dialect.ops.vector_arith import (
    VAddOp,
    VBrOp,
    VDivOp,
    VectorBinaryOp,
    VectorUnaryOp,
    VMaxOp,
    VMinOp,
    VMulOp,
    VSubOp,
)
from pto_dialect.ops.vector_load import VldsOp
from pto_dialect.ops.vector_math import VExpOp
from pto_dialect.ops.vector_store import VstsOp
from pto_dialect.records import AsVectorOp, Cost, Shapes, per_target_dtypes
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import DYNAMIC, TileTypeBase

S = TypeVar("S")
_PAGES = "tile/ops/reduce-and-expand/"

# trowexpand.md (implementation checks, A2A3/A5): b8/b16/b32 integer and float types
_EXPAND = per_target_dtypes(
    "i8 ui8 i16 ui16 i32 ui32 f16 bf16 f32", "i8 ui8 i16 ui16 i32 ui32 f16 bf16 f32"
)
# the fused pages: half, float, int16, int32 on A2/A3 and A5, uint16, uint32 on A5; pto-isa
# a5's TRowExpandBinOp/TColExpandBinOp also take bf16 and 8-bit integers, and a2a3's
# TRowExpandDiv/TColExpandDiv only half and float (docs/decisions.md, element types)
_FUSED_A5 = "f16 bf16 f32 i8 ui8 i16 ui16 i32 ui32"
_FUSED = per_target_dtypes("f16 f32 i16 i32", _FUSED_A5)
_FUSED_DIV = per_target_dtypes("f16 f32", _FUSED_A5)
# the *expdif pages: half, float
_EXPDIF = per_target_dtypes("f16 f32", "f16 f32")


def _static(n: int) -> bool:
    return n != DYNAMIC


def mode2_blocks(expanded: TileTypeBase, target: TargetProfile) -> bool:
    """Whether a row-major expanded operand (Mode 2) repeats its row's 32-byte block across
    the row (pto-isa a2a3 `TRowExpandBinaryInstr32B`, the CPU's `src[i, j mod cols]`); A5
    broadcasts the row's first element (pto-isa a5 `vdup` of `POS_LOWEST`; the board-tested
    tilelang_st `trowexpand{add,...}` goldens; docs/decisions.md)."""
    return expanded.is_row_major and target.arch is not TargetArch.A5


def block_elems(dtype: DType) -> int:
    """Elements of one 32-byte block (Mode 2's per-row operand width)."""
    return 32 // dtype.bytes


# ----------------------------------------------------------------------------------------
# trowexpand / tcolexpand
# ----------------------------------------------------------------------------------------


class ExpandTileOp(TileOp):
    """A broadcast of a source's first column (`ROW`) or first row across dst."""

    PIPE: ClassVar[Pipe] = Pipe.V
    ROW: ClassVar[bool]
    DTYPES: ClassVar = _EXPAND

    @classmethod
    def cost(cls) -> Cost:
        """One broadcast register per chunk (A2/A3 issues vbrcb/vcopy): costed as vbr."""
        return AsVectorOp(VBrOp)

    @classmethod
    def lowers_to(cls) -> tuple[type[IRDLOperation], ...]:
        return (VldsOp, VstsOp)

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        """trowexpand: the source's valid rows and the result's cols; tcolexpand: the
        result's rows and the source's valid cols."""
        rows, cols = shapes.valid(self.ins[0])
        shape = self.dst_tile().shape
        return (rows, shape[1]) if self.ROW else (shape[0], cols)

    def verify_tiles(self, target: TargetProfile) -> None:
        src, dst = self.tile(0, "src"), self.dst_tile()
        for role, tile in (("src", src), ("dst", dst)):
            require_location(f"{self.name} {role}", tile, Location.VEC)
        require_nd(f"{self.name} dst", dst)
        require_same_dtype(f"{self.name} dst", dst.element, "src", src.element)
        require_dtype_supported(self.name, src.element, target, _EXPAND)
        if src.is_boxed:
            raise fail(f"{self.name} src must not be boxed (slayout=none_box)")
        axis = 0 if self.ROW else 1
        what = "rows" if self.ROW else "cols"
        mine, theirs = src.valid_shape[axis], dst.valid_shape[axis]
        if _static(mine) and _static(theirs) and mine != theirs:
            raise fail(
                f"{self.name} src valid {what} {mine} must equal the dst valid {what} {theirs}"
            )
        if not self.ROW:
            require_nd(f"{self.name} src", src)
        # trowexpand reads column 0 of any number of valid src cols on every target: a5
        # TRowExpand.hpp's static_assert (ValidCol 1) is contradicted by PTOAS's A5 TileLib
        # (`_valid_row_expand`: >= 1) and its board-tested tilelang_st 16x16 -> 16x512 case


TRowExpandOp = define_op(
    ExpandTileOp, "TRowExpandOp", "pto.trowexpand", "`dst[i, j] = src[i, 0]`.",
    ROW=True, MANUAL=_PAGES + "trowexpand.md",
)  # fmt: skip
TColExpandOp = define_op(
    ExpandTileOp, "TColExpandOp", "pto.tcolexpand", "`dst[i, j] = src[0, j]`.",
    ROW=False, MANUAL=_PAGES + "tcolexpand.md",
)  # fmt: skip


# ----------------------------------------------------------------------------------------
# The fused forms
# ----------------------------------------------------------------------------------------


class ExpandBinaryTileOp(VectorTileOp):
    """`dst[i, j] = f(full[i, j], s)` with `s` the expanded operand's value for (i, j)."""

    NUM_INS: ClassVar[int] = 2
    ARITY: ClassVar[int] = 2
    ROW: ClassVar[bool]
    CHAIN: ClassVar[tuple[type[VectorBinaryOp] | type[VectorUnaryOp], ...]] = ()
    """Vector ops applied after `VECTOR_OP` (expdif: vexp)."""

    @classmethod
    def vector_chain(cls) -> tuple[type[VectorBinaryOp] | type[VectorUnaryOp], ...]:
        return (cls.VECTOR_OP, *cls.CHAIN)

    @classmethod
    def lowers_to(cls) -> tuple[type[IRDLOperation], ...]:
        return (VldsOp, *cls.vector_chain(), VstsOp)

    def source_roles(self) -> list[str]:
        return ["src0", "src1", "tmp"][: len(self.ins)]

    def expanded_index(self) -> int:
        """Which source is the expanded one: src1, unless src0's static valid shape differs
        from dst's (pto-isa's CPU TRowExpandOp: `src0eqdst` picks src1)."""
        return 1

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        """The full operand's valid region."""
        return shapes.valid(self.ins[1 - self.expanded_index()])

    def alias_sources(self) -> frozenset[int]:
        """The full operand is read element for element before it is written."""
        return frozenset({1 - self.expanded_index()})

    def verify_tiles(self, target: TargetProfile) -> None:
        dst = self.dst_tile()
        src0, src1 = self.tile(0, "src0"), self.tile(1, "src1")
        for role, tile in (("src0", src0), ("src1", src1), ("dst", dst)):
            require_location(f"{self.name} {role}", tile, Location.VEC)
            require_same_dtype(f"{self.name} {role}", tile.element, "dst", dst.element)
            if tile.is_boxed:
                raise fail(f"{self.name} {role} must not be boxed (slayout=none_box)")
        require_row_major(f"{self.name} dst", dst)
        assert self.DTYPES is not None
        require_dtype_supported(self.name, dst.element, target, self.DTYPES)
        self.verify_operands(dst, src0, src1)

    def verify_operands(self, dst: TileTypeBase, src0: TileTypeBase, src1: TileTypeBase) -> None:
        """The shapes of the full and the expanded operand."""


class RowExpandBinaryTileOp(ExpandBinaryTileOp):
    """Row-wise: the expanded operand holds one value (Mode 1) or one 32-byte block (Mode 2)
    per row; an optional scratch `tmp`."""

    ROW: ClassVar[bool] = True
    NUM_INS: ClassVar[int] = 3
    OPTIONAL_TMP: ClassVar[bool] = True

    def scratch_sources(self) -> frozenset[int]:
        """A2/A3's broadcast buffer (vbrcb writes it)."""
        return frozenset({2}) if len(self.ins) == 3 else frozenset()

    def expanded_index(self) -> int:
        src0 = self.ins[0].type
        dst = self.dst_type
        if isinstance(src0, TileTypeBase) and isinstance(dst, TileTypeBase):
            for mine, theirs in zip(src0.valid_shape, dst.valid_shape, strict=True):
                if _static(mine) and _static(theirs) and mine != theirs:
                    return 0
            if not src0.is_row_major:
                return 0
        return 1

    def verify_operands(self, dst: TileTypeBase, src0: TileTypeBase, src1: TileTypeBase) -> None:
        if dst.valid_shape == (0, 0):  # PyPTO's no-op marker: writes nothing (PTOAS, as trowmax)
            return
        k = self.expanded_index()
        full_role, full = ("src1", src1) if k == 0 else ("src0", src0)
        role, expanded = ("src0", src0) if k == 0 else ("src1", src1)
        require_row_major(f"{self.name} {full_role} (the full operand)", full)
        require_same_valid(f"{self.name} {full_role} (the full operand)", full, "dst", dst)
        rows, cols = expanded.valid_shape
        if _static(rows) and _static(dst.valid_shape[0]) and rows != dst.valid_shape[0]:
            raise fail(
                f"{self.name} {role} (the per-row operand) valid rows {rows} must equal the "
                f"dst valid rows {dst.valid_shape[0]}"
            )
        want = 32 // dst.element.bytes if expanded.is_row_major else 1
        mode = "row-major (Mode 2: one 32-byte block per row)" if expanded.is_row_major else (
            "col-major (Mode 1: one value per row)")  # fmt: skip
        if _static(cols) and cols != want:
            raise fail(
                f"{self.name} {role} (the per-row operand) is {mode}: its valid cols must be "
                f"{want}, got {cols}"
            )
        if len(self.ins) == 3:
            tmp = self.tile(2, "tmp")
            require_location(f"{self.name} tmp", tmp, Location.VEC)
            require_same_dtype(f"{self.name} tmp", tmp.element, "dst", dst.element)


class ColExpandBinaryTileOp(ExpandBinaryTileOp):
    """Column-wise: `src1`'s row 0 holds one value per column."""

    ROW: ClassVar[bool] = False

    def verify_operands(self, dst: TileTypeBase, src0: TileTypeBase, src1: TileTypeBase) -> None:
        require_row_major(f"{self.name} src0", src0)
        require_row_major(f"{self.name} src1", src1)
        require_same_valid(f"{self.name} src0", src0, "dst", dst)
        mine, theirs = src1.valid_shape[1], dst.valid_shape[1]
        if _static(mine) and _static(theirs) and mine != theirs:
            raise fail(f"{self.name} src1 valid cols {mine} must equal the dst valid cols {theirs}")


def _verify_precision(op: ExpandBinaryTileOp) -> None:
    """`{precisionType = #pto<div_precision ...>}` (PTOAS; both algorithms are the IEEE
    quotient here, as for tdivs); PTOAS: high_precision needs tmp on the row form."""
    precision = op.attributes.get(PRECISION)
    if precision is None:
        return
    if not isinstance(precision, DivPrecisionAttr):
        raise fail(
            f"{op.name} {PRECISION} must be a #pto.div_precision<default|high_precision>, "
            f"got {precision}"
        )
    if (
        precision.data is DivPrecision.HIGH_PRECISION
        and isinstance(op, RowExpandBinaryTileOp)
        and len(op.ins) != 3
    ):
        raise fail(f"{op.name} with precisionType high_precision needs a tmp operand")


class RowExpandDivTileOp(RowExpandBinaryTileOp):
    def verify_tiles(self, target: TargetProfile) -> None:
        super().verify_tiles(target)
        _verify_precision(self)


class ColExpandDivTileOp(ColExpandBinaryTileOp):
    def verify_tiles(self, target: TargetProfile) -> None:
        super().verify_tiles(target)
        _verify_precision(self)


def _fused(
    family: type[ExpandBinaryTileOp], suffix: str, doc: str, **constants: object
) -> type[ExpandBinaryTileOp]:
    axis = "Row" if family.ROW else "Col"
    op = f"t{axis.lower()}expand{suffix}"
    return define_op(
        family, f"T{axis}Expand{suffix.capitalize()}Op", f"pto.{op}", doc,
        MANUAL=_PAGES + f"{op}.md", **constants,
    )  # fmt: skip


def _family(row: bool) -> list[type[ExpandBinaryTileOp]]:
    base = RowExpandBinaryTileOp if row else ColExpandBinaryTileOp
    div = RowExpandDivTileOp if row else ColExpandDivTileOp
    s = "s_i" if row else "s_j"
    return [
        _fused(base, "add", f"`dst = src0 + {s}`.", DTYPES=_FUSED, VECTOR_OP=VAddOp),
        _fused(base, "sub", f"`dst = src0 - {s}`.", DTYPES=_FUSED, VECTOR_OP=VSubOp),
        _fused(base, "mul", f"`dst = src0 * {s}`.", DTYPES=_FUSED, VECTOR_OP=VMulOp),
        _fused(div, "div", f"`dst = src0 / {s}`.", DTYPES=_FUSED_DIV, VECTOR_OP=VDivOp),
        _fused(base, "max", f"`dst = max(src0, {s})`.", DTYPES=_FUSED, VECTOR_OP=VMaxOp),
        _fused(base, "min", f"`dst = min(src0, {s})`.", DTYPES=_FUSED, VECTOR_OP=VMinOp),
        _fused(
            base, "expdif", f"`dst = exp(src0 - {s})`: the subtraction, then texp.",
            DTYPES=_EXPDIF, VECTOR_OP=VSubOp, CHAIN=(VExpOp,),
        ),
    ]  # fmt: skip


(
    TRowExpandAddOp,
    TRowExpandSubOp,
    TRowExpandMulOp,
    TRowExpandDivOp,
    TRowExpandMaxOp,
    TRowExpandMinOp,
    TRowExpandExpdifOp,
) = _family(row=True)
(
    TColExpandAddOp,
    TColExpandSubOp,
    TColExpandMulOp,
    TColExpandDivOp,
    TColExpandMaxOp,
    TColExpandMinOp,
    TColExpandExpdifOp,
) = _family(row=False)

FUSED: list[type[ExpandBinaryTileOp]] = [
    TRowExpandAddOp, TRowExpandSubOp, TRowExpandMulOp, TRowExpandDivOp, TRowExpandMaxOp,
    TRowExpandMinOp, TRowExpandExpdifOp, TColExpandAddOp, TColExpandSubOp, TColExpandMulOp,
    TColExpandDivOp, TColExpandMaxOp, TColExpandMinOp, TColExpandExpdifOp,
]  # fmt: skip

OPS: list[type[IRDLOperation]] = [TRowExpandOp, TColExpandOp, *FUSED]
