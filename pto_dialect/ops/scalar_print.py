"""`pto.print ins("format", %scalar : T)` (PTOAS PTOOps.td `PrintOp`, lowered by its EmitC to
`cce::printf("format", scalar)`): prints one integer or float scalar with a C format.

An empty format is `%f` (PTOAS's EmitC). The scalar is an integer, an `index` (64 bits:
PTO_IR_manual.md; the td takes integers and floats) or a float. The format must hold one
conversion for the scalar (`%%` aside; cce::printf reads one argument): `d i u o x X c` for
an integer, `f F e E g G a A` for a float; flags, width, precision and length modifiers (`l`,
`ll`, `h`, ...) as in C.
"""

from __future__ import annotations

import re
from typing import ClassVar

from xdsl.dialects.builtin import AnyFloat, IndexType, IntegerType, StringAttr
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, prop_def
from xdsl.parser import Parser
from xdsl.printer import Printer

from pto_dialect.attrs import Pipe
from pto_dialect.ops.base import PtoOp, fail
from pto_dialect.records import NoCycles

CONVERSION = re.compile(
    r"%(?P<spec>[-+ #0]*\d*(?:\.\d*)?)(?:hh|h|ll|l|j|z|t|L)?(?P<conv>[%a-zA-Z])"
)
"""One C conversion specification: flags, width, precision, a length modifier, the letter."""
INTEGER_CONVERSIONS = "diuoxXc"
FLOAT_CONVERSIONS = "fFeEgGaA"


def conversions(text: str) -> list[re.Match[str]]:
    """The conversions of a C format, `%%` left out."""
    return [m for m in CONVERSION.finditer(text) if m.group("conv") != "%"]


@irdl_op_definition
class PrintOp(PtoOp):
    """Prints `scalar` with the C format `format`."""

    name = "pto.print"

    MANUAL: ClassVar = "https://github.com/hw-native-sys/PTOAS/blob/main/docs/PTO_IR_manual.md"
    COST: ClassVar = NoCycles("debug output through the host channel: not modelled")
    PIPE: ClassVar[Pipe] = Pipe.S

    format = prop_def(StringAttr)
    scalar = operand_def(IntegerType | IndexType | AnyFloat)

    def __init__(self, text: str, scalar: SSAValue) -> None:
        super().__init__(operands=[scalar], properties={"format": StringAttr(text)})

    @property
    def text(self) -> str:
        """The format, `%f` when empty (PTOAS's EmitC)."""
        return self.format.data or "%f"

    def verify_(self) -> None:
        found = conversions(self.text)
        if len(found) != 1:
            raise fail(
                f"{self.name} format {self.text!r} must hold one conversion for its scalar "
                f"(cce::printf reads one argument), got {len(found)}"
            )
        conv = found[0].group("conv")
        is_int = isinstance(self.scalar.type, IntegerType | IndexType)
        legal = INTEGER_CONVERSIONS if is_int else FLOAT_CONVERSIONS
        if conv not in legal:
            raise fail(
                f"{self.name} format conversion %{conv} does not print {self.scalar.type} "
                f"(one of {', '.join('%' + c for c in legal)})"
            )

    @classmethod
    def parse(cls, parser: Parser) -> PrintOp:
        parser.parse_characters("ins")
        parser.parse_punctuation("(")
        text = parser.parse_str_literal()
        parser.parse_punctuation(",")
        unresolved = parser.parse_unresolved_operand()
        parser.parse_punctuation(":")
        scalar_type: Attribute = parser.parse_type()
        parser.parse_punctuation(")")
        op = cls(text, parser.resolve_operand(unresolved, scalar_type))
        op.attributes |= parser.parse_optional_attr_dict()
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ins(")
        printer.print_string_literal(self.format.data)
        printer.print_string(", ")
        printer.print_operand(self.scalar)
        printer.print_string(" : ")
        printer.print_attribute(self.scalar.type)
        printer.print_string(")")
        printer.print_op_attributes(self.attributes)


OPS: list[type[IRDLOperation]] = [PrintOp]
