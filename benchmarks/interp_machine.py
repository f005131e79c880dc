"""Interpreter time of a lowered kernel: vector micro-ops, DMA and flags under pto-run.

    python benchmarks/interp_machine.py [--tiles 16] [--repeat 5]

The streaming kernel of benchmarks/streaming_cycles.py (two tloads, a tadd and a tstore per
32x32 f32 tile) goes through `pto-pipeline{target=a5}`; the script prints the best wall time
of a run and the time per executed op, with the pipe model (hazards and cycles, pto-run's
default) and without it (`--semantics-only`).
"""

from __future__ import annotations

import argparse
import time

from bench_kernels import streaming_kernel
from xdsl.context import Context
from xdsl.dialects import arith, builtin, func, scf
from xdsl.parser import Parser

from interpreters.execute import run_function
from interpreters.pipes import PipeModel, UntrackedPipes
from passes.pipeline import PipelinePass
from pto_dialect.dialect import PTO


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tiles", type=int, default=16)
    parser.add_argument("--repeat", type=int, default=5, help="runs; the best is kept")
    args = parser.parse_args()
    ctx = Context()
    for dialect in (builtin.Builtin, func.Func, arith.Arith, scf.Scf, PTO):
        ctx.load_dialect(dialect)
    module = Parser(ctx, streaming_kernel(args.tiles, 32, 32, "a5")).parse_module()
    PipelinePass().apply(ctx, module)
    shape = f"{args.tiles * 32}x32xf32"
    specs = [f"rand:{shape}:1", f"rand:{shape}:2", f"zeros:{shape}"]
    print(f"streaming c = a + b over {args.tiles} tiles of 32x32 f32, lowered for a5")
    for label, tracked in (("with the pipe model", True), ("semantics only", False)):
        best, ops = float("inf"), 0
        for _ in range(args.repeat):
            start = time.perf_counter()
            result = run_function(module, specs, pipes=PipeModel() if tracked else UntrackedPipes())
            best = min(best, time.perf_counter() - start)
            ops = sum(result.machine.op_counts.values())
        print(f"{label:20}: {best * 1e3:7.1f} ms per run, {ops} ops, {best / ops * 1e6:6.1f} us/op")


if __name__ == "__main__":
    main()
