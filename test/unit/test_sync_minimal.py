"""Inserted sync is never slower than the hand-written pattern of the seed 002 kernel.

For every example on its own target, the simulated cycles of the kernel after `pto-pipeline`
(flags, two slots where a loop streams) are at most those of the same kernel synchronised
with the seed 002 pattern (`pto-insert-sync{mode=serial}`: set_flag/wait_flag back to back
at every change of pipe, a PIPE_ALL barrier where a block is entered) and of the example's
own hand-written sync; tabs_ssa (the seed kernel's source) is at most seed002_vabs itself.
Every variant runs without hazards and gives the bytes of the kernel as written. Cycles are
the machine model's (deterministic), not time.
"""

from __future__ import annotations

import numpy as np
import pytest
from support import EXAMPLES, context, example_args
from xdsl.dialects import arith, cf, scf
from xdsl.dialects.builtin import ModuleOp

from interpreters.engine.source import parse_module
from interpreters.launching.execute import RunResult, run_function
from passes.pipeline import PipelinePass
from pto_dialect.ops.sync import BarrierOp, GetBufOp, RlsBufOp, SetFlagOp, WaitFlagOp
from pto_dialect.ops.vecscope import VecScopeOp

ARGS = example_args()
SYNC = (SetFlagOp, WaitFlagOp, BarrierOp, GetBufOp, RlsBufOp)


def load(name: str) -> ModuleOp:
    path = EXAMPLES / f"{name}.mlir"
    return parse_module(context(arith.Arith, cf.Cf, scf.Scf), path.read_text(), str(path))


def run(module: ModuleOp, name: str) -> RunResult:
    result = run_function(module, ARGS.get(name, ARGS["tabs_ssa"]))
    assert [h.message for h in result.hazards] == []
    return result


def piped(name: str, sync: str, slots: int, strip: bool = True) -> ModuleOp:
    module = load(name)
    if strip:
        for op in [o for o in module.walk() if isinstance(o, SYNC)]:
            op.detach()
            op.erase()
    PipelinePass(multi_buffer=slots, sync=sync).apply(context(arith.Arith, cf.Cf, scf.Scf), module)
    return module


@pytest.mark.parametrize("name", sorted(set(ARGS) - {"seed002_vabs"}))
def test_inserted_sync_is_never_slower_than_the_seed_pattern(name: str):
    reference = run(load(name), name)  # as written: Level 1, or with its own sync
    inserted = run(piped(name, "flags", 2), name)
    serial = run(piped(name, "serial", 0), name)
    for result in (inserted, serial):
        for got, want in zip(result.outputs(), reference.outputs(), strict=True):
            if got is not None and want is not None:
                assert np.array_equal(got.view(np.uint8), want.view(np.uint8))
    assert inserted.machine.pipes.total_cycles <= serial.machine.pipes.total_cycles
    if any(isinstance(o, SYNC) for o in load(name).walk()):  # hand-written sync
        hand = run(piped(name, "flags", 0, strip=False), name)
        assert inserted.machine.pipes.total_cycles <= hand.machine.pipes.total_cycles


def test_the_seed_kernel_source_is_as_fast_as_the_seed_kernel():
    seed = load("seed002_vabs")
    assert any(isinstance(o, VecScopeOp) for o in seed.walk())
    hand = run(seed, "tabs_ssa")
    inserted = run(piped("tabs_ssa", "flags", 2), "tabs_ssa")
    assert inserted.machine.pipes.total_cycles <= hand.machine.pipes.total_cycles
    sets = [o for o in piped("tabs_ssa", "flags", 2).walk() if isinstance(o, SetFlagOp)]
    assert len(sets) == sum(isinstance(o, SetFlagOp) for o in seed.walk())
