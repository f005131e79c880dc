"""The run summary of `pto-run --report` / `--report-json`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from interpreters.machine import Machine


@dataclass
class Report:
    machine: Machine

    def as_json(self) -> dict[str, Any]:
        counts = self.machine.op_counts
        return {
            "target": self.machine.target.name,
            "ops_executed": sum(counts.values()),
            "op_counts": dict(sorted(counts.items())),
        }

    def text(self) -> str:
        data = self.as_json()
        lines = [f"target: {data['target']}", f"ops executed: {data['ops_executed']}"]
        width = max((len(name) for name in data["op_counts"]), default=0)
        lines += [f"  {name:<{width}}  {n}" for name, n in data["op_counts"].items()]
        return "\n".join(lines)
