"""`pto-run`: run a function of a PTO module with xDSL's interpreter.

    pto-run FILE [--entry NAME] [--target a2a3|a5|cpu] [--arg SPEC]... [--out-dir DIR]
                 [--report] [--report-json FILE] [--max-steps N] [--time-limit SECONDS]
                 [--auto-sync] [--blocks N] [--jobs N] [--ranks N]
                 [--semantics-only [--op-by-op]]
                 [--with FILE2 [--with-entry NAME] [--with-blocks N] [--with-arg SPEC]...
                  [--with-arg-value NAME=V]...]
    pto-run FILE --arg auto[:SEED] [--arg-value NAME=V]... [options as above]

`--with FILE2` launches a second kernel at once with the first, on cores of its own over the
same ranks and GM (a push kernel and the kernel that waits for its notifies): its arguments
are `--with-arg` SPECs (or a single `auto`), where `@N` is the GM buffer of the FIRST
kernel's argument N, which the two share.

`xdsl-run` cannot load plugin interpreter functions, so this is a driver of its own on
xDSL's `CommandLineTool` (as `xdsl-run`'s is) that registers the project's functions next to
xDSL's own for func, arith, scf and memref. Every error is a diagnostic on stderr and a
non-zero exit, never a traceback: a problem of the input text or a rule an op breaks while
running is
`file:line:col: error: ...` with the source line and a caret, as `pto-opt` and `mlir-opt`
write it (`pto_dialect.diagnostics`; exit 1), one without a place `pto-run: error: ...`
(exit 1), a bug of pto-run `pto-run: internal error: ...` (exit 70). The module is always
verified before it runs. Hazards are `pto-run: hazard: ...` naming both ops (exit 3).
`--auto-sync` plans and synchronises an auto-mode kernel first (`interpreters.auto_sync`).
The work is done by the Python API (`interpreters.api`); this module is its command line.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from xdsl.dialects import get_all_dialects
from xdsl.dialects.builtin import ModuleOp
from xdsl.tools.command_line_tool import CommandLineTool
from xdsl.utils.exceptions import PassFailedException

from interpreters import api
from interpreters.api import PtoError, PtoPassError, PtoRunError
from interpreters.auto_sync import AutoSync, complete, sync_ops
from interpreters.launching.args import ArgError, ArrayArg, auto_seed, parse_spec, save_array
from interpreters.launching.execute import (
    DEFAULT_MAX_STEPS,
    DEFAULT_TIME_LIMIT,
    KernelError,
    entry_function,
)
from interpreters.machine.report import (
    Report,
    deadlock_trace,
    launch_json,
    launch_text,
    write_trace,
)
from pto_dialect.context import PtoContext
from pto_dialect.diagnostics import Sources, pass_diagnostic
from pto_dialect.universe import PTO_UNIVERSE
from pto_dialect.verification import first_line

EXIT_ERROR = 1
EXIT_HAZARD = 3
EXIT_INTERNAL = 70
EXIT_SIGPIPE = 128 + signal.SIGPIPE  # as a Unix tool killed by SIGPIPE


class _Version(argparse.Action):
    """`--version`: the installed distribution's, read only when asked (`pto_dialect`)."""

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        import pto_dialect

        print(f"pto-run {pto_dialect.__version__}")
        parser.exit()


class PtoRunMain(CommandLineTool):
    def __init__(self, args: Sequence[str] | None = None) -> None:
        self.sources = Sources()
        self.auto_sync: AutoSync | None = None
        self.unsynchronised = False
        # as xdsl-run's driver starts, without importing every xDSL interpreter first
        self.available_frontends = {}
        self.ctx = PtoContext()
        self.register_all_dialects()
        self.register_all_frontends()
        arg_parser = argparse.ArgumentParser(
            description="Run a PTO kernel with per-target semantics"
        )
        self.register_all_arguments(arg_parser)
        self.args = arg_parser.parse_args(args=args)
        self.ctx.allow_unregistered = self.args.allow_unregistered_dialect

    def register_all_dialects(self) -> None:
        """xDSL's dialects and `pto`, the two universes a kernel's dialects come from,
        without `Universe.get_multiverse`'s scan of every installed package's entry points
        (importlib.metadata and a walk of site-packages: a few percent of a trivial run)."""
        for name, factory in {**get_all_dialects(), **PTO_UNIVERSE.all_dialects}.items():
            self.ctx.register_dialect(name, factory)

    def register_all_arguments(self, arg_parser: argparse.ArgumentParser) -> None:
        # CommandLineTool's own options but --disable-verify (pto-run always verifies: it
        # promises a diagnostic, never a crash, for any input) and -f (only MLIR is read).
        arg_parser.add_argument("input_file", nargs="?", help="the kernel (default: stdin)")
        arg_parser.add_argument(
            "--allow-unregistered-dialect",
            action="store_true",
            help="parse ops of unknown dialects (running one is still an error)",
        )
        arg_parser.add_argument(
            "--no-implicit-module",
            action="store_true",
            help="the input must be one builtin.module op",
        )
        arg_parser.add_argument("--entry", help="function to run (default: the only one)")
        arg_parser.add_argument(
            "--target", help="a2a3 (also a2, a3), a5 or cpu (default: pto.target_arch, else cpu)"
        )
        arg_parser.add_argument(
            "--arg",
            action="append",
            default=[],
            metavar="SPEC",
            help="one per function argument, in order: FILE.npy, zeros:SHAPExDTYPE, "
            "rand:SHAPExDTYPE[:SEED], arange:SHAPExDTYPE, VALUE:TYPE, @N (the GM buffer of "
            "argument N), rank:TYPE (the rank's index) or comm_ctx (its communication "
            "context); or a single auto[:SEED]: a random buffer for every GM pointer, "
            "sized from the kernel's views, and a default for every scalar",
        )
        arg_parser.add_argument(
            "--arg-value",
            action="append",
            default=[],
            metavar="NAME=V",
            help="with --arg auto: the value of scalar parameter NAME (%%NAME, or its "
            "position); default 1 for integers, 1.0 for floats; V rank:TYPE or comm_ctx "
            "gives NAME the rank's index or its communication context (--ranks)",
        )
        arg_parser.add_argument("--out-dir", help="write every array argument as DIR/arg<i>.npy")
        arg_parser.add_argument("--report", action="store_true", help="print a run summary")
        arg_parser.add_argument("--report-json", metavar="FILE", help="write the summary as JSON")
        arg_parser.add_argument(
            "--trace", metavar="FILE", help="write a Chrome trace of the pipe timelines (Perfetto)"
        )
        arg_parser.add_argument(
            "--allow-hazards", action="store_true", help="exit 0 even when hazards are found"
        )
        arg_parser.add_argument(
            "--semantics-only",
            action="store_true",
            help="run without the pipe model: no hazard detection, no cycles (faster)",
        )
        arg_parser.add_argument(
            "--auto-sync",
            action="store_true",
            help="a kernel without any sync op (the manual's auto mode) is planned "
            "(pto-plan-memory, when a tile buffer has no address) and synchronised "
            "(pto-insert-sync) before it runs",
        )
        arg_parser.add_argument(
            "--blocks",
            type=_positive,
            default=1,
            metavar="N",
            help="run N blocks (get_block_idx 0 .. N-1) over the same GM, one core each",
        )
        arg_parser.add_argument(
            "--ranks",
            type=_positive,
            default=1,
            metavar="N",
            help="run the launch on N devices at once, each with GM of its own (a copy of "
            "every argument); a kernel reaches another rank's GM through comm_ctx",
        )
        arg_parser.add_argument(
            "--jobs",
            type=_positive,
            default=1,
            metavar="N",
            help="run the --blocks in N processes at once (the same bytes and cycles)",
        )
        arg_parser.add_argument(
            "--with",
            dest="with_file",
            metavar="FILE2",
            help="launch this kernel too, at once, on cores of its own over the same ranks and "
            "GM (its arguments: --with-arg; @N there is the first kernel's argument N)",
        )
        arg_parser.add_argument("--with-entry", metavar="NAME", help="function of FILE2 to run")
        arg_parser.add_argument(
            "--with-arg",
            action="append",
            default=[],
            metavar="SPEC",
            help="one per argument of the --with kernel, as --arg (@N: the GM buffer of the "
            "first kernel's argument N), or a single auto[:SEED]",
        )
        arg_parser.add_argument(
            "--with-arg-value",
            action="append",
            default=[],
            metavar="NAME=V",
            help="with --with-arg auto: as --arg-value, for the --with kernel (V @N: the "
            "first kernel's argument N)",
        )
        arg_parser.add_argument(
            "--with-blocks",
            type=_positive,
            metavar="N",
            help="blocks of the --with kernel (default: --blocks)",
        )
        arg_parser.add_argument(
            "--op-by-op",
            action="store_true",
            help="with --semantics-only, run vecscope loops op by op, not as whole arrays",
        )
        arg_parser.add_argument("--index-bitwidth", type=int, choices=(32, 64), default=64)
        arg_parser.add_argument("--version", action=_Version, nargs=0, help="show the version")
        arg_parser.add_argument(
            "--max-steps",
            type=_positive,
            default=DEFAULT_MAX_STEPS,
            metavar="N",
            help=f"stop with an error after N interpreted ops (default {DEFAULT_MAX_STEPS})",
        )
        arg_parser.add_argument(
            "--time-limit",
            type=_seconds,
            default=DEFAULT_TIME_LIMIT,
            metavar="SECONDS",
            help=f"stop with an error after SECONDS of running (default {DEFAULT_TIME_LIMIT:g}; "
            "0: no limit)",
        )

    def run(self) -> int:  # pyright: ignore[reportIncompatibleMethodOverride]
        try:
            reports = self._run()
            report = reports[0]
            if self.args.report_json:
                data = report.as_json()
                if len(reports) > 1:
                    data["launch"] = launch_json(reports)
                if self.auto_sync is not None:
                    data["auto_sync"] = self.auto_sync.as_json()
                Path(self.args.report_json).write_text(json.dumps(data, indent=2) + "\n")
            if self.args.trace:
                mixed = report.machine.cluster is not None
                cores = [r.machine for r in reports] if mixed else []
                write_trace(report.machine, Path(self.args.trace), cores)
        except PtoError as err:
            print(err.render("pto-run", self.sources), file=sys.stderr)
            deadlock = err.deadlock if isinstance(err, PtoRunError) else None
            if deadlock is not None and self.args.trace:  # the wait-for graph, in the trace
                trace = deadlock_trace(deadlock.machines, deadlock.blocked)
                Path(self.args.trace).write_text(json.dumps(trace) + "\n")
            return EXIT_ERROR
        except OSError as err:
            print(f"pto-run: error: cannot write {err.filename}: {err.strerror}", file=sys.stderr)
            return EXIT_ERROR
        mixed = report.machine.cluster is not None
        for each in reports if mixed else [report]:  # every core of a mixed launch prints
            if each.machine.printed:
                sys.stdout.write("".join(each.machine.printed))
        if self.args.report:
            text = report.text()
            if len(reports) > 1:
                text += "\n" + launch_text(reports)
            if self.auto_sync is not None:
                text += "\n" + self.auto_sync.line()
            print(text, flush=True)  # a reader gone away is noticed here
        hazards = [h for r in reports for h in r.machine.pipes.hazards]
        for hazard in hazards:
            print(f"pto-run: hazard: {hazard.message}", file=sys.stderr)
        if hazards and self.unsynchronised:
            print("pto-run: note: the kernel has no synchronisation at all (the manual's auto "
                  "mode?): --auto-sync inserts it (pto-insert-sync) before the run",
                  file=sys.stderr)  # fmt: skip
        if hazards and not self.args.allow_hazards:
            return EXIT_HAZARD
        return 0

    # ---- steps -------------------------------------------------------------------------
    def _run(self) -> list[Report]:
        module = self._load()
        if self.args.auto_sync:
            try:
                self.auto_sync = complete(self.ctx, module)
            except PassFailedException as err:
                raise PtoPassError.of(pass_diagnostic(err)) from None
        else:
            self.unsynchronised = not sync_ops(module)
        try:
            func = entry_function(module, self.args.entry)
        except KernelError as err:
            raise PtoError(str(err)) from None
        specs: list[str] = self.args.arg
        auto = specs[0] if len(specs) == 1 and auto_seed(specs[0]) is not False else None
        named, ranked = self._arg_values(auto, self.args.arg_value)
        args: list[object] = []
        if auto is None:
            expected = len(func.function_type.inputs.data)
            if len(specs) != expected:
                raise PtoError(
                    f"@{func.sym_name.data} takes {expected} argument(s), got {len(specs)} --arg"
                )
            try:
                args = [parse_spec(spec) for spec in specs]
            except ArgError as err:
                raise PtoError(str(err)) from None
        result = api.run(
            module,
            *args,
            args=auto,
            time_limit=self.args.time_limit or None,
            function=func.sym_name.data,
            trace=bool(self.args.trace),
            semantics_only=self.args.semantics_only,
            max_steps=self.args.max_steps,
            index_bitwidth=self.args.index_bitwidth,
            progress=True,
            check=False,  # `_load` verified it
            blocks=self.args.blocks,
            jobs=self.args.jobs,
            batch=False if self.args.op_by_op else None,
            arg_values=named,
            ranks=self.args.ranks,
            by_name=ranked,
            together=self._together(),
        )
        if self.args.out_dir:  # a buffer shared by several pointers: by its first argument
            shared = [isinstance(a, ArrayArg) and a.alias_of is not None for a in result.args]
            self._write_outputs(
                [None if s else f for s, f in zip(shared, result.finals, strict=True)]
            )
        return result.block_reports

    def _together(self) -> api.Together | None:
        """The `--with` kernel, its arguments made (None without `--with`)."""
        path: str | None = self.args.with_file
        if path is None:
            if self.args.with_arg or self.args.with_arg_value or self.args.with_entry:
                raise PtoError("--with-arg, --with-arg-value and --with-entry need --with FILE2")
            return None
        module = self._load(path)
        if self.args.auto_sync:
            try:
                complete(self.ctx, module)
            except PassFailedException as err:
                raise PtoPassError.of(pass_diagnostic(err)) from None
        specs: list[str] = self.args.with_arg
        auto = specs[0] if len(specs) == 1 and auto_seed(specs[0]) is not False else None
        named, ranked = self._arg_values(auto, self.args.with_arg_value, "--with-arg")
        blocks: int = self.args.with_blocks or self.args.blocks
        entry: str | None = self.args.with_entry
        if auto is not None:
            return api.together(module, function=entry, blocks=blocks, args=auto,
                                arg_values=named, by_name=ranked, check=False)  # fmt: skip
        try:
            given = [parse_spec(spec) for spec in specs]
        except ArgError as err:
            raise PtoError(str(err)) from None
        return api.together(module, *given, function=entry, blocks=blocks, check=False)

    def _arg_values(
        self, auto: str | None, pairs: list[str], option: str = "--arg"
    ) -> tuple[dict[str, int | float], dict[str, object]]:
        """`--arg-value NAME=V` options: V an integer (0x.. too) or a float; and those whose V
        is `rank:TYPE`, `comm_ctx` or `@N` (parsed), by parameter name."""
        if pairs and auto is None:
            raise PtoError(
                f"{option}-value sets a scalar of {option} auto: give {option} auto[:SEED]"
            )
        values: dict[str, int | float] = {}
        ranked: dict[str, object] = {}
        for pair in pairs:
            name, sep, text = pair.partition("=")
            name = name.strip().removeprefix("%")
            if not sep or not name:
                raise PtoError(f"--arg-value {pair}: expected NAME=VALUE")
            if text == "comm_ctx" or text.startswith(("rank:", "@")):
                try:
                    ranked[name] = parse_spec(text)
                except ArgError as err:
                    raise PtoError(str(err)) from None
                continue
            try:
                values[name] = int(text, 0)
            except ValueError:
                try:
                    values[name] = float(text)
                except ValueError:
                    raise PtoError(f"--arg-value {pair}: '{text}' is not a number") from None
        return values, ranked

    def _load(self, path: str | None = None) -> ModuleOp:
        path = path or self.args.input_file
        try:
            text = Path(path).read_text() if path else sys.stdin.read()
        except (OSError, UnicodeDecodeError) as err:
            reason = err.strerror if isinstance(err, OSError) else "not UTF-8 text"
            raise PtoError(f"cannot read {path or 'stdin'}: {reason}") from None
        name = path or "<stdin>"
        self.sources.add(name, text)
        return api.parse(
            text,
            name=name,
            target=self.args.target,
            ctx=self.ctx,
            implicit_module=not self.args.no_implicit_module,
        )

    def _write_outputs(self, finals: Sequence[np.ndarray | None]) -> None:
        out = Path(self.args.out_dir)
        try:
            out.mkdir(parents=True, exist_ok=True)
            for index, array in enumerate(finals):
                if array is not None:
                    save_array(out / f"arg{index}.npy", array)
        except OSError as err:
            raise PtoError(f"cannot write outputs to {out}: {err.strerror}") from None


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of seconds") from None
    if not value >= 0:
        raise argparse.ArgumentTypeError(f"must not be negative, got {text}")
    return value


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not an integer") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    try:
        status = PtoRunMain(argv).run()
        sys.stdout.flush()
        return status
    except BrokenPipeError:  # the reader went away (`pto-run ... | head`): stop quietly
        _silence_stdout()
        return EXIT_SIGPIPE
    except Exception as err:  # a bug of pto-run itself: still one line, unless asked
        if os.environ.get("PTO_RUN_TRACEBACK"):
            raise
        print(f"pto-run: internal error: {type(err).__name__}: {first_line(err)} "
              "(set PTO_RUN_TRACEBACK=1 for the traceback)", file=sys.stderr)  # fmt: skip
        return EXIT_INTERNAL


def _silence_stdout() -> None:
    """Point stdout at /dev/null so that flushing it at exit raises no second BrokenPipe."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    sys.exit(main())
