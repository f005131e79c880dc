"""The Python API: parse, verify, transform and run PTO kernels on numpy arrays.

    import numpy as np
    from interpreters.api import apply_pipeline, parse_file, run

    module = parse_file("examples/tabs_ssa.mlir")      # parsed and verified
    apply_pipeline(module, "pto-pipeline{target=a5}")   # in place, as xdsl-opt -p would
    x = np.linspace(-1, 1, 1024, dtype=np.float32)
    result = run(module, x, y=np.zeros(1024, np.float32))
    result["y"], result.outputs, result.cycles, result.hazards, result.report.busy

Every failure is a `PtoError` (a subclass says which step failed) whose text is one line,
`file:line:col: error: message` where the input has a place. `pto-run` is this API behind a
command line (docs/python-api.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Self, cast

import numpy as np
from xdsl.context import Context
from xdsl.dialects.builtin import IndexType, IntegerType, ModuleOp
from xdsl.dialects.func import FuncOp
from xdsl.interpreter import Interpreter
from xdsl.ir import Attribute
from xdsl.universe import Universe
from xdsl.utils.exceptions import (
    ArgSpecParseError,
    DiagnosticException,
    ParseError,
    PassFailedException,
)

from interpreters.launching.args import (
    Arg,
    ArgError,
    ArrayArg,
    ScalarArg,
    auto_seed,
    dtype_of_array,
    parse_spec,
    typed_array,
)
from interpreters.launching.execute import (
    DEFAULT_MAX_STEPS,
    DEFAULT_TIME_LIMIT,
    Deadlock,
    KernelError,
    Together,
    entry_function,
    make_context,
    retarget,
    run_function,
)
from interpreters.launching.progress import Progress
from interpreters.machine.pipes import Hazard, PipeModel, UntrackedPipes
from interpreters.machine.report import Report, trace_events, write_trace
from pto_dialect.diagnostics import (
    Diagnostic,
    SourceLoc,
    Sources,
    op_loc,
    parse_diagnostic,
    pass_diagnostic,
    verify_diagnostic,
)
from pto_dialect.dtypes import dtype_of
from pto_dialect.memory_types import MemorySpace, PtrType
from pto_dialect.parsing import parse_module
from pto_dialect.targets import UnknownTargetError
from pto_dialect.tile_types import TileTypeBase
from pto_dialect.universe import PTO_UNIVERSE
from pto_dialect.verification import first_line

if TYPE_CHECKING:
    from xdsl.passes import ModulePass

__all__ = [
    "Parameter",
    "PtoArgumentError",
    "PtoError",
    "PtoParseError",
    "PtoPassError",
    "PtoRunError",
    "PtoVerifyError",
    "Result",
    "apply_pipeline",
    "make_context",
    "parameters",
    "parse",
    "parse_file",
    "run",
    "set_target",
    "verify",
]


# ---- errors ------------------------------------------------------------------------------


class PtoError(Exception):
    """A problem of the input or of a run, at its place in the input text when it has one.

    `str()` is one line, `file:line:col: error: message` (`error: message` without a
    place); `render` adds the source line and a caret, as `pto-opt` and `pto-run` print it.
    """

    def __init__(self, message: str, loc: SourceLoc | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.loc = loc

    @classmethod
    def of(cls, diagnostic: Diagnostic) -> Self:
        return cls(diagnostic.message, diagnostic.loc)

    @property
    def location(self) -> str | None:
        """`file:line:col` of the place, if it has one."""
        return None if self.loc is None else str(self.loc)

    def line(self, tool: str | None = None) -> str:
        """The diagnostic line; without a location it starts with `tool:` when given."""
        if self.loc is not None:
            return f"{self.loc}: error: {self.message}"
        return f"{tool}: error: {self.message}" if tool else f"error: {self.message}"

    def render(self, tool: str, sources: Sources) -> str:
        """The `mlir-opt` form: the line, then the source line and a caret under the place."""
        return Diagnostic(self.message, self.loc).render(tool, sources)

    def __str__(self) -> str:
        return self.line()


class PtoParseError(PtoError):
    """The text is not a PTO module (syntax, unknown op, a type breaking its own rules)."""


class PtoVerifyError(PtoError):
    """The module parses but breaks a rule of an op (located at the op)."""


class PtoPassError(PtoError):
    """A pass pipeline that does not parse, or a pass that refused the module."""


class PtoArgumentError(PtoError):
    """An argument that does not fit its parameter (kind, element type, shape, count)."""


class PtoRunError(PtoError):
    """The kernel broke a rule while running (the message names the op and its place)."""

    deadlock: Deadlock | None = None
    """The cores and their waits when the cores of a mixed launch waited on each other."""


# ---- modules -----------------------------------------------------------------------------


def parse(
    text: str,
    *,
    name: str = "<string>",
    target: str | None = None,
    ctx: Context | None = None,
    implicit_module: bool = True,
) -> ModuleOp:
    """The module `text` holds, verified (for `target` when given, which is then pinned as
    its `pto.target_arch`). Every op carries `loc("name":line:col)` of its text."""
    try:
        module = parse_module(ctx or make_context(), text, name, implicit_module=implicit_module)
    except ParseError as err:
        raise PtoParseError.of(parse_diagnostic(err)) from None
    if target is not None:
        set_target(module, target)
    verify(module)
    return module


def parse_file(
    path: str | Path, *, target: str | None = None, ctx: Context | None = None
) -> ModuleOp:
    """`parse` of the file at `path` (`.mlir` or `.pto` text)."""
    try:
        text = Path(path).read_text()
    except (OSError, UnicodeDecodeError) as err:
        reason = err.strerror if isinstance(err, OSError) else "not UTF-8 text"
        raise PtoError(f"cannot read {path}: {reason}") from None
    return parse(text, name=str(path), target=target, ctx=ctx)


def set_target(module: ModuleOp, target: str) -> None:
    """Pins `module`'s `pto.target_arch` ("a2a3", "a2", "a3", "a5" or "cpu")."""
    try:
        retarget(module, target)
    except UnknownTargetError as err:
        raise PtoError(str(err)) from None


def verify(module: ModuleOp) -> None:
    """The project's verification (xDSL's, dominance, scf rules, the target's rules),
    raising `PtoVerifyError` at the op that fails (the innermost first, as xDSL)."""
    if (problem := verify_diagnostic(module)) is not None:
        raise PtoVerifyError.of(problem)


@cache
def _available_passes() -> dict[str, Any]:
    """Every installed universe's passes (the entry points scanned once a process)."""
    return {**Universe.get_multiverse().all_passes, **PTO_UNIVERSE.all_passes}


def apply_pipeline(
    module: ModuleOp, pipeline: str | Sequence[ModulePass], *, ctx: Context | None = None
) -> ModuleOp:
    """Runs `pipeline` on `module` in place and returns it, verified.

    `pipeline` is what `xdsl-opt -p` takes (`"pto-pipeline{target=a5}"`,
    `"pto-convert-to-dps,pto-plan-memory"`) or a sequence of pass objects.
    """
    if isinstance(pipeline, str):
        from xdsl.passes import PassPipeline  # the passes load with the first pipeline

        try:
            passes = PassPipeline.parse_spec(_available_passes(), pipeline).passes
        except (ValueError, ArgSpecParseError) as err:
            raise PtoPassError(f"pass pipeline '{pipeline}': {first_line(err)}") from None
    else:
        passes = tuple(pipeline)
    context = ctx or make_context()
    for one in passes:
        try:
            one.apply(context, module)
        except PassFailedException as err:
            raise PtoPassError.of(pass_diagnostic(err)) from None
        except DiagnosticException as err:  # a VerifyException
            raise PtoPassError(first_line(err)) from None
    verify(module)
    return module


# ---- running -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Parameter:
    """A parameter of the function that runs: its position, its name in the text
    (`%x` is "x"; None when it has none) and its type."""

    index: int
    name: str | None
    type: Attribute

    def __str__(self) -> str:
        name = f"%{self.name}: " if self.name else ""
        return f"parameter {self.index} ({name}{self.type})"

    @property
    def is_array(self) -> bool:
        """Whether it takes an array (a GM pointer or a tile), not a scalar (an on-chip
        pointer takes its byte address: `interpreters.launching.args.bind`)."""
        if isinstance(self.type, PtrType) and self.type.is_typed:
            return self.type.memory is MemorySpace.GM
        return not isinstance(self.type, IntegerType | IndexType) and dtype_of(self.type) is None


def parameters(module: ModuleOp, function: str | None = None) -> list[Parameter]:
    """The parameters of `function` (default: the module's only function)."""
    func = _function(module, function)
    entry = func.body.blocks.first
    assert entry is not None  # entry_function chooses functions with a body
    names = [arg.name_hint for arg in entry.args]
    return [
        Parameter(i, n, t)
        for i, (n, t) in enumerate(zip(names, func.function_type.inputs.data, strict=True))
    ]


def _kernel_error(err: KernelError) -> PtoRunError:
    """The error at the op that broke the rule, when it has a place."""
    at = None if err.op is None else op_loc(err.op)
    if err.op is None or at is None:
        error = PtoRunError(str(err))
        error.deadlock = err.deadlock
        return error
    return PtoRunError(f"{err.op.name}: {err.message}", at)


def _function(module: ModuleOp, function: str | None) -> FuncOp:
    try:
        return entry_function(module, function)
    except KernelError as err:
        raise PtoError(str(err).replace("with --entry", "with function=")) from None


@dataclass
class Result:
    """What a run gives: the final arrays, the cycles, the hazards and the report."""

    parameters: list[Parameter]
    args: list[Arg]
    """Per parameter: what the run was given (`finals` reads the arrays' contents)."""
    report: Report
    """Block 0's report (the only block of a single-block run)."""
    block_reports: list[Report] = field(default_factory=list[Report])
    """One report per block of a `blocks=N` run, in block order."""
    remake: Callable[[], list[object]] | None = None
    """Makes the generated arguments of an `args="auto"` run again (the same seed): the
    run wrote into those arrays in place, so `inputs` asks this for what they held."""

    @cached_property
    def finals(self) -> list[np.ndarray | None]:
        """Per parameter: the array's contents after the run (None for scalars); copied
        out of the run's memories the first time it is asked for."""
        return [a.final() if isinstance(a, ArrayArg) else None for a in self.args]

    @cached_property
    def inputs(self) -> list[np.ndarray | None]:
        """Per parameter: the array the run started from (None for scalars): with
        `args="auto"`, the generated data (made again from the run's seed: the run used
        the generated arrays as GM in place)."""
        made = self.remake() if self.remake is not None else None
        starts: list[np.ndarray | None] = []
        for index, arg in enumerate(self.args):
            if not isinstance(arg, ArrayArg):
                starts.append(None)
            elif arg.in_place and made is not None:
                again = made[index]
                starts.append(again.array if isinstance(again, ArrayArg) else arg.array)
            else:
                starts.append(arg.array)
        return starts

    @property
    def outputs(self) -> list[np.ndarray]:
        """The final contents of the array (GM pointer and tile) arguments, in order."""
        return [a for a in self.finals if a is not None]

    def __getitem__(self, key: str | int) -> np.ndarray:
        """The final contents of the array argument named `key` (`"y"` for `%y`) or at
        position `key`."""
        for param, array in zip(self.parameters, self.finals, strict=True):
            if key in (param.name, param.index) and array is not None:
                return array
        raise KeyError(f"no array parameter {key!r}")

    @property
    def cycles(self) -> int | None:
        """Total cycles of the run (None with `semantics_only`): of a multi-block run, the
        slowest block's (the blocks run on cores of their own, side by side)."""
        totals = self.block_cycles
        return None if None in totals else max(cast(list[int], totals))

    @property
    def block_cycles(self) -> list[int | None]:
        """Total cycles of each block, in block order."""
        return [r.total_cycles for r in self.block_reports or [self.report]]

    @property
    def hazards(self) -> list[Hazard]:
        """Races between pipes and sync mistakes the run found (empty when all is well), of
        every block."""
        return [h for r in self.block_reports or [self.report] for h in r.hazards]

    @property
    def printed(self) -> str:
        """The text the kernel printed (`tprint`), as `pto-run` writes it to stdout."""
        if self.report.machine.cluster is None:
            return "".join(self.report.machine.printed)
        return "".join(t for r in self.block_reports for t in r.machine.printed)

    def trace(self) -> dict[str, Any]:
        """The Chrome trace of the run (`run(..., trace=True)`), as `pto-run --trace`."""
        if not self.report.machine.pipes.record_spans:
            raise PtoError("the run recorded no trace: run it with trace=True")
        return trace_events(self.report.machine)

    def write_trace(self, path: str | Path) -> None:
        """Writes `trace()` as JSON to `path` (opens in ui.perfetto.dev)."""
        self.trace()
        write_trace(self.report.machine, Path(path))


def run(
    module: ModuleOp,
    *values: object,
    function: str | None = None,
    target: str | None = None,
    trace: bool = False,
    semantics_only: bool = False,
    max_steps: int = DEFAULT_MAX_STEPS,
    index_bitwidth: Literal[32, 64] = 64,
    progress: Progress | bool = False,
    check: bool = True,
    blocks: int = 1,
    batch: bool | None = None,
    jobs: int = 1,
    pipes: PipeModel | None = None,
    listeners: Sequence[Interpreter.Listener] = (),
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    args: str | None = None,
    arg_values: Mapping[str, int | float] | None = None,
    ranks: int = 1,
    by_name: Mapping[str, object] | None = None,
    together: Together | None = None,
    **named: object,
) -> Result:
    """Runs `function` of `module` on `args` (in parameter order) and `named` arguments
    (by parameter name: `y=` for `%y`), with the semantics and pipe model of `target`
    (default: the module's `pto.target_arch`, else cpu).

    An argument is a numpy array for a pointer or tile parameter (its element type must
    match), a Python or numpy scalar for a scalar parameter, or a `pto-run --arg` SPEC
    string such as `"rand:32x32xf32:7"`. The arrays are copied: the run does not change
    them; `Result.outputs` holds their final contents. `check=False` skips verification
    (for a module verified already). `progress=True` shows a progress line on stderr
    for a long run when stderr is a terminal. `blocks=N` runs the N blocks of an SPMD
    launch over the same arrays (GM), each on a core of its own whose `get_block_idx` is
    its index (`Result.block_reports`, `Result.block_cycles`). With `semantics_only`, each
    `pto.vecscope` loop runs as whole arrays over all of its iterations where it can (the
    same bytes, far faster); `batch=False` runs it op by op. `jobs=N` runs the blocks of
    a `blocks` launch in N processes at once (the same bytes and cycles as one after
    another). `pipes` and `listeners` replace the pipe model and add listeners to the
    interpreter (the checker's, `interpreters.checking.check`). A parameter whose name is one of
    these options (`%target`, `%trace`, ...) is given by position.

    `args="auto"` (or `"auto:SEED"`) makes every argument not given by name, as
    `pto-run --arg auto` does: a random buffer for each GM pointer, as large as the largest
    view the kernel makes of it, and a default for each scalar (a scalar given by name, as
    `n=5`, counts in the sizes; `arg_values` sets scalars by name or position, as
    `pto-run --arg-value`; `interpreters.auto_args`). `ranks=N` runs the launch on N
    devices, each with GM of its own (`run_function`): a parameter given `"rank:i32"` gets
    each rank's index, one given `"comm_ctx"` its communication context; `Result.outputs`
    are rank 0's. `by_name` gives named arguments as a mapping (`pto-run --arg-value
    NAME=rank:i32`), as `named` does. Two parameters given the same
    array (or arrays of the same bytes) share one GM buffer, each pointer viewing it with
    its own element type. A run stops after `max_steps` ops or `time_limit` seconds (None:
    no limit). `together` (made by `together()`) launches a second kernel at once, on
    cores of its own over the same ranks; the reports then hold both kernels' cores.
    """
    named = {**named, **(by_name or {})}
    if target is not None:
        module = module.clone()
        set_target(module, target)
        check = True
    if check:
        verify(module)
    params = parameters(module, function)
    func = _function(module, function)
    name = func.sym_name.data
    again: Callable[[], list[object]] | None = None
    if args is not None:
        if values:
            raise PtoArgumentError(f'run(..., args="{args}") takes no positional arguments')
        seed = auto_seed(args)
        if seed is None:  # a seed of its own, so that `Result.inputs` can make them again
            args = f"auto:{np.random.SeedSequence().entropy}"
        given, chosen_values = dict(named), dict(arg_values or {})
        spec = args

        def remake() -> list[object]:
            return _auto(module, func, spec, params, given, chosen_values)

        values, named, again = tuple(remake()), {}, remake
    elif arg_values:
        raise PtoArgumentError('arg_values sets scalars of args="auto"')
    bound = _bind(name, params, values, named)
    if pipes is None:
        pipes = UntrackedPipes() if semantics_only else PipeModel(record_spans=trace)
    watcher = Progress() if progress is True else progress or None
    try:
        done = run_function(
            module,
            bound,
            entry=name,
            pipes=pipes,
            index_bitwidth=index_bitwidth,
            max_steps=max_steps,
            progress=watcher,
            blocks=blocks,
            batch=batch,
            jobs=jobs,
            listeners=listeners,
            time_limit=time_limit,
            ranks=ranks,
            together=together,
        )
    except ArgError as err:
        raise PtoArgumentError(str(err)) from None
    except KernelError as err:
        raise _kernel_error(err) from None
    reports = [Report(m) for m in done.blocks]
    return Result(params, done.args, reports[0], reports, again)


def together(
    module: ModuleOp,
    *values: object,
    function: str | None = None,
    blocks: int = 1,
    args: str | None = None,
    arg_values: Mapping[str, int | float] | None = None,
    by_name: Mapping[str, object] | None = None,
    check: bool = True,
    **named: object,
) -> Together:
    """A second kernel for `run(..., together=...)` (`pto-run --with`): `function` of
    `module` on `blocks` blocks of its own, launched at once with the first kernel over the
    same ranks. Its arguments are given as `run` takes them (positional or named, or
    `args="auto"` with `arg_values`); the string `"@N"` gives a pointer the GM buffer of the
    first kernel's argument N, shared by the two kernels (a kernel that waits for the
    notifies of another: `twait` on the signal words the other's `tnotify` writes)."""
    if check:
        verify(module)
    named = {**named, **(by_name or {})}
    params = parameters(module, function)
    name = _function(module, function).sym_name.data
    if args is not None:
        if values:
            raise PtoArgumentError(f'together(..., args="{args}") takes no positional arguments')
        func = _function(module, function)
        values = tuple(_auto(module, func, args, params, named, arg_values or {}))
        named = {}
    elif arg_values:
        raise PtoArgumentError('arg_values sets scalars of args="auto"')
    return Together(module, name, _bind(name, params, values, named), blocks)


def _auto(
    module: ModuleOp,
    func: FuncOp,
    spec: str,
    params: list[Parameter],
    named: Mapping[str, object],
    values: Mapping[str, int | float],
) -> list[object]:
    """`args=spec` ("auto" or "auto:SEED"): generated arguments, those in `named` replaced
    (its scalars, and `values`, count in the generated buffers' sizes)."""
    seed = auto_seed(spec)
    if seed is False:
        raise PtoArgumentError(f'args="{spec}": expected "auto" or "auto:SEED"')
    by_name = {p.name: p for p in params if p.name}
    scalars: dict[str, int | float] = dict(values)
    for key, value in named.items():
        param = by_name.get(key)
        if param is None:
            names = ", ".join(f"%{p.name}" for p in params if p.name) or "none"
            raise PtoArgumentError(f"@{func.sym_name.data} has no parameter %{key} (its "
                                   f"names: {names})")  # fmt: skip
        plain: object = cast(object, value.item()) if isinstance(value, np.generic) else value
        if not param.is_array and isinstance(plain, int | float):
            scalars[key] = plain
    from interpreters.auto_args import auto_args  # (its op classes load with `args="auto"`)

    try:
        made: list[object] = list(auto_args(module, func, seed, scalars))
    except ArgError as err:
        raise PtoArgumentError(str(err)) from None
    for key, value in named.items():
        made[by_name[key].index] = value
    return made


def _bind(
    function: str, params: list[Parameter], args: Sequence[object], named: Mapping[str, object]
) -> list[Arg]:
    """One `Arg` per parameter from positional and named values, checked for kind."""
    if len(args) > len(params):
        raise PtoArgumentError(f"@{function} takes {len(params)} argument(s), got {len(args)}")
    chosen: list[object | None] = [*args, *[None] * (len(params) - len(args))]
    given = [True] * len(args) + [False] * (len(params) - len(args))
    by_name = {p.name: p for p in params if p.name}
    for key, value in named.items():
        param = by_name.get(key)
        if param is None:
            names = ", ".join(f"%{p.name}" for p in params if p.name) or "none"
            raise PtoArgumentError(f"@{function} has no parameter %{key} (its names: {names})")
        if given[param.index]:
            raise PtoArgumentError(f"{param} of @{function} is given twice")
        chosen[param.index], given[param.index] = value, True
    missing = [str(p) for p in params if not given[p.index]]
    if missing:
        raise PtoArgumentError(f"@{function} needs a value for {', '.join(missing)}")
    seen: list[tuple[int, int]] = []
    bound: list[Arg] = []
    for param, value in zip(params, chosen, strict=True):
        shared = _shares_bytes(value, seen) and isinstance(param.type, PtrType)
        bound.append(_arg(param, value, check=not shared))
    return bound


def _shares_bytes(value: object, seen: list[tuple[int, int]]) -> bool:
    """Whether `value` is an array whose bytes overlap those of an array seen before (then
    it binds to the same GM buffer, whatever its element type)."""
    if not isinstance(value, np.ndarray) or not value.nbytes:
        return False
    array = cast("np.ndarray[Any, np.dtype[Any]]", value)
    if not array.flags.c_contiguous:
        return False
    low = int(array.__array_interface__["data"][0])
    high = low + int(array.nbytes)
    shared = any(low < end and start < high for start, end in seen)
    seen.append((low, high))
    return shared


def _check_array(param: Parameter, array: np.ndarray[Any, np.dtype[Any]]) -> None:
    """The element type (and for a tile the shape) the parameter's type fixes."""
    kind = param.type
    element = kind.element if isinstance(kind, PtrType | TileTypeBase) else None
    if element is not None and array.dtype != element.numpy:
        raise PtoArgumentError(f"{param} needs an array of {element}, got {array.dtype}")
    if isinstance(kind, TileTypeBase) and array.shape != kind.shape:
        shape = "x".join(map(str, kind.shape))
        got = "x".join(map(str, array.shape)) or "a 0-d array"
        raise PtoArgumentError(f"{param} needs a {shape} array, got {got}")


def _arg(param: Parameter, given: object, check: bool = True) -> Arg:
    """`given` as the argument of `param`; `check=False` takes an array as it is (one that
    shares the buffer of an earlier argument: its pointer views those bytes)."""
    if isinstance(given, Arg):  # parsed already (`pto-run --arg`)
        return given
    if isinstance(given, str):
        try:
            return parse_spec(given)
        except ArgError as err:
            raise PtoArgumentError(f"{param}: {err}") from None
    value: object = cast(object, given.item()) if isinstance(given, np.generic) else given
    kind = type(value).__name__
    if param.is_array:
        if not isinstance(value, np.ndarray):
            raise PtoArgumentError(f"{param} needs a numpy array, got {kind}")
        array = cast("np.ndarray[Any, np.dtype[Any]]", value)
        ptype = param.type
        if isinstance(ptype, PtrType | TileTypeBase) and ptype.element is not None:
            array = typed_array(array, ptype.element)  # a raw |V2 / |V1 bf16 or fp8 array
        if not check:
            return ArrayArg(array)
        if dtype_of_array(array) is None:
            raise PtoArgumentError(f"{param}: {array.dtype} is not a PTO element type")
        _check_array(param, array)
        return ArrayArg(array)
    if isinstance(value, np.ndarray):
        raise PtoArgumentError(f"{param} needs a scalar, got an array")
    type_name = str(param.type)
    if isinstance(param.type, IntegerType | IndexType | PtrType):
        if not isinstance(value, int):
            raise PtoArgumentError(f"{param} needs an int, got {kind} {value!r}")
        return ScalarArg(value, type_name)
    if not isinstance(value, int | float):
        raise PtoArgumentError(f"{param} needs a number, got {kind}")
    return ScalarArg(float(value), type_name)
