"""The mlir-opt form of diagnostics and the expected-error checks (pto_dialect.diagnostics,
pto_dialect.expected_diagnostics)."""

from __future__ import annotations

from pathlib import Path

import pytest

from passes.opt import main as opt_main
from pto_dialect.diagnostics import Diagnostic, SourceLoc, Sources
from pto_dialect.expected_diagnostics import check, expectations


def _sources(text: str) -> Sources:
    sources = Sources()
    sources.add("k.mlir", text)
    return sources


def test_an_error_shows_its_line_and_a_caret_under_the_column() -> None:
    sources = _sources("a\n  %x = pto.tabs\n")
    text = Diagnostic("bad", SourceLoc("k.mlir", 2, 8)).render("pto-opt", sources)
    assert text.splitlines() == ["k.mlir:2:8: error: bad", "  %x = pto.tabs", "       ^"]


def test_the_caret_keeps_the_tabs_before_the_column() -> None:
    sources = _sources("\t\tpto.tabs x\n")
    text = Diagnostic("bad", SourceLoc("k.mlir", 1, 12)).render("pto-opt", sources)
    assert text.splitlines()[2] == "\t\t" + " " * 9 + "^"


def test_an_error_without_a_place_or_a_known_line() -> None:
    sources = _sources("one line\n")
    assert Diagnostic("bad").render("pto-run", sources) == "pto-run: error: bad"
    beyond = Diagnostic("bad", SourceLoc("k.mlir", 7, 1)).render("pto-run", sources)
    assert beyond == "k.mlir:7:1: error: bad"
    unreadable = Diagnostic("bad", SourceLoc("/no/such/file.mlir", 1, 1))
    assert unreadable.render("pto-run", sources) == "/no/such/file.mlir:1:1: error: bad"


def test_annotations_name_their_line() -> None:
    text = "\n".join([
        "// expected-error @+2 {{two below}}",
        "x",
        "y // expected-error {{same line}}",
        "// expected-error @above {{above}}",
        "// expected-error@below {{below}}",
        "// expected-error @-4 {{four above}}",
        "// expected-error-re @+1 {{a {{[0-9]+}} b}}",
    ])  # fmt: skip
    found = expectations(text, "k.mlir", line_offset=10)
    assert [(e.line, e.text, e.regex) for e in found] == [
        (13, "two below", False),
        (13, "same line", False),
        (13, "above", False),
        (16, "below", False),
        (12, "four above", False),
        (18, "a {{[0-9]+}} b", True),
    ]
    assert found[0].loc == SourceLoc("k.mlir", 11, 4)


def test_check_pairs_errors_with_expectations_at_their_line() -> None:
    expected = expectations("\n".join([
        "// expected-error @+1 {{rank is 2}}",
        "op",
        "// expected-error-re @+1 {{shift {{[0-9]+}} is out}}",
        "op",
        "// expected-error @+1 {{never}}",
        "op",
    ]), "k.mlir")  # fmt: skip
    produced = [
        Diagnostic("pto.x: the view rank is 2", SourceLoc("k.mlir", 2, 1)),
        Diagnostic("pto.y: shift 40 is out of range", SourceLoc("k.mlir", 4, 3)),
        Diagnostic("pto.z: rank is 2", SourceLoc("k.mlir", 5, 1)),  # right text, wrong line
        Diagnostic("no place"),
    ]
    mismatch = check(expected, produced)
    assert [e.text for e in mismatch.missing] == ["never"]
    assert [d.message for d in mismatch.unexpected] == ["pto.z: rank is 2", "no place"]
    messages = [d.message for d in mismatch.diagnostics()]
    assert messages == [
        'expected error "never" was not produced',
        "unexpected error: pto.z: rank is 2",
        "unexpected error: no place",
    ]


def test_one_expectation_is_met_by_one_error_only() -> None:
    expected = expectations("// expected-error @+1 {{bad}}\nop", "k.mlir")
    twice = [Diagnostic("bad", SourceLoc("k.mlir", 2, 1))] * 2
    mismatch = check(expected, twice)
    assert not mismatch.missing and len(mismatch.unexpected) == 1


def test_pto_opt_names_an_unknown_target_at_its_module(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without an op that asks for the target, as pto-run and pto-check (fuzz find)."""
    kernel = tmp_path / "k.mlir"
    kernel.write_text(
        'module {\n  module attributes {pto.target_arch = "a2a3a5"} {\n'
        "    func.func @k() {\n      return\n    }\n  }\n}\n"
    )
    assert opt_main([str(kernel)]) == 1
    said = capsys.readouterr().err.splitlines()
    assert said[0] == (
        f"{kernel}:2:3: error: pto.target_arch: unknown target 'a2a3a5', "
        "expected a2a3 (or a2, a3), a5 or cpu"
    )
