"""The cost model against pto-isa's hardware-profiled single-instruction cycle counts.

    python benchmarks/cycle_fidelity.py [--mirror DIR | --cases DIR]

For every case of pto-isa's `tests/costmodel/st/testcase/*/main.cpp` that publishes a
profiled figure (`runTAdd<float, 64, 64, 160.0f, ...>`) and whose instruction this project
implements, the script builds the corresponding A2/A3 kernel (the tile op on tiles of the
case's shape and element type, or a tload from a GM argument), runs it with pto-run's model
and prints the model's cycles on the op's pipe next to the published figure, their ratio,
and the median and worst absolute relative error, separately for the cases the parameters
were fitted on (`FITTED`, named in interpreters/machine/cost_params.py) and the held-out ones. The
`bound` column is the accuracy pto-isa's own test demands of pto-isa's model on the case;
0 means the case is not checked there (pto-isa's model does not reproduce it either), so the
held-out figures are also given for the checked cases alone. Published figures that are not
hardware measurements or contradict the same instruction stream measured elsewhere
(`SUSPECT`) stay in the table, marked, with their reasons printed after it, and a last
summary line leaves them out. The A2/A3 tiles are declared with a `?` valid shape, as
pto-isa's cases declare theirs (`Tile<..., -1, -1>`). The A5 cases are the tables of
`st_a5_fit` (every op this project implements, `tcvt` and `tsel` included; the
`high_precision` `trecip` rows are not compared: the dialect's `trecip` has no precision
attribute); pto-isa's other A5 directories publish no figure (`st_a5` checks instruction
traces). Layout: `fidelity_cases` reads the cases, `fidelity_kernels` builds their kernels,
`fidelity_notes` names the fitted and suspect ones; this script runs them and reports.

The cases are read at run time: `git show` from pto-isa's bare mirror (`--mirror`, default
/work/.mirror/hw-native-sys+pto-isa/repo), or from a checkout's testcase directory
(`--cases`). Nothing of theirs is stored in the project.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from statistics import median

from fidelity_cases import Case, case_sources, read_cases, read_cvt_cases, read_vf_cases
from fidelity_kernels import TABLES
from fidelity_notes import FITTED, SUSPECT
from xdsl.context import Context
from xdsl.dialects import arith, builtin, func, scf
from xdsl.parser import Parser

from interpreters.launching.execute import run_function
from interpreters.machine.pipes import PipeModel
from pto_dialect.dialect import PTO

MIRROR = Path("/work/.mirror/hw-native-sys+pto-isa/repo")
SUITES = {"a2a3": "st/testcase", "a5": "st_a5_fit/testcase"}
"""Where each target's profiled cases are, under pto-isa's tests/costmodel."""


def context() -> Context:
    ctx = Context()
    for dialect in (builtin.Builtin, func.Func, arith.Arith, scf.Scf, PTO):
        ctx.load_dialect(dialect)
    return ctx


def model_cycles(case: Case, target: str) -> int:
    """The model's cycles of the case's last op (pto-isa's check reads the last PTO
    instruction's cycles: `GetLastPtoInstrCycles`), in a run of the kernel on `target`."""
    text, args, pipe = TABLES[target][case.runner](case)
    text = text.replace('pto.target_arch = "a2a3"', f'pto.target_arch = "{target}"')
    ctx = context()
    op = re.findall(r"pto\.(t[\w.]+) ins", text)[-1]
    if ctx.get_optional_op(f"pto.{op}") is None:
        raise NotImplementedError(f"pto.{op} is not implemented")
    module = Parser(ctx, text).parse_module()
    module.verify()
    result = run_function(module, args, pipes=PipeModel(record_spans=True))
    return [span.cycles for span in result.machine.pipes.spans if span.pipe is pipe][-1]


@dataclass(frozen=True)
class Row:
    case: Case
    model: int | None
    note: str = ""

    @property
    def error(self) -> float | None:
        if self.model is None:
            return None
        return abs(self.model - self.case.published) / self.case.published


def evaluate(sources: dict[str, str], target: str) -> list[Row]:
    rows: list[Row] = []
    table = TABLES[target]
    for text in sources.values():
        for case in read_cases(text) + read_vf_cases(text) + read_cvt_cases(text):
            if case.published <= 0 or case.runner not in table:
                continue
            try:
                rows.append(Row(case, model_cycles(case, target)))
            except NotImplementedError as err:
                rows.append(Row(case, None, str(err)))
            except Exception as err:  # a shape this project rejects
                first = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
                rows.append(Row(case, None, f"not run: {first[:70]}"))
    return rows


def summary(label: str, rows: list[Row]) -> str:
    errors = [r.error for r in rows if r.error is not None]
    if not errors:
        return f"{label}: no cases"
    worst = max((r for r in rows if r.error is not None), key=lambda r: r.error or 0.0)
    return (f"{label}: {len(errors)} cases, median |error| {median(errors):.1%}, worst "
            f"{worst.error:.1%} ({worst.case.label})")  # fmt: skip


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--mirror", type=Path, default=MIRROR, help="pto-isa bare git mirror")
    parser.add_argument(
        "--cases", type=Path, default=None, help="a checkout's tests/costmodel directory instead"
    )
    parser.add_argument(
        "--smoke", action="store_true", help="only the first case of each target: does it run"
    )
    args = parser.parse_args(argv)
    for target, suite in SUITES.items():
        sources = case_sources(args.mirror, args.cases, suite)
        if args.smoke:
            sources = dict(sorted(sources.items())[:1])
        report(target, evaluate(sources, target))


def report(target: str, rows: list[Row]) -> None:
    print(f"{target} model cycles against pto-isa's hardware-profiled figures")
    print(f"{'case':48} {'model':>7} {'published':>9} {'ratio':>6} {'bound':>5}  set")
    for row in rows:
        fitted = "fitted" if row.case.label in FITTED else "held-out"
        if row.case.label in SUSPECT:
            fitted += " (suspect, see notes)"
        if row.model is None:
            print(f"{row.case.label:48} {'-':>7} {row.case.published:9.0f} {'-':>6} "
                  f"{row.case.bound:5.2f}  {row.note}")  # fmt: skip
            continue
        ratio = row.model / row.case.published
        print(f"{row.case.label:48} {row.model:7d} {row.case.published:9.0f} {ratio:6.2f} "
              f"{row.case.bound:5.2f}  {fitted}")  # fmt: skip
    run = [r for r in rows if r.model is not None]
    print(summary("all", run))
    print(summary("fitted", [r for r in run if r.case.label in FITTED]))
    held_out = [r for r in run if r.case.label not in FITTED]
    print(summary("held-out", held_out))
    checked = [r for r in held_out if r.case.bound > 0]
    print(summary("held-out, checked by pto-isa (bound > 0)", checked))
    plausible = [r for r in held_out if r.case.label not in SUSPECT]
    print(summary("held-out, without the suspect figures", plausible))
    notes = [r for r in rows if r.case.label in SUSPECT]
    if notes:
        print("notes (suspect published figures):")
        for row in notes:
            print(f"  {row.case.label}: {SUSPECT[row.case.label]}")
    print()


if __name__ == "__main__":
    main()
