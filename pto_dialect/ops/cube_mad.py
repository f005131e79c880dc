"""The cube's multiply-accumulate: `mad`, `mad_acc`, `mad_bias` and their MX forms (PIPE_M).

`pto.mad %lhs, %rhs, %dst[, %bias], %m, %n, %k [unit_flag(check_only|check_and_set)]
[disable_gemv] [sat|nosat] [tf32_mode(round_even|round_away)] [n_dir] : !pto.ptr<A, l0a>,
!pto.ptr<B, l0b>, !pto.ptr<C, l0c>[, !pto.ptr<C, bt>], i64, i64, i64`: `dst = [dst +]
lhs @ rhs [+ bias]` over m x n with k products; the MX forms scale each 32-element K group by
the E8M0 scales `mte_l1_l0{a,b}_mx` staged with the operands (no tf32_mode clause).

Rules (manual docs/isa/cube/ops/mad/; PTOAS lib/PTO/IR/VPTO.cpp `verifyMadSemanticClauses`,
`verifyMadMxCommon`): typed pointers in l0a, l0b, l0c (and bt); the (C, A, B) element types
one of the target's `MAD_TRIPLES` (MX: `MX_TRIPLES`); the bias of the accumulator's type;
`tf32_mode` only for f32 x f32 -> f32; `sat`/`nosat` only for float forms; constant m, n, k
in [1, 4095]; packed FP4 k even; MX k any (pto-isa's a5 TMATMUL_MX issues `mad_mx` with the
valid k, PTOAS checks none; the manual's multiple of 64 binds the tile's columns). The byte
layouts the operands are read and written in are `pto_dialect/fractal.py`'s; the arithmetic is
`interpreters/semantics/cube.py`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Self

from xdsl.dialects.builtin import StringAttr, UnitAttr, i64
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, var_operand_def
from xdsl.parser import Parser
from xdsl.printer import Printer

from pto_dialect.attrs import Pipe
from pto_dialect.dtypes import F32, DType
from pto_dialect.memory_types import MemorySpace, PtrType
from pto_dialect.mx import MX_TRIPLES
from pto_dialect.ops.base import PtoOp, fail, target_of
from pto_dialect.ops.cube_load import check_pointer, check_range
from pto_dialect.ops.tile_matrix import MAX_MNK, MatmulTileOp, MatmulTriple
from pto_dialect.ops.tile_memory import constant_index
from pto_dialect.records import CostFormula, Formula, PerTarget

_PAGES = "cube/ops/mad/"

UNIT_FLAG = "unit_flag_mode"
DISABLE_GEMV = "disable_gemv"
SAT_MODE = "sat_mode"
TF32_MODE = "tf32_mode"
N_DIR = "n_dir"

UNIT_FLAG_MODES = ("check_only", "check_and_set")
TF32_MODES = ("round_even", "round_away")
SAT_MODES = ("sat", "nosat")

MAD_TRIPLES: PerTarget[frozenset[MatmulTriple]] = MatmulTileOp.TRIPLES
"""The (C, A, B) element types of `mad`, `mad_acc` and `mad_bias` per target: the matrix
family's (pto-isa a2a3/a5 TMatmul.hpp `CheckStaticMad` / `CheckMadValid`)."""


class MadFamilyOp(PtoOp):
    """`dst = [dst +] lhs @ rhs [+ bias]`; `ACC` reads dst, `BIAS` seeds it with a bias row,
    `MX` scales K groups."""

    PIPE: ClassVar[Pipe] = Pipe.M
    COST: ClassVar = Formula(
        CostFormula.MATRIX,
        "one 16 x K0 x 16 fractal per cycle (two for f32), K0 = 32 bytes of lhs",
    )
    ACC: ClassVar[bool] = False
    BIAS: ClassVar[bool] = False
    MX: ClassVar[bool] = False
    TRIPLES: ClassVar[PerTarget[frozenset[MatmulTriple]]] = MAD_TRIPLES

    operands_ = var_operand_def()

    def __init__(
        self,
        lhs: SSAValue,
        rhs: SSAValue,
        dst: SSAValue,
        m: SSAValue,
        n: SSAValue,
        k: SSAValue,
        bias: SSAValue | None = None,
        attributes: Mapping[str, Attribute] | None = None,
    ) -> None:
        values = [lhs, rhs, dst, *([bias] if bias is not None else []), m, n, k]
        super().__init__(operands=[values], attributes=dict(attributes or {}))

    # ---- views -------------------------------------------------------------------------
    @property
    def lhs(self) -> SSAValue:
        return self.operands_[0]

    @property
    def rhs(self) -> SSAValue:
        return self.operands_[1]

    @property
    def dst(self) -> SSAValue:
        return self.operands_[2]

    @property
    def bias(self) -> SSAValue | None:
        return self.operands_[3] if self.BIAS else None

    @property
    def mnk(self) -> tuple[SSAValue, SSAValue, SSAValue]:
        """The m, n and k operands (in the syntax's order)."""
        m, n, k = self.operands_[-3:]
        return m, n, k

    def clause(self, name: str) -> str | None:
        """The keyword of clause `name` (`sat_mode`, `tf32_mode`, `unit_flag_mode`)."""
        attr = self.attributes.get(name)
        return attr.data if isinstance(attr, StringAttr) else None

    def flag(self, name: str) -> bool:
        """Whether the unit clause `name` (`disable_gemv`, `n_dir`) is present."""
        return name in self.attributes

    # ---- syntax ------------------------------------------------------------------------
    @classmethod
    def parse(cls, parser: Parser) -> Self:
        count = 7 if cls.BIAS else 6
        operands = [parser.parse_unresolved_operand()]
        for _ in range(count - 1):
            parser.parse_punctuation(",")
            operands.append(parser.parse_unresolved_operand())
        attrs: dict[str, Attribute] = {}
        if parser.parse_optional_keyword("unit_flag") is not None:
            with parser.in_parens():
                pos = parser.pos
                word = parser.parse_identifier()
                if word not in UNIT_FLAG_MODES:
                    parser.raise_error("expected unit_flag(check_only|check_and_set)", pos)
            attrs[UNIT_FLAG] = StringAttr(word)
        if parser.parse_optional_keyword("disable_gemv") is not None:
            attrs[DISABLE_GEMV] = UnitAttr()
        for mode in SAT_MODES:
            if parser.parse_optional_keyword(mode) is not None:
                attrs[SAT_MODE] = StringAttr(mode)
                break
        if not cls.MX and parser.parse_optional_keyword("tf32_mode") is not None:
            with parser.in_parens():
                pos = parser.pos
                word = parser.parse_identifier()
                if word not in TF32_MODES:
                    parser.raise_error("expected tf32_mode(round_even|round_away)", pos)
            attrs[TF32_MODE] = StringAttr(word)
        if parser.parse_optional_keyword("n_dir") is not None:
            attrs[N_DIR] = UnitAttr()
        attrs |= parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        types: list[Attribute] = parser.parse_comma_separated_list(
            parser.Delimiter.NONE, parser.parse_type
        )
        if len(types) != count:
            parser.raise_error(f"{cls.name} expects {count} types, got {len(types)}")
        values = [parser.resolve_operand(o, t) for o, t in zip(operands, types, strict=True)]
        bias = values[3] if cls.BIAS else None
        return cls(*values[:3], *values[-3:], bias=bias, attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list(self.operands_, printer.print_operand)
        if (mode := self.clause(UNIT_FLAG)) is not None:
            printer.print_string(f" unit_flag({mode})")
        if self.flag(DISABLE_GEMV):
            printer.print_string(" disable_gemv")
        if (mode := self.clause(SAT_MODE)) is not None:
            printer.print_string(f" {mode}")
        if (mode := self.clause(TF32_MODE)) is not None:
            printer.print_string(f" tf32_mode({mode})")
        if self.flag(N_DIR):
            printer.print_string(" n_dir")
        clauses = {UNIT_FLAG, DISABLE_GEMV, SAT_MODE, TF32_MODE, N_DIR}
        rest = {k: v for k, v in self.attributes.items() if k not in clauses}
        if rest:
            printer.print_attr_dict(rest)
        printer.print_string(" : ")
        printer.print_list([v.type for v in self.operands_], printer.print_attribute)

    # ---- rules -------------------------------------------------------------------------
    def elements(self) -> tuple[DType, DType, DType]:
        """(C, A, B): the element types of dst, lhs and rhs (typed pointers: verified)."""
        types = [v.type for v in (self.dst, self.lhs, self.rhs)]
        found = [t.element if isinstance(t, PtrType) else None for t in types]
        assert all(d is not None for d in found)
        c, a, b = found
        assert c is not None and a is not None and b is not None
        return c, a, b

    def verify_(self) -> None:
        if len(self.operands_) != (7 if self.BIAS else 6):
            raise fail(f"{self.name} takes {7 if self.BIAS else 6} operands")
        roles = [
            ("lhs", self.lhs, MemorySpace.L0A),
            ("rhs", self.rhs, MemorySpace.L0B),
            ("dst", self.dst, MemorySpace.L0C),
        ]
        if self.bias is not None:
            roles.append(("bias", self.bias, MemorySpace.BT))
        for role, value, space in roles:
            ptr = check_pointer(self, value, role, space)
            if not ptr.is_typed:
                raise fail(f"{self.name} {role} must be a typed !pto.ptr, got {ptr}")
        for role, value in zip(("m", "n", "k"), self.mnk, strict=True):
            if value.type != i64:
                raise fail(f"{self.name} {role} must be i64, got {value.type}")
            check_range(self, value, role, 1, MAX_MNK)
        c, a, b = self.elements()
        target = target_of(self)
        triples = self.TRIPLES[target.arch]
        if (c, a, b) not in triples:
            legal = ", ".join(sorted(f"({x}, {y}, {z})" for x, y, z in triples)) or "none"
            raise fail(
                f"{self.name} (C, A, B) = ({c}, {a}, {b}) is not supported on target "
                f"{target.name} (supported: {legal})"
            )
        bias = self.bias
        if bias is not None:
            bias_type = bias.type
            assert isinstance(bias_type, PtrType)
            if bias_type.element != c:
                raise fail(
                    f"{self.name} bias element type {bias_type.pointee} must equal the "
                    f"dst element type {c}"
                )
        if self.clause(TF32_MODE) is not None and (c, a, b) != (F32, F32, F32):
            raise fail(f"{self.name} tf32_mode requires f32 lhs, rhs and dst")
        if self.clause(SAT_MODE) is not None and not (a.is_float and b.is_float):
            raise fail(f"{self.name} sat/nosat requires floating lhs and rhs element types")
        k = self.mnk[2]
        if a.values > 1:
            check_multiple(self, k, a.values, "k selects packed FP4 pairs")
        for key in (UNIT_FLAG, SAT_MODE, TF32_MODE):
            if key in self.attributes and not isinstance(self.attributes[key], StringAttr):
                raise fail(f"{self.name} {key} must be a string attribute")


def check_multiple(op: PtoOp, value: SSAValue, multiple: int, why: str) -> None:
    """A constant `value` is a multiple of `multiple`."""
    known = constant_index(value)
    if known is not None and known % multiple:
        raise fail(f"{op.name} k = {known} must be a multiple of {multiple} ({why})")


@irdl_op_definition
class MadOp(MadFamilyOp):
    """`dst = lhs @ rhs` (zero-initialised)."""

    name = "pto.mad"
    MANUAL: ClassVar = _PAGES + "mad.md"


@irdl_op_definition
class MadAccOp(MadFamilyOp):
    """`dst = dst + lhs @ rhs` (the sum starts from dst)."""

    name = "pto.mad_acc"
    MANUAL: ClassVar = _PAGES + "mad-acc.md"
    ACC: ClassVar[bool] = True


@irdl_op_definition
class MadBiasOp(MadFamilyOp):
    """`dst = bias + lhs @ rhs` (the sum starts from the bias row)."""

    name = "pto.mad_bias"
    MANUAL: ClassVar = _PAGES + "mad-bias.md"
    BIAS: ClassVar[bool] = True


@irdl_op_definition
class MadMxOp(MadFamilyOp):
    """`dst = mx_product` (MX-scaled, zero-initialised)."""

    name = "pto.mad_mx"
    MANUAL: ClassVar = _PAGES + "mad-mx.md"
    MX: ClassVar[bool] = True
    TRIPLES: ClassVar[PerTarget[frozenset[MatmulTriple]]] = MX_TRIPLES


@irdl_op_definition
class MadMxAccOp(MadFamilyOp):
    """`dst = dst + mx_product`."""

    name = "pto.mad_mx_acc"
    MANUAL: ClassVar = _PAGES + "mad-mx-acc.md"
    ACC: ClassVar[bool] = True
    MX: ClassVar[bool] = True
    TRIPLES: ClassVar[PerTarget[frozenset[MatmulTriple]]] = MX_TRIPLES


@irdl_op_definition
class MadMxBiasOp(MadFamilyOp):
    """`dst = bias + mx_product`."""

    name = "pto.mad_mx_bias"
    MANUAL: ClassVar = _PAGES + "mad-mx-bias.md"
    BIAS: ClassVar[bool] = True
    MX: ClassVar[bool] = True
    TRIPLES: ClassVar[PerTarget[frozenset[MatmulTriple]]] = MX_TRIPLES


OPS: list[type[IRDLOperation]] = [MadOp, MadAccOp, MadBiasOp, MadMxOp, MadMxAccOp, MadMxBiasOp]
