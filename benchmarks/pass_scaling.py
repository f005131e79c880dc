"""Pass time for Level-1 kernels of N and 2N tile ops: every pass must scale linearly.

    python benchmarks/pass_scaling.py [--ops N] [--repeat R]

Prints, for each pass of `pto-pipeline` and for the whole chain, the best-of-R time on a
kernel of about N tile ops and on one of 2N, and their ratio (target: <= 2.2). Stages run
with the cycle collector paused, as `pto-pipeline` runs them (`passes.pipeline.gc_paused`).
"""

from __future__ import annotations

import argparse
import time

from bench_kernels import chain_kernel
from xdsl.context import Context
from xdsl.dialects import arith, builtin, func, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.parser import Parser
from xdsl.passes import ModulePass

from passes.pipeline import gc_paused, pipeline_passes
from pto_dialect.dialect import PTO


def context() -> Context:
    ctx = Context()
    for dialect in (builtin.Builtin, func.Func, arith.Arith, scf.Scf, PTO):
        ctx.load_dialect(dialect)
    return ctx


def stage_times(ops: int, repeat: int) -> dict[str, float]:
    """Best time of each pass on a fresh kernel of about `ops` tile ops (seconds)."""
    best: dict[str, float] = {}
    for _ in range(repeat):
        ctx = context()
        module: ModuleOp = Parser(ctx, chain_kernel(ops)).parse_module()
        total = 0.0
        stage: ModulePass
        for stage in pipeline_passes():
            with gc_paused():  # as pto-pipeline runs its stages
                start = time.perf_counter()
                stage.apply(ctx, module)
                elapsed = time.perf_counter() - start
            total += elapsed
            best[stage.name] = min(best.get(stage.name, elapsed), elapsed)
        best["pto-pipeline (total)"] = min(best.get("pto-pipeline (total)", total), total)
        module.verify()
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--ops", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    small = stage_times(args.ops, args.repeat)
    large = stage_times(2 * args.ops, args.repeat)
    print(f"{'pass':28} {args.ops:>6} ops {2 * args.ops:>6} ops   ratio")
    for name, seconds in small.items():
        ratio = large[name] / seconds if seconds else float("nan")
        print(f"{name:28} {seconds * 1e3:8.1f} ms {large[name] * 1e3:8.1f} ms  {ratio:5.2f}")


if __name__ == "__main__":
    main()
