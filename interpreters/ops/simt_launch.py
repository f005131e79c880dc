"""Interpreter functions of the SIMT layer: launches, and the SIMT ops outside one.

- `pto.simt_launch @body<<<dx, dy, dz>>>(args)`, `pto.section.simt<<<...>>> {...}` and a
  `func.call` of a `pto.simt_entry` function after `pto.store_vfsimt_info` run the body for
  every workitem at once (`simt_lanes.Lanes`): one op on PIPE_V whose accesses are the bytes
  its lanes read and wrote (joined into ranges) and whose cycles are
  `costs.simt_launch_cycles` of the warp instructions it issued (an estimate);
- a SIMT op in an ordinary kernel (`pto.atomic_add`, `pto.load`, `pto.convert`, ...) runs
  as one workitem (lane 0 of a 1 x 1 x 1 launch) on the scalar unit, its accesses recorded
  there, no cycles (as the project's other scalar ops).

Keep/resume slots and the launch dimensions `store_vfsimt_info` sets live here, one set per
machine (per core).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from xdsl.dialects import func
from xdsl.interpreter import Interpreter, PythonValues
from xdsl.ir import Attribute, Operation, Region, SSAValue
from xdsl.traits import SymbolTable

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.impls import implements, register_functions
from interpreters.machine.core import Machine, MachineFunctions
from interpreters.ops.simt_lanes import LANE_IMPLS, Lanes, Value, from_lane, to_lanes
from interpreters.ops.upstream.func import FuncFunctions
from interpreters.semantics.simt import LaneIds
from pto_dialect.attrs import KernelKindAttr, Pipe, TargetArch
from pto_dialect.kernels import aiv0_only
from pto_dialect.ops.simt_common import MAX_WORKITEMS, SIMT_ENTRY, SIMT_MAX_THREADS, SimtOp
from pto_dialect.ops.simt_launch import (
    SectionSimtOp,
    SimtLaunchOp,
    StoreVfSimtInfoOp,
    max_threads,
)


def load_lanes() -> None:
    """Fills `LANE_IMPLS`: imports the modules whose `@lane` functions the executor runs, on
    the first SIMT op of a run (`simt_upstream` loads xDSL's llvm and math dialects, a tenth
    of a second of start-up that a kernel without SIMT code does not pay)."""
    from interpreters.ops import simt_ops, simt_upstream

    del simt_ops, simt_upstream


def captured(region: Region) -> list[SSAValue]:
    """The values `region`'s ops read from outside it, each once, in order."""
    inside: set[SSAValue] = set()
    found: dict[SSAValue, None] = {}
    for op in region.walk():
        for nested in op.regions:
            for block in nested.blocks:
                inside.update(block.args)
        inside.update(op.results)
    for block in region.blocks:
        inside.update(block.args)
    for op in region.walk():
        for value in op.operands:
            if value not in inside:
                found[value] = None
    return list(found)


def _aiv0_only(machine: Machine, callee: Operation) -> bool:
    """Whether `callee`, a vector kernel, does nothing on this core: an A5 AIV other than
    AIV0 of a mixed launch, with an unsplit pipe end in the kernel (`aiv0_only`)."""
    launch = machine.launch
    return (
        machine.cluster is not None
        and launch.subblock_idx > 0
        and machine.target.arch is TargetArch.A5
        and aiv0_only(callee)
    )


@register_functions
class SimtFunctions(MachineFunctions, FuncFunctions):
    """SIMT launches and SIMT ops outside them; `func` as `FuncFunctions`, except that
    calling a SIMT entry launches it with the dimensions `pto.store_vfsimt_info` stored."""

    def __init__(self, machine: Machine) -> None:
        MachineFunctions.__init__(self, machine)
        FuncFunctions.__init__(self)
        self.dims: tuple[int, int, int] | None = None
        self.slots: dict[int, np.ndarray] = {}
        self._captured: dict[SectionSimtOp, list[SSAValue]] = {}

    # ---- launches -----------------------------------------------------------------------------
    def launch(
        self,
        op: Operation,
        body: Region,
        dims: tuple[int, int, int],
        args: PythonValues,
        types: list[Attribute],
        envelope: int,
        preset: dict[SSAValue, Value] | None = None,
    ) -> None:
        """Runs `body` for every workitem of a `dims` launch and records it on PIPE_V."""
        if min(dims) < 0:
            raise PtoRuntimeError(f"launch dimensions {list(dims)} must not be negative")
        count = dims[0] * dims[1] * dims[2]
        if count > min(MAX_WORKITEMS, envelope):
            raise PtoRuntimeError(
                f"a launch of {count} workitems exceeds the entry's envelope of "
                f"{min(MAX_WORKITEMS, envelope)} ({SIMT_MAX_THREADS}, at most {MAX_WORKITEMS})"
            )
        load_lanes()
        lanes = Lanes(self.machine, LaneIds.of(dims), self.slots)
        if count:
            lanes.env.update(preset or {})
            values = [to_lanes(a, t, count) for a, t in zip(args, types, strict=True)]
            block = body.blocks.first
            assert block is not None
            lanes.run_block(block, values, lanes.everyone)
            lanes.check_races(op)
        pipes = self.machine.pipes
        if pipes.tracking:
            reads, writes = lanes.reads.ranges(), lanes.writes.ranges()
            pipes.execute(op, Pipe.V, reads, writes, lanes.cycles())

    @implements(SimtLaunchOp)
    def run_launch(
        self, interpreter: Interpreter, op: SimtLaunchOp, args: PythonValues
    ) -> PythonValues:
        entry = op.entry()
        if entry is None:
            raise PtoRuntimeError(f"no function {op.callee} in the module")
        dims = (int(args[0]), int(args[1]), int(args[2]))
        types = list(entry.function_type.inputs.data)
        self.launch(op, entry.body, dims, args[3:], types, max_threads(entry))
        return ()

    @implements(SectionSimtOp)
    def run_section(
        self, interpreter: Interpreter, op: SectionSimtOp, args: PythonValues
    ) -> PythonValues:
        outside = self._captured.get(op)
        if outside is None:
            outside = self._captured[op] = captured(op.body)
        count = op.dims[0] * op.dims[1] * op.dims[2]
        values = interpreter.get_values(tuple(outside))
        preset = {v: to_lanes(x, v.type, count) for v, x in zip(outside, values, strict=True)}
        self.launch(op, op.body, op.dims, (), [], MAX_WORKITEMS, preset)
        return ()

    @implements(StoreVfSimtInfoOp)
    def run_store_info(
        self, interpreter: Interpreter, op: StoreVfSimtInfoOp, args: PythonValues
    ) -> PythonValues:
        dz, dy, dx = (int(a) for a in args)
        self.dims = (dx, dy, dz)
        self.machine.pipes.execute(op, Pipe.S)
        return ()

    @implements(func.CallOp)
    def run_call(
        self, interpreter: Interpreter, op: func.CallOp, args: PythonValues
    ) -> PythonValues:
        callee = SymbolTable.lookup_symbol(op, op.callee)
        kind = callee.attributes.get("pto.kernel_kind") if callee is not None else None
        if isinstance(kind, KernelKindAttr) and kind.data is not self.machine.launch.core:
            if op.results:
                raise PtoRuntimeError(
                    f"@{op.callee.string_value()} is {kind.data.value} code with results: "
                    f"a {self.machine.launch.core.value} core cannot skip it"
                )
            return ()  # code for the other kind of core
        if (
            callee is not None
            and isinstance(kind, KernelKindAttr)
            and _aiv0_only(self.machine, callee)
        ):
            return ()  # A5 code generation runs this vector kernel on AIV0 alone
        if not isinstance(callee, func.FuncOp) or SIMT_ENTRY not in callee.attributes:
            return FuncFunctions.run_call(self, interpreter, op, args)
        if self.dims is None:
            raise PtoRuntimeError(
                f"a call of the SIMT entry @{callee.sym_name.data} needs launch dimensions: "
                "pto.store_vfsimt_info before it (or use pto.simt_launch)"
            )
        types = list(callee.function_type.inputs.data)
        self.launch(op, callee.body, self.dims, args, types, max_threads(callee))
        return ()

    # ---- SIMT ops outside a launch ------------------------------------------------------------
    @implements(SimtOp)
    def run_scalar(self, interpreter: Interpreter, op: SimtOp, args: PythonValues) -> PythonValues:
        load_lanes()
        lanes = Lanes(self.machine, LaneIds.of((1, 1, 1)), self.slots)
        values: list[Any] = [to_lanes(a, v.type, 1) for a, v in zip(args, op.operands, strict=True)]
        results = LANE_IMPLS[type(op)](lanes, op, values, lanes.everyone)
        pipes = self.machine.pipes
        if pipes.tracking:
            pipes.execute(op, op.pipe(), lanes.reads.ranges(), lanes.writes.ranges())
        return tuple(from_lane(r, res.type) for r, res in zip(results, op.results, strict=True))
