"""The blocks of a launch in processes of their own (`pto-run --jobs`): each block runs from
the arguments as they were; their GM bytes merge in block order unless a block read what an
earlier one changed (then the launch runs one block after another)."""

from __future__ import annotations

import io
import pickle
from dataclasses import dataclass
from typing import Any, Literal, cast

import numpy as np
from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import FuncOp
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.printer import Printer

from interpreters.launching.args import Arg, ArrayArg, bind
from interpreters.launching.blocks import (
    KernelError,
    OpTracker,
    entry_function,
    make_context,
    run_block,
    spmd_values,
)
from interpreters.machine.core import Machine
from interpreters.machine.launch import Launch
from interpreters.machine.pipes import GmAccessRecorder, PipeModel, UntrackedPipes, gm_ranges
from pto_dialect.ops.base import target_of
from pto_dialect.parsing import parse_module
from pto_dialect.targets import TargetProfile, profile_for_module_attr


@dataclass
class _Apart:
    finals: list[np.ndarray | None]
    """Per argument: the merged GM bytes (None for scalars)."""
    machines: list[Machine]


@dataclass
class ApartLaunch:
    """The blocks of one launch, each run in a process of its own from the arguments as
    they were; merged when no block read what an earlier block changed."""

    module: ModuleOp
    func: FuncOp
    initial: list[Any]
    """Per argument: its array as given, or the scalar `Arg`."""
    blocks: int
    pipes: PipeModel
    index_bitwidth: Literal[32, 64]
    max_steps: int
    deadline: float | None
    """`time.monotonic()` after which a block stops (one clock for every process)."""
    batch: bool

    def run(self, jobs: int) -> _Apart | None:
        """The merged result, None when the blocks depend on each other through GM; raises
        the first failing block's `KernelError`."""
        text = _located_text(self.module)
        entry = self.func.sym_name.data
        kind = (self.pipes.tracking, self.pipes.record_spans)
        from concurrent.futures import ProcessPoolExecutor  # only --jobs pays its import

        with ProcessPoolExecutor(max_workers=min(jobs, self.blocks)) as pool:
            futures = [
                pool.submit(_block_worker, text, entry, self.initial, b, self.blocks, kind,
                            self.index_bitwidth, self.max_steps, self.deadline, self.batch)
                for b in range(self.blocks)
            ]  # fmt: skip
            payloads = [f.result() for f in futures]
        ops = list(self.module.walk())
        outcomes = [_loads(p, ops) for p in payloads]
        for outcome in outcomes:  # the first block that fails, as a sequential run stops there
            if outcome[0] == "error":
                at = cast(int | None, outcome[2])
                raise KernelError(cast(str, outcome[1]), None if at is None else ops[at])
        return self._merge([cast_outcome(o) for o in outcomes])

    def _merge(self, outcomes: list[_BlockOutcome]) -> _Apart | None:
        base = [_bytes(cast(np.ndarray, a)) if isinstance(a, np.ndarray) else None
                for a in self.initial]  # fmt: skip
        merged = [None if b is None else b.copy() for b in base]
        changed: list[np.ndarray | None] = [
            None if b is None else np.zeros(b.size, bool) for b in base
        ]
        for outcome in outcomes:
            for i, reads in enumerate(outcome.reads):
                mask = changed[i]
                if mask is not None and any(mask[s:e].any() for s, e in reads):
                    return None  # it read bytes an earlier block changed: run in order
            for i, final in enumerate(outcome.finals):
                start, mask = base[i], changed[i]
                target = merged[i]
                if final is None or start is None or mask is None or target is None:
                    continue
                final = final[: start.size]  # a buffer ends on a page: past it, no data
                diff = final != start
                target[diff] = final[diff]
                mask |= diff
        return _Apart(merged, [o.machine for o in outcomes])


def _bytes(array: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(array).reshape(-1).view(np.uint8).copy()


@dataclass
class _BlockOutcome:
    finals: list[np.ndarray | None]
    reads: list[list[tuple[int, int]]]
    machine: Machine


def cast_outcome(outcome: tuple[Any, ...]) -> _BlockOutcome:
    return outcome[1]


def _located_text(module: ModuleOp) -> str:
    """The module's text with every op's location, which a worker parses back."""
    stream = io.StringIO()
    Printer(stream=stream, print_debuginfo=True).print_op(module)
    return stream.getvalue()


class _Pickler(pickle.Pickler):
    """Pickles a block's machine for the parent: ops by their place in the module (the
    parent's module has the same ops in the same order), targets by name."""

    def __init__(self, stream: io.BytesIO, ops: list[Operation]) -> None:
        super().__init__(stream)
        self.index = {id(op): i for i, op in enumerate(ops)}

    def persistent_id(self, obj: Any) -> Any:
        if isinstance(obj, Operation):
            return ("op", self.index[id(obj)])
        if isinstance(obj, TargetProfile):
            return ("target", obj.arch.value)
        if isinstance(obj, SSAValue | Block | Region):
            kind = type(cast(object, obj)).__name__
            raise pickle.PicklingError(f"cannot send a {kind} to the parent")
        return None


class _Unpickler(pickle.Unpickler):
    def __init__(self, stream: io.BytesIO, ops: list[Operation]) -> None:
        super().__init__(stream)
        self.ops = ops

    def persistent_load(self, pid: Any) -> Any:
        kind, value = cast(tuple[str, Any], pid)
        if kind == "op":
            return self.ops[cast(int, value)]
        return profile_for_module_attr(cast(str, value))


def _loads(payload: bytes, ops: list[Operation]) -> tuple[Any, ...]:
    return cast(tuple[Any, ...], _Unpickler(io.BytesIO(payload), ops).load())


def _block_worker(
    text: str, entry: str, initial: list[Any], block: int, blocks: int,
    kind: tuple[bool, bool], index_bitwidth: Literal[32, 64], max_steps: int,
    deadline: float | None, batch: bool,
) -> bytes:  # fmt: skip
    """Runs block `block` of the launch (in a worker process): its outcome, pickled."""
    module = parse_module(make_context(), text, "<launch>")
    func = entry_function(module, entry)
    ops = list(module.walk())
    tracked, spans = kind
    pipes: PipeModel = PipeModel(record_spans=spans) if tracked else GmAccessRecorder()
    launch = Launch(block_idx=block, block_num=blocks)
    machine = Machine(target_of(module), pipes=pipes, launch=launch, batch_vecscopes=batch)
    args: list[Arg] = [
        ArrayArg(cast(np.ndarray, a).copy()) if isinstance(a, np.ndarray) else cast(Arg, a)
        for a in initial
    ]
    inputs = func.function_type.inputs.data
    values = [bind(machine, i, a, t) for i, (a, t) in enumerate(zip(args, inputs, strict=True))]
    values = spmd_values(func, values, block, blocks)
    stream = io.BytesIO()
    try:
        tracker = OpTracker(machine, max_steps, None, deadline)
        run_block(module, func, values, machine, index_bitwidth, tracker)
    except KernelError as err:
        where_op = None if err.op is None else ops.index(err.op)
        _Pickler(stream, ops).dump(("error", err.message, where_op))
        return stream.getvalue()
    finals: list[np.ndarray | None] = []
    reads: list[list[tuple[int, int]]] = []
    for arg in args:
        if isinstance(arg, ArrayArg) and arg.memory is not None:
            finals.append(arg.memory.data.copy())
            reads.append(gm_ranges(pipes, arg.memory)[0])
        else:
            finals.append(None)
            reads.append([])
    pipes.history.clear()  # only the parent's report reads the machine: no access log
    machine.memories.clear()
    if not tracked:
        machine.pipes = UntrackedPipes()
    _Pickler(stream, ops).dump(("ok", _BlockOutcome(finals, reads, machine)))
    return stream.getvalue()
