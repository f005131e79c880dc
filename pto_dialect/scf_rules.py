"""Rules of `scf.if` that xDSL 0.74's verifier does not check (MLIR's does).

An `scf.if` with results needs an else region, and each branch's `scf.yield` yields one
value of each result's type. Without them the passes index past the yielded values and
the interpreter finds no value for a result, so the project's tools check them before they
transform IR (`passes.common`).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import scf
from xdsl.ir import Operation

from pto_dialect.dominance import where


@dataclass(frozen=True)
class ScfViolation:
    """`op` breaks an `scf.if` rule; `message` says which."""

    op: Operation
    message: str

    def __str__(self) -> str:
        return f"{where(self.op)}: {self.message}"


def _if_violation(op: scf.IfOp) -> ScfViolation | None:
    results = [r.type for r in op.results]
    if results and not op.false_region.blocks:
        return ScfViolation(op, f"has {len(results)} result(s) but no else region to yield them")
    for region in op.regions:
        for block in region.blocks:
            last = block.last_op
            if not isinstance(last, scf.YieldOp):
                continue  # the verifier's terminator rule
            yielded = [v.type for v in last.operands]
            if len(yielded) != len(results):
                return ScfViolation(
                    last,
                    f"yields {len(yielded)} value(s) but the enclosing scf.if has "
                    f"{len(results)} result(s)",
                )
            for index, (got, want) in enumerate(zip(yielded, results, strict=True)):
                if got != want:
                    return ScfViolation(
                        last,
                        f"operand #{index} has type {got} but result #{index} of the "
                        f"enclosing scf.if has type {want}",
                    )
    return None


def find_scf_violation(root: Operation) -> ScfViolation | None:
    """The first `scf.if` (or its `scf.yield`) in `root` that breaks a rule above."""
    for op in root.walk():
        if isinstance(op, scf.IfOp) and (violation := _if_violation(op)) is not None:
            return violation
    return None
