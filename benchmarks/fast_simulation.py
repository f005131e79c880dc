"""Semantics-only runs of lowered kernels against their tile-level form: how close does
running each `pto.vecscope` as whole arrays bring them?

    python benchmarks/fast_simulation.py [--rounds 3] [--op-by-op]

Two Level-1 kernels of benchmarks/bench_kernels.py, both the row softmax of tiles in a loop:
64 tiles of 64x128 f32, and a 4096x4096 f32 matrix as 1024 tiles of 4x4096 (a row's 4096
values in one tile). Each runs with `--semantics-only` as written (tile ops), after
`pto-pipeline` (its default: pto-fuse puts a tile's chain of vector ops into one vecscope,
a loop over blocks of interleaved rows, a wide row's reduction steps in a loop) and after
`pto-pipeline{fuse=false}` (a vecscope per tile op), the lowered ones with their vecscopes
as whole arrays
(pto-run's default without the pipe model) and, with `--op-by-op`, one op at a time as
before (minutes for the large one). The runs alternate `--rounds` times; the script prints
the best CPU time of each (this process's: numpy runs these on one thread; wall time on a
shared machine moved the ratio from 2.6 to 4.6 between two runs), the ops the lowered
kernel executes and the ratios lowered / tile-level (target: 2 or less with whole arrays).
The outputs must be the same bytes.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

import numpy as np
from bench_kernels import streaming_softmax_kernel
from xdsl.dialects.builtin import ModuleOp

from interpreters.api import apply_pipeline, run


def timed(module: ModuleOp, x: np.ndarray, batch: bool = True) -> tuple[float, np.ndarray, int]:
    start = time.process_time()
    result = run(module, x, np.zeros_like(x), semantics_only=True, batch=batch, check=False,
                 time_limit=None)  # fmt: skip
    elapsed = time.process_time() - start
    return elapsed, result["y"], sum(result.report.machine.op_counts.values())


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--op-by-op", action="store_true", help="also time op by op (slow)")
    parser.add_argument("--smoke", action="store_true", help="tiny tiles, one round")
    args = parser.parse_args(argv)
    cases = [("streaming softmax, 64 tiles of 64x128 f32", 64, 64, 128),
             ("softmax 4096x4096 f32, 1024 tiles of 4x4096", 1024, 4, 4096)]  # fmt: skip
    if args.smoke:
        args.rounds = 1
        cases = [(f"{name} (smoke: 2 tiles)", 2, 8 if rows > 8 else rows, 256)
                 for name, _, rows, _ in cases]  # fmt: skip
    for name, tiles, rows, cols in cases:
        tile = streaming_softmax_kernel(tiles, rows, cols, "a5")
        lowered = apply_pipeline(streaming_softmax_kernel(tiles, rows, cols, "a5"), "pto-pipeline")
        unfused = apply_pipeline(
            streaming_softmax_kernel(tiles, rows, cols, "a5"), "pto-pipeline{fuse=false}"
        )
        x = np.random.default_rng(1).standard_normal((tiles * rows, cols)).astype(np.float32)
        one = streaming_softmax_kernel(1, rows, cols, "a5")  # warm: a run loads its functions
        for module in (one, apply_pipeline(one.clone(), "pto-pipeline")):
            timed(module, x[:rows])
        sides = {"tile level": (tile, True), "fused, whole arrays": (lowered, True),
                 "unfused, whole arrays": (unfused, True)}  # fmt: skip
        if args.op_by_op:
            sides["fused, op by op"] = (lowered, False)
        times: dict[str, list[float]] = {side: [] for side in sides}
        outputs: dict[str, np.ndarray] = {}
        ops = 0
        for _ in range(args.rounds):
            for side, (module, batch) in sides.items():
                elapsed, outputs[side], executed = timed(module, x, batch)
                times[side].append(elapsed)
                ops = executed if side == "fused, whole arrays" else ops
        same = len({o.tobytes() for o in outputs.values()}) == 1
        print(f"{name}: pto-pipeline's kernel {ops} ops, outputs the same bytes: {same}")
        base = min(times["tile level"])
        for side, samples in times.items():
            t = min(samples)
            ratio = "" if side == "tile level" else f"  ratio to tile level {t / base:5.2f}"
            print(f"  {side:22} {t:8.3f} s{ratio}")


if __name__ == "__main__":
    main()
