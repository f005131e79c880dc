"""Inserted synchronisation per example: flags, waits, buffer-id wraps, barriers and cycles.

    python benchmarks/sync_counts.py

For every kernel in examples/ on its own target, the kernel after `pto-pipeline` with:

- `serial`: the hand-written pattern of the seed 002 kernel (`pto-insert-sync{mode=serial}`:
  set_flag/wait_flag back to back wherever the pipe changes, a PIPE_ALL barrier where a
  block is entered), the baseline;
- `hand`: the example's own hand-written sync, where it has some (seed002_vabs, tcolmin,
  tgemv_bias); for seed002_vabs, whose source is tabs_ssa, the rows of tabs_ssa compare with it;
- `flags`: `pto-insert-sync` without multi-buffering (`multi-buffer=0`) and with two slots;
- `bufid`: buffer-id sync (a5/cpu), with two slots.

A hand-synchronised tile-level example has its sync removed first, so that the pass inserts
all of it. Every variant is checked to run without hazards. The cycles are those of the
machine model (docs/machine.md), whose costs another change may revise: compare the variants
of one kernel, not absolute numbers.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from xdsl.context import Context
from xdsl.dialects import arith, builtin, cf, func, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation

from interpreters.engine.source import parse_module
from interpreters.launching.args import declared_args
from interpreters.launching.execute import run_function
from passes.pipeline import PipelinePass
from pto_dialect.attrs import Pipe
from pto_dialect.dialect import PTO
from pto_dialect.ops.sync import BarrierOp, GetBufOp, RlsBufOp, SetFlagOp, WaitFlagOp
from pto_dialect.ops.vecscope import VecScopeOp

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


_SYNC = (SetFlagOp, WaitFlagOp, BarrierOp, GetBufOp, RlsBufOp)


@dataclass(frozen=True)
class Row:
    example: str
    variant: str
    sets: int
    waits: int
    wraps: int
    barriers: int
    cycles: int
    bound: int


def context() -> Context:
    ctx = Context()
    for dialect in (builtin.Builtin, func.Func, arith.Arith, scf.Scf, cf.Cf, PTO):
        ctx.load_dialect(dialect)
    return ctx


def load(name: str) -> ModuleOp:
    path = EXAMPLES / f"{name}.mlir"
    return parse_module(context(), path.read_text(), str(path))


def lowered(module: ModuleOp) -> bool:
    return any(isinstance(op, VecScopeOp) for op in module.walk())


def strip_sync(module: ModuleOp) -> None:
    """The tile-level kernel without its hand-written sync."""
    for op in [o for o in module.walk() if isinstance(o, _SYNC)]:
        op.detach()
        op.erase()


def measure(example: str, variant: str, module: ModuleOp) -> Row:
    args = declared_args((EXAMPLES / f"{example}.mlir").read_text())
    assert args is not None, f"{example} declares no // ARGS:"
    result = run_function(module, args)
    pipes = result.machine.pipes
    assert not pipes.hazards, (example, variant, [h.message for h in pipes.hazards])
    ops: list[Operation] = list(module.walk())
    return Row(
        example,
        variant,
        sum(isinstance(op, SetFlagOp) for op in ops),
        sum(isinstance(op, WaitFlagOp) for op in ops),
        sum(isinstance(op, GetBufOp) for op in ops),
        sum(isinstance(op, BarrierOp) and op.pipe() is Pipe.ALL for op in ops),
        pipes.total_cycles,
        pipes.pipe_bound,
    )


def rows(example: str) -> list[Row]:
    """Every variant of one example (the module doc)."""
    found: list[Row] = []
    original = load(example)
    hand_synced = any(isinstance(op, _SYNC) for op in original.walk())
    if lowered(original):
        return [measure(example, "hand", original)]
    if hand_synced:
        hand = load(example)
        PipelinePass(multi_buffer=0).apply(context(), hand)
        found.append(measure(example, "hand", hand))
    variants = [("serial", 0, "serial"), ("flags", 0, "flags"), ("flags mb=2", 2, "flags")]
    target = original.attributes["pto.target_arch"]
    if "a2a3" not in str(target):
        variants.append(("bufid mb=2", 2, "bufid"))
    for name, slots, sync in variants:
        module = load(example)
        strip_sync(module)
        PipelinePass(multi_buffer=slots, sync=sync).apply(context(), module)
        found.append(measure(example, name, module))
    return found


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="one example: does it run")
    args = parser.parse_args(argv)
    paths = sorted(EXAMPLES.glob("*.mlir"))
    if args.smoke:
        paths = [EXAMPLES / "tabs_ssa.mlir"]
    print(f"{'example':16} {'variant':11} {'flags':>5} {'waits':>5} {'bufid':>5} {'barr':>4} "
          f"{'cycles':>8} {'bound':>8} {'ratio':>6}")  # fmt: skip
    for path in paths:
        for row in rows(path.stem):
            print(
                f"{row.example:16} {row.variant:11} {row.sets:5d} {row.waits:5d} {row.wraps:5d} "
                f"{row.barriers:4d} {row.cycles:8d} {row.bound:8d} {row.cycles / row.bound:6.3f}"
            )


if __name__ == "__main__":
    main()
