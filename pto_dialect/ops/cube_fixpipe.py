"""FIXPIPE writeback of the accumulator: `mte_l0c_l1`, `mte_l0c_gm`, `mte_l0c_ub` (PIPE_FIX).

`pto.mte_l0c_<dst> %src, %dst, %m, %n, %src_stride, %dst_stride [, %sid, %l2_cache_ctrl]
[, dst_mode(%sub_blockid | split_m | split_n)] [, unit_flag(check_only|check_and_clear)]
[, pre_quant(%payload, mode = M)] [, pre_relu([%payload, ]mode = R[, clip = %clip])]
[, nz2nd | nz2dn(%loop0_src_stride) | nz2nz[(%split)]] [, loop3(%count, %src_stride3,
%dst_stride3)] [, sat | sat(preserve_nan) | nosat] [, atomic(type = T, op = O)] : types`.
The clauses come in this order; the types are the fixed operands', then those of the
optional operands present, in the order of the clauses.

`src_stride` counts 16-element rows of L0C boxes (a box column of an m-row accumulator is
`src_stride` rows apart from the next), `dst_stride` destination elements. What each clause
does is `interpreters/semantics/cube_fixpipe.py`; the quantisation modes and their families
are `QUANT_MODES`.

Manual: docs/isa/cube/ops/data-movement/mte-l0c-{l1,gm,ub}.md, docs/isa/cube/fixpipe-model.md;
syntax and rules: PTOAS lib/PTO/IR/VPTO.cpp `parseStructuredAccStoreClauses`,
`verifyStructuredAccStoreLike`; mode names: include/PTO/IR/PTOAttrs.td.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import ClassVar, Self

from xdsl.dialects.builtin import StringAttr, i64
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer

from pto_dialect.attrs import Pipe
from pto_dialect.dtypes import F32, I32, DType
from pto_dialect.memory_types import MemorySpace, PtrType
from pto_dialect.ops.base import PtoOp, fail
from pto_dialect.ops.cube_load import check_pointer, check_range
from pto_dialect.ops.cube_move import PAGES
from pto_dialect.ops.tile_memory import constant_index
from pto_dialect.records import CostFormula, Formula


@dataclass(frozen=True)
class QuantMode:
    """A `pre_quant` mode: the accumulator it reads, the destination family it writes, and
    whether its payload is a per-channel `fb` vector."""

    source: DType
    family: str
    """`f16`, `bf16`, `f32`, `fp8` (fp8 and hif8), `b8` (8-bit integers), `s4`, `s16`."""
    vector: bool


def _modes() -> dict[str, QuantMode]:
    table: dict[str, QuantMode] = {}
    # (name stem, source, family) from the manual's pre_quant family table
    # (docs/isa/cube/fixpipe-model.md via mte-l0c-l1.md; PTOAS docs/isa/micro-isa/16-cube-matmul.md)
    for stem, source, family in (
        ("qf322hif8_pre", F32, "fp8"),
        ("qf322hif8_pre_hybrid", F32, "fp8"),
        ("deqs32_int", I32, "s32"),
        ("req8", I32, "b8"),
        ("deqf16", I32, "f16"),
        ("qf322fp8_pre", F32, "fp8"),
        ("qf322f32_pre", F32, "f32"),
        ("qf162b8_pre", F32, "b8"),
        ("qf162s4_pre", F32, "s4"),
        ("req4", I32, "s4"),
        ("qf322b8_pre", F32, "b8"),
        ("qf322s4_pre", F32, "s4"),
        ("deqs16", I32, "s16"),
        ("qf162s16_pre", I32, "s16"),
        ("qf322f16_pre", F32, "f16"),
        ("qf322bf16_pre", F32, "bf16"),
        ("qs322bf16_pre", I32, "bf16"),
    ):
        table[f"{stem}_vec"] = QuantMode(source, family, True)
        table[f"{stem}_scalar"] = QuantMode(source, family, False)
    table["f32_f16"] = QuantMode(F32, "f16", False)
    table["f32_bf16"] = QuantMode(F32, "bf16", False)
    return table


QUANT_MODES: MappingProxyType[str, QuantMode] = MappingProxyType(_modes())
"""Every `pre_quant` mode but `no_convert` (which converts nothing and ignores its payload)."""
NO_CONVERT = "no_convert"
RELU_MODES = ("no_relu", "normal_relu", "scalar_relu", "vector_relu")
LAYOUTS = ("nz2nd", "nz2dn", "nz2nz")
SAT_MODES = {"sat": "sat", "nosat": "nosat", "sat(preserve_nan)": "sat_preserve_nan"}
ATOMIC_TYPES = ("f32", "f16", "s16", "s32", "s8", "bf16")
ATOMIC_OPS = ("add", "max", "min")
UB_DST_MODES = ("single", "split_m", "split_n")
UNIT_FLAGS = ("check_only", "check_and_clear")

# attribute names (PTOAS's)
MODE, UNIT_FLAG, QUANT, RELU, SAT = (
    "mode",
    "unit_flag",
    "pre_quant_mode",
    "pre_relu_mode",
    "sat_mode",
)
ATOMIC_TYPE, ATOMIC_OP, DST_MODE = "atomic_type", "atomic_op", "dst_mode"

_OPTIONAL = (
    "sid",
    "l2_cache_ctrl",
    "sub_blockid",
    "pre_quant",
    "pre_relu",
    "clip_value",
    "split",
    "loop0_src_stride",
    "loop3_count",
    "loop3_src_stride",
    "loop3_dst_stride",
)


class FixpipeOp(PtoOp):
    """An L0C writeback: the fixed operands, then the optional ones of its clauses."""

    PIPE: ClassVar[Pipe] = Pipe.FIX
    DST_SPACE: ClassVar[MemorySpace]
    GM_HINTS: ClassVar[bool] = False
    """`%sid, %l2_cache_ctrl` follow the strides (GM)."""
    UB_MODE: ClassVar[bool] = False
    """`dst_mode(...)` follows the strides (UB)."""

    source = operand_def()
    destination = operand_def()
    m = operand_def()
    n = operand_def()
    src_stride = operand_def()
    dst_stride = operand_def()
    sid = opt_operand_def()
    l2_cache_ctrl = opt_operand_def()
    sub_blockid = opt_operand_def()
    pre_quant = opt_operand_def()
    pre_relu = opt_operand_def()
    clip_value = opt_operand_def()
    split = opt_operand_def()
    loop0_src_stride = opt_operand_def()
    loop3_count = opt_operand_def()
    loop3_src_stride = opt_operand_def()
    loop3_dst_stride = opt_operand_def()

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(
        self,
        source: SSAValue,
        destination: SSAValue,
        sizes: tuple[SSAValue, SSAValue, SSAValue, SSAValue],
        optional: dict[str, SSAValue] | None = None,
        attributes: dict[str, Attribute] | None = None,
    ) -> None:
        """`sizes`: m, n, src_stride, dst_stride; `optional`: by name (`_OPTIONAL`)."""
        given = optional or {}
        unknown = set(given) - set(_OPTIONAL)
        assert not unknown, f"unknown fixpipe operands {unknown}"
        super().__init__(
            operands=[
                source,
                destination,
                *sizes,
                *[[given[name]] if name in given else [] for name in _OPTIONAL],
            ],
            attributes=dict(attributes or {}),
        )

    # ---- views -------------------------------------------------------------------------
    def word(self, name: str) -> str | None:
        """The keyword of clause attribute `name` (`mode`, `pre_quant_mode`, ...)."""
        attr = self.attributes.get(name)
        return attr.data if isinstance(attr, StringAttr) else None

    def optional(self) -> dict[str, SSAValue]:
        found = {name: getattr(self, name) for name in _OPTIONAL}
        return {name: value for name, value in found.items() if value is not None}

    # ---- syntax ------------------------------------------------------------------------
    @classmethod
    def parse(cls, parser: Parser) -> Self:
        fixed = [parser.parse_unresolved_operand()]
        for _ in range(5 + (2 if cls.GM_HINTS else 0)):
            parser.parse_punctuation(",")
            fixed.append(parser.parse_unresolved_operand())
        named: dict[str, UnresolvedOperand] = {}
        attrs: dict[str, Attribute] = {}
        if cls.GM_HINTS:
            named["sid"], named["l2_cache_ctrl"] = fixed[6], fixed[7]
            fixed = fixed[:6]
        if cls.UB_MODE:
            parser.parse_punctuation(",")
            parser.parse_keyword("dst_mode")
            with parser.in_parens():
                word = parser.parse_optional_keyword("split_m") or parser.parse_optional_keyword(
                    "split_n"
                )
                if word is None:
                    named["sub_blockid"] = parser.parse_unresolved_operand()
                    word = "single"
            attrs[DST_MODE] = StringAttr(word)
        _parse_clauses(parser, cls.name, named, attrs)
        attrs |= parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        types: list[Attribute] = parser.parse_comma_separated_list(
            parser.Delimiter.NONE, parser.parse_type
        )
        order = [name for name in _OPTIONAL if name in named]
        if len(types) != 6 + len(order):
            parser.raise_error(f"{cls.name} expects {6 + len(order)} types, got {len(types)}")
        values = [parser.resolve_operand(o, t) for o, t in zip(fixed, types, strict=False)]
        optional = {
            name: parser.resolve_operand(named[name], type)
            for name, type in zip(order, types[6:], strict=True)
        }
        m, n, src_stride, dst_stride = values[2:6]
        return cls(values[0], values[1], (m, n, src_stride, dst_stride), optional, attrs)

    def print(self, printer: Printer) -> None:
        present = self.optional()
        printer.print_string(" ")
        head = [self.source, self.destination, self.m, self.n, self.src_stride, self.dst_stride]
        if self.GM_HINTS:
            head += [present[name] for name in ("sid", "l2_cache_ctrl") if name in present]
        printer.print_list(head, printer.print_operand)
        if self.UB_MODE:
            printer.print_string(", dst_mode(")
            mode = self.word(DST_MODE)
            if mode == "single" and "sub_blockid" in present:
                printer.print_operand(present["sub_blockid"])
            else:
                printer.print_string(str(mode))
            printer.print_string(")")
        _print_clauses(self, printer, present)
        shown = {MODE, UNIT_FLAG, QUANT, RELU, SAT, ATOMIC_TYPE, ATOMIC_OP, DST_MODE}
        rest = {k: v for k, v in self.attributes.items() if k not in shown}
        if rest:
            printer.print_attr_dict(rest)
        printer.print_string(" : ")
        types = [
            v.type
            for v in (
                self.source,
                self.destination,
                self.m,
                self.n,
                self.src_stride,
                self.dst_stride,
            )
        ]
        types += [present[name].type for name in _OPTIONAL if name in present]
        printer.print_list(types, printer.print_attribute)

    # ---- rules -------------------------------------------------------------------------
    def verify_(self) -> None:
        src = check_pointer(self, self.source, "source", MemorySpace.L0C)
        dst = check_pointer(self, self.destination, "destination", self.DST_SPACE)
        present = self.optional()
        for name in ("m", "n", "src_stride", "dst_stride"):
            value = getattr(self, name)
            if value.type != i64:
                raise fail(f"{self.name} {name} must be i64, got {value.type}")
        for name in (
            "sid",
            "l2_cache_ctrl",
            "sub_blockid",
            "split",
            "loop0_src_stride",
            "loop3_count",
            "loop3_src_stride",
            "loop3_dst_stride",
        ):
            if name in present and present[name].type != i64:
                raise fail(f"{self.name} {name} must be i64, got {present[name].type}")
        if ("sid" in present and "l2_cache_ctrl" in present) != self.GM_HINTS:
            raise fail(f"{self.name} takes %sid and %l2_cache_ctrl exactly on GM stores")
        if self.GM_HINTS:
            check_range(self, present["sid"], "sid", 0, 3)
            check_range(self, present["l2_cache_ctrl"], "l2_cache_ctrl", 0, 15)
        check_range(self, self.m, "m", 1, (1 << 16) - 1)
        check_range(self, self.n, "n", 1, (1 << 16) - 1)
        source = src.element if src.is_typed else None
        target = dst.element if dst.is_typed else None
        if source is not None and source not in (F32, I32):
            raise fail(f"{self.name} source element type must be f32 or i32, got {src.pointee}")
        self._verify_quant(present, source, target)
        self._verify_relu(present)
        self._verify_layout(present)
        self._verify_target(present)
        for name in (UNIT_FLAG, QUANT, RELU, SAT, MODE, ATOMIC_TYPE, ATOMIC_OP, DST_MODE):
            if name in self.attributes and not isinstance(self.attributes[name], StringAttr):
                raise fail(f"{self.name} {name} must be a string attribute")

    def _verify_quant(
        self, present: dict[str, SSAValue], source: DType | None, target: DType | None
    ) -> None:
        mode = self.word(QUANT)
        if ("pre_quant" in present) != (mode is not None):
            raise fail(f"{self.name} pre_quant requires payload and mode together")
        if mode is None or mode == NO_CONVERT:
            return
        quant = QUANT_MODES.get(mode)
        if quant is None:
            raise fail(f"{self.name} pre_quant mode '{mode}' is not a quantisation mode")
        payload = present["pre_quant"].type
        if quant.vector:
            if not (isinstance(payload, PtrType) and payload.memory is MemorySpace.FB):
                raise fail(
                    f"{self.name} vector pre_quant mode {mode} requires an fb pointer payload"
                )
        elif not _is_float_scalar(payload):
            raise fail(f"{self.name} scalar pre_quant mode {mode} requires an f16/bf16/f32 payload")
        if source is not None and source != quant.source:
            raise fail(
                f"{self.name} pre_quant mode {mode} reads a {quant.source} accumulator, "
                f"not {source}"
            )
        if target is not None and not family_holds(quant.family, target):
            raise fail(
                f"{self.name} pre_quant mode {mode} writes the {quant.family} family, not {target}"
            )

    def _verify_relu(self, present: dict[str, SSAValue]) -> None:
        mode = self.word(RELU)
        if mode is None:
            if "pre_relu" in present or "clip_value" in present:
                raise fail(f"{self.name} a pre_relu payload or clip requires a pre_relu mode")
            return
        if mode not in RELU_MODES:
            raise fail(f"{self.name} pre_relu mode '{mode}' is not one of {', '.join(RELU_MODES)}")
        payload = present.get("pre_relu")
        if mode in ("no_relu", "normal_relu") and payload is not None:
            raise fail(f"{self.name} {mode} does not accept a payload")
        if mode == "scalar_relu" and (payload is None or not _is_float_scalar(payload.type)):
            raise fail(f"{self.name} scalar_relu requires an f16/bf16/f32 payload")
        if mode == "vector_relu":
            kind = None if payload is None else payload.type
            if not (isinstance(kind, PtrType) and kind.memory is MemorySpace.FB):
                raise fail(f"{self.name} vector_relu requires an fb pointer payload")

    def _verify_layout(self, present: dict[str, SSAValue]) -> None:
        layout = self.word(MODE)
        loop3 = [n for n in ("loop3_count", "loop3_src_stride", "loop3_dst_stride") if n in present]
        if loop3 and len(loop3) != 3:
            raise fail(f"{self.name} loop3 requires count, src stride and dst stride together")
        if layout is not None and layout not in LAYOUTS:
            raise fail(f"{self.name} layout '{layout}' is not one of {', '.join(LAYOUTS)}")
        if "split" in present and layout != "nz2nz":
            raise fail(f"{self.name} split requires nz2nz")
        if ("loop0_src_stride" in present) != (layout == "nz2dn"):
            raise fail(f"{self.name} nz2dn requires loop0_src_stride, and only nz2dn takes it")
        if loop3 and layout not in ("nz2nd", "nz2dn"):
            raise fail(f"{self.name} loop3 requires nz2nd or nz2dn")
        dst = self.destination.type
        if layout == "nz2nz" and isinstance(dst, PtrType) and dst.is_typed and dst.element != F32:
            raise fail(f"{self.name} nz2nz requires an f32 destination")
        sat = self.word(SAT)
        if sat is not None and sat not in SAT_MODES.values():
            raise fail(
                f"{self.name} saturation '{sat}' is not one of sat, sat(preserve_nan), nosat"
            )

    def _verify_target(self, present: dict[str, SSAValue]) -> None:
        atomic = (self.word(ATOMIC_TYPE), self.word(ATOMIC_OP))
        if any(atomic):
            if not self.GM_HINTS:
                raise fail(f"{self.name} atomic is only supported on mte_l0c_gm")
            if not all(atomic):
                raise fail(f"{self.name} atomic requires type and op together")
            if atomic[0] not in ATOMIC_TYPES or atomic[1] not in ATOMIC_OPS:
                raise fail(
                    f"{self.name} atomic type must be one of {', '.join(ATOMIC_TYPES)} "
                    f"and op one of {', '.join(ATOMIC_OPS)}"
                )
        mode = self.word(DST_MODE)
        if (mode is not None) != self.UB_MODE:
            raise fail(f"{self.name} takes dst_mode(...) exactly on UB stores")
        if mode is None:
            return
        if mode not in UB_DST_MODES:
            raise fail(f"{self.name} dst_mode '{mode}' is not one of {', '.join(UB_DST_MODES)}")
        if (mode == "single") != ("sub_blockid" in present):
            raise fail(f"{self.name} dst_mode takes a sub-block id exactly in single mode")
        if mode == "single":
            check_range(self, present["sub_blockid"], "sub_blockid", 0, 1)
            return
        if any(self.word(k) for k in (QUANT, RELU)) or self.word(MODE) not in (None, "nz2nd"):
            raise fail(
                f"{self.name} dst_mode({mode}) allows only the normal or nz2nd "
                "writeback, without pre_quant or pre_relu"
            )
        size = constant_index(self.m if mode == "split_m" else self.n)
        multiple = 2 if mode == "split_m" else 32
        if size is not None and size % multiple:
            axis = "m" if mode == "split_m" else "n"
            raise fail(
                f"{self.name} dst_mode({mode}) needs {axis} a multiple of {multiple}, got {size}"
            )


def _is_float_scalar(type: Attribute) -> bool:
    return str(type) in ("f16", "bf16", "f32")


def family_holds(family: str, dtype: DType) -> bool:
    """Whether a destination of `dtype` belongs to a quantisation family."""
    name = dtype.name
    return {
        "f16": name == "f16",
        "bf16": name == "bf16",
        "f32": name == "f32",
        "fp8": name in ("f8E4M3FN", "f8E5M2", "hif8"),
        "b8": name in ("i8", "ui8"),
        "s4": False,  # no 4-bit integer element type in the dialect
        "s16": name == "i16",
        "s32": name == "i32",
    }[family]


def _parse_clauses(
    parser: Parser, name: str, named: dict[str, UnresolvedOperand], attrs: dict[str, Attribute]
) -> None:
    """The optional clauses, in canonical order, each after a comma."""
    order = ("unit_flag", "pre_quant", "pre_relu", "layout", "loop3", "sat", "atomic")
    last = -1
    while parser.parse_optional_punctuation(",") is not None:
        pos = parser.pos
        word = parser.parse_identifier()
        kind = "layout" if word in LAYOUTS else "sat" if word in ("sat", "nosat") else word
        if kind not in order:
            parser.raise_error(f"unknown {name} clause '{word}'", pos)
        if order.index(kind) <= last:
            parser.raise_error(
                f"{name} clauses must follow the canonical order "
                f"({', '.join(order)}) and appear once",
                pos,
            )
        last = order.index(kind)
        if kind == "unit_flag":
            with parser.in_parens():
                flag = parser.parse_identifier()
            if flag not in UNIT_FLAGS:
                parser.raise_error("expected 'check_only' or 'check_and_clear'", pos)
            attrs[UNIT_FLAG] = StringAttr(flag)
        elif kind == "pre_quant":
            with parser.in_parens():
                named["pre_quant"] = parser.parse_unresolved_operand()
                parser.parse_punctuation(",")
                attrs[QUANT] = StringAttr(_keyword_value(parser, "mode"))
        elif kind == "pre_relu":
            with parser.in_parens():
                if parser.parse_optional_keyword("mode") is None:
                    named["pre_relu"] = parser.parse_unresolved_operand()
                    parser.parse_punctuation(",")
                    parser.parse_keyword("mode")
                parser.parse_punctuation("=")
                attrs[RELU] = StringAttr(parser.parse_identifier())
                if parser.parse_optional_punctuation(",") is not None:
                    parser.parse_keyword("clip")
                    parser.parse_punctuation("=")
                    named["clip_value"] = parser.parse_unresolved_operand()
        elif kind == "layout":
            attrs[MODE] = StringAttr(word)
            if word != "nz2nd" and parser.parse_optional_punctuation("(") is not None:
                key = "loop0_src_stride" if word == "nz2dn" else "split"
                named[key] = parser.parse_unresolved_operand()
                parser.parse_punctuation(")")
        elif kind == "loop3":
            with parser.in_parens():
                named["loop3_count"] = parser.parse_unresolved_operand()
                parser.parse_punctuation(",")
                named["loop3_src_stride"] = parser.parse_unresolved_operand()
                parser.parse_punctuation(",")
                named["loop3_dst_stride"] = parser.parse_unresolved_operand()
        elif kind == "sat":
            mode = word
            if word == "sat" and parser.parse_optional_punctuation("(") is not None:
                parser.parse_keyword("preserve_nan")
                parser.parse_punctuation(")")
                mode = "sat(preserve_nan)"
            attrs[SAT] = StringAttr(SAT_MODES[mode])
        else:  # atomic
            with parser.in_parens():
                attrs[ATOMIC_TYPE] = StringAttr(_keyword_value(parser, "type"))
                parser.parse_punctuation(",")
                attrs[ATOMIC_OP] = StringAttr(_keyword_value(parser, "op"))


def _keyword_value(parser: Parser, key: str) -> str:
    """`key = word`."""
    parser.parse_keyword(key)
    parser.parse_punctuation("=")
    return parser.parse_identifier()


def _print_clauses(op: FixpipeOp, printer: Printer, present: dict[str, SSAValue]) -> None:
    def operand(name: str) -> None:
        printer.print_operand(present[name])

    if (flag := op.word(UNIT_FLAG)) is not None:
        printer.print_string(f", unit_flag({flag})")
    if (mode := op.word(QUANT)) is not None:
        printer.print_string(", pre_quant(")
        operand("pre_quant")
        printer.print_string(f", mode = {mode})")
    if (mode := op.word(RELU)) is not None:
        printer.print_string(", pre_relu(")
        if "pre_relu" in present:
            operand("pre_relu")
            printer.print_string(", ")
        printer.print_string(f"mode = {mode}")
        if "clip_value" in present:
            printer.print_string(", clip = ")
            operand("clip_value")
        printer.print_string(")")
    if (layout := op.word(MODE)) is not None:
        printer.print_string(f", {layout}")
        key = "loop0_src_stride" if layout == "nz2dn" else "split"
        if key in present:
            printer.print_string("(")
            operand(key)
            printer.print_string(")")
    if "loop3_count" in present:
        printer.print_string(", loop3(")
        printer.print_list(
            [present[n] for n in ("loop3_count", "loop3_src_stride", "loop3_dst_stride")],
            printer.print_operand,
        )
        printer.print_string(")")
    if (sat := op.word(SAT)) is not None:
        printer.print_string(", sat(preserve_nan)" if sat == "sat_preserve_nan" else f", {sat}")
    if (kind := op.word(ATOMIC_TYPE)) is not None:
        printer.print_string(f", atomic(type = {kind}, op = {op.word(ATOMIC_OP)})")


_L0C_COST = Formula(CostFormula.TRANSFER)


@irdl_op_definition
class MteL0cL1Op(FixpipeOp):
    """L0C -> L1 through the fixpipe."""

    name = "pto.mte_l0c_l1"

    MANUAL: ClassVar = PAGES + "mte-l0c-l1.md"
    COST: ClassVar = _L0C_COST
    DST_SPACE: ClassVar[MemorySpace] = MemorySpace.L1


@irdl_op_definition
class MteL0cGmOp(FixpipeOp):
    """L0C -> GM through the fixpipe, with an optional atomic update."""

    name = "pto.mte_l0c_gm"

    MANUAL: ClassVar = PAGES + "mte-l0c-gm.md"
    COST: ClassVar = _L0C_COST
    DST_SPACE: ClassVar[MemorySpace] = MemorySpace.GM
    GM_HINTS: ClassVar[bool] = True


@irdl_op_definition
class MteL0cUbOp(FixpipeOp):
    """L0C -> UB through the fixpipe: one sub-block's UB, or split between two."""

    name = "pto.mte_l0c_ub"

    MANUAL: ClassVar = PAGES + "mte-l0c-ub.md"
    COST: ClassVar = Formula(CostFormula.TRANSFER, "L0C -> UB: as L0C -> L1 (no published figure)")
    DST_SPACE: ClassVar[MemorySpace] = MemorySpace.UB
    UB_MODE: ClassVar[bool] = True


OPS: list[type[IRDLOperation]] = [MteL0cL1Op, MteL0cGmOp, MteL0cUbOp]
