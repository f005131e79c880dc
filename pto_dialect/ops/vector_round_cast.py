"""`pto.vtrc` (round each lane to an integral value in its own type) and `pto.pbitcast`
(a mask read at another granularity), the conversion-ops pages next to `vcvt`/`vbitcast`.

- `%r = pto.vtrc %input, %mask, "R" : !pto.vreg<NxT>, !pto.mask<bW> -> !pto.vreg<NxT>`
  (PTOAS, its board-tested test/vpto/cases/micro-op/conversion/vtrc-*), also
  `pto.vtrc %input, "ROUND_R" : !pto.vreg<NxT> -> !pto.vreg<NxT>` (vtrc.md, every lane
  active). The mode is R (nearest, ties to even), A (nearest, ties away), F, C or Z (PTOAS
  normalizes `ROUND_X` to `X` and refuses O for vtrc); T is f16, bf16 or f32 (PTOAS
  VtrcOp::verify). Infinities pass, NaN stays NaN (quieted, as tcvt); -0 stays -0;
  inactive lanes are zero.
- `%r = pto.pbitcast %input : !pto.mask<bG0> -> !pto.mask<bG1>`: the same 256-bit predicate
  image (one bit per byte of a vreg) read at another granularity (pbitcast.md); no cycles.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import StringAttr
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure

from pto_dialect.attrs import RoundMode
from pto_dialect.ops.base import fail
from pto_dialect.ops.vecscope import InVecScope
from pto_dialect.ops.vector_arith import ElementKind, VectorOp, check_mask_granularity
from pto_dialect.ops.vector_common import mask_of, vreg_of
from pto_dialect.ops.vector_convert import ROUND_CODES
from pto_dialect.ops.vector_mask import PredicateOp
from pto_dialect.records import Completion, NoCycles, PerRepeat, VectorCost, per_target_dtypes
from pto_dialect.vector_types import MaskType, VRegType

_PAGES = "vector/ops/conversion-ops/"

VTRC_CODES: dict[str, RoundMode] = {c: m for c, m in ROUND_CODES.items() if c not in "OH"}
"""vtrc's modes: vcvt's codes but O and H, the latter HiFloat8's (PTOAS
isSupportedVtrcRoundMode)."""


def vtrc_code(token: str) -> str | None:
    """`token` (`X` or `ROUND_X`) as vtrc's one-letter code, None when it is none."""
    code = token.removeprefix("ROUND_")
    return code if code in VTRC_CODES else None


@irdl_op_definition
class VTrcOp(VectorOp):
    """Each active lane rounded to an integral value of its own type with `round_mode`."""

    name = "pto.vtrc"

    ELEMENT_KIND: ClassVar[ElementKind] = ElementKind.FLOAT
    MANUAL: ClassVar = _PAGES + "vtrc.md"
    # PTOAS VtrcOp::verify: f16, bf16, f32 (A2/A3 and the CPU emulate the A5 forms)
    DTYPES: ClassVar = per_target_dtypes("f32 f16 bf16", "f32 f16 bf16")
    COST: ClassVar = VectorCost(
        Completion.BINOP,
        PerRepeat.SIMPLE,
        7,
        estimate="the page publishes no figure; pto-isa's A5 cost model "
        "(costmodel/a5/cce_costmodel/vec_cycle_generated.hpp) puts vtrc in vcvt's class: "
        "costed as vcvt",
    )

    traits = traits_def(InVecScope(), Pure())

    input = operand_def(VRegType)
    mask = opt_operand_def(MaskType)
    result = result_def(VRegType)
    round_mode = prop_def(StringAttr)

    def __init__(
        self,
        input: SSAValue | Operation,
        mask: SSAValue | Operation | None,
        round_mode: str,
        result_type: Attribute | None = None,
    ) -> None:
        super().__init__(
            operands=[input, [] if mask is None else [mask]],
            result_types=[SSAValue.get(input).type if result_type is None else result_type],
            properties={"round_mode": StringAttr(round_mode)},
        )

    @property
    def mode(self) -> RoundMode:
        return VTRC_CODES[self.round_mode.data]

    @classmethod
    def parse(cls, parser: Parser) -> VTrcOp:
        input = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        mask = parser.parse_optional_unresolved_operand()
        if mask is not None:
            parser.parse_punctuation(",")
        pos = parser.pos
        token = parser.parse_optional_str_literal() or parser.parse_optional_identifier()
        code = None if token is None else vtrc_code(token)
        if code is None:
            parser.raise_error(
                "pto.vtrc round mode must be one of R/A/F/C/Z or ROUND_R/ROUND_A/ROUND_F/"
                'ROUND_C/ROUND_Z (a string such as "R")',
                pos,
            )
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        input_type = parser.parse_type()
        mask_type: Attribute | None = None
        if mask is not None:
            parser.parse_punctuation(",")
            mask_type = parser.parse_type()
        parser.parse_punctuation("->")
        result_type = parser.parse_type()
        resolved_mask = None
        if mask is not None and mask_type is not None:
            resolved_mask = parser.resolve_operand(mask, mask_type)
        op = cls(parser.resolve_operand(input, input_type), resolved_mask, code, result_type)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.input)
        if self.mask is not None:
            printer.print_string(", ")
            printer.print_operand(self.mask)
        printer.print_string(", ")
        printer.print_attribute(self.round_mode)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.input.type)
        if self.mask is not None:
            printer.print_string(", ")
            printer.print_attribute(self.mask.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        vreg = vreg_of(self.input)
        self.check_same_type("result", self.result, "input", vreg)
        if self.mask is not None:
            check_mask_granularity(self.name, "mask", mask_of(self.mask), vreg)
        self.check_element(vreg)
        if self.round_mode.data not in VTRC_CODES:
            raise fail(
                f'{self.name} round_mode "{self.round_mode.data}" must be one of '
                f"{', '.join(VTRC_CODES)} (vtrc.md: a mode the target supports)"
            )


@irdl_op_definition
class PbitcastOp(PredicateOp):
    """`%r = pto.pbitcast %input : !pto.mask<bG0> -> !pto.mask<bG1>`: no bits change.

    A bW lane covers W/8 bits of the image (vpto-spec: "each bit controls 1 byte of data");
    a coarser view reads the first bit of each lane's group, a finer view sees each coarse
    lane's bit in all the bits of its group (what a bW producer writes).
    """

    name = "pto.pbitcast"

    MANUAL: ClassVar = _PAGES + "pbitcast.md"
    COST: ClassVar = NoCycles("a reinterpretation of a predicate register: no instruction")

    input = operand_def(MaskType)
    result = result_def(MaskType)

    assembly_format = "$input attr-dict `:` type($input) `->` type($result)"

    def __init__(self, input: SSAValue | Operation, result_type: Attribute) -> None:
        super().__init__(operands=[input], result_types=[result_type])


OPS: list[type[IRDLOperation]] = [VTrcOp, PbitcastOp]
