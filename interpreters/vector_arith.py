"""Interpreter functions of the vector compute side: `pto.vecscope`, the pointer ops
`castptr`/`addptr`, the predicate generators `plt_b*`/`pset_b*`, and the vector compute
micro-ops (seed 004's binary family, `vabs`, `vmula`, `vbr`).

They bridge IR and `semantics.vector_arith`. Values: a `!pto.vreg<NxT>` is a 1-D numpy
array of N elements of T, a `!pto.mask<bW>` a 1-D bool array of 2048/W lanes, a `!pto.ptr`
an `interpreters.memory.Pointer`. Register ops touch no memory but still run on PIPE_V
for the timeline, with the cycles of `costs.vector_cycles` (one repeat); `plt`/`pset` are
costed as `vbr`. `vecscope`, `castptr` and `addptr` are bookkeeping: no pipe, no cycles.
Numpy's floating-point warnings are expected to be silenced by whoever runs the
interpreter (`pto-run` does).
"""

from __future__ import annotations

from typing import cast

import numpy as np
from xdsl.dialects.builtin import IndexType, IntegerType
from xdsl.interpreter import Interpreter, PythonValues, impl, register_impls
from xdsl.ir import Attribute

from interpreters import costs
from interpreters.errors import PtoRuntimeError, check
from interpreters.machine import Machine, MachineFunctions
from interpreters.memory import Pointer
from interpreters.semantics import vector_arith as sem
from pto_dialect.dtypes import I8, I16, I32, DType
from pto_dialect.ops.base import PtoOp
from pto_dialect.ops.pointer import AddPtrOp, CastPtrOp
from pto_dialect.ops.vecscope import VecScopeOp
from pto_dialect.ops.vector_arith import (
    VAbsOp,
    VAddCOp,
    VAddOp,
    VAndOp,
    VBrOp,
    VDivOp,
    VectorBinaryOp,
    VectorCarryOp,
    VMaxOp,
    VMinOp,
    VMulAOp,
    VMulOp,
    VOrOp,
    VShlOp,
    VShrOp,
    VSubCOp,
    VSubOp,
    VXorOp,
)
from pto_dialect.ops.vector_mask import (
    PltB8Op,
    PltB16Op,
    PltB32Op,
    PltOp,
    PsetB8Op,
    PsetB16Op,
    PsetB32Op,
    PsetOp,
)
from pto_dialect.types import MemorySpace, PtrType, VRegType

_MASK_COST_DTYPE = {8: I8, 16: I16, 32: I32}
"""The element type a `plt`/`pset` of each granularity is costed with (as a `vbr`)."""


def _element(type: Attribute) -> DType:
    assert isinstance(type, VRegType)
    return type.element


@register_impls
class VectorArithFunctions(MachineFunctions):
    """Vector compute micro-ops, predicates, pointers and `vecscope`."""

    def __init__(self, machine: Machine) -> None:
        super().__init__(machine)
        self._costs: dict[tuple[str, DType], int] = {}

    def _execute(self, op: PtoOp, name: str, dtype: DType) -> None:
        """Record the register op `op` on its pipe (PIPE_V), costed as one repeat of `name`."""
        pipes = self.machine.pipes
        if not pipes.tracking:
            return
        cycles = self._costs.get((name, dtype))
        if cycles is None:
            cycles = costs.vector_cycles(self.machine.target, name, dtype, 1)
            self._costs[(name, dtype)] = cycles
        pipes.execute(op, op.pipe(), cycles=cycles)

    @property
    def _rules(self) -> sem.VectorArithRules:
        return sem.RULES[self.machine.target.arch]

    # ---- scope and pointers ------------------------------------------------------------
    @impl(VecScopeOp)
    def run_vecscope(
        self, interpreter: Interpreter, op: VecScopeOp, args: PythonValues
    ) -> PythonValues:
        interpreter.run_ssacfg_region(op.body, (), "vecscope")
        return ()

    @impl(CastPtrOp)
    def run_castptr(
        self, interpreter: Interpreter, op: CastPtrOp, args: PythonValues
    ) -> PythonValues:
        value = args[0]
        target = op.result.type
        if not isinstance(target, PtrType):  # pointer -> integer: its byte address
            return (cast(Pointer, value).offset,)
        if isinstance(value, Pointer):  # pointer -> pointer: the same bytes, retyped
            if not target.is_typed:
                return (Pointer(value.memory, value.offset, None),)
            space = target.memory
            check(
                value.memory is not None or space is not MemorySpace.GM,
                "castptr of an untyped address to a gm pointer: GM has no single memory "
                "(GM pointers are kernel arguments)",
            )
            placed = self.machine.place(value, space)
            return (Pointer(placed.memory, placed.offset, target.element),)
        assert isinstance(op.input.type, IntegerType | IndexType)
        address = int(value)
        check(address >= 0, f"castptr of the negative address {address}")
        if not target.is_typed:  # placed by the op that uses it (machine.place)
            return (Pointer(None, address, None),)
        space = target.memory
        if space is MemorySpace.GM:  # (not `check`: the message prints a type)
            raise PtoRuntimeError(
                f"castptr of address {address} to {target}: GM has no single memory to point "
                "into (GM pointers are kernel arguments)"
            )
        return (Pointer(self.machine.memory(space), address, target.element),)

    @impl(AddPtrOp)
    def run_addptr(
        self, interpreter: Interpreter, op: AddPtrOp, args: PythonValues
    ) -> PythonValues:
        ptr = cast(Pointer, args[0])
        elements = int(args[1])
        element = op.result.type.element
        if ptr.dtype != element:
            ptr = Pointer(ptr.memory, ptr.offset, element)
        moved = ptr.advanced(elements)
        if moved.offset < 0:
            where = "its memory" if moved.memory is None else moved.memory.name
            raise PtoRuntimeError(
                f"addptr of {elements} elements moves the pointer to byte {moved.offset}, "
                f"before the start of {where}"
            )
        return (moved,)

    # ---- predicates --------------------------------------------------------------------
    def _plt(self, op: PltOp, args: PythonValues) -> PythonValues:
        mask, remaining = sem.plt(int(args[0]), op.lanes)
        self._execute(op, "vbr", _MASK_COST_DTYPE[op.BITS])
        return (mask, remaining)

    def _pset(self, op: PsetOp) -> PythonValues:
        mask = sem.pset(op.pattern.data, op.lanes)
        self._execute(op, "vbr", _MASK_COST_DTYPE[op.BITS])
        return (mask,)

    @impl(PltB8Op)
    def run_plt_b8(self, interpreter: Interpreter, op: PltOp, args: PythonValues) -> PythonValues:
        return self._plt(op, args)

    @impl(PltB16Op)
    def run_plt_b16(self, interpreter: Interpreter, op: PltOp, args: PythonValues) -> PythonValues:
        return self._plt(op, args)

    @impl(PltB32Op)
    def run_plt_b32(self, interpreter: Interpreter, op: PltOp, args: PythonValues) -> PythonValues:
        return self._plt(op, args)

    @impl(PsetB8Op)
    def run_pset_b8(self, interpreter: Interpreter, op: PsetOp, args: PythonValues) -> PythonValues:
        return self._pset(op)

    @impl(PsetB16Op)
    def run_pset_b16(
        self, interpreter: Interpreter, op: PsetOp, args: PythonValues
    ) -> PythonValues:
        return self._pset(op)

    @impl(PsetB32Op)
    def run_pset_b32(
        self, interpreter: Interpreter, op: PsetOp, args: PythonValues
    ) -> PythonValues:
        return self._pset(op)

    # ---- binary family (seed 004) -----------------------------------------------------
    def _binary(self, op: VectorBinaryOp, args: PythonValues) -> PythonValues:
        name = op.name.removeprefix("pto.")
        dtype = _element(op.result.type)
        lhs, rhs, mask = cast(tuple[np.ndarray, np.ndarray, np.ndarray], tuple(args))
        result = sem.binary(name, lhs, rhs, mask, dtype, self._rules)
        self._execute(op, name, dtype)
        return (result,)

    def _carry(self, op: VectorCarryOp, args: PythonValues) -> PythonValues:
        name = op.name.removeprefix("pto.")
        dtype = _element(op.result.type)
        lhs, rhs, mask = cast(tuple[np.ndarray, np.ndarray, np.ndarray], tuple(args))
        result, flags = sem.carry(name, lhs, rhs, mask)
        self._execute(op, name, dtype)
        return (result, flags)

    @impl(VAddOp)
    def run_vadd(self, interpreter: Interpreter, op: VAddOp, args: PythonValues) -> PythonValues:
        return self._binary(op, args)

    @impl(VSubOp)
    def run_vsub(self, interpreter: Interpreter, op: VSubOp, args: PythonValues) -> PythonValues:
        return self._binary(op, args)

    @impl(VMulOp)
    def run_vmul(self, interpreter: Interpreter, op: VMulOp, args: PythonValues) -> PythonValues:
        return self._binary(op, args)

    @impl(VDivOp)
    def run_vdiv(self, interpreter: Interpreter, op: VDivOp, args: PythonValues) -> PythonValues:
        return self._binary(op, args)

    @impl(VMaxOp)
    def run_vmax(self, interpreter: Interpreter, op: VMaxOp, args: PythonValues) -> PythonValues:
        return self._binary(op, args)

    @impl(VMinOp)
    def run_vmin(self, interpreter: Interpreter, op: VMinOp, args: PythonValues) -> PythonValues:
        return self._binary(op, args)

    @impl(VAndOp)
    def run_vand(self, interpreter: Interpreter, op: VAndOp, args: PythonValues) -> PythonValues:
        return self._binary(op, args)

    @impl(VOrOp)
    def run_vor(self, interpreter: Interpreter, op: VOrOp, args: PythonValues) -> PythonValues:
        return self._binary(op, args)

    @impl(VXorOp)
    def run_vxor(self, interpreter: Interpreter, op: VXorOp, args: PythonValues) -> PythonValues:
        return self._binary(op, args)

    @impl(VShlOp)
    def run_vshl(self, interpreter: Interpreter, op: VShlOp, args: PythonValues) -> PythonValues:
        return self._binary(op, args)

    @impl(VShrOp)
    def run_vshr(self, interpreter: Interpreter, op: VShrOp, args: PythonValues) -> PythonValues:
        return self._binary(op, args)

    @impl(VAddCOp)
    def run_vaddc(self, interpreter: Interpreter, op: VAddCOp, args: PythonValues) -> PythonValues:
        return self._carry(op, args)

    @impl(VSubCOp)
    def run_vsubc(self, interpreter: Interpreter, op: VSubCOp, args: PythonValues) -> PythonValues:
        return self._carry(op, args)

    # ---- unary, multiply-accumulate, broadcast ----------------------------------------
    @impl(VAbsOp)
    def run_vabs(self, interpreter: Interpreter, op: VAbsOp, args: PythonValues) -> PythonValues:
        dtype = _element(op.result.type)
        values, mask = cast(tuple[np.ndarray, np.ndarray], tuple(args))
        result = sem.absolute(values, mask, dtype)
        self._execute(op, "vabs", dtype)
        return (result,)

    @impl(VMulAOp)
    def run_vmula(self, interpreter: Interpreter, op: VMulAOp, args: PythonValues) -> PythonValues:
        dtype = _element(op.result.type)
        acc, lhs, rhs, mask = cast(tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray],
                                   tuple(args))  # fmt: skip
        result = sem.multiply_add(acc, lhs, rhs, mask, dtype)
        self._execute(op, "vmula", dtype)
        return (result,)

    @impl(VBrOp)
    def run_vbr(self, interpreter: Interpreter, op: VBrOp, args: PythonValues) -> PythonValues:
        vreg = op.result.type
        dtype = vreg.element
        result = sem.broadcast(cast(int | float, args[0]), dtype, vreg.lanes.data)
        self._execute(op, "vbr", dtype)
        return (result,)
