"""One point of a sweep: build the kernel for its parameters, compile it, run it, check it.

A `Spec` says what every point does; `evaluate(spec, point)` does it and returns the row
of the point: its parameters, then `status` (`ok`, `mismatch` when the reference check
fails, `failed` when a step raises), `error` (the step and its one-line diagnostic),
`cycles`, `pipe_bound`, `busy_<pipe>` per pipe, `hazards`, `ops` (executed) and the
seconds of `compile_s`, `run_s` and `wall_s`. Nothing a point does can stop the sweep:
every error, the kernel's or the project's, is the row's diagnostic.
"""

from __future__ import annotations

import inspect
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from string import Template
from typing import Any, cast

import numpy as np
from xdsl.dialects.builtin import ModuleOp

from interpreters.api import apply_pipeline, parameters, parse, run
from interpreters.launching.args import ArgError, ArrayArg, ScalarArg, parse_spec
from interpreters.machine.pipes import PIPES

Point = dict[str, Any]
"""A point of the grid: parameter (or option) name -> value."""

Row = dict[str, Any]

OPTIONS = {
    "target": "target",
    "multi_buffer": "multi-buffer",
    "matmul_on_vector": "matmul-on-vector",
}
"""Grid keys that are options of `pto-pipeline` (and `target` of the run), not kernel
parameters: the default pipeline of a point passes them on."""

BUSY = [f"busy_{pipe.value.removeprefix('PIPE_')}" for pipe in PIPES]
METRICS = ["status", "error", "cycles", "pipe_bound", *BUSY, "hazards", "ops",
           "compile_s", "run_s", "wall_s"]  # fmt: skip
"""The columns of a row after the point's parameters."""

Kernel = Callable[..., ModuleOp | str] | str
"""A builder function of some of a point's parameters, or MLIR text with `${name}`
placeholders (`string.Template`)."""

Arguments = Callable[[Point], Sequence[object]] | Sequence[object] | None
"""The run's arguments: `pto-run --arg` SPEC strings (templated), arrays or numbers; or a
function of the point that gives them; None: the `// ARGS:` line of the kernel's text."""

Reference = Callable[[Point, list[Any]], Mapping[Any, Any] | Sequence[Any]]
"""What the outputs should be, from the point and the run's inputs: arrays by parameter
name or position (a sequence: the array parameters in order)."""


@dataclass(frozen=True)
class Spec:
    """What every point of a sweep does."""

    kernel: Kernel
    args: Arguments = None
    pipeline: str | None = None
    """`apply_pipeline`'s pipeline (templated); None: `pto-pipeline` with the point's
    options (`OPTIONS`); "": no compilation (the kernel runs as built)."""
    reference: Reference | None = None
    tolerance: tuple[float, float] = (1e-5, 1e-6)
    """(rtol, atol) of the reference check; (0, 0) for the same values."""
    semantics_only: bool = False
    function: str | None = None
    name: str = field(default="kernel")


def pipeline_of(spec: Spec, point: Point) -> str:
    """The point's pipeline: `spec.pipeline` with its placeholders filled, or
    `pto-pipeline` with the point's options."""
    if spec.pipeline is not None:
        return Template(spec.pipeline).substitute(_text_values(point))
    options = [f"{OPTIONS[k]}={_option(v)}" for k, v in point.items() if k in OPTIONS]
    return "pto-pipeline" + (f"{{{' '.join(options)}}}" if options else "")


def _option(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _text_values(point: Point) -> dict[str, str]:
    return {k: _option(v) for k, v in point.items()}


def build(spec: Spec, point: Point) -> tuple[ModuleOp, str | None]:
    """The point's module (verified) and the text it was parsed from, if any."""
    kernel = spec.kernel
    if isinstance(kernel, str):
        text = Template(kernel).substitute(_text_values(point))
        return parse(text, name=spec.name), text
    accepted = inspect.signature(kernel).parameters
    takes_all = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in accepted.values())
    made = kernel(**{k: v for k, v in point.items() if takes_all or k in accepted})
    if isinstance(made, str):
        return parse(made, name=spec.name), made
    return made, None


def arguments(spec: Spec, point: Point, text: str | None) -> list[Any]:
    """The run's arguments as values (`rand:`/`zeros:` specs made into arrays)."""
    given = spec.args
    if given is None:
        first = (text or "").lstrip().splitlines()[:1]
        if not first or not first[0].startswith("// ARGS:"):
            raise ArgError("no arguments: give args=, or an `// ARGS:` first line in the kernel")
        given = first[0].removeprefix("// ARGS:").split()
        given = [g for g in given if g != "--arg"]
    elif callable(given):
        given = given(point)
    values: list[Any] = []
    for arg in given:
        if isinstance(arg, str):
            text = Template(arg).substitute(_text_values(point))
            parsed = parse_spec(text)
            if isinstance(parsed, ArrayArg):
                values.append(parsed.array)
            elif isinstance(parsed, ScalarArg):
                values.append(_scalar(parsed))
            else:  # `@N`: run() binds it to argument N's buffer
                values.append(text)
        else:
            values.append(arg)
    return values


def _scalar(arg: ScalarArg) -> int | float:
    return arg.value


def evaluate(spec: Spec, point: Point) -> Row:
    """The row of `point` (never raises for a problem of the point)."""
    row: Row = {**point, **dict.fromkeys(METRICS)}
    start = time.perf_counter()
    stage = "build"
    try:
        module, text = build(spec, point)
        stage = "compile"
        compiled = time.perf_counter()
        pipeline = pipeline_of(spec, point)
        if pipeline:
            apply_pipeline(module, pipeline)
        row["compile_s"] = round(time.perf_counter() - compiled, 4)
        stage = "arguments"
        inputs = arguments(spec, point, text)
        stage = "run"
        ran = time.perf_counter()
        target = point.get("target")
        result = run(module, *inputs, function=spec.function, semantics_only=spec.semantics_only,
                     target=None if target is None else str(target))  # fmt: skip
        row["run_s"] = round(time.perf_counter() - ran, 4)
        report = result.report
        row["cycles"] = result.cycles
        row["pipe_bound"] = report.pipe_bound
        busy = report.busy if result.cycles is not None else {}
        for pipe, column in zip(PIPES, BUSY, strict=True):
            row[column] = busy.get(pipe.value, 0) if result.cycles is not None else None
        row["hazards"] = len(result.hazards)
        row["ops"] = sum(report.machine.op_counts.values())
        row["status"] = "ok"
        if spec.reference is not None:
            stage = "check"
            problem = check(spec, point, inputs, module, result)
            if problem is not None:
                row["status"], row["error"] = "mismatch", f"check: {problem}"
    except Exception as err:  # a point's problem is its row, never the sweep's
        row["status"] = "failed"
        row["error"] = f"{stage}: {_one_line(err)}"
    row["wall_s"] = round(time.perf_counter() - start, 4)
    return row


def check(spec: Spec, point: Point, inputs: list[Any], module: ModuleOp, result: Any) -> str | None:
    """None when the outputs are the reference's, else what differs."""
    assert spec.reference is not None
    expected = spec.reference(point, [_copy(v) for v in inputs])
    params = [p for p in parameters(module, spec.function) if p.is_array]
    pairs: list[tuple[Any, Any]]
    if isinstance(expected, Mapping):
        pairs = list(expected.items())
    else:
        pairs = [(p.index, e) for p, e in zip(params, expected, strict=False)]
    rtol, atol = spec.tolerance
    for key, want in pairs:
        got = np.asarray(result[key])
        want = np.asarray(want)
        if got.shape != want.shape:
            return f"output {key!r} has shape {got.shape}, the reference {want.shape}"
        a, b = got.astype(np.float64), want.astype(np.float64)
        if not np.allclose(a, b, rtol=rtol, atol=atol, equal_nan=True):
            worst = float(np.nanmax(np.abs(a - b))) if a.size else 0.0
            return f"output {key!r} differs from the reference (max abs error {worst:.3g})"
    return None


def _copy(value: Any) -> Any:
    return cast(np.ndarray, value).copy() if isinstance(value, np.ndarray) else value


def _one_line(err: BaseException) -> str:
    text = str(err).strip().splitlines()
    return text[0] if text else type(err).__name__
