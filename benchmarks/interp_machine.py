"""Interpreter time of a lowered kernel: vector micro-ops, DMA and flags under pto-run.

    python benchmarks/interp_machine.py [--tiles 16] [--repeat 5]

The streaming kernel of benchmarks/streaming_cycles.py (two tloads, a tadd and a tstore per
32x32 f32 tile) goes through `pto-pipeline{target=a5}`; the script prints the median wall
time of a run and the time per executed op, with the pipe model (hazards and cycles,
pto-run's default) and without it (`--semantics-only`). The two run alternately, so that a
load on the shared machine slows both alike; the ratio is the median of the rounds' ratios.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from statistics import median

from bench_kernels import streaming_kernel
from xdsl.context import Context
from xdsl.dialects import arith, builtin, func, scf

from interpreters.launching.execute import run_function
from interpreters.machine.pipes import PipeModel, UntrackedPipes
from passes.pipeline import PipelinePass
from pto_dialect.dialect import PTO


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tiles", type=int, default=16)
    parser.add_argument("--repeat", type=int, default=5, help="rounds of each side")
    parser.add_argument("--smoke", action="store_true", help="2 tiles, one round: does it run")
    args = parser.parse_args(argv)
    if args.smoke:
        args.tiles, args.repeat = 2, 1
    ctx = Context()
    for dialect in (builtin.Builtin, func.Func, arith.Arith, scf.Scf, PTO):
        ctx.load_dialect(dialect)
    module = streaming_kernel(args.tiles, 32, 32, "a5")
    PipelinePass().apply(ctx, module)
    shape = f"{args.tiles * 32}x32xf32"
    specs = [f"rand:{shape}:1", f"rand:{shape}:2", f"zeros:{shape}"]
    print(f"streaming c = a + b over {args.tiles} tiles of 32x32 f32, lowered for a5")
    labels = {True: "with the pipe model", False: "semantics only"}
    times: dict[bool, list[float]] = {True: [], False: []}
    ops = 0
    for _ in range(args.repeat):
        for tracked in (True, False):
            start = time.perf_counter()
            result = run_function(module, specs, pipes=PipeModel() if tracked else UntrackedPipes())
            times[tracked].append(time.perf_counter() - start)
            ops = sum(result.machine.op_counts.values())
    for tracked, label in labels.items():
        t = median(times[tracked])
        print(f"{label:20}: {t * 1e3:7.1f} ms per run, {ops} ops, {t / ops * 1e6:6.1f} us/op")
    ratio = median(a / b for a, b in zip(times[True], times[False], strict=True))
    print(f"pipe model / semantics only: {ratio:.2f} (median of the rounds' ratios)")


if __name__ == "__main__":
    main()
