"""The run summary of `pto-run --report` / `--report-json`, and its Chrome trace."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from interpreters.machine import Machine
from interpreters.source import where


@dataclass
class Report:
    machine: Machine

    def as_json(self) -> dict[str, Any]:
        counts = self.machine.op_counts
        data: dict[str, Any] = {
            "target": self.machine.target.name,
            "ops_executed": sum(counts.values()),
            "op_counts": dict(sorted(counts.items())),
        }
        pipes = self.machine.pipes
        if pipes.tracking:
            busy = {p.value: c for p, c in pipes.busy.items() if c}
            total, bound = pipes.total_cycles, pipes.pipe_bound
            data["cycles"] = {
                "total": total,
                "busy": busy,
                "pipe_bound": bound,
                "total_over_bound": round(total / bound, 4) if bound else None,
            }
            data["hazards"] = [h.as_json() for h in pipes.hazards]
        return data

    def text(self) -> str:
        data = self.as_json()
        lines = [f"target: {data['target']}", f"ops executed: {data['ops_executed']}"]
        width = max((len(name) for name in data["op_counts"]), default=0)
        lines += [f"  {name:<{width}}  {n}" for name, n in data["op_counts"].items()]
        if "cycles" in data:
            cycles = data["cycles"]
            lines.append(f"cycles: {cycles['total']} total, pipe bound {cycles['pipe_bound']}"
                         + (f" (ratio {cycles['total_over_bound']})"
                            if cycles["total_over_bound"] is not None else ""))  # fmt: skip
            lines += [f"  {pipe:<9}  {busy} busy" for pipe, busy in cycles["busy"].items()]
            hazards = data["hazards"]
            lines.append(f"hazards: {len(hazards)}")
            lines += [f"  {h['message']}" for h in hazards]
        return "\n".join(lines)


def write_trace(machine: Machine, path: Path) -> None:
    """A Chrome trace (Perfetto, chrome://tracing): one track per pipe, one slice per op."""
    pipes = machine.pipes
    order = {p: i for i, p in enumerate(sorted({s.pipe for s in pipes.spans}, key=str))}
    events: list[dict[str, Any]] = [
        {"name": "thread_name", "ph": "M", "pid": 0, "tid": tid, "args": {"name": pipe.value}}
        for pipe, tid in order.items()
    ]
    events += [
        {
            "name": span.op.name,
            "cat": span.pipe.value,
            "ph": "X",
            "pid": 0,
            "tid": order[span.pipe],
            "ts": span.start,
            "dur": span.cycles,
            "args": {"at": where(span.op)},
        }
        for span in pipes.spans
    ]
    payload = {"traceEvents": events, "displayTimeUnit": "ns", "otherData": {"unit": "cycles"}}
    path.write_text(json.dumps(payload) + "\n")
