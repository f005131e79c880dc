"""A long fuzzing campaign (docs/testing.md):

    PYTHONPATH=test/unit .venv/bin/python -m fuzz --seed 7 --count 30000 --jobs 2 --out DIR \
        [--seed-dir PTOAS/test]... [--seed-limit N] [--lowered] [--basic | --differential]
        [--focus]

runs the wide stages (`fuzz.wide`, the differential stage `fuzz.differential` included;
`--basic`: those of the CI campaign; `--differential`: that stage alone) on mutants of the
project's seeds and, with `--seed-dir`, of the kernels under each DIR (read at run time) and,
with `--lowered`, of the seeds' lowered forms (`fuzz.lowered`); with `--focus`, most mutants
are of the seeds that use the lowerings' newer rules, by the targeted mutators
(`fuzz.targeted`). It prints the counts (mutants, success, diagnostic, internal, hang,
crash, compared by the differential stage) and one line per distinct failure
signature, and writes one mutant per signature to DIR (minimised with
`--minimize`), with `failures.tsv` listing every failing mutant. `--show I` prints mutant I.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from fuzz.campaign import (
    Corpus,
    Finding,
    Pool,
    Report,
    Runner,
    Signature,
    make_task,
    minimize,
    run_campaign,
)
from fuzz.corpus import Seed, external_seeds, load_seeds
from fuzz.differential import run_differential
from fuzz.lowered import LOWERINGS, lowered_seeds
from fuzz.stages import run_mutant
from fuzz.wide import run_wide


def _arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m fuzz", description="A long fuzzing campaign")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=1000, help="mutants to run")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds per mutant")
    parser.add_argument("--memory-mb", type=int, default=3072, help="address space per worker")
    parser.add_argument("--out", type=Path, help="where to write the failing mutants")
    parser.add_argument("--minimize", action="store_true", help="shrink one mutant per finding")
    parser.add_argument("--show", type=int, metavar="I", help="print mutant I and exit")
    parser.add_argument(
        "--seed-dir",
        type=Path,
        action="append",
        default=[],
        metavar="DIR",
        help="also mutate the .pto/.mlir kernels under DIR (repeatable)",
    )
    parser.add_argument(
        "--seed-limit",
        type=int,
        metavar="N",
        help="at most N files of the --seed-dir kernels (a fixed sample)",
    )
    parser.add_argument(
        "--lowered", action="store_true", help="also mutate the seeds after the lowering pipelines"
    )
    parser.add_argument(
        "--basic",
        action="store_true",
        help="only the CI campaign's stages (no tools, options or reprinting)",
    )
    parser.add_argument(
        "--differential",
        action="store_true",
        help="only the differential stage (tile-level run against pto-pipeline's output)",
    )
    parser.add_argument(
        "--focus",
        action="store_true",
        help="most mutants of the seeds the targeted mutators are for (fuzz.targeted)",
    )
    return parser.parse_args(argv)


def _runner(args: argparse.Namespace) -> Runner:
    if args.basic:
        return run_mutant
    return run_differential if args.differential else run_wide


def _corpus(args: argparse.Namespace) -> Corpus:
    seeds = load_seeds()
    external = external_seeds(args.seed_dir, args.seed_limit)
    if args.lowered:
        vmi = [s for s in external if "pto.vmi." in s.text]
        external += [*lowered_seeds(seeds), *lowered_seeds(vmi, LOWERINGS[-1:])]
    found: list[Seed] = external
    print(f"seeds: {len(seeds)} of the project, {len(found)} external", file=sys.stderr)
    return Corpus.of(seeds, found, args.focus)


def _slug(text: str) -> str:
    return re.sub(r"[^\w.-]+", "_", text).strip("_")[:60]


def _header(finding: Finding, seed: int) -> str:
    fail = finding.failure
    lines = [
        f"stage: {fail.stage}",
        f"exception: {fail.exception}",
        f"frame: {fail.frame}",
        f"message: {fail.message}",
        f"mutant {finding.task.index} of seed {seed} (from {finding.task.origin}), "
        f"{finding.hits} mutant(s) with this signature",
        "traceback (last frames):",
        *fail.trace.rstrip().splitlines(),
    ]
    return "".join(f"// {line}\n" for line in lines)


def write_findings(report: Report, seed: int, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    ordered = sorted(report.findings.values(), key=lambda f: f.task.index)
    for n, finding in enumerate(ordered):
        fail = finding.failure
        name = f"{n:03d}-{_slug(fail.stage)}-{_slug(fail.exception)}"
        text = finding.minimal if finding.minimal is not None else finding.task.text
        (out / f"{name}.mlir").write_text(_header(finding, seed) + text)
    rows = [f"{i}\t{' | '.join(sig)}\n" for i, sig in report.failing]
    (out / "failures.tsv").write_text("".join(rows))
    (out / "counts.json").write_text(json.dumps(dict(report.counts), indent=2) + "\n")


def _minimize(finding: Finding, signature: Signature, args: argparse.Namespace) -> str:
    """A hang costs a deadline per candidate: fewer candidates and a shorter deadline."""
    hang = signature[1] == "Timeout"
    timeout = min(args.timeout, 5.0) if hang else args.timeout
    pool = Pool(runner=_runner(args), jobs=args.jobs, timeout=timeout, memory_mb=args.memory_mb)
    return minimize(finding.task, signature, pool, budget=60 if hang else 400)


def main(argv: Sequence[str] | None = None) -> int:
    args = _arguments(argv)
    corpus = _corpus(args)
    if args.show is not None:
        print(make_task(args.seed, args.show, corpus).text)
        return 0
    pool = Pool(
        runner=_runner(args), jobs=args.jobs, timeout=args.timeout, memory_mb=args.memory_mb
    )
    start = time.monotonic()

    told = 0

    def progress(report: Report) -> None:
        nonlocal told
        for index, signature in report.failing[told:]:  # as they come: a campaign cut short
            print(f"failing mutant {index}: {' | '.join(signature)}", file=sys.stderr, flush=True)
        told = len(report.failing)
        if report.counts["mutants"] % 1000 == 0:
            elapsed = time.monotonic() - start
            print(f"[{elapsed:7.0f}s] {report.summary()}", file=sys.stderr, flush=True)

    report = run_campaign(args.seed, args.count, corpus, pool, progress)
    if args.minimize:
        for signature, finding in report.findings.items():
            finding.minimal = _minimize(finding, signature, args)
    print(report.summary())
    print(report.signatures())
    if args.out is not None:
        write_findings(report, args.seed, args.out)
    return 1 if report.findings else 0


if __name__ == "__main__":
    sys.exit(main())
