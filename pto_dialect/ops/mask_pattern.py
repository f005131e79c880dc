"""`#pto.mask_pattern<P0101>` (PTOAS PTOAttrs.td `MaskPattern`) and the DPS spelling of the
ops that take it: `ins(%src, {maskPattern = #pto.mask_pattern<P0101>} : T) outs(%dst : D)`.

A pattern selects one lane of each group of F lanes (tscatter.md's table): P0101 the first
of 2, P1010 the second of 2, P0001 .. P1000 the first .. fourth of 4, P1111 every lane.
"""

from __future__ import annotations

from typing import NamedTuple

from xdsl.dialects.utils import EnumAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.printer import Printer
from xdsl.utils.str_enum import StrEnum

from pto_dialect.attrs import AngleEnum
from pto_dialect.ops.base import (
    TileOp,
    print_values_colon_types,
)


class MaskPattern(StrEnum):
    P0101 = "P0101"
    P1010 = "P1010"
    P0001 = "P0001"
    P0010 = "P0010"
    P0100 = "P0100"
    P1000 = "P1000"
    P1111 = "P1111"


class Selection(NamedTuple):
    """Lane `position` of every group of `group` lanes."""

    group: int
    position: int


SELECTION: dict[MaskPattern, Selection] = {
    MaskPattern.P0101: Selection(2, 0),
    MaskPattern.P1010: Selection(2, 1),
    MaskPattern.P0001: Selection(4, 0),
    MaskPattern.P0010: Selection(4, 1),
    MaskPattern.P0100: Selection(4, 2),
    MaskPattern.P1000: Selection(4, 3),
    MaskPattern.P1111: Selection(1, 0),
}
"""tscatter.md's pattern table; pto-isa's A5 GetMaskVal builds the same lanes."""


@irdl_attr_definition
class MaskPatternAttr(AngleEnum, EnumAttribute[MaskPattern]):
    name = "pto.mask_pattern"


MASK_ATTR = "maskPattern"


def print_dps_with_attr_operand(op: TileOp, printer: Printer) -> None:
    """`ins(%src, {attrs} : T) outs(%dst : D)`, as PTOAS prints the mask forms."""
    printer.print_string(" ins(")
    printer.print_list(op.ins, printer.print_operand)
    printer.print_string(", ")
    printer.print_attr_dict(op.attributes)
    printer.print_string(" : ")
    printer.print_list([v.type for v in op.ins], printer.print_attribute)
    printer.print_string(") outs(")
    print_values_colon_types(printer, op.outs)
    printer.print_string(")")


ATTRIBUTES = [MaskPatternAttr]
