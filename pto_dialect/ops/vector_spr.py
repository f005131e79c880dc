"""The AR special register of the unaligned store forms: `pto.sprclr "AR"` clears it,
`pto.sprsti "AR", %dst[%imm]` and `pto.sprsts "AR", %dst[%off]` store it to UB (PTOAS
docs/isa/micro-isa/03-vector-load-store.md, "SPR State Ops"; VPTOOps.td).

- `sprsti`: `%imm` a constant signed 8-bit i32 counting 4-byte words; `sprsts`: `%off` an i32
  counting bytes. Both store AR as one 32-bit word at `dst + offset` and, in the post-update
  form (`-> !pto.ptr<...>`), give `dst` advanced by that offset.
- Rules (PTOAS VPTO.cpp `verifySprStoreCommon`): only "AR"; inside a `pto.vecscope`; a UB
  pointer of ui32 or i32; an i32 offset.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import IntegerType, StringAttr, i32
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_result_def,
    prop_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer

from pto_dialect.attrs import Pipe
from pto_dialect.memory_types import MemorySpace, PtrType
from pto_dialect.ops.base import PtoOp, fail
from pto_dialect.ops.tile_memory import constant_index
from pto_dialect.ops.vecscope import InVecScope
from pto_dialect.records import NoCycles

_MANUAL = (
    "https://github.com/hw-native-sys/PTOAS/blob/main/docs/isa/micro-isa/03-vector-load-store.md"
)
_COST = NoCycles("a special-register access: no published figure")
SPRS = ("AR",)


def _check_spr(op: PtoOp, spr: StringAttr) -> None:
    if spr.data not in SPRS:
        raise fail(f'{op.name} requires spr to be "AR", got "{spr.data}"')


@irdl_op_definition
class SprClrOp(PtoOp):
    """`pto.sprclr "AR"`: AR = 0."""

    name = "pto.sprclr"

    MANUAL: ClassVar = _MANUAL
    COST: ClassVar = _COST
    PIPE: ClassVar[Pipe] = Pipe.V

    spr = prop_def(StringAttr)

    traits = traits_def(InVecScope(required=True))

    assembly_format = "$spr attr-dict"

    def __init__(self, spr: str = "AR") -> None:
        super().__init__(properties={"spr": StringAttr(spr)})

    def verify_(self) -> None:
        _check_spr(self, self.spr)


class SprStoreOp(PtoOp):
    """`[%next =] pto.sprst<i|s> "AR", %dst[%off] : P, i32 [-> P]`."""

    MANUAL: ClassVar = _MANUAL
    COST: ClassVar = _COST
    PIPE: ClassVar[Pipe] = Pipe.V
    OFFSET_BYTES: ClassVar[int]
    """Bytes one unit of the offset counts (sprsti: 4-byte words, sprsts: bytes)."""
    IMMEDIATE: ClassVar[bool]

    spr = prop_def(StringAttr)
    destination = operand_def(PtrType)
    offset = operand_def(IntegerType)
    updated_base = opt_result_def(PtrType)

    traits = traits_def(InVecScope(required=True))

    def __init__(
        self, destination: SSAValue | Operation, offset: SSAValue | Operation, post: bool = False
    ) -> None:
        ptr = SSAValue.get(destination).type
        super().__init__(
            operands=[destination, offset],
            result_types=[[ptr] if post else []],
            properties={"spr": StringAttr("AR")},
        )

    @classmethod
    def parse(cls, parser: Parser) -> SprStoreOp:
        spr = parser.parse_str_literal('"AR"')
        parser.parse_punctuation(",")
        dst = parser.parse_unresolved_operand()
        parser.parse_punctuation("[")
        off = parser.parse_unresolved_operand()
        parser.parse_punctuation("]")
        attrs = parser.parse_optional_attr_dict()
        results: list[Attribute] = []
        if parser.parse_optional_punctuation(":") is not None:
            dst_type = parser.parse_type()
            parser.parse_punctuation(",")
            off_type = parser.parse_type()
            if parser.parse_optional_punctuation("->") is not None:
                results.append(parser.parse_type())
        else:  # PTOAS also writes it without types: the operands are defined above
            found = parser.ssa_values.get(dst.operand_name)
            if not found:
                parser.raise_error(f"%{dst.operand_name} must be defined before this op", dst.span)
            dst_type, off_type = found[dst.index].type, i32
            if parser.parse_optional_punctuation("->") is not None:
                results.append(parser.parse_type())
        op = cls.create(
            operands=[parser.resolve_operand(dst, dst_type), parser.resolve_operand(off, off_type)],
            result_types=results,
            properties={"spr": StringAttr(spr)},
            attributes=attrs,
        )
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(f' "{self.spr.data}", ')
        printer.print_operand(self.destination)
        printer.print_string("[")
        printer.print_operand(self.offset)
        printer.print_string("]")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.destination.type)
        printer.print_string(", ")
        printer.print_attribute(self.offset.type)
        if self.updated_base is not None:
            printer.print_string(" -> ")
            printer.print_attribute(self.updated_base.type)

    def verify_(self) -> None:
        _check_spr(self, self.spr)
        ptr = self.destination.type
        assert isinstance(ptr, PtrType)
        element = ptr.element
        if (
            ptr.memory is not MemorySpace.UB
            or element is None
            or element.name not in ("i32", "ui32")
        ):
            raise fail(f"{self.name} destination {ptr} must be a UB pointer of ui32 or i32")
        if self.offset.type != i32:
            raise fail(f"{self.name} offset type {self.offset.type} must be i32")
        if self.IMMEDIATE:
            n = constant_index(self.offset)
            if n is None:
                raise fail(f"{self.name} offset must be a constant (an 8-bit immediate)")
            if not -128 <= n <= 127:
                raise fail(f"{self.name} offset {n} must be a signed 8-bit immediate")
        if self.updated_base is not None and self.updated_base.type != ptr:
            raise fail(f"{self.name} updated base {self.updated_base.type} must be {ptr}")


@irdl_op_definition
class SprStiOp(SprStoreOp):
    """AR stored at `dst + 4 * imm` bytes."""

    name = "pto.sprsti"

    OFFSET_BYTES: ClassVar[int] = 4
    IMMEDIATE: ClassVar[bool] = True


@irdl_op_definition
class SprStsOp(SprStoreOp):
    """AR stored at `dst + off` bytes."""

    name = "pto.sprsts"

    OFFSET_BYTES: ClassVar[int] = 1
    IMMEDIATE: ClassVar[bool] = False


OPS: list[type[IRDLOperation]] = [SprClrOp, SprStiOp, SprStsOp]
