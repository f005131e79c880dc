"""The Chrome trace of a run (`pto-run --trace`, `Result.trace()`): the format's rules, flow
arrows from set_flag to wait_flag, stall slices, and hazards as instant events."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

from interpreters.api import apply_pipeline, parse, parse_file, run
from interpreters.commands import runner
from interpreters.machine.cost_params import FLAG_LATENCY

ROOT = Path(__file__).resolve().parents[2]
TABS = ROOT / "examples" / "tabs_ssa.mlir"
SEED002 = ROOT / "examples" / "seed002_vabs.mlir"

Event = dict[str, Any]


def check_chrome_trace(trace: dict[str, Any]) -> list[Event]:
    """Asserts the Chrome trace event format's rules (JSON object format) and returns the
    events: every event has a name, ph, ts, pid and tid; a complete event a duration >= 0;
    an instant event a scope; every flow id one start and one finish, bound at the end
    of the enclosing slice, the finish not before the start; metadata names a thread."""
    assert set(trace) >= {"traceEvents"}
    events: list[Event] = trace["traceEvents"]
    assert isinstance(events, list) and events
    flows: dict[int, list[Event]] = {}
    for event in events:
        for key in ("name", "ph", "ts", "pid", "tid"):
            assert key in event, f"{key} missing in {event}"
        assert isinstance(event["name"], str) and event["name"]
        assert isinstance(event["ts"], int | float) and event["ts"] >= 0
        phase = event["ph"]
        assert phase in {"X", "i", "s", "f", "M"}, event
        if phase == "X":
            assert isinstance(event["dur"], int | float) and event["dur"] >= 0
        elif phase == "i":
            assert event["s"] in {"t", "p", "g"}
        elif phase in "sf":
            flows.setdefault(event["id"], []).append(event)
        else:
            assert event["name"] in {"process_name", "thread_name", "thread_sort_index"}
    for flow_id, pair in flows.items():
        assert sorted(e["ph"] for e in pair) == ["f", "s"], f"flow {flow_id} is not one s + one f"
        start, finish = sorted(pair, key=lambda e: e["ph"], reverse=True)
        assert finish["bp"] == "e"
        assert finish["ts"] >= start["ts"]
        assert start["name"] == finish["name"]
    return events


def thread_names(events: list[Event]) -> dict[int, str]:
    return {e["tid"]: e["args"]["name"] for e in events if e["name"] == "thread_name"}


def lowered_tabs() -> str:
    module = apply_pipeline(parse_file(TABS), "pto-pipeline{target=a5}")
    return str(module)


def run_trace(text: str, allow: bool = False) -> tuple[list[Event], dict[str, Any]]:
    x = np.linspace(-1.0, 1.0, 1024, dtype=np.float32)
    result = run(parse(text, name="k.mlir"), x, np.zeros(1024, np.float32), trace=True)
    trace = result.trace()
    return check_chrome_trace(trace), trace


def test_a_synchronised_kernel_has_flows_from_set_to_wait_and_its_stalls() -> None:
    events, trace = run_trace(lowered_tabs())
    assert trace["otherData"]["time_unit"] == "cycle"
    names = thread_names(events)
    by_name = {e["name"]: e for e in events if e["ph"] == "X"}
    # one arrow per flag, from the setting pipe to the waiting one
    flows = [e for e in events if e["ph"] in "sf"]
    assert Counter(e["name"] for e in flows) == {"MTE2->V ev0": 2, "V->MTE3 ev0": 2}
    for event in flows:
        src, dst = event["name"].removesuffix(" ev0").split("->")
        assert names[event["tid"]] == f"PIPE_{src if event['ph'] == 's' else dst}"
        # the arrow's ends sit on the zero-length slices of the set and wait ops
        op = "set_flag" if event["ph"] == "s" else "wait_flag"
        slice_ = by_name[f"{op} {event['name']}"]
        assert (slice_["tid"], slice_["ts"], slice_["dur"]) == (event["tid"], event["ts"], 0)
    # V waits for the load: its stall ends when the copy lands and the flag reaches V, and
    # no V op runs during it
    copy, stall = by_name["pto.mte_gm_ub"], by_name["stall: wait_flag MTE2->V ev0"]
    assert names[stall["tid"]] == "PIPE_V"
    assert stall["ts"] + stall["dur"] == copy["ts"] + copy["dur"] + FLAG_LATENCY
    vector_ops = [e for e in events if e["ph"] == "X" and e["cat"] == "PIPE_V"]
    assert vector_ops and min(e["ts"] for e in vector_ops) >= stall["ts"] + stall["dur"]
    # every slice states its cycles in its args
    assert all(e["args"]["cycles"] == e["dur"] for e in events if e["ph"] == "X")
    assert not [e for e in events if e["ph"] == "i"]


def test_removing_a_wait_flag_shows_the_hazard_on_both_pipes() -> None:
    lines = lowered_tabs().splitlines()
    wait = next(i for i, line in enumerate(lines) if "pto.wait_flag[<PIPE_MTE2>, <PIPE_V>" in line)
    events, _ = run_trace("\n".join(lines[:wait] + lines[wait + 1 :]))
    names = thread_names(events)
    instants = [e for e in events if e["ph"] == "i"]
    raw = [e for e in instants if e["name"] == "hazard: RAW"]
    assert {names[e["tid"]] for e in raw} == {"PIPE_MTE2", "PIPE_V"}
    assert all("RAW hazard on ub" in e["args"]["message"] for e in raw)
    vlds = next(e for e in raw if names[e["tid"]] == "PIPE_V")
    assert vlds["args"]["at"].startswith("pto.vlds at k.mlir:")
    unwaited = [e for e in instants if e["name"] == "hazard: unwaited-flag"]
    assert [names[e["tid"]] for e in unwaited] == ["PIPE_MTE2"]
    # the MTE2 -> V arrow is gone with the wait; V -> MTE3 stays
    assert {e["name"] for e in events if e["ph"] in "sf"} == {"V->MTE3 ev0"}


def test_pto_run_trace_has_buffer_slot_arrows(tmp_path: Path) -> None:
    path = tmp_path / "trace.json"
    code = runner.main([str(SEED002), "--arg", "rand:1024xf32:1", "--arg", "zeros:1024xf32",
                        "--trace", str(path)])  # fmt: skip
    assert code == 0
    events = check_chrome_trace(json.loads(path.read_text()))
    names = thread_names(events)
    slots = [e for e in events if e["ph"] in "sf" and e["name"] == "slot 0"]
    assert [(e["ph"], names[e["tid"]]) for e in slots] == [
        ("s", "PIPE_MTE2"),
        ("f", "PIPE_V"),
        ("s", "PIPE_V"),
        ("f", "PIPE_MTE3"),
    ]
    # the kernel's closing barrier is followed by nothing: no stall slices for it
    assert not [e for e in events if e["name"] == "stall: barrier ALL"]
