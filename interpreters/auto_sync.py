"""`pto-run --auto-sync`: complete an auto-mode kernel before it runs.

A DPS kernel with no synchronisation at all is what the manual's auto mode has users write
for the compiler to complete. `complete` does what the compiler would: `pto-plan-memory`
when a tile buffer has no address, then `pto-insert-sync` (the passes themselves, with the
checks of `passes.common.checked_pass`). A kernel with any sync op of its own is left as it
is (its synchronisation is the user's; full barriers alone do not count: `own_sync`), and
so is a Level-1 kernel of SSA tiles, which runs
without pipes to race (`pto-pipeline` compiles it).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.passes import ModulePass

from pto_dialect.attrs import Pipe
from pto_dialect.ops.sync import (
    BarrierOp,
    GetBufOp,
    PipeBarrier,
    RlsBufOp,
    SetFlagDynOp,
    SetFlagOp,
    WaitFlagDynOp,
    WaitFlagOp,
)
from pto_dialect.ops.tile_memory import AllocTileOp
from pto_dialect.tile_types import TileType

SYNC_OPS = (SetFlagOp, WaitFlagOp, SetFlagDynOp, WaitFlagDynOp, PipeBarrier, GetBufOp, RlsBufOp)


def sync_ops(root: Operation) -> list[Operation]:
    return [op for op in root.walk() if isinstance(op, SYNC_OPS)]


def own_sync(root: Operation) -> list[Operation]:
    """The sync ops that make a kernel's synchronisation its own: all but full barriers
    (`pto.barrier <PIPE_ALL>`), which PyPTO writes around its communication calls in kernels
    whose other synchronisation it leaves to PTOAS's insert-sync pass (the DeepSeek models of
    PTOAS test/samples); a full barrier orders everything, so the pass's flags around it
    only add to it."""
    return [
        op
        for op in sync_ops(root)
        if not (isinstance(op, BarrierOp) and op.target_pipe.data is Pipe.ALL)
    ]


@dataclass
class AutoSync:
    """What `--auto-sync` did: the passes run and the sync ops they inserted."""

    passes: list[str] = field(default_factory=list[str])
    inserted: Counter[str] = field(default_factory=Counter[str])
    skipped: str | None = None
    """Why the kernel was left as it is."""

    def line(self) -> str:
        if self.skipped is not None:
            return f"auto-sync: {self.skipped}, left as it is"
        ops = ", ".join(f"{n} {name}" for name, n in sorted(self.inserted.items())) or "no op"
        return f"auto-sync: ran {', '.join(self.passes)} before the run (inserted {ops})"

    def as_json(self) -> dict[str, object]:
        return {
            "passes": self.passes,
            "inserted": dict(sorted(self.inserted.items())),
            "skipped": self.skipped,
        }


def complete(ctx: Context, module: ModuleOp) -> AutoSync:
    """Plans and synchronises `module` in place unless it has a sync op of its own or SSA
    tiles; raises the passes' `PassFailedException` (at the op) when they cannot."""
    if own_sync(module):
        return AutoSync(skipped="the kernel has its own synchronisation")
    if any(isinstance(r.type, TileType) for op in module.walk() for r in op.results):
        return AutoSync(skipped="a kernel of SSA tiles (Level 1) has no buffers to synchronise")
    # the passes load here: a run that needs no synchronising does not wait for them
    from passes.insert_sync.insert import InsertSyncPass
    from passes.plan_memory import PlanMemoryPass

    done = AutoSync()
    before = Counter(op.name for op in sync_ops(module))
    stages: list[ModulePass] = []
    if any(isinstance(op, AllocTileOp) and op.addr is None for op in module.walk()):
        stages.append(PlanMemoryPass())
    stages.append(InsertSyncPass())
    for stage in stages:
        stage.apply(ctx, module)
        done.passes.append(stage.name)
    done.inserted.update(op.name for op in sync_ops(module))
    done.inserted.subtract(before)
    done.inserted = +done.inserted  # the kernel's own full barriers are not inserted ones
    return done
