"""The wide stages of a long campaign (`python -m fuzz`, docs/testing.md): besides
`run_mutant`'s, the printed module parsed again (custom and generic form), passes with their
options and in chains, a run of a lowering's output, the tile-level run against the run of
`pto-pipeline`'s output (`fuzz.differential`), and the command-line tools (`pto-run`
with `--auto-sync`, `--report`, ..., `pto-check`, `pto-opt`) in-process on the mutant's
file. Each mutant takes a few of the variants, chosen by its seed.

A tool's exit status other than 0 is a diagnostic (it printed one); an exception out of its
`main` (its traceback switch is on) is an internal error, as is an interpreter failure that
`pto-run` would print as a run error.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import tempfile
from collections.abc import Callable, Generator, Sequence
from pathlib import Path
from unittest import mock

from xdsl.context import Context
from xdsl.dialects.builtin import IndexType, IntegerType, ModuleOp
from xdsl.ir import Attribute
from xdsl.printer import Printer

from fuzz.differential import differential
from fuzz.stages import (
    DIAGNOSTIC,
    SUCCESS,
    Failure,
    Outcome,
    StageHook,
    apply_spec,
    context,
    entry_function,
    failure,
    front,
    is_diagnostic,
    pass_specs,
    run_module,
)
from interpreters import api
from interpreters.launching.execute import KernelError
from pto_dialect.dtypes import dtype_of
from pto_dialect.memory_types import PtrType
from pto_dialect.tile_types import TileTypeBase
from pto_dialect.verification import check_module

PASS_VARIANTS = (
    "pto-pipeline{target=a5 multi-buffer=0}",
    "pto-pipeline{target=a5 multi-buffer=1}",
    "pto-pipeline{target=a5 multi-buffer=3}",
    "pto-pipeline{target=a2a3 multi-buffer=4}",
    "pto-pipeline{target=a5 sync=bufid}",
    "pto-pipeline{target=a2a3 sync=serial}",
    "pto-pipeline{target=a2a3 fuse=false}",
    "pto-pipeline{target=a5 fuse=false}",
    "pto-pipeline{target=a5 lower-matrix=false}",
    "pto-pipeline{target=a2a3 matmul-on-vector=true}",
    "pto-pipeline{target=a5 handoff=pipe}",
    "pto-pipeline{target=cpu sync=bufid multi-buffer=3}",
    "pto-set-target{target=a2a3},pto-pipeline",
    "pto-insert-sync{mode=bufid}",
    "pto-insert-sync{mode=serial}",
    "pto-multi-buffer{count=1}",
    "pto-multi-buffer{count=3}",
    "pto-lower-matrix{strict=true}",
    "pto-split-cube-vector{handoff=pipe}",
    "pto-lower-vmi{target=a2a3}",
    "pto-lower-vmi{target=a5}",
    "pto-fuse{target=a5}",
    "pto-fuse{target=a2a3}",
    "pto-plan-memory{target=a2a3}",
    "pto-lower-tile-to-vector{target=a5}",
    "pto-lower-dma{target=a5}",
    "pto-lower-matmul-to-vector{target=a5}",
    "pto-convert-to-dps,pto-plan-memory,pto-multi-buffer,pto-resolve-slots,pto-insert-sync",
    "pto-convert-to-dps,pto-plan-memory,pto-fuse,pto-lower-tile-to-vector,pto-lower-dma",
    "pto-split-cube-vector,pto-convert-to-dps,pto-plan-memory,pto-lower-matrix,pto-insert-sync",
    "pto-insert-sync,pto-insert-sync",
    "pto-pipeline{target=a5},pto-pipeline{target=a5}",
)
"""Passes with options other than their defaults, and chains (`pass_specs` runs each pass
alone with its defaults)."""
VARIANTS_PER_MUTANT = 3

_LIMITS = ("--max-steps", "200000", "--time-limit", "10")
RUN_COMMANDS: tuple[tuple[str, ...], ...] = (
    ("--auto-sync", "--arg", "auto"),
    ("--arg", "auto", "--report"),
    ("--auto-sync", "--arg", "auto", "--report", "--report-json", "{dir}/report.json"),
    ("--arg", "auto", "--semantics-only"),
    ("--arg", "auto", "--semantics-only", "--op-by-op"),
    ("--auto-sync", "--arg", "auto", "--blocks", "2"),
    ("--arg", "auto:7", "--target", "a5", "--trace", "{dir}/trace.json"),
    ("--auto-sync", "--arg", "auto", "--target", "a2a3", "--out-dir", "{dir}"),
    ("--arg", "auto", "--ranks", "2", "--allow-hazards"),
    ("--arg", "auto", "--index-bitwidth", "32", "--report"),
    ("{specs}", "--report"),
)
"""`pto-run`'s options (`{specs}`: an `--arg` per parameter, made from its type)."""
CHECK_COMMANDS: tuple[tuple[str, ...], ...] = (
    ("--trips", "0,1,2", "--max-runs", "6"),
    ("--trips", "none", "--redundant", "--remove-redundant", "{dir}/clean.mlir"),
    ("--trips", "none", "--bisect", "pto-pipeline{target=a5}"),
    ("--targets", "a2a3,a5"),
)
"""`pto-check`'s options (after an `--arg` per parameter)."""
OPT_COMMANDS: tuple[tuple[str, ...], ...] = (
    ("-p", "pto-pipeline{target=a5}"),
    ("-p", "pto-pipeline{target=a2a3 sync=serial}", "--print-op-generic"),
    ("-p", "pto-convert-to-dps,pto-plan-memory,pto-insert-sync"),
    ("--verify-diagnostics",),
)
"""`pto-opt`'s options."""


def printer_text(module: ModuleOp, generic: bool) -> str:
    out = io.StringIO()
    Printer(stream=out, print_generic_format=generic).print_op(module)
    return out.getvalue() + "\n"


def _print_again(module: ModuleOp, ctx: Context, generic: bool, outcome: Outcome) -> None:
    """The printed module must parse and verify again."""
    stage = "print-generic" if generic else "print"
    try:
        text = printer_text(module, generic)
    except Exception as err:
        outcome.fail(failure(stage, err))
        return
    again = Outcome()
    if front(text, ctx, again) is None:
        said = again.failures[0].message if again.failures else again.diagnostics[0]
        kind = "InvalidPrint" if not again.failures else again.failures[0].exception
        outcome.fail(Failure(stage, kind, "printer", said[:500], text[-3000:]))


def _apply_and_run(
    spec: str, module: ModuleOp, ctx: Context, seed: int, outcome: Outcome, note: StageHook
) -> None:
    """`spec` on a copy of `module`; its output must verify and, when it changed the
    module, its run is a stage too."""
    copy = module.clone()
    if not apply_spec(spec, copy, ctx, outcome, check_module):  # target rules included
        return
    if not copy.is_structurally_equivalent(module):
        note(f"run-after:{spec}")
        run_module(copy, seed, outcome, f"run-after:{spec}")


# ---- the command-line tools -------------------------------------------------------------


def _spec(type: Attribute, elements: int) -> str:
    """An `--arg` SPEC for a parameter of `type`."""
    if isinstance(type, PtrType):
        element = type.element
        name = element.name if element is not None else "f32"
        count = elements // max(1, element.bytes if element is not None else 4)
        return f"rand:{count}x{name}:3"
    if isinstance(type, TileTypeBase):
        rows, cols = type.shape
        return f"rand:{rows}x{cols}x{type.element.name}:3"
    if isinstance(type, IndexType):
        return "2:index"
    if isinstance(type, IntegerType):
        return f"2:i{type.bitwidth}"
    found = dtype_of(type)
    return f"0.5:{found.name}" if found is not None else "0:index"


def _specs(module: ModuleOp) -> list[str]:
    """An `--arg` per parameter of `entry_function`."""
    entry = entry_function(module)
    if entry is None:
        return []
    found: list[str] = []
    for type in entry.function_type.inputs.data:
        found += ["--arg", _spec(type, 1 << 14)]
    return found


def _unwrap(error: Callable[[KernelError], Exception]) -> Callable[[KernelError], Exception]:
    """`api._kernel_error` that raises the cause of a run that failed internally."""

    def unwrapped(err: KernelError) -> Exception:
        if not is_diagnostic(err):
            raise err
        return error(err)

    return unwrapped


@contextlib.contextmanager
def _tool_environment(sink: io.StringIO) -> Generator[None]:
    """Tracebacks on, output captured in `sink`, and a run's internal failures raised."""
    environ = {"PTO_RUN_TRACEBACK": "1", "PTO_CHECK_TRACEBACK": "1", "PTO_OPT_TRACEBACK": "1"}
    with (
        mock.patch.dict(os.environ, environ),
        mock.patch.object(api, "_kernel_error", _unwrap(api._kernel_error)),  # pyright: ignore[reportPrivateUsage]
        contextlib.redirect_stdout(sink),
        contextlib.redirect_stderr(sink),
    ):
        yield


def _main(tool: str) -> Callable[[Sequence[str]], int]:
    if tool == "pto-run":
        from interpreters.commands.runner import main

        return main
    if tool == "pto-check":
        from interpreters.checking.command import main

        return main
    from passes.opt import main

    return main


def command_line(text: str, module: ModuleOp, seed: int, directory: str) -> tuple[str, list[str]]:
    """The tool and arguments mutant `seed` runs (a file `mutant.mlir` in `directory`)."""
    rng = random.Random(seed)
    path = str(Path(directory) / "mutant.mlir")
    choice = rng.random()
    if choice < 0.6:
        tool, options = "pto-run", [*rng.choice(RUN_COMMANDS), *_LIMITS]
    elif choice < 0.8:
        tool, options = "pto-check", ["{specs}", *rng.choice(CHECK_COMMANDS), "--max-steps",
                                      "200000"]  # fmt: skip
    else:
        tool, options = "pto-opt", list(rng.choice(OPT_COMMANDS))
    argv = [path]
    entry = entry_function(module)
    if tool != "pto-opt" and entry is not None:
        argv += ["--entry", entry.sym_name.data]
    for option in options:
        argv += _specs(module) if option == "{specs}" else [option.replace("{dir}", directory)]
    Path(path).write_text(text)
    return tool, argv


def _command(text: str, module: ModuleOp, seed: int, outcome: Outcome, note: StageHook) -> None:
    with tempfile.TemporaryDirectory(prefix="fuzz-tool-") as directory:
        tool, argv = command_line(text, module, seed, directory)
        stage = f"{tool} {' '.join(argv[1:])}".replace(directory, "DIR")
        note(stage)
        sink = io.StringIO()
        try:
            with _tool_environment(sink):
                status = _main(tool)(argv)
        except SystemExit as err:  # argparse refused an option: the fuzzer's own doing
            status = err.code if isinstance(err.code, int) else 2
        except Exception as err:
            outcome.fail(failure(stage, err))
            return
    if status != 0:
        lines = sink.getvalue().splitlines()
        said = [line for line in lines if "error" in line or "hazard" in line]
        outcome.diagnostics.append(f"{stage}: exit {status}: {(said or [''])[0][:200]}")
        outcome.kind = DIAGNOSTIC if outcome.kind == SUCCESS else outcome.kind


def run_wide(text: str, seed: int, hook: StageHook | None = None) -> Outcome:
    """`text` through the wide stages (module docstring)."""
    note: StageHook = hook or (lambda stage: None)
    outcome = Outcome()
    ctx = context()
    module = front(text, ctx, outcome, note)
    if module is None:
        return outcome
    rng = random.Random(seed)
    note("print")
    _print_again(module, ctx, rng.random() < 0.5, outcome)
    for spec in pass_specs():
        note(f"pass:{spec}")
        if spec.startswith("pto-pipeline") and rng.random() < 0.25:
            _apply_and_run(spec, module, ctx, seed, outcome, note)
        else:
            apply_spec(spec, module.clone(), ctx, outcome)
    for spec in rng.sample(PASS_VARIANTS, VARIANTS_PER_MUTANT):
        note(f"pass:{spec}")
        _apply_and_run(spec, module, ctx, seed, outcome, note)
    note("run")
    run_module(module, seed, outcome)
    differential(module, ctx, seed, outcome, note)
    _command(text, module, seed, outcome, note)
    return outcome
