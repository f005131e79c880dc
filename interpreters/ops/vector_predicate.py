"""Interpreter functions of the predicate algebra and the predicate loads and stores.

Masks are bool lane arrays (`interpreters.ops.vector_arith`); the numpy semantics, including
the 256-bit register view and the UB images, are `interpreters.semantics.predicate`.
Register ops run on PIPE_V with the cycles of their record; loads and stores also record
the UB bytes they read or write, so that the hazard detector sees them as it sees
vlds/vsts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import cast

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues
from xdsl.ir import Attribute

from interpreters.engine.errors import check
from interpreters.engine.impls import implements, register_functions
from interpreters.machine.memory import Memory, Pointer
from interpreters.ops.vector_load import UbFunctions
from interpreters.semantics import predicate as sem
from interpreters.semantics import vector_arith as arith_sem
from interpreters.semantics import vector_memory as vm
from pto_dialect.dtypes import I8, I16, I32
from pto_dialect.memory_types import PtrType
from pto_dialect.ops.base import PtoOp
from pto_dialect.ops.vector_common import mask_of
from pto_dialect.ops.vector_predicate import (
    MaskBinaryOp,
    MaskPartOp,
    PAndOp,
    PDintlvOp,
    PIntlvOp,
    PNotOp,
    POrOp,
    PPackOp,
    PSelOp,
    PXorOp,
)
from pto_dialect.ops.vector_predicate_memory import (
    ALIGN_BYTES,
    IMMEDIATE_UNITS,
    PldOp,
    PredicateLoadOp,
    PredicateStoreOp,
    PstOp,
    PstuOp,
)
from pto_dialect.vector_types import MaskType

_COST_DTYPE = {8: I8, 16: I16, 32: I32}
"""The element type a predicate op of each granularity is costed with."""

Logic = Callable[[np.ndarray, np.ndarray, np.ndarray], np.ndarray]

LOGIC: Mapping[type[MaskBinaryOp], Logic] = MappingProxyType(
    {PAndOp: sem.pand, POrOp: sem.por, PXorOp: sem.pxor, PSelOp: sem.psel}
)
"""The numpy semantics of each three-mask op."""


@register_functions
class VectorPredicateFunctions(UbFunctions):
    """pand, por, pxor, psel, pnot, ppack, punpack, p[d]intlv and the predicate loads and
    stores (`pge_b*` is a `pset_b*`: `VectorArithFunctions.run_pset`)."""

    def _register_op(self, op: PtoOp, bits: int) -> None:
        self.on_vector_pipe(op, _COST_DTYPE[bits])

    # ---- register ops -------------------------------------------------------------------
    @implements(MaskBinaryOp)
    def run_binary(
        self, interpreter: Interpreter, op: MaskBinaryOp, args: PythonValues
    ) -> PythonValues:
        src0, src1, mask = cast(tuple[np.ndarray, np.ndarray, np.ndarray], tuple(args))
        self._register_op(op, mask_of(op.result).bits.data)
        return (LOGIC[type(op)](src0, src1, mask),)

    @implements(PNotOp)
    def run_pnot(self, interpreter: Interpreter, op: PNotOp, args: PythonValues) -> PythonValues:
        src, mask = cast(tuple[np.ndarray, np.ndarray], tuple(args))
        self._register_op(op, mask_of(op.result).bits.data)
        return (sem.pnot(src, mask),)

    @implements(MaskPartOp)
    def run_part(
        self, interpreter: Interpreter, op: MaskPartOp, args: PythonValues
    ) -> PythonValues:
        src = cast(np.ndarray, args[0])
        result = mask_of(op.result)
        move = sem.ppack if isinstance(op, PPackOp) else sem.punpack
        self._register_op(op, result.bits.data)
        return (move(src, op.higher, result.lanes),)

    @implements(PIntlvOp)
    def run_pintlv(
        self, interpreter: Interpreter, op: PIntlvOp, args: PythonValues
    ) -> PythonValues:
        lhs, rhs = cast(tuple[np.ndarray, np.ndarray], tuple(args))
        self._register_op(op, op.BITS)
        return sem.pintlv(lhs, rhs)

    @implements(PDintlvOp)
    def run_pdintlv(
        self, interpreter: Interpreter, op: PDintlvOp, args: PythonValues
    ) -> PythonValues:
        lhs, rhs = cast(tuple[np.ndarray, np.ndarray], tuple(args))
        self._register_op(op, op.BITS)
        return sem.pdintlv(lhs, rhs)

    # ---- loads and stores ---------------------------------------------------------------
    def _address(self, op: PtoOp, pointer: object, offset: int) -> tuple[Memory, int]:
        """The UB memory and the 8-byte aligned byte address `offset` bytes past `pointer`."""
        memory, base = self.ub(pointer)
        address = base + offset
        vm.check_aligned(address, ALIGN_BYTES, f"{op.name}")
        return memory, address

    @staticmethod
    def _unit(ptr_type: Attribute) -> int:
        """Bytes per `[%off]` unit: the pointer's element size (1 for an untyped pointer)."""
        assert isinstance(ptr_type, PtrType)
        return 1 if ptr_type.element is None else ptr_type.element.bytes

    @implements(PredicateLoadOp)
    def run_load(
        self, interpreter: Interpreter, op: PredicateLoadOp, args: PythonValues
    ) -> PythonValues:
        step = self._step(op, args[1] if op.offset is not None else None)
        if op.updated_base is None:
            return self._load(op, args[0], step, op.dist_value(), op.result.type)
        (mask,) = self._load(op, args[0], 0, op.dist_value(), op.result.type)
        return (mask, cast(Pointer, args[0]).advanced_bytes(step))

    @implements(PldOp)
    def run_pld(self, interpreter: Interpreter, op: PldOp, args: PythonValues) -> PythonValues:
        offset = arith_sem.to_i32(int(args[1])) * ALIGN_BYTES
        return self._load(op, args[0], offset, op.dist_value(), op.result.type)

    def _load(
        self, op: PtoOp, pointer: object, offset: int, dist: str, result: Attribute
    ) -> PythonValues:
        memory, address = self._address(op, pointer, offset)
        nbytes = sem.LOAD_BYTES[dist]
        vm.check_span(memory, address, nbytes, op.name)
        data = memory.data[address : address + nbytes].copy()
        self.on_ub(op, memory, I8, reads=[(address, address + nbytes)])
        assert isinstance(result, MaskType)
        return (sem.load_image(data, dist, result.lanes),)

    @implements(PredicateStoreOp)
    def run_store(
        self, interpreter: Interpreter, op: PredicateStoreOp, args: PythonValues
    ) -> PythonValues:
        step = self._step(op, args[2] if op.offset is not None else None)
        if op.updated_base is None:
            self._store(op, cast(np.ndarray, args[0]), args[1], step, op.dist_value())
            return ()
        self._store(op, cast(np.ndarray, args[0]), args[1], 0, op.dist_value())
        return (cast(Pointer, args[1]).advanced_bytes(step),)

    def _step(self, op: PredicateLoadOp | PredicateStoreOp, offset: object) -> int:
        """Bytes the offset counts: the pointer's elements, or for pldi/psti their DIST's
        unit (IMMEDIATE_UNITS)."""
        if offset is None:
            return 0
        if op.IMMEDIATE:
            return int(cast(int, offset)) * IMMEDIATE_UNITS[op.dist_value()]
        return int(cast(int, offset)) * self._unit(
            op.operands[0 if isinstance(op, PredicateLoadOp) else 1].type
        )

    @implements(PstOp)
    def run_pst(self, interpreter: Interpreter, op: PstOp, args: PythonValues) -> PythonValues:
        offset = arith_sem.to_i32(int(args[2])) * ALIGN_BYTES
        self._store(op, cast(np.ndarray, args[0]), args[1], offset, op.dist_value())
        return ()

    def _store(self, op: PtoOp, mask: np.ndarray, pointer: object, offset: int, dist: str) -> None:
        memory, address = self._address(op, pointer, offset)
        image = sem.store_image(mask, dist)
        vm.check_span(memory, address, image.size, op.name)
        memory.data[address : address + image.size] = image
        self.on_ub(op, memory, I8, writes=[(address, address + image.size)])

    @implements(PstuOp)
    def run_pstu(self, interpreter: Interpreter, op: PstuOp, args: PythonValues) -> PythonValues:
        state, mask = cast(vm.AlignState, args[0]), cast(np.ndarray, args[1])
        base = cast(Pointer, args[2])
        memory, address = self.ub(base)
        payload = sem.packed_image(mask)
        size = base_bytes(base)
        check(address % size == 0, f"pstu base address {address} must be {size}-byte aligned")
        new, writes = vm.store_unaligned(memory, address, payload, state, op)
        self.on_ub(op, memory, I8, writes=writes)
        return (new, base.advanced(payload.size // base_bytes(base)))


def base_bytes(ptr: Pointer) -> int:
    """Bytes of one element of `ptr` (1 for an untyped pointer)."""
    return 1 if ptr.dtype is None else ptr.dtype.bytes
