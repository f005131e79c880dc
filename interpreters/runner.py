"""`pto-run`: run a function of a PTO module with xDSL's interpreter.

    pto-run FILE [--entry NAME] [--target a2a3|a5|cpu] [--arg SPEC]... [--out-dir DIR]
                 [--report] [--report-json FILE]

`xdsl-run` cannot load plugin interpreter functions, so this subclasses its driver
and registers the project's functions next to xDSL's own for func, arith, scf and
memref. Every error is one line on stderr and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import FuncOp
from xdsl.tools.command_line_tool import CommandLineTool
from xdsl.tools.xdsl_run import xDSLRunMain
from xdsl.utils.exceptions import DiagnosticException, ParseError

from interpreters.args import ArgError, ArrayArg, parse_spec
from interpreters.execute import KernelError, entry_function, retarget, run_function
from interpreters.pipes import PipeModel, UntrackedPipes
from interpreters.report import Report, write_trace
from interpreters.source import parse_module
from pto_dialect.dominance import verify_dominance
from pto_dialect.targets import UnknownTargetError

EXIT_ERROR = 1
EXIT_HAZARD = 3
EXIT_INTERNAL = 70


class RunError(Exception):
    """A failure reported as one line."""


class PtoRunMain(xDSLRunMain):
    def __init__(self, args: Sequence[str] | None = None) -> None:
        super().__init__(description="Run a PTO kernel with per-target semantics", args=args)

    def register_all_arguments(self, arg_parser: argparse.ArgumentParser) -> None:
        CommandLineTool.register_all_arguments(self, arg_parser)
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
            "rand:SHAPExDTYPE[:SEED] or VALUE:TYPE",
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
        arg_parser.add_argument("--index-bitwidth", type=int, choices=(32, 64), default=64)

    def run(self) -> int:  # pyright: ignore[reportIncompatibleMethodOverride]
        try:
            report = self._run()
            if self.args.report_json:
                text = json.dumps(report.as_json(), indent=2) + "\n"
                Path(self.args.report_json).write_text(text)
            if self.args.trace:
                write_trace(report.machine, Path(self.args.trace))
        except RunError as err:
            print(f"pto-run: error: {err}", file=sys.stderr)
            return EXIT_ERROR
        except OSError as err:
            print(f"pto-run: error: cannot write {err.filename}: {err.strerror}", file=sys.stderr)
            return EXIT_ERROR
        if self.args.report:
            print(report.text())
        hazards = report.machine.pipes.hazards
        for hazard in hazards:
            print(f"pto-run: hazard: {hazard.message}", file=sys.stderr)
        if hazards and not self.args.allow_hazards:
            return EXIT_HAZARD
        return 0

    # ---- steps -------------------------------------------------------------------------
    def _run(self) -> Report:
        module = self._load()
        pipes = (
            UntrackedPipes()
            if self.args.semantics_only
            else PipeModel(record_spans=bool(self.args.trace))
        )
        func = self._entry(module)
        specs: list[str] = self.args.arg
        expected = len(func.function_type.inputs.data)
        if len(specs) != expected:
            raise RunError(
                f"@{func.sym_name.data} takes {expected} argument(s), got {len(specs)} --arg"
            )
        try:
            args = [parse_spec(spec) for spec in specs]
            result = run_function(
                module,
                args,
                entry=func.sym_name.data,
                pipes=pipes,
                index_bitwidth=self.args.index_bitwidth,
            )
        except (ArgError, KernelError) as err:
            raise RunError(str(err)) from None
        if self.args.out_dir:
            self._write_outputs(result.args)
        return Report(result.machine)

    def _load(self) -> ModuleOp:
        path = self.args.input_file
        try:
            text = Path(path).read_text() if path else sys.stdin.read()
        except OSError as err:
            raise RunError(f"cannot read {path}: {err.strerror}") from None
        try:
            module = parse_module(self.ctx, text, path or "<stdin>")
        except ParseError as err:
            lines = [line.strip() for line in str(err).splitlines() if line.strip()]
            raise RunError(f"{lines[0]}: {lines[-1]}" if len(lines) > 1 else str(err)) from None
        if self.args.target:
            try:
                retarget(module, self.args.target)
            except UnknownTargetError as err:
                raise RunError(str(err)) from None
        try:
            module.verify()
            verify_dominance(module)  # xDSL's verify does not check it
        except DiagnosticException as err:
            raise RunError(f"verification failed: {_first_line(err)}") from None
        return module

    def _entry(self, module: ModuleOp) -> FuncOp:
        try:
            return entry_function(module, self.args.entry)
        except KernelError as err:
            raise RunError(str(err)) from None

    def _write_outputs(self, args: Sequence[object]) -> None:
        out = Path(self.args.out_dir)
        try:
            out.mkdir(parents=True, exist_ok=True)
            for index, arg in enumerate(args):
                if isinstance(arg, ArrayArg):
                    np.save(out / f"arg{index}.npy", arg.final())
        except OSError as err:
            raise RunError(f"cannot write outputs to {out}: {err.strerror}") from None


def _first_line(err: Exception) -> str:
    lines = [line.strip() for line in str(err).splitlines() if line.strip()]
    return lines[0] if lines else type(err).__name__


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return PtoRunMain(argv).run()
    except Exception as err:  # a bug of pto-run itself: still one line, unless asked
        if os.environ.get("PTO_RUN_TRACEBACK"):
            raise
        print(f"pto-run: internal error: {type(err).__name__}: {_first_line(err)} "
              "(set PTO_RUN_TRACEBACK=1 for the traceback)", file=sys.stderr)  # fmt: skip
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
