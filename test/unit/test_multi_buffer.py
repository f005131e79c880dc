"""Multi-buffering (`pto-multi-buffer`, PTOAS's `multi_tile_buf`) and buffer-id sync, checked by
the interpreter: translation validation and the hazard detector as an independent model.

For generated streaming kernels (test/unit/kernelgen.py `chains`) on every target, with 2
and 3 slots and both sync modes (flags; bufid on a5 and cpu): the kernel after
`pto-pipeline` gives the bytes of the Level-1 kernel, the detector finds no hazard, and
removing any single inserted wait_flag (flags) or get_buf/rls_buf wrap (bufid) makes it
report one. A hand-written PTOAS kernel that selects its slot with `arith.remui` runs, and
is synchronised by `pto-insert-sync`. Multi-buffering brings the streaming kernel closer to
its pipe bound (simulated cycles of the machine model, not time).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kernelgen import Chain, chains
from support import context, each_wait_removed, parse_kernel, removed
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation

from interpreters.launching.execute import KernelError, RunResult, run_function
from interpreters.machine.cost_params import FLAG_LATENCY
from interpreters.machine.costs_dma import transfer_cycles
from interpreters.machine.pipes import UntrackedPipes
from passes.insert_sync.insert import InsertSyncPass
from passes.multi_buffer import MultiBufferPass
from passes.pipeline import PipelinePass, pipeline_passes
from pto_dialect.attrs import Pipe
from pto_dialect.memory_types import MemorySpace
from pto_dialect.ops.sync import GetBufOp, RlsBufOp, WaitFlagOp
from pto_dialect.ops.tile_multi_buffer import AllocMultiTileOp
from pto_dialect.targets import A2A3

GM, UB = MemorySpace.GM, MemorySpace.UB

EXAMPLES = Path(__file__).parents[2] / "examples"


def same_bytes(got: RunResult, want: RunResult) -> None:
    for index, (a, b) in enumerate(zip(got.outputs(), want.outputs(), strict=True)):
        if a is not None and b is not None:
            assert np.array_equal(a.view(np.uint8), b.view(np.uint8)), f"argument {index}"


def detects(module: ModuleOp, args: list[str]) -> bool:
    """Whether the machine model rejects `module`: a hazard, or a broken slot protocol."""
    try:
        return bool(run_function(module, args).hazards)
    except KernelError as err:
        return "buffer slot" in str(err)


def wraps(module: ModuleOp) -> list[tuple[GetBufOp, RlsBufOp]]:
    """Each get_buf and the rls_buf of its id and pipe that closes it in its block."""
    found: list[tuple[GetBufOp, RlsBufOp]] = []
    for op in module.walk():
        if isinstance(op, GetBufOp):
            after: Operation | None = op.next_op
            while after is not None and not (
                isinstance(after, RlsBufOp)
                and after.buf_id_value == op.buf_id_value
                and after.pipe() is op.pipe()
            ):
                after = after.next_op
            assert isinstance(after, RlsBufOp), "a get_buf without its rls_buf"
            found.append((op, after))
    return found


def check_necessity(final: str, args: list[str], sync: str, repeats: bool = True) -> None:
    """Removing any one inserted wait (flags) or wrap (bufid) is detected. A wrap that only
    orders an iteration after the previous one of its slot is needed only when every slot
    repeats (`repeats`); a flag pair is primed and drained, so its wait is always needed."""
    module = parse_kernel(final)
    for index in each_wait_removed(module):
        assert detects(module, args), f"wait #{index} is not needed:\n{final}"
    if sync == "flags" or not repeats:
        return
    for index, wrap in enumerate(wraps(module)):
        with removed(*wrap):
            assert detects(module, args), f"get_buf/rls_buf #{index} is not needed:\n{final}"


def check_chain(chain: Chain, target: str, count: int, sync: str) -> None:
    text = chain.text(target)
    reference = run_function(parse_kernel(text), chain.args())
    module = parse_kernel(text)
    ctx = context(arith.Arith, scf.Scf)
    for stage in pipeline_passes(multi_buffer=count, sync=sync):
        stage.apply(ctx, module)  # a checked pass: its output verifies
        if isinstance(stage, MultiBufferPass):
            slotted = [op for op in module.walk() if isinstance(op, AllocMultiTileOp)]
            streams = chain.tiles >= 2 and chain.streams
            assert bool(slotted) == streams, "multi-buffered iff the loop repeats and streams"
            assert all(op.multi_type.count.data == min(count, chain.tiles) for op in slotted)
        pipes = UntrackedPipes() if not isinstance(stage, InsertSyncPass) else None
        if pipes is None or isinstance(stage, MultiBufferPass):
            same_bytes(run_function(module, chain.args(), pipes=pipes), reference)
    result = run_function(module, chain.args())
    assert [h.message for h in result.hazards] == []
    same_bytes(result, reference)
    if sync == "bufid":
        assert any(isinstance(op, GetBufOp) for op in module.walk())
    slots = min(count, chain.tiles) if count >= 2 and chain.tiles >= 2 and chain.streams else 1
    # pto-insert-sync orders whole tiles; with a partial valid region the code may not touch
    # the bytes a wrap orders (planned tiles overlap past their valid parts), so a wrap's
    # necessity is observable only on chains whose valid region is the whole tile
    whole = chain.valid == (chain.rows, chain.cols)
    check_necessity(str(module), chain.args(), sync, repeats=chain.tiles >= 2 * slots and whole)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
@pytest.mark.parametrize("count", [2, 3])
def test_multi_buffered_flags_keep_outputs_and_every_wait_is_needed(
    data: st.DataObject, count: int
):
    for target in ("a2a3", "a5", "cpu"):
        check_chain(data.draw(chains(target), label=target), target, count, "flags")


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
@pytest.mark.parametrize("count", [0, 2])
def test_bufid_sync_keeps_outputs_and_every_wrap_is_needed(data: st.DataObject, count: int):
    for target in ("a5", "cpu"):
        check_chain(data.draw(chains(target), label=target), target, count, "bufid")


HAND_WRITTEN = """
!slot = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>
!multi = !pto.multi_tile_buf<vec, 16x16xf32, count=2>
!pv = !pto.partition_tensor_view<16x16xf32>
!tv = !pto.tensor_view<?x?xf32>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @mb(%a: !pto.ptr<f32>, %c: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c5 = arith.constant 5 : index
    %c16 = arith.constant 16 : index
    %c80 = arith.constant 80 : index
    %base = arith.constant 1024 : i64
    %va = pto.make_tensor_view %a, shape = [%c80, %c16], strides = [%c16, %c1] : !tv
    %vc = pto.make_tensor_view %c, shape = [%c80, %c16], strides = [%c16, %c1] : !tv
    %in = pto.alloc_multi_tile addr = %base : !multi
    %out = pto.alloc_multi_tile : !multi
    scf.for %i = %c0 to %c5 step %c1 {
      %k = arith.remui %i, %c2 : index
      %row = arith.muli %i, %c16 : index
      %pa = pto.partition_view %va, offsets = [%row, %c0], sizes = [%c16, %c16] : !tv -> !pv
      %pc = pto.partition_view %vc, offsets = [%row, %c0], sizes = [%c16, %c16] : !tv -> !pv
      %t = pto.multi_tile_get %in[%k] : !multi -> !slot
      %u = pto.multi_tile_get %out[%k] : !multi -> !slot
      pto.tload ins(%pa : !pv) outs(%t : !slot)
      pto.tabs ins(%t : !slot) outs(%u : !slot)
      pto.tstore ins(%u : !slot) outs(%pc : !pv)
    }
    func.return
  }
}
"""
HAND_ARGS = ["rand:80x16xf32:7", "zeros:80x16xf32"]


def test_hand_written_multi_tile_kernel_runs_and_is_synchronised():
    """PTOAS's form with a run-time slot: |a| in every row (numpy), races without sync, none
    after pto-insert-sync (a run-time slot is every slot to the analysis), each wait needed."""
    module = parse_kernel(HAND_WRITTEN)
    unsynced = run_function(module, HAND_ARGS)
    inputs, output = unsynced.outputs()
    assert inputs is not None and output is not None
    assert np.array_equal(output, np.abs(inputs))
    assert {h.kind for h in unsynced.hazards} >= {"RAW", "WAR"}
    InsertSyncPass().apply(context(arith.Arith, scf.Scf), module)
    module.verify()
    synced = run_function(module, HAND_ARGS)
    assert synced.hazards == []
    same_bytes(synced, unsynced)
    check_necessity(str(module), HAND_ARGS, "flags")


def test_a_multi_tile_slot_out_of_range_is_a_run_time_error():
    text = HAND_WRITTEN.replace("arith.remui %i, %c2", "arith.addi %i, %c0")
    with pytest.raises(
        KernelError, match=r"multi_tile_get at .*: slot 2 of a multi_tile_buf of 2 slots"
    ):
        run_function(parse_kernel(text), HAND_ARGS)


@pytest.mark.parametrize("target", ["a2a3", "a5", "cpu"])
def test_multi_buffering_overlaps_the_tiles_of_the_stream(target: str):
    """The streaming example: with two slots the load of tile i+1 is in flight while tile i
    is added and stored, so the total drops towards half; without, each tile's loads, add
    and store run one after another (small tiles: the GM start-up latency, not a pipe's
    occupancy, is what the stream waits for, docs/machine.md "Whole kernels")."""
    text = (EXAMPLES / "stream_add_ssa.mlir").read_text()
    args = ["rand:512x32xf32:1", "rand:512x32xf32:2", "zeros:512x32xf32"]
    ratios: list[float] = []
    for slots in (0, 2):
        module = parse_kernel(text, target)
        PipelinePass(target=target, multi_buffer=slots).apply(context(arith.Arith, scf.Scf), module)
        pipes = run_function(module, args).machine.pipes
        assert pipes.hazards == []
        ratios.append(pipes.total_cycles / pipes.pipe_bound)
    single, double = ratios
    assert double <= 0.6 * single


@pytest.mark.parametrize("target", ["a2a3", "a5", "cpu"])
def test_streaming_softmax_overlaps_within_the_memory(target: str):
    """The row softmax stream: its loaded and result tiles get two slots, which beside the
    vector intermediates fit even a2a3's UB, so the vector pipe (the bound) never waits for
    a DMA: the total is the vector work, the first tile's load before it and the last
    tile's store after it; the bytes are those of the unplanned tile-level run."""
    text = (EXAMPLES / "stream_softmax_ssa.mlir").read_text()
    args = ["rand:256x128xf32:1", "zeros:256x128xf32"]
    reference = run_function(parse_kernel(text, target), args)
    module = parse_kernel(text, target)
    PipelinePass(target=target).apply(context(arith.Arith, scf.Scf), module)
    result = run_function(module, args)
    assert result.machine.pipes.hazards == []
    same_bytes(result, reference)
    pipes = result.machine.pipes
    tile = 64 * 128 * 4
    ends = transfer_cycles(A2A3, GM, UB, tile) + transfer_cycles(A2A3, UB, GM, tile)
    ends += 2 * FLAG_LATENCY  # the first load's flag to V, the last result's to MTE3
    assert pipes.busy[Pipe.V] == pipes.pipe_bound
    assert pipes.total_cycles <= 1.02 * (pipes.pipe_bound + ends)


@pytest.mark.parametrize("target", ["a2a3", "a5", "cpu"])
def test_hand_written_multi_tile_kernel_goes_through_the_pipeline(target: str):
    """pto-multi-buffer gives the loop one copy per `%i mod 2` with constant slots, so the
    kernel is lowered, overlaps like the pass's own slots (rotating ids) and keeps its bytes."""
    reference = run_function(parse_kernel(HAND_WRITTEN, target), HAND_ARGS)
    module = parse_kernel(HAND_WRITTEN, target)
    PipelinePass().apply(context(arith.Arith, scf.Scf), module)
    assert not any(isinstance(op, AllocMultiTileOp) for op in module.walk())
    result = run_function(module, HAND_ARGS)
    assert [h.message for h in result.hazards] == []
    same_bytes(result, reference)
    events = {op.event.data for op in module.walk() if isinstance(op, WaitFlagOp)}
    assert len(events) == 2
    check_necessity(str(module), HAND_ARGS, "flags")
