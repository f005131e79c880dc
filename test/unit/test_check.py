"""The synchronisation checker (`interpreters.checking`: `check`, `diff`) on kernels of
its own that reproduce the kinds of failure users found on the board (docs/checking.md):
trip counts, deadlocks, event reuse, the pipe table, same-pipe rules, redundancy,
pto-insert-sync's own output, pass bisection and target differences."""

from __future__ import annotations

from pathlib import Path

import pytest
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from interpreters.api import apply_pipeline, parse, run
from interpreters.checking.check import check, loop_groups, trip_plans, without_redundant
from interpreters.checking.diff import bisect, compare_targets
from passes.insert_sync.insert import FALLBACK
from passes.pipeline import pipeline_passes
from pto_dialect.attrs import Location, Pipe, TargetArch
from pto_dialect.ops.base import PtoOp
from pto_dialect.ops.sync import BarrierOp, SetFlagOp, WaitFlagOp
from pto_dialect.ops.tile_fillpad import TFillPadOp
from pto_dialect.ops.tile_generate import TCIOp
from pto_dialect.ops.tile_move import TMOV_PIPES
from pto_dialect.rules import event_ids, tile_barrier_rule, vecscope_mem_bar_rule

INPUTS = Path(__file__).parents[1] / "filecheck" / "check" / "Inputs"
EXAMPLES = Path(__file__).parents[2] / "examples"


def kernel(name: str, target: str | None = None) -> ModuleOp:
    path = INPUTS / f"{name}.pto"
    return parse(path.read_text(), name=str(path), target=target)


# ---- trip counts ---------------------------------------------------------------------------


def test_a_zero_trip_loop_shows_the_race_only_at_zero_trips():
    """PTOAS#533: the only MTE2 -> V wait for a tile loaded before the loop is in the loop."""
    report = check(kernel("zero_trip"), "rand:8x8xf32:1", "rand:64x8xf32:2", "zeros:8x8xf32", 4)
    assert [r.trips.label().rsplit(" runs ", 1)[-1] for r in report.runs[1:]] == [
        "0 times", "1 time", "2 times", "3 times",
    ]  # fmt: skip
    found = [(f.hazard.kind, f.trips.counts[0][1]) for f in report.findings]
    assert found == [("RAW", 0)]
    assert "pto.tmul" in report.findings[0].hazard.message
    assert "pto.tload" in report.findings[0].hazard.message


def test_loops_are_grouped_by_the_arguments_of_their_bounds():
    text = """
    func.func @k(%n: index, %m: index) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %n2 = arith.addi %n, %c1 : index
      scf.for %i = %c0 to %n step %c1 { }
      scf.for %i = %c0 to %n2 step %c1 { }
      scf.for %i = %c0 to %m step %c1 {
        scf.for %j = %c0 to %i step %c1 { }
      }
      scf.for %i = %c0 to %c4 step %c1 { }
      func.return
    }"""
    module = parse(text)
    groups = loop_groups(next(o for o in module.walk() if o.name == "func.func"))  # type: ignore[arg-type]
    assert [(len(g.loops), g.bound) for g in groups] == [(2, "%n"), (1, "%m"), (1, "")]
    plans = trip_plans(groups, (0, 1, 2, 3), max_runs=64)
    assert len(plans) == 1 + 4**3
    few = trip_plans(groups, (0, 1, 2, 3), max_runs=8)
    assert len(few) == 1 + 4 + 3 * 4  # all together at each count, then each group alone


def test_loops_of_a_function_of_several_blocks_name_its_arguments_only():
    """A branch's block argument is no kernel argument (fuzz find: pto-check raised a
    ValueError, the function body not being one block)."""
    text = """
    func.func @k(%n: index, %m: index) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      cf.br ^next(%n : index)
    ^next(%x: index):
      scf.for %i = %c0 to %m step %c1 { }
      scf.for %i = %c0 to %x step %c1 { }
      func.return
    }"""
    module = parse(text)
    groups = loop_groups(next(o for o in module.walk() if o.name == "func.func"))  # type: ignore[arg-type]
    assert [(len(g.loops), g.bound) for g in groups] == [(1, "%m"), (1, "")]


# ---- deadlocks ----------------------------------------------------------------------------


def test_an_odd_trip_count_deadlocks_with_its_wait_for_chain():
    """PTOAS#1519: the drain after a ping-pong loop assumes an even trip count."""
    report = check(kernel("odd_trips"), "rand:64x8xf32:2", "zeros:8x8xf32", 4)
    deadlocks = [f for f in report.findings if f.hazard.kind == "deadlock"]
    assert sorted(f.trips.counts[0][1] for f in deadlocks) == [1, 3]
    message = deadlocks[0].hazard.message
    assert "waits for signal 2 of V->MTE2 ev0, which no set_flag gives" in message
    assert "the last matching set is pto.set_flag at" in message and "taken by" in message
    chain = deadlocks[0].hazard.details["chain"]
    assert len(chain) == 1 and chain[0]["pipe"] == "PIPE_MTE2"


def test_an_unprimed_loop_head_is_a_cycle_between_two_pipes():
    """PTOAS#428/#1149: the loop's first wait has no set before the loop."""
    report = check(kernel("unprimed"), "rand:64x8xf32:2", "zeros:8x8xf32", 4, trip_counts=(0,))
    (finding,) = report.findings
    assert finding.hazard.kind == "deadlock" and finding.trips.label() == "as given"
    chain = finding.hazard.details["chain"]
    assert [link["pipe"] for link in chain] == ["PIPE_MTE2", "PIPE_V"]
    assert finding.hazard.message.endswith("back to PIPE_MTE2: a cycle")
    assert all(len(r.replay.hazards) == 0 for r in report.runs[1:])  # zero trips: fine


def test_an_event_id_whose_lives_nest_is_reported_with_the_race_it_causes():
    """PTOAS#823: two MTE3 -> V fences on EVENT_ID2 whose lives nest."""
    report = check(kernel("event_reuse"), "rand:8x8xf32:1", "rand:8x8xf32:2", "zeros:8x8xf32",
                   "zeros:8x8xf32")  # fmt: skip
    assert sorted(f.hazard.kind for f in report.findings) == ["WAR", "event-reuse"]


# ---- the pipe table and same-pipe rules ---------------------------------------------------


def test_the_pipe_table_follows_the_operands_and_is_the_one_sync_and_checker_read():
    rows = {r.when: r.pipes for r in TCIOp.pipe_rules()}
    assert rows["with tmp"] is not None and rows["with tmp"].a2a3 is Pipe.V
    assert rows["without tmp"] is not None and rows["without tmp"].a5 is Pipe.S
    assert TMOV_PIPES[(Location.MAT, Location.SCALING)] is Pipe.FIX
    assert [r.when for r in TFillPadOp.pipe_rules()] == ["dst loc=mat", "dst loc=vec"]
    assert PtoOp.pipe_rules()[0].pipes is not None
    for entry, pipes in (
        ("with_tmp", ("PIPE_V", "PIPE_MTE3")),
        ("without_tmp", ("PIPE_S", "PIPE_V")),
    ):
        report = check(kernel("tci_pipes"), "zeros:1x32xi32", 31, function=entry)
        (finding,) = report.findings
        assert finding.hazard.details["pipes"] == list(pipes)


def test_a_vector_store_and_reload_needs_a_mem_bar_on_a5_only():
    """PTOAS#869: the spill of a VF read back without `mem_bar VST_VLD`."""
    args = ("rand:1x64xf32:1", "zeros:1x64xf32")
    (finding,) = check(kernel("spill"), *args).findings
    assert finding.hazard.details["same_pipe"] == 'pto.mem_bar "VST_VLD" or pto.mem_bar "VV_ALL"'
    fenced_text = (INPUTS / "spill.pto").read_text().replace("// (fence) ", "")
    fenced = parse(fenced_text)
    assert check(fenced, *args).clean
    a2a3 = check(fenced, *args, target="a2a3", redundancy=True)
    assert a2a3.clean and [r.what for r in a2a3.redundant] == ['pto.mem_bar "VST_VLD"']
    assert vecscope_mem_bar_rule(TargetArch.A2A3) is None
    assert tile_barrier_rule(TargetArch.A5, Pipe.V) is None
    assert tile_barrier_rule(TargetArch.CPU, Pipe.V) is not None


def test_two_dependent_vector_instructions_need_a_barrier_on_a2a3():
    text = (INPUTS / "zero_trip.pto").read_text().replace("pto.barrier #pto.pipe<PIPE_V>", "")
    report = check(parse(text), "rand:8x8xf32:1", "rand:64x8xf32:2", "zeros:8x8xf32", 2,
                   trip_counts=())  # fmt: skip
    (finding,) = report.findings  # one report per pair of ops: RAW, the first kind found
    assert finding.hazard.kind == "RAW" and "within PIPE_V" in finding.hazard.message
    assert finding.hazard.details["same_pipe"].startswith("pto.barrier #pto.pipe<PIPE_V> or")


# ---- redundancy -----------------------------------------------------------------------------


def test_redundant_sync_is_listed_with_its_stall_and_removed():
    """PTOAS#1569: a PIPE_ALL barrier per iteration and a second MTE2 -> V pair."""
    module = kernel("oversync")
    args = ("rand:64x8xf32:1", "zeros:64x8xf32", 8)
    report = check(module, *args, redundancy=True)
    assert report.clean
    barrier = report.redundant[0]
    assert barrier.what == "pto.barrier #pto.pipe<PIPE_ALL>" and barrier.removed
    assert barrier.stall > 0 and barrier.saves > 0
    removed = [r for r in report.redundant if r.removed]
    assert len(removed) == 2  # the barrier and one of the two MTE2 -> V pairs
    cleaned = without_redundant(module, report)
    assert not any(isinstance(o, BarrierOp) for o in cleaned.walk())
    again = check(cleaned, *args, redundancy=True)
    assert again.clean and again.redundant == []
    assert again.runs[0].replay.total_cycles == report.runs[0].replay.total_cycles - barrier.saves
    before, after = run(module, *args), run(cleaned, *args)
    assert after.cycles is not None and before.cycles is not None
    assert after.cycles < before.cycles and not after.hazards


def test_the_replay_keeps_the_cycles_of_the_pipe_model():
    module = kernel("oversync")
    args = ("rand:64x8xf32:1", "zeros:64x8xf32", 8)
    assert (
        check(module, *args, trip_counts=()).runs[0].replay.total_cycles
        == run(module, *args).cycles
    )


# ---- pto-insert-sync ----------------------------------------------------------------------


def _dynamic_stream() -> str:
    text = (EXAMPLES / "stream_add_ssa.mlir").read_text()
    text = text.replace("%c: !pto.ptr<f32>)", "%c: !pto.ptr<f32>, %tiles: index)")
    return text.replace("    %tiles = arith.constant 16 : index\n", "")


@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_inserted_sync_is_trip_safe_minimal_and_without_event_reuse(target: str):
    module = parse(_dynamic_stream())
    apply_pipeline(module, f"pto-pipeline{{target={target}}}")
    report = check(module, "rand:512x32xf32:1", "rand:512x32xf32:2", "zeros:512x32xf32", 16,
                   redundancy=True)  # fmt: skip
    assert len(report.runs) == 5
    assert report.clean and report.redundant == []


def test_independent_pairs_get_fresh_event_ids_and_exhausted_ids_a_reported_barrier():
    module = kernel("two_chains")
    apply_pipeline(module, "pto-convert-to-dps,pto-plan-memory,pto-insert-sync")
    events = {o.event.data for o in module.walk() if isinstance(o, SetFlagOp | WaitFlagOp)
              and (o.src, o.dst) == (Pipe.MTE2, Pipe.V)}  # fmt: skip
    assert len(events) == 2  # two MTE2 -> V pairs: an id is not reused while one may be set
    args = ("rand:8x8xf32:1", "rand:8x8xf32:2", "zeros:8x8xf32", "zeros:8x8xf32")
    assert check(module, *args, redundancy=True).redundant == []
    assert event_ids(TargetArch.A5, Pipe.S, Pipe.V) == 7
    assert event_ids(TargetArch.A2A3, Pipe.MTE2, Pipe.V) == 8
    tiles = [f"%x{i} = arith.constant {32 * i} : i64\n    %t{i} = pto.alloc_tile addr = %x{i} : !t"
             for i in range(10)]  # fmt: skip
    body = "\n    ".join(tiles)
    loads = "\n    ".join(f"pto.tload ins(%pa : !pv) outs(%t{i} : !t)" for i in range(9))
    uses = "\n    ".join(f"pto.tabs ins(%t{i} : !t) outs(%t9 : !t)" for i in range(9))
    text = f"""!t = !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8>
!pv = !pto.partition_tensor_view<1x8xf32>
!tv = !pto.tensor_view<?x?xf32>
builtin.module attributes {{pto.target_arch = "a5"}} {{
  func.func @nine(%a: !pto.ptr<f32>) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %va = pto.make_tensor_view %a, shape = [%c1, %c8], strides = [%c8, %c1] : !tv
    %pa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c1, %c8] : !tv -> !pv
    {body}
    {loads}
    {uses}
    func.return
  }}
}}"""
    module = parse(text)
    apply_pipeline(module, "pto-insert-sync")
    fallbacks = [o for o in module.walk() if isinstance(o, BarrierOp) and FALLBACK in o.attributes]
    assert len(fallbacks) == 1
    report = check(module, "rand:1x8xf32:1")
    assert report.clean
    assert any("stands for a flag pair: the 8 event ids" in r for r in report.remarks)


# ---- bisection and targets ----------------------------------------------------------------


class _DropFirstWait(ModulePass):
    """A broken pass: it deletes the first wait_flag it finds."""

    name = "test-drop-first-wait"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        wait = next(o for o in op.walk() if isinstance(o, WaitFlagOp))
        wait.detach()
        wait.erase()


def test_bisection_names_the_pass_that_adds_a_hazard():
    args = ("rand:8x8xf32:1", "rand:8x8xf32:2", "zeros:8x8xf32", "zeros:8x8xf32")
    found = bisect(kernel("two_chains"), "pto-convert-to-dps,pto-insert-sync,pto-plan-memory",
                   *args)  # fmt: skip
    assert found.culprit is not None and found.culprit.pass_name == "pto-plan-memory"
    assert [s.serial for s in found.stages] == [True, True, False, False]
    assert found.culprit.hazards[0].startswith("WAR: ") and not found.culprit.changed
    ok = bisect(kernel("two_chains"), "pto-pipeline", *args)
    assert ok.culprit is None and len(ok.stages) == 1 + len(pipeline_passes())  # input, stages
    passes = [*bisect_passes(), _DropFirstWait()]
    broken = bisect(kernel("two_chains"), passes, *args)
    assert broken.culprit is not None and broken.culprit.pass_name == "test-drop-first-wait"


def bisect_passes() -> list[ModulePass]:
    from passes.convert_to_dps.convert import ConvertToDpsPass
    from passes.insert_sync.insert import InsertSyncPass
    from passes.plan_memory import PlanMemoryPass

    return [ConvertToDpsPass(), PlanMemoryPass(), InsertSyncPass()]


def test_bisection_names_the_pass_that_changes_the_bytes():
    wrong = "pto-plan-memory,pto-insert-sync,pto-lower-tile-to-vector{target=a2a3},pto-lower-dma"
    found = bisect(kernel("colsum_pairwise"), wrong, "rand:5x64xf32:3", "zeros:1x64xf32")
    assert found.culprit is not None and found.culprit.pass_name == "pto-lower-tile-to-vector"
    assert found.culprit.changed and found.culprit.changed[0].startswith("the bytes of argument 1")


def test_targets_differ_first_at_the_pairwise_sum_by_its_reduction_order():
    found = compare_targets(kernel("colsum_pairwise"), "rand:5x64xf32:3", "zeros:1x64xf32")
    (diff,) = found.diffs  # a5 and cpu agree
    assert diff.targets == ("a2a3", "a5") and diff.op.name == "pto.tcolsum"
    assert diff.why.startswith("reduction order (REDUCE_RULES: fold first against last")
