"""Tile ops whose attributes sit inside `ins(...)` in DPS form, as the manual and PTOAS
print them: `pto.tcvt ins(%src {rmode = #pto.round_mode<RINT>} : T) outs(%dst : D)`.

The SSA form keeps the attr-dict after the operands (`TileOp`'s syntax). An attr-dict after
`outs(...)` is accepted too; the printer puts every attribute inside `ins(...)`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from xdsl.dialects.builtin import StringAttr, UnitAttr
from xdsl.ir import Attribute, SSAValue
from xdsl.parser import Parser
from xdsl.printer import Printer

from pto_dialect.ops.base import (
    SEGMENTS,
    TileOp,
    parse_operands_colon_types,
    print_values_colon_types,
    resolve,
    segments,
)


def parse_dps_attrs_in_ins(
    parser: Parser,
) -> tuple[list[SSAValue], dict[str, Attribute], dict[str, Attribute]]:
    """After `ins`: `(%a, ... [,] {attrs} : T, ...) outs(%d : D) {attrs}?`; the operands,
    the segment-sizes property and the attributes of the attr-dicts. The attr-dict inside
    `ins` may follow the operands with a comma, as PTOAS prints the mask forms."""
    parser.parse_punctuation("(")
    ins = [parser.parse_unresolved_operand()]
    attrs: dict[str, Attribute] = {}
    while parser.parse_optional_punctuation(",") is not None:
        inline = parser.parse_optional_attr_dict()
        if inline:
            attrs |= inline
            break
        ins.append(parser.parse_unresolved_operand())
    if parser.parse_optional_keyword("no_tmp") is not None:  # PTOAS's tmrgsort, level 2
        attrs["no_tmp"] = UnitAttr()
    attrs |= parser.parse_optional_attr_dict()
    parser.parse_punctuation(":")
    in_types = [parser.parse_type()]
    while parser.parse_optional_punctuation(",") is not None:
        axis = parser.parse_optional_str_literal()
        if axis is not None:  # PTOAS's mask-pattern gather/scatter: `..., "row")`
            attrs["axis"] = StringAttr(axis)
            break
        in_types.append(parser.parse_type())
    parser.parse_punctuation(")")
    parser.parse_keyword("outs")
    parser.parse_punctuation("(")
    outs, out_types = parse_operands_colon_types(parser)
    parser.parse_punctuation(")")
    attrs |= parser.parse_optional_attr_dict()
    operands = [*resolve(parser, ins, in_types), *resolve(parser, outs, out_types)]
    return operands, {SEGMENTS: segments(len(ins), len(outs))}, attrs


def print_dps_attrs_in_ins(op: TileOp, printer: Printer) -> None:
    """The DPS form with every attribute inside `ins(...)`."""
    printer.print_string(" ins(")
    printer.print_list(op.ins, printer.print_operand)
    printer.print_op_attributes(op.attributes)
    printer.print_string(" : ")
    printer.print_list([v.type for v in op.ins], printer.print_attribute)
    printer.print_string(") outs(")
    print_values_colon_types(printer, op.outs)
    printer.print_string(")")


class AttrInInsTileOp(TileOp):
    """A tile op with attributes (compare mode, round mode, ...) inside `ins(...)`."""

    ATTR_ALIASES: ClassVar[Mapping[str, str]] = {}
    """Other names PTOAS accepts for an attribute, mapped to the name this op keeps."""
    SYNTAX: ClassVar[tuple[str, ...]]
    """The op's forms, as the op reference lists them."""

    @classmethod
    def syntax_lines(cls) -> list[str]:
        """The op reference's lines: one per form of `SYNTAX`."""
        return [f"- {form}" for form in cls.SYNTAX]

    @classmethod
    def _canonical(cls, parser: Parser, attrs: dict[str, Attribute]) -> dict[str, Attribute]:
        for alias, name in cls.ATTR_ALIASES.items():
            if alias in attrs:
                if name in attrs:
                    parser.raise_error(f"{cls.name} takes one of {alias} and {name}, not both")
                attrs[name] = attrs.pop(alias)
        return attrs

    @classmethod
    def parse(cls, parser: Parser) -> TileOp:
        if parser.parse_optional_keyword("ins") is None:
            op = super().parse(parser)
            op.attributes = cls._canonical(parser, dict(op.attributes))
            return op
        operands, properties, attrs = parse_dps_attrs_in_ins(parser)
        return cls.create(
            operands=operands, properties=properties, attributes=cls._canonical(parser, attrs)
        )

    def print(self, printer: Printer) -> None:
        if not self.outs:
            super().print(printer)
            return
        print_dps_attrs_in_ins(self, printer)
