"""Stack-local structs of the scalar unit (PTOAS PTOOps.td `declare_struct`, `struct_get`,
`struct_set`; `!pto.struct` in PTOTypeDefs.td).

- `%s = pto.declare_struct -> !pto.struct<f16, i8, !pto.struct<f32, i8>>`: fields of
  scalar types (integers of 8, 16, 32 or 64 bits, f16, bf16, f32, f64) or nested structs;
- `%v = pto.struct_get %s[2, 0] : !pto.struct<...> -> f32`: the scalar field the constant
  path of field indices reaches (through nested structs);
- `pto.struct_set %s[2, 0], %v : !pto.struct<...>, f32`: writes it in place.

A struct is stack storage of the scope that declares it: it is never returned or yielded,
and `struct_get`/`struct_set` access only a `pto.declare_struct` result (PTOAS's provenance
rule, test/lit/pto/struct_*_invalid.pto: not a function argument, not a select of two).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, cast

from xdsl.dialects.builtin import (
    ArrayAttr,
    BFloat16Type,
    DenseArrayBase,
    Float16Type,
    Float32Type,
    Float64Type,
    IntegerType,
    i64,
)
from xdsl.ir import Attribute, Operation, ParametrizedAttribute, SSAValue, TypeAttribute
from xdsl.irdl import (
    IRDLOperation,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
)
from xdsl.parser import AttrParser, Parser
from xdsl.printer import Printer
from xdsl.traits import IsTerminator
from xdsl.utils.exceptions import VerifyException

from pto_dialect.ops.base import PtoOp, fail
from pto_dialect.records import NoCycles

_PTOAS_MANUAL = "https://github.com/hw-native-sys/PTOAS/blob/main/docs/PTO_IR_manual.md"
_COST = NoCycles("a scalar register/stack access: no cycles modelled")
_FLOATS = (Float16Type, BFloat16Type, Float32Type, Float64Type)


@irdl_attr_definition
class StructType(ParametrizedAttribute, TypeAttribute):
    """`!pto.struct<f16, i8, !pto.struct<f32, i8>>`: fields in order."""

    name = "pto.struct"

    fields: ArrayAttr[Attribute]

    def __init__(self, fields: Sequence[Attribute]) -> None:
        super().__init__(ArrayAttr(fields))

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        fields = parser.parse_comma_separated_list(parser.Delimiter.ANGLE, parser.parse_type)
        return [ArrayAttr(fields)]

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_list(self.fields.data, printer.print_attribute)

    def verify(self) -> None:
        for field in self.fields.data:
            scalar = isinstance(field, _FLOATS) or (
                isinstance(field, IntegerType)
                and cast(IntegerType, field).bitwidth in (8, 16, 32, 64)
            )
            if not scalar and not isinstance(field, StructType):
                raise VerifyException(
                    f"pto.struct field {field} is not an 8/16/32/64-bit integer, f16, bf16, "
                    "f32, f64 or a nested !pto.struct"
                )

    def field_at(self, path: Sequence[int], what: str) -> Attribute:
        """The scalar field `path` reaches; `what` names the op in messages."""
        kind: Attribute = self
        for depth, index in enumerate(path):
            if not isinstance(kind, StructType):
                raise fail(f"{what} path {list(path)} passes scalar field at depth {depth}")
            if not 0 <= index < len(kind.fields.data):
                raise fail(f"{what} path {list(path)}: field {index} of {kind} does not exist")
            kind = kind.fields.data[index]
        if isinstance(kind, StructType):
            raise fail(
                f"{what} path {list(path)} stops at the nested {kind}: extend it to a scalar"
            )
        return kind


@irdl_op_definition
class DeclareStructOp(PtoOp):
    """`%s = pto.declare_struct -> !pto.struct<...>`: a fresh struct (C++ leaves it
    uninitialised; the interpreter starts every field at 0, docs/semantics.md)."""

    name = "pto.declare_struct"

    MANUAL: ClassVar = _PTOAS_MANUAL
    COST: ClassVar = _COST

    result = result_def(StructType)

    assembly_format = "attr-dict `->` type($result)"

    def verify_(self) -> None:
        for use in self.result.uses:
            if use.operation.has_trait(IsTerminator):
                raise fail(
                    f"{self.name} result must not be returned or yielded "
                    f"({use.operation.name}): it is storage of the scope that declares it"
                )


def _parse_path(parser: Parser) -> list[int]:
    """`[i, j, ...]`: the field indices."""
    return parser.parse_comma_separated_list(
        parser.Delimiter.SQUARE, lambda: parser.parse_integer(allow_boolean=False)
    )


class StructAccessOp(PtoOp):
    """`struct_get` / `struct_set`: one scalar field by a constant path."""

    MANUAL: ClassVar = _PTOAS_MANUAL
    COST: ClassVar = _COST

    path = prop_def(DenseArrayBase)

    @property
    def struct(self) -> SSAValue:
        return self.operands[0]

    @property
    def indices(self) -> tuple[int, ...]:
        return tuple(int(v) for v in self.path.get_values())  # pyright: ignore[reportUnknownArgumentType, reportUnknownVariableType, reportUnknownMemberType, reportAttributeAccessIssue]

    def scalar(self) -> SSAValue:
        """The value read or written."""
        return self.results[0] if self.results else self.operands[1]

    def verify_(self) -> None:
        kind = self.struct.type
        assert isinstance(kind, StructType)
        if not isinstance(self.struct.owner, DeclareStructOp):
            raise fail(
                f"{self.name} struct must be a pto.declare_struct result (stack storage of this "
                "function), not a function argument or another op's result"
            )
        if not self.indices:
            raise fail(f"{self.name} needs a path of at least one field index")
        field = kind.field_at(self.indices, self.name)
        if self.scalar().type != field:
            raise fail(
                f"{self.name} value type {self.scalar().type} must equal the field's type {field}"
            )


@irdl_op_definition
class StructGetOp(StructAccessOp):
    """`%v = pto.struct_get %s[i, ...] : !pto.struct<...> -> T`."""

    name = "pto.struct_get"

    source = operand_def(StructType)
    value = result_def()

    def __init__(self, struct: SSAValue | Operation, path: Sequence[int], kind: Attribute):
        super().__init__(
            operands=[struct],
            result_types=[kind],
            properties={"path": DenseArrayBase.from_list(i64, path)},
        )

    @classmethod
    def parse(cls, parser: Parser) -> StructGetOp:
        struct = parser.parse_unresolved_operand()
        path = _parse_path(parser)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        kind = parser.parse_type()
        parser.parse_punctuation("->")
        result = parser.parse_type()
        op = cls(parser.resolve_operand(struct, kind), path, result)
        op.attributes |= attrs
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.struct)
        printer.print_string(f"[{', '.join(map(str, self.indices))}]")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.struct.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.value.type)


@irdl_op_definition
class StructSetOp(StructAccessOp):
    """`pto.struct_set %s[i, ...], %v : !pto.struct<...>, T`."""

    name = "pto.struct_set"

    target = operand_def(StructType)
    value = operand_def()

    def __init__(self, struct: SSAValue | Operation, path: Sequence[int], value: SSAValue):
        super().__init__(
            operands=[struct, value], properties={"path": DenseArrayBase.from_list(i64, path)}
        )

    @classmethod
    def parse(cls, parser: Parser) -> StructSetOp:
        struct = parser.parse_unresolved_operand()
        path = _parse_path(parser)
        parser.parse_punctuation(",")
        value = parser.parse_unresolved_operand()
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        kind = parser.parse_type()
        parser.parse_punctuation(",")
        value_type = parser.parse_type()
        op = cls(
            parser.resolve_operand(struct, kind),
            path,
            parser.resolve_operand(value, value_type),
        )
        op.attributes |= attrs
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.struct)
        printer.print_string(f"[{', '.join(map(str, self.indices))}], ")
        printer.print_operand(self.value)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.struct.type)
        printer.print_string(", ")
        printer.print_attribute(self.value.type)


OPS: list[type[IRDLOperation]] = [DeclareStructOp, StructGetOp, StructSetOp]
TYPES: list[type[Attribute]] = [StructType]
