"""`--verify-diagnostics` the way of `mlir-opt`: the input says which errors it must give.

    // expected-error @+1 {{needs 204800 bytes}}
    pto.tabs ins(%x : !big) outs(%y : !big)

An annotation expects an error at its own line (`expected-error {{...}}`), at a line
relative to it (`@+N`, `@-N`) or at the line above or below (`@above`, `@below`); the
text between `{{` and `}}` must be a substring of the error's message
(`expected-error-re {{a {{[0-9]+}} b}}`: with regular expressions in inner braces). Every expected
error must be produced and every produced error expected (`check`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from pto_dialect.diagnostics import Diagnostic, SourceLoc

_ANNOTATION = re.compile(
    r"expected-error(?P<re>-re)?\s*(?:@\s*(?P<at>above|below|[+-]\d+))?\s*\{\{(?P<text>.*)\}\}"
)
_RELATIVE = {"above": -1, "below": 1}


@dataclass(frozen=True)
class Expectation:
    """An error with `text` in its message expected at line `line`; `loc` is where the
    annotation is written. With `regex` (`expected-error-re`) the parts of `text` in
    `{{...}}` are regular expressions, the rest literal."""

    line: int
    text: str
    loc: SourceLoc
    regex: bool = False

    def matches(self, message: str) -> bool:
        if not self.regex:
            return self.text in message
        parts = re.split(r"\{\{(.*?)\}\}", self.text)
        pattern = "".join(p if i % 2 else re.escape(p) for i, p in enumerate(parts))
        return re.search(pattern, message) is not None


def expectations(text: str, file: str, line_offset: int = 0) -> list[Expectation]:
    """The `expected-error` annotations of `text` (lines after `line_offset` of `file`)."""
    found: list[Expectation] = []
    for index, source_line in enumerate(text.splitlines()):
        match = _ANNOTATION.search(source_line)
        if match is None:
            continue
        line = line_offset + index + 1
        at = match.group("at")
        delta = 0 if at is None else _RELATIVE[at] if at in _RELATIVE else int(at)
        loc = SourceLoc(file, line, match.start() + 1)
        found.append(Expectation(line + delta, match.group("text"), loc, bool(match.group("re"))))
    return found


@dataclass(frozen=True)
class Mismatch:
    """What `check` found wrong: an expectation no error met, or an error none expected."""

    missing: Sequence[Expectation]
    unexpected: Sequence[Diagnostic]

    def diagnostics(self) -> list[Diagnostic]:
        """One error per mismatch, in the form `mlir-opt -verify-diagnostics` reports them."""
        report = [Diagnostic(f'expected error "{e.text}" was not produced', e.loc)
                  for e in self.missing]  # fmt: skip
        report += [Diagnostic(f"unexpected error: {d.message}", d.loc) for d in self.unexpected]
        return report


def check(expected: Sequence[Expectation], produced: Sequence[Diagnostic]) -> Mismatch:
    """Pairs each produced error with an unmatched expectation at its line whose text it
    contains; what is left over on either side is a mismatch."""
    open_expectations = list(expected)
    unexpected: list[Diagnostic] = []
    for diagnostic in produced:
        match = next(
            (
                e
                for e in open_expectations
                if diagnostic.loc is not None
                and e.line == diagnostic.loc.line
                and e.matches(diagnostic.message)
            ),
            None,
        )
        if match is None:
            unexpected.append(diagnostic)
        else:
            open_expectations.remove(match)
    return Mismatch(open_expectations, unexpected)
