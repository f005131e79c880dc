"""The pipe model: happens-before, hazards, timelines; and the cycle costs of the manual."""

from functools import partial
from math import ceil

import numpy as np
import pytest
from xdsl.dialects import test as test_dialect
from xdsl.dialects.builtin import StringAttr

from interpreters.engine.errors import PtoRuntimeError
from interpreters.machine import cost_params as P
from interpreters.machine import costs, costs_dma
from interpreters.machine.memory import Access, Memory
from interpreters.machine.pipes import PipeModel
from pto_dialect.attrs import Event, Pipe
from pto_dialect.dtypes import F16, F32, I16, I32, I64
from pto_dialect.memory_types import MemorySpace
from pto_dialect.ops.tile_compare import TSelOp
from pto_dialect.ops.tile_elementwise import TAbsOp, TAddOp
from pto_dialect.ops.tile_expand import TRowExpandOp
from pto_dialect.ops.tile_math import TExpOp
from pto_dialect.ops.tile_row_reduce import TRowMaxOp, TRowSumOp
from pto_dialect.ops.tile_scalar import TAddSOp
from pto_dialect.ops.vector_arith import VAddOp, VAndOp, VDivOp, VMulOp
from pto_dialect.targets import A2A3, A5

MTE2, V, MTE3 = Pipe.MTE2, Pipe.V, Pipe.MTE3
EV0 = Event.EVENT_ID0


def op(name: str) -> test_dialect.TestOp:
    return test_dialect.TestOp.create(attributes={"label": StringAttr(name)})


@pytest.fixture
def ub() -> Memory:
    return Memory.zeros("ub", MemorySpace.UB, 1024)


def kinds(model: PipeModel) -> list[str]:
    return [h.kind for h in model.hazards]


def test_raw_across_pipes_without_sync_is_a_hazard(ub: Memory):
    model = PipeModel()
    load, use = op("load"), op("use")
    model.execute(load, MTE2, writes=[Access(ub, 0, 256)])
    model.execute(use, V, reads=[Access(ub, 128, 384)])
    assert kinds(model) == ["RAW"]
    hazard = model.hazards[0]
    assert hazard.ops == (load, use)
    assert hazard.details["bytes"] == [128, 256]
    assert hazard.details["pipes"] == ["PIPE_MTE2", "PIPE_V"]


def test_a_flag_orders_the_producer_before_the_consumer(ub: Memory):
    model = PipeModel()
    model.execute(op("load"), MTE2, writes=[Access(ub, 0, 256)])
    model.set_flag(op("set"), MTE2, V, EV0)
    model.wait_flag(op("wait"), MTE2, V, EV0)
    model.execute(op("use"), V, reads=[Access(ub, 0, 256)])
    model.finish()
    assert model.hazards == []


def test_a_flag_does_not_order_accesses_issued_after_it(ub: Memory):
    model = PipeModel()
    model.set_flag(op("set"), MTE2, V, EV0)
    model.execute(op("late load"), MTE2, writes=[Access(ub, 0, 256)])
    model.wait_flag(op("wait"), MTE2, V, EV0)
    model.execute(op("use"), V, reads=[Access(ub, 0, 256)])
    assert kinds(model) == ["RAW"]


def test_war_and_waw(ub: Memory):
    model = PipeModel()
    model.execute(op("read"), V, reads=[Access(ub, 0, 64)])
    model.execute(op("overwrite"), MTE2, writes=[Access(ub, 32, 96)])
    model.execute(op("write again"), MTE3, writes=[Access(ub, 64, 128)])
    assert kinds(model) == ["WAR", "WAW"]


@pytest.mark.parametrize(
    ("first", "second", "hazard"),
    [
        ((4090, 4100), (4096, 4097), True),  # straddles a bucket boundary
        ((0, 4096), (4096, 8192), False),  # adjacent buckets, disjoint bytes
        ((8000, 8200), (0, 1 << 20), True),  # a wide access meets a narrow record
        ((0, 1 << 20), (300_000, 300_001), True),  # a narrow access meets a wide record
        ((0, 1 << 20), (1 << 20, (1 << 20) + 8), False),
        ((0, 1 << 30), (5 << 20, (5 << 20) + 1), True),  # wider than every index level
        ((100, 612), (611, 1 << 20), True),  # index levels 0 and 2
        ((600 << 10, 700 << 10), (0, 8), False),
    ],
)
def test_the_access_index_finds_exactly_the_overlapping_records(
    first: tuple[int, int], second: tuple[int, int], hazard: bool
):
    gm = Memory("gm", MemorySpace.GM, np.zeros(0, np.uint8))  # the index never reads bytes
    model = PipeModel()
    model.execute(op("write"), MTE2, writes=[Access(gm, *first)])
    model.execute(op("read"), V, reads=[Access(gm, *second)])
    assert kinds(model) == (["RAW"] if hazard else [])


def test_conflicts_are_reported_oldest_first_and_dropped_records_leave_the_index():
    gm = Memory.zeros("gm", MemorySpace.GM, 1 << 16)
    model = PipeModel()
    model.execute(op("wide read"), V, reads=[Access(gm, 0, 1 << 16)])
    model.execute(op("narrow write"), MTE3, writes=[Access(gm, 8192, 8200)])
    model.execute(op("clobber"), MTE2, writes=[Access(gm, 8190, 8196)])
    assert [(h.kind, h.ops[0].attributes["label"]) for h in model.hazards] == [
        ("WAR", StringAttr("wide read")),  # the MTE3 write
        ("WAR", StringAttr("wide read")),  # the MTE2 write, against the older read first
        ("WAW", StringAttr("narrow write")),
    ]
    log = model.history[gm.uid]
    model.execute(op("reread"), MTE3, reads=[Access(gm, 8192, 8200)])
    model.execute(op("rewrite"), MTE3, writes=[Access(gm, 8192, 8200)])
    assert (MTE3, 8192, 8200, False) not in log.records  # the newer write supersedes it
    for buckets in log.levels:
        assert all((MTE3, 8192, 8200, False) not in keys for keys in buckets.values())


def test_disjoint_bytes_and_same_pipe_accesses_are_not_hazards(ub: Memory):
    model = PipeModel()
    model.execute(op("a"), MTE2, writes=[Access(ub, 0, 64)])
    model.execute(op("b"), V, reads=[Access(ub, 64, 128)])
    model.execute(op("c"), MTE2, reads=[Access(ub, 0, 64)], writes=[Access(ub, 0, 64)])
    assert model.hazards == []


def test_a_loop_carried_war_on_a_reused_buffer(ub: Memory):
    """Iteration i+1's load overwrites the buffer iteration i's vector op still reads."""
    model = PipeModel()
    load, use = op("load"), op("use")
    for _ in range(3):
        model.execute(load, MTE2, writes=[Access(ub, 0, 256)])
        model.set_flag(op("set"), MTE2, V, EV0)
        model.wait_flag(op("wait"), MTE2, V, EV0)
        model.execute(use, V, reads=[Access(ub, 0, 256)])
    assert kinds(model) == ["WAR"]  # reported once per pair of ops
    assert model.hazards[0].ops == (use, load)


def test_the_back_edge_flag_removes_the_loop_carried_war(ub: Memory):
    model = PipeModel()
    model.set_flag(op("prime"), V, MTE2, EV0)
    for _ in range(3):
        model.wait_flag(op("wait free"), V, MTE2, EV0)
        model.execute(op("load"), MTE2, writes=[Access(ub, 0, 256)])
        model.set_flag(op("set"), MTE2, V, EV0)
        model.wait_flag(op("wait full"), MTE2, V, EV0)
        model.execute(op("use"), V, reads=[Access(ub, 0, 256)])
        model.set_flag(op("free"), V, MTE2, EV0)
    model.wait_flag(op("drain"), V, MTE2, EV0)
    model.finish()
    assert model.hazards == []


def test_wait_without_set_and_set_without_wait(ub: Memory):
    model = PipeModel()
    model.wait_flag(op("wait"), MTE2, V, EV0)
    model.set_flag(op("set"), V, MTE3, Event.EVENT_ID3)
    model.finish()
    assert kinds(model) == ["deadlock", "unwaited-flag"]
    assert "EVENT_ID3" in model.hazards[1].message


def test_buffer_slots_order_release_before_acquire(ub: Memory):
    model = PipeModel()
    model.get_buf(op("get"), MTE2, 0)
    model.execute(op("load"), MTE2, writes=[Access(ub, 0, 256)])
    model.rls_buf(op("rls"), MTE2, 0)
    model.get_buf(op("get v"), V, 0)
    model.execute(op("use"), V, reads=[Access(ub, 0, 256)])
    with pytest.raises(PtoRuntimeError, match="buffer slot 0 is already held by PIPE_V"):
        model.get_buf(op("again"), MTE3, 0)
    model.finish()
    assert kinds(model) == ["unreleased-buffer"]


def test_barrier_all_orders_everything(ub: Memory):
    model = PipeModel()
    model.execute(op("load"), MTE2, writes=[Access(ub, 0, 256)], cycles=10)
    model.barrier(op("barrier"), Pipe.ALL)
    model.execute(op("use"), V, reads=[Access(ub, 0, 256)], cycles=5)
    assert model.hazards == []
    assert model.total_cycles == 10 + P.BARRIER_ALL + 5 and model.pipe_bound == 10


def test_single_pipe_barrier_orders_nothing_across_pipes(ub: Memory):
    # pipe_barrier(PIPE_V) waits for V's own earlier ops: the MTE2 write still races the read.
    model = PipeModel()
    model.execute(op("load"), MTE2, writes=[Access(ub, 0, 256)], cycles=10)
    model.barrier(op("barrier"), V)
    model.execute(op("use"), V, reads=[Access(ub, 0, 256)], cycles=5)
    assert kinds(model) == ["RAW"]
    assert model.total_cycles == 10


def test_timelines_serialised_by_waits_sum_and_independent_pipes_overlap(ub: Memory):
    chained = PipeModel()
    chained.execute(op("load"), MTE2, cycles=32)
    chained.set_flag(op("s"), MTE2, V, EV0)
    chained.wait_flag(op("w"), MTE2, V, EV0)
    chained.execute(op("add"), V, cycles=35)
    chained.set_flag(op("s"), V, MTE3, EV0)
    chained.wait_flag(op("w"), V, MTE3, EV0)
    chained.execute(op("store"), MTE3, cycles=32)
    assert chained.total_cycles == 32 + P.FLAG_LATENCY + 35 + P.FLAG_LATENCY + 32
    free = PipeModel()
    free.execute(op("load"), MTE2, cycles=32)
    free.execute(op("add"), V, cycles=35)
    free.execute(op("store"), MTE3, cycles=20)
    assert free.total_cycles == free.pipe_bound == 35


def test_a_transfer_in_flight_frees_its_pipe_and_a_flag_waits_for_it_to_land():
    # Two GM loads of 300 cycles each holding MTE2 for 30: the second starts at 30, both
    # land by 330; the flag after them fires then (plus its latency), as does a barrier.
    model = PipeModel()
    model.execute(op("load a"), MTE2, cycles=300, hold=30)
    model.execute(op("load b"), MTE2, cycles=300, hold=30)
    assert (model.free[MTE2], model.total_cycles, model.pipe_bound) == (60, 330, 60)
    model.set_flag(op("s"), MTE2, V, EV0)
    model.wait_flag(op("w"), MTE2, V, EV0)
    model.execute(op("use"), V, cycles=5)
    assert model.total_cycles == 330 + P.FLAG_LATENCY + 5
    model.barrier(op("mte2 only"), MTE2)
    model.execute(op("load c"), MTE2, cycles=300, hold=30)
    assert model.total_cycles == 330 + 300


def test_a2a3_vector_cost_formula():
    # fixed + slope x repeats (docs/machine.md, A2/A3 table): vadd f32 30 + 2 x 16
    assert costs.vector_cycles(A2A3, VAddOp, F32, 16) == 30 + 2 * 16
    assert costs.vector_cycles(A2A3, VAddOp, I32, 1) == 23 + 2
    assert costs.vector_cycles(A2A3, VMulOp, I16, 2) == 25 + 2 * 2
    assert costs.vector_cycles(A2A3, VAndOp, I32, 3) == 20 + 3 * 2
    assert costs.vector_cycles(A2A3, VDivOp, F16, 1) == 32 + 4


def test_a2a3_tile_issue_modes():
    # pto-isa TBinOp.hpp: 64x64 f32 rows of exactly one repeat: 64 repeats, no mask
    assert costs.a2a3_issue(64, 64, 64, F32) == (1, 64, 0)
    # int16 64x64: rows of 128 bytes, narrower than a repeat: one masked repeat per row
    assert costs.a2a3_issue(64, 64, 64, I16) == (1, 64, 1)
    # 7 x 448 f32: 448 % 64 = 0 and 49 repeats: norm mode; 60 of 64 valid cols: row by row
    assert costs.a2a3_issue(7, 448, 448, F32) == (1, 49, 0)
    assert costs.a2a3_issue(60, 60, 64, F32) == (1, 60, 1)
    assert costs.a2a3_issue(2, 100, 128, F32) == (2, 4, 1)
    # published TADD f32 64x64 = 160 (pto-isa tests/costmodel/st/testcase/tadd): 30 + 2 x 64
    assert costs.tile_vector_cycles(A2A3, TAddOp, F32, 64, 64, 64) == 158
    # TADD int16 64x64 = 167 published: 23 + 2 x 64 + 16 (mask floor)
    assert costs.tile_vector_cycles(A2A3, TAddOp, I16, 64, 64, 64) == 167


def test_a2a3_unary_and_scalar_issue():
    unary, scalar = costs.Impl.UNARY, costs.Impl.SCALAR
    # TUnaryOp.hpp has no small-shape path: f16 64x64 (rows of 64 < 128) is flattened
    # into 4096 / 128 = 32 repeats, not 64 masked ones as TBinOp issues it
    assert costs.a2a3_issue(64, 64, 64, F16, unary) == (1, 32, 0)
    assert costs.a2a3_issue(64, 64, 64, F16) == (1, 64, 1)
    # TBinSOp.hpp, static valid shape: flattened: 63 x 64 f16 = 31 full repeats and a
    # masked tail repeat (norm mode: no floor); 15 x 192 int16: rows of 1.5 repeats: count
    assert costs.a2a3_issue(63, 64, 64, F16, scalar) == (2, 32, 0)
    assert costs.a2a3_issue(15, 192, 192, I16, scalar) == (1, 23, 1)
    # valid shape `?`: always the 2-D path: one strided instruction per repeat column
    # (63 masked repeats; 15 full + 15 masked), rows beyond 255 in a further instruction,
    # and a row-per-instruction loop when the rows are fewer than the repeats in one
    assert costs.a2a3_issue(63, 64, 64, F16, scalar, dynamic=True) == (1, 63, 0)
    assert costs.a2a3_issue(15, 192, 192, I16, scalar, dynamic=True) == (2, 30, 0)
    assert costs.a2a3_issue(256, 16, 16, F32, scalar, dynamic=True) == (2, 256, 0)
    assert costs.a2a3_issue(7, 448, 448, F32, scalar, dynamic=True) == (7, 49, 0)
    assert costs.a2a3_issue(2, 100, 128, F32, scalar, dynamic=True) == (2, 4, 1)
    # which family: tile-scalar ops TBinSOp, one-source ops TUnaryOp
    assert costs.impl_of(TAddSOp) is scalar and costs.impl_of(TExpOp) is unary
    assert costs.impl_of(TAddOp) is costs.Impl.BINARY


def test_a2a3_tile_scalar_fixed_by_element_type():
    # vadds: [formula] TADDS fp32 bias 25; f16 and integer elements 8 (cost_params)
    assert costs.tile_vector_cycles(A2A3, TAddSOp, F32, 32, 64, 64, True) == 25 + 32
    assert costs.tile_vector_cycles(A2A3, TAddSOp, F16, 63, 64, 64, True) == 8 + 63
    assert costs.tile_vector_cycles(A2A3, TAddSOp, I32, 31, 128, 128, True) == 8 + 62
    # static 15 x 192 int16: count mode pays the floor
    assert costs.tile_vector_cycles(A2A3, TAddSOp, I16, 15, 192, 192) == 8 + 23 + 16
    # vexp: [cce] 2 x repeat + 31
    assert costs.tile_vector_cycles(A2A3, TExpOp, F16, 64, 64, 64) == 31 + 2 * 32


def test_a2a3_row_reduce_instructions():
    # TRowReduceOps.hpp: rows of one repeat: one vcadd over 64 rows ([cce] 46 + 7 x 64)
    assert costs.row_reduce_cycles(A2A3, TRowSumOp, F32, 64, 64, 64) == 46 + 7 * 64
    # 16 x 256 f32, four repeat columns: three count-mode vadd over 16 rows, each behind a
    # pipe_barrier (fixed 30 + 2 x 16 + mask floor 16), then the vcadd of tmp
    assert costs.row_reduce_cycles(A2A3, TRowSumOp, F32, 16, 256, 256) == (
        3 * (30 + 2 * 16 + 16) + 46 + 7 * 16
    )
    # 1.5 repeats: a UB copy of the first column (5 + 16 x 256 / 32), one masked vmax
    assert costs.row_reduce_cycles(A2A3, TRowMaxOp, F32, 16, 96, 96) == (
        5 + 128 + (23 + 2 * 16 + 16) + 32 + 7 * 16
    )


def test_a2a3_per_row_and_copies():
    # pto-isa's profiled A2/A3 figures: TMOV vec -> vec f32 64x128 (one copy_ubuf_to_ubuf),
    # 63x125 and 15x23 in wider tiles (one copy per row); TROWEXPAND, TSEL (row by row)
    assert costs_dma.ub_copy_cycles(64, 128, 128, F32) == 1029
    assert costs_dma.ub_copy_cycles(63, 125, 128, F32) == 1323
    assert costs_dma.ub_copy_cycles(15, 23, 24, F32) == 120
    assert costs.tile_vector_cycles(A2A3, TRowExpandOp, F16, 64, 64, 64) == 933
    assert costs.tile_vector_cycles(A2A3, TSelOp, F16, 1, 128, 128) == 19
    assert costs.tile_vector_cycles(A2A3, TSelOp, F32, 4, 64, 64) == 67
    # TLOAD from 5-D GM views: one DMA per leading index on A2/A3 (c06: 32 x 2 x 128 i16,
    # 8576), per dim-0 index on A5 (its dims 1 and 2 are the DMA's hardware loops)
    assert costs_dma.gm_transfers(A2A3, (1, 1, 32, 2, 128)) == 32
    assert costs_dma.gm_transfers(A5, (2, 2, 2, 32, 64)) == 2
    nbytes = 64 * 128 * 2
    assert costs_dma.transfer_cycles(A2A3, MemorySpace.GM, MemorySpace.UB, nbytes, 32) == 8576


def test_a5_vector_latencies():
    # pto-isa VfSim isa.csv latencies, issued alone
    assert costs.vector_cycles(A5, VAddOp, F32) == 7
    assert costs.vector_cycles(A5, VMulOp, F16) == 8
    assert costs.vector_cycles(A5, VDivOp, F32) == 17
    assert costs.vector_cycles(A5, VDivOp, F16) == 22
    # a tile op: start-up 23 + vlds->vadd 6 + vadd->vsts 3 + 2 + vsts 9 + 3 x 1 + drain 12
    assert costs.vector_cycles(A5, TAddOp, F32, 4) == 23 + 6 + 5 + 9 + 3 + 12


def test_dma_bandwidth():
    # 128 B/cycle GM -> UB (manual) plus the 264-cycle start-up fitted on TLOAD c01
    assert costs_dma.transfer_cycles(A2A3, MemorySpace.GM, MemorySpace.UB, 4096) == 264 + 32
    # GM -> L1: 256 B/cycle (manual) and the 24-cycle start-up fitted on TLoadConv c01
    assert costs_dma.transfer_cycles(A2A3, MemorySpace.GM, MemorySpace.L1, 4096) == 24 + 16
    assert costs_dma.transfer_cycles(A2A3, MemorySpace.GM, MemorySpace.UB, 4097) == 264 + 33
    # published TLOAD c05 uint8 128x127 = 392: 264 + ceil(16256 / 128) = 391
    assert costs_dma.transfer_cycles(A2A3, MemorySpace.GM, MemorySpace.UB, 128 * 127) == 391
    assert costs.repeats_for(64 * 4 * 16) == 16


def test_cube_cycles():
    # published TMATMUL half 40x50x60 = 54: 6 + 3 x 4 x 4; float 120x110x50 = 902:
    # 6 + 2 x (8 x 14 x 4); int8 6x7x8 = 7: 6 + 1
    assert costs.matmul_cycles(40, 50, 60, F16) == 54
    assert costs.matmul_cycles(120, 110, 50, F32) == 902


def test_access_spans_of_strided_views():
    from interpreters.machine.memory import TensorView

    mem = Memory("gm", MemorySpace.GM, np.zeros(4096, np.uint8))
    view = TensorView(mem, 64, (4, 8), (16, 1), F32)
    assert view.access() == Access(mem, 64, 64 + 4 * (3 * 16 + 7 + 1))
    window = view.window_access(view.window(True), 2, 3)
    assert window[:3] == (mem, 64, 64 + 4 * (16 + 2 + 1))
    assert window.runs == (2, 16 * 4, 3 * 4)  # 2 rows of 3 f32, 16 elements apart


def test_a5_cube_and_fixpipe_drain_cycles():
    # A5 f32 operands: 8 passes a fractal (pypto's A5 simulator fit), A2/A3 2; 32x32x32 f32
    # is 2 x 4 x 2 fractals; half stays one pass (TMATMUL half 40x50x60 = 54 on both)
    assert costs.matmul_cycles(32, 32, 32, F32, target=A5) == 6 + 16 * 8
    assert costs.matmul_cycles(32, 32, 32, F32, target=A2A3) == 6 + 16 * 2
    assert costs.matmul_cycles(40, 50, 60, F16, target=A5) == 54
    # A5 L0C -> UB (a C2V push): 343 + the longer of bytes / 118 and 4.59 a row (pypto's
    # drain form); A2/A3: 128 GB/s at 1.85 GHz, no start-up, no row floor
    drain = partial(costs_dma.transfer_cycles, A5, MemorySpace.L0C, MemorySpace.UB)
    assert drain(4096, rows=32) == 343 + ceil(32 * 4.59)  # 32x32 f32: bound by its rows
    assert drain(32 * 1024, rows=32) == 343 + ceil(32 * 1024 / 118)  # 32x256 f32: by bytes
    assert drain(4096) == 343 + ceil(4096 / 118)  # no rows given: bytes alone
    assert costs_dma.transfer_cycles(A2A3, MemorySpace.L0C, MemorySpace.UB, 4096, rows=32) == 56
    # a tmov acc -> vec issues the push's fixpipe instruction (npu/a5/TMov.hpp): the same drain
    assert costs_dma.move_cycles(A5, MemorySpace.L0C, MemorySpace.UB, 4096, 32) == 343 + 147
    assert costs_dma.move_cycles(A2A3, MemorySpace.L0C, MemorySpace.UB, 4096, 32) == 56


def test_back_to_back_vector_functions_overlap_their_launch():
    model = PipeModel()
    for name in ("first", "second"):
        model.vf_launch(23)
        model.execute(op(name), Pipe.V, cycles=60)
        model.vf_done()
    assert model.total_cycles == 60 + 60 - 23
    assert model.busy[Pipe.V] == 97
    model.wait_signal(op("wait"), Pipe.V, 200, "a flag")  # a wait between: no overlap
    model.vf_launch(23)
    model.execute(op("third"), Pipe.V, cycles=60)
    assert model.total_cycles == 260


def _a5_tabs_chain(count: int) -> int:
    from interpreters.api import parse, run

    tile = "!pto.tile<loc=vec, dtype=f32, rows=32, cols=32>"
    part = "!pto.partition_tensor_view<32x32xf32>"
    ops = [f"%a0 = pto.tload %px : {part} -> {tile}"]
    ops += [f"%a{i + 1} = pto.tabs %a{i} : {tile} -> {tile}" for i in range(count)]
    ops.append(f"pto.tstore %a{count}, %py : {tile}, {part}")
    views = "".join(
        f"%v{x} = pto.make_tensor_view %{x}, shape = [%c32, %c32], strides = [%c32, %c1] "
        f": !pto.tensor_view<?x?xf32>\n%p{x} = pto.partition_view %v{x}, offsets = [%c0, %c0],"
        f" sizes = [%c32, %c32] : !pto.tensor_view<?x?xf32> -> {part}\n"
        for x in ("x", "y")
    )
    text = (
        'builtin.module attributes {pto.target_arch = "a5"} {\n'
        "func.func @f(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>) {\n"
        "%c0 = arith.constant 0 : index\n%c1 = arith.constant 1 : index\n"
        "%c32 = arith.constant 32 : index\n" + views + "\n".join(ops) + "\nfunc.return\n}\n}\n"
    )
    x = np.arange(1024, dtype=np.float32) - 512
    result = run(parse(text), x, np.zeros(1024, np.float32))
    assert np.array_equal(result.outputs[1], np.abs(x))
    assert result.cycles is not None
    return result.cycles


def test_a5_tile_ops_back_to_back_pay_one_launch():
    # each further tabs costs its own cycles less the 23-cycle VF start-up it overlaps
    one, two, three = (_a5_tabs_chain(n) for n in (1, 2, 3))
    tabs = costs.tile_vector_cycles(A5, TAbsOp, F32, 32, 32, 32)
    assert two - one == three - two == tabs - P.VF_STARTUP


def test_a5_int64_tile_ops_cost_the_32_bit_pair_sequence():
    # pto-isa's Int64Binary loops over rows, `vaddc` then `vaddcs` a repeat (each forwards 3
    # cycles after its issue, latency 7 - 4): 32 rows of one repeat cost start-up 23, the
    # chain load 6 + 3 + 3 + store 2 + 9, drain 12, then 31 rows of 2 cycles' issue and 3 of
    # row overhead; the same bytes of i32 are one 1-D loop of `vadd`s
    assert costs.tile_vector_cycles(A5, TAddOp, I64, 32, 32, 32) == 23 + 23 + 12 + 31 * 5
    assert costs.tile_vector_cycles(A5, TAddOp, I32, 32, 64, 64) == 23 + 20 + 31 + 12


def test_a5_int64_max_issues_its_chain_and_the_ops_beside_it():
    # Int64MinMax: vcmp -> psel (3 cycles' forwarding each) -> vsel (2: [vf] forwarding.csv)
    # on the chain, two more vcmp and the high half's vsel beside it: one row costs start-up
    # 23, load 6 + 8 + store 2 + 9, drain 12; each further row the six ops' issue (one a cycle)
    from pto_dialect.ops.tile_elementwise import TMaxOp

    assert costs.tile_vector_cycles(A5, TMaxOp, I64, 32, 32, 32) == 23 + 25 + 12 + 31 * 6


def test_a5_int64_division_is_pto_isas_software_sequence():
    # Int64DivSignedRegs issues 122 ops a repeat (Int64Div.hpp, Int64Common.hpp: the
    # divisor's absolute value and f32 reciprocal, two Newton steps of 64-bit products, the
    # corrections and the sign), 60 of them one dependent chain: a row costs at least their
    # issue, one row at least the chain's 60 forwardings of 2 cycles or more
    from pto_dialect.ops.tile_elementwise import TDivOp

    one = costs.tile_vector_cycles(A5, TDivOp, I64, 1, 32, 32)
    assert one > 23 + 60 * 2 + 12
    assert costs.tile_vector_cycles(A5, TDivOp, I64, 32, 32, 32) - one >= 31 * 122


def test_a5_int64_row_max_chains_its_seven_ops():
    # Int64RowMinMax: vcmax -> vdup -> vcmp -> vcmax -> vdup -> vcmp -> vcmax a row; one row
    # of i64 costs more than one row of i32 by at least six more forwardings of a cycle
    from pto_dialect.ops.tile_row_reduce import TRowMaxOp

    wide = costs.row_reduce_cycles(A5, TRowMaxOp, I64, 1, 32, 32)
    assert wide >= costs.row_reduce_cycles(A5, TRowMaxOp, I32, 1, 64, 64) + 6


def test_a5_vec_to_vec_tmov_is_one_vector_function():
    # pto-isa's A5 TMov into an NZ tile (TMovToVecNd2Nz): a vlds and a vsstb for each of the
    # 16 rows, one a cycle: start-up 23, load 6 -> store 2 + 9, 15 further pairs, drain 12
    from interpreters.api import parse, run

    def tile(blayout: str, slayout: str) -> str:
        return (f"!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=16, v_col=32, "
                f"blayout={blayout}, slayout={slayout}, fractal=512, pad=0>")  # fmt: skip

    nd, nz = tile("row_major", "none_box"), tile("col_major", "row_major")
    text = (
        'builtin.module attributes {pto.target_arch = "a5"} {\n  func.func @f() {\n'
        f"    %a = pto.alloc_tile : {nd}\n    %b = pto.alloc_tile : {nz}\n"
        f"    pto.tmov ins(%a : {nd}) outs(%b : {nz})\n    func.return\n  }}\n}}\n"
    )
    result = run(parse(text), trace=True)
    (span,) = [s for s in result.report.machine.pipes.spans if s.op.name == "pto.tmov"]
    assert span.cycles == 23 + 6 + 2 + 9 + 15 + 12
