"""Fused SFU/DSA vector ops: `vaddrelu`, `vsubrelu`, `vaddreluconv`, `vmulconv`, `vmull`.

- `VectorReluBinaryOp` (the binary family's form): `%r = pto.vaddrelu %lhs, %rhs, %mask :
  V, V, M -> V`, `max(0, lhs + rhs)` (vsubrelu: `lhs - rhs`) on f16/f32 lanes.
- `VectorFusedConvOp`: `%r = pto.vaddreluconv %lhs, %rhs[, %mask] {rnd = "R", sat = "SAT"}
  : V0, V0[, M] -> V1`: `convert(max(0, lhs + rhs))` (vmulconv: `convert(lhs * rhs)`),
  the sum or product in the source type, converted like `vcvt` with `rnd` (default R) and
  `sat` (default SAT: TADDReluConv.md "narrows ... with saturating behavior"). PTOAS
  (VPTOOps.td) writes the form without a mask (every lane active); the manual page adds one
  of the source's granularity. Narrowing k:1 writes source lane i to lane k*i (vcvt's EVEN
  part; pto-isa's A5 TAddReluConv stores it with PK_B*), the other lanes zero.
- `pto.vmull`: `%low, %high = pto.vmull %lhs, %rhs, %mask : V, V, M -> V, V`, the 64-bit
  product of 32-bit lanes split in halves (PTOAS VPTOOps.td and its board-tested
  test/vpto/cases/micro-op/dsa-sfu/vmull; pto-isa's A5 Int64*.hpp use it so). The page's
  multiply-subtract text contradicts its own type line and every use (docs/semantics.md).

The relu and conversion ops also parse the SFU pages' spelling with the operand types in
parentheses (`: (V, V, M) -> V`) and print the form above.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from xdsl.dialects.builtin import StringAttr
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer

from pto_dialect.attrs import RoundMode, SatMode
from pto_dialect.ops.base import fail, target_of
from pto_dialect.ops.vector_arith import (
    ElementKind,
    VectorBinaryOp,
    VectorOp,
    check_mask_granularity,
)
from pto_dialect.ops.vector_common import mask_of, parse_typed_operands, vreg_of
from pto_dialect.ops.vector_convert import (
    ROUND_CODES,
    SAT_CODES,
    ConversionForm,
    conversion_forms,
)
from pto_dialect.records import Completion, PerRepeat, PerTarget, VectorCost, per_target_dtypes
from pto_dialect.vector_types import MaskType, VRegType

_SFU = "vector/ops/sfu-and-dsa-ops/"

FUSED_COST = VectorCost(
    Completion.BINOP,
    PerRepeat.BINARY,
    7,
    estimate="the page's A2/A3 figures: startup 14, 2 per repeat; its completion 26 costed "
    "with the model's binop row (19); A5 latency unpublished: costed as vadd (7)",
)
"""The cost of the SFU/DSA fused ops (one A2/A3 table on each page)."""


def print_fused(printer: Printer, op: IRDLOperation, results: tuple[SSAValue, ...]) -> None:
    """The canonical form of `parse_typed_operands`: types without parentheses, properties in the
    attribute dictionary."""
    printer.print_string(" ")
    printer.print_list(op.operands, printer.print_operand)
    printer.print_op_attributes({**op.properties, **op.attributes})
    printer.print_string(" : ")
    printer.print_list([o.type for o in op.operands], printer.print_attribute)
    printer.print_string(" -> ")
    printer.print_list([r.type for r in results], printer.print_attribute)


class VectorReluBinaryOp(VectorBinaryOp):
    """`max(0, lhs op rhs)` on floating-point lanes (the pages: f16, f32)."""

    ELEMENT_KIND: ClassVar[ElementKind] = ElementKind.FLOAT
    DTYPES: ClassVar = per_target_dtypes("f32 f16", "f32 f16")
    COST: ClassVar = FUSED_COST

    assembly_format = None

    @classmethod
    def parse(cls, parser: Parser) -> VectorReluBinaryOp:
        (lhs, rhs, mask), attrs, result = parse_typed_operands(parser, cls.name, (3,))
        op = cls(lhs, rhs, mask, result)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        print_fused(printer, self, (self.result,))


@irdl_op_definition
class VAddReluOp(VectorReluBinaryOp):
    name = "pto.vaddrelu"

    MANUAL: ClassVar = _SFU + "vaddrelu.md"


@irdl_op_definition
class VSubReluOp(VectorReluBinaryOp):
    name = "pto.vsubrelu"

    MANUAL: ClassVar = _SFU + "vsubrelu.md"


class VectorFusedConvOp(VectorOp):
    """`convert(f(lhs, rhs))` into another element type; the pairs are `FORMS`."""

    FORMS: ClassVar[Mapping[ConversionForm, tuple[bool, bool]]] = {}
    """(src, dst) -> (takes `rnd`, takes `sat`)."""
    RELU: ClassVar[bool] = True
    """Whether the sum or product is clamped at zero before the conversion."""
    COST: ClassVar = FUSED_COST

    lhs = operand_def(VRegType)
    rhs = operand_def(VRegType)
    mask = opt_operand_def(MaskType)
    result = result_def(VRegType)
    rnd = opt_prop_def(StringAttr)
    sat = opt_prop_def(StringAttr)

    def __init__(
        self,
        lhs: SSAValue | Operation,
        rhs: SSAValue | Operation,
        mask: SSAValue | Operation | None,
        result_type: Attribute,
        rnd: str | None = None,
        sat: str | None = None,
    ) -> None:
        props = {
            key: StringAttr(value)
            for key, value in (("rnd", rnd), ("sat", sat))
            if value is not None
        }
        super().__init__(
            operands=[lhs, rhs, [] if mask is None else [mask]],
            result_types=[result_type],
            properties=props,
        )

    @classmethod
    def parse(cls, parser: Parser) -> VectorFusedConvOp:
        pos = parser.pos
        operands, attrs, result = parse_typed_operands(parser, cls.name, (2, 3))
        codes: dict[str, str | None] = {}
        for key in ("rnd", "sat"):
            value = attrs.pop(key, None)
            if value is not None and not isinstance(value, StringAttr):
                parser.raise_error(f'{cls.name} {key} must be a string such as "R"', pos)
            codes[key] = None if value is None else value.data
        mask = operands[2] if len(operands) == 3 else None
        op = cls(operands[0], operands[1], mask, result, codes["rnd"], codes["sat"])
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        print_fused(printer, self, (self.result,))

    @classmethod
    def pairs(cls) -> PerTarget[frozenset[ConversionForm]]:
        every = frozenset(cls.FORMS)
        return PerTarget(every, every, every)

    @property
    def round_mode(self) -> RoundMode:
        return ROUND_CODES[self.rnd.data] if self.rnd is not None else RoundMode.RINT

    @property
    def saturation(self) -> SatMode:
        return SAT_CODES[self.sat.data] if self.sat is not None else SatMode.ON

    def verify_(self) -> None:
        src, dst = vreg_of(self.lhs), vreg_of(self.result)
        self.check_same_type("rhs", self.rhs, "lhs", src)
        if self.mask is not None:
            check_mask_granularity(self.name, "mask", mask_of(self.mask), src)
        self.check_element(src)
        form = (src.element, dst.element)
        target = target_of(self)
        if form not in self.pairs()[target.arch]:
            legal = ", ".join(f"{s} -> {d}" for s, d in sorted(self.FORMS, key=str))
            raise fail(
                f"{self.name} has no {src.element} -> {dst.element} form on target "
                f"{target.name} (supported: {legal})"
            )
        takes_rnd, takes_sat = self.FORMS[form]
        self._check_code("rnd", self.rnd, takes_rnd)
        self._check_code("sat", self.sat, takes_sat)

    def _check_code(self, key: str, value: StringAttr | None, allowed: bool) -> None:
        if value is None:
            return
        codes: Mapping[str, object] = ROUND_CODES if key == "rnd" else SAT_CODES
        if value.data not in codes or value.data == "O":
            legal = ", ".join(c for c in codes if c != "O")
            raise fail(f'{self.name} {key} "{value.data}" must be one of {legal}')
        if not allowed:
            src, dst = vreg_of(self.lhs).element, vreg_of(self.result).element
            raise fail(f"{self.name} {src} -> {dst} takes no {key} (an exact integer narrowing)")


@irdl_op_definition
class VAddReluConvOp(VectorFusedConvOp):
    """`convert(max(0, lhs + rhs))`."""

    name = "pto.vaddreluconv"

    MANUAL: ClassVar = _SFU + "vaddreluconv.md"
    # pto-isa npu/a2a3 and npu/a5 TAddReluConv.hpp: f32 -> f16, f16 -> i8, i16 -> i8
    FORMS: ClassVar = conversion_forms("f32>f16 RS; f16>i8 RS; i16>i8 S")
    DTYPES: ClassVar = per_target_dtypes("f32 f16 i16", "f32 f16 i16")
    """Source element types; the legal pairs are `FORMS`."""


@irdl_op_definition
class VMulConvOp(VectorFusedConvOp):
    """`convert(lhs * rhs)` (no ReLU: the op's name and the chapter page; docs/semantics.md)."""

    name = "pto.vmulconv"

    MANUAL: ClassVar = _SFU + "vmulconv.md"
    RELU: ClassVar[bool] = False
    # vmulconv.md: the f16 -> i8 variant (the only form either page names)
    FORMS: ClassVar = conversion_forms("f16>i8 RS")
    DTYPES: ClassVar = per_target_dtypes("f16", "f16")


@irdl_op_definition
class VMullOp(VectorOp):
    """`%low, %high = pto.vmull %lhs, %rhs, %mask`: the 64-bit product of each active lane
    pair (signed for i32, unsigned for ui32), low and high 32 bits; inactive lanes zero."""

    name = "pto.vmull"

    ELEMENT_KIND: ClassVar[ElementKind] = ElementKind.INT
    ELEMENT_BITS: ClassVar[tuple[int, ...]] = (32,)
    MANUAL: ClassVar = _SFU + "vmull.md"
    # vmull.md: "i32/u32 (native 32x32->64 widening multiply)"
    DTYPES: ClassVar = per_target_dtypes("i32 ui32", "i32 ui32")
    COST: ClassVar = FUSED_COST

    lhs = operand_def(VRegType)
    rhs = operand_def(VRegType)
    mask = operand_def(MaskType)
    low = result_def(VRegType)
    high = result_def(VRegType)

    assembly_format = (
        "$lhs `,` $rhs `,` $mask attr-dict `:` type($lhs) `,` type($rhs) `,` type($mask) "
        "`->` type($low) `,` type($high)"
    )

    def __init__(
        self, lhs: SSAValue | Operation, rhs: SSAValue | Operation, mask: SSAValue | Operation
    ) -> None:
        vreg = SSAValue.get(lhs).type
        super().__init__(operands=[lhs, rhs, mask], result_types=[vreg, vreg])

    def verify_(self) -> None:
        lhs = vreg_of(self.lhs)
        self.check_same_type("rhs", self.rhs, "lhs", lhs)
        self.check_same_type("low", self.low, "lhs", lhs)
        self.check_same_type("high", self.high, "lhs", lhs)
        check_mask_granularity(self.name, "mask", mask_of(self.mask), lhs)
        self.check_element(lhs)


FUSED_CONV_OPS: tuple[type[VectorFusedConvOp], ...] = (VAddReluConvOp, VMulConvOp)

OPS: list[type[IRDLOperation]] = [VAddReluOp, VSubReluOp, *FUSED_CONV_OPS, VMullOp]
