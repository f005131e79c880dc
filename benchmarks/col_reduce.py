"""Column reductions: the whole-tile computation against the row-by-row fold.

    python benchmarks/col_reduce.py [--rows 256] [--cols 256] [--rounds 15]

`semantics.reduce.col_reduce` (whole-tile numpy) and `_in_order` (one Python step per row,
the reference it must equal byte for byte) run alternately on the same tile; the script
prints the median time of each and the median of the rounds' speed-ups, per step and type.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from statistics import median

import numpy as np

from interpreters.semantics import reduce
from pto_dialect.attrs import TargetArch
from pto_dialect.rules import REDUCE_RULES

STEPS = {"sum": reduce.add_step, "max": reduce.max_step, "min": reduce.min_step}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rows", type=int, default=256)
    parser.add_argument("--cols", type=int, default=256)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--smoke", action="store_true", help="16x16, one round: does it run")
    args = parser.parse_args(argv)
    if args.smoke:
        args.rows, args.cols, args.rounds = 16, 16, 1
    rules = REDUCE_RULES[TargetArch.A2A3]
    rng = np.random.default_rng(0)
    print(f"column reductions of {args.rows}x{args.cols}: whole tile against the row fold")
    for dtype in (np.float32, np.float16, np.int32):
        src = (rng.standard_normal((args.rows, args.cols)) * 100).astype(dtype)
        out = np.zeros(args.cols, dtype)
        for name, step in STEPS.items():
            whole: list[float] = []
            fold: list[float] = []
            for _ in range(args.rounds):
                start = time.perf_counter()
                reduce.col_reduce(step, src, out, rules)
                middle = time.perf_counter()
                with np.errstate(all="ignore"):
                    reduce._in_order(src, step(rules))  # pyright: ignore[reportPrivateUsage]
                whole.append(middle - start)
                fold.append(time.perf_counter() - middle)
            speedup = median(f / w for w, f in zip(whole, fold, strict=True))
            print(f"{np.dtype(dtype).name:8} {name}: whole tile {median(whole) * 1e6:8.0f} us, "
                  f"row fold {median(fold) * 1e6:8.0f} us, speed-up {speedup:5.1f}")  # fmt: skip


if __name__ == "__main__":
    main()
