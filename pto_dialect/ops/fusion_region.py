"""`pto.fusion_region` and its terminator `pto.yield`: one scheduled tile-fusion group of
PTOAS, a block of code whose escaping values are the region's results (PTOAS PTOOps.td
`FusionRegionOp`, `YieldOp`; no page in the ISA manual).

  `%r = pto.fusion_region { ... pto.yield(%v) : (T) -> () } : T`

It runs its block once, in place; the yielded values are its results. A grouping for
PTOAS's fusion passes: no cycles of its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.ir import Attribute, Region, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    region_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import HasParent, IsTerminator

from pto_dialect.ops.base import PtoOp, fail
from pto_dialect.records import NoCycles

_MANUAL = "https://github.com/hw-native-sys/PTOAS/blob/main/docs/ptoas-tile-fusion-design.md"
_COST = NoCycles("a grouping of ops: no cycles of its own")


@irdl_op_definition
class FusionRegionOp(PtoOp):
    """Runs its block; the `pto.yield` operands are its results."""

    name = "pto.fusion_region"

    MANUAL: ClassVar = _MANUAL
    COST: ClassVar = _COST

    outputs = var_result_def()
    body = region_def("single_block")

    def __init__(self, body: Region, result_types: Sequence[Attribute]) -> None:
        super().__init__(regions=[body], result_types=[list(result_types)])

    @classmethod
    def parse(cls, parser: Parser) -> FusionRegionOp:
        body = parser.parse_region()
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        types: list[Attribute] = []
        if parser.parse_optional_punctuation("(") is not None:
            if parser.parse_optional_punctuation(")") is None:
                types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
                parser.parse_punctuation(")")
        else:
            types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        op = cls(body, types)
        op.attributes |= attrs
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_region(self.body)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        if len(self.outputs) == 1:
            printer.print_attribute(self.outputs[0].type)
        else:
            printer.print_string("(")
            printer.print_list([r.type for r in self.outputs], printer.print_attribute)
            printer.print_string(")")

    def verify_(self) -> None:
        block = self.body.block
        last = block.last_op
        if not isinstance(last, YieldOp):
            raise fail(f"{self.name} must end with a pto.yield")
        got = [v.type for v in last.values]
        want = [r.type for r in self.outputs]
        if got != want:
            raise fail(
                f"{self.name} yields {len(got)} value(s) of types "
                f"({', '.join(map(str, got))}), its results are ({', '.join(map(str, want))})"
            )


@irdl_op_definition
class YieldOp(PtoOp):
    """`pto.yield(%v, ...) : (T, ...) -> ()`: the values a `pto.fusion_region` gives."""

    name = "pto.yield"

    MANUAL: ClassVar = _MANUAL
    COST: ClassVar = _COST

    values = var_operand_def()

    traits = traits_def(IsTerminator(), HasParent(FusionRegionOp))

    def __init__(self, values: Sequence[SSAValue]) -> None:
        super().__init__(operands=[list(values)])

    @classmethod
    def parse(cls, parser: Parser) -> YieldOp:
        parser.parse_punctuation("(")
        operands = []
        if parser.parse_optional_punctuation(")") is None:
            operands = parser.parse_comma_separated_list(
                parser.Delimiter.NONE, parser.parse_unresolved_operand
            )
            parser.parse_punctuation(")")
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        parser.parse_punctuation("(")
        types: list[Attribute] = []
        if parser.parse_optional_punctuation(")") is None:
            types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
            parser.parse_punctuation(")")
        parser.parse_punctuation("->")
        parser.parse_punctuation("(")
        parser.parse_punctuation(")")
        if len(types) != len(operands):
            parser.raise_error(f"pto.yield has {len(operands)} operands but {len(types)} types")
        op = cls([parser.resolve_operand(o, t) for o, t in zip(operands, types, strict=True)])
        op.attributes |= attrs
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string("(")
        printer.print_list(self.values, printer.print_operand)
        printer.print_string(")")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : (")
        printer.print_list([v.type for v in self.values], printer.print_attribute)
        printer.print_string(") -> ()")


OPS: list[type[IRDLOperation]] = [FusionRegionOp, YieldOp]
