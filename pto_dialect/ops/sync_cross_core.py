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

from xdsl.dialects.builtin import i64
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, prop_def
from xdsl.parser import Parser

from pto_dialect.attrs import Pipe, PipeAttr, TargetArch
from pto_dialect.ops.base import PtoOp, define_op, fail, target_of
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
    """`%pipe, %sem_id` (A5): the pipe that signals or waits, by its pipe_t value."""

    pipe_id = operand_def()
    event_id = operand_def()


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
    PipeBarrierOp,
]
