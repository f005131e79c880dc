"""The flash-attention example on the cores of a block: one core against AIC + 2 AIVs.

    python benchmarks/mixed_cores.py [--blocks 1] [--smoke]

examples/flash_attention.mlir (32 queries a block, head 32, 256 keys in 4 blocks of 64,
inputs from seed 2026) runs as written on one core, then split by pto-split-cube-vector:
through pto-pipeline on a2a3 and a5 (GM hand-overs, FFTS flags), through pto-pipeline on a5
with A5's cross-core pipes (`handoff=pipe`) and at Level 1 through those pipes (a push
costs its transfer into the consumer's buffer). For each it prints the one-core
cycles, the makespan, each core's busy cycles (its pipes' added up), their sum, whether the
output has the one-core run's bytes and the largest distance to numpy attention in float64
(docs/passes.md has the table). `--smoke`: the pipe form alone.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from xdsl.context import Context
from xdsl.passes import ModulePass

from interpreters.api import parse, run
from passes.pipeline import PipelinePass
from passes.split_cores.split import SplitCubeVectorPass

EXAMPLE = Path(__file__).parents[1] / "examples" / "flash_attention.mlir"
FORMS: list[tuple[str, str, ModulePass]] = [
    ("a2a3", "pto-pipeline (GM)", PipelinePass()),
    ("a5", "pto-pipeline (GM)", PipelinePass()),
    ("a5", "pto-pipeline (pipes)", PipelinePass(handoff="pipe")),
    ("a5", "split at L1 (pipes)", SplitCubeVectorPass("pipe")),
]


def inputs(blocks: int) -> list[np.ndarray]:
    rng = np.random.default_rng(2026)
    rows = 32 * blocks
    q = rng.standard_normal((rows, 32)).astype(np.float16)
    kt = rng.standard_normal((32, 256)).astype(np.float16)
    v = rng.standard_normal((256, 32)).astype(np.float16)
    work = [((rows, 64), np.float32), ((rows, 64), np.float16), ((rows, 32), np.float32)]
    return [q, kt, v, *(np.zeros(s, t) for s, t in work), np.zeros((rows, 32), np.float32)]


def attention(q: np.ndarray, kt: np.ndarray, v: np.ndarray) -> np.ndarray:
    s = q.astype(np.float64) @ kt.astype(np.float64) / np.sqrt(q.shape[1])
    p = np.exp(s - s.max(axis=1, keepdims=True))
    return p / p.sum(axis=1, keepdims=True) @ v.astype(np.float64)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--blocks", type=int, default=1)
    parser.add_argument("--smoke", action="store_true", help="the pipe form alone")
    args = parser.parse_args(argv)
    data = inputs(args.blocks)
    want = attention(*data[:3])
    print(f"flash attention, {32 * args.blocks} queries, {args.blocks} block(s)")
    print(f"{'target':6} {'form':20} {'1 core':>7} {'makespan':>8}  busy per core (sum)")
    for target, form, stage in FORMS[-1:] if args.smoke else FORMS:
        module = parse(EXAMPLE.read_text(), target=target)
        one = run(module, *data, blocks=args.blocks)
        stage.apply(Context(), module)
        split = run(module, *data, blocks=args.blocks)
        assert not split.hazards, [h.message for h in split.hazards]
        busy = [sum(r.machine.pipes.busy.values()) for r in split.block_reports]
        cores = ", ".join(f"{r.unit} {b}" for r, b in zip(split.block_reports, busy, strict=True))
        same = split["out"].tobytes() == one["out"].tobytes()
        error = np.abs(split["out"] - want).max()
        print(f"{target:6} {form:20} {one.cycles:7d} {split.cycles:8d}  {cores} ({sum(busy)})")
        print(f"{'':27} same bytes as one core: {same}; max |out - f64| {error:.2e}")


if __name__ == "__main__":
    main()
