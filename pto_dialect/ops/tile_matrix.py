"""Matrix and matrix-vector tile instructions (PIPE_M).

`tmatmul` (a, b), `tmatmul.acc` (acc_in, a, b), `tmatmul.bias` (a, b, bias) and the
GEMV variants `tgemv`, `tgemv.acc`, `tgemv.bias` with the same operands; the MX forms
`tmatmul.mx[.acc|.bias]` and `tgemv.mx[.acc|.bias]` take a scale tile after each of a and b
(`a, a_scale, b, b_scale`: PTOAS PTOOps.td `TMatmulMxOp`). Rules
(seed 000 and the matrix-and-matrix-vector pages):

- static shapes: TileLeft::Rows == TileRes::Rows, TileLeft::Cols == TileRight::Rows,
  TileRight::Cols == TileRes::Cols;
- locations: a in left, b in right, dst (and acc_in) in acc, bias in bias;
- bias: a single row whose dtype is the accumulator dtype;
- (C, A, B) element types from the family's `TRIPLES`, operand layouts from its `LAYOUTS`
  (A5: left nZ, right zN, acc nZ), both per target;
- GEMV: m must be 1, checked where the left tile's valid rows are static;
- m, k, n in [1, 4095], checked where the valid sizes they come from are static
  (the interpreter checks dynamic ones);
- MX: (C, A, B) from `mx.MX_TRIPLES` (A5 and cpu), the scale tiles `loc=scaling` holding one
  scale per group of 32 k (E8M0 `f8E8M0` as a rule; any dtype is accepted, see
  docs/decisions.md "MX scale tile dtype"): a_scale m x ceil(k/32), b_scale ceil(k/32) x n (valid
  sizes where static; pto-isa a5/TMatmul.hpp `CheckMadMxValid`); k, the left tile's valid
  columns, counts values, also of packed FP4 tiles whose dims count bytes (docs/decisions.md
  "The unit of a packed FP4 tile's dims").

Vector-unit form (issue 18): when every operand is a `loc=vec` ND (row-major) tile, the op
is the same product on tiles in UB, for `pto-lower-matmul-to-vector` to turn into vector
code; it runs on PIPE_V, and the location and cube-layout rules above do not apply (the
shape, dtype-triple, bias and size rules do). A mix of vec and cube locations is refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import ClassVar, TypeVar

from xdsl.ir import Operation
from xdsl.irdl import IRDLOperation, irdl_op_definition

from pto_dialect.attrs import BLayout, Location, Pipe, SLayout, TargetArch
from pto_dialect.dtypes import (
    BF16,
    F8E4M3,
    F8E5M2,
    F16,
    F32,
    HIF8,
    I8,
    I32,
    DType,
)
from pto_dialect.mx import MX_GROUP, MX_TRIPLES
from pto_dialect.ops.base import TileOp, dims_str, fail, require_location, require_same_dtype
from pto_dialect.records import (
    Cost,
    CostFormula,
    Formula,
    PerTarget,
    PipeRule,
    Shapes,
    every_target,
)
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import DYNAMIC, TileBufType, TileTypeBase

MAX_MNK = 4095
"""Largest m, k or n one matrix instruction takes (MMAD_MAX_SUPPORT_LENGTH)."""


S = TypeVar("S")

MatmulTriple = tuple[DType, DType, DType]
"""(accumulator C, left A, right B) element types."""

# seed 000, TGEMV_BIAS target-profile restrictions; the CPU simulator follows A5
_A2A3_TRIPLES: frozenset[MatmulTriple] = frozenset(
    {(I32, I8, I8), (F32, F16, F16), (F32, F32, F32), (F32, BF16, BF16)}
)
_FP8 = (F8E4M3, F8E5M2)
# pto-isa a5/TMatmul.hpp CheckMadValid: the fp8 pairs and hifloat8 x hifloat8 into f32
_A5_TRIPLES: frozenset[MatmulTriple] = (
    _A2A3_TRIPLES | {(F32, a, b) for a in _FP8 for b in _FP8} | {(F32, HIF8, HIF8)}
)
_A5_LAYOUTS: Mapping[Location, tuple[BLayout, SLayout]] = MappingProxyType(
    {
        Location.LEFT: (BLayout.COL_MAJOR, SLayout.ROW_MAJOR),
        Location.RIGHT: (BLayout.ROW_MAJOR, SLayout.COL_MAJOR),
        Location.ACC: (BLayout.COL_MAJOR, SLayout.ROW_MAJOR),
    }
)


def _on_vector_unit(op: Operation) -> bool:
    return isinstance(op, MatmulTileOp) and op.on_vector_unit()


class MatmulTileOp(TileOp):
    """`dst = [acc_in +] a @ b [+ bias]`, GEMV when `GEMV` (a has one row)."""

    PIPE: ClassVar[Pipe] = Pipe.M
    PIPE_RULES: ClassVar = (
        PipeRule("every operand loc=vec (the vector-unit form)", every_target(Pipe.V),
                 _on_vector_unit, "the project's vector-unit form (docs/passes.md)"),
        PipeRule("cube locations", every_target(Pipe.M), None, "pto-isa TMATMUL/TGEMV -> PIPE_M"),
    )  # fmt: skip
    NUM_INS: ClassVar[int] = 2
    TRIPLES: ClassVar[PerTarget[frozenset[MatmulTriple]]] = PerTarget(
        _A2A3_TRIPLES, _A5_TRIPLES, _A5_TRIPLES
    )
    """Supported (C, A, B) element-type triples per target."""
    LAYOUTS: ClassVar[PerTarget[Mapping[Location, tuple[BLayout, SLayout]]]] = PerTarget(
        MappingProxyType({}), _A5_LAYOUTS, _A5_LAYOUTS
    )
    """Required (blayout, slayout) per operand location; empty: unchecked."""
    COST: ClassVar[Cost | None] = Formula(
        CostFormula.MATRIX,
        "one 16x16x16 block of MACs per cycle (two cycles for f32, 16x32x16 for int8)",
    )
    NOT_LOWERED: ClassVar[str | None] = (
        "pto-lower-matrix lowers the cube form (but MX) to mad / mad_acc / mad_bias, "
        "pto-lower-matmul-to-vector the vector-unit form; otherwise a tile op"
    )
    ACC_INPUT: ClassVar[bool] = False
    """Sources are (acc_in, a, b): the product is added to acc_in."""
    BIAS_INPUT: ClassVar[bool] = False
    """Sources are (a, b, bias): bias row 0 is added to every row of the product."""
    GEMV: ClassVar[bool] = False
    """Matrix-vector form: m is 1."""
    MX: ClassVar[bool] = False
    """MX form: a scale tile follows a and b."""

    # ---- operands -----------------------------------------------------------------------
    @property
    def lhs_index(self) -> int:
        return 1 if self.ACC_INPUT else 0

    @property
    def rhs_index(self) -> int:
        return self.lhs_index + (2 if self.MX else 1)

    @property
    def bias_index(self) -> int:
        return self.rhs_index + (2 if self.MX else 1)

    def lhs_tile(self) -> TileTypeBase:
        return self.tile(self.lhs_index, "a")

    def rhs_tile(self) -> TileTypeBase:
        return self.tile(self.rhs_index, "b")

    def scale_tiles(self) -> tuple[TileTypeBase, TileTypeBase] | None:
        """(a_scale, b_scale) of the MX forms."""
        if not self.MX:
            return None
        return self.tile(self.lhs_index + 1, "a_scale"), self.tile(self.rhs_index + 1, "b_scale")

    def bias_tile(self) -> TileTypeBase | None:
        return self.tile(self.bias_index, "bias") if self.BIAS_INPUT else None

    def acc_in_tile(self) -> TileTypeBase | None:
        return self.tile(0, "acc_in") if self.ACC_INPUT else None

    # ---- the record: regions --------------------------------------------------------------
    def mnk(self, shapes: Shapes[S]) -> tuple[S, S, S]:
        """m, k, n from the valid regions of a and b."""
        a = shapes.valid(self.ins[self.lhs_index])
        b = shapes.valid(self.ins[self.rhs_index])
        if self.GEMV:
            return a[0], b[0], b[1]
        return a[0], a[1], b[1]

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        m, _, n = self.mnk(shapes)
        return (m, n)

    def written_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int] | None:
        return self.result_region(shapes)

    def alias_sources(self) -> frozenset[int]:
        """A `.acc` op accumulates into its acc_in buffer."""
        return frozenset({0}) if self.ACC_INPUT else frozenset()

    def reads_beyond_valid(
        self, shapes: Shapes[S], result: tuple[S | int, S | int]
    ) -> list[tuple[int, str, tuple[S | int, S | int]]]:
        """a's m x k, b's k x n, acc_in's m x n and bias's 1 x n."""
        m, k, n = self.mnk(shapes)
        found: list[tuple[int, str, tuple[S | int, S | int]]] = [
            (self.lhs_index, "a", (m, k)),
            (self.rhs_index, "b", (k, n)),
        ]
        if self.ACC_INPUT:
            found.append((0, "acc_in", (m, n)))
        if self.BIAS_INPUT:
            found.append((self.bias_index, "bias", (1, n)))
        return found

    # ---- vector-unit form -------------------------------------------------------------
    def on_vector_unit(self) -> bool:
        """Whether every operand is a `loc=vec` tile (the vector-unit form)."""
        return all(
            isinstance(t := v.type, TileTypeBase) and t.location is Location.VEC
            for v in self.operands
        )

    def _verify_vector_unit(self, roles: list[tuple[str, TileTypeBase, Location]]) -> None:
        """Every operand of the vector-unit form is row-major, as the vector loads read it."""
        for role, tile, _ in roles:
            if not tile.is_nd:
                raise fail(
                    f"{self.name} {role} must be a row-major (ND) tile in the vector-unit "
                    f"form (every operand loc=vec), got blayout={tile.blayout.data.value}, "
                    f"slayout={tile.slayout.data.value}"
                )

    # ---- verification -------------------------------------------------------------------
    def verify_tiles(self, target: TargetProfile) -> None:
        a, b, c = self.lhs_tile(), self.rhs_tile(), self.dst_tile()
        bias, acc_in = self.bias_tile(), self.acc_in_tile()
        roles: list[tuple[str, TileTypeBase, Location]] = [
            ("a", a, Location.LEFT),
            ("b", b, Location.RIGHT),
            ("dst", c, Location.ACC),
        ]
        if acc_in is not None:
            roles.append(("acc_in", acc_in, Location.ACC))
        if bias is not None:
            roles.append(("bias", bias, Location.BIAS))
        scales = self.scale_tiles()
        if scales is not None:
            roles += [("a_scale", scales[0], Location.SCALING),
                      ("b_scale", scales[1], Location.SCALING)]  # fmt: skip
        vector_unit = all(tile.location is Location.VEC for _, tile, _ in roles)
        if vector_unit:
            self._verify_vector_unit(roles)
        for role, tile, loc in roles:
            if not vector_unit:
                require_location(f"{self.name} {role}", tile, loc)
        self._verify_shapes(a, b, c, target)
        if acc_in is not None:
            require_same_dtype(f"{self.name} acc_in", acc_in.element, "accumulator", c.element)
            if acc_in.shape != c.shape:
                raise fail(
                    f"{self.name} acc_in shape {dims_str(*acc_in.shape)} must equal the dst "
                    f"shape {dims_str(*c.shape)}"
                )
        if bias is not None:
            if bias.rows.data != 1:
                raise fail(f"{self.name} bias must be a single row, got rows={bias.rows.data}")
            require_same_dtype(f"{self.name} bias", bias.element, "accumulator", c.element)
        triple = (c.element, a.element, b.element)
        triples = (MX_TRIPLES if self.MX else self.TRIPLES)[target.arch]
        if triple not in triples:
            legal = ", ".join(sorted(f"({x}, {y}, {z})" for x, y, z in triples)) or "none"
            raise fail(
                f"{self.name} (C, A, B) = ({c.element}, {a.element}, {b.element}) is not "
                f"supported on target {target.name} (supported: {legal})"
            )
        if not vector_unit:
            for role, tile, _ in roles:
                self._verify_layout(role, tile, target)
        self._verify_sizes(a, b, c)
        if scales is not None:
            self._verify_scales(a, b, *scales)

    def _verify_scales(
        self, a: TileTypeBase, b: TileTypeBase, a_scale: TileTypeBase, b_scale: TileTypeBase
    ) -> None:
        """One scale per 32 k: a_scale m x G, b_scale G x n (valid sizes, where static). The
        scale dtype is free (PTOAS checks none and its kernels declare f16 scale tiles; pto-isa's
        A5 TMATMUL_MX never reads the scale tile): `mx.scale_values` says how they are read."""
        k = b.v_row.data if self.GEMV else a.v_col.data
        groups = DYNAMIC if k == DYNAMIC else -(-k // MX_GROUP)
        m = 1 if self.GEMV else a.v_row.data
        for role, tile, operand, want in (
            ("a_scale", a_scale, a, (m, groups)),
            ("b_scale", b_scale, b, (groups, b.v_col.data)),
        ):
            got = (tile.v_row.data, tile.v_col.data)
            if tile.shape == operand.shape and got == (operand.v_row.data, operand.v_col.data):
                continue  # PTOAS of 2026-04 (`verifyScaleTileMatchesOperand`): the operand's shape
            if any(DYNAMIC not in (x, y) and x != y for x, y in zip(got, want, strict=True)):
                raise fail(
                    f"{self.name} {role} valid shape {dims_str(*got)} must be "
                    f"{dims_str(*want)} (one scale per {MX_GROUP} k)"
                )

    def _verify_shapes(
        self, a: TileTypeBase, b: TileTypeBase, c: TileTypeBase, target: TargetProfile
    ) -> None:
        """The shapes chain (m x k, k x n, m x n) over the static shapes; on the NPUs it may
        hold over the logical shapes instead, each dimension the valid size where static
        (PTOAS `getMatmulLogicalShapeVec`; pto-isa's a2a3/a5 TMATMUL asserts no shapes). The
        CPU simulator asserts the static shapes."""

        def logical(tile: TileTypeBase) -> tuple[int, int]:
            v_row, v_col = tile.v_row.data, tile.v_col.data
            return (tile.rows.data if v_row == DYNAMIC else v_row,
                    tile.cols.data if v_col == DYNAMIC else v_col)  # fmt: skip

        def mismatch(dims: list[tuple[int, int]]) -> tuple[str, int, str, int, str] | None:
            (a_rows, a_cols), (b_rows, b_cols), (c_rows, c_cols) = dims
            for found in (
                ("a rows", a_rows, "dst rows", c_rows, "TileLeft::Rows == TileRes::Rows"),
                ("a cols", a_cols, "b rows", b_rows, "TileLeft::Cols == TileRight::Rows"),
                ("b cols", b_cols, "dst cols", c_cols, "TileRight::Cols == TileRes::Cols"),
            ):
                if found[1] != found[3]:
                    return found
            return None

        static = mismatch([(t.rows.data, t.cols.data) for t in (a, b, c)])
        if static is None:
            return
        if target.arch is not TargetArch.CPU and mismatch([logical(t) for t in (a, b, c)]) is None:
            return
        lhs, lhs_value, rhs, rhs_value, rule = static
        raise fail(f"{self.name} {lhs} {lhs_value} must equal the {rhs} {rhs_value} ({rule})")

    def _verify_layout(self, role: str, tile: TileTypeBase, target: TargetProfile) -> None:
        required = self.LAYOUTS[target.arch].get(tile.location)
        if required is None:
            return
        blayout, slayout = required
        if tile.location is Location.LEFT and isinstance(tile, TileBufType):
            # PTOAS's parser replaces the written blayout of a loc=left tile_buf by its
            # target's (lib/PTO/IR/PTOTypeDefs.cpp resolveTileBufBLayout; test/lit/pto/
            # left_blayout_parser_a3/a5.pto): kernels may write either, only the slayout counts.
            blayout = tile.blayout.data
        if (tile.blayout.data, tile.slayout.data) != (blayout, slayout):
            raise fail(
                f"{self.name} {role} (loc={tile.location.value}) needs "
                f"blayout={blayout.value}, slayout={slayout.value} on target {target.name}, "
                f"got blayout={tile.blayout.data.value}, slayout={tile.slayout.data.value}"
            )

    def _verify_sizes(self, a: TileTypeBase, b: TileTypeBase, c: TileTypeBase) -> None:
        if (c.v_row.data, c.v_col.data) == (0, 0):
            return  # the 0x0 no-op marker (PTOAS test/lit/pto/issue708_zero_valid_tileops.pto)
        if self.GEMV:
            m = a.v_row.data
            if m != DYNAMIC and m != 1:
                raise fail(f"{self.name} a must have one valid row (m must be 1), got v_row={m}")
            sizes = [("k", "b v_row", b.v_row.data), ("n", "b v_col", b.v_col.data)]
        else:
            sizes = [
                ("m", "a v_row", a.v_row.data),
                ("k", "a v_col", a.v_col.data),
                ("n", "b v_col", b.v_col.data),
            ]
        for size, source, value in sizes:
            if value != DYNAMIC and not 1 <= value <= MAX_MNK:
                raise fail(f"{self.name} {size} = {value} ({source}) must lie in [1, {MAX_MNK}]")


@irdl_op_definition
class TMatmulOp(MatmulTileOp):
    """`dst = a @ b`."""

    name = "pto.tmatmul"

    MANUAL: ClassVar = "tile/ops/matrix-and-matrix-vector/tmatmul.md"


@irdl_op_definition
class TMatmulAccOp(MatmulTileOp):
    """`dst = acc_in + a @ b`."""

    name = "pto.tmatmul.acc"

    MANUAL: ClassVar = "tile/ops/matrix-and-matrix-vector/tmatmul-acc.md"

    NUM_INS: ClassVar[int] = 3
    ACC_INPUT: ClassVar[bool] = True


@irdl_op_definition
class TMatmulBiasOp(MatmulTileOp):
    """`dst = a @ b + bias`."""

    name = "pto.tmatmul.bias"

    MANUAL: ClassVar = "tile/ops/matrix-and-matrix-vector/tmatmul-bias.md"

    NUM_INS: ClassVar[int] = 3
    BIAS_INPUT: ClassVar[bool] = True


@irdl_op_definition
class TGemvOp(MatmulTileOp):
    """`dst[0, :] = a[0, :] @ b`."""

    name = "pto.tgemv"

    MANUAL: ClassVar = "tile/ops/matrix-and-matrix-vector/tgemv.md"

    GEMV: ClassVar[bool] = True


@irdl_op_definition
class TGemvAccOp(MatmulTileOp):
    """`dst[0, :] = acc_in[0, :] + a[0, :] @ b`."""

    name = "pto.tgemv.acc"

    MANUAL: ClassVar = "tile/ops/matrix-and-matrix-vector/tgemv-acc.md"

    NUM_INS: ClassVar[int] = 3
    ACC_INPUT: ClassVar[bool] = True
    GEMV: ClassVar[bool] = True


@irdl_op_definition
class TGemvBiasOp(MatmulTileOp):
    """`dst[0, :] = bias[0, :] + a[0, :] @ b` (seed 000)."""

    name = "pto.tgemv.bias"

    MANUAL: ClassVar = "tile/ops/matrix-and-matrix-vector/tgemv-bias.md"

    NUM_INS: ClassVar[int] = 3
    BIAS_INPUT: ClassVar[bool] = True
    GEMV: ClassVar[bool] = True


_MX_PAGES = "tile/ops/matrix-and-matrix-vector/"


@irdl_op_definition
class TMatmulMxOp(MatmulTileOp):
    """`dst = (a * a_scale) @ (b * b_scale)`, one E8M0 scale per 32 k."""

    name = "pto.tmatmul.mx"

    MANUAL: ClassVar = _MX_PAGES + "tmatmul-mx.md"

    NUM_INS: ClassVar[int] = 4
    MX: ClassVar[bool] = True


@irdl_op_definition
class TMatmulMxAccOp(MatmulTileOp):
    """`dst = acc_in + (a * a_scale) @ (b * b_scale)`."""

    name = "pto.tmatmul.mx.acc"

    MANUAL: ClassVar = _MX_PAGES + "tmatmul-mx.md"

    NUM_INS: ClassVar[int] = 5
    MX: ClassVar[bool] = True
    ACC_INPUT: ClassVar[bool] = True


@irdl_op_definition
class TMatmulMxBiasOp(MatmulTileOp):
    """`dst = (a * a_scale) @ (b * b_scale) + bias`."""

    name = "pto.tmatmul.mx.bias"

    MANUAL: ClassVar = _MX_PAGES + "tmatmul-mx.md"

    NUM_INS: ClassVar[int] = 5
    MX: ClassVar[bool] = True
    BIAS_INPUT: ClassVar[bool] = True


@irdl_op_definition
class TGemvMxOp(MatmulTileOp):
    """`dst[0, :] = (a * a_scale)[0, :] @ (b * b_scale)`."""

    name = "pto.tgemv.mx"

    MANUAL: ClassVar = _MX_PAGES + "tgemv-mx.md"

    NUM_INS: ClassVar[int] = 4
    MX: ClassVar[bool] = True
    GEMV: ClassVar[bool] = True


@irdl_op_definition
class TGemvMxAccOp(MatmulTileOp):
    """`dst[0, :] = acc_in[0, :] + (a * a_scale)[0, :] @ (b * b_scale)`."""

    name = "pto.tgemv.mx.acc"

    MANUAL: ClassVar = _MX_PAGES + "tgemv-mx.md"

    NUM_INS: ClassVar[int] = 5
    MX: ClassVar[bool] = True
    ACC_INPUT: ClassVar[bool] = True
    GEMV: ClassVar[bool] = True


@irdl_op_definition
class TGemvMxBiasOp(MatmulTileOp):
    """`dst[0, :] = bias[0, :] + (a * a_scale)[0, :] @ (b * b_scale)`."""

    name = "pto.tgemv.mx.bias"

    MANUAL: ClassVar = _MX_PAGES + "tgemv-mx.md"

    NUM_INS: ClassVar[int] = 5
    MX: ClassVar[bool] = True
    BIAS_INPUT: ClassVar[bool] = True
    GEMV: ClassVar[bool] = True


OPS: list[type[IRDLOperation]] = [
    TMatmulOp,
    TMatmulAccOp,
    TMatmulBiasOp,
    TGemvOp,
    TGemvAccOp,
    TGemvBiasOp,
    TMatmulMxOp,
    TMatmulMxAccOp,
    TMatmulMxBiasOp,
    TGemvMxOp,
    TGemvMxAccOp,
    TGemvMxBiasOp,
]
