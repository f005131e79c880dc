"""Whole-array vecscopes (interpreters/ops/vecscope_batch.py) against op-by-op: the same
bytes and op counts on every example and on generated kernels, a fall-back where the fast
path would reorder a dependence, and the step limit and errors of op-by-op."""

from __future__ import annotations

from collections import Counter
from typing import cast

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kernelgen import chains
from support import EXAMPLES, context, example_args, parse_kernel
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import ModuleOp

from interpreters.launching.args import ArrayArg, parse_spec
from interpreters.launching.execute import KernelError, RunResult, run_function
from interpreters.machine.pipes import UntrackedPipes
from interpreters.ops import vecscope_batch
from passes.pipeline import PipelinePass

MATMUL = {"gemv_vector_ssa", "matmul_vector_ssa", "matmul_f16_vector_ssa"}


def both(module: ModuleOp, args: list[str], monkeypatch: pytest.MonkeyPatch) -> Counter[bool]:
    """Runs `module` op by op and as whole arrays: asserts the same bytes and op counts;
    returns how many vecscope executions the fast path took (True) or left (False)."""
    taken: Counter[bool] = Counter()
    original = vecscope_batch.Batcher.run

    def counted(self: vecscope_batch.Batcher, *rest: object) -> bool:
        done = original(self, *rest)  # pyright: ignore[reportArgumentType]
        taken[done] += 1
        return done

    slow = run_function(module, args, pipes=UntrackedPipes(), batch=False)
    monkeypatch.setattr(vecscope_batch.Batcher, "run", counted)
    fast = run_function(module, args, pipes=UntrackedPipes(), batch=True)
    same(fast, slow)
    return taken


def same(fast: RunResult, slow: RunResult) -> None:
    for a, b in zip(fast.outputs(), slow.outputs(), strict=True):
        if a is not None and b is not None:
            assert a.view(np.uint8).tobytes() == b.view(np.uint8).tobytes()
    assert fast.machine.op_counts == slow.machine.op_counts


def lowered(text: str, options: str = "") -> ModuleOp:
    module = parse_kernel(text)
    matmul = "matmul-on-vector" in options
    PipelinePass(matmul_on_vector=matmul).apply(context(arith.Arith, scf.Scf), module)
    return module


ARGS = example_args()
OP_BY_OP = {
    "masked_select_ssa": "predicate stores and loads (psts, plds)",
    "topk_ssa": "the sort accelerator (vbitsort, vmrgsort4)",
    "matmul_f16_vector_ssa": "vintlvv2",
}
"""Examples with a vecscope the fast path leaves to op-by-op, and why."""


@pytest.mark.parametrize("name", sorted(ARGS))
def test_every_example_lowered_runs_the_same_as_whole_arrays(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    matmul = "matmul-on-vector" * (name in MATMUL)
    module = lowered((EXAMPLES / f"{name}.mlir").read_text(), matmul)
    taken = both(module, ARGS[name], monkeypatch)
    assert bool(taken[False]) == (name in OP_BY_OP), taken


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_generated_kernels_run_the_same_as_whole_arrays(data: st.DataObject) -> None:
    target = data.draw(st.sampled_from(["a2a3", "a5", "cpu"]), label="target")
    chain = data.draw(chains(target), label="chain")
    module = lowered(chain.text(target))
    with pytest.MonkeyPatch.context() as monkeypatch:
        both(module, chain.args(), monkeypatch)


V = "!pto.vreg<64xf32>"
SHIFTED = """builtin.module attributes {pto.target_arch = "a5"} {
  func.func @shift(%x: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c256 = arith.constant 256 : index
    %shift = arith.constant SHIFT : index
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %bytes = arith.constant 4096 : i64
    %ub = pto.castptr %c0_i64 : i64 -> !pto.ptr<f32, ub>
    pto.mte_gm_ub %x, %ub, %c0_i64, %bytes nburst(%c1_i64, %bytes, %bytes)
      : !pto.ptr<f32>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64
    pto.barrier #pto.pipe<PIPE_ALL>
    pto.vecscope {
      %m = pto.pset_b32 "PAT_ALL" : !pto.mask<b32>
      scf.for %i = %c0 to %c256 step %c64 {
        %v = pto.vlds %ub[%i] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
        %w = pto.vadd %v, %v, %m : V, V, !pto.mask<b32> -> V
        %at = arith.addi %i, %shift : index
        pto.vsts %w, %ub[%at], %m : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
      }
      scf.for %j = %c64 to %c0 step %c64 {
        %u = pto.vlds %ub[%j] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
      }
    }
    pto.barrier #pto.pipe<PIPE_ALL>
    pto.mte_ub_gm %ub, %x, %bytes nburst(%c1_i64, %bytes, %bytes)
      : !pto.ptr<f32, ub>, !pto.ptr<f32>, i64, i64, i64, i64
    func.return
  }
}
"""
"""x[i + SHIFT] = 2 x[i] over the first 4 registers (64 f32 lanes each), then a loop that
runs no iteration. SHIFT 0: in place, whole arrays; SHIFT 64: each iteration reads what
the previous one stored, so op by op gives a doubling chain."""


@pytest.mark.parametrize(("shift", "batched"), [(0, True), (64, False)])
def test_a_dependence_between_iterations_falls_back_to_op_by_op(
    shift: int, batched: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = parse_kernel(SHIFTED.replace("SHIFT", str(shift)).replace(" V", f" {V}"))
    assert both(module, ["rand:1024xf32:3"], monkeypatch) == Counter({batched: 1})
    start = cast(ArrayArg, parse_spec("rand:1024xf32:3")).array
    out = run_function(module, ["rand:1024xf32:3"], pipes=UntrackedPipes()).outputs()[0]
    assert out is not None
    if shift == 0:
        parts = [2 * start[:256], start[256:]]
    else:  # block k + 1 = 2^(k + 1) x[0:64], exactly (powers of two)
        parts = [start[:64], *(np.float32(2 ** (k + 1)) * start[:64] for k in range(4))]
        parts.append(start[320:])
    assert np.array_equal(out, np.concatenate(parts))


def test_the_step_limit_stops_a_whole_array_run_where_op_by_op_does() -> None:
    module = lowered((EXAMPLES / "tabs_ssa.mlir").read_text())
    args = example_args()["tabs_ssa"]
    messages: list[str] = []
    for batch in (False, True):
        with pytest.raises(KernelError) as caught:
            run_function(module, args, pipes=UntrackedPipes(), max_steps=40, batch=batch)
        messages.append(str(caught.value))
    assert messages[0] == messages[1] and "--max-steps" in messages[0]


COPIES = """builtin.module attributes {pto.target_arch = "a5"} {
  func.func @rows(%x: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %shift = arith.constant SHIFT : index
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %bytes = arith.constant 4096 : i64
    %ub = pto.castptr %c0_i64 : i64 -> !pto.ptr<f32, ub>
    pto.mte_gm_ub %x, %ub, %c0_i64, %bytes nburst(%c1_i64, %bytes, %bytes)
      : !pto.ptr<f32>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64
    pto.barrier #pto.pipe<PIPE_ALL>
    pto.vecscope {
      %m = pto.pset_b32 "PAT_ALL" : !pto.mask<b32>
      scf.for %i = %c0 to %c4 step %c2 {
        %r = arith.addi %i, %c1 : index
        %a = arith.muli %i, %c64 : index
        %b = arith.muli %r, %c64 : index
        %v = pto.vlds %ub[%a] : !pto.ptr<f32, ub> -> V
        %u = pto.vlds %ub[%b] : !pto.ptr<f32, ub> -> V
        %w = pto.vadd %v, %v, %m : V, V, !pto.mask<b32> -> V
        %z = pto.SECOND %u, %u, %m : V, V, !pto.mask<b32> -> V
        %at = arith.addi %a, %shift : index
        %bt = arith.addi %b, %shift : index
        pto.vsts %w, %ub[%at], %m : V, !pto.ptr<f32, ub>, !pto.mask<b32>
        pto.vsts %z, %ub[%bt], %m : V, !pto.ptr<f32, ub>, !pto.mask<b32>
      }
    }
    pto.barrier #pto.pipe<PIPE_ALL>
    pto.mte_ub_gm %ub, %x, %bytes nburst(%c1_i64, %bytes, %bytes)
      : !pto.ptr<f32, ub>, !pto.ptr<f32>, i64, i64, i64, i64
    func.return
  }
}
"""
"""Rows i and i + 1 of 64 f32 per iteration, as pto-fuse interleaves a block of rows:
x[row + SHIFT] = x[row] + x[row] (SECOND = vadd: two copies of one computation)."""


CASES = [(512, "vadd", True, True), (0, "vadd", True, False), (64, "vadd", False, False),
         (512, "vmul", True, False)]  # fmt: skip


@pytest.mark.parametrize(("shift", "second", "batched", "copies"), CASES)
def test_copies_of_a_row_computation_run_as_one_where_order_does_not_matter(
    shift: int, second: str, batched: bool, copies: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Apart (512): the copies run once over an extra axis. In place (0): reads meet
    writes, the plan without copies runs. Shifted by a row (64): iteration 2 reads what
    iteration 1 stored, op by op. Different ops (vmul): no copies."""
    text = COPIES.replace("SHIFT", str(shift)).replace("SECOND", second)
    module = parse_kernel(text.replace(" V", f" {V}"))
    plans: list[vecscope_batch.ScopePlan | None] = []
    original = vecscope_batch.Batcher.run

    def recorded(self: vecscope_batch.Batcher, *rest: object) -> bool:
        done = original(self, *rest)  # pyright: ignore[reportArgumentType]
        plans.extend(self.plans.values())
        return done

    monkeypatch.setattr(vecscope_batch.Batcher, "run", recorded)
    assert both(module, ["rand:1024xf32:3"], monkeypatch) == Counter({batched: 1})
    (plan,) = plans
    assert plan is not None and plan.copies == copies
