"""The mutation fuzzer (test/unit/fuzz, docs/testing.md): a bounded campaign with a fixed seed
must find no failure, and the fuzzer itself must see every kind of outcome.

The campaign is bounded by its mutant count, not by time, so it runs the same mutants on
every machine; a longer one with another seed is `python -m fuzz` (docs/testing.md).
"""

from __future__ import annotations

import os
import random
import time
from pathlib import Path

import numpy as np
import pytest
from fuzz.campaign import Corpus, Pool, Runner, make_task, run_campaign
from fuzz.corpus import ROOT, cases, external_cases, load_seeds, seed_files
from fuzz.differential import difference, run_differential
from fuzz.mutate import MUTATORS, Mutator, Pools
from fuzz.stages import (
    CRASH,
    DIAGNOSTIC,
    HANG,
    INTERNAL,
    Outcome,
    StageHook,
    context,
    failure,
    front,
    is_diagnostic,
    run_mutant,
)
from fuzz.targeted import TARGETED
from fuzz.wide import run_wide
from xdsl.utils.exceptions import ParseError, VerifyException

from interpreters.engine.errors import PtoRuntimeError
from interpreters.launching.execute import KernelError

CI_SEED = 20260512
CI_MUTANTS = 2500


@pytest.fixture(scope="module")
def corpus() -> Corpus:
    return Corpus.of(load_seeds())


def test_a_fixed_seed_campaign_finds_no_internal_error_and_no_hang(corpus: Corpus) -> None:
    report = run_campaign(CI_SEED, CI_MUTANTS, corpus, Pool(jobs=1, timeout=20.0))
    assert report.counts["mutants"] == CI_MUTANTS
    if report.findings:  # the signatures, not the repr of the report
        pytest.fail(
            f"{report.summary()}\ndistinct failures (print mutant I with "
            f"`PYTHONPATH=test/unit python -m fuzz --seed {CI_SEED} --show I`):\n"
            f"{report.signatures()}",
            pytrace=False,
        )


# ---- the fuzzer itself ------------------------------------------------------------------


def test_lit_inputs_lose_their_directives_and_split_into_cases() -> None:
    text = "// RUN: xdsl-opt %s\n// CHECK: a\nfoo // keep\n\n// -----\n  // CHECK-NEXT: b\nbar\n"
    assert cases(text) == ["foo // keep\n", "bar\n"]


def test_the_corpus_holds_the_examples_and_the_lit_cases(corpus: Corpus) -> None:
    names = {s.name.split("#")[0] for s in corpus.seeds}
    assert "examples/tgemv_bias_ssa.mlir" in names
    assert "test/filecheck/passes/convert_to_dps.mlir" in names
    assert all("RUN:" not in s.text and "CHECK" not in s.text for s in corpus.seeds)
    assert 0 < len(corpus.valid) < len(corpus.seeds)


def test_lit_output_folders_are_not_seeds(tmp_path: Path) -> None:
    """What lit leaves in `Output/` must not change the campaign."""
    for rel in ("examples/k.mlir", "test/filecheck/d/t.mlir", "test/filecheck/d/Output/t.mlir"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("builtin.module {}\n")
    found = [p.relative_to(tmp_path).as_posix() for p in seed_files(tmp_path)]
    assert found == ["examples/k.mlir", "test/filecheck/d/t.mlir"]


def test_external_kernels_keep_their_cases_and_target_and_drop_negative_tests() -> None:
    """PTOAS's lit conventions: split only under `-split-input-file`, `--pto-arch` pinned."""
    body = "module {\n}\n// -----\nmodule {\n}\n"
    split = "// RUN: ptoas -split-input-file --pto-arch=a5 %s\n" + body
    assert external_cases(split) == ['module attributes {pto.target_arch = "a5"} {\n}\n'] * 2
    assert len(external_cases("// RUN: ptoas %s\n" + body)) == 1
    assert external_cases("// RUN: not ptoas %s\n" + body) == []
    assert external_cases("// RUN: ptoas %s | FileCheck %s\n// CHECK: error: x\n" + body) == []


def test_the_wide_stages_run_a_kernel_through_a_tool() -> None:
    """A kernel that verifies goes through reprinting, pass variants and a command-line
    tool without a failure (mutant seed 1 takes pto-run)."""
    stages: list[str] = []
    text = (ROOT / "examples" / "tabs_ssa.mlir").read_text()
    outcome = run_wide(text, 1, stages.append)
    assert not outcome.failures, outcome.failures
    assert "print" in stages or "print-generic" in stages
    assert any(s.startswith("pto-run --") for s in stages), stages


def test_a_mutant_depends_on_nothing_but_the_seed_and_its_index(corpus: Corpus) -> None:
    first = [make_task(5, i, corpus) for i in range(40)]
    assert first == [make_task(5, i, corpus) for i in range(40)]
    origins = {s.name: s.text for s in corpus.seeds}
    assert sum(t.text != origins[t.origin] for t in first) >= 36


@pytest.mark.parametrize("mutator", [m for m, _ in MUTATORS], ids=lambda m: m.__name__)
def test_every_mutator_changes_some_seed(mutator: Mutator, corpus: Corpus) -> None:
    rng = random.Random(0)
    pools = Pools.of([s.text for s in corpus.seeds])
    changed = [s for s in corpus.valid if mutator(s.text, rng, pools) not in (None, s.text)]
    assert changed


def test_documented_errors_are_diagnostics_and_others_are_not() -> None:
    assert is_diagnostic(ParseError.__new__(ParseError))
    assert is_diagnostic(VerifyException("x"))
    assert is_diagnostic(PtoRuntimeError("x"))
    assert not is_diagnostic(KeyError("x"))
    try:
        try:
            raise PtoRuntimeError("valid region")
        except PtoRuntimeError:
            raise KernelError("x") from None
    except KernelError as err:
        assert is_diagnostic(err)
    try:
        try:
            {}["missing"]
        except KeyError:
            raise KernelError("x") from None
    except KernelError as err:
        assert not is_diagnostic(err)
        found = failure("run", err)
        assert found.signature[1] == "KeyError"  # the cause, not the wrapper


def test_a_mutant_that_does_not_parse_is_a_diagnostic() -> None:
    outcome = run_mutant("builtin.module {", 0)
    assert outcome.kind == DIAGNOSTIC and not outcome.failures
    assert outcome.diagnostics[0].startswith("parse: ")


def _raises(text: str, seed: int, hook: StageHook) -> Outcome:
    hook("stage-a")
    raise KeyError(text)


def _sleeps(text: str, seed: int, hook: StageHook) -> Outcome:
    hook("stage-b")
    while True:
        time.sleep(0.05)


def _dies(text: str, seed: int, hook: StageHook) -> Outcome:
    hook("stage-c")
    os._exit(3)


@pytest.mark.parametrize(
    ("runner", "kind", "stage", "exception"),
    [
        (_raises, INTERNAL, "fuzzer", "KeyError"),
        (_sleeps, HANG, "stage-b", "Timeout"),
        (_dies, CRASH, "stage-c", "WorkerDied(exit 3)"),
    ],
)
def test_a_worker_reports_errors_hangs_and_deaths_and_goes_on(
    runner: Runner, kind: str, stage: str, exception: str, corpus: Corpus
) -> None:
    """Each of two tasks gets the outcome: the second one runs in a fresh worker."""
    tasks = [make_task(1, i, corpus) for i in range(2)]
    pool = Pool(runner=runner, jobs=1, timeout=1.0)
    outcomes = [o for _, o in pool.run(tasks)]
    assert [o.kind for o in outcomes] == [kind, kind]
    assert outcomes[0].failures[0].signature[:2] == (stage, exception)
    if runner is _sleeps:  # the stack the worker dumped names the function that hung
        assert outcomes[0].failures[0].frame.endswith(":_sleeps")


# Causes found by 30,000-mutant campaigns (seeds 7 and 26001), each now a diagnostic.
FOUND = {
    "an f128 constant the interpreter cannot run": """
func.func @k() {
  %c0 = arith.constant 0 : f128
  func.return
}
""",
    "a hexadecimal f128 literal xDSL cannot parse": """
func.func @k() {
  %c = arith.constant 0xFFFFFFFF : f128
  func.return
}
""",
    "a splat of 2**31 elements (seed 26001)": """
func.func @k() {
  %r = pto.vmi.constant_mask {value = dense<1> : tensor<2147483648xi8>}
    : !pto.vmi.mask<2147483648xpred>
  func.return
}
""",
    "an integer out of its type's range in a dense literal (seed 26001)": """
func.func @k() {
  %r = pto.vmi.constant_mask {value = dense<4096> : tensor<64xi8>} : !pto.vmi.mask<64xpred>
  func.return
}
""",
    "an i64 out of range in a shuffle's lane list (seed 26001)": """
func.func @k(%v: !pto.vmi.vreg<4xf32>) {
  %r = pto.vmi.shuffle %v [0, 1, -100000000000000000000000000000, 3]
    : !pto.vmi.vreg<4xf32> -> !pto.vmi.vreg<4xf32>
  func.return
}
""",
    "parameters on the parameterless !pto.align": """
func.func @k(%a: !pto.align<f32>) {
  func.return
}
""",
    "a tile argument larger than UB (pto-run --arg auto exited 70; fuzz7's smoke run)": """
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @k(%t: !pto.tile<loc=vec, dtype=f32, rows=512, cols=512>) {
    func.return
  }
}
""",
}


@pytest.mark.parametrize("text", FOUND.values(), ids=list(FOUND))
def test_found_mutants_are_diagnostics(text: str) -> None:
    outcome = run_mutant(text, 0)
    assert outcome.kind == DIAGNOSTIC, outcome.failures


# ---- the targeted mutators and the differential stage ----------------------------------

TARGETS_KERNEL = """
!full = !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64, v_row=?, v_col=?>
!half = !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=64, v_row=?, v_col=?>
!part = !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=32, v_row=4, v_col=32>
!fp4 = !pto.tile_buf<loc=vec, dtype=!pto.f4E2M1x2, rows=8, cols=32>
module attributes {pto.target_arch = "a5"} {
  func.func @k(%u: !pto.ptr<f32, ub>, %e: !fp4) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %a0 = arith.constant 0 : i64
    %a1 = arith.constant 4096 : i64
    %t = pto.alloc_tile addr = %a0 valid_row = %c8 valid_col = %c64 : !full
    %h = pto.alloc_tile addr = %a1 valid_row = %c8 valid_col = %c64 : !half
    pto.set_validshape %t, %c2, %c64 : !full
    pto.tcvt ins(%t {rmode = #pto<round_mode ROUND>} : !full) outs(%h : !half)
    %s = pto.subview %t[%c2, %c8] sizes [4, 32] : !full -> !part
    pto.vecscope {
      %v = pto.vmi.vload %u[%c0] : !pto.ptr<f32, ub> -> !pto.vmi.vreg<64xf32>
      pto.vmi.vstore %v, %u[%c64] : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>
    }
    func.return
  }
}
"""
"""A kernel with a site of each targeted mutator's."""


@pytest.mark.parametrize("mutator", [m for m, _ in TARGETED], ids=lambda m: m.__name__)
def test_every_targeted_mutator_makes_a_mutant_that_verifies(mutator: Mutator) -> None:
    """They aim past the verifier, at the passes and the differential stage."""
    pools = Pools.of([TARGETS_KERNEL])
    mutants = (mutator(TARGETS_KERNEL, random.Random(k), pools) for k in range(30))
    assert any(
        m not in (None, TARGETS_KERNEL) and front(m, context(), Outcome()) is not None
        for m in mutants
    )


def test_the_differential_stage_compares_the_runs_of_a_kernel_and_its_lowering() -> None:
    outcome = run_differential((ROOT / "examples" / "tabs_ssa.mlir").read_text(), 1)
    assert outcome.compared and not outcome.failures, outcome.failures


def test_a_difference_names_the_argument_and_the_first_element() -> None:
    same = np.arange(6, dtype=np.float32).reshape(2, 3)
    other = same.copy()
    other[1, 1] = 0.5
    assert difference([None, same], [None, same.copy()]) is None
    said = difference([same], [other])
    assert said == "argument 0: 1 element(s) differ, first [4]: tile level 4.0, lowered 0.5"
