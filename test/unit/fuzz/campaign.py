"""A campaign: mutants made from a seed, run in worker processes with a deadline each.

A worker runs one mutant at a time and tells the parent which stage it is in. A mutant that
outlives its deadline is a hang: the parent has the worker dump its Python stack (the top
project frame names the hang), kills it and starts another. A worker that dies is a crash.
Mutant `i` of seed `s` depends on nothing but `s`, `i` and the corpus, so a count-bounded
campaign gives the same mutants and outcomes however many workers run it.
"""

from __future__ import annotations

import contextlib
import faulthandler
import multiprocessing
import os
import random
import re
import resource
import signal
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from pathlib import Path

from fuzz.corpus import Seed
from fuzz.mutate import Pools, mutate
from fuzz.stages import (
    CRASH,
    HANG,
    INTERNAL,
    Failure,
    Outcome,
    StageHook,
    context,
    failure,
    frame_label,
    front,
    run_mutant,
)
from fuzz.targeted import FOCUS, TARGETED

Runner = Callable[[str, int, StageHook], Outcome]
Signature = tuple[str, str, str]
RECYCLE_AFTER = 300
"""Tasks a worker runs before it is replaced (bounds what leaks between mutants)."""


@dataclass(frozen=True)
class Task:
    index: int
    origin: str
    text: str
    seed: int


EXTERNAL_SHARE = 0.6
"""The share of mutants made from the external seeds, when there are any."""


FOCUS_SHARE = 0.8
"""With `--focus`: the share of mutants made from the focus seeds by the targeted
mutators (`fuzz.targeted`)."""


@dataclass(frozen=True)
class Corpus:
    """The seeds, those of them that verify, the external seeds (other checkouts' kernels
    and lowered forms, not verified up front: most do), the replacement pools and the focus
    seeds (`--focus`: those the targeted mutators are for)."""

    seeds: tuple[Seed, ...]
    valid: tuple[Seed, ...]
    pools: Pools
    external: tuple[Seed, ...] = ()
    focus: tuple[Seed, ...] = ()

    @staticmethod
    def of(seeds: Sequence[Seed], external: Sequence[Seed] = (), focus: bool = False) -> Corpus:
        valid = tuple(s for s in seeds if front(s.text, context(), Outcome()) is not None)
        pools = Pools.of([s.text for s in (*seeds, *external)])
        aimed = tuple(s for s in (*valid, *external) if any(f in s.text for f in FOCUS))
        return Corpus(tuple(seeds), valid or tuple(seeds), pools, tuple(external),
                      aimed if focus else ())  # fmt: skip


def make_task(seed: int, index: int, corpus: Corpus) -> Task:
    """Mutant `index` of the campaign with `seed`: mostly of a seed that verifies (the
    invalid lit cases stop at the verifier however they are mutated); with external seeds,
    `EXTERNAL_SHARE` of them of those; with focus seeds, `FOCUS_SHARE` of them of those by
    the targeted mutators."""
    rng = random.Random(f"{seed}:{index}")
    if corpus.focus and rng.random() < FOCUS_SHARE:
        origin = rng.choice(corpus.focus)
        text = mutate(origin.text, rng, corpus.pools, rng.choice((1, 1, 2)), TARGETED)
        return Task(index, origin.name, text, rng.randrange(1 << 32))
    if corpus.external and rng.random() < EXTERNAL_SHARE:
        origin = rng.choice(corpus.external)
    else:
        origin = rng.choice(corpus.valid if rng.random() < 0.75 else corpus.seeds)
    text = mutate(origin.text, rng, corpus.pools, rng.choice((1, 1, 1, 2, 2, 3)))
    return Task(index, origin.name, text, rng.randrange(1 << 32))


# ---- workers ----------------------------------------------------------------------------


def _limit_memory(megabytes: int) -> None:
    limit = megabytes << 20
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def _worker_main(conn: Connection, runner: Runner, memory_mb: int, dump: str) -> None:
    _limit_memory(memory_mb)
    with open(dump, "w") as dump_file:
        faulthandler.register(signal.SIGUSR1, file=dump_file, all_threads=False)
        while (task := conn.recv()) is not None:
            text, seed = task

            def hook(stage: str) -> None:
                conn.send(("stage", stage))

            try:
                outcome = runner(text, seed, hook)
            except Exception as err:  # a defect of the fuzzer's own stages: still reported
                outcome = Outcome()
                outcome.fail(failure("fuzzer", err))
            conn.send(("done", outcome))


_FRAME = re.compile(r'File "([^"]+)", line (\d+) in (\S+)')
_STACK = re.compile(r"^Stack \(most recent call first\):$", re.MULTILINE)
HANG_SAMPLES = 3
"""Stack dumps taken of a worker that missed its deadline, a little apart."""


def stack_frame(dump: str) -> str:
    """Where a worker hangs, from its stack dumps (innermost call first): the innermost frame
    that every dump shares, counted from the outermost (what the loop is in, not what it
    happened to be doing); `?` without a dump."""
    samples = [_FRAME.findall(part)[::-1] for part in _STACK.split(dump)[1:]]
    samples = [s for s in samples if s]
    if not samples:
        return "?"
    common = 0
    while all(len(s) > common and s[common] == samples[0][common] for s in samples):
        common += 1
    # the looping function itself is at a different line in each dump
    if all(len(s) > common and s[common][::2] == samples[0][common][::2] for s in samples):
        common += 1
    filename, _line, function = samples[0][max(common - 1, 0)]
    return frame_label(filename, function)


class _Worker:
    """A process running tasks one at a time, with the current task's deadline."""

    def __init__(self, runner: Runner, memory_mb: int, directory: str) -> None:
        handle, self.dump = tempfile.mkstemp(suffix=".stack", dir=directory)
        os.close(handle)
        parent, child = multiprocessing.get_context("fork").Pipe()
        ctx = multiprocessing.get_context("fork")
        self.process: BaseProcess = ctx.Process(
            target=_worker_main, args=(child, runner, memory_mb, self.dump), daemon=True
        )
        self.process.start()
        child.close()
        self.conn = parent
        self.task: Task | None = None
        self.stage = "start"
        self.deadline = 0.0
        self.served = 0

    def submit(self, task: Task, timeout: float) -> None:
        self.task, self.stage, self.served = task, "start", self.served + 1
        self.deadline = time.monotonic() + timeout
        self.conn.send((task.text, task.seed))

    def stop(self) -> None:
        with contextlib.suppress(OSError):
            self.conn.send(None)
        self.process.join(5)
        self._cleanup()

    def kill(self) -> str:
        """Kills the worker; returns its stack at the time (if it could dump it)."""
        pid = self.process.pid
        if pid is not None and self.process.is_alive():
            for _ in range(HANG_SAMPLES):
                os.kill(pid, signal.SIGUSR1)
                time.sleep(0.2)
            self.process.kill()
        self.process.join(5)
        stack = Path(self.dump).read_text() if Path(self.dump).exists() else ""
        self._cleanup()
        return stack

    def _cleanup(self) -> None:
        self.conn.close()
        Path(self.dump).unlink(missing_ok=True)


def _lost(worker: _Worker, kind: str, stack: str) -> Outcome:
    code = worker.process.exitcode
    exception = "Timeout" if kind == HANG else f"WorkerDied(exit {code})"
    message = "no result before the deadline" if kind == HANG else f"exit code {code}"
    lost = Failure(worker.stage, exception, stack_frame(stack), message, stack[-3000:])
    return Outcome(kind, [lost])


@dataclass
class Pool:
    """`jobs` workers; `run` yields (task, outcome) as tasks finish."""

    runner: Runner = run_mutant
    jobs: int = 1
    timeout: float = 20.0
    memory_mb: int = 3072

    def run(self, tasks: Iterable[Task]) -> Iterator[tuple[Task, Outcome]]:
        pending = iter(tasks)
        with tempfile.TemporaryDirectory(prefix="fuzz-") as directory:
            workers: list[_Worker] = []
            try:
                yield from self._loop(pending, workers, directory)
            finally:
                for worker in workers:
                    if worker.task is None:
                        worker.stop()
                    else:  # the campaign was interrupted
                        worker.kill()

    def _loop(
        self, pending: Iterator[Task], workers: list[_Worker], directory: str
    ) -> Iterator[tuple[Task, Outcome]]:
        exhausted = False
        while True:
            for i, worker in enumerate(workers):
                if worker.task is None and worker.served >= RECYCLE_AFTER:
                    worker.stop()
                    workers[i] = _Worker(self.runner, self.memory_mb, directory)
            while len(workers) < self.jobs:
                workers.append(_Worker(self.runner, self.memory_mb, directory))
            for worker in workers:
                if worker.task is None and not exhausted:
                    task = next(pending, None)
                    if task is None:
                        exhausted = True
                    else:
                        worker.submit(task, self.timeout)
            busy = [w for w in workers if w.task is not None]
            if not busy:
                return
            yield from self._collect(busy, workers, directory)

    def _collect(
        self, busy: list[_Worker], workers: list[_Worker], directory: str
    ) -> Iterator[tuple[Task, Outcome]]:
        now = time.monotonic()
        ready = wait([w.conn for w in busy], max(0.0, min(w.deadline for w in busy) - now))
        for worker in busy:
            task = worker.task
            assert task is not None
            outcome: Outcome | None = None
            if worker.conn in ready:
                try:
                    while worker.conn.poll() and outcome is None:
                        kind, value = worker.conn.recv()
                        if kind == "stage":
                            worker.stage = value
                        else:
                            outcome = value
                except (EOFError, OSError):
                    outcome = _lost(worker, CRASH, worker.kill())
            elif time.monotonic() >= worker.deadline:
                outcome = _lost(worker, HANG, worker.kill())
            if outcome is None:
                continue
            if outcome.kind in (HANG, CRASH):
                workers[workers.index(worker)] = _Worker(self.runner, self.memory_mb, directory)
            else:
                worker.task = None
            yield task, outcome


# ---- a campaign and its findings --------------------------------------------------------


@dataclass
class Finding:
    """The first mutant with a failure signature, and how many mutants had it."""

    failure: Failure
    kind: str
    task: Task
    hits: int = 1
    minimal: str | None = None


@dataclass
class Report:
    counts: Counter[str] = field(default_factory=Counter[str])
    findings: dict[Signature, Finding] = field(default_factory=dict[Signature, Finding])
    failing: list[tuple[int, Signature]] = field(default_factory=list[tuple[int, Signature]])

    def add(self, task: Task, outcome: Outcome) -> None:
        self.counts["mutants"] += 1
        self.counts[outcome.kind] += 1
        self.counts["compared"] += outcome.compared
        for fail in outcome.failures:
            self.failing.append((task.index, fail.signature))
            known = self.findings.get(fail.signature)
            if known is None:
                self.findings[fail.signature] = Finding(fail, outcome.kind, task)
            elif task.index < known.task.index:  # the same finding whatever the job count
                self.findings[fail.signature] = Finding(fail, outcome.kind, task, known.hits + 1)
            else:
                known.hits += 1

    def summary(self) -> str:
        kinds = ("mutants", "success", "diagnostic", INTERNAL, HANG, CRASH, "compared")
        return " ".join(f"{k}={self.counts[k]}" for k in kinds)

    def signatures(self) -> str:
        """One line per distinct failure signature, most frequent first."""
        ordered = sorted(self.findings.values(), key=lambda f: -f.hits)
        return "\n".join(
            f"{f.hits:6d}x {f.failure.stage} | {f.failure.exception} | {f.failure.frame} | "
            f"{f.failure.message[:120]} (mutant {f.task.index})"
            for f in ordered
        )


def run_campaign(
    seed: int, count: int, corpus: Corpus, pool: Pool,
    progress: Callable[[Report], None] | None = None,
) -> Report:  # fmt: skip
    """Mutants 0..count-1 of `seed` through `pool`."""
    report = Report()
    tasks = (make_task(seed, i, corpus) for i in range(count))
    for task, outcome in pool.run(tasks):
        report.add(task, outcome)
        if progress is not None:
            progress(report)
    return report


# ---- minimisation -----------------------------------------------------------------------


def _same(found: Failure, signature: Signature) -> bool:
    """A hang matches on stage alone: where the stack was caught varies."""
    if signature[1] == "Timeout":
        return found.signature[:2] == signature[:2]
    return found.signature == signature


def _keepers(units: list[list[str]], task: Task, signature: Signature, pool: Pool) -> int | None:
    """The first candidate (lists of text units) that still fails with `signature`."""
    tasks = [Task(i, task.origin, "".join(u), task.seed) for i, u in enumerate(units)]
    hits = [t.index for t, o in pool.run(tasks) if any(_same(f, signature) for f in o.failures)]
    return min(hits) if hits else None


def _reduce(
    units: list[str], task: Task, signature: Signature, pool: Pool, budget: int
) -> list[str]:
    """Greedy delta debugging: drop chunks of `units`, halving the chunk when none can go."""
    chunk = max(1, len(units) // 2)
    while budget > 0 and units:
        starts = range(0, len(units), chunk)
        candidates: list[list[str]] = [units[:i] + units[i + chunk :] for i in starts]
        candidates = candidates[:budget]
        budget -= len(candidates)
        keep = _keepers(candidates, task, signature, pool)
        if keep is not None:
            units = candidates[keep]
            chunk = min(chunk, max(1, len(units) // 2))
        elif chunk == 1:
            break
        else:
            chunk = max(1, chunk // 2)
    return units


_UNIT = re.compile(r"\S+\s*|\s+")


def minimize(task: Task, signature: Signature, pool: Pool, budget: int = 400) -> str:
    """A smaller text than `task.text` that fails with the same signature: lines first, then
    tokens, within `budget` runs."""
    lines = _reduce(task.text.splitlines(keepends=True), task, signature, pool, budget // 2)
    words = _UNIT.findall("".join(lines))
    return "".join(_reduce(words, task, signature, pool, budget // 2))
