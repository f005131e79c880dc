"""The `comm.*` ops between ranks (devices) of a parallel group (PTOAS PTOOps.td, verifiers
in PTO.cpp `verifyCommGlobalLike` / `verifyCommSignalLike` / `verifyCommStagingTileLike` /
`verifyCommGlobalGroup`; manual: comm/):

  `pto.comm.tput(%dst, %src, buf(%ping[, %pong]) : Td, Ts, Tp[, Tp]) {atomicType = ...}`
  `pto.comm.tget(%dst, %src, buf(%ping[, %pong]) : Td, Ts, Tp[, Tp])`
  `pto.comm.tnotify(%signal, %v : Tsig, i32) {notifyOp = #pto<notify_op set>}`
  `pto.comm.twait(%signal, %v : Tsig, i32) {cmp = #pto<wait_cmp ge>}` (`ttest` ... `-> i1`)
  `pto.comm.tbroadcast(%src, recv(%ping[, %pong]), group(%g0, ...) : Ts, Tp[, Tp], Tg...)
   {root = R : i32}` (`tgather` / `tscatter` likewise with dst / src)
  `pto.comm.treduce(%dst, %acc, recv(%ping[, %pong]), group(...) : ...) {reduceOp = ..., root}`

A GM operand is a tensor view or a partition view naming local or (through the rank's
window) remote GM; the staging tiles are UB tiles the op moves the data through. The run-time
semantics are in `interpreters/ops/comm.py` and docs/semantics.md ("Communication").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, cast

from xdsl.dialects.builtin import I32, IntegerAttr, IntegerType, MemRefType, i1
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    var_operand_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer

from pto_dialect.attrs import Location, Pipe
from pto_dialect.memory_types import PartitionTensorViewType, ShapedViewBase
from pto_dialect.ops.base import PtoOp, fail, int_value
from pto_dialect.ops.tile_memory import is_gm_memref
from pto_dialect.option_attrs import (
    AtomicTypeAttr,
    NotifyOpAttr,
    ReduceOpAttr,
    WaitCmpAttr,
    option_value,
)
from pto_dialect.records import CostFormula, Formula, NoCycles
from pto_dialect.tile_types import DYNAMIC, TileBufType

_PAGES = "comm/"
_MOVE = Formula(CostFormula.TRANSFER, estimate="GM -> UB -> GM through the staging tile")


# ---- PTOAS's operand rules (PTO.cpp) ------------------------------------------------------------
def view_of(value: SSAValue) -> ShapedViewBase | None:
    """The GM view an operand is: a tensor or partition view, or a static GM memref (the
    spelling of PTOAS's 2026-06 kernels) as the partition view of its shape; else None."""
    kind = value.type
    if isinstance(kind, ShapedViewBase):
        return kind
    if is_gm_memref(kind):
        memref = cast(MemRefType[Attribute], kind)
        return PartitionTensorViewType(memref.get_shape(), memref.element_type)
    return None


def check_global(op: IRDLOperation, value: SSAValue, what: str, dynamic: bool = False) -> None:
    """`verifyCommGlobalLike`: a tensor or partition view of positive static dimensions
    (`dynamic`: a partition view may have `?` dimensions: tput / tget)."""
    view = view_of(value)
    if view is None:
        raise fail(f"{op.name} expects {what} to be a tensor_view or partition_view")
    for dim in view.dims:
        if dim == DYNAMIC:
            if not dynamic:
                raise fail(f"{op.name} does not support dynamic dimensions on {what}")
            if not isinstance(view, PartitionTensorViewType):
                raise fail(
                    f"{op.name} allows dynamic dimensions on {what} only for partition_tensor_view"
                )
        elif dim <= 0:
            raise fail(f"{op.name} expects every static dimension of {what} to be positive")


def check_signal(op: IRDLOperation, value: SSAValue) -> None:
    """`verifyCommSignalLike`: a GM view of i32 signals."""
    check_global(op, value, "signal")
    if element(value) != IntegerType(32):
        raise fail(f"{op.name} expects signal element type to be i32")


def check_staging(op: IRDLOperation, value: SSAValue, what: str) -> None:
    """`verifyCommStagingTileLike`: a UB tile_buf of static shape."""
    tile = value.type
    if not isinstance(tile, TileBufType):
        raise fail(f"{op.name} expects {what} to be a tile_buf")
    if tile.location is not Location.VEC:
        raise fail(f"{op.name} expects {what} to be in vec address space")


def check_pair(op: IRDLOperation, ping: SSAValue, pong: SSAValue | None, names: str) -> None:
    """`verifyCommPingPongSameType`: both staging tiles of one type."""
    first, second = names.split()
    check_staging(op, ping, first)
    if pong is not None:
        check_staging(op, pong, second)
        if ping.type != pong.type:
            raise fail(f"{op.name} expects {first} and {second} to have identical types")


def check_group(op: IRDLOperation, group: Sequence[SSAValue], root: int) -> None:
    """`verifyCommGlobalGroup` and the root's range."""
    if not group:
        raise fail(f"{op.name} expects at least one group operand")
    for i, member in enumerate(group):
        check_global(op, member, f"group[{i}]")
        if member.type != group[0].type:
            raise fail(f"{op.name} expects all group operands to have identical types")
    if not 0 <= root < len(group):
        raise fail(f"{op.name} expects root to index into group operands")


def element(value: SSAValue) -> Attribute:
    """The element type of a view or tile operand."""
    kind = value.type
    if isinstance(kind, TileBufType):
        return kind.dtype
    view = view_of(value)
    assert view is not None
    return view.element_type


# ---- syntax -------------------------------------------------------------------------------------
Attrs = dict[str, Attribute]


def _take_props(parser: Parser, keys: dict[str, type[Attribute]]) -> tuple[Attrs, Attrs]:
    """The attribute dictionary split into the op's properties `keys` and the rest."""
    pos = parser.pos
    attrs = parser.parse_optional_attr_dict()
    props: dict[str, Attribute] = {}
    for key, kind in keys.items():
        if key in attrs:
            value = attrs.pop(key)
            if not isinstance(value, kind):
                parser.raise_error(f"{key} must be a {kind.name}", pos)
            props[key] = value
    return props, attrs


class CommOp(PtoOp):
    """An op of the `comm` family: a barrier of the core's pipes around GM <-> GM traffic."""

    PIPE: ClassVar = Pipe.ALL
    COST: ClassVar = _MOVE
    PROPS: ClassVar[dict[str, type[Attribute]]] = {}

    def print_props(self, printer: Printer) -> None:
        shown = {k: v for k in self.PROPS if (v := self.properties.get(k)) is not None}
        printer.print_op_attributes({**shown, **self.attributes})


class TransferOp(CommOp):
    """`tput` / `tget`: GM to GM between ranks through the UB staging tile(s)."""

    dst = operand_def()
    src = operand_def()
    ping = operand_def(TileBufType)
    pong = opt_operand_def(TileBufType)
    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    @property
    def adds(self) -> bool:
        """Whether the op adds to `dst` (an atomic put) rather than overwriting it."""
        return False

    @classmethod
    def parse(cls, parser: Parser) -> TransferOp:
        parser.parse_punctuation("(")
        names = [parser.parse_unresolved_operand()]
        parser.parse_punctuation(",")
        names.append(parser.parse_unresolved_operand())
        parser.parse_punctuation(",")
        parser.parse_keyword("buf")
        bufs = parser.parse_comma_separated_list(
            parser.Delimiter.PAREN, parser.parse_unresolved_operand
        )
        parser.parse_punctuation(":")
        types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        parser.parse_punctuation(")")
        operands = names + bufs
        if len(bufs) > 2 or len(types) != len(operands):
            parser.raise_error(f"{cls.name} takes dst, src and one or two staging tiles, "
                               "one type each")  # fmt: skip
        values = [parser.resolve_operand(o, t) for o, t in zip(operands, types, strict=True)]
        props, attrs = _take_props(parser, cls.PROPS)
        op = cls.build(operands=[values[0], values[1], values[2], values[3:]], properties=props)
        op.attributes |= attrs
        return op

    def print(self, printer: Printer) -> None:
        bufs = [self.ping, *([self.pong] if self.pong is not None else [])]
        printer.print_string("(")
        printer.print_list([self.dst, self.src], printer.print_operand)
        printer.print_string(", buf(")
        printer.print_list(bufs, printer.print_operand)
        printer.print_string(") : ")
        printer.print_list([v.type for v in (self.dst, self.src, *bufs)], printer.print_attribute)
        printer.print_string(")")
        self.print_props(printer)

    def verify_(self) -> None:
        check_global(self, self.dst, "dst", dynamic=True)
        check_global(self, self.src, "src", dynamic=True)
        check_staging(self, self.ping, "ping")
        check_pair(self, self.ping, self.pong, "ping pong")
        dst, src = view_of(self.dst), view_of(self.src)
        assert dst is not None and src is not None
        if dst.element_type != src.element_type:
            raise fail(f"{self.name} expects src and dst to have the same element type")
        if dst.dims != src.dims:
            raise fail(
                f"{self.name} expects src and dst to have the same static/dynamic shape signature"
            )
        if element(self.ping) != src.element_type:
            raise fail(f"{self.name} expects staging tile element type to match src/dst")


@irdl_op_definition
class TPutOp(TransferOp):
    """Writes local GM `src` to (remote) GM `dst`, or adds it there (`atomicType`)."""

    name = "pto.comm.tput"
    MANUAL: ClassVar = _PAGES + "TPUT.md"
    atomic_type = opt_prop_def(AtomicTypeAttr, prop_name="atomicType")
    PROPS: ClassVar = {"atomicType": AtomicTypeAttr}

    @property
    def adds(self) -> bool:
        return option_value(self.atomic_type) == "atomic_add"  # pyright: ignore[reportIncompatibleMethodOverride]


@irdl_op_definition
class TGetOp(TransferOp):
    """Reads (remote) GM `src` into local GM `dst`."""

    name = "pto.comm.tget"
    MANUAL: ClassVar = _PAGES + "TGET.md"


class SignalOp(CommOp):
    """`(%signal, %value : T, i32) {key = ...}`: an op on a GM view of i32 signals."""

    COST: ClassVar = NoCycles("a signal: one scalar GM access, synchronisation")
    KEY: ClassVar[str]
    signal = operand_def()
    value = operand_def(IntegerType)

    @classmethod
    def parse(cls, parser: Parser) -> SignalOp:
        parser.parse_punctuation("(")
        names = [parser.parse_unresolved_operand()]
        parser.parse_punctuation(",")
        names.append(parser.parse_unresolved_operand())
        parser.parse_punctuation(":")
        types = [parser.parse_type()]
        parser.parse_punctuation(",")
        types.append(parser.parse_type())
        parser.parse_punctuation(")")
        values = [parser.resolve_operand(o, t) for o, t in zip(names, types, strict=True)]
        props, attrs = _take_props(parser, cls.PROPS)
        if cls.KEY not in props:
            parser.raise_error(f"{cls.name} expects the '{cls.KEY}' attribute")
        results: list[Attribute] = []
        if parser.parse_optional_punctuation("->") is not None:
            results.append(parser.parse_type())
        op = cls.build(operands=values, properties=props, result_types=results)
        op.attributes |= attrs
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string("(")
        printer.print_list([self.signal, self.value], printer.print_operand)
        printer.print_string(" : ")
        printer.print_list([self.signal.type, self.value.type], printer.print_attribute)
        printer.print_string(")")
        self.print_props(printer)
        if self.results:
            printer.print_string(" -> ")
            printer.print_attribute(self.results[0].type)

    VALUE_NAME: ClassVar = "cmp_value"

    def verify_(self) -> None:
        check_signal(self, self.signal)
        if self.value.type != IntegerType(32):
            raise fail(f"{self.name} expects {self.VALUE_NAME} to be i32")


@irdl_op_definition
class TNotifyOp(SignalOp):
    """Stores `value` to the first signal of `signal`, or adds it atomically."""

    name = "pto.comm.tnotify"
    MANUAL: ClassVar = _PAGES + "TNOTIFY.md"
    KEY: ClassVar = "notifyOp"
    PROPS: ClassVar = {"notifyOp": NotifyOpAttr}
    VALUE_NAME: ClassVar = "value"
    notify_op = prop_def(NotifyOpAttr, prop_name="notifyOp")


class CompareOp(SignalOp):
    """`twait` / `ttest`: every signal of the view compared with the value."""

    KEY: ClassVar = "cmp"
    PROPS: ClassVar = {"cmp": WaitCmpAttr}
    cmp = prop_def(WaitCmpAttr)

    @property
    def comparison(self) -> str:
        return str(option_value(self.cmp))


@irdl_op_definition
class TWaitOp(CompareOp):
    """Blocks until every signal of `signal` compares true with the value."""

    name = "pto.comm.twait"
    MANUAL: ClassVar = _PAGES + "TWAIT.md"


@irdl_op_definition
class TTestOp(CompareOp):
    """Whether every signal of `signal` compares true with the value now (no blocking)."""

    name = "pto.comm.ttest"
    MANUAL: ClassVar = _PAGES + "TTEST.md"
    result = result_def(i1)


class CollectiveOp(CommOp):
    """`(%x[, %acc], recv(%ping[, %pong]), group(%g...) : types) {root = R : i32}`: an op of
    the root rank over the group members' GM (`group[k]`: rank k's buffer as the root sees
    it)."""

    FIXED: ClassVar[tuple[str, ...]]
    """The names of the operands before `recv(...)`."""
    STAGING: ClassVar[tuple[str, str]] = ("ping", "pong")
    """The names of the staging tiles in `recv(...)`."""
    WHOLE_TYPE: ClassVar[bool] = False
    """Whether the first fixed operand has the group members' type (tbroadcast), not only
    their element type."""
    root = prop_def(IntegerAttr[I32])
    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    @property
    def root_index(self) -> int:
        return int_value(self.root)

    def parts(self) -> tuple[list[SSAValue], SSAValue, SSAValue | None, list[SSAValue]]:
        """The fixed operands, ping, pong and the group."""
        ping, pong = (cast(SSAValue | None, getattr(self, name)) for name in self.STAGING)
        assert ping is not None
        fixed = [cast(SSAValue, getattr(self, name)) for name in self.FIXED]
        group = self.operands[len(fixed) + 1 + (pong is not None) :]  # the last, variadic
        return fixed, ping, pong, list(group)

    @classmethod
    def parse(cls, parser: Parser) -> CollectiveOp:
        parser.parse_punctuation("(")
        fixed: list[UnresolvedOperand] = []
        for _ in cls.FIXED:
            fixed.append(parser.parse_unresolved_operand())
            parser.parse_punctuation(",")
        parser.parse_keyword("recv")
        recv = parser.parse_comma_separated_list(
            parser.Delimiter.PAREN, parser.parse_unresolved_operand
        )
        parser.parse_punctuation(",")
        parser.parse_keyword("group")
        group = parser.parse_comma_separated_list(
            parser.Delimiter.PAREN, parser.parse_unresolved_operand
        )
        parser.parse_punctuation(":")
        types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        parser.parse_punctuation(")")
        names = [*fixed, *recv]
        if len(recv) > 2 or len(types) != len(names) + len(group):
            parser.raise_error(f"{cls.name} needs one type per operand")
        values = [parser.resolve_operand(o, t) for o, t in zip(names + group, types, strict=True)]
        props, attrs = _take_props(parser, cls.PROPS)
        for key in cls.PROPS:
            if key not in props:
                parser.raise_error(f"expected '{key}' attribute")
        n, r = len(fixed), len(recv)
        segments = [[v] for v in values[:n]] + [[values[n]], values[n + 1 : n + r],
                                                 values[n + r :]]  # fmt: skip
        op = cls.build(operands=segments, properties=props)
        op.attributes |= attrs
        return op

    def print(self, printer: Printer) -> None:
        fixed, ping, pong, group = self.parts()
        recv = [ping, *([pong] if pong is not None else [])]
        printer.print_string("(")
        for value in fixed:
            printer.print_operand(value)
            printer.print_string(", ")
        printer.print_string("recv(")
        printer.print_list(recv, printer.print_operand)
        printer.print_string("), group(")
        printer.print_list(group, printer.print_operand)
        printer.print_string(") : ")
        printer.print_list([v.type for v in (*fixed, *recv, *group)], printer.print_attribute)
        printer.print_string(")")
        self.print_props(printer)

    def verify_(self) -> None:
        fixed, ping, pong, group = self.parts()
        check_global(self, fixed[0], self.FIXED[0])
        if len(fixed) > 1:
            check_staging(self, fixed[1], "acc")
        check_staging(self, ping, self.STAGING[0])
        check_pair(self, ping, pong, " ".join(self.STAGING))
        check_group(self, group, self.root_index)
        first, role = fixed[0], self.FIXED[0]
        if self.WHOLE_TYPE and first.type != group[0].type:
            raise fail(f"{self.name} expects {role} type to match group member type")
        if not self.WHOLE_TYPE and element(first) != element(group[0]):
            raise fail(f"{self.name} expects {role} element type to match group member type")
        if len(fixed) == 1 and element(ping) != element(first):
            raise fail(f"{self.name} expects staging tile element type to match {role}")


class OneToAllOp(CollectiveOp):
    """`tbroadcast` / `tscatter`: the root's `src` out to the group."""

    FIXED: ClassVar = ("src",)
    src = operand_def()
    ping = operand_def(TileBufType)
    pong = opt_operand_def(TileBufType)
    group = var_operand_def()
    PROPS: ClassVar = {"root": IntegerAttr}


@irdl_op_definition
class TBroadcastOp(OneToAllOp):
    """Copies the root's `src` to every group member (the root's own buffer too)."""

    name = "pto.comm.tbroadcast"
    MANUAL: ClassVar = _PAGES + "TBROADCAST.md"
    WHOLE_TYPE: ClassVar = True


@irdl_op_definition
class CommTScatterOp(OneToAllOp):
    """Copies the k-th block of the root's `src` to group member k."""

    name = "pto.comm.tscatter"
    MANUAL: ClassVar = _PAGES + "TSCATTER.md"


@irdl_op_definition
class CommTGatherOp(CollectiveOp):
    """Copies group member k to the k-th block of the root's `dst`."""

    name = "pto.comm.tgather"
    MANUAL: ClassVar = _PAGES + "TGATHER.md"
    FIXED: ClassVar = ("dst",)
    dst = operand_def()
    ping = operand_def(TileBufType)
    pong = opt_operand_def(TileBufType)
    group = var_operand_def()
    PROPS: ClassVar = {"root": IntegerAttr}


@irdl_op_definition
class TReduceOp(CollectiveOp):
    """`dst` = the group members combined by `reduceOp`: the root's first, then the others in
    rank order, in the element type (pto-isa TReduce.hpp)."""

    name = "pto.comm.treduce"
    MANUAL: ClassVar = _PAGES + "TREDUCE.md"
    FIXED: ClassVar = ("dst", "acc")
    dst = operand_def()
    acc = operand_def(TileBufType)
    recv_ping = operand_def(TileBufType)
    recv_pong = opt_operand_def(TileBufType)
    group = var_operand_def()
    reduce_op = prop_def(ReduceOpAttr, prop_name="reduceOp")
    PROPS: ClassVar = {"reduceOp": ReduceOpAttr, "root": IntegerAttr}
    STAGING: ClassVar = ("recv_ping", "recv_pong")

    def verify_(self) -> None:
        super().verify_()
        if self.acc.type != self.recv_ping.type:
            raise fail(f"{self.name} expects acc and recv_ping to have identical types")
        if element(self.acc) != element(self.dst):
            raise fail(f"{self.name} expects accumulator/receive tiles to match dst element type")


OPS: list[type[IRDLOperation]] = [
    TPutOp,
    TGetOp,
    TNotifyOp,
    TWaitOp,
    TTestOp,
    TBroadcastOp,
    CommTGatherOp,
    CommTScatterOp,
    TReduceOp,
]
