"""`pto-sweep`: a kernel over a grid of parameters and options, from the command line.

    pto-sweep KERNEL [--param NAME=V1,V2,...]... [--target a5,a2a3] [--multi-buffer 0,2]
              [--arg SPEC]... [--pipeline PIPELINE | --no-compile] [--reference MOD:FUNC]
              [--semantics-only] [--jobs N | --serial | --cluster tcp://HOST:PORT]
              [--output FILE.csv|.json|.jsonl] [--plot METRIC:X[:SERIES] --plot-file F.png]

KERNEL is MLIR text with `${NAME}` placeholders (`FILE.mlir`, `FILE.pto`) or a builder
function, `FILE.py:FUNCTION` or `MODULE:FUNCTION`. `--arg` SPECs take placeholders too
(`rand:${rows}x32xf32:1`); without any, the kernel's `// ARGS:` first line is used. The
table goes to stdout, each failed point with its diagnostic; a bar shows progress on a
terminal. Exit status 0 when the sweep ran (whatever its points gave), 1 for a bad
command line or kernel.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from interpreters.sweep.point import Kernel, Reference
from interpreters.sweep.runner import parse_values, sweep


class UsageError(Exception):
    """A bad command line."""


def load_function(where: str) -> Callable[..., Any]:
    """`FILE.py:NAME` or `MODULE:NAME`."""
    module_name, _, name = where.rpartition(":")
    if not module_name or not name:
        raise UsageError(f"'{where}' is not FILE.py:FUNCTION or MODULE:FUNCTION")
    if module_name.endswith(".py"):
        path = Path(module_name)
        spec = importlib.util.spec_from_file_location(path.stem, path)
        if spec is None or spec.loader is None or not path.exists():
            raise UsageError(f"cannot read {module_name}")
        module = importlib.util.module_from_spec(spec)
        sys.modules[path.stem] = module  # its functions pickle by reference to it
        spec.loader.exec_module(module)
    else:
        try:
            module = importlib.import_module(module_name)
        except ImportError as err:
            raise UsageError(f"cannot import {module_name}: {err}") from None
    function = getattr(module, name, None)
    if not callable(function):
        raise UsageError(f"{module_name} has no function {name}")
    return function


def kernel_of(text: str) -> tuple[Kernel, str]:
    """The kernel (MLIR text or a builder function) and its name."""
    path = Path(text)
    if path.suffix in (".mlir", ".pto"):
        try:
            return path.read_text(), str(path)
        except (OSError, UnicodeDecodeError) as err:
            raise UsageError(f"cannot read {text}: {err}") from None
    return load_function(text), text


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="pto-sweep", description=(__doc__ or "").splitlines()[0])
    p.add_argument("kernel", help="FILE.mlir (with ${NAME} placeholders) or FILE.py:FUNCTION")
    p.add_argument("--param", action="append", default=[], metavar="NAME=V1,V2,...",
                   help="a dimension of the grid (repeat for more)")  # fmt: skip
    p.add_argument("--target", help="targets to sweep over: a2a3, a5, cpu (comma-separated)")
    p.add_argument("--multi-buffer", help="pto-pipeline multi-buffer counts (comma-separated)")
    p.add_argument("--arg", action="append", default=None, metavar="SPEC",
                   help="a run argument (pto-run's SPEC, with ${NAME} placeholders)")  # fmt: skip
    p.add_argument("--pipeline", help="the pass pipeline (with ${NAME} placeholders); "
                   "default: pto-pipeline with the grid's options")  # fmt: skip
    p.add_argument("--no-compile", action="store_true", help="run the kernel as built")
    p.add_argument("--reference", metavar="MOD:FUNC",
                   help="FUNC(point, inputs) gives the expected outputs")  # fmt: skip
    p.add_argument("--rtol", type=float, default=1e-5)
    p.add_argument("--atol", type=float, default=1e-6)
    p.add_argument("--semantics-only", action="store_true",
                   help="no pipe model: no cycles or hazards, faster")  # fmt: skip
    p.add_argument("--entry", help="the function to run (default: the only one)")
    group = p.add_mutually_exclusive_group()
    group.add_argument("--jobs", type=int, help="local worker processes (default: the CPUs)")
    group.add_argument("--serial", action="store_true", help="every point in this process")
    group.add_argument("--cluster", metavar="tcp://HOST:PORT", help="a Dask scheduler")
    p.add_argument("--output", help="FILE.csv, FILE.json or FILE.jsonl (resumes from it)")
    p.add_argument("--plot", metavar="METRIC:X[:SERIES]", help="plot METRIC over X")
    p.add_argument("--plot-file", default="sweep.png", help="where --plot goes (sweep.png)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        kernel, name = kernel_of(args.kernel)
        grid: dict[str, list[Any]] = {}
        for item in args.param:
            key, eq, values = item.partition("=")
            if not eq or not key.strip() or not values.strip():
                raise UsageError(f"--param {item}: expected NAME=V1,V2,...")
            grid[key.strip()] = parse_values(values)
        if args.target:
            grid["target"] = parse_values(args.target)
        if args.multi_buffer:
            grid["multi_buffer"] = parse_values(args.multi_buffer)
        reference: Reference | None = load_function(args.reference) if args.reference else None
    except UsageError as err:
        print(f"pto-sweep: error: {err}", file=sys.stderr)
        return 1
    executor: Any = "local"
    if args.serial:
        executor = "serial"
    elif args.cluster:
        executor = args.cluster
    table = sweep(
        kernel,
        grid,
        args=args.arg,
        pipeline="" if args.no_compile else args.pipeline,
        reference=reference,
        tolerance=(args.rtol, args.atol),
        semantics_only=args.semantics_only,
        function=args.entry,
        executor=executor,
        jobs=args.jobs,
        output=args.output,
        progress=False if args.no_progress else None,
        name=name,
    )
    print(table.text())
    failures = table.failures
    if failures:
        print(f"\n{len(failures)} of {len(table)} point(s) failed:")
        for row in failures:
            point = ", ".join(f"{p}={row[p]}" for p in table.params)
            print(f"  {point}: {row['error']}")
    if args.plot:
        metric, _, rest = args.plot.partition(":")
        x, _, series = rest.partition(":")
        if not x:
            print("pto-sweep: error: --plot METRIC:X[:SERIES]", file=sys.stderr)
            return 1
        table.plot(metric, x, series or None, args.plot_file)
        print(f"plot of {metric} over {x}: {args.plot_file}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
