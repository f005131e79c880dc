"""Pipeline synchronisation: `set_flag`, `wait_flag`, `get_buf`, `rls_buf`, `barrier`.

- `pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]`: the source pipe signals the event to the
  destination pipe; `pto.wait_flag[...]` blocks the destination pipe until it arrives. Each item
  may also be written as a string (`"PIPE_MTE2"`) or a full attribute (`#pto.pipe<PIPE_MTE2>`).
- `pto.set_flag_dyn [#pto.pipe<PIPE_MTE2>, #pto.pipe<PIPE_V>, %e]` / `pto.wait_flag_dyn`: the
  same with the event id an index operand (`EVENT_ID<e>`, checked in [0, 8) when it runs).
- `pto.get_buf "PIPE_MTE2", 0, 0` / `pto.rls_buf ...`: acquire / release buffer slot `buf_id` on a
  pipe. `buf_id` and `mode` are integer literals or i64 SSA values
  (`pto.get_buf "PIPE_MTE2", %bufid, %c0 : i64, i64`); an omitted mode is 0.
- `pto.barrier #pto.pipe<PIPE_ALL>`: all earlier work of the pipe completes before later work.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import ClassVar, Self, TypeVar, cast

from xdsl.dialects.builtin import IndexType, IntegerAttr, i64
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer

from pto_dialect.attrs import Event, EventAttr, Pipe, PipeAttr
from pto_dialect.ops.base import PtoOp, fail, resolve
from pto_dialect.records import NoCycles, PipeRule

BUF_ID_COUNT = 32
"""Buffer ids `get_buf`/`rls_buf` can name: one global pool of 32 (PTOAS docs/isa/01)."""

_E = TypeVar("_E", Pipe, Event)


SYNC_OP_PIPES: dict[str, Pipe] = {
    "TLOAD": Pipe.MTE2,
    "TSTORE_VEC": Pipe.MTE3,
    "TSTORE_ACC": Pipe.FIX,
    "TMOV_M2L": Pipe.MTE1,
    "TMOV_M2B": Pipe.MTE1,
    "TMOV_M2S": Pipe.FIX,
    "TMOV_M2V": Pipe.V,
    "TMOV_V2M": Pipe.FIX,
    "TMATMUL": Pipe.M,
    "TVEC": Pipe.V,
    "TVECWAIT_EVENT": Pipe.V,
}
"""The pipe of each op type a pipe may be named by (`#pto.pipe_event_type<TLOAD>`, the older
`#pto.sync_op_type<TLOAD>`): PTOAS lib/PTO/IR/PTOSyncUtils.cpp `mapSyncOpTypeToPipe`."""


def _op_type_pipe(parser: Parser) -> Pipe:
    """`<T>`: the pipe of op type T (`SYNC_OP_PIPES`)."""
    start = parser.pos
    with parser.in_angle_brackets():
        kind = parser.parse_identifier()
    if kind not in SYNC_OP_PIPES:
        parser.raise_error(
            f"unknown op type '{kind}', expected one of {', '.join(SYNC_OP_PIPES)}",
            start,
            parser.pos,
        )
    return SYNC_OP_PIPES[kind]


def _parse_op_type_pipe(parser: Parser) -> Pipe | None:
    """`#pto.pipe_event_type<T>` or `#pto.sync_op_type<T>` as the pipe of op type T."""
    for prefix in ("#pto.pipe_event_type", "#pto.sync_op_type"):
        if parser.parse_optional_characters(prefix) is not None:
            return _op_type_pipe(parser)
    return None


def parse_barrier_sync(parser: Parser) -> BarrierOp:
    """PTOAS's `pto.barrier_sync [<T>]` (PTOOps.td `BarrierSyncOp`, op type T, also as
    `#pto.pipe_event_type<T>` / `#pto.sync_op_type<T>`): the `pto.barrier` of T's pipe, as
    PTOAS lowers it (`mapSyncOpTypeToPipe`)."""
    with parser.in_square_brackets():
        pipe = _parse_op_type_pipe(parser) or _op_type_pipe(parser)
    op = BarrierOp(pipe)
    op.attributes |= parser.parse_optional_attr_dict()
    return op


def _parse_enum_item(parser: Parser, enum: type[_E], attr_name: str) -> _E:
    """`"VALUE"`, `<VALUE>` or `#attr_name<VALUE>`; a pipe also as the op type it runs
    (`SYNC_OP_PIPES`)."""
    if enum is Pipe and (pipe := _parse_op_type_pipe(parser)) is not None:
        return cast(_E, pipe)
    if parser.parse_optional_characters(f"#{attr_name}") is not None:
        with parser.in_angle_brackets():
            return parser.parse_str_enum(enum)
    if parser.parse_optional_punctuation("<") is not None:
        value = parser.parse_str_enum(enum)
        parser.parse_punctuation(">")
        return value
    return parser.parse_str_enum(enum)


# ----------------------------------------------------------------------------------------
# set_flag / wait_flag
# ----------------------------------------------------------------------------------------


class PipePairOp(PtoOp):
    """A flag between two different pipes, `[src_pipe, dst_pipe, EVENT]`: its members say
    how the event is named (`_parse_event`, `_print_event`)."""

    DELIMITS_VECSCOPE: ClassVar[bool] = True

    src_pipe = prop_def(PipeAttr)
    dst_pipe = prop_def(PipeAttr)

    @property
    def src(self) -> Pipe:
        return self.src_pipe.data

    @property
    def dst(self) -> Pipe:
        return self.dst_pipe.data

    @classmethod
    @abstractmethod
    def _parse_event(cls, parser: Parser, src: Pipe, dst: Pipe) -> Self:
        """The op of pipes `src`, `dst` and the event `parser` is at."""

    @abstractmethod
    def _print_event(self, printer: Printer) -> None: ...

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        parser.parse_punctuation("[")
        src = _parse_enum_item(parser, Pipe, PipeAttr.name)
        parser.parse_punctuation(",")
        dst = _parse_enum_item(parser, Pipe, PipeAttr.name)
        parser.parse_punctuation(",")
        op = cls._parse_event(parser, src, dst)
        parser.parse_punctuation("]")
        op.attributes |= parser.parse_optional_attr_dict()
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(f"[<{self.src.value}>, <{self.dst.value}>, ")
        self._print_event(printer)
        printer.print_string("]")
        printer.print_op_attributes(self.attributes)

    def verify_(self) -> None:
        _check_pipes(self.name, self.src, self.dst)


class FlagOp(PipePairOp):
    """An event between two different pipes: `[src_pipe, dst_pipe, event]`."""

    event = prop_def(EventAttr)

    def __init__(self, src_pipe: Pipe, dst_pipe: Pipe, event: Event) -> None:
        super().__init__(
            properties={
                "src_pipe": PipeAttr(src_pipe),
                "dst_pipe": PipeAttr(dst_pipe),
                "event": EventAttr(event),
            }
        )

    @classmethod
    def _parse_event(cls, parser: Parser, src: Pipe, dst: Pipe) -> Self:
        return cls(src, dst, _parse_enum_item(parser, Event, EventAttr.name))

    def _print_event(self, printer: Printer) -> None:
        printer.print_string(f"<{self.event.data.value}>")


def _check_pipes(name: str, src: Pipe, dst: Pipe) -> None:
    """A flag goes between two different single pipes."""
    if Pipe.ALL in (src, dst):
        raise fail(f"{name} pipes must be single pipes, not PIPE_ALL (use pto.barrier)")
    if src == dst:
        raise fail(
            f"{name} source pipe {src.value} must differ from the destination "
            "pipe (use pto.barrier within one pipe)"
        )


@irdl_op_definition
class SetFlagOp(FlagOp):
    """Runs on the source pipe: signals `event` to the destination pipe."""

    name = "pto.set_flag"

    MANUAL: ClassVar = "scalar/ops/pipeline-sync/set-flag.md"
    COST: ClassVar = NoCycles("synchronisation: no cycles of its own")
    PIPE_RULES: ClassVar = (PipeRule("the flag's source pipe", None),)

    def pipe(self) -> Pipe:
        return self.src


@irdl_op_definition
class WaitFlagOp(FlagOp):
    """Runs on the destination pipe: blocks it until the source pipe has signalled `event`."""

    name = "pto.wait_flag"

    MANUAL: ClassVar = "scalar/ops/pipeline-sync/wait-flag.md"
    COST: ClassVar = NoCycles("synchronisation: no cycles of its own")
    PIPE_RULES: ClassVar = (PipeRule("the flag's destination pipe", None),)

    def pipe(self) -> Pipe:
        return self.dst


class FlagDynOp(PipePairOp):
    """`set_flag_dyn` / `wait_flag_dyn` `[src_pipe, dst_pipe, %event]`: a flag whose event id
    is an index operand (PTOAS `SetFlagDynOp`, read from a `!pto.eventid_array`)."""

    MANUAL: ClassVar = "scalar/ops/pipeline-sync/set-flag.md"
    COST: ClassVar = NoCycles("synchronisation: no cycles of its own")

    event_id = operand_def(IndexType)

    def __init__(self, src_pipe: Pipe, dst_pipe: Pipe, event_id: SSAValue) -> None:
        super().__init__(
            operands=[event_id],
            properties={"src_pipe": PipeAttr(src_pipe), "dst_pipe": PipeAttr(dst_pipe)},
        )

    @classmethod
    def _parse_event(cls, parser: Parser, src: Pipe, dst: Pipe) -> Self:
        return cls(src, dst, parser.resolve_operand(parser.parse_unresolved_operand(), IndexType()))

    def _print_event(self, printer: Printer) -> None:
        printer.print_operand(self.event_id)


@irdl_op_definition
class SetFlagDynOp(FlagDynOp):
    """`set_flag` with a run-time event id."""

    name = "pto.set_flag_dyn"

    PIPE_RULES: ClassVar = (PipeRule("the flag's source pipe", None),)

    def pipe(self) -> Pipe:
        return self.src


@irdl_op_definition
class WaitFlagDynOp(FlagDynOp):
    """`wait_flag` with a run-time event id."""

    name = "pto.wait_flag_dyn"

    MANUAL: ClassVar = "scalar/ops/pipeline-sync/wait-flag.md"
    PIPE_RULES: ClassVar = (PipeRule("the flag's destination pipe", None),)

    def pipe(self) -> Pipe:
        return self.dst


# ----------------------------------------------------------------------------------------
# get_buf / rls_buf
# ----------------------------------------------------------------------------------------


class BufOp(PtoOp):
    """Buffer-slot acquire/release on one pipe.

    `buf_id` and `mode` are each either an i64 operand or an integer property
    (`static_buf_id`, `static_mode`); exactly one of the two is present. `DYNAMIC`: PTOAS's
    `get_buf_dyn` / `rls_buf_dyn` spelling, an index buf_id operand written without its
    type (`pto.get_buf_dyn "PIPE_V", %id, 0`).
    """

    DELIMITS_VECSCOPE: ClassVar[bool] = True

    PIPE_RULES: ClassVar = (PipeRule("the pipe it names", None),)
    DYNAMIC: ClassVar[bool] = False

    buf_id = opt_operand_def()
    mode = opt_operand_def()
    target_pipe = prop_def(PipeAttr)
    static_buf_id = opt_prop_def(IntegerAttr)
    static_mode = opt_prop_def(IntegerAttr)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(
        self,
        pipe: Pipe,
        buf_id: int | SSAValue,
        mode: int | SSAValue = 0,
        attributes: dict[str, Attribute] | None = None,
    ) -> None:
        props: dict[str, Attribute] = {"target_pipe": PipeAttr(pipe)}
        if isinstance(buf_id, int):
            props["static_buf_id"] = IntegerAttr(buf_id, i64)
        if isinstance(mode, int):
            props["static_mode"] = IntegerAttr(mode, i64)
        super().__init__(
            operands=[
                [] if isinstance(buf_id, int) else [buf_id],
                [] if isinstance(mode, int) else [mode],
            ],
            properties=props,
            attributes=attributes,
        )

    def pipe(self) -> Pipe:
        return self.target_pipe.data

    def _forms(self) -> tuple[tuple[str, SSAValue | None, IntegerAttr | None], ...]:
        """(role, operand, literal) of `buf_id` and `mode`; exactly one of the two is set."""
        return (
            ("buf_id", self.buf_id, self.static_buf_id),
            ("mode", self.mode, self.static_mode),
        )

    def _value(
        self, role: str, operand: SSAValue | None, literal: IntegerAttr | None
    ) -> int | SSAValue:
        if operand is not None:
            return operand
        if literal is None:
            raise fail(f"{self.name} has no {role}")
        return literal.value.data

    @property
    def buf_id_value(self) -> int | SSAValue:
        """The buffer id: a literal or an SSA value."""
        return self._value(*self._forms()[0])

    @property
    def mode_value(self) -> int | SSAValue:
        """The mode: a literal or an SSA value."""
        return self._value(*self._forms()[1])

    @classmethod
    def parse(cls, parser: Parser) -> BufOp:
        """`"PIPE", id[, mode]` or PTOAS's `[PIPE, id[, mode]]` (the pipe also as an op
        type, `#pto.pipe_event_type<TLOAD>`)."""
        bracket = parser.parse_optional_punctuation("[") is not None
        pipe = _parse_enum_item(parser, Pipe, PipeAttr.name)
        items: list[int | UnresolvedOperand] = []
        while len(items) < 2 and parser.parse_optional_punctuation(",") is not None:
            operand = parser.parse_optional_unresolved_operand()
            items.append(
                operand if operand is not None else parser.parse_integer(allow_boolean=False)
            )
        if bracket:
            parser.parse_punctuation("]")
        if not items:
            parser.raise_error(f"{cls.name} expects a buf_id after the pipe")
        attrs = parser.parse_optional_attr_dict()
        unresolved = [i for i in items if isinstance(i, UnresolvedOperand)]
        values: list[SSAValue] = []
        if unresolved and cls.DYNAMIC:
            values = [parser.resolve_operand(u, IndexType()) for u in unresolved]
        elif unresolved:
            parser.parse_punctuation(":")
            types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
            values = resolve(parser, unresolved, types)
        resolved = iter(values)
        args = [i if isinstance(i, int) else next(resolved) for i in items]
        return cls(pipe, *args, attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(f' "{self.pipe().value}"')
        operands: list[SSAValue] = []
        for value in (self.buf_id_value, self.mode_value):
            printer.print_string(", ")
            if isinstance(value, int):
                printer.print_string(str(value))
            else:
                printer.print_operand(value)
                operands.append(value)
        printer.print_op_attributes(self.attributes)
        if operands and not self.DYNAMIC:
            printer.print_string(" : ")
            printer.print_list([v.type for v in operands], printer.print_attribute)

    def verify_(self) -> None:
        if self.pipe() == Pipe.ALL:
            raise fail(f"{self.name} needs a single pipe, not PIPE_ALL")
        for role, operand, literal in self._forms():
            if (operand is None) == (literal is None):
                raise fail(f"{self.name} {role} must be given exactly once: operand or literal")
            wanted = IndexType() if self.DYNAMIC else i64
            if operand is not None and operand.type != wanted:
                raise fail(f"{self.name} {role} must be {wanted}, got {operand.type}")
            if literal is not None and literal.value.data < 0:
                raise fail(f"{self.name} {role} {literal.value.data} must not be negative")
        if self.static_buf_id is not None and self.static_buf_id.value.data >= BUF_ID_COUNT:
            raise fail(
                f"{self.name} buf_id {self.static_buf_id.value.data} must be in "
                f"[0, {BUF_ID_COUNT - 1}]"
            )


class AcquireBufOp(BufOp):
    """Acquire buffer slot `buf_id` for the pipe (blocks until its last holder released it)."""


class ReleaseBufOp(BufOp):
    """Release buffer slot `buf_id` held by the pipe."""


@irdl_op_definition
class GetBufOp(AcquireBufOp):
    """Acquire buffer slot `buf_id` for the pipe (blocks until its last holder released it)."""

    name = "pto.get_buf"

    MANUAL: ClassVar = "scalar/ops/pipeline-sync/get-buf.md"
    COST: ClassVar = NoCycles("synchronisation: no cycles of its own")


@irdl_op_definition
class RlsBufOp(ReleaseBufOp):
    """Release buffer slot `buf_id` held by the pipe."""

    name = "pto.rls_buf"

    MANUAL: ClassVar = "scalar/ops/pipeline-sync/rls-buf.md"
    COST: ClassVar = NoCycles("synchronisation: no cycles of its own")


@irdl_op_definition
class GetBufDynOp(AcquireBufOp):
    """`pto.get_buf_dyn "P", %id[, mode]`: `get_buf` of a run-time (index) buffer id (PTOAS
    PTOOps.td `GetBufDynOp`: SIMT ping-pong buffering, `iter & 1`)."""

    name = "pto.get_buf_dyn"
    DYNAMIC: ClassVar[bool] = True

    MANUAL: ClassVar = "scalar/ops/pipeline-sync/get-buf.md"
    COST: ClassVar = NoCycles("synchronisation: no cycles of its own")


@irdl_op_definition
class RlsBufDynOp(ReleaseBufOp):
    """`pto.rls_buf_dyn "P", %id[, mode]`: `rls_buf` of a run-time (index) buffer id."""

    name = "pto.rls_buf_dyn"
    DYNAMIC: ClassVar[bool] = True

    MANUAL: ClassVar = "scalar/ops/pipeline-sync/rls-buf.md"
    COST: ClassVar = NoCycles("synchronisation: no cycles of its own")


# ----------------------------------------------------------------------------------------
# barrier
# ----------------------------------------------------------------------------------------


class PipeBarrier(PtoOp):
    """A barrier on `target_pipe`: all earlier work of the pipe (every pipe for PIPE_ALL)
    completes first. The family every pass, the pipe model and the checker read: `pto.barrier`
    and the tile chapter's `pto.tsync.op` (`tile_sync`)."""

    DELIMITS_VECSCOPE: ClassVar[bool] = True

    COST: ClassVar = NoCycles("synchronisation: no cycles of its own")
    PIPE_RULES: ClassVar = (PipeRule("the pipe it names (PIPE_ALL: every pipe)", None),)

    target_pipe = prop_def(PipeAttr)

    def pipe(self) -> Pipe:
        return self.target_pipe.data


@irdl_op_definition
class BarrierOp(PipeBarrier):
    """All earlier work of `target_pipe` (every pipe for PIPE_ALL) completes first.

    Accepts `#pto.pipe<P>`, `<P>` and `"P"`; a bare `#pto.pipe` (as seed 002 writes it) is
    read as PIPE_ALL. Prints `#pto.pipe<P>`.
    """

    name = "pto.barrier"

    MANUAL: ClassVar = "scalar/ops/pipeline-sync/pipe-barrier.md"

    def __init__(self, pipe: Pipe = Pipe.ALL) -> None:
        super().__init__(properties={"target_pipe": PipeAttr(pipe)})

    @classmethod
    def parse(cls, parser: Parser) -> BarrierOp:
        if parser.parse_optional_characters(f"#{PipeAttr.name}") is not None:
            pipe = Pipe.ALL
            if parser.parse_optional_punctuation("<") is not None:
                pipe = parser.parse_str_enum(Pipe)
                parser.parse_punctuation(">")
        else:
            pipe = _parse_enum_item(parser, Pipe, PipeAttr.name)
        op = cls(pipe)
        op.attributes |= parser.parse_optional_attr_dict()
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_attribute(self.target_pipe)
        printer.print_op_attributes(self.attributes)


OPS: list[type[IRDLOperation]] = [
    SetFlagOp,
    WaitFlagOp,
    SetFlagDynOp,
    WaitFlagDynOp,
    GetBufOp,
    RlsBufOp,
    GetBufDynOp,
    RlsBufDynOp,
    BarrierOp,
]
