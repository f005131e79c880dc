"""One mutant through the project, in-process: parse, verify, every pass alone, the pipeline
for each target and a run of its function, each outcome classified.

An exception of a documented error type (xDSL's ParseError and DiagnosticException, hence
VerifyException and PassFailedException; the interpreter's PtoRuntimeError; pto-run's
ArgError and KernelError when it reports one of those) is a diagnostic. Any other exception
is an internal error, and so is a pass whose output does not verify: both are failures. A
run reports only ArgError and KernelError (as `interpreters.api.run` does): anything else
out of it, a PtoRuntimeError too, is what `pto-run` calls an internal error.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from xdsl.context import Context
from xdsl.dialects import arith, builtin, cf, func, scf
from xdsl.dialects.builtin import IndexType, IntegerType, ModuleOp
from xdsl.dialects.func import FuncOp
from xdsl.ir import Attribute
from xdsl.passes import PassPipeline
from xdsl.utils.exceptions import DiagnosticException, ParseError

from fuzz.corpus import ROOT
from interpreters.auto_args import auto_args, auto_plan
from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.source import parse_module
from interpreters.launching.args import AliasArg, Arg, ArgError, ArrayArg, ScalarArg
from interpreters.launching.execute import KernelError, run_function
from pto_dialect.dialect import PTO
from pto_dialect.dtypes import DType, dtype_named, dtype_of
from pto_dialect.memory_types import PtrType
from pto_dialect.tile_types import TileTypeBase
from pto_dialect.universe import PASSES, PTO_UNIVERSE
from pto_dialect.verification import check_module

TARGETS = ("a2a3", "a5", "cpu")
RUN_STEPS = 200_000
"""The interpreted-op budget of a mutant's run (`--max-steps`): a mutant that loops for
ever ends in the step-limit diagnostic, well inside the worker's deadline."""
RUN_SECONDS = 10.0
"""The time limit of a mutant's run (`--time-limit`), within the worker's deadline."""
POINTER_BYTES = 1 << 16
"""Bytes of GM behind each pointer argument."""
AUTO_BYTES = 1 << 22
"""The largest GM of a run with `--arg auto`'s arguments (else synthesised ones)."""
MAX_TILE_ELEMENTS = 1 << 20
"""A tile argument larger than this is not synthesised (the run stage is left out)."""
PROJECT_DIRS = ("pto_dialect", "passes", "interpreters")

SUCCESS, DIAGNOSTIC, INTERNAL, HANG, CRASH = "success", "diagnostic", "internal", "hang", "crash"
FAILURE_KINDS = (INTERNAL, HANG, CRASH)


@dataclass(frozen=True)
class Failure:
    """A stage that neither succeeded nor gave a diagnostic."""

    stage: str
    exception: str
    frame: str
    message: str
    trace: str

    @property
    def signature(self) -> tuple[str, str, str]:
        """What failures are deduplicated by: stage, exception type and top frame."""
        return (self.stage, self.exception, self.frame)


@dataclass
class Outcome:
    """What happened to one mutant: its kind and each failing stage (`compared`: whether
    the differential stage compared its runs)."""

    kind: str = SUCCESS
    failures: list[Failure] = field(default_factory=list[Failure])
    diagnostics: list[str] = field(default_factory=list[str])
    compared: bool = False

    def diagnose(self, stage: str, err: BaseException) -> None:
        first = str(err).strip().splitlines()[:1]
        self.diagnostics.append(f"{stage}: {type(err).__name__}: {''.join(first)}")
        if self.kind == SUCCESS:
            self.kind = DIAGNOSTIC

    def fail(self, failure: Failure) -> None:
        self.failures.append(failure)
        self.kind = INTERNAL


def context() -> Context:
    """The dialects a PTO kernel is written in (as test/unit/support.py loads them)."""
    ctx = Context()
    for dialect in (builtin.Builtin, func.Func, arith.Arith, cf.Cf, scf.Scf, PTO):
        ctx.load_dialect(dialect)
    return ctx


# ---- classification ---------------------------------------------------------------------


def is_diagnostic(err: BaseException) -> bool:
    """Whether `err` is one of the project's documented error types."""
    if isinstance(err, KernelError):
        # run_function turns every exception of a run into a KernelError: judge the cause
        cause = err.__context__
        return cause is None or is_diagnostic(cause)
    return isinstance(err, ParseError | DiagnosticException | PtoRuntimeError | ArgError)


def _root(err: BaseException) -> BaseException:
    """The exception whose traceback locates the defect (a KernelError's cause)."""
    if isinstance(err, KernelError) and err.__context__ is not None:
        return err.__context__
    return err


def project_path(filename: str) -> str | None:
    """`dir/file.py` of a file of the project's packages, else None."""
    try:
        rel = Path(filename).resolve().relative_to(ROOT)
    except ValueError:
        return None
    return rel.as_posix() if rel.parts[0] in PROJECT_DIRS else None


def frame_label(filename: str, function: str) -> str:
    """`passes/x.py:function` in the project, `file.py:function` elsewhere."""
    return f"{project_path(filename) or Path(filename).name}:{function}"


def top_frame(frames: traceback.StackSummary) -> str:
    """The innermost frame in the project's packages (else the innermost frame)."""
    for frame in reversed(frames):
        if project_path(frame.filename) is not None:
            return frame_label(frame.filename, frame.name)
    return frame_label(frames[-1].filename, frames[-1].name) if frames else "?"


def failure(stage: str, err: BaseException, kind: str | None = None) -> Failure:
    root = _root(err)
    frames = traceback.extract_tb(root.__traceback__)
    text = "".join(traceback.format_list(frames[-6:]))
    message = "".join(str(root).strip().splitlines()[:3])[:500]
    return Failure(stage, kind or type(root).__name__, top_frame(frames), message, text)


# ---- stages -----------------------------------------------------------------------------

StageHook = Callable[[str], None]


def apply_spec(
    spec: str,
    module: ModuleOp,
    ctx: Context,
    outcome: Outcome,
    verify: Callable[[ModuleOp], None] = ModuleOp.verify,
) -> bool:
    """Runs the pass pipeline `spec` on `module` and checks what it writes with `verify`
    (xDSL's verifier, or the project's `check_module`); whether both went through."""
    stage = f"pass:{spec}"
    try:
        PassPipeline.parse_spec(PTO_UNIVERSE.all_passes, spec).apply(ctx, module)
    except Exception as err:
        if is_diagnostic(err):
            outcome.diagnose(stage, err)
        else:
            outcome.fail(failure(stage, err))
        return False
    try:
        verify(module)
    except Exception as err:  # a pass wrote IR that does not verify
        outcome.fail(failure(stage, err, f"InvalidOutput({type(err).__name__})"))
        return False
    return True


def pass_specs() -> list[str]:
    """Every pass alone (with its default options), then the pipeline for each target."""
    alone = [f"{name}{{target=a5}}" if name == "pto-set-target" else name
             for name in PASSES if name != "pto-pipeline"]  # fmt: skip
    return [*alone, *(f"pto-pipeline{{target={t}}}" for t in TARGETS)]


def _array(dtype: DType, shape: tuple[int, ...], rng: np.random.Generator) -> np.ndarray:
    if dtype.is_float:
        return rng.uniform(-1.0, 1.0, shape).astype(dtype.numpy)
    low, high = dtype.int_limits
    return rng.integers(max(low, -128), min(high, 127), shape, endpoint=True).astype(dtype.numpy)


def synthesise(type: Attribute, rng: np.random.Generator) -> Arg | None:
    """Small random data for a parameter of `type`; None where none fits (too large)."""
    if isinstance(type, PtrType):
        element = type.element or dtype_named("f32")
        return ArrayArg(_array(element, (POINTER_BYTES // max(1, element.bytes),), rng))
    if isinstance(type, TileTypeBase):
        rows, cols = type.shape
        if rows * cols > MAX_TILE_ELEMENTS:
            return None
        return ArrayArg(_array(type.element, (rows, cols), rng))
    if isinstance(type, IntegerType | IndexType):
        return ScalarArg(int(rng.choice([0, 1, 2, 3, 4, 8, 16, 64])), "index")
    if dtype_of(type) is not None:
        return ScalarArg(float(rng.uniform(-2.0, 2.0)), "f32")
    return ScalarArg(0, "index")  # bind() rejects it: pto-run cannot pass such an argument


def _arguments(module: ModuleOp, func: FuncOp, seed: int) -> list[Arg] | None:
    """Arguments for `func`: by turns `--arg auto`'s (when its buffers are small), synthesised
    ones with every pointer sharing argument 0's buffer (`@0`), and synthesised ones; None
    where none fit."""
    types = func.function_type.inputs.data
    if seed % 3 == 0:
        plan = auto_plan(module, func)
        if sum(plan.pointer_bytes.values()) <= AUTO_BYTES:
            return auto_args(module, func, seed)
    rng = np.random.default_rng(seed)
    args = [synthesise(t, rng) for t in types]
    ready = [a for a in args if a is not None]
    if len(ready) != len(args):
        return None
    if seed % 3 == 1 and types and isinstance(types[0], PtrType):
        ready = [AliasArg(0) if i and isinstance(t, PtrType) else a
                 for i, (a, t) in enumerate(zip(ready, types, strict=True))]  # fmt: skip
    return ready


def entry_function(module: ModuleOp) -> FuncOp | None:
    """The module's first function with a body (the one a campaign runs)."""
    return next((op for op in module.walk() if isinstance(op, FuncOp) and op.body.blocks), None)


def run_module(module: ModuleOp, seed: int, outcome: Outcome, stage: str = "run") -> None:
    """Runs `entry_function` on arguments made for it (`_arguments`)."""
    entry = entry_function(module)
    if entry is None:
        return
    try:
        ready = _arguments(module, entry, seed)
        if ready is None:
            return
        result = run_function(
            module,
            ready,
            entry=entry.sym_name.data,
            max_steps=RUN_STEPS,
            time_limit=RUN_SECONDS,
        )
    except (ArgError, KernelError) as err:  # what `pto-run` reports (`api.run`)
        if is_diagnostic(err):
            outcome.diagnose(stage, err)
        else:
            outcome.fail(failure(stage, err))
        return
    except Exception as err:  # pto-run's "internal error", even a PtoRuntimeError
        outcome.fail(failure(stage, err))
        return
    if result.hazards:
        outcome.diagnostics.append(f"{stage}: hazard: {result.hazards[0].message}")
        outcome.kind = DIAGNOSTIC if outcome.kind == SUCCESS else outcome.kind


def _silent(stage: str) -> None:
    del stage


def front(
    text: str, ctx: Context, outcome: Outcome, note: StageHook | None = None
) -> ModuleOp | None:
    """`text` parsed and verified, or None (with the diagnostic or failure recorded)."""
    note = note or _silent
    stage = "parse"
    try:
        note(stage)
        module = parse_module(ctx, text, "mutant.mlir")
        stage = "verify"
        note(stage)
        check_module(module)  # the verification every tool of the project runs
    except Exception as err:
        if is_diagnostic(err):
            outcome.diagnose(stage, err)
        else:
            outcome.fail(failure(stage, err))
        return None
    return module


def run_mutant(text: str, seed: int, hook: StageHook | None = None) -> Outcome:
    """`text` through every stage; `hook` is told each stage's name before it starts."""
    note: StageHook = hook or _silent
    outcome = Outcome()
    ctx = context()
    module = front(text, ctx, outcome, note)
    if module is None:
        return outcome
    for spec in pass_specs():
        note(f"pass:{spec}")
        apply_spec(spec, module.clone(), ctx, outcome)
    note("run")
    run_module(module, seed, outcome)
    return outcome
