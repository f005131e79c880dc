"""Interpreter functions of `pto_dialect.ops.scalar_memory`: scalar loads and stores through
pointers (pipe S), cache maintenance and fences, local scalar arrays."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

import numpy as np
from xdsl.dialects.builtin import IntegerType
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import check
from interpreters.engine.impls import implements, register_functions
from interpreters.machine.core import Machine, MachineFunctions
from interpreters.machine.memory import Access, Memory, Pointer
from interpreters.semantics.vector_arith import broadcast
from pto_dialect.attrs import Pipe
from pto_dialect.dtypes import dtype_of
from pto_dialect.memory_types import MemorySpace, PtrType
from pto_dialect.ops.pointer import PtrIntCastOp
from pto_dialect.ops.scalar_memory import (
    CmoCacheInvalidOp,
    DcciOp,
    DeclareEventIdArrayOp,
    DeclareLocalArrayOp,
    DsbOp,
    EventIdArrayGetOp,
    EventIdArraySetOp,
    FenceBarrierAllOp,
    LdDevOp,
    LoadScalarOp,
    LocalArrayGetOp,
    LocalArraySetOp,
    LocalArrayType,
    ScalarAccessOp,
    StDevOp,
    StoreScalarOp,
)
from pto_dialect.ops.scalar_struct import DeclareStructOp, StructGetOp, StructSetOp, StructType

_GM_TAG = 40
"""`ptrtoint` of a GM pointer: (memory tag << 40) | byte offset, so that `inttoptr` of that
integer finds the kernel argument again (GM has one memory per argument here)."""


@register_functions
class ScalarMemoryFunctions(MachineFunctions):
    """One element through a pointer on pipe S; `cmo.cacheinvalid` orders only (no data
    cache is modelled); `fence.barrier_all` waits for every pipe; local arrays are numpy
    arrays of their element type; `ptrtoint`/`inttoptr` round-trip pointers."""

    def __init__(self, machine: Machine) -> None:
        super().__init__(machine)
        self._gm: dict[int, Memory] = {}
        """GM memories `ptrtoint` gave a tag, by tag."""

    @implements(PtrIntCastOp)
    def run_ptr_int_cast(
        self, interpreter: Interpreter, op: PtrIntCastOp, args: PythonValues
    ) -> PythonValues:
        if op.TO_INT:
            ptr = cast(Pointer, args[0])
            if ptr.memory is None or ptr.memory.space is not MemorySpace.GM:
                return (ptr.offset,)  # on-chip: its byte address in its memory
            tag = len(self._gm) + 1
            for known, memory in self._gm.items():
                if memory is ptr.memory:
                    tag = known
            self._gm[tag] = ptr.memory
            return ((tag << _GM_TAG) | ptr.offset,)
        target = cast(PtrType, op.result.type)
        address = int(args[0])
        if target.memory is MemorySpace.GM:
            memory = self._gm.get(address >> _GM_TAG)
            check(memory is not None, f"inttoptr of {address}: not an address ptrtoint gave")
            return (Pointer(memory, address & ((1 << _GM_TAG) - 1), target.element),)
        check(address >= 0, f"inttoptr of the negative address {address}")
        return (Pointer(self.machine.memory(target.memory), address, target.element),)

    def _element(self, op: ScalarAccessOp, args: PythonValues) -> tuple[Pointer, Access]:
        ptype = cast(PtrType, op.operands[0].type)
        dtype = ptype.element
        assert dtype is not None
        ptr = self.machine.place(cast(Pointer, args[0]), ptype.memory)
        assert ptr.memory is not None
        at = ptr.offset + int(args[1]) * dtype.bytes
        check(
            at >= 0 and at + dtype.bytes <= ptr.memory.size,
            f"element {int(args[1])} of the pointer (byte {at}) is outside {ptr.memory.name} "
            f"({ptr.memory.size} bytes)",
        )
        return Pointer(ptr.memory, at, dtype), Access(ptr.memory, at, at + dtype.bytes)

    @implements(LoadScalarOp, LdDevOp)
    def run_load_scalar(
        self, interpreter: Interpreter, op: LoadScalarOp | LdDevOp, args: PythonValues
    ) -> PythonValues:
        ptr, access = self._element(op, args)
        assert ptr.memory is not None and ptr.dtype is not None
        self.on_pipe(op, reads=[access])
        return (ptr.memory.typed(ptr.offset, ptr.dtype, 1)[0].item(),)

    @implements(StoreScalarOp, StDevOp)
    def run_store_scalar(
        self, interpreter: Interpreter, op: StoreScalarOp | StDevOp, args: PythonValues
    ) -> PythonValues:
        ptr, access = self._element(op, args)
        assert ptr.memory is not None and ptr.dtype is not None
        self.on_pipe(op, writes=[access])
        ptr.memory.typed(ptr.offset, ptr.dtype, 1)[0] = broadcast(args[2], ptr.dtype, 1)[0]
        return ()

    @implements(CmoCacheInvalidOp, DcciOp)
    def run_cacheinvalid(
        self, interpreter: Interpreter, op: CmoCacheInvalidOp | DcciOp, args: PythonValues
    ) -> PythonValues:
        self.on_pipe(op)
        return ()

    @implements(FenceBarrierAllOp, DsbOp)
    def run_fence(
        self, interpreter: Interpreter, op: FenceBarrierAllOp | DsbOp, args: PythonValues
    ) -> PythonValues:
        self.machine.pipes.barrier(op, Pipe.ALL, implicit=True)
        return ()

    @implements(DeclareLocalArrayOp)
    def run_declare_local_array(
        self, interpreter: Interpreter, op: DeclareLocalArrayOp, args: PythonValues
    ) -> PythonValues:
        kind = op.array.type
        dtype = dtype_of(kind.element_type)
        numpy = np.int64 if dtype is None else dtype.numpy  # index elements
        count = int(np.prod(kind.shape, dtype=object))
        check(
            count * np.dtype(numpy).itemsize <= LOCAL_ARRAY_BYTES,
            f"a local array of {count} elements is larger than the {LOCAL_ARRAY_BYTES} bytes "
            "a run gives local arrays",
        )
        return (np.zeros(kind.shape, dtype=numpy),)

    @implements(LocalArrayGetOp)
    def run_local_array_get(
        self, interpreter: Interpreter, op: LocalArrayGetOp, args: PythonValues
    ) -> PythonValues:
        array = cast(np.ndarray, args[0])
        return (array[_index(array, args[1:])].item(),)

    @implements(LocalArraySetOp)
    def run_local_array_set(
        self, interpreter: Interpreter, op: LocalArraySetOp, args: PythonValues
    ) -> PythonValues:
        array = cast(np.ndarray, args[0])
        kind = cast(LocalArrayType, op.operands[0].type)
        dtype = dtype_of(kind.element_type)
        value = args[-1]
        array[_index(array, args[1:-1])] = value if dtype is None else broadcast(value, dtype, 1)[0]
        return ()

    @implements(DeclareEventIdArrayOp)
    def run_declare_eventid_array(
        self, interpreter: Interpreter, op: DeclareEventIdArrayOp, args: PythonValues
    ) -> PythonValues:
        count = op.array.type.length.data
        check(
            count * 8 <= LOCAL_ARRAY_BYTES,
            f"an event-id array of {count} ids is larger than the {LOCAL_ARRAY_BYTES} bytes "
            "a run gives local arrays",
        )
        return (np.zeros(count, dtype=np.int64),)

    @implements(EventIdArrayGetOp)
    def run_eventid_array_get(
        self, interpreter: Interpreter, op: EventIdArrayGetOp, args: PythonValues
    ) -> PythonValues:
        array = cast(np.ndarray, args[0])
        return (int(array[_index(array, args[1:])]),)

    @implements(EventIdArraySetOp)
    def run_eventid_array_set(
        self, interpreter: Interpreter, op: EventIdArraySetOp, args: PythonValues
    ) -> PythonValues:
        array = cast(np.ndarray, args[0])
        array[_index(array, args[1:2])] = int(cast(int, args[2]))
        return ()

    @implements(DeclareStructOp)
    def run_declare_struct(
        self, interpreter: Interpreter, op: DeclareStructOp, args: PythonValues
    ) -> PythonValues:
        return (_fresh_struct(op.result.type),)

    @implements(StructGetOp)
    def run_struct_get(
        self, interpreter: Interpreter, op: StructGetOp, args: PythonValues
    ) -> PythonValues:
        *outer, last = op.indices
        return (_field_list(cast(list[object], args[0]), outer)[last],)

    @implements(StructSetOp)
    def run_struct_set(
        self, interpreter: Interpreter, op: StructSetOp, args: PythonValues
    ) -> PythonValues:
        *outer, last = op.indices
        _field_list(cast(list[object], args[0]), outer)[last] = args[1]
        return ()


def _fresh_struct(kind: StructType) -> list[object]:
    """A struct value: a list of its fields, each 0 (0.0 for a float) or a nested list."""
    return [
        _fresh_struct(f) if isinstance(f, StructType) else 0 if isinstance(f, IntegerType) else 0.0
        for f in kind.fields.data
    ]


def _field_list(struct: list[object], path: Sequence[int]) -> list[object]:
    """The (nested) struct list `path` leads to."""
    for index in path:
        struct = cast(list[object], struct[index])
    return struct


LOCAL_ARRAY_BYTES = 1 << 26
"""The largest local array a run makes (64 MiB): a kernel's local arrays live on the scalar
unit's stack, far smaller; the cap turns a mutated or wrong shape into a diagnostic instead
of a host allocation failure."""


def _index(array: np.ndarray, indices: PythonValues) -> tuple[int, ...]:
    at = tuple(int(i) for i in indices)
    check(
        all(0 <= i < n for i, n in zip(at, array.shape, strict=True)),
        f"local array index {list(at)} is outside its shape {list(array.shape)}",
    )
    return at
