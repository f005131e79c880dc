"""Interpreter functions of the vector compute side: the pointer ops
`castptr`/`addptr`, the predicate generators `plt_b*`/`pset_b*`, and the vector compute
micro-ops (seed 004's binary family, `vabs`, `vneg`, `vnot`, `vmula`, `vbr`).

They bridge IR and `semantics.vector_arith`. Values: a `!pto.vreg<NxT>` is a 1-D numpy
array of N elements of T, a `!pto.mask<bW>` a 1-D bool array of 2048/W lanes, a `!pto.ptr`
an `interpreters.machine.memory.Pointer`. Register ops touch no memory but still run on PIPE_V
for the timeline, with the cycles of their record (`costs.vector_cycles`, one repeat).
`BINARY` and `UNARY` say which numpy function computes which op. `castptr` and `addptr`
are bookkeeping: no pipe, no cycles (`pto.vecscope` itself: `interpreters.ops.vecscope`).
Numpy's floating-point warnings are expected to be silenced by whoever runs the interpreter
(`pto-run` does).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import cast

import numpy as np
from xdsl.dialects.builtin import IndexType, IntegerType
from xdsl.interpreter import Interpreter, PythonValues
from xdsl.ir import Attribute

from interpreters.engine.errors import PtoRuntimeError, check
from interpreters.engine.impls import implements, register_functions
from interpreters.machine.core import Machine, MachineFunctions
from interpreters.machine.memory import Pointer
from interpreters.semantics import math, vector_bits, vector_fused
from interpreters.semantics import vector_arith as sem
from pto_dialect import rules
from pto_dialect.dtypes import I8, I16, I32, DType
from pto_dialect.memory_types import MemorySpace, PtrType
from pto_dialect.ops.base import PtoOp
from pto_dialect.ops.pointer import AddPtrOp, CastPtrOp
from pto_dialect.ops.vector_arith import (
    VAbsOp,
    VAddCOp,
    VAddOp,
    VAndOp,
    VBrOp,
    VDivOp,
    VectorBinaryOp,
    VectorCarryOp,
    VectorUnaryOp,
    VMaxOp,
    VMinOp,
    VMulAOp,
    VMulOp,
    VNegOp,
    VNotOp,
    VOrOp,
    VShlOp,
    VShrOp,
    VSubOp,
    VXorOp,
)
from pto_dialect.ops.vector_bits import VBcntOp, VClsOp, VMovOp
from pto_dialect.ops.vector_fused import VAddReluOp, VSubReluOp
from pto_dialect.ops.vector_mask import PltOp, PsetOp
from pto_dialect.ops.vector_math import (
    VExpOp,
    VLnOp,
    VPreluOp,
    VRecOp,
    VReluOp,
    VRsqrtOp,
    VSqrtOp,
)
from pto_dialect.rules import VectorArithRules
from pto_dialect.vector_types import VRegType

_MASK_COST_DTYPE = {8: I8, 16: I16, 32: I32}
"""The element type a `plt`/`pset` of each granularity is costed with (as a `vbr`)."""


BINARY: Mapping[type[VectorBinaryOp], sem.LaneOp] = MappingProxyType(
    {
        VAddOp: sem.lanes_of(np.add),
        VSubOp: sem.lanes_of(np.subtract),
        VMulOp: sem.lanes_of(np.multiply),
        VDivOp: sem.divide,
        VMaxOp: sem.maximum,
        VMinOp: sem.minimum,
        VAndOp: sem.bitwise(np.bitwise_and),
        VOrOp: sem.bitwise(np.bitwise_or),
        VXorOp: sem.bitwise(np.bitwise_xor),
        VShlOp: sem.shift(left=True),
        VShrOp: sem.shift(left=False),
        VPreluOp: math.vprelu,
        VAddReluOp: vector_fused.relu_of(np.add),
        VSubReluOp: vector_fused.relu_of(np.subtract),
    }
)
"""The numpy semantics of each binary vector op (`vaddc`/`vsubc`: `sem.carry`)."""

UNARY: Mapping[type[VectorUnaryOp], sem.UnaryLaneOp] = MappingProxyType(
    {
        VAbsOp: sem.absolute,
        VNegOp: sem.negate,
        VNotOp: sem.invert,
        VExpOp: math.exp_values,
        VLnOp: math.ln_values,
        VSqrtOp: math.sqrt_values,
        VRsqrtOp: math.rsqrt_values,
        VRecOp: math.recip_values,
        VReluOp: math.relu_values,
        VBcntOp: vector_bits.popcount,
        VClsOp: vector_bits.leading_sign_bits,
        VMovOp: vector_bits.copy,
    }
)
"""The numpy semantics of each unary vector op."""


def _element(type: Attribute) -> DType:
    assert isinstance(type, VRegType)
    return type.element


@register_functions
class VectorArithFunctions(MachineFunctions):
    """Vector compute micro-ops, predicates and pointers."""

    def __init__(self, machine: Machine) -> None:
        super().__init__(machine)
        self._dtypes: dict[PtoOp, DType] = {}
        """Per op: the element type of its (first) vreg result, read from the IR once."""
        self._castptr: dict[CastPtrOp, tuple[bool, bool, MemorySpace | None, DType | None]] = {}
        """Per castptr: whether it makes a pointer, a typed one, its space and element."""

    def _dtype(self, op: PtoOp) -> DType:
        dtype = self._dtypes.get(op)
        if dtype is None:
            dtype = self._dtypes[op] = _element(op.results[0].type)
        return dtype

    @property
    def _rules(self) -> VectorArithRules:
        return rules.VECTOR_ARITH_RULES[self.machine.target.arch]

    # ---- pointers ---------------------------------------------------------------------
    @implements(CastPtrOp)
    def run_castptr(
        self, interpreter: Interpreter, op: CastPtrOp, args: PythonValues
    ) -> PythonValues:
        value = args[0]
        static = self._castptr.get(op)
        if static is None:  # fixed per op during a run: read from the IR once
            target = op.result.type
            typed = isinstance(target, PtrType) and target.is_typed
            space = target.memory if isinstance(target, PtrType) else None
            element = target.element if isinstance(target, PtrType) else None
            static = self._castptr[op] = (isinstance(target, PtrType), typed, space, element)
        is_pointer, typed, space, element = static
        if not is_pointer:  # pointer -> integer: its byte address
            ptr = cast(Pointer, value)
            if ptr.memory is not None and ptr.memory.space is MemorySpace.GM:
                return (self.machine.gm.address(ptr.memory, ptr.offset),)
            return (ptr.offset,)
        assert space is not None
        if isinstance(value, Pointer):  # pointer -> pointer: the same bytes, retyped
            if not typed:
                return (Pointer(value.memory, value.offset, None),)
            check(
                value.memory is not None or space is not MemorySpace.GM,
                "castptr of an untyped address to a gm pointer: GM has no single memory "
                "(GM pointers are kernel arguments)",
            )
            placed = self.machine.place(value, space)
            return (Pointer(placed.memory, placed.offset, element),)
        assert isinstance(op.input.type, IntegerType | IndexType)
        address = int(value)
        if address < 0:
            raise PtoRuntimeError(f"castptr of the negative address {address}")
        if not typed:  # placed by the op that uses it (machine.place)
            return (Pointer(None, address, None),)
        if space is MemorySpace.GM:  # an address castptr made of a GM pointer
            try:
                memory, offset = self.machine.gm.locate(address)
            except PtoRuntimeError:  # (not `check`: the message prints a type)
                raise PtoRuntimeError(
                    f"castptr of address {address} to {op.result.type}: GM has no single "
                    "memory to point into (GM pointers are kernel arguments, or integers "
                    "castptr made of them)"
                ) from None
            return (Pointer(memory, offset, element),)
        return (Pointer(self.machine.memory(space), address, element),)

    @implements(AddPtrOp)
    def run_addptr(
        self, interpreter: Interpreter, op: AddPtrOp, args: PythonValues
    ) -> PythonValues:
        ptr = cast(Pointer, args[0])
        elements = int(args[1])
        result = op.result.type
        element = result.element
        if element is None:  # a SIMT payload (vector<2xT>, !pto.hif8x2): its own size
            size = result.pointee_bytes or 1
            moved = Pointer(ptr.memory, ptr.offset + elements * size, None)
        else:
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
    @implements(PltOp)
    def run_plt(self, interpreter: Interpreter, op: PltOp, args: PythonValues) -> PythonValues:
        mask, remaining = sem.plt(int(args[0]), op.lanes)
        self.on_vector_pipe(op, _MASK_COST_DTYPE[op.BITS])
        return (mask, remaining)

    @implements(PsetOp)
    def run_pset(self, interpreter: Interpreter, op: PsetOp, args: PythonValues) -> PythonValues:
        mask = sem.pset(op.pattern.data, op.lanes)
        self.on_vector_pipe(op, _MASK_COST_DTYPE[op.BITS])
        return (mask,)

    # ---- binary family (seed 004), unary ops ----------------------------------------------
    @implements(VectorBinaryOp)
    def run_binary(
        self, interpreter: Interpreter, op: VectorBinaryOp, args: PythonValues
    ) -> PythonValues:
        if isinstance(op, VectorCarryOp):
            return self._carry(op, args)
        dtype = self._dtype(op)
        lhs, rhs, mask = cast(tuple[np.ndarray, np.ndarray, np.ndarray], tuple(args))
        result = sem.binary(BINARY[type(op)], lhs, rhs, mask, dtype, self._rules)
        self.on_vector_pipe(op, dtype)
        return (result,)

    def _carry(self, op: VectorCarryOp, args: PythonValues) -> PythonValues:
        dtype = self._dtype(op)
        lhs, rhs, mask = cast(tuple[np.ndarray, np.ndarray, np.ndarray], tuple(args))
        result, flags = sem.carry(isinstance(op, VAddCOp), lhs, rhs, mask)
        self.on_vector_pipe(op, dtype)
        return (result, flags)

    @implements(VectorUnaryOp)
    def run_unary(
        self, interpreter: Interpreter, op: VectorUnaryOp, args: PythonValues
    ) -> PythonValues:
        dtype = self._dtype(op)
        values, mask = cast(tuple[np.ndarray, np.ndarray], tuple(args))
        result = sem.unary(UNARY[type(op)], values, mask, dtype)
        self.on_vector_pipe(op, dtype)
        return (result,)

    @implements(VMulAOp)
    def run_vmula(self, interpreter: Interpreter, op: VMulAOp, args: PythonValues) -> PythonValues:
        dtype = self._dtype(op)
        acc, lhs, rhs, mask = cast(tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray],
                                   tuple(args))  # fmt: skip
        result = sem.multiply_add(acc, lhs, rhs, mask, dtype)
        self.on_vector_pipe(op, dtype)
        return (result,)

    @implements(VBrOp)
    def run_vbr(self, interpreter: Interpreter, op: VBrOp, args: PythonValues) -> PythonValues:
        vreg = op.result.type
        dtype = vreg.element
        result = sem.broadcast(cast(int | float, args[0]), dtype, vreg.lanes.data)
        self.on_vector_pipe(op, dtype)
        return (result,)
