"""pto-run time on lowered streaming kernels of 1,024 and 4,096 tiles: does it grow linearly?

    python benchmarks/streaming_scaling.py [--small 1024] [--large 4096] [--rounds 3]

The streaming kernel (benchmarks/bench_kernels.py: two tloads, a tadd and a tstore per 32x32
f32 tile) goes through `pto-pipeline{target=a5}` and runs under pto-run's default model
(hazards and cycles). The two sizes run alternately, `--rounds` times each, so that a load
on the machine hits both alike; the script prints the median time of each, the executed ops
and the ratio large / small of the medians (linear: large / small tiles; target <= 4.4 for
4x the tiles).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from statistics import median

from bench_kernels import streaming_kernel
from xdsl.context import Context
from xdsl.dialects import arith, builtin, func, scf
from xdsl.dialects.builtin import ModuleOp

from interpreters.launching.execute import run_function
from passes.pipeline import PipelinePass
from pto_dialect.dialect import PTO


def lowered(tiles: int) -> ModuleOp:
    ctx = Context()
    for dialect in (builtin.Builtin, func.Func, arith.Arith, scf.Scf, PTO):
        ctx.load_dialect(dialect)
    module = streaming_kernel(tiles, 32, 32, "a5")
    PipelinePass().apply(ctx, module)
    return module


def timed(module: ModuleOp, tiles: int) -> tuple[float, int]:
    shape = f"{tiles * 32}x32xf32"
    specs = [f"rand:{shape}:1", f"rand:{shape}:2", f"zeros:{shape}"]
    start = time.perf_counter()
    result = run_function(module, specs)
    elapsed = time.perf_counter() - start
    assert not result.hazards, [h.message for h in result.hazards]
    return elapsed, sum(result.machine.op_counts.values())


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--small", type=int, default=1024)
    parser.add_argument("--large", type=int, default=4096)
    parser.add_argument("--rounds", type=int, default=3, help="runs of each size, alternated")
    parser.add_argument("--smoke", action="store_true", help="2 and 4 tiles, one round")
    args = parser.parse_args(argv)
    if args.smoke:
        args.small, args.large, args.rounds = 2, 4, 1
    sizes = (args.small, args.large)
    modules = {n: lowered(n) for n in sizes}
    times: dict[int, list[float]] = {n: [] for n in sizes}
    ops: dict[int, int] = {}
    for _ in range(args.rounds):
        for n in sizes:
            elapsed, ops[n] = timed(modules[n], n)
            times[n].append(elapsed)
    print("lowered streaming c = a + b (32x32 f32 tiles, a5), pto-run with the pipe model")
    for n in sizes:
        t = median(times[n])
        print(f"{n:6d} tiles: median {t:7.2f} s over {args.rounds} runs, {ops[n]} ops, "
              f"{t / ops[n] * 1e6:5.1f} us/op")  # fmt: skip
    ratio = median(times[args.large]) / median(times[args.small])
    print(f"time ratio {args.large}/{args.small}: {ratio:.2f} (tiles x{args.large / args.small:g})")


if __name__ == "__main__":
    main()
