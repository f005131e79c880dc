"""`pto-opt`: the project's `xdsl-opt`, whose errors read like `mlir-opt`'s.

Same flags, passes and dialects as `xdsl-opt` (it is xDSL's driver, with the universe
plugin), but every error is `FILE:LINE:COL: error: MESSAGE` with the source line and a
caret on stderr and exit status 1, never a traceback: parse errors (also a type that breaks
its rules), verification (`check_module`, at the failing op) and pass failures (at the op
the pass names). `.pto` files (the PTOAS spelling) are read as MLIR. With
`--split-input-file` every chunk is processed; the status is 1 if any failed.

`--verify-diagnostics` checks the input's `// expected-error @+1 {{...}}` annotations
(`pto_dialect.expected_diagnostics`): an expected error not produced, or an error not
expected, is an error (exit 1).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from io import BytesIO
from itertools import accumulate

from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.printer import Printer
from xdsl.universe import Universe
from xdsl.utils.exceptions import (
    ArgSpecParseError,
    DiagnosticException,
    ParseError,
    PassFailedException,
    ShrinkException,
)
from xdsl.xdsl_opt_main import xDSLOptMain

from passes.common import CHECKED_PASSES
from pto_dialect import __version__
from pto_dialect.context import PtoContext
from pto_dialect.diagnostics import (
    Diagnostic,
    Sources,
    located_verify_error,
    parse_diagnostic,
    pass_diagnostic,
    verify_diagnostic,
)
from pto_dialect.expected_diagnostics import check, expectations
from pto_dialect.parsing import parse_module
from pto_dialect.verification import check_module, first_line

TOOL = "pto-opt"
EXIT_ERROR = 1
EXIT_INTERNAL = 70
MLIR_EXTENSIONS = ("mlir", "pto")
"""File extensions read as MLIR text (`.pto`: the PTOAS kernels)."""


@dataclass(frozen=True)
class _Outcome:
    """What became of one chunk: the transformed module, or the first error (`parsed`:
    whether the chunk parsed)."""

    module: ModuleOp | None = None
    error: Diagnostic | None = None
    parsed: bool = True


class ToolError(Exception):
    """An error of the invocation (unreadable input, unknown extension): `pto-opt: error:`."""


class PtoOptMain(xDSLOptMain):
    version_format = f"{TOOL} {__version__} (xDSL {{xdsl_version}})"

    def __init__(self, args: Sequence[str] | None = None) -> None:
        self.sources = Sources()
        self._universe: Universe | None = None
        super().__init__(description="PTO modular optimizer driver (xdsl-opt)", args=args)

    def universe(self) -> Universe:
        """Every installed universe, its entry points scanned once (xDSL's driver scans them
        for its dialects, its passes and its targets: three walks of site-packages)."""
        if self._universe is None:
            self._universe = Universe.get_multiverse()
        return self._universe

    def register_all_dialects(self) -> None:
        # the `pto` classes a kernel names, each when first parsed (xDSL's loads them all)
        self.ctx = PtoContext(self.ctx.allow_unregistered)
        for name, factory in self.universe().all_dialects.items():
            self.ctx.register_dialect(name, factory)

    def register_all_passes(self) -> None:
        for name, factory in self.universe().all_passes.items():
            self.register_pass(name, factory)

    def register_all_targets(self) -> None:
        for name, factory in self.universe().all_targets.items():
            self.available_targets.setdefault(name, factory)

    def register_all_arguments(self, arg_parser: argparse.ArgumentParser) -> None:
        super().register_all_arguments(arg_parser)
        for action in arg_parser._actions:  # pyright: ignore[reportPrivateUsage]
            if "--verify-diagnostics" in action.option_strings:
                action.help = (
                    "check the input's `// expected-error @+1 {{...}}` annotations: exit 1 "
                    "when an expected error is not produced or an error is not expected"
                )

    def register_all_frontends(self) -> None:
        super().register_all_frontends()
        for extension in MLIR_EXTENSIONS:  # parsed by `_parse` (`-f pto` is accepted)
            self.available_frontends.setdefault(extension, self.available_frontends["mlir"])

    def setup_pipeline(self) -> None:
        """xDSL's pipeline, but the module is verified by the project's rules, and not
        again after a pass that verifies its own output (`checked_pass`)."""
        super().setup_pipeline()
        started = time.perf_counter()

        def callback(
            previous: ModulePass | None, module: ModuleOp, following: ModulePass | None
        ) -> None:
            nonlocal started
            if self.args.time_passes and previous is not None:
                print(f"Pass {previous.name} took {time.perf_counter() - started} seconds")
            checked = previous is None or type(previous) in CHECKED_PASSES
            if not self.args.disable_verify and not checked:
                check_module(module)
            if previous and following and self.args.print_between_passes:
                print(f"IR after {previous.name}:")
                Printer(stream=sys.stdout).print_op(module)
                print("\n\n\n")
            if self.args.time_passes:
                started = time.perf_counter()

        self.pipeline = dataclasses.replace(self.pipeline, callback=callback)

    # ---- driver --------------------------------------------------------------------------
    def run(self) -> int:  # pyright: ignore[reportIncompatibleMethodOverride]
        name = self.get_input_name()
        try:
            text, extension = self._read_input()
            output = self.prepare_output()
        except ToolError as err:
            print(f"{TOOL}: error: {err}", file=sys.stderr)
            return EXIT_ERROR
        except OSError as err:
            print(f"{TOOL}: error: cannot open {err.filename}: {err.strerror}", file=sys.stderr)
            return EXIT_ERROR
        self.sources.add(name, text)
        failed = False
        try:
            for index, (chunk, offset) in enumerate(self._chunks(text)):
                if index > 0:
                    output.write("// -----\n")
                outcome = self._process(chunk, extension, offset)
                error = outcome.error
                if self.args.verify_diagnostics:
                    produced = [] if error is None else [error]
                    mismatch = check(expectations(chunk, name, offset), produced)
                    for problem in mismatch.diagnostics():
                        self._print(problem)
                        failed = True
                elif error is not None and self.args.parsing_diagnostics and not outcome.parsed:
                    # xDSL's flag: a parse error is the expected output (stdout, status 0)
                    output.write(error.render(TOOL, self.sources) + "\n")
                elif error is not None:
                    self._print(error)
                    failed = True
                if outcome.module is not None:
                    output.write(self.output_resulting_program(outcome.module))
                output.flush()
        except ShrinkException:  # --shrink, as xdsl-opt: the property still holds
            print("Success, can shrink")
            return 0
        finally:
            if output is not sys.stdout:
                output.close()
        if self.args.shrink:
            print("Failure, can't shrink")
            return EXIT_ERROR
        return EXIT_ERROR if failed else 0

    def _read_input(self) -> tuple[str, str]:
        stream, extension = self.get_input_stream()
        with stream:
            data = stream.read()
        if self.args.frontend:
            extension = self.args.frontend
        if extension not in self.available_frontends:
            raise ToolError(
                f"unrecognized file extension '{extension}' (MLIR is .mlir or .pto, or use -f)"
            )
        try:
            return data.decode(), extension
        except UnicodeDecodeError:
            raise ToolError(f"cannot read {self.get_input_name()}: not UTF-8 text") from None

    def _chunks(self, text: str) -> list[tuple[str, int]]:
        """The input, or its `// -----` chunks, each with the number of lines before it."""
        if not self.args.split_input_file:
            return [(text, 0)]
        chunks = text.split("// -----")
        offsets = accumulate([0, *(chunk.count("\n") for chunk in chunks[:-1])])
        return list(zip(chunks, offsets, strict=True))

    def _process(self, text: str, extension: str, offset: int) -> _Outcome:
        """Parse, verify and transform one chunk."""
        try:
            module = self._parse(text, extension, offset)
        except ParseError as err:
            err.span = dataclasses.replace(err.span, line_offset=offset)
            return _Outcome(error=parse_diagnostic(err), parsed=False)
        if module is None:
            return _Outcome()
        if not self.args.disable_verify and (problem := verify_diagnostic(module)):
            return _Outcome(error=problem)
        try:
            self.apply_passes(module)
        except PassFailedException as err:
            return _Outcome(error=pass_diagnostic(err))
        except DiagnosticException as err:  # the output of an xDSL pass does not verify
            return _Outcome(error=located_verify_error(module, err))
        return _Outcome(module)

    def _parse(self, text: str, extension: str, offset: int) -> ModuleOp | None:
        if extension in MLIR_EXTENSIONS:
            return parse_module(
                self.ctx,
                text,
                self.get_input_name(),
                implicit_module=not self.args.no_implicit_module,
                line_offset=offset,
            )
        return self.available_frontends[extension](BytesIO(text.encode()))

    def _print(self, diagnostic: Diagnostic) -> None:
        print(diagnostic.render(TOOL, self.sources), file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    try:
        tool = PtoOptMain(argv)
    except ArgSpecParseError as err:  # a malformed -p spec: the message shows where
        print(f"{TOOL}: error: {err}", file=sys.stderr)
        return EXIT_ERROR
    except ValueError as err:  # an unknown pass, an unknown pass option
        print(f"{TOOL}: error: {first_line(err)}", file=sys.stderr)
        return EXIT_ERROR
    try:
        return tool.run()
    except Exception as err:  # a bug, of pto-opt or of a pass: still one line, unless asked
        if os.environ.get("PTO_OPT_TRACEBACK"):
            raise
        print(f"{TOOL}: internal error: {type(err).__name__}: {first_line(err)} "
              "(set PTO_OPT_TRACEBACK=1 for the traceback)", file=sys.stderr)  # fmt: skip
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
