"""Errors in the form of `mlir-opt`, shared by `pto-opt` and `pto-run`:

    k.mlir:7:5: error: pto.tadd dtype i8 is not supported on target a2a3
        pto.tadd ins(%a, %b : !t, !t) outs(%c : !t)
        ^

the place (`FILE:LINE:COL`, 1-based), the message, the source line and a caret under the
column. An error without a place in the text is `TOOL: error: MESSAGE`.

Places come from the parser (`ParseError` spans) and from the ops' `loc("file":line:col)`,
which `pto_dialect.parsing` gives every op it parses. This module turns a parse error, a
failed verification (`check_module`, located at the op that fails) or a failed pass
(`LocatedPassFailure`, raised by `passes.common.pass_error`) into a `Diagnostic`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from xdsl.dialects.builtin import FileLineColLoc
from xdsl.ir import Operation
from xdsl.utils.exceptions import DiagnosticException, ParseError, PassFailedException
from xdsl.utils.lexer import Span

from pto_dialect.dominance import DominanceError, where
from pto_dialect.scf_rules import find_scf_violation
from pto_dialect.verification import UnknownTargetName, check_module, first_line


@dataclass(frozen=True)
class SourceLoc:
    """A place in a source file: `file:line:col`, 1-based."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


def op_loc(op: Operation) -> SourceLoc | None:
    """Where `op` was spelled, if the parser recorded it."""
    loc = op.location
    if isinstance(loc, FileLineColLoc):
        return SourceLoc(loc.filename.data, loc.line.data, loc.column.data)
    return None


def span_loc(span: Span[str] | Span[bytes]) -> SourceLoc:
    """Where a parser span starts (its `line_offset` included)."""
    loc = span.get_location()
    return SourceLoc(loc.file, loc.line, loc.col)


class Sources:
    """The text of the files diagnostics point into, read once, for the line under a caret."""

    def __init__(self) -> None:
        self._lines: dict[str, list[str] | None] = {}

    def add(self, name: str, text: str) -> None:
        """Make `text` the contents of `name` (stdin, or a file already read)."""
        self._lines[name] = text.splitlines()

    def line(self, name: str, number: int) -> str | None:
        if name not in self._lines:
            try:
                self._lines[name] = Path(name).read_text().splitlines()
            except (OSError, UnicodeDecodeError):
                self._lines[name] = None
        lines = self._lines[name]
        if lines is None or not 1 <= number <= len(lines):
            return None
        return lines[number - 1]


@dataclass(frozen=True)
class Diagnostic:
    """An error message and, when it has one, its place in the source."""

    message: str
    loc: SourceLoc | None = None

    def render(self, tool: str, sources: Sources, prefix: str = "") -> str:
        """The `mlir-opt` form (`prefix` goes before the message); `tool: error: ...`
        without a place."""
        if self.loc is None:
            return f"{tool}: error: {prefix}{self.message}"
        return f"{self.loc}: error: {prefix}{self.message}" + caret_lines(self.loc, sources)


def caret_lines(loc: SourceLoc, sources: Sources) -> str:
    """`\\n<source line>\\n<caret under the column>`, or "" when the line is unknown."""
    text = sources.line(loc.file, loc.line)
    if text is None:
        return ""
    # keep the tabs of the line before the column so that the caret lines up
    before = text[: max(loc.column - 1, 0)]
    pad = "".join(ch if ch == "\t" else " " for ch in before)
    return f"\n{text}\n{pad}^"


class LocatedPassFailure(PassFailedException):
    """A pass failed at `op` (None: not at an op). `str()` is the message with the op's
    name and place, as `xdsl-opt` prints it; `diagnostic()` puts the place in front."""

    def __init__(self, pass_name: str, message: str, op: Operation | None = None) -> None:
        self.pass_name = pass_name
        self.message = message
        self.op = op
        super().__init__(
            f"{pass_name}: {message}" if op is None else f"{pass_name}: {where(op)}: {message}"
        )

    def diagnostic(self) -> Diagnostic:
        if self.op is None:
            return Diagnostic(f"{self.pass_name}: {self.message}")
        return Diagnostic(f"{self.pass_name}: {self.op.name}: {self.message}", op_loc(self.op))


def parse_diagnostic(err: ParseError) -> Diagnostic:
    lines = [line.strip() for line in err.msg.splitlines() if line.strip()]
    return Diagnostic(lines[0] if lines else "parse error", span_loc(err.span))


def pass_diagnostic(err: PassFailedException) -> Diagnostic:
    if isinstance(err, LocatedPassFailure):
        return err.diagnostic()
    return Diagnostic(first_line(err))


def verify_diagnostic(root: Operation) -> Diagnostic | None:
    """None when `root` passes `check_module`, else the error at the op that fails (the
    innermost first, as xDSL's verifier)."""
    try:
        check_module(root)
    except DiagnosticException as err:
        return located_verify_error(root, err)
    return None


def located_verify_error(root: Operation, err: Exception) -> Diagnostic:
    """The verification error `err` of `root`, at the op that breaks the rule."""
    if isinstance(err, DominanceError):
        user = err.violation.user
        return Diagnostic(f"{user.name}: {err.violation.message}", op_loc(user))
    if isinstance(err, UnknownTargetName):
        return Diagnostic(first_line(err), op_loc(err.module))
    for op in root.walk(region_first=True):
        try:
            op.verify(verify_nested_ops=False)
        except Exception as op_err:  # xDSL's scf verifiers raise plain exceptions
            return Diagnostic(op_message(op, op_err), op_loc(op))
    if (bad := find_scf_violation(root)) is not None:
        return Diagnostic(f"{bad.op.name}: {bad.message}", op_loc(bad.op))
    return Diagnostic(first_line(err), op_loc(root))


def op_message(op: Operation, err: Exception) -> str:
    """The verifier's message of `op`, starting with the op's name."""
    message = first_line(err).removeprefix("Operation does not verify: ")
    return message if message.startswith(op.name) else f"{op.name}: {message}"
