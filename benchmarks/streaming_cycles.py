"""Simulated cycles of the streaming kernel after `pto-pipeline`, next to its pipe bound.

    python benchmarks/streaming_cycles.py [--tiles 16] [--rows 32] [--cols 32]

The kernel (benchmarks/bench_kernels.py) loops over 16 tiles of 32x32 f32: two tloads, a tadd, a
tstore. For each target it prints the total cycles of the lowered kernel under pto-run's
cost model, the busy cycles of each pipe, the pipe bound max(busy) and total / bound: how far
the single-buffered schedule is from the roofline that double-buffering would approach.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from bench_kernels import streaming_kernel
from xdsl.context import Context
from xdsl.dialects import arith, builtin, func, scf

from interpreters.launching.execute import run_function
from passes.pipeline import PipelinePass
from pto_dialect.dialect import PTO


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tiles", type=int, default=16)
    parser.add_argument("--rows", type=int, default=32)
    parser.add_argument("--cols", type=int, default=32)
    parser.add_argument("--smoke", action="store_true", help="2 tiles of 8x8: does it run")
    args = parser.parse_args(argv)
    if args.smoke:
        args.tiles, args.rows, args.cols = 2, 8, 8
    shape = f"{args.tiles * args.rows}x{args.cols}xf32"
    tiles = f"{args.tiles} tiles of {args.rows}x{args.cols} f32"
    print(f"streaming c = a + b over {tiles}, after pto-pipeline")
    print(f"{'target':7} {'total':>8} {'bound':>8} {'ratio':>6}  busy per pipe")
    for target in ("a2a3", "a5", "cpu"):
        ctx = Context()
        for dialect in (builtin.Builtin, func.Func, arith.Arith, scf.Scf, PTO):
            ctx.load_dialect(dialect)
        module = streaming_kernel(args.tiles, args.rows, args.cols, target)
        PipelinePass().apply(ctx, module)
        module.verify()
        result = run_function(module, [f"rand:{shape}:1", f"rand:{shape}:2", f"zeros:{shape}"])
        pipes = result.machine.pipes
        assert not pipes.hazards, [h.message for h in pipes.hazards]
        total, bound = pipes.total_cycles, pipes.pipe_bound
        busy = ", ".join(f"{p.value} {c}" for p, c in pipes.busy.items() if c)
        print(f"{target:7} {total:8d} {bound:8d} {total / bound:6.3f}  {busy}")


if __name__ == "__main__":
    main()
