"""Pass time for Level-1 kernels of N and 2N tile ops: every pass must scale linearly.

    python benchmarks/pass_scaling.py [--ops N] [--repeat R]

Prints, for each pass of `pto-pipeline` and for the whole chain, the median time over R
rounds on a kernel of about N tile ops and on one of 2N, and their ratio (target: <= 2.2).
Each round runs both sizes one after the other, so that a load on the shared machine slows
both alike. Stages run with the cycle collector paused, as `pto-pipeline` runs them
(`passes.pipeline.gc_paused`).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from statistics import median

from bench_kernels import chain_kernel
from xdsl.context import Context
from xdsl.dialects import arith, builtin, func, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from passes.pipeline import gc_paused, pipeline_passes
from pto_dialect.dialect import PTO


def context() -> Context:
    ctx = Context()
    for dialect in (builtin.Builtin, func.Func, arith.Arith, scf.Scf, PTO):
        ctx.load_dialect(dialect)
    return ctx


def stage_times(ops: int) -> dict[str, float]:
    """Time of each pass on a fresh kernel of about `ops` tile ops (seconds), one round."""
    times: dict[str, float] = {}
    ctx = context()
    module: ModuleOp = chain_kernel(ops)
    total = 0.0
    stage: ModulePass
    for stage in pipeline_passes():
        with gc_paused():  # as pto-pipeline runs its stages
            start = time.perf_counter()
            stage.apply(ctx, module)
            elapsed = time.perf_counter() - start
        total += elapsed
        times[stage.name] = elapsed
    times["pto-pipeline (total)"] = total
    module.verify()
    return times


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--ops", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--smoke", action="store_true", help="20 ops, one round: does it run")
    args = parser.parse_args(argv)
    if args.smoke:
        args.ops, args.repeat = 20, 1
    rounds = [(stage_times(args.ops), stage_times(2 * args.ops)) for _ in range(args.repeat)]
    small = {name: median(r[0][name] for r in rounds) for name in rounds[0][0]}
    large = {name: median(r[1][name] for r in rounds) for name in rounds[0][1]}
    print(f"{'pass':28} {args.ops:>6} ops {2 * args.ops:>6} ops   ratio (medians)")
    for name, seconds in small.items():
        ratio = large[name] / seconds if seconds else float("nan")
        print(f"{name:28} {seconds * 1e3:8.1f} ms {large[name] * 1e3:8.1f} ms  {ratio:5.2f}")


if __name__ == "__main__":
    main()
