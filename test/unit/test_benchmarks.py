"""Every script under benchmarks/ still runs: each `main(["--smoke"])` on tiny sizes, in
process (a benchmark that rots is noticed by `make test`, not by its next reader). The
numbers are not checked here: timings never are, and the cycle figures have tests of their
own (test_cost_fidelity.py, test_multi_buffer.py)."""

from __future__ import annotations

import ast
import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).parents[2] / "benchmarks"
LIBRARIES = {"bench_kernels", "fidelity_cases", "fidelity_kernels", "fidelity_notes"}
"""Modules of benchmarks/ that other scripts import and that have no `main`."""

SCRIPTS = sorted(p.stem for p in BENCHMARKS.glob("*.py") if p.stem not in LIBRARIES)

FAKE_CASE = """
TEST(TAdd, float_64x64) { runTAdd<float, 64, 64, 160.0f, 0.95f>(); }
"""
"""A profiled case in the form of pto-isa's cost-model tests (our own line: the figure is
the published TAdd f32 64x64 one, docs/machine.md), for cycle_fidelity.py where no mirror of
pto-isa is at hand."""


def load(name: str, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The script as a module (registered while the test runs: its dataclasses need it)."""
    spec = importlib.util.spec_from_file_location(f"benchmark_{name}", BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)
    spec.loader.exec_module(module)
    return module


def test_every_script_has_a_main_with_a_smoke_mode() -> None:
    for name in SCRIPTS:
        tree = ast.parse((BENCHMARKS / f"{name}.py").read_text())
        mains = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "main"]
        assert mains, f"benchmarks/{name}.py has no main()"
        assert "--smoke" in (BENCHMARKS / f"{name}.py").read_text(), f"{name}: no --smoke"


@pytest.mark.parametrize("name", SCRIPTS)
def test_smoke_run_prints_its_figures(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "path", [str(BENCHMARKS), *sys.path])  # for bench_kernels
    argv = ["--smoke"]
    if name == "cycle_fidelity":
        for suite in ("st/testcase", "st_a5_fit/testcase"):
            case = tmp_path / suite / "tadd"
            case.mkdir(parents=True)
            (case / "main.cpp").write_text(FAKE_CASE)
        argv += ["--cases", str(tmp_path)]
    load(name, monkeypatch).main(argv)
    printed = capsys.readouterr().out
    assert re.search(r"\d", printed), f"{name} printed no figure:\n{printed}"
    if name == "cycle_fidelity":
        assert re.search(r"TAdd\.float_64x64 +\d+ +160 ", printed), printed


def test_fidelity_reads_the_a5_table_forms(monkeypatch: pytest.MonkeyPatch) -> None:
    """The A5 tables' two layouts (our own lines in their form): a `tcvt` row names both
    element types, a `tsel` row's `TSel_b16_8` is the default implementation of its type."""
    monkeypatch.setattr(sys, "path", [str(BENCHMARKS), *sys.path])
    cases = load("fidelity_cases", monkeypatch)
    cvt = """constexpr A5TcvtFitCase kCases0[] = {
    {DType::Float, DType::HFloat8, 2, 128, 2, 64, 99.0, 0.5, VFImplKind::VFIMPL_DEFAULT},
};
TEST(A5TcvtFit, f32_to_hif8) { for (const auto& c : kCases0) { RunTcvt(c); } }
"""
    (case,) = cases.read_cvt_cases(cvt)
    assert (case.label, case.runner, case.args[:6]) == (
        "A5TcvtFit.f32_to_hif8",
        "vf:TCVT",
        ("f32", "!pto.hif8", "2", "128", "2", "64"),
    )
    assert case.published == 99.0
    sel = """constexpr A5VfFitCase kCases1[] = {
    {DType::Int8, 1, 256, 1, 256, 55.0, 0.9, VFImplKind::VFIMPL_DEFAULT, "TSel_b16_8"},
};
TEST(A5TselFit, i8) { for (const auto& c : kCases1) { RunCase(PtoOpcode::TSEL, "T", c); } }
"""
    (case,) = cases.read_vf_cases(sel)
    assert (case.runner, case.args[0], case.published) == ("vf:TSEL", "int8_t", 55.0)
