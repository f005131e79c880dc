"""How close multi-buffering brings a streaming kernel to its pipe bound, per target.

    python benchmarks/streaming_overlap.py [--kernel add|softmax] [--tiles 64] [--rows 64]
        [--cols N]

The kernels (benchmarks/bench_kernels.py): `add` (`streaming_kernel`), c = a + b over 64
tiles of 64x64 f32, two tloads, a tadd and a tstore per tile; `softmax`
(`streaming_softmax_kernel`), the row softmax of examples/softmax_ssa.mlir over 64 tiles of
64x128 f32; both written at Level 1. For each target the kernel
goes through `pto-pipeline` without multi-buffering (`multi-buffer=0`) and with two slots
(the default), runs under pto-run's machine model (no hazard allowed), and prints the
simulated cycles, the pipe bound max(busy) and their ratio: 1.00 is perfect overlap of MTE2,
V and MTE3. The cost model decides the absolute cycles; the ratio is what multi-buffering
changes (target: <= 1.10 with it).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from bench_kernels import streaming_kernel, streaming_softmax_kernel
from xdsl.context import Context
from xdsl.dialects import arith, builtin, func, scf

from interpreters.launching.execute import run_function
from passes.pipeline import PipelinePass
from pto_dialect.dialect import PTO


def cycles(
    kernel: str, target: str, tiles: int, rows: int, cols: int, slots: int
) -> tuple[int, int]:
    """(total cycles, pipe bound) of the kernel after the pipeline with `slots` slots."""
    ctx = Context()
    for dialect in (builtin.Builtin, func.Func, arith.Arith, scf.Scf, PTO):
        ctx.load_dialect(dialect)
    make = streaming_softmax_kernel if kernel == "softmax" else streaming_kernel
    module = make(tiles, rows, cols, target)
    PipelinePass(multi_buffer=slots).apply(ctx, module)
    module.verify()
    shape = f"{tiles * rows}x{cols}xf32"
    args = [f"rand:{shape}:1", f"zeros:{shape}"]
    if kernel == "add":
        args.insert(1, f"rand:{shape}:2")
    result = run_function(module, args)
    pipes = result.machine.pipes
    assert not pipes.hazards, [h.message for h in pipes.hazards]
    return pipes.total_cycles, pipes.pipe_bound


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tiles", type=int, default=64)
    parser.add_argument("--rows", type=int, default=64)
    parser.add_argument("--kernel", choices=("add", "softmax"), default="add")
    parser.add_argument("--cols", type=int, default=None, help="64 (add), 128 (softmax)")
    parser.add_argument("--smoke", action="store_true", help="2 tiles of 8 rows: does it run")
    args = parser.parse_args(argv)
    if args.smoke:
        args.tiles, args.rows = 2, 8
    cols = args.cols or (128 if args.kernel == "softmax" else 64)
    what = "c = a + b" if args.kernel == "add" else "row softmax"
    print(f"streaming {what} over {args.tiles} tiles of {args.rows}x{cols} f32")
    print(f"{'target':7} {'slots':>5} {'cycles':>9} {'bound':>9} {'ratio':>6}")
    for target in ("a2a3", "a5", "cpu"):
        for slots in (0, 2):
            total, bound = cycles(args.kernel, target, args.tiles, args.rows, cols, slots)
            label = "1" if slots == 0 else str(slots)
            print(f"{target:7} {label:>5} {total:9d} {bound:9d} {total / bound:6.3f}")


if __name__ == "__main__":
    main()
