"""The producer's quantisation state of pushes through a fixpipe pipe (PTOAS PTOOps.td
`SetQuantScalarOp` / `SetQuantVectorOp`; pto-isa SET_QUANT_SCALAR.md, SET_QUANT_VECTOR.md):

  `pto.set_quant_scalar(%scale : f32) {id = 0}`
  `pto.set_quant_vector(%fp : !pto.tile_buf<loc=scaling, ...>) {id = 1}`

Each binds its payload to the pipe `id` (an `aic_initialize_pipe` with an
`#pto.acc_push_epilogue`, `fixpipe_epilogue`) whose quant mode reads that kind of state, until
the next one of the same kind and id.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import Float32Type, IntegerAttr, IntegerType, i32
from xdsl.ir import Operation
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, prop_def
from xdsl.parser import Parser
from xdsl.printer import Printer

from pto_dialect.attrs import KernelKind, Location, Pipe, TargetArch
from pto_dialect.dtypes import BF16, F16, F32, I64, U64, DType
from pto_dialect.ops.base import PtoOp, fail, int_value, target_of
from pto_dialect.ops.cross_core_pipe import (
    AicInitializePipeOp,
    TPopFromAicOp,
    epilogue_of,
    init_of,
    kernel_kind_of,
)
from pto_dialect.ops.fixpipe_epilogue import AccPushEpilogueAttr, consumer_dtypes
from pto_dialect.records import NoCycles
from pto_dialect.tile_types import TileBufType, TileTypeBase


class SetQuantOp(PtoOp):
    """`(%payload : T) {id = N}`: binds the payload to pipe `id` for later pushes."""

    PIPE: ClassVar[Pipe] = Pipe.S
    COST: ClassVar = NoCycles("configuration: a quant register write on the scalar unit")
    KIND: ClassVar[str]
    """`scalar` or `vector`: the modes whose pushes read it."""

    payload = operand_def()
    pipe_id = prop_def(IntegerAttr[IntegerType], prop_name="id")

    @classmethod
    def syntax_lines(cls) -> list[str]:
        """The form, as the reference prints it."""
        payload = (
            "%scale : f32" if cls.KIND == "scalar" else "%fp : !pto.tile_buf<loc=scaling, ...>"
        )
        return [f"- `{cls.name}({payload}) {{id = N}}`"]

    @classmethod
    def parse(cls, parser: Parser) -> SetQuantOp:
        parser.parse_punctuation("(")
        value = parser.parse_unresolved_operand()
        parser.parse_punctuation(":")
        payload = parser.resolve_operand(value, parser.parse_type())
        parser.parse_punctuation(")")
        parser.parse_punctuation("{")
        parser.parse_keyword("id")
        parser.parse_punctuation("=")
        ident = parser.parse_integer()
        parser.parse_punctuation("}")
        attrs = parser.parse_optional_attr_dict()
        op = cls.build(operands=[payload], properties={"id": IntegerAttr(ident, i32)})
        op.attributes |= attrs
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string("(")
        printer.print_operand(self.payload)
        printer.print_string(" : ")
        printer.print_attribute(self.payload.type)
        printer.print_string(f") {{id = {self.id_value}}}")
        printer.print_op_attributes(self.attributes)

    @property
    def id_value(self) -> int:
        return int_value(self.pipe_id)

    def verify_(self) -> None:
        kind = kernel_kind_of(self)
        if kind is not None and kind is not KernelKind.CUBE:
            raise fail(f"{self.name} must be inside a cube kernel function or section")
        init = init_of(self, self.id_value)
        if init is None:
            return  # a function without the pipe's set-up: checked when a push reads it
        if not isinstance(init, AicInitializePipeOp):
            raise fail(f"{self.name} id = {self.id_value} must name an aic_initialize_pipe")
        epilogue = init.properties.get("acc_push_epilogue")
        if not isinstance(epilogue, AccPushEpilogueAttr):
            raise fail(
                f"{self.name} id = {self.id_value} must name a fixpipe pipe (with an "
                "acc_push_epilogue)"
            )
        if epilogue.kind != self.KIND:
            raise fail(
                f"{self.name} id = {self.id_value} names a pipe whose quant = "
                f"{epilogue.quant.data} reads no {self.KIND} quantisation state"
            )


@irdl_op_definition
class SetQuantScalarOp(SetQuantOp):
    """Binds an f32 scale to pipe `id` for its scalar-mode pushes (pto-isa SET_QUANT_SCALAR:
    the f32 bits, sign-extended to 64, with bit 46 the signedness of an 8-bit result)."""

    name = "pto.set_quant_scalar"
    MANUAL: ClassVar = "SET_QUANT_SCALAR.md"
    KIND: ClassVar = "scalar"

    def verify_(self) -> None:
        if not isinstance(self.payload.type, Float32Type):
            raise fail(f"{self.name} scale must be f32, got {self.payload.type}")
        super().verify_()


VECTOR_PAYLOAD: dict[TargetArch, tuple[DType, ...]] = {
    # PTOAS `isFixpipeQuantPayloadElemType`: A3 packed 64-bit words, A5 the f16/bf16/f32
    # family; pto-isa's SET_QUANT_VECTOR reads only the tile's address (any type)
    TargetArch.A2A3: (U64, I64),
    TargetArch.A5: (F16, BF16, F32),
}


@irdl_op_definition
class SetQuantVectorOp(SetQuantOp):
    """Binds a scaling tile to pipe `id` for its vector-mode pushes (pto-isa SET_QUANT_VECTOR:
    FPC holds the tile's address in 128-byte units; the words are read by the push)."""

    name = "pto.set_quant_vector"
    MANUAL: ClassVar = "SET_QUANT_VECTOR.md"
    KIND: ClassVar = "vector"

    def verify_(self) -> None:
        kind = self.payload.type
        if not isinstance(kind, TileBufType) or kind.location is not Location.SCALING:
            raise fail(f"{self.name} payload must be a !pto.tile_buf in loc=scaling, got {kind}")
        arch = target_of(self).arch
        legal = VECTOR_PAYLOAD.get(arch)
        if legal is not None and kind.element not in legal:
            names = ", ".join(d.name for d in legal)
            raise fail(
                f"{self.name} payload element type {kind.element.name} is not supported on "
                f"target {arch.value} (supported: {names})"
            )
        super().verify_()


OPS: list[type[IRDLOperation]] = [SetQuantScalarOp, SetQuantVectorOp]


def consumer_dtype(push: Operation, pipe_id: int, source: DType) -> DType:
    """The element type the pushes of fixpipe pipe `pipe_id` arrive in: that of the peer's
    `tpop_from_aic` of the id with the same epilogue (PTOAS resolves the consumer's type the
    same way), else the mode's own (pto-isa `FixpipeConsDType`: i8 for the 8-bit modes)."""
    epilogue = epilogue_of(push, pipe_id)
    assert epilogue is not None
    top = push
    while (parent := top.parent_op()) is not None:
        top = parent
    for node in top.walk():
        if (
            isinstance(node, TPopFromAicOp)
            and node.id_value == pipe_id
            and isinstance(result := node.tile.type, TileTypeBase)
            and epilogue_of(node, pipe_id) == epilogue
        ):
            return result.element
    return consumer_dtypes(epilogue, source)[0]
