"""The run summary of `pto-run --report` / `--report-json`, and its Chrome trace.

The trace (`trace_events`, `write_trace`) opens in Perfetto (ui.perfetto.dev) and
chrome://tracing. Its time axis counts cycles: `ts` and `dur` are cycles of the target's
pipes, which the viewers label as microseconds (the format has no unit of its own; the
process name and `otherData` say so). One track per pipe holds:

- a slice per op, with its cycles and source location in `args`;
- a slice `stall: <reason>` for the time a pipe waits for a flag, a buffer slot or a
  barrier with nothing to do;
- zero-length slices `set_flag MTE2->V ev0` / `wait_flag MTE2->V ev0` (and `rls_buf` /
  `get_buf` of a buffer slot) joined by a flow arrow (`ph` "s" -> "f");
- an instant event `hazard: RAW` (`ph` "i") on the pipe of each op of a hazard.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from interpreters.engine.source import where
from interpreters.machine.confidence import confidence_json, confidence_lines
from interpreters.machine.core import Machine
from interpreters.machine.pipes import PIPES, Edge, Hazard
from pto_dialect.attrs import Pipe


@dataclass
class Report:
    machine: Machine

    @property
    def total_cycles(self) -> int | None:
        """Cycles until the last pipe is done (None for a run without the pipe model)."""
        pipes = self.machine.pipes
        return pipes.total_cycles if pipes.tracking else None

    @property
    def busy(self) -> dict[str, int]:
        """Busy cycles per pipe that ran anything (e.g. `{"PIPE_V": 416}`)."""
        return {p.value: c for p, c in self.machine.pipes.busy.items() if c}

    @property
    def pipe_bound(self) -> int | None:
        """The busiest pipe's cycles: no schedule of the same ops takes fewer."""
        pipes = self.machine.pipes
        return pipes.pipe_bound if pipes.tracking else None

    @property
    def hazards(self) -> list[Hazard]:
        return self.machine.pipes.hazards

    @property
    def unit(self) -> str:
        """What ran: `block N`, or the core of a mixed launch (`block 0 AIV1`)."""
        launch = self.machine.launch
        cluster = self.machine.cluster
        if cluster is None:
            return f"block {launch.block_idx}"
        return cluster.cores[launch.core_index].name

    def as_json(self) -> dict[str, Any]:
        counts = self.machine.op_counts
        data: dict[str, Any] = {
            "target": self.machine.target.name,
            "ops_executed": sum(counts.values()),
            "op_counts": dict(sorted(counts.items())),
        }
        if self.machine.remarks:
            data["remarks"] = list(self.machine.remarks)
        pipes = self.machine.pipes
        if pipes.tracking:
            total, bound = pipes.total_cycles, pipes.pipe_bound
            data["cycles"] = {
                "total": total,
                "busy": self.busy,
                "pipe_bound": bound,
                "total_over_bound": round(total / bound, 4) if bound else None,
            }
            data["hazards"] = [h.as_json() for h in pipes.hazards]
            data["cost_confidence"] = confidence_json(self.machine.target.arch, counts)
        return data

    def text(self) -> str:
        data = self.as_json()
        lines = [f"target: {data['target']}", f"ops executed: {data['ops_executed']}"]
        width = max((len(name) for name in data["op_counts"]), default=0)
        lines += [f"  {name:<{width}}  {n}" for name, n in data["op_counts"].items()]
        lines += [f"remark: {remark}" for remark in data.get("remarks", ())]
        if "cycles" in data:
            cycles = data["cycles"]
            lines.append(f"cycles: {cycles['total']} total, pipe bound {cycles['pipe_bound']}"
                         + (f" (ratio {cycles['total_over_bound']})"
                            if cycles["total_over_bound"] is not None else ""))  # fmt: skip
            lines += [f"  {pipe:<9}  {busy} busy" for pipe, busy in cycles["busy"].items()]
            lines.append("cost confidence (docs/machine.md):")
            lines += confidence_lines(self.machine.target.arch, data["op_counts"])
            hazards = data["hazards"]
            lines.append(f"hazards: {len(hazards)}")
            lines += [f"  {h['message']}" for h in hazards]
        return "\n".join(lines)


_PID = 0


def _slice(name: str, cat: str, tid: int, ts: int, dur: int, **args: Any) -> dict[str, Any]:
    return {
        "name": name,
        "cat": cat,
        "ph": "X",
        "pid": _PID,
        "tid": tid,
        "ts": ts,
        "dur": dur,
        "args": {"start_cycle": ts, "cycles": dur, **args},
    }


def _edge_events(edge: Edge, index: int, tid: dict[Pipe, int]) -> list[dict[str, Any]]:
    """The two zero-length slices of an edge's ops and the flow arrow between them."""
    src_name = f"{edge.src_op.name.removeprefix('pto.')} {edge.name}"
    dst_name = f"{edge.dst_op.name.removeprefix('pto.')} {edge.name}"
    flow = {"name": edge.name, "cat": "sync", "id": index, "pid": _PID}
    return [
        _slice(src_name, "sync", tid[edge.src], edge.src_time, 0, at=where(edge.src_op)),
        _slice(dst_name, "sync", tid[edge.dst], edge.dst_time, 0, at=where(edge.dst_op)),
        {**flow, "ph": "s", "tid": tid[edge.src], "ts": edge.src_time},
        {**flow, "ph": "f", "bp": "e", "tid": tid[edge.dst], "ts": edge.dst_time},
    ]


def trace_events(machine: Machine) -> dict[str, Any]:
    """The Chrome trace (JSON object format) of a run whose pipe model recorded spans."""
    pipes = machine.pipes
    used = {s.pipe for s in pipes.spans} | {s.pipe for s in pipes.stalls}
    used |= {e.src for e in pipes.edges} | {e.dst for e in pipes.edges}
    used |= {m.pipe for m in pipes.hazard_marks}
    tid = {pipe: i for i, pipe in enumerate(p for p in PIPES if p in used)}
    title = f"pto-run {machine.target.name} (time axis in cycles, shown as us)"
    events: list[dict[str, Any]] = [
        {"name": "process_name", "ph": "M", "pid": _PID, "tid": 0, "ts": 0, "args": {"name": title}}
    ]
    for pipe, index in tid.items():
        events.append({"name": "thread_name", "ph": "M", "pid": _PID, "tid": index, "ts": 0,
                       "args": {"name": pipe.value}})  # fmt: skip
        events.append({"name": "thread_sort_index", "ph": "M", "pid": _PID, "tid": index, "ts": 0,
                       "args": {"sort_index": index}})  # fmt: skip
    for span in pipes.spans:
        at = where(span.op)
        events.append(_slice(span.op.name, span.pipe.value, tid[span.pipe], span.start,
                             span.cycles, at=at))  # fmt: skip
    for stall in pipes.stalls:
        event = _slice(f"stall: {stall.reason}", "stall", tid[stall.pipe], stall.start,
                       stall.cycles, at=where(stall.op))  # fmt: skip
        events.append({**event, "cname": "grey"})
    for index, edge in enumerate(pipes.edges):
        events += _edge_events(edge, index, tid)
    events += [
        {
            "name": f"hazard: {mark.hazard.kind}",
            "cat": "hazard",
            "ph": "i",
            "s": "t",
            "pid": _PID,
            "tid": tid[mark.pipe],
            "ts": mark.time,
            "cname": "terrible",
            "args": {"at": where(mark.op), "message": mark.hazard.message},
        }
        for mark in pipes.hazard_marks
    ]
    return {
        "traceEvents": events,
        "otherData": {
            "time_unit": "cycle",
            "note": "ts and dur count cycles of the target's pipes; viewers label them us",
            "target": machine.target.name,
        },
    }


def write_trace(machine: Machine, path: Path, cores: Sequence[Machine] = ()) -> None:
    """Writes `trace_events(machine)` to `path` (Perfetto, chrome://tracing); with `cores`
    (a mixed launch), `cores_trace(cores)`."""
    trace = cores_trace(cores) if cores else trace_events(machine)
    path.write_text(json.dumps(trace) + "\n")


def deadlock_trace(
    machines: Sequence[Machine], blocked: Sequence[tuple[int, str]]
) -> dict[str, Any]:
    """`cores_trace` of a launch that deadlocked, with the wait-for graph: on each blocked
    core, where its pipes stopped, an instant event saying what it waits for."""
    trace = cores_trace(machines)
    for index, what in blocked:
        pipes = machines[index].pipes
        trace["traceEvents"].append({
            "name": "deadlock: blocked", "cat": "deadlock", "ph": "i", "s": "p",
            "pid": index, "tid": 0, "ts": pipes.total_cycles, "cname": "terrible",
            "args": {"waits for": what},
        })  # fmt: skip
    return trace


def cores_trace(machines: Sequence[Machine]) -> dict[str, Any]:
    """The trace of a mixed launch: one track group (process) per core, named for it, with
    its pipes as tracks, on one time axis."""
    events: list[dict[str, Any]] = []
    for pid, machine in enumerate(machines):
        unit = Report(machine).unit
        for event in trace_events(machine)["traceEvents"]:
            event = {**event, "pid": pid}
            if event["name"] == "process_name":
                event["args"] = {"name": f"{unit} ({machine.target.name}, cycles shown as us)"}
            if "id" in event:
                event["id"] = f"{pid}:{event['id']}"
            events.append(event)
    trace = trace_events(machines[0])
    return {**trace, "traceEvents": events}


def launch_json(reports: Sequence[Report]) -> dict[str, Any]:
    """The blocks of a multi-block run: each block's cycles, busy cycles (its pipes' added
    up) and hazard count, and the run's cycles (the slowest block's: the blocks run side by
    side on cores of their own)."""
    totals = [r.total_cycles for r in reports]
    return {
        "blocks": [
            {
                "block": r.machine.launch.block_idx,
                "unit": r.unit,
                "cycles": total,
                "busy": sum(r.busy.values()),
                "hazards": len(r.hazards),
            }
            for r, total in zip(reports, totals, strict=True)
        ],
        "cycles_overall": None if None in totals else max(t for t in totals if t is not None),
    }


def launch_text(reports: Sequence[Report]) -> str:
    """`launch_json` as the lines `pto-run --report` prints after block 0's report."""
    data = launch_json(reports)
    mixed = reports[0].machine.cluster is not None
    what = "cores" if mixed else "blocks"
    lines = [f"{what}: {len(reports)} (the report above is {reports[0].unit}'s)"]
    for block in data["blocks"]:
        cycles = "" if block["cycles"] is None else f"{block['cycles']} cycles, "
        if mixed and block["cycles"] is not None:
            cycles = f"{block['cycles']} cycles ({block['busy']} busy), "
        lines.append(f"  {block['unit']}: {cycles}{block['hazards']} hazards")
    if data["cycles_overall"] is not None:
        last = "the makespan: the last core's end" if mixed else "the slowest block"
        lines.append(f"cycles overall: {data['cycles_overall']} ({last})")
        busy = sum(block["busy"] for block in data["blocks"])
        if mixed and busy:
            ratio = data["cycles_overall"] / busy
            verdict = ": the cores overlap" if ratio < 1 else ""
            lines.append(f"busy cycles of the cores added up: {busy} (makespan / busy "
                         f"{ratio:.2f}{verdict})")  # fmt: skip
    return "\n".join(lines)
