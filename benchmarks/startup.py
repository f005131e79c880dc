"""Start-up of `pto-run` and `pto-opt` on a trivial kernel, as hyperfine would time it.

    python benchmarks/startup.py [--runs 10]

Each command runs `--runs` times as a fresh process (bytecode and dataclass code caches
present: the first, unreported run writes them where PYTHONDONTWRITEBYTECODE allows; see
`interpreters/commands/launch.py`); the script prints the
minimum and median wall time and CPU time (user + system) of each, and the same for a
process that only imports numpy, xDSL's builtin dialects and the whole PTO dialect (all of
its op classes, which the tools define only as a kernel names them: `PtoContext`). Details
of where the time goes: `python -X importtime`.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from statistics import median

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
KERNEL = ROOT / "examples" / "tabs_ssa.mlir"
FLOOR = "import numpy, xdsl.dialects.builtin, xdsl.dialects.arith, pto_dialect.dialect"


def commands() -> dict[str, list[str]]:
    return {
        "pto-run (tabs, 1024 f32)": [
            str(BIN / "pto-run"), str(KERNEL), "--arg", "rand:1024xf32:1", "--arg", "zeros:1024xf32"
        ],
        "pto-opt (parse, verify, print)": [str(BIN / "pto-opt"), str(KERNEL)],
        "imports the whole dialect": [sys.executable, "-c", FLOOR],
    }  # fmt: skip


def timed(command: list[str]) -> tuple[float, float]:
    """(wall, CPU) seconds of one run of `command`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env={**os.environ})
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--smoke", action="store_true", help="one run of each")
    args = parser.parse_args(argv)
    runs = 1 if args.smoke else args.runs
    chosen = commands()
    if args.smoke:  # one command once: does the script run
        chosen = {k: v for k, v in chosen.items() if k.startswith("pto-opt")}
    print(f"{'command':32} {'wall min':>9} {'median':>7} {'cpu min':>8} {'median':>7}")
    for label, command in chosen.items():
        if not args.smoke:
            timed(command)  # warm: bytecode caches, file system
        samples = [timed(command) for _ in range(runs)]
        walls, cpus = [s[0] for s in samples], [s[1] for s in samples]
        print(f"{label:32} {min(walls):8.3f}s {median(walls):6.3f}s "
              f"{min(cpus):7.3f}s {median(cpus):6.3f}s")  # fmt: skip


if __name__ == "__main__":
    main()
