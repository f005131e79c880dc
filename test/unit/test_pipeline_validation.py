"""Translation validation of `pto-pipeline` on generated Level-1 kernels, on every target.

Each kernel (test/unit/kernelgen.py `chains`: random chains of elementwise ops, `tcmp` +
`tsel` pairs through packed mask tiles, column reductions and a row reduction over tiles in a
loop, f32/f16/i32/i16, partial and dynamic valid regions, loop-carried tiles, a generator tile
of `tci` or `ttri`, the `tpart*` ops) is run by the interpreter before the pipeline and after
every pass of it; the outputs must be the same bytes at every stage. From pto-insert-sync on,
the hazard detector must find nothing, and removing any single inserted wait_flag from the
final kernel must make it report a hazard.
"""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kernelgen import Chain, chains
from support import context, each_wait_removed, parse_kernel
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import ModuleOp

from interpreters.launching.execute import RunResult, run_function
from interpreters.machine.pipes import UntrackedPipes
from passes.insert_sync.insert import InsertSyncPass
from passes.pipeline import PipelinePass, pipeline_passes

TARGETS = ("a2a3", "a5", "cpu")


def same_outputs(got: RunResult, want: RunResult, stage: str) -> None:
    for index, (a, b) in enumerate(zip(got.outputs(), want.outputs(), strict=True)):
        if a is not None and b is not None:
            assert np.array_equal(a.view(np.uint8), b.view(np.uint8)), (
                f"argument {index} differs after {stage}"
            )


def through_pipeline(module: ModuleOp, args: list[str], reference: RunResult) -> None:
    """Applies pto-pipeline's stages to `module` in place, running it after each: the same
    bytes as `reference` at every stage, and no hazard once synchronised."""
    ctx = context(arith.Arith, scf.Scf)
    synced = False
    for stage in pipeline_passes():
        stage.apply(ctx, module)  # a checked pass: its output verifies
        synced |= isinstance(stage, InsertSyncPass)
        pipes = None if synced else UntrackedPipes()
        result = run_function(module, args, pipes=pipes)
        same_outputs(result, reference, stage.name)
        if synced:
            assert [h.message for h in result.hazards] == [], f"after {stage.name}"


def check_chain(chain: Chain, target: str) -> None:
    text = chain.text(target)
    module = parse_kernel(text)
    reference = run_function(module, chain.args())
    assert reference.hazards == []
    through_pipeline(module, chain.args(), reference)
    final = str(module)
    again = parse_kernel(final)
    PipelinePass().apply(context(arith.Arith, scf.Scf), again)
    assert str(again) == final, "pto-pipeline is not idempotent"
    for index in each_wait_removed(module):
        assert run_function(module, chain.args()).hazards, f"wait #{index} is not needed"


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_pipeline_preserves_outputs_and_synchronises(data: st.DataObject):
    for target in TARGETS:
        check_chain(data.draw(chains(target), label=target), target)


def test_row_reductions_through_the_pipeline():
    """A row sum of an exp and a dynamic row max (softmax's two reductions) and a dynamic
    row product, on every target: the same bytes at every stage of pto-pipeline."""
    for target in TARGETS:
        for reduction, dynamic in (("trowsum", False), ("trowmax", True), ("trowprod", True)):
            chain = Chain(dtype="f32", rows=4, cols=72, valid=(3, 70), dynamic=dynamic, tiles=1,
                          loads=1, ops=(("texp", (0,)),), reduction=None, accumulate=False,
                          row_reduction=reduction)  # fmt: skip
            assert f"pto.{reduction}" in chain.text(target)
            check_chain(chain, target)
