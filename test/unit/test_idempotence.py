"""Every pass is idempotent (docs/passes.md): run on its own output it prints the same IR.

Inputs: the `examples/` kernels and every `// -----` case of the lit tests, on their own
target. A pass that leaves a case unchanged is idempotent on it without a second run. A
case the pass rejects with a diagnostic, or that does not parse or verify, is skipped; each
pass must still have run on enough cases for the test to mean something.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from support import context
from xdsl.context import Context
from xdsl.dialects import arith, cf, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.utils.arg_spec import parse_spec
from xdsl.utils.exceptions import DiagnosticException, ParseError, PassFailedException

from interpreters.engine.source import parse_module
from pto_dialect.universe import PTO_UNIVERSE

ROOT = Path(__file__).parents[2]
SOURCES = sorted([*(ROOT / "examples").glob("*.mlir"), *(ROOT / "test/filecheck").glob("*/*.mlir")])
OPTIONS = {"pto-set-target": "{target=a2a3}"}
"""Options for passes that need one."""

MIN_CASES = 40
"""Fewest cases each pass must run on (the lit passes/ and run/ inputs alone give more)."""


def ctx() -> Context:
    return context(arith.Arith, cf.Cf, scf.Scf)


@cache
def cases() -> tuple[tuple[str, ModuleOp, str], ...]:
    """(name, module, its print) of every input that parses and verifies (a test runs on
    clones)."""
    found: list[tuple[str, ModuleOp, str]] = []
    for path in SOURCES:
        chunks = re.split(r"^// -----.*$", path.read_text(), flags=re.MULTILINE)
        for index, chunk in enumerate(chunks):
            try:
                module = parse(chunk)
                module.verify()
            except (ParseError, DiagnosticException):
                continue
            found.append((f"{path.relative_to(ROOT)}#{index}", module, str(module)))
    return tuple(found)


def parse(text: str) -> ModuleOp:
    return parse_module(ctx(), text, "case.mlir")


def make_pass(name: str) -> ModulePass:
    return PTO_UNIVERSE.all_passes[name]().from_spec(parse_spec(name + OPTIONS.get(name, "")))


@pytest.mark.parametrize("name", sorted(PTO_UNIVERSE.all_passes))
def test_second_run_changes_nothing(name: str) -> None:
    ran = 0
    for case, original, printed in cases():
        module = original.clone()
        try:
            make_pass(name).apply(ctx(), module)
        except PassFailedException:
            continue  # a diagnostic: nothing to run again
        ran += 1
        once = str(module)
        if once == printed:
            continue  # the pass left its input alone: a second run sees the same input
        again = parse(once)
        make_pass(name).apply(ctx(), again)
        assert str(again) == once, f"{name} changed its own output of {case}"
    assert ran >= MIN_CASES, f"{name} ran on only {ran} cases"
