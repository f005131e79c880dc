"""Synchronisation between the cores of a cluster, and `pipe_barrier` (the manual's spelling).

- A2/A3: `pto.set_cross_core %core_id, %event_id : i64, i64` signals semaphore `event_id`
  (mode 2: to both vector subblocks); `pto.wait_flag_dev %event_id : i64` blocks the whole
  core until the semaphore is signalled.
- A5: `pto.set_intra_block %pipe, %sem_id : i64, i64` signals semaphore `sem_id` (0-15 AIV0,
  16-31 AIV1) from pipe `%pipe`; `pto.wait_intra_core %pipe, %sem_id : i64, i64` blocks pipe
  `%pipe` until it is signalled.
- `pto.pipe_barrier "PIPE_V"`: the manual's name of `pto.barrier`.

Manual: docs/isa/scalar/ops/pipeline-sync/. Each op is only on the targets its page names.
"""

from __future__ import annotations

from typing import ClassVar, cast

from xdsl.dialects.builtin import IndexType, IntegerAttr, IntegerType, i32, i64
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    var_operand_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer

from pto_dialect.attrs import Pipe, PipeAttr, TargetArch
from pto_dialect.ops.base import PtoOp, define_op, fail, target_of
from pto_dialect.ops.ffts import NAMED_PIPES, parse_pipe_event
from pto_dialect.ops.sync import BarrierOp
from pto_dialect.records import NoCycles

_PAGES = "scalar/ops/pipeline-sync/"
_SYNC = NoCycles("synchronisation: no cycles of its own")


class CrossCoreOp(PtoOp):
    """A semaphore signal or wait between the cores of a cluster: i64 operands, `ARCH` only.

    Syntax: the operands, `:`, their types. `SEMAPHORES`: the ids the semaphore operand may
    name (checked at run time)."""

    ARCH: ClassVar[TargetArch]
    SEMAPHORES: ClassVar[int]
    SIGNALS: ClassVar[bool]
    """A signal (set) rather than a wait."""

    assembly_format = "operands attr-dict `:` type(operands)"

    def verify_(self) -> None:
        names = [name for name, _ in self.get_irdl_definition().operands]
        for role, value in zip(names, self.operands, strict=True):
            if value.type != i64:
                raise fail(f"{self.name} {role} must be i64, got {value.type}")
        self.verify_arch()

    def verify_arch(self) -> None:
        arch = target_of(self).arch
        if arch is not self.ARCH and arch is not TargetArch.CPU:
            raise fail(
                f"{self.name} is only on {self.ARCH.value} (target {arch.value}): see its page"
            )


class SemaphoreOp(CrossCoreOp):
    """`%event_id` alone (A2/A3 `wait_flag_dev`)."""

    event_id = operand_def()


class CoreSemaphoreOp(CrossCoreOp):
    """`%core_id, %event_id` (A2/A3 `set_cross_core`)."""

    core_id = operand_def()
    event_id = operand_def()


class PipeSemaphoreOp(CrossCoreOp):
    """The manual's `%pipe, %sem_id : i64, i64` (A5: the pipe by its pipe_t value), or
    PTOAS's `<PIPE_X>, N` / `<PIPE_X>, %id : index` (`#pto.pipe<PIPE_X>` too): the pipe and
    a static id as properties, a dynamic id an index operand; on A5 ids 0-31, on A2/A3
    0-15 (PTOAS lowers it there to an FFTS mode-2 set / `wait_flag_dev`)."""

    args = var_operand_def()
    target_pipe = opt_prop_def(PipeAttr, prop_name="pipe")
    event_id = opt_prop_def(IntegerAttr[IntegerType])

    assembly_format = None

    def pipe(self) -> Pipe:
        return super().pipe() if self.target_pipe is None else self.target_pipe.data

    @classmethod
    def parse(cls, parser: Parser) -> PipeSemaphoreOp:
        first = parser.parse_optional_unresolved_operand()
        if first is not None:  # the manual's form
            values = [first]
            while parser.parse_optional_punctuation(",") is not None:
                values.append(parser.parse_unresolved_operand())
            attrs = parser.parse_optional_attr_dict()
            parser.parse_punctuation(":")
            pos = parser.pos
            types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
            if len(types) != len(values):
                parser.raise_error(f"{len(values)} operands but {len(types)} types", pos)
            operands = [parser.resolve_operand(v, t) for v, t in zip(values, types, strict=True)]
            op = cls.build(operands=[operands])
            op.attributes |= attrs
            return op
        pipe, event = parse_pipe_event(parser)
        props: dict[str, Attribute] = {"pipe": pipe}
        operands: list[SSAValue] = []
        if isinstance(event, int):
            props["event_id"] = IntegerAttr(event, i32)
        else:
            operands.append(event)
        op = cls.build(operands=[operands], properties=props)
        op.attributes |= parser.parse_optional_attr_dict()
        return op

    def print(self, printer: Printer) -> None:
        if self.target_pipe is None:
            printer.print_string(" ")
            printer.print_list(self.args, printer.print_operand)
            printer.print_op_attributes(self.attributes)
            printer.print_string(" : ")
            printer.print_list((a.type for a in self.args), printer.print_attribute)
            return
        printer.print_string(f" <{self.target_pipe.data.value}>, ")
        if self.event_id is not None:
            printer.print_string(str(self.event_id.value.data))
        else:
            printer.print_operand(self.args[0])
        printer.print_op_attributes(self.attributes)

    def verify_(self) -> None:
        if self.target_pipe is None:
            if len(self.args) != 2 or self.event_id is not None:
                raise fail(f"{self.name} takes %pipe, %sem_id : i64, i64")
            for role, value in zip(("pipe_id", "event_id"), self.args, strict=True):
                if value.type != i64:
                    raise fail(f"{self.name} {role} must be i64, got {value.type}")
            return super().verify_arch()
        if (self.event_id is None) == (len(self.args) != 1):
            raise fail(f"{self.name} takes a static event id or a dynamic index one, not both")
        if self.args and not isinstance(self.args[0].type, IndexType):
            raise fail(f"{self.name} dynamic event id must be an index, got {self.args[0].type}")
        top = self.SEMAPHORES - 1 if target_of(self).arch is not TargetArch.A2A3 else 15
        if self.event_id is not None and not 0 <= self.event_id.value.data <= top:
            got = self.event_id.value.data
            raise fail(f"{self.name} event id must be in [0, {top}], got {got}")
        if self.target_pipe.data not in NAMED_PIPES:
            names = ", ".join(f"<{p.value}>" for p in NAMED_PIPES)
            raise fail(f"{self.name} pipe must be one of {names}")


SetCrossCoreOp = define_op(
    CoreSemaphoreOp, "SetCrossCoreOp", "pto.set_cross_core",
    "Signals semaphore `event_id` to the cluster's vector subblocks (A2/A3, mode 2).",
    MANUAL=_PAGES + "set-cross-core.md", COST=_SYNC, ARCH=TargetArch.A2A3, SEMAPHORES=16,
    SIGNALS=True,
)  # fmt: skip
WaitFlagDevOp = define_op(
    SemaphoreOp, "WaitFlagDevOp", "pto.wait_flag_dev",
    "Blocks the core until semaphore `event_id` is signalled (A2/A3).",
    MANUAL=_PAGES + "wait-flag-dev.md", COST=_SYNC, ARCH=TargetArch.A2A3, SEMAPHORES=16,
    SIGNALS=False,
)  # fmt: skip
SetIntraBlockOp = define_op(
    PipeSemaphoreOp, "SetIntraBlockOp", "pto.set_intra_block",
    "Signals semaphore `sem_id` (0-15 AIV0, 16-31 AIV1) within the cluster (A5).",
    MANUAL=_PAGES + "set-intra-block.md", COST=_SYNC, ARCH=TargetArch.A5, SEMAPHORES=32,
    SIGNALS=True,
)  # fmt: skip
WaitIntraCoreOp = define_op(
    PipeSemaphoreOp, "WaitIntraCoreOp", "pto.wait_intra_core",
    "Blocks pipe `%pipe` until semaphore `sem_id` is signalled (A5).",
    MANUAL=_PAGES + "wait-intra-core.md", COST=_SYNC, ARCH=TargetArch.A5, SEMAPHORES=32,
    SIGNALS=False,
)  # fmt: skip
WaitIntraBlockOp = define_op(
    PipeSemaphoreOp, "WaitIntraBlockOp", "pto.wait_intra_block",
    "PTOAS's `wait_intra_core`: blocks the pipe until semaphore `sem_id` is signalled.",
    MANUAL=_PAGES + "wait-intra-core.md", COST=_SYNC, ARCH=TargetArch.A5, SEMAPHORES=32,
    SIGNALS=False,
)  # fmt: skip


@irdl_op_definition
class PipeBarrierOp(PtoOp):
    """`pto.pipe_barrier "PIPE_*"`, the manual's spelling of `pto.barrier`: it parses to the
    canonical `pto.barrier` (so every pass and the pipe model see one barrier op); the class
    stands for the name and for a generic-form `"pto.pipe_barrier"`."""

    name = "pto.pipe_barrier"

    MANUAL: ClassVar = _PAGES + "pipe-barrier.md"
    COST: ClassVar = _SYNC
    PIPE_RULES: ClassVar = BarrierOp.PIPE_RULES

    target_pipe = prop_def(PipeAttr)

    def pipe(self) -> Pipe:
        return self.target_pipe.data

    @classmethod
    def parse(cls, parser: Parser) -> PipeBarrierOp:  # pyright: ignore[reportIncompatibleMethodOverride]
        return cast(PipeBarrierOp, BarrierOp.parse(parser))


OPS: list[type[IRDLOperation]] = [
    SetCrossCoreOp,
    WaitFlagDevOp,
    SetIntraBlockOp,
    WaitIntraCoreOp,
    WaitIntraBlockOp,
    PipeBarrierOp,
]
