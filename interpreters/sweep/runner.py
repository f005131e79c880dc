"""`sweep`: every point of a grid of parameters and options, on a local process pool or a
Dask cluster, into a `SweepTable`.

    table = sweep(build, {"tiles": [4, 8], "target": ["a5", "a2a3"]},
                  args=["rand:${tiles}x32xf32:1", "zeros:${tiles}x32xf32"])

The spec goes to the workers once, serialised with cloudpickle where it is installed (so
lambdas and functions of a script travel too), pickle otherwise. Each point's row is
computed by `point.evaluate` wherever it runs and comes back whole, so the table is the
same whichever executor ran it (its wall times aside); the rows are in grid order.
"""

from __future__ import annotations

import itertools
import os
import pickle
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any, TextIO, cast

from interpreters.sweep.point import Arguments, Kernel, Point, Reference, Row, Spec, evaluate
from interpreters.sweep.table import Journal, SweepTable, point_key

Executor = str | Any
"""`"local"` (a process pool), `"serial"` (this process), `"tcp://HOST:PORT"` (a Dask
scheduler) or a `distributed.Client`."""


def points(grid: Mapping[str, Sequence[Any]]) -> list[Point]:
    """Every combination of the grid's values, the last name varying fastest."""
    names = list(grid)
    for name in names:
        if isinstance(cast(object, grid[name]), str):
            raise ValueError(f"grid value of '{name}' must be a list of values, not text")
    return [dict(zip(names, values, strict=True)) for values in itertools.product(*grid.values())]


def sweep(
    kernel: Kernel,
    grid: Mapping[str, Sequence[Any]],
    *,
    args: Arguments = None,
    pipeline: str | None = None,
    reference: Reference | None = None,
    tolerance: tuple[float, float] = (1e-5, 1e-6),
    semantics_only: bool = False,
    function: str | None = None,
    executor: Executor = "local",
    jobs: int | None = None,
    output: str | Path | None = None,
    progress: bool | None = None,
    name: str = "kernel",
) -> SweepTable:
    """Runs every point of `grid` and returns their rows (`point.evaluate`).

    `kernel` is a builder function of some of the grid's names (it gets those it has
    parameters for) or MLIR text with `${name}` placeholders; the grid's `target`,
    `multi_buffer` and `matmul_on_vector` are also `pto-pipeline`'s options when
    `pipeline` is None. `output` (`.csv`, `.json`, `.jsonl`) gets every row as its point
    finishes; the points it holds rows for already are not run again. `jobs` caps the
    local pool (default: the CPUs); `progress` shows a bar on stderr (default: when it is
    a terminal).
    """
    spec = Spec(kernel, args, pipeline, reference, tolerance, semantics_only, function, name)
    todo = points(grid)
    params = list(grid)
    journal = Journal(output, params) if output is not None else None
    finished = journal.done() if journal is not None else {}
    rows: dict[str, Row] = {}
    pending: list[Point] = []
    for point in todo:
        key = point_key(point)
        if key in finished:
            rows[key] = {**finished[key], **point}
        else:
            pending.append(point)
    bar = Bar(len(todo), len(rows), enabled=progress)
    try:
        for point, row in _execute(spec, pending, executor, jobs):
            rows[point_key(point)] = row
            if journal is not None:
                journal.append(row)
            bar.advance(row)
    finally:
        bar.done()
        if journal is not None:
            complete = len(rows) == len(todo)
            ordered = [rows[point_key(p)] for p in todo if point_key(p) in rows]
            journal.close(SweepTable(params, ordered) if complete else None)
    return SweepTable(params, [rows[point_key(p)] for p in todo])


# ---- executors ------------------------------------------------------------------------------


def _dumps(spec: Spec) -> bytes:
    """The spec as bytes for another process: with cloudpickle where it is installed, the
    functions of a script, a test or an example by value (a worker may not import them)."""
    try:
        import cloudpickle  # pyright: ignore[reportMissingTypeStubs]
    except ImportError:
        return pickle.dumps(spec)
    for function in (spec.kernel, spec.args, spec.reference):
        module = sys.modules.get(getattr(function, "__module__", None) or "")
        if module is not None and module.__name__ != "__main__" and not _installed(module):
            cloudpickle.register_pickle_by_value(module)  # pyright: ignore
    dumped: bytes = cloudpickle.dumps(spec)  # pyright: ignore[reportUnknownMemberType]
    return dumped


def _installed(module: Any) -> bool:
    """Whether `module` is the project's or an installed package's (workers import it)."""
    top = module.__name__.partition(".")[0]
    if top in ("pto_dialect", "passes", "interpreters"):
        return True
    path = str(getattr(module, "__file__", "") or "")
    return not path or "site-packages" in path or path.startswith(sys.base_prefix)


_SPECS: dict[bytes, Spec] = {}


def evaluate_payload(payload: bytes, point: Point) -> Row:
    """`evaluate` of a serialised spec (kept once per worker process)."""
    spec = _SPECS.get(payload)
    if spec is None:
        _SPECS.clear()
        spec = _SPECS[payload] = cast(Spec, pickle.loads(payload))
    return evaluate(spec, point)


def _execute(
    spec: Spec, todo: Sequence[Point], executor: Executor, jobs: int | None
) -> Iterator[tuple[Point, Row]]:
    """(point, row) of every point of `todo`, in the order they finish."""
    if not todo:
        return
    if executor == "serial" or (executor == "local" and (jobs == 1 or len(todo) == 1)):
        for point in todo:
            yield point, evaluate(spec, point)
        return
    payload = _dumps(spec)
    if executor == "local":
        workers = min(jobs or os.cpu_count() or 1, len(todo))
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = {pool.submit(evaluate_payload, payload, p): p for p in todo}
            for future in as_completed(futures):
                yield futures[future], _row(future, futures[future])
        return
    yield from _on_dask(payload, todo, executor)


def _row(future: Future[Row], point: Point) -> Row:
    """The future's row, or a failed row when the worker itself died."""
    try:
        return future.result()
    except Exception as err:  # a worker lost (killed, out of memory): the point's row says so
        from interpreters.sweep.point import METRICS

        return {**point, **dict.fromkeys(METRICS), "status": "failed",
                "error": f"worker: {type(err).__name__}: {err}"}  # fmt: skip


def _on_dask(
    payload: bytes, todo: Sequence[Point], executor: Executor
) -> Iterator[tuple[Point, Row]]:
    """The points on a Dask cluster: the scheduler at `executor`'s address, or the client."""
    from distributed import Client  # pyright: ignore
    from distributed import as_completed as dask_completed

    client = Client(executor) if isinstance(executor, str) else executor
    try:
        shared = client.scatter(payload, broadcast=True)  # pyright: ignore
        futures = {
            client.submit(evaluate_payload, shared, p, pure=False): i  # pyright: ignore
            for i, p in enumerate(todo)
        }
        for future in dask_completed(list(futures)):  # pyright: ignore
            point = todo[futures[future]]
            yield point, _dask_row(future, point)
    finally:
        if isinstance(executor, str):
            client.close()  # pyright: ignore


def _dask_row(future: Any, point: Point) -> Row:
    try:
        return cast(Row, future.result())
    except Exception as err:
        from interpreters.sweep.point import METRICS

        return {**point, **dict.fromkeys(METRICS), "status": "failed",
                "error": f"worker: {type(err).__name__}: {err}"}  # fmt: skip


# ---- the progress bar ---------------------------------------------------------------------------


class Bar:
    """`[#####     ] 12/40 points, 1 failed, 3.2 s/point, 1m30s left` on stderr, rewritten
    in place, when it is a terminal (or `enabled`)."""

    WIDTH = 30

    def __init__(
        self, total: int, done: int = 0, *, enabled: bool | None = None,
        stream: TextIO | None = None, clock: Callable[[], float] = time.monotonic,
    ) -> None:  # fmt: skip
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.total, self.done_before, self.done_now, self.failed = total, done, 0, 0
        self.clock = clock
        self.started = clock()
        self.width = 0
        self._show()

    def advance(self, row: Row) -> None:
        self.done_now += 1
        self.failed += row["status"] != "ok"
        self._show()

    def line(self) -> str:
        done = self.done_before + self.done_now
        filled = self.WIDTH * done // max(self.total, 1)
        text = f"[{'#' * filled}{' ' * (self.WIDTH - filled)}] {done}/{self.total} points"
        if self.failed:
            text += f", {self.failed} failed"
        if self.done_now:
            each = (self.clock() - self.started) / self.done_now
            left = each * (self.total - done)
            text += f", {each:.2g} s/point, {_duration(left)} left"
        return text

    def _show(self) -> None:
        if not self.enabled:
            return
        line = self.line()
        self.stream.write("\r" + line + " " * max(0, self.width - len(line)))
        self.stream.flush()
        self.width = len(line)

    def done(self) -> None:
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()


def _duration(seconds: float) -> str:
    minutes, secs = divmod(int(seconds + 0.5), 60)
    return f"{minutes}m{secs:02d}s" if minutes else f"{secs}s"


def parse_values(text: str) -> list[Any]:
    """`4,8,16` as [4, 8, 16]; `a5,a2a3` as text; `true,false` as booleans."""
    values: list[Any] = []
    for item in text.split(","):
        item = item.strip()
        if item.lower() in ("true", "false"):
            values.append(item.lower() == "true")
            continue
        for kind in (int, float):
            try:
                values.append(kind(item))
                break
            except ValueError:
                continue
        else:
            values.append(item)
    return values
