"""`pto-check`: the synchronisation checker's command line (docs/checking.md).

    pto-check FILE --arg SPEC... [--entry NAME] [--target T] [--trips 0,1,2,3] [--max-runs N]
              [--redundant] [--remove-redundant OUT] [--json FILE]
    pto-check FILE --arg SPEC... --bisect PIPELINE
    pto-check FILE --arg SPEC... --targets [a2a3,a5,cpu]

The first form runs the kernel as its arguments say and at forced trip counts of its
dynamic loops and prints every hazard, deadlock (with its wait-for chain), unwaited flag
and unreleased slot, each with the trip counts of the run that showed it; `--redundant`
adds the synchronisation the kernel is hazard-free without, `--remove-redundant` writes the
kernel without it. `--bisect` names the first pass of a pipeline that changes the kernel's
bytes or adds a hazard; `--targets` the first op whose results differ between targets.
Findings go to stdout; the exit status is 3 when there is one, 1 for an error of the input
(a diagnostic as `pto-run` prints it), 0 otherwise. The work is done by
`interpreters.checking.check` and `interpreters.checking.diff`.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from xdsl.printer import Printer

from interpreters import api
from interpreters.api import PtoError
from interpreters.checking.check import TRIP_COUNTS, CheckReport, check, without_redundant
from interpreters.checking.diff import Bisection, TargetComparison, bisect, compare_targets
from interpreters.launching.args import ArgError, parse_spec
from interpreters.launching.execute import DEFAULT_MAX_STEPS
from pto_dialect import __version__
from pto_dialect.diagnostics import Sources
from pto_dialect.verification import first_line

TOOL = "pto-check"
EXIT_ERROR = 1
EXIT_FOUND = 3
EXIT_INTERNAL = 70
TARGETS = "a2a3,a5,cpu"


def _arguments() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=TOOL, description="Check the synchronisation of a PTO kernel (docs/checking.md)"
    )
    parser.add_argument("input_file", help="the kernel (.mlir or .pto)")
    parser.add_argument("--entry", help="function to check (default: the only one)")
    parser.add_argument("--target", help="a2a3, a5 or cpu (default: pto.target_arch, else cpu)")
    parser.add_argument(
        "--arg",
        action="append",
        default=[],
        metavar="SPEC",
        help="one per function argument, as pto-run takes them",
    )
    parser.add_argument(
        "--trips",
        default=",".join(map(str, TRIP_COUNTS)),
        metavar="LIST",
        help="trip counts forced on every loop of a dynamic bound (default 0,1,2,3; "
        "'none': only the run as given)",
    )
    parser.add_argument(
        "--max-runs",
        type=int,
        default=64,
        metavar="N",
        help="runs of every combination of trip counts up to N, else each loop group alone",
    )
    parser.add_argument(
        "--redundant",
        action="store_true",
        help="also list the synchronisation every run is hazard-free without",
    )
    parser.add_argument(
        "--remove-redundant",
        metavar="OUT",
        help="write the kernel without its redundant synchronisation to OUT ('-': stdout)",
    )
    parser.add_argument(
        "--bisect",
        metavar="PIPELINE",
        help="run the kernel after every pass of PIPELINE; name the first that changes its "
        "bytes or adds a hazard",
    )
    parser.add_argument(
        "--targets",
        nargs="?",
        const=TARGETS,
        metavar="LIST",
        help=f"run under each target (default {TARGETS}); name the first op whose results "
        "differ, and why",
    )
    parser.add_argument("--json", metavar="FILE", help="write the findings as JSON")
    parser.add_argument("--max-steps", type=int, default=DEFAULT_MAX_STEPS, metavar="N")
    parser.add_argument("--version", action="version", version=f"{TOOL} {__version__}")
    return parser


def _trips(text: str) -> tuple[int, ...]:
    if text == "none":
        return ()
    try:
        counts = tuple(int(t) for t in text.split(","))
    except ValueError:
        raise PtoError(f"--trips: '{text}' is not a list of integers") from None
    if any(c < 0 for c in counts):
        raise PtoError("--trips: a trip count cannot be negative")
    return counts


class _Main:
    def __init__(self, argv: Sequence[str] | None) -> None:
        self.args = _arguments().parse_args(argv)
        self.sources = Sources()
        self.data: dict[str, Any] = {}

    def run(self) -> int:
        try:
            module = self._load()
            try:
                args = [parse_spec(spec) for spec in self.args.arg]
            except ArgError as err:
                raise PtoError(str(err)) from None
            if self.args.bisect:
                found = self._bisect(module, args)
            elif self.args.targets:
                found = self._targets(module, args)
            else:
                found = self._check(module, args)
            if self.args.json:
                Path(self.args.json).write_text(json.dumps(self.data, indent=2) + "\n")
        except PtoError as err:
            print(err.render(TOOL, self.sources), file=sys.stderr)
            return EXIT_ERROR
        except OSError as err:
            print(f"{TOOL}: error: cannot write {err.filename}: {err.strerror}", file=sys.stderr)
            return EXIT_ERROR
        return EXIT_FOUND if found else 0

    def _load(self) -> Any:
        path = self.args.input_file
        try:
            text = Path(path).read_text()
        except (OSError, UnicodeDecodeError) as err:
            reason = err.strerror if isinstance(err, OSError) else "not UTF-8 text"
            raise PtoError(f"cannot read {path}: {reason}") from None
        self.sources.add(path, text)
        return api.parse(text, name=path, target=self.args.target)

    # ---- modes --------------------------------------------------------------------------
    def _check(self, module: Any, args: list[Any]) -> bool:
        redundancy = self.args.redundant or self.args.remove_redundant is not None
        report = check(
            module,
            *args,
            function=self.args.entry,
            trip_counts=_trips(self.args.trips),
            max_runs=self.args.max_runs,
            redundancy=redundancy,
            max_steps=self.args.max_steps,
        )
        self._print_check(report)
        if self.args.remove_redundant is not None:
            cleaned = without_redundant(module, report)
            out = self.args.remove_redundant
            if out == "-":
                Printer(stream=sys.stdout).print_op(cleaned)
                print()
            else:
                with open(out, "w") as stream:
                    Printer(stream=stream).print_op(cleaned)
                    stream.write("\n")
        return not report.clean

    def _print_check(self, report: CheckReport) -> None:
        findings = report.findings
        for finding in findings:
            print(f"{TOOL}: {finding.line()}")
        for trips, error in report.errors:
            print(f"{TOOL}: error: {error} [{trips.label()}]")
        for remark in report.remarks:
            print(f"{TOOL}: remark: {remark}")
        for item in report.redundant:
            print(f"{TOOL}: {item.line()}")
        for note in report.notes:
            print(f"{TOOL}: note: {note}")
        base = report.runs[0]
        count = len(findings) + len(report.errors)
        given = (
            "deadlocks" if base.replay.deadlocked else (f"takes {base.replay.total_cycles} cycles")
        )
        print(
            f"{TOOL}: {len(report.runs)} run{'s' if len(report.runs) != 1 else ''}, "
            f"{count} finding{'s' if count != 1 else ''}; the run as given {given}"
        )
        self.data = {
            "runs": [
                {"trips": r.trips.label(), "cycles": r.replay.total_cycles, "error": r.error}
                for r in report.runs
            ],
            "findings": [{"trips": f.trips.label(), **f.hazard.as_json()} for f in findings],
            "redundant": [
                {"what": r.what, "stall": r.stall, "saves": r.saves, "removed": r.removed}
                for r in report.redundant
            ],
            "remarks": report.remarks,
        }

    def _bisect(self, module: Any, args: list[Any]) -> bool:
        found: Bisection = bisect(
            module,
            self.args.bisect,
            *args,
            function=self.args.entry,
            max_steps=self.args.max_steps,
        )
        for stage in found.stages:
            print(f"{TOOL}: {stage.line()}")
        if found.failed is not None:
            print(f"{TOOL}: pass failed: {found.failed}")
        culprit = found.culprit
        if culprit is not None:
            print(f"{TOOL}: first bad pass: {culprit.pass_name}")
        else:
            print(f"{TOOL}: every pass keeps the bytes and adds no hazard")
        self.data = {
            "stages": [s.line() for s in found.stages],
            "culprit": None if culprit is None else culprit.pass_name,
        }
        return culprit is not None or found.failed is not None

    def _targets(self, module: Any, args: list[Any]) -> bool:
        targets = [t.strip() for t in self.args.targets.split(",") if t.strip()]
        found: TargetComparison = compare_targets(
            module,
            *args,
            targets=targets,
            function=self.args.entry,
            max_steps=self.args.max_steps,
        )
        for name, why in found.skipped.items():
            print(f"{TOOL}: {name}: not run: {why}")
        for diff in found.diffs:
            print(f"{TOOL}: {'/'.join(diff.targets)}: {diff.line()}")
        if not found.diffs:
            print(f"{TOOL}: every op writes the same bytes on {', '.join(found.targets)}")
        self.data = {"differences": [d.line() for d in found.diffs], "skipped": found.skipped}
        return bool(found.diffs)


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _Main(argv).run()
    except Exception as err:  # a bug of pto-check itself: one line, unless asked
        if os.environ.get("PTO_CHECK_TRACEBACK"):
            raise
        print(
            f"{TOOL}: internal error: {type(err).__name__}: {first_line(err)} "
            "(set PTO_CHECK_TRACEBACK=1 for the traceback)",
            file=sys.stderr,
        )
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
