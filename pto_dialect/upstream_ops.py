"""Upstream MLIR syntax PTOAS kernels use that xDSL 0.74 lacks.

- `arith.index_castui %x : i32 to index`: `arith.index_cast` reading an integer operand as
  unsigned (MLIR's `arith.index_castui`); its class is registered with the `pto` dialect
  (`universe.get_pto_dialect`), so a context knows it once a `pto` type, attribute or op has
  been read (every PTOAS kernel has one before its first cast), and `pto-opt`, `pto-run`
  and the Python API load `pto` first when the text uses it (`parsing.load_upstream_ops`).
- `llvm.extractelement %v[%i : i32] : vector<4xf32>`: one lane of a vector value (SIMT code
  on packed values; xDSL has the `llvm.insertelement` that builds one);
- `arith.select %c, %a, %b : i1, i32`: MLIR's form naming the condition type too; xDSL's
  parser reads only `: i32`. `arith.SelectOp` is given a parser that takes both (it prints
  the short form).
- `scf.if %c -> T {`: MLIR's form of one result type without parentheses (PTOAS's
  vmi_new/group-slots-cf-join-store); xDSL's parser wants `-> (T)`. `scf.IfOp` is given a
  parser that takes both (it prints the parenthesised form).
- `memref.reinterpret_cast`: MLIR's verifier, in `upstream_memref` (loaded with the first
  `memref.` op a kernel names: importing xDSL's memref dialect costs `pto-opt` about
  30 ms of its start-up).
"""

from __future__ import annotations

from typing import cast

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IndexType, IntegerType, VectorType
from xdsl.ir import Attribute, Operation, Region, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    base,
    irdl_op_definition,
    operand_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException


@irdl_op_definition
class IndexCastUIOp(IRDLOperation):
    """`%r = arith.index_castui %x : T to U`: an integer <-> index cast reading the
    operand as unsigned (zero extension where it widens)."""

    name = "arith.index_castui"

    input = operand_def(base(IntegerType) | base(IndexType))
    result = result_def(base(IntegerType) | base(IndexType))

    traits = traits_def(Pure())

    assembly_format = "$input attr-dict `:` type($input) `to` type($result)"

    def __init__(self, input_arg: SSAValue | Operation, target_type: Attribute) -> None:
        super().__init__(operands=[input_arg], result_types=[target_type])

    def verify_(self) -> None:
        if isinstance(self.input.type, IndexType) == isinstance(self.result.type, IndexType):
            raise VerifyException(
                f"arith.index_castui casts between index and an integer, not "
                f"{self.input.type} to {self.result.type}"
            )


def _vector_element(vector: Attribute) -> Attribute:
    if not isinstance(vector, VectorType):
        raise VerifyException(f"expected a vector type, got {vector}")
    return cast("VectorType[Attribute]", vector).element_type


def _parse_position(parser: Parser) -> tuple[UnresolvedOperand, Attribute]:
    """`[%i : i32]`."""
    parser.parse_punctuation("[")
    position = parser.parse_unresolved_operand()
    parser.parse_punctuation(":")
    position_type = parser.parse_type()
    parser.parse_punctuation("]")
    return position, position_type


@irdl_op_definition
class ExtractElementOp(IRDLOperation):
    """`%x = llvm.extractelement %v[%i : i32] : vector<NxT>`: lane `i` of `v`."""

    name = "llvm.extractelement"

    vector = operand_def()
    position = operand_def(base(IntegerType))
    result = result_def()

    traits = traits_def(Pure())

    @classmethod
    def parse(cls, parser: Parser) -> ExtractElementOp:
        vector = parser.parse_unresolved_operand()
        position, position_type = _parse_position(parser)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        vector_type = parser.parse_type()
        op = cls.create(
            operands=[
                parser.resolve_operand(vector, vector_type),
                parser.resolve_operand(position, position_type),
            ],
            result_types=[_vector_element(vector_type)],
            attributes=attrs,
        )
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.vector)
        printer.print_string("[")
        printer.print_operand(self.position)
        printer.print_string(f" : {self.position.type}]")
        printer.print_op_attributes(self.attributes)
        printer.print_string(f" : {self.vector.type}")

    def verify_(self) -> None:
        if self.result.type != _vector_element(self.vector.type):
            raise VerifyException(
                f"llvm.extractelement result type {self.result.type} must be the element type "
                f"of {self.vector.type}"
            )


def _parse_select(cls: type[arith.SelectOp], parser: Parser) -> arith.SelectOp:
    cond = parser.parse_unresolved_operand()
    parser.parse_punctuation(",")
    lhs = parser.parse_unresolved_operand()
    parser.parse_punctuation(",")
    rhs = parser.parse_unresolved_operand()
    attrs = parser.parse_optional_attr_dict()
    parser.parse_punctuation(":")
    first: Attribute = parser.parse_type()
    cond_type: Attribute = IntegerType(1)
    value_type = first
    if parser.parse_optional_punctuation(",") is not None:
        cond_type, value_type = first, parser.parse_type()
    op = cls(
        parser.resolve_operand(cond, cond_type),
        parser.resolve_operand(lhs, value_type),
        parser.resolve_operand(rhs, value_type),
    )
    op.attributes.update(attrs)
    return op


arith.SelectOp.parse = classmethod(_parse_select)  # pyright: ignore[reportAttributeAccessIssue]


def _parse_if(cls: type[scf.IfOp], parser: Parser) -> scf.IfOp:
    unresolved = parser.parse_unresolved_operand()
    cond = parser.resolve_operand(unresolved, IntegerType(1))
    types: list[Attribute] = []
    if parser.parse_optional_punctuation("->") is not None:
        if parser.parse_optional_punctuation("(") is not None:
            if parser.parse_optional_punctuation(")") is None:
                types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
                parser.parse_punctuation(")")
        else:
            types = [parser.parse_type()]
    then_region = cls.parse_region_with_yield(parser)
    else_region = (
        cls.parse_region_with_yield(parser) if parser.parse_optional_keyword("else") else Region()
    )
    attrs = parser.parse_optional_attr_dict()
    return cls(cond, types, then_region, else_region, attrs)


scf.IfOp.parse = classmethod(_parse_if)  # pyright: ignore[reportAttributeAccessIssue]

OPS: list[type[IRDLOperation]] = [IndexCastUIOp, ExtractElementOp]
