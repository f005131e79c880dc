"""Interpreter functions of the VMI loads, stores, gathers and scatters
(`semantics.vmi_memory`): offsets count elements of the pointer's element type (of the
data's for an untyped pointer); each op records the UB bytes it really touched on PIPE_V."""

from __future__ import annotations

from typing import cast

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.impls import implements, register_functions
from interpreters.machine.memory import Memory
from interpreters.ops.vmi_common import VmiFunctions, accesses, vmi_array
from interpreters.semantics import vmi_memory as sem
from interpreters.semantics import vmi_rearrange as rearrange
from interpreters.semantics.rearrange import low_bytes
from interpreters.semantics.vector_memory import BLOCK
from pto_dialect.dtypes import U8, DType
from pto_dialect.ops.vmi_common import vreg_type
from pto_dialect.ops.vmi_indexed import (
    IndexedOp,
    VmiGatherOp,
    VmiScatterOp,
    VmiVgatherbOp,
    VmiVgatherOp,
    VmiVscatterOp,
)
from pto_dialect.ops.vmi_legacy_memory import (
    LegacyLoadOp,
    LegacyStoreOp,
    VmiCompressStoreOp,
    VmiDeinterleaveLoadOp,
    VmiExpandLoadOp,
    VmiGroupBroadcastLoadOp,
    VmiGroupLoadOp,
    VmiGroupSlotLoadOp,
    VmiGroupStoreOp,
    VmiInterleaveStoreOp,
    VmiMaskedLoadOp,
    VmiMaskedStoreOp,
    VmiStrideLoadOp,
    VmiStrideStoreOp,
)
from pto_dialect.ops.vmi_memory import (
    MemoryOp,
    VmiVloadOp,
    VmiVsstbOp,
    VmiVstoreOp,
    packed_byte_store,
)


def _int(value: object) -> int:
    return int(cast(int, value))


@register_functions
class VmiMemoryFunctions(VmiFunctions):
    def _load(self, op: MemoryOp, pointer: object, offset: object, offsets: np.ndarray,
              lane: DType) -> tuple[np.ndarray, Memory, list[tuple[int, int]]]:  # fmt: skip
        memory, address, element = self.ub(pointer)
        unit = element or lane
        base = address + _int(offset) * unit.bytes
        values, ranges = sem.load(memory, base, offsets, unit.numpy, op.name)
        return values, memory, list(ranges)

    def _store(self, op: MemoryOp, pointer: object, offset: object, offsets: np.ndarray,
               values: np.ndarray, active: np.ndarray | None) -> None:  # fmt: skip
        memory, address, element = self.ub(pointer)
        width = element.bytes if element is not None else values.dtype.itemsize
        ranges = sem.store(memory, address + _int(offset) * width, offsets, values, active,
                           op.name)  # fmt: skip
        self.record(op, writes=accesses(memory, ranges))

    # ---- the unified forms --------------------------------------------------------------
    @implements(VmiVloadOp)
    def run_vload(
        self, interpreter: Interpreter, op: VmiVloadOp, args: PythonValues
    ) -> PythonValues:
        result = vreg_type(op.results[0])
        lanes, lane = result.count, result.dtype
        mode, group = op.dist_mode, op.group
        stride = _int(args[2]) if op.stride is not None else 0
        if op.block_stride is not None:
            block = _int(args[2])
            repeat = _int(args[3]) if op.repeat_stride is not None else 0
            offsets = sem.blocks(lanes, lane.bytes, block, repeat)
        elif mode == "brc":
            offsets = (sem.broadcast_rows(lanes, group, stride) if group is not None
                       else np.zeros(lanes, np.int64))  # fmt: skip
        elif mode == "dintlv":
            offsets = sem.continuous(2 * lanes)
        elif group is not None:
            offsets = sem.slots(group, stride) if group == lanes else sem.rows(lanes, group, stride)
        else:
            offsets = sem.continuous(lanes)
        values, memory, ranges = self._load(op, args[0], args[1], offsets, lane)
        self.record(op, reads=accesses(memory, ranges))
        if mode == "dintlv":
            return (values[0::2].view(lane.numpy).copy(), values[1::2].view(lane.numpy).copy())
        if mode == "unpack":
            return (sem.unpack(values, lane.numpy),)
        return (values.view(lane.numpy),)

    @implements(VmiVstoreOp)
    def run_vstore(
        self, interpreter: Interpreter, op: VmiVstoreOp, args: PythonValues
    ) -> PythonValues:
        count = len(op.values)
        value = vmi_array(args[0])
        rest = list(args[count:])
        pointer, offset = rest[0], rest[1]
        mask = vmi_array(rest[-1]) if op.mask is not None else None
        lanes = value.size
        group = op.group
        if op.dist_mode == "dintlv":
            value = np.stack([value, vmi_array(args[1])], axis=1).reshape(-1)
            offsets = sem.continuous(2 * lanes)
        elif op.block_stride is not None:
            block = _int(rest[2])
            repeat = _int(rest[3]) if op.repeat_stride is not None else 0
            offsets = sem.blocks(lanes, value.dtype.itemsize, block, repeat)
        elif group is not None:
            stride = _int(rest[2])
            offsets = sem.slots(group, stride) if group == lanes else sem.rows(lanes, group, stride)
            if packed_byte_store(op.destination.type, vreg_type(op.values[0])):
                value = low_bytes(value, U8)
        else:
            offsets = sem.continuous(lanes)
        self._store(op, pointer, offset, offsets, value, mask)
        return ()

    @implements(VmiVsstbOp)
    def run_vsstb(
        self, interpreter: Interpreter, op: VmiVsstbOp, args: PythonValues
    ) -> PythonValues:
        value, mask = vmi_array(args[0]), vmi_array(args[4])
        per_block = BLOCK // value.dtype.itemsize
        offsets = sem.blocks(value.size, value.dtype.itemsize, _int(args[3]), 0)
        active = np.repeat(mask[::per_block], per_block)[: value.size]
        self._store(op, args[1], args[2], offsets, value, active)
        return ()

    @implements(VmiVgatherOp, VmiGatherOp)
    def run_gather(
        self, interpreter: Interpreter, op: IndexedOp, args: PythonValues
    ) -> PythonValues:
        lane = vreg_type(op.results[0]).dtype
        indices, mask = vmi_array(args[1]), vmi_array(args[2])
        offsets = indices.view(np.dtype(f"u{indices.dtype.itemsize}")).astype(np.int64)[mask]
        values, memory, ranges = self._load(op, args[0], 0, offsets, lane)
        fill = vmi_array(args[3]) if len(args) > 3 else np.zeros(mask.size, lane.numpy)
        result = fill.copy()
        result[mask] = values.view(lane.numpy)
        self.record(op, reads=accesses(memory, ranges))
        return (result,)

    @implements(VmiVgatherbOp)
    def run_gatherb(
        self, interpreter: Interpreter, op: VmiVgatherbOp, args: PythonValues
    ) -> PythonValues:
        result = vreg_type(op.result)
        offsets, mask = vmi_array(args[1]), vmi_array(args[2])
        per_block = BLOCK // result.dtype.bytes
        starts = offsets.view(np.dtype(f"u{offsets.dtype.itemsize}")).astype(np.int64)
        blocks = -(-result.count // per_block)
        bytes_index = (starts[:blocks, None] + np.arange(BLOCK)).reshape(-1)
        raw, memory, ranges = self._load(op, args[0], 0, bytes_index, U8)
        values = raw.view(result.dtype.numpy)[: result.count]
        self.record(op, reads=accesses(memory, ranges))
        return (np.where(mask, values, np.zeros((), values.dtype)),)

    @implements(VmiVscatterOp, VmiScatterOp)
    def run_scatter(
        self, interpreter: Interpreter, op: IndexedOp, args: PythonValues
    ) -> PythonValues:
        value, indices, mask = vmi_array(args[0]), vmi_array(args[2]), vmi_array(args[3])
        offsets = indices.view(np.dtype(f"u{indices.dtype.itemsize}")).astype(np.int64)
        self._store(op, args[1], 0, offsets, value, mask)
        return ()

    # ---- legacy forms ---------------------------------------------------------------------
    @implements(LegacyLoadOp)
    def run_legacy_load(
        self, interpreter: Interpreter, op: LegacyLoadOp, args: PythonValues
    ) -> PythonValues:
        result = vreg_type(op.results[0])
        lanes, lane = result.count, result.dtype
        groups = op.attr_int("num_groups") or 1
        active: np.ndarray | None = None
        if isinstance(op, VmiDeinterleaveLoadOp):
            offsets = sem.continuous(2 * lanes)
        elif isinstance(op, VmiGroupLoadOp):
            offsets = sem.rows(lanes, groups, _int(args[2]))
        elif isinstance(op, VmiGroupSlotLoadOp):
            offsets = sem.slots(groups, _int(args[2]))
        elif isinstance(op, VmiGroupBroadcastLoadOp):
            offsets = sem.broadcast_rows(lanes, groups, _int(args[2]))
        elif isinstance(op, VmiStrideLoadOp):
            offsets = sem.blocks(lanes, lane.bytes, _int(args[2]), _int(args[3]))
            active = vmi_array(args[4])
        elif isinstance(op, VmiExpandLoadOp):
            active = vmi_array(args[2])
            offsets = sem.continuous(int(active.sum()))
        elif isinstance(op, VmiMaskedLoadOp):
            active = vmi_array(args[2])
            offsets = sem.continuous(lanes)[active]
        else:
            offsets = sem.continuous(lanes)
        values, memory, ranges = self._load(op, args[0], args[1], offsets, lane)
        values = values.view(lane.numpy)
        self.record(op, reads=accesses(memory, ranges))
        if isinstance(op, VmiDeinterleaveLoadOp):
            return (values[0::2].copy(), values[1::2].copy())
        if isinstance(op, VmiExpandLoadOp):
            return (rearrange.expand(values, cast(np.ndarray, active), vmi_array(args[3])),)
        if isinstance(op, VmiMaskedLoadOp):
            result_values = vmi_array(args[3]).copy()
            result_values[cast(np.ndarray, active)] = values
            return (result_values,)
        if isinstance(op, VmiStrideLoadOp):
            return (np.where(cast(np.ndarray, active), values, np.zeros((), values.dtype)),)
        return (values,)

    @implements(LegacyStoreOp)
    def run_legacy_store(
        self, interpreter: Interpreter, op: LegacyStoreOp, args: PythonValues
    ) -> PythonValues:
        value = vmi_array(args[0])
        lanes = value.size
        active: np.ndarray | None = None
        if isinstance(op, VmiGroupStoreOp):
            groups = op.attr_int("num_groups") or 1
            stride = _int(args[3])
            offsets = (
                sem.slots(groups, stride) if groups == lanes else sem.rows(lanes, groups, stride)
            )
            if packed_byte_store(op.destination.type, op.data()):
                value = low_bytes(value, U8)
        elif isinstance(op, VmiStrideStoreOp):
            offsets = sem.blocks(lanes, value.dtype.itemsize, _int(args[3]), _int(args[4]))
            active = vmi_array(args[5])
        elif isinstance(op, VmiCompressStoreOp):
            mask = vmi_array(args[3])
            value = value[mask]
            offsets = sem.continuous(value.size)
        elif isinstance(op, VmiMaskedStoreOp):
            offsets = sem.continuous(lanes)
            active = vmi_array(args[3])
        else:
            offsets = sem.continuous(lanes)
        self._store(op, args[1], args[2], offsets, value, active)
        return ()

    @implements(VmiInterleaveStoreOp)
    def run_interleave_store(
        self, interpreter: Interpreter, op: VmiInterleaveStoreOp, args: PythonValues
    ) -> PythonValues:
        low, high = vmi_array(args[0]), vmi_array(args[1])
        value = np.stack([low, high], axis=1).reshape(-1)
        self._store(op, args[2], args[3], sem.continuous(value.size), value, None)
        return ()
