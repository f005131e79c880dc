"""Interpreter functions of the vector stores (seed 002): vector registers -> UB on PIPE_V.

Masked stores write only the active lanes (and record only those bytes as accesses). The
unaligned-store stream (vstu/vstus/vstur, flushed by vsta/vstas/vstar) threads an
`AlignState`; a stream whose buffered bytes are not flushed when its `pto.vecscope` ends is
a run-time error (`check_flushed`, run by a listener this class installs on the interpreter
when a stream starts).
"""

from __future__ import annotations

from typing import cast

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues
from xdsl.ir import Operation

from interpreters.engine.errors import PtoRuntimeError, check
from interpreters.engine.impls import implements, register_functions
from interpreters.engine.interpreter import BatchListener
from interpreters.machine.core import Machine
from interpreters.machine.memory import Memory, Pointer
from interpreters.ops.vector_load import (
    UbFunctions,
    active_lanes,
    advanced,
    lane_type,
    memory_unit,
    strides_of,
    ub_element,
    unsigned,
)
from interpreters.semantics import vector_memory as vm
from pto_dialect.attrs import PostUpdate, StoreDist
from pto_dialect.dtypes import DType
from pto_dialect.ops.base import PtoOp
from pto_dialect.ops.vecscope import VecScopeOp
from pto_dialect.ops.vector_store import (
    STORE_DIST_RULES,
    VscatterOp,
    VsstbOp,
    VsstOp,
    VstsOp,
    VstsX2Op,
)
from pto_dialect.ops.vector_store_unaligned import (
    VstaOp,
    VstarOp,
    VstasOp,
    VstuOp,
    VsturOp,
    VstusOp,
)

VSTU_MODE_INDEX = {0: PostUpdate.NO_POST_UPDATE, 1: PostUpdate.POST_UPDATE}
"""vstu form A's `%mode` index operand: 0 = no post-update, 1 = post-update."""


class _FlushCheck(BatchListener):
    """Checks, when a `pto.vecscope` has run, that its unaligned-store streams were flushed
    (it watches only vecscopes: a batch of other ops concerns it not)."""

    def __init__(self, functions: VectorStoreFunctions) -> None:
        self.functions = functions

    def did_interpret_op(self, op: Operation, results: PythonValues) -> None:
        if isinstance(op, VecScopeOp):
            self.functions.check_flushed()


@register_functions
class VectorStoreFunctions(UbFunctions):
    """vsts, vstsx2, vsst, vsstb, vscatter and the unaligned-store stream."""

    def __init__(self, machine: Machine) -> None:
        super().__init__(machine)
        self.live: dict[int, vm.AlignState] = {}
        """Latest states of the unaligned-store streams that still buffer bytes."""
        self._listener = _FlushCheck(self)
        self._vsts: dict[VstsOp, tuple[StoreDist, DType, int, bool]] = {}
        """Per vsts: its mode, lane type, UB element size and whether it post-updates."""

    # ---- helpers ----------------------------------------------------------------------------
    def check_flushed(self) -> None:
        """Every unaligned-store stream has flushed its buffered bytes (end of a vecscope)."""
        live, self.live = self.live, {}
        if live:
            state = next(iter(live.values()))
            raise PtoRuntimeError(
                f"the unaligned store stream ending here still buffers {state.pending.size} "
                f"byte(s) for bytes [{(state.position or 0) - state.pending.size}, "
                f"{state.position}) of {state.memory.name if state.memory else 'UB'} when its "
                "pto.vecscope ends: flush it with pto.vsta, pto.vstas or pto.vstar",
                state.origin,
            )

    def _watch(self, interpreter: Interpreter) -> None:
        if self._listener not in interpreter.listeners:
            interpreter.listeners = (*interpreter.listeners, self._listener)

    def _step(
        self, interpreter: Interpreter, op: PtoOp, state: vm.AlignState, memory: Memory,
        address: int, payload: np.ndarray, lane: DType, ar: int | None = None,
    ) -> vm.AlignState:  # fmt: skip
        """One unaligned store step; tracks the stream for the end-of-scope check."""
        self._watch(interpreter)
        check(
            address % lane.bytes == 0,
            f"unaligned store address {address} must still be {lane.bytes}-byte aligned for "
            f"{lane} elements",
        )
        new, writes = vm.store_unaligned(memory, address, payload, state, op, ar)
        self.live.pop(id(state), None)
        if new.pending.size:
            self.live[id(new)] = new
        self.on_ub(op, memory, lane, writes=writes)
        return new

    def _flush(self, op: PtoOp, state: vm.AlignState, memory: Memory, address: int) -> None:
        writes = vm.flush(memory, address, state, op)
        self.live.pop(id(state), None)
        self.on_ub(op, memory, unsigned(8), writes=writes)

    # ---- aligned stores ---------------------------------------------------------------------
    @implements(VstsOp)
    def run_vsts(self, interpreter: Interpreter, op: VstsOp, args: PythonValues) -> PythonValues:
        static = self._vsts.get(op)
        if static is None:  # fixed per op during a run: read from the IR once
            mode = op.dist_mode
            lane = lane_type(op.value)
            rule = STORE_DIST_RULES[mode]
            unit = memory_unit(rule, lane)
            post = op.updated_base is not None  # post-update: store at the base itself
            static = self._vsts[op] = (mode, lane, ub_element(op.dest, unit).bytes, post)
        mode, lane, size, post = static
        memory, base = self.ub(args[1])
        step = int(args[2]) * size
        value, mask = cast(np.ndarray, args[0]), cast(np.ndarray, args[3])
        writes = vm.vsts(memory, base if post else base + step, value, mask, mode)
        self.on_ub(op, memory, lane, writes=writes)
        return (advanced(cast(Pointer, args[1]), step),) if post else ()

    @implements(VstsX2Op)
    def run_vstsx2(
        self, interpreter: Interpreter, op: VstsX2Op, args: PythonValues
    ) -> PythonValues:
        lane = lane_type(op.low)
        memory, base = self.ub(args[2])
        address = base + int(args[3]) * ub_element(op.dest, lane).bytes
        low, high, mask = (cast(np.ndarray, a) for a in (args[0], args[1], args[4]))
        writes = vm.vstsx2(memory, address, low, high, mask, op.dist_mode)
        self.on_ub(op, memory, lane, writes=writes)
        return ()

    @implements(VsstOp)
    def run_vsst(self, interpreter: Interpreter, op: VsstOp, args: PythonValues) -> PythonValues:
        lane = lane_type(op.value)
        memory, base = self.ub(args[1])
        address = base + int(args[2]) * ub_element(op.dest, lane).bytes
        writes = vm.vsst(memory, address, cast(np.ndarray, args[0]), op.stride_mode, lane)
        self.on_ub(op, memory, lane, writes=writes)
        return ()

    @implements(VsstbOp)
    def run_vsstb(self, interpreter: Interpreter, op: VsstbOp, args: PythonValues) -> PythonValues:
        lane = lane_type(op.value)
        memory, address = self.ub(args[1])
        value, mask = cast(np.ndarray, args[0]), cast(np.ndarray, args[-1])
        post = op.updated_base is not None
        strides = strides_of(op, args[2:-1])
        writes, step = vm.vsstb(memory, address, strides, mask, value, post)
        self.on_ub(op, memory, lane, writes=writes)
        return (advanced(cast(Pointer, args[1]), step),) if post else ()

    @implements(VscatterOp)
    def run_vscatter(
        self, interpreter: Interpreter, op: VscatterOp, args: PythonValues
    ) -> PythonValues:
        lane = lane_type(op.value)
        memory, address = self.ub(args[1])
        value, offsets = cast(np.ndarray, args[0]), cast(np.ndarray, args[2])
        if value.size == 2 * offsets.size:  # b8: request i stores byte lane 2i
            value = value[::2]
        active = active_lanes(args[3], value.size, "vscatter")
        writes = vm.scatter(memory, address, value, offsets, active, self.machine.target.arch)
        self.on_ub(op, memory, lane, writes=writes)
        return ()

    # ---- unaligned-store stream ---------------------------------------------------------------
    @implements(VstuOp)
    def run_vstu(self, interpreter: Interpreter, op: VstuOp, args: PythonValues) -> PythonValues:
        state, value = cast(vm.AlignState, args[0]), cast(np.ndarray, args[2])
        lane = lane_type(op.value)
        payload = np.ascontiguousarray(value).view(np.uint8)
        memory, dest = self.ub(args[3])
        if op.mode_operand is not None:  # form A: threads the base pointer
            base_in = cast(Pointer, args[1])
            base_memory, address = self.ub(base_in)
            check(base_memory is memory, "vstu base_in and dest must address the same memory")
            mode = VSTU_MODE_INDEX.get(int(args[4]))
            check(mode is not None, f"vstu mode must be 0 (no post-update) or 1 (post-update), "
                  f"got {int(args[4])}")  # fmt: skip
            new = self._step(interpreter, op, state, memory, address, payload, lane)
            step = vm.VREG_BYTES if mode is PostUpdate.POST_UPDATE else 0
            return (new, Pointer(base_in.memory, base_in.offset + step, base_in.dtype))
        offset = int(args[1])  # form B: threads an element offset
        address = dest + offset * ub_element(op.dest, lane).bytes
        new = self._step(interpreter, op, state, memory, address, payload, lane)
        lanes = value.size if op.post_update is PostUpdate.POST_UPDATE else 0
        return (new, offset + lanes)

    @implements(VstusOp)
    def run_vstus(self, interpreter: Interpreter, op: VstusOp, args: PythonValues) -> PythonValues:
        state, value = cast(vm.AlignState, args[0]), cast(np.ndarray, args[2])
        lane = lane_type(op.value)
        memory, _ = self.ub(args[3])
        form_a = op.offset is not None
        base = cast(Pointer, args[1] if form_a else args[3])
        count = int(args[4] if form_a else args[1])
        if op.ptoas_form:  # PTOAS's form counts elements
            count *= lane.bytes
        check(
            0 <= count <= vm.VREG_BYTES and count % lane.bytes == 0,
            f"vstus stores the first offset bytes of the vector: offset must be a multiple of "
            f"{lane.bytes} in [0, {vm.VREG_BYTES}], got {count}",
        )
        base_memory, address = self.ub(base)
        check(base_memory is memory, "vstus base_in and dest must address the same memory")
        payload = np.ascontiguousarray(value).view(np.uint8)[:count]
        new = self._step(interpreter, op, state, memory, address, payload, lane)
        if op.ptoas_form:
            if op.base_out is None:
                return (new,)
            return (new, base.advanced_bytes(count))
        post = form_a or op.post_update is PostUpdate.POST_UPDATE
        return (new, Pointer(base.memory, base.offset + (count if post else 0), base.dtype))

    @implements(VsturOp)
    def run_vstur(self, interpreter: Interpreter, op: VsturOp, args: PythonValues) -> PythonValues:
        state, value = cast(vm.AlignState, args[0]), cast(np.ndarray, args[1])
        lane = lane_type(op.value)
        memory, dest = self.ub(args[2])
        ar = 0 if state.is_load else state.ar
        post = op.post_update is not PostUpdate.NO_POST_UPDATE  # form A updates AR
        payload = np.ascontiguousarray(value).view(np.uint8)
        new_ar = ar + vm.VREG_BYTES if post else ar
        self.machine.ar = new_ar
        return (self._step(interpreter, op, state, memory, dest + ar, payload, lane, new_ar),)

    @implements(VstaOp)
    def run_vsta(self, interpreter: Interpreter, op: VstaOp, args: PythonValues) -> PythonValues:
        memory, dest = self.ub(args[1])
        address = dest + int(args[2]) * ub_element(op.dest, unsigned(8)).bytes
        self._flush(op, cast(vm.AlignState, args[0]), memory, address)
        return ()

    @implements(VstasOp)
    def run_vstas(self, interpreter: Interpreter, op: VstasOp, args: PythonValues) -> PythonValues:
        memory, dest = self.ub(args[1])
        step = int(args[2]) * ub_element(op.dest, unsigned(8)).bytes  # elements
        if op.updated_base is None:
            self._flush(op, cast(vm.AlignState, args[0]), memory, dest + step)
            return ()
        self._flush(op, cast(vm.AlignState, args[0]), memory, dest)
        return (cast(Pointer, args[1]).advanced_bytes(step),)

    @implements(VstarOp)
    def run_vstar(self, interpreter: Interpreter, op: VstarOp, args: PythonValues) -> PythonValues:
        state = cast(vm.AlignState, args[0])
        memory, dest = self.ub(args[1])
        self._flush(op, state, memory, dest + (0 if state.is_load else state.ar))
        return ()
