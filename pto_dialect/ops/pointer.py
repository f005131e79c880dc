"""Pointer ops on the scalar unit: `pto.castptr` and `pto.addptr`.

- `%p = pto.castptr %addr : i64 -> !pto.ptr<f32, ub>`: an integer address as a pointer
  (also pointer -> integer and pointer -> pointer);
- `%q = pto.addptr %p, %off : !pto.ptr<f16>, index -> !pto.ptr<f16>`: `%p` advanced by
  `%off` elements. The PTOAS form without the offset type (`: !pto.ptr<f16> ->
  !pto.ptr<f16>`, also with the types stripped to `<f16, gm>`) parses as well.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import IndexType, IntegerType, i64
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure

from pto_dialect.attrs import Pipe
from pto_dialect.memory_types import PtrType
from pto_dialect.ops.base import PtoOp, define_op, fail
from pto_dialect.records import NoCycles


def _is_address_integer(attr: Attribute) -> bool:
    return isinstance(attr, IntegerType | IndexType)


class PointerCastOp(PtoOp):
    """`%r = NAME %input : A -> B`: a pointer or an address as another (no cycles)."""

    MANUAL: ClassVar = "scalar/ops/micro-instruction/pointer-operations.md"
    COST: ClassVar = NoCycles("pointer arithmetic on the scalar unit: no cycles modelled")
    PIPE: ClassVar[Pipe] = Pipe.S

    input = operand_def()
    result = result_def()

    traits = traits_def(Pure())

    assembly_format = "$input attr-dict `:` type($input) `->` type($result)"

    def __init__(self, input: SSAValue | Operation, result_type: Attribute) -> None:
        super().__init__(operands=[input], result_types=[result_type])


@irdl_op_definition
class CastPtrOp(PointerCastOp):
    """`%p = pto.castptr %addr : i64 -> !pto.ptr<T, space>`: reinterpret an address."""

    name = "pto.castptr"

    def verify_(self) -> None:
        source, target = self.input.type, self.result.type
        for role, attr in (("input", source), ("result", target)):
            if not (isinstance(attr, PtrType) or _is_address_integer(attr)):
                raise fail(f"{self.name} {role} type {attr} must be an integer or a !pto.ptr")
        if not isinstance(source, PtrType) and not isinstance(target, PtrType):
            raise fail(
                f"{self.name} casts between an address and a pointer: input {source} or "
                f"result {target} must be a !pto.ptr"
            )


@irdl_op_definition
class AddPtrOp(PtoOp):
    """`%q = pto.addptr %p, %off : !pto.ptr<T>, index -> !pto.ptr<T>`: `%off` in elements."""

    name = "pto.addptr"

    MANUAL: ClassVar = "scalar/ops/micro-instruction/pointer-operations.md"
    COST: ClassVar = NoCycles("pointer arithmetic on the scalar unit: no cycles modelled")

    PIPE: ClassVar[Pipe] = Pipe.S

    ptr = operand_def(PtrType)
    offset = operand_def()
    result = result_def(PtrType)

    traits = traits_def(Pure())

    def __init__(
        self,
        ptr: SSAValue | Operation,
        offset: SSAValue | Operation,
        result_type: Attribute | None = None,
    ) -> None:
        if result_type is None:
            result_type = SSAValue.get(ptr).type
        super().__init__(operands=[ptr, offset], result_types=[result_type])

    @classmethod
    def parse(cls, parser: Parser) -> AddPtrOp:
        ptr = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        offset = parser.parse_unresolved_operand()
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        ptr_type = _parse_ptr_type(parser)
        offset_type: Attribute = IndexType()
        if parser.parse_optional_punctuation(",") is not None:
            offset_type = parser.parse_type()
        parser.parse_punctuation("->")
        result_type = _parse_ptr_type(parser)
        op = cls(
            parser.resolve_operand(ptr, ptr_type),
            parser.resolve_operand(offset, offset_type),
            result_type,
        )
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.ptr)
        printer.print_string(", ")
        printer.print_operand(self.offset)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.ptr.type)
        printer.print_string(", ")
        printer.print_attribute(self.offset.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        ptr = self.ptr.type
        assert isinstance(ptr, PtrType)
        if not ptr.is_typed:
            raise fail(
                f"{self.name} needs a typed pointer such as !pto.ptr<f32>: the offset counts "
                "elements"
            )
        if not isinstance(self.offset.type, IndexType):
            raise fail(f"{self.name} offset type {self.offset.type} must be index (in elements)")
        if self.result.type != ptr:
            raise fail(f"{self.name} result type {self.result.type} must equal the ptr type {ptr}")


def _parse_ptr_type(parser: Parser) -> Attribute:
    """`!pto.ptr<...>` or the stripped `<T, space>` that PTOAS prints for known types."""
    pos = parser.pos
    parsed = parser.parse_optional_type()
    if parsed is not None:
        return parsed
    stripped = PtrType.new(PtrType.parse_parameters(parser))
    if not stripped.is_typed:
        parser.raise_error("expected a !pto.ptr type", pos, parser.pos)
    return stripped


class PtrIntCastOp(PointerCastOp):
    """`ptrtoint` / `inttoptr`: a pointer as an i64 address and back (PTOAS PTOOps.td)."""

    TO_INT: ClassVar[bool]

    def verify_(self) -> None:
        types: tuple[Attribute, Attribute] = (self.input.type, self.result.type)
        pointer, integer = types if self.TO_INT else types[::-1]
        if not isinstance(pointer, PtrType):
            raise fail(f"{self.name} pointer type {pointer} must be a !pto.ptr")
        if not isinstance(integer, IntegerType):
            raise fail(f"{self.name} address type {integer} must be an integer")
        if self.TO_INT and integer != i64:
            raise fail(f"{self.name} result type {integer} must be i64")


PtrToIntOp = define_op(
    PtrIntCastOp, "PtrToIntOp", "pto.ptrtoint", "`%a = pto.ptrtoint %p : P -> i64`.",
    TO_INT=True,
)  # fmt: skip
IntToPtrOp = define_op(
    PtrIntCastOp, "IntToPtrOp", "pto.inttoptr", "`%p = pto.inttoptr %a : iN -> P`.",
    TO_INT=False,
)  # fmt: skip

OPS: list[type[IRDLOperation]] = [CastPtrOp, AddPtrOp, PtrToIntOp, IntToPtrOp]
