"""The ISA manual's signature for ops of the plain declarative format: operands, then `:`
and a function type, `%r = pto.vadd %a, %b, %m : (!pto.vreg<64xf32>, !pto.vreg<64xf32>,
!pto.mask<b32>) -> !pto.vreg<64xf32>` (vector/ops/*.md, "AS Level 1 (SSA)"), where PTOAS's
format, which the op prints, lists the types without parentheses (`: T, T, M -> R`).

It applies to the ops whose format is only operands, `attr-dict`, `:`, one `type($x)` per
operand in operand order and `->` one `type($r)` per result, each operand and result single
(about 110 vector and predicate ops); `parse` is tried when the declared format fails on
such an op.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from xdsl.ir import Attribute, Operation
from xdsl.irdl import IRDLOperation, OperandDef, ResultDef
from xdsl.parser import Parser
from xdsl.utils.exceptions import ParseError

_PLAIN = re.compile(
    r"^(?P<operands>\$\w+(?: `,` \$\w+)*) attr-dict `:` "
    r"(?P<types>type\(\$\w+\)(?: `,` type\(\$\w+\))*) "
    r"`->` (?P<results>type\(\$\w+\)(?: `,` type\(\$\w+\))*)$"
)


def plain_names(cls: type[IRDLOperation], text: str) -> tuple[list[str], list[str]] | None:
    """The operand and result names, in format order, of a plain format; None otherwise (or
    when an operand or result is optional or variadic)."""
    match = _PLAIN.match(" ".join(text.split()))
    if match is None:
        return None
    definition = cls.get_irdl_definition()
    kinds = {n: d for n, d in definition.operands} | {n: d for n, d in definition.results}
    operands = re.findall(r"\$(\w+)", match.group("operands"))
    if re.findall(r"\$(\w+)", match.group("types")) != operands:
        return None  # the types in another order than the operands
    results = re.findall(r"\$(\w+)", match.group("results"))
    for name in (*operands, *results):
        kind = kinds.get(name)
        if type(kind) not in (OperandDef, ResultDef):
            return None
    return operands, results


def _types(parser: Parser, count: int) -> Sequence[Attribute]:
    """`count` types, in parentheses or not."""
    if parser.parse_optional_punctuation("(") is not None:
        found = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        parser.parse_punctuation(")")
        return found
    found: list[Attribute] = [parser.parse_type()]
    while len(found) < count and parser.parse_optional_punctuation(",") is not None:
        found.append(parser.parse_type())
    return found


def parse(
    cls: type[IRDLOperation], parser: Parser, operand_names: Sequence[str],
    result_names: Sequence[str],
) -> Operation | None:  # fmt: skip
    """The op in the manual's form, or None (nothing consumed that matters: the caller
    resumes) when the text after `:` is not a parenthesized type list."""
    try:
        operands = parser.parse_comma_separated_list(
            parser.Delimiter.NONE, parser.parse_unresolved_operand
        )
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
    except ParseError:
        return None  # not this form: the declared format's error stands
    at = parser.pos
    if parser.parse_optional_punctuation("(") is None:
        return None
    types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
    parser.parse_punctuation(")")
    parser.parse_punctuation("->")
    result_types = _types(parser, len(result_names))
    if len(operands) != len(operand_names) or len(types) != len(operand_names):
        parser.raise_error(
            f"{cls.name} takes {len(operand_names)} operands, each with its type; got "
            f"{len(operands)} operands and {len(types)} types",
            at,
        )
    if len(result_types) != len(result_names):
        parser.raise_error(
            f"{cls.name} has {len(result_names)} results, got {len(result_types)} types", at
        )
    values = {
        name: parser.resolve_operand(operand, kind)
        for name, operand, kind in zip(operand_names, operands, types, strict=True)
    }
    by_result = dict(zip(result_names, result_types, strict=True))
    definition = cls.get_irdl_definition()
    properties = {k: v for k, v in attributes.items() if k in definition.properties}
    return cls.create(
        operands=[values[name] for name, _ in definition.operands],
        result_types=[by_result[name] for name, _ in definition.results],
        properties=properties,
        attributes={k: v for k, v in attributes.items() if k not in properties},
    )
