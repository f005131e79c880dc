"""SIMT scalar math and `pto.convert` (17-simt.md "SIMT Scalar Math Ops", "SIMT Conversion
Op"; verifiers as PTOAS lib/PTO/IR/VPTO.cpp). A packed `vector<2xT>` operand computes each
of its two lanes.

- `%r = pto.prmt %lhs, %rhs, %selector : i32, i32, i32 -> i32`: bytes picked from `lhs:rhs`;
- `%r = pto.mulhi %a, %b signed : T, T -> T` (i32, i64): the high half of the product;
  `%r = pto.mul_i32toi64 %a, %b unsigned : i32, i32 -> i64`: the full product;
- `%r = pto.<f> %x : T -> T` for absf, sqrt, exp, log, sin, cos, ceil, floor, rint, round;
  `%r = pto.<f> %a, %b : T, T -> T` for fmin, fmax, pow; `pto.fma %a, %b, %c : T, T, T -> T`;
- `%r = pto.convert %src round(r) sat [signed|unsigned] : S -> D`.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import i32, i64
from xdsl.ir import Attribute
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure

from pto_dialect.dtypes import DType, dtype_of
from pto_dialect.ops.base import define_op, fail
from pto_dialect.ops.simt_common import (
    Rounding,
    RoundingAttr,
    Saturation,
    SaturationAttr,
    SignednessAttr,
    SimtOp,
    ValueTypes,
    parse_clause,
    parse_signedness,
    print_signedness,
)
from pto_dialect.packed_types import HiF8x2Type, packed_vector

# ---- integer ---------------------------------------------------------------------------


@irdl_op_definition
class PrmtOp(SimtOp):
    """Byte permute: result byte k is byte `selector[4k:4k+3] & 7` of the 8 bytes `lhs:rhs`
    (bytes 0-3 from `rhs`, 4-7 from `lhs`; PTOAS's board test simt-scalar-math-core)."""

    name = "pto.prmt"

    lhs = operand_def()
    rhs = operand_def()
    selector = operand_def()
    result = result_def()
    traits = traits_def(Pure())

    assembly_format = (
        "$lhs `,` $rhs `,` $selector attr-dict `:` type($lhs) `,` type($rhs) `,` "
        "type($selector) `->` type($result)"
    )

    def verify_simt(self) -> None:
        for role, value in (("lhs", self.lhs), ("rhs", self.rhs), ("selector", self.selector),
                            ("result", self.result)):  # fmt: skip
            if value.type != i32:
                raise fail(f"{self.name} {role} type {value.type} must be i32")


class SignedProductOp(SimtOp):
    """`%r = NAME %lhs, %rhs signed|unsigned : T, T -> R`: an integer product whose operands
    are read as the clause says (`OPERANDS` the legal T, `WIDE`: R is i64, else R = T)."""

    OPERANDS: ClassVar[tuple[Attribute, ...]]
    WIDE: ClassVar[bool] = False

    lhs = operand_def()
    rhs = operand_def()
    signedness = prop_def(SignednessAttr)
    result = result_def()
    traits = traits_def(Pure())

    @classmethod
    def syntax_lines(cls) -> list[str]:
        result = "i64" if cls.WIDE else "T"
        return [f"- `%r = {cls.name} %lhs, %rhs signed|unsigned : T, T -> {result}`"]

    @classmethod
    def parse(cls, parser: Parser) -> SignedProductOp:
        lhs = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        rhs = parser.parse_unresolved_operand()
        pos = parser.pos
        signedness = parse_signedness(parser)
        if signedness is None:
            parser.raise_error(f"{cls.name} needs 'signed' or 'unsigned'", pos)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        lhs_type = parser.parse_type()
        parser.parse_punctuation(",")
        rhs_type = parser.parse_type()
        parser.parse_punctuation("->")
        result_type = parser.parse_type()
        return cls.create(
            operands=[parser.resolve_operand(lhs, lhs_type), parser.resolve_operand(rhs, rhs_type)],
            result_types=[result_type],
            properties={"signedness": SignednessAttr(signedness)},
            attributes=attrs,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.lhs)
        printer.print_string(", ")
        printer.print_operand(self.rhs)
        print_signedness(printer, self.signedness)
        printer.print_op_attributes(self.attributes)
        printer.print_string(f" : {self.lhs.type}, {self.rhs.type} -> {self.result.type}")

    def verify_simt(self) -> None:
        lhs = self.lhs.type
        legal = " or ".join(str(t) for t in self.OPERANDS)
        if lhs not in self.OPERANDS or self.rhs.type != lhs:
            raise fail(f"{self.name} operands must both be {legal}, got {lhs} and {self.rhs.type}")
        result = i64 if self.WIDE else lhs
        if self.result.type != result:
            raise fail(f"{self.name} result type {self.result.type} must be {result}")


MulhiOp = define_op(
    SignedProductOp, "MulhiOp", "pto.mulhi",
    "The high half of the double-width product of two i32 (or i64) values.",
    OPERANDS=(i32, i64),
)  # fmt: skip
MulI32ToI64Op = define_op(
    SignedProductOp, "MulI32ToI64Op", "pto.mul_i32toi64",
    "The i64 product of two i32 values, each sign- or zero-extended first.",
    OPERANDS=(i32,), WIDE=True,
)  # fmt: skip


# ---- float math ------------------------------------------------------------------------

F16_F32_PACKED = ValueTypes("f16 f32", "f16")
ROUNDING_TYPES = ValueTypes("f16 f32 bf16")


class FloatMathOp(SimtOp):
    """`%r = NAME %a[, %b[, %c]] : T, ... -> T`: an elementwise float function of `ARITY`
    operands of one type (`VALUE_TYPES`); `interpreters/semantics/simt.py` computes each."""

    ARITY: ClassVar[int] = 1
    VALUE_TYPES: ClassVar[ValueTypes] = F16_F32_PACKED

    inputs = var_operand_def()
    result = result_def()
    traits = traits_def(Pure())

    assembly_format = "$inputs attr-dict `:` type($inputs) `->` type($result)"

    def verify_simt(self) -> None:
        if len(self.inputs) != self.ARITY:
            raise fail(f"{self.name} takes {self.ARITY} operand(s), got {len(self.inputs)}")
        result = self.result.type
        for value in self.inputs:
            if value.type != result:
                raise fail(
                    f"{self.name} operand type {value.type} must equal the result type {result}"
                )
        if not self.VALUE_TYPES.accepts(result):
            raise fail(f"{self.name} type {result} must be {self.VALUE_TYPES.describe()}")


def _math(class_name: str, name: str, doc: str, arity: int, types: ValueTypes) -> type[FloatMathOp]:
    return define_op(FloatMathOp, class_name, f"pto.{name}", doc, ARITY=arity, VALUE_TYPES=types)


AbsFOp = _math("AbsFOp", "absf", "`|x|`.", 1, ValueTypes("f16 f32", "f16 bf16"))
SqrtOp = _math("SqrtOp", "sqrt", "`sqrt(x)`, rounded once.", 1, F16_F32_PACKED)
ExpOp = _math("ExpOp", "exp", "`e ** x`.", 1, F16_F32_PACKED)
LogOp = _math("LogOp", "log", "`ln(x)`.", 1, F16_F32_PACKED)
SinOp = _math("SinOp", "sin", "`sin(x)`, x in radians.", 1, ValueTypes("f32"))
CosOp = _math("CosOp", "cos", "`cos(x)`, x in radians.", 1, ValueTypes("f32"))
CeilOp = _math("CeilOp", "ceil", "The smallest integral value not below x.", 1, ROUNDING_TYPES)
FloorOp = _math("FloorOp", "floor", "The largest integral value not above x.", 1, ROUNDING_TYPES)
RintOp = _math("RintOp", "rint", "x rounded to an integral value, ties to even.", 1, ROUNDING_TYPES)
RoundOp = _math(
    "RoundOp", "round", "x rounded to an integral value, ties away from zero.", 1, ROUNDING_TYPES
)
MIN_MAX_TYPES = ValueTypes("f16 f32 bf16", "f16 bf16")
FMinOp = _math("FMinOp", "fmin", "The smaller of a and b.", 2, MIN_MAX_TYPES)
FMaxOp = _math("FMaxOp", "fmax", "The larger of a and b.", 2, MIN_MAX_TYPES)
PowOp = _math("PowOp", "pow", "`a ** b`.", 2, F16_F32_PACKED)
FmaOp = _math("FmaOp", "fma", "`a * b + c` with one rounding.", 3, MIN_MAX_TYPES)


# ---- convert ---------------------------------------------------------------------------

_SCALAR_CONVERT = frozenset({"i32", "i64", "f16", "bf16", "f32"})
_PACKED_CONVERT = frozenset({"f16", "bf16", "f32", "f8E4M3FN", "f8E5M2"})
_RAFZC = frozenset({Rounding.R, Rounding.A, Rounding.F, Rounding.C, Rounding.Z})
_RAFZCO = _RAFZC | {Rounding.O}


def _packed_kind(attr: Attribute) -> str | None:
    """`f16x2`, `bf16x2`, `f32x2`, `f8x2` or `hif8x2` for a packed convert type."""
    if isinstance(attr, HiF8x2Type):
        return "hif8x2"
    packed = packed_vector(attr)
    if packed is None or packed[0] != 2 or packed[1].name not in _PACKED_CONVERT:
        return None
    return "f8x2" if packed[1].bits == 8 else f"{packed[1].name}x2"


_PACKED_PAIRS: dict[tuple[str, str], tuple[frozenset[Rounding], str]] = {
    ("f32x2", "f16x2"): (_RAFZCO, "f32x2-to-f16x2 conversion supports rounding r/a/f/c/z/o"),
    ("f32x2", "bf16x2"): (_RAFZC, "f32x2-to-bf16x2 conversion supports rounding r/a/f/c/z"),
    ("f16x2", "f32x2"): (_RAFZC, "packed-to-f32x2 conversion supports rounding r/a/f/c/z"),
    ("bf16x2", "f32x2"): (_RAFZC, "packed-to-f32x2 conversion supports rounding r/a/f/c/z"),
    ("f32x2", "f8x2"): (frozenset({Rounding.R}), "f32x2-to-f8x2 conversion supports rounding r"),
    ("f32x2", "hif8x2"): (
        frozenset({Rounding.A, Rounding.H}),
        "f32x2/f16x2-to-hif8x2 conversion supports rounding a/h",
    ),
    ("f16x2", "hif8x2"): (
        frozenset({Rounding.A, Rounding.H}),
        "f32x2/f16x2-to-hif8x2 conversion supports rounding a/h",
    ),
    **{
        (src, dst): (_RAFZC, "f8x2/hif8x2-to-f32x2/f16x2 conversion supports rounding r/a/f/c/z")
        for src in ("f8x2", "hif8x2")
        for dst in ("f32x2", "f16x2")
    },
}
"""Packed conversions and their roundings (PTOAS `verifyPackedConvertControls`)."""


@irdl_op_definition
class ConvertOp(SimtOp):
    """`%d = pto.convert %s round(R) sat|nosat [signed|unsigned] : S -> D`: one scalar or
    packed pair converted with the rounding and saturation given; the clause reads an
    integer source or destination as signed or unsigned."""

    name = "pto.convert"

    src = operand_def()
    rounding = prop_def(RoundingAttr)
    saturation = prop_def(SaturationAttr)
    signedness = opt_prop_def(SignednessAttr)
    dst = result_def()
    traits = traits_def(Pure())

    @classmethod
    def syntax_lines(cls) -> list[str]:
        clauses = "round(r|a|f|c|z|o|h) sat|nosat [signed|unsigned]"
        return [f"- `%d = {cls.name} %src {clauses} : S -> D`"]

    @classmethod
    def parse(cls, parser: Parser) -> ConvertOp:
        src = parser.parse_unresolved_operand()
        pos = parser.pos
        rounding = parse_clause(parser, "round", Rounding)
        if rounding is None:
            parser.raise_error("pto.convert needs a rounding clause such as round(r)", pos)
        pos = parser.pos
        word = parser.parse_optional_keyword_in(("sat", "nosat"))
        if word is None:
            parser.raise_error("expected convert saturation to be sat or nosat", pos)
        props: dict[str, Attribute] = {
            "rounding": RoundingAttr(rounding),
            "saturation": SaturationAttr(Saturation(word)),
        }
        signedness = parse_signedness(parser)
        if signedness is not None:
            props["signedness"] = SignednessAttr(signedness)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        src_type = parser.parse_type()
        parser.parse_punctuation("->")
        dst_type = parser.parse_type()
        return cls.create(
            operands=[parser.resolve_operand(src, src_type)],
            result_types=[dst_type],
            properties=props,
            attributes=attrs,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.src)
        printer.print_string(f" round({self.rounding.data}) {self.saturation.data}")
        print_signedness(printer, self.signedness)
        printer.print_op_attributes(self.attributes)
        printer.print_string(f" : {self.src.type} -> {self.dst.type}")

    def verify_simt(self) -> None:
        src, dst = self.src.type, self.dst.type
        s_kind, d_kind = _packed_kind(src), _packed_kind(dst)
        s_dtype, d_dtype = dtype_of(src), dtype_of(dst)
        scalar = _SCALAR_CONVERT
        if (s_kind is None and (s_dtype is None or s_dtype.name not in scalar)) or (
            d_kind is None and (d_dtype is None or d_dtype.name not in scalar)
        ):
            raise fail(
                f"{self.name} requires i32, i64, f16, bf16, f32 or supported vector<2xT> "
                "conversion types"
            )
        rounding = self.rounding.data
        if s_kind is not None or d_kind is not None:
            self._verify_packed(s_kind, d_kind, s_dtype, d_dtype, rounding)
            return
        assert s_dtype is not None and d_dtype is not None
        self._verify_scalar(s_dtype, d_dtype, rounding)

    def _verify_packed(
        self, s_kind: str | None, d_kind: str | None, s_dtype: DType | None,
        d_dtype: DType | None, rounding: Rounding,
    ) -> None:  # fmt: skip
        if (s_dtype is not None and s_dtype.is_int) or (d_dtype is not None and d_dtype.is_int):
            raise fail(f"{self.name} does not support mixed integer and packed conversion")
        if self.signedness is not None:
            raise fail(f"{self.name} does not accept signedness for packed floating conversion")
        if s_kind is None or d_kind is None:
            raise fail(f"{self.name} does not support mixed scalar and packed conversion")
        rule = _PACKED_PAIRS.get((s_kind, d_kind))
        if rule is None:
            raise fail(
                f"{self.name} unsupported packed conversion type pair; supported packed pairs "
                "are f32x2-to-f16x2, f16x2-to-f32x2, f32x2-to-bf16x2, and bf16x2-to-f32x2, "
                "f32x2-to-f8x2, f32x2/f16x2-to-hif8x2, f8x2/hif8x2-to-f32x2/f16x2"
            )
        roundings, message = rule
        if rounding not in roundings:
            raise fail(f"{self.name} {message}")

    def _verify_scalar(self, src: DType, dst: DType, rounding: Rounding) -> None:
        sat = self.saturation.data is Saturation.SAT
        if src.is_int and dst.is_int:
            raise fail(f"{self.name} does not support integer-to-integer conversion")
        if (src.is_int or dst.is_int) and self.signedness is None:
            raise fail(f"{self.name} requires signedness when converting to or from integer type")
        if not src.is_int and not dst.is_int and self.signedness is not None:
            raise fail(
                f"{self.name} does not accept signedness for floating-to-floating conversion"
            )
        if src.is_int:
            if src.bits == 64 and dst.name != "f32":
                raise fail(
                    f"{self.name} supports i64 conversion only to f32 in the confirmed slice"
                )
            if rounding not in _RAFZC:
                raise fail(
                    f"{self.name} integer-to-floating conversion supports rounding r/a/f/c/z"
                )
            return
        if dst.bits == 64 and src.name != "f32":
            raise fail(
                f"{self.name} supports conversion to i64 only from f32 in the confirmed slice"
            )
        what = "fp32" if src.name == "f32" else "fp16/bf16"
        if dst.is_int:
            if not sat:
                raise fail(f"{self.name} {what}-to-integer conversion requires saturation enable")
            if rounding not in _RAFZC:
                raise fail(f"{self.name} {what}-to-integer conversion supports rounding r/a/f/c/z")
            return
        if src.name == "f32" and dst.name == "f16":
            if rounding not in _RAFZCO:
                raise fail(f"{self.name} fp32-to-fp16 conversion supports rounding r/a/f/c/z/o")
        elif rounding not in _RAFZC:
            raise fail(f"{self.name} {what}-to-floating conversion supports rounding r/a/f/c/z")


OPS: list[type[IRDLOperation]] = [
    PrmtOp,
    MulhiOp,
    MulI32ToI64Op,
    AbsFOp,
    SqrtOp,
    ExpOp,
    LogOp,
    SinOp,
    CosOp,
    CeilOp,
    FloorOp,
    RintOp,
    RoundOp,
    FMinOp,
    FMaxOp,
    PowOp,
    FmaOp,
    ConvertOp,
]
