"""Where two runs of a kernel part: after which pass, and under which target.

    from interpreters.checking.diff import bisect, compare_targets

    found = bisect(module, "pto-pipeline{target=a5}", "rand:64x32xf32:1", "zeros:1x32xf32")
    found.culprit          # the first pass that changed the output bytes or added a hazard
    diff = compare_targets(module, "rand:5x64xf32:1", "zeros:1x64xf32")
    diff.first             # the first op whose results differ, and why

`bisect` runs the kernel before the pipeline and after each of its passes (`pto-pipeline`
counts as its stages) on the same arguments and compares the final bytes of every array
argument with those of the input; every run is also checked (`interpreters.checking.check`) on the
target's rules. A stage without synchronisation (between `pto-convert-to-dps` and
`pto-insert-sync`: the compiler has not synchronised it yet) runs serialised, as Level-1
code does, so that only its bytes count.

`compare_targets` runs the kernel under each target's semantics and compares, op by op in
execution order, the bytes each op wrote; the first op whose bytes differ is named with the
targets' rule that differs for it (`pto_dialect.rules`) or, failing one, what the values
look like: rounding, reduction order, saturation, NaN.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from enum import Enum
from itertools import pairwise
from typing import Any, cast

import numpy as np
from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import FuncOp
from xdsl.interpreter import Interpreter, PythonValues
from xdsl.ir import Operation
from xdsl.passes import ModulePass, PassPipeline
from xdsl.universe import Universe

from interpreters import api
from interpreters.api import PtoError, PtoPassError
from interpreters.checking.check import CheckRun, run_traced
from interpreters.engine.source import where
from interpreters.launching.execute import DEFAULT_MAX_STEPS
from interpreters.machine.sync_trace import Iterations, Kind, TracingPipes
from passes.insert_sync.insert import SYNCHRONISED
from passes.pipeline import PipelinePass, pipeline_passes
from pto_dialect import rules
from pto_dialect.attrs import TargetArch
from pto_dialect.dtypes import DType
from pto_dialect.ops.base import TileOp, target_of
from pto_dialect.ops.sync import GetBufOp, PipeBarrier, RlsBufOp, SetFlagOp, WaitFlagOp
from pto_dialect.ops.tile_convert import TCvtOp
from pto_dialect.ops.tile_fillpad import FillPadTileOp
from pto_dialect.ops.tile_matrix import MatmulTileOp
from pto_dialect.ops.tile_memory import TLoadOp
from pto_dialect.ops.tile_reduce import ColReduceTileOp
from pto_dialect.tile_types import TileTypeBase
from pto_dialect.universe import PTO_UNIVERSE
from pto_dialect.vector_types import VRegType

# ---- bisection ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Stage:
    """The kernel after one pass (`pass_name` None: the input)."""

    pass_name: str | None
    run: CheckRun
    changed: list[str]
    """The arguments whose final bytes differ from the input's, with the first element."""
    serial: bool

    @property
    def hazards(self) -> list[str]:
        return [f"{h.kind}: {h.message}" for h in self.run.replay.hazards]

    def line(self) -> str:
        name = self.pass_name or "input"
        if self.run.error is not None:
            return f"{name}: error: {self.run.error}"
        verdict: list[str] = []
        if self.changed:
            verdict.append("changes " + "; ".join(self.changed))
        if self.hazards:
            verdict.append(f"{len(self.hazards)} hazard(s): {self.hazards[0]}")
        note = " (no sync yet: run serialised)" if self.serial else ""
        return f"{name}: " + ("; ".join(verdict) or "same bytes, no hazard") + note


@dataclass
class Bisection:
    stages: list[Stage] = field(default_factory=list[Stage])
    failed: str | None = None
    """A pass that refused the module (its diagnostic)."""

    @property
    def culprit(self) -> Stage | None:
        """The first pass whose output differs from the input or has a hazard."""
        for stage in self.stages[1:]:
            if stage.changed or stage.hazards or stage.run.error is not None:
                return stage
        return None


def expand(pipeline: str | Sequence[ModulePass]) -> list[ModulePass]:
    """The passes of `pipeline`, `pto-pipeline` as its stages."""
    if isinstance(pipeline, str):
        try:
            known = {**Universe.get_multiverse().all_passes, **PTO_UNIVERSE.all_passes}
            passes = PassPipeline.parse_spec(known, pipeline).passes
        except Exception as err:  # xDSL raises several kinds for a bad spec
            raise PtoPassError(f"pass pipeline '{pipeline}': {str(err).splitlines()[0]}") from None
    else:
        passes = tuple(pipeline)
    stages: list[ModulePass] = []
    for one in passes:
        if isinstance(one, PipelinePass):
            stages += pipeline_passes(one.target, one.multi_buffer, one.sync, one.matmul_on_vector)
        else:
            stages.append(one)
    return stages


def _unsynchronised(module: ModuleOp, function: str | None) -> bool:
    """Whether the function is DPS code the compiler has not synchronised yet."""
    sync = (SetFlagOp, WaitFlagOp, PipeBarrier, GetBufOp, RlsBufOp)
    funcs = [f for f in module.walk() if isinstance(f, FuncOp) and f.body.blocks]
    chosen = [f for f in funcs if function is None or f.sym_name.data == function]
    return not any(
        SYNCHRONISED in f.attributes or any(isinstance(o, sync) for o in f.walk()) for f in chosen
    )


def _changes(reference: Sequence[object], outputs: Sequence[object]) -> list[str]:
    found: list[str] = []
    for index, (want, got) in enumerate(zip(reference, outputs, strict=False)):
        if not isinstance(want, np.ndarray) or not isinstance(got, np.ndarray):
            continue
        a, b = want.reshape(-1).view(np.uint8), got.reshape(-1).view(np.uint8)
        if a.shape != b.shape or not np.array_equal(a, b):
            size = int(want.itemsize)
            first = int(np.flatnonzero(a != b)[0]) // max(size, 1) if a.shape == b.shape else 0
            found.append(
                f"the bytes of argument {index} (first at element {first}: "
                f"{want.reshape(-1)[first].item()!r} -> {got.reshape(-1)[first].item()!r})"
            )
    return found


def bisect(
    module: ModuleOp,
    pipeline: str | Sequence[ModulePass],
    *args: object,
    function: str | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> Bisection:
    """Runs `module` before `pipeline` and after each of its passes (module doc); the
    module itself is not changed."""
    stages = expand(pipeline)
    work = module.clone()
    api.verify(work)
    found = Bisection()

    def stage(name: str | None) -> Stage:
        serial = _unsynchronised(work, function)
        run = run_traced(work, args, function=function, serial=serial, max_steps=max_steps)
        reference = found.stages[0].run.outputs if found.stages else run.outputs
        return Stage(name, run, _changes(reference, run.outputs), serial)

    found.stages.append(stage(None))
    ctx = api.make_context()
    for one in stages:
        try:
            api.apply_pipeline(work, [one], ctx=ctx)
        except PtoError as err:
            found.failed = f"{one.name}: {err}"
            break
        found.stages.append(stage(one.name))
        if found.culprit is not None:
            break
    return found


# ---- targets ----------------------------------------------------------------------------------


class _Writes(Interpreter.Listener):
    """The bytes each op without regions wrote, in execution order."""

    def __init__(self, pipes: TracingPipes) -> None:
        self.pipes = pipes
        self.mark = 0
        self.written: list[tuple[Operation, list[tuple[str, int, bytes]]]] = []

    def will_interpret_op(self, op: Operation, args: PythonValues) -> None:
        self.mark = len(self.pipes.steps)

    def did_interpret_op(self, op: Operation, results: PythonValues) -> None:
        if op.regions:
            return
        writes = [
            (a.memory.name, a.start, a.memory.data[a.start : a.end].tobytes())
            for step in self.pipes.steps[self.mark :]
            if step.kind is Kind.EXEC
            for a in step.writes
        ]
        if writes:
            self.written.append((op, writes))


@dataclass(frozen=True)
class TargetDiff:
    """The first op whose written bytes differ between two targets."""

    op: Operation
    targets: tuple[str, str]
    element: int
    values: tuple[str, str]
    why: str

    def line(self) -> str:
        a, b = self.targets
        return (
            f"{where(self.op)}: first op whose results differ: element {self.element}: "
            f"{a} {self.values[0]}, {b} {self.values[1]}; why: {self.why}"
        )


@dataclass
class TargetComparison:
    targets: list[str]
    skipped: dict[str, str] = field(default_factory=dict[str, str])
    """Targets the kernel could not run on, and why."""
    diffs: list[TargetDiff] = field(default_factory=list[TargetDiff])
    """Per pair of consecutive targets that differ: the first op."""


def _dtype_of(op: Operation) -> DType | None:
    """The element type of what `op` writes (its tile or register result)."""
    if isinstance(op, TileOp):
        kind: Any = op.dst_type
        return kind.element if isinstance(kind, TileTypeBase) else None
    for value in (*op.results, *op.operands):
        if isinstance(value.type, VRegType):
            return value.type.element
    return None


_RULES: list[tuple[tuple[type[Operation], ...], str, object, str]] = [
    ((ColReduceTileOp,), "REDUCE_RULES", rules.REDUCE_RULES, "reduction order"),
    ((MatmulTileOp,), "MATMUL_RULES", rules.MATMUL_RULES, "accumulation order and rounding"),
    ((TCvtOp,), "CONVERT_RULES", rules.CONVERT_RULES, "saturation"),
    ((TLoadOp,), "PAD_RULES", rules.PAD_RULES, "padding"),
    ((FillPadTileOp,), "FILLPAD_WHOLE_TILE", rules.FILLPAD_WHOLE_TILE, "padding"),
]
"""The per-target rule tables and the ops they decide (the first match names the cause)."""


def _text(value: object) -> str:
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, frozenset):
        items = sorted(_text(v) for v in cast(frozenset[object], value))
        return "{" + ", ".join(items) + "}"
    if isinstance(value, DType):
        return value.name
    return str(value)


def _fields_differing(first: object, second: object) -> str:
    """`field a against b, ...` of two rows of a rule table (dataclasses or values)."""
    if is_dataclass(first) and is_dataclass(second):
        parts = [
            f"{f.name} {_text(getattr(first, f.name))} against {_text(getattr(second, f.name))}"
            for f in fields(first)
            if getattr(first, f.name) != getattr(second, f.name)
        ]
        return ", ".join(parts)
    return f"{_text(first)} against {_text(second)}"


def explain(
    op: Operation,
    dtype: DType | None,
    a: np.ndarray,
    b: np.ndarray,
    targets: tuple[TargetArch, TargetArch],
) -> str:
    """Why `op` wrote `a` under one target and `b` under the other."""
    for classes, name, table, cause in _RULES:
        rows: Any = table
        first, second = rows[targets[0]], rows[targets[1]]
        if isinstance(op, classes) and first != second:
            return f"{cause} ({name}: {_fields_differing(first, second)})"
    if dtype is None:
        return "the bytes differ"
    if dtype.is_float:
        fa, fb = a.astype(np.float64), b.astype(np.float64)
        if np.any(np.isnan(fa) != np.isnan(fb)):
            return "NaN handling"
        if np.any(np.isinf(fa) != np.isinf(fb)):
            return "saturation (a finite limit against an infinity)"
        scale = np.maximum(np.abs(fa), np.abs(fb))
        close = np.abs(fa - fb) <= scale * 8 * float(np.finfo(np.float32).eps) + 1e-30
        if np.all(close):
            return "rounding (the values differ in their last bits)"
        return "the values differ beyond rounding"
    low, high = dtype.int_limits
    if np.any(np.isin(a, (low, high)) != np.isin(b, (low, high))):
        return "saturation (a clamped value against a wrapped one)"
    return "the integer values differ"


Written = list[tuple[Operation, list[tuple[str, int, bytes]]]]
"""Per op in execution order: (memory, start, bytes) of what it wrote."""


def _run_writes(
    module: ModuleOp, args: Sequence[object], function: str | None, max_steps: int
) -> Written:
    iterations = Iterations()
    pipes = TracingPipes(iterations)
    writes = _Writes(pipes)
    api.run(
        module,
        *args,
        function=function,
        pipes=pipes,
        listeners=(iterations, writes),
        check=False,
        max_steps=max_steps,
    )
    return writes.written


def compare_targets(
    module: ModuleOp,
    *args: object,
    targets: Sequence[str] = ("a2a3", "a5", "cpu"),
    function: str | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> TargetComparison:
    """Runs `module` under each target and names the first op whose bytes differ between
    consecutive targets (module doc)."""
    found = TargetComparison(list(targets))
    runs: list[tuple[str, TargetArch, list[tuple[Operation, list[tuple[str, int, bytes]]]]]] = []
    for name in targets:
        copy = module.clone()
        try:
            api.set_target(copy, name)
            api.verify(copy)
            written = _run_writes(copy, args, function, max_steps)
        except PtoError as err:
            found.skipped[name] = str(err)
            continue
        runs.append((name, target_of(copy).arch, written))
    for (na, arch_a, wa), (nb, arch_b, wb) in pairwise(runs):
        diff = _first_difference(wa, wb, (na, nb), (arch_a, arch_b))
        if diff is not None:
            found.diffs.append(diff)
    return found


def _first_difference(
    wa: list[tuple[Operation, list[tuple[str, int, bytes]]]],
    wb: list[tuple[Operation, list[tuple[str, int, bytes]]]],
    names: tuple[str, str],
    archs: tuple[TargetArch, TargetArch],
) -> TargetDiff | None:
    for (op, a_writes), (_, b_writes) in zip(wa, wb, strict=False):
        if a_writes == b_writes:
            continue
        dtype = _dtype_of(op)
        numpy = dtype.numpy if dtype is not None else np.dtype(np.uint8)
        a = np.frombuffer(b"".join(w[2] for w in a_writes), np.uint8)
        b = np.frombuffer(b"".join(w[2] for w in b_writes), np.uint8)
        size = min(a.size, b.size) // numpy.itemsize * numpy.itemsize
        av, bv = a[:size].view(numpy), b[:size].view(numpy)
        raw_a = av.view(np.uint8).reshape(-1, numpy.itemsize)
        raw_b = bv.view(np.uint8).reshape(-1, numpy.itemsize)
        differ = np.flatnonzero((raw_a != raw_b).any(axis=1))
        k = int(differ[0]) if differ.size else 0
        mask = (raw_a != raw_b).any(axis=1)
        return TargetDiff(
            op,
            names,
            k,
            (repr(av[k].item()), repr(bv[k].item())),
            explain(op, dtype, av[mask], bv[mask], archs),
        )
    return None
