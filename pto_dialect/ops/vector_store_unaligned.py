"""The unaligned-store stream (seed 002): vector register -> UB on PIPE_V through an
alignment state. The flushes `vsta`, `vstas`, `vstar` write the buffered tail; the
state-threading stores `vstu`, `vstus`, `vstur` store and carry the state. The UB pointer
rules are those of the other stores (`vector_store`).
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import IndexType, StringAttr, i32
from xdsl.ir import SSAValue
from xdsl.irdl import (
    AnyAttr,
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    opt_result_def,
    result_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer

from pto_dialect.attrs import PostUpdate
from pto_dialect.memory_types import PtrType
from pto_dialect.ops.base import fail, resolve
from pto_dialect.ops.vector_common import (
    ALIGN,
    I32_SCALAR,
    PTR,
    VREG,
    operand_of,
    parse_mode,
    string_props,
)
from pto_dialect.ops.vector_store import Stored, VectorStoreOp
from pto_dialect.vector_types import AlignType

# ---- alignment-state flushes --------------------------------------------------------------


class AlignFlushOp(VectorStoreOp):
    """Writes the buffered tail bytes of an unaligned-store stream to `dest`."""

    DATA: ClassVar[tuple[str, ...]] = ()


@irdl_op_definition
class VstaOp(AlignFlushOp):
    """`pto.vsta %align, %dst[%off] : !pto.align, P, index`."""

    name = "pto.vsta"

    MANUAL: ClassVar = "vector/ops/vector-load-store/vsta.md"

    align = operand_def(ALIGN)
    dest = operand_def(PTR)
    offset = operand_def(IndexType())

    assembly_format = (
        "$align `,` $dest `[` $offset `]` attr-dict `:` type($align) `,` type($dest) `,` "
        "type($offset)"
    )

    def __init__(self, align: SSAValue, dest: SSAValue, offset: SSAValue) -> None:
        super().__init__(operands=[align, dest, offset])


@irdl_op_definition
class VstasOp(AlignFlushOp):
    """`pto.vstas %align, %dst, %off : !pto.align, P, i32`: the flush point `%off` elements
    of the pointer's type past `%dst` (PTOAS micro-isa 03-vector-load-store.md and its
    vstas-vstus-offset-update board case; docs/decisions.md)."""

    name = "pto.vstas"

    MANUAL: ClassVar = "vector/ops/vector-load-store/vstas.md"

    align = operand_def(ALIGN)
    dest = operand_def(PTR)
    offset = operand_def(I32_SCALAR)
    updated_base = opt_result_def(PTR)
    """PTOAS's post-update form: the flush at `dest`, and `dest` advanced by `offset`
    destination elements (PTOAS micro-isa 03-vector-load-store.md; its vstas-post-update
    board case)."""

    assembly_format = (
        "$align `,` $dest `,` $offset attr-dict `:` type($align) `,` type($dest) `,` type($offset)"
        " (`->` type($updated_base)^)?"
    )

    def __init__(
        self, align: SSAValue, dest: SSAValue, offset: SSAValue, post_update: bool = False
    ) -> None:
        super().__init__(
            operands=[align, dest, offset], result_types=[[dest.type] if post_update else []]
        )


@irdl_op_definition
class VstarOp(AlignFlushOp):
    """`pto.vstar %align, %dst : !pto.align, P`."""

    name = "pto.vstar"

    MANUAL: ClassVar = "vector/ops/vector-load-store/vstar.md"

    align = operand_def(ALIGN)
    dest = operand_def(PTR)

    assembly_format = "$align `,` $dest attr-dict `:` type($align) `,` type($dest)"

    def __init__(self, align: SSAValue, dest: SSAValue) -> None:
        super().__init__(operands=[align, dest])


# ---- unaligned stores with threaded state ---------------------------------------------------


class UnalignedStoreOp(VectorStoreOp):
    """An unaligned store stream step; forms differ by operands and a trailing `"MODE"`.

    Syntax: `%results = pto.OP %a, %b, ... [, "MODE"] attr-dict : in-types -> out-types`.
    """

    mode = opt_prop_def(StringAttr)

    @classmethod
    def parse(cls, parser: Parser) -> UnalignedStoreOp:
        operands: list[UnresolvedOperand] = [parser.parse_unresolved_operand()]
        mode: str | None = None
        while parser.parse_optional_punctuation(",") is not None:
            if (text := parser.parse_optional_str_literal()) is not None:
                mode = text
                break
            operands.append(parser.parse_unresolved_operand())
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        in_types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        parser.parse_punctuation("->")
        out_types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        props = string_props(mode=mode)
        if "mode" in attrs:
            props["mode"] = attrs.pop("mode")
        return cls.create(
            operands=resolve(parser, operands, in_types),
            result_types=out_types,
            properties=props,
            attributes=attrs,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list(self.operands, printer.print_operand)
        if self.mode is not None:
            printer.print_string(", ")
            printer.print_string_literal(self.mode.data)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_list([o.type for o in self.operands], printer.print_attribute)
        printer.print_string(" -> ")
        printer.print_list([r.type for r in self.results], printer.print_attribute)

    @property
    def post_update(self) -> PostUpdate | None:
        """The form-B mode token, None in form A."""
        if self.mode is None:
            return None
        return parse_mode(self.name, "mode", self.mode.data, PostUpdate)


def _state_type(value: SSAValue) -> str:
    return "!pto.ptr" if isinstance(value.type, PtrType) else str(value.type)


class ThreadedStoreOp(UnalignedStoreOp):
    """Operands `%align, %state, %value, %dest` then a form-A operand or a form-B `"MODE"`.

    Form A threads a base pointer (`%state` is the base, checked like `dest`); form B an
    offset (`%state`, checked by `verify_form_b`). Results: the alignment state, then the
    threaded value (of the type of operand `THREADED_TYPE_OF`, checked by `verify_threaded`).
    """

    FORM_A_OPERAND: ClassVar[tuple[str, str]]
    """Field name and description of the operand only form A has."""
    THREADED_TYPE_OF: ClassVar[str] = "state_in"
    """The operand (`state_in` or `dest`) whose type the second result has on construction."""

    def __init__(
        self,
        align_in: SSAValue,
        state_in: SSAValue,
        value: SSAValue,
        dest: SSAValue,
        last: SSAValue | PostUpdate | str,
    ) -> None:
        """Form A when `last` is a value (the form-A operand), form B when it is a mode token."""
        form_a = isinstance(last, SSAValue)
        super().__init__(
            operands=[align_in, state_in, value, dest, [last] if form_a else []],
            result_types=[
                AlignType(),
                {"state_in": state_in, "dest": dest}[self.THREADED_TYPE_OF].type,
            ],
            properties={} if form_a else string_props(mode=last),
        )

    def verify_store(self, ptr: PtrType, stored: Stored) -> None:
        super().verify_store(ptr, stored)
        field, description = self.FORM_A_OPERAND
        form_a = getattr(self, field) is not None
        if form_a == (self.mode is not None):
            raise fail(
                f'{self.name} takes either {description} operand (form A) or a "MODE" string '
                "(form B), exactly one of them"
            )
        state_in = operand_of(self, "state_in")
        if form_a:
            if not isinstance(state_in.type, PtrType):
                raise fail(
                    f"{self.name} form A threads a base pointer: base_in must be a !pto.ptr, "
                    f"got {state_in.type}"
                )
            self.ub_pointer(state_in, "base_in")
            self.check_same_type("base_in", state_in, "dest", ptr)
        else:
            self.post_update  # noqa: B018 - raises on an illegal token
            self.verify_form_b(state_in)
        self.verify_threaded(ptr, form_a)

    def verify_form_b(self, offset_in: SSAValue) -> None:
        """The form-B offset operand."""

    def verify_threaded(self, ptr: PtrType, form_a: bool) -> None:
        """The second result."""


@irdl_op_definition
class VstuOp(ThreadedStoreOp):
    """Unaligned store threading alignment state plus a base or an offset.

    Form A: `%a2, %p2 = pto.vstu %a, %base_in, %v, %dst, %mode : A, P, V, P, index -> A, P`.
    Form B: `%a2, %o2 = pto.vstu %a, %off, %v, %base, "MODE" : A, index, V, P -> A, index`.
    One class: form A has the `%mode` index operand, form B the `"MODE"` string.
    """

    name = "pto.vstu"

    MANUAL: ClassVar = "vector/ops/vector-load-store/vstu.md"

    FORM_A_OPERAND: ClassVar[tuple[str, str]] = ("mode_operand", "an index %mode")

    align_in = operand_def(ALIGN)
    state_in = operand_def(AnyAttr())
    value = operand_def(VREG)
    dest = operand_def(PTR)
    mode_operand = opt_operand_def(IndexType())
    align_out = result_def(ALIGN)
    state_out = result_def(AnyAttr())

    def verify_form_b(self, offset_in: SSAValue) -> None:
        if not isinstance(offset_in.type, IndexType):
            raise fail(
                f"{self.name} form B threads an offset: offset_in must be index, got "
                f"{_state_type(offset_in)}"
            )

    def verify_threaded(self, ptr: PtrType, form_a: bool) -> None:
        if form_a:
            self.check_same_type("base_out", self.state_out, "dest", ptr)
        else:
            self.check_same_type("offset_out", self.state_out, "offset_in", IndexType())


@irdl_op_definition
class VstusOp(ThreadedStoreOp):
    """Unaligned store with a scalar i32 offset.

    Form A: `%a2, %p2 = pto.vstus %a, %base_in, %v, %dst, %off : A, P, V, P, i32 -> A, P`.
    Form B: `%a2, %p2 = pto.vstus %a, %off, %v, %base, "MODE" : A, i32, V, P -> A, P`.
    PTOAS's form (no MODE): `%a2[, %p2] = pto.vstus %a, %off, %v, %base : A, i32, V, P ->
    A[, P]`: `%off` counts elements of the pointer's type (PTOAS micro-isa
    03-vector-load-store.md; the vstas-vstus-offset-update board case), `%p2` the base
    advanced by them.
    """

    name = "pto.vstus"

    MANUAL: ClassVar = "vector/ops/vector-load-store/vstus.md"

    FORM_A_OPERAND: ClassVar[tuple[str, str]] = ("offset", "an i32 %offset")
    THREADED_TYPE_OF: ClassVar[str] = "dest"

    align_in = operand_def(ALIGN)
    state_in = operand_def(AnyAttr())
    value = operand_def(VREG)
    dest = operand_def(PTR)
    offset = opt_operand_def(I32_SCALAR)
    align_out = result_def(ALIGN)
    base_out = opt_result_def(PTR)

    @property
    def ptoas_form(self) -> bool:
        """PTOAS's form: neither form A's offset operand nor form B's MODE."""
        return self.offset is None and self.mode is None

    def verify_store(self, ptr: PtrType, stored: Stored) -> None:
        if not self.ptoas_form:
            if self.base_out is None:
                raise fail(f"{self.name} form A and form B give the base as a second result")
            super().verify_store(ptr, stored)
            return
        VectorStoreOp.verify_store(self, ptr, stored)
        self.verify_form_b(self.state_in)
        if self.base_out is not None:
            self.check_same_type("base_out", self.base_out, "dest", ptr)

    def verify_form_b(self, offset_in: SSAValue) -> None:
        if offset_in.type != i32:
            raise fail(
                f"{self.name} form B takes an i32 scalar offset, got {_state_type(offset_in)}"
            )

    def verify_threaded(self, ptr: PtrType, form_a: bool) -> None:
        assert self.base_out is not None
        self.check_same_type("base_out", self.base_out, "dest", ptr)


@irdl_op_definition
class VsturOp(UnalignedStoreOp):
    """Unaligned store updating only the residual state.

    Form A: `%a2 = pto.vstur %a, %v, %dst : A, V, P -> A`.
    Form B: `%a2 = pto.vstur %a, %v, %base, "MODE" : A, V, P -> A`.
    """

    name = "pto.vstur"

    MANUAL: ClassVar = "vector/ops/vector-load-store/vstur.md"

    align_in = operand_def(ALIGN)
    value = operand_def(VREG)
    dest = operand_def(PTR)
    align_out = result_def(ALIGN)

    def __init__(
        self,
        align_in: SSAValue,
        value: SSAValue,
        dest: SSAValue,
        mode: PostUpdate | str | None = None,
    ) -> None:
        super().__init__(
            operands=[align_in, value, dest],
            result_types=[AlignType()],
            properties=string_props(mode=mode),
        )

    def verify_store(self, ptr: PtrType, stored: Stored) -> None:
        super().verify_store(ptr, stored)
        self.post_update  # noqa: B018 - raises on an illegal token


OPS: list[type[IRDLOperation]] = [
    VstaOp,
    VstuOp,
    VstusOp,
    VsturOp,
    VstasOp,
    VstarOp,
]
