"""Lane implementations of the SIMT ops (their numpy semantics: `interpreters/semantics/simt.py`).

Memory: a lane's access is the payload at its pointer plus its offset (in payloads); only
active lanes read or write; each is in bounds and aligned to its payload size (at most 8
bytes), else the run stops naming the lane. When several lanes store to one address the
highest lane's value stays. Every access is added to the launch's read or write set
(`Lanes.reads`, `Lanes.writes`), which the machine model records on the launch's pipe.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from xdsl.ir import Attribute, Operation

from interpreters.engine.errors import PtoRuntimeError
from interpreters.ops.simt_lanes import LanePointer, Lanes, Touch, Value, lane, lane_format
from interpreters.semantics import simt as sem
from pto_dialect.attrs import Pipe
from pto_dialect.dtypes import DType, dtype_named
from pto_dialect.memory_types import PtrType
from pto_dialect.ops.simt_common import Saturation, Signedness, SignednessAttr
from pto_dialect.ops.simt_lane import ReduxOp, ShuffleOp, VoteOp
from pto_dialect.ops.simt_launch import KeepOp, ResumeOp, SimtSyncOp, SyncthreadsOp, slot_words
from pto_dialect.ops.simt_math import ConvertOp, FloatMathOp, MulhiOp, PrmtOp, SignedProductOp
from pto_dialect.ops.simt_memory import AtomicOp, ReadOp, WriteOp
from pto_dialect.ops.simt_query import ThreadQueryOp
from pto_dialect.packed_types import HiF8x2Type, packed_vector

Array = np.ndarray


def _unsigned(attr: SignednessAttr | None) -> bool:
    return attr is not None and attr.data is Signedness.UNSIGNED


# ---- queries -------------------------------------------------------------------------------


@lane(ThreadQueryOp)
def _query(lanes: Lanes, op: ThreadQueryOp, args: list[Any], active: Array) -> Sequence[Value]:
    key = op.KEY
    if key == "get_veccoreid":
        launch = lanes.machine.launch
        core = launch.block_idx * launch.subblock_num + launch.subblock_idx
        return [np.full(lanes.count, core, dtype=np.int32)]
    if key in ("get_clock32", "get_clock64"):
        clock = lanes.machine.pipes.free[Pipe.V] + lanes.issued
        if key == "get_clock32":
            return [np.full(lanes.count, clock & 0xFFFFFFFF, dtype=np.uint32).view(np.int32)]
        return [np.full(lanes.count, clock, dtype=np.int64)]
    return [lanes.ids.query(key)]


# ---- collectives ---------------------------------------------------------------------------


@lane(VoteOp)
def _vote(lanes: Lanes, op: VoteOp, args: list[Any], active: Array) -> Sequence[Value]:
    return [sem.vote(op.KIND, args[0], active)]


@lane(ShuffleOp)
def _shuffle(lanes: Lanes, op: ShuffleOp, args: list[Any], active: Array) -> Sequence[Value]:
    return [sem.shuffle(op.KIND, args[0], args[1], op.group, active)]


@lane(ReduxOp)
def _redux(lanes: Lanes, op: ReduxOp, args: list[Any], active: Array) -> Sequence[Value]:
    return [sem.redux(op.KIND, args[0], active, _unsigned(op.signedness))]


# ---- memory --------------------------------------------------------------------------------


def _locations(
    lanes: Lanes, op_ptr: Attribute, ptr: LanePointer, offsets: Array, value_type: Attribute,
    active: Array, writes: bool, reads: bool = True, op: Operation | None = None,
) -> tuple[Array, Array, Any]:  # fmt: skip
    """Per active lane, the element index of its payload in the memory viewed as the
    payload's element type (lanes x width for a packed payload), and that typed view."""
    memory = lanes.place(ptr, op_ptr)
    dtype, width = lane_format(value_type)
    size = dtype.itemsize * (width or 1)
    starts = offsets[active]
    bad = (starts < 0) | (starts + size > memory.size) | (starts % min(size, 8) != 0)
    if bad.any():
        where = int(np.flatnonzero(active)[np.argmax(bad)])
        start = int(offsets[where])
        reason = "outside" if start < 0 or start + size > memory.size else "not aligned in"
        raise PtoRuntimeError(
            f"lane {where} accesses {size} bytes at byte {start}, {reason} {memory.name} "
            f"({memory.size} bytes)"
        )
    if writes:
        lanes.writes.add(memory, starts, size)
    if reads:
        lanes.reads.add(memory, starts, size)
    if op is not None:
        atomic = writes and reads
        lanes.touch(Touch(op, memory, starts, size, np.flatnonzero(active), writes, atomic))
    usable = memory.size - memory.size % dtype.itemsize
    view = memory.data[:usable].view(dtype)
    index = starts // dtype.itemsize
    if width is not None:
        index = index[:, None] + np.arange(width)
    return index, view, dtype


def _payload_shape(lanes: Lanes, value_type: Attribute) -> tuple[int, ...]:
    _, width = lane_format(value_type)
    return (lanes.count,) if width is None else (lanes.count, width)


@lane(ReadOp)
def _read(lanes: Lanes, op: ReadOp, args: list[Any], active: Array) -> Sequence[Value]:
    ptr, offset = args
    value_type = op.result.type
    pointee = op.ptr.type
    assert isinstance(pointee, PtrType)
    size = pointee.pointee_bytes or 1
    offsets = ptr.offsets + offset.astype(np.int64) * size
    index, view, dtype = _locations(lanes, pointee, ptr, offsets, value_type, active, False, op=op)
    out = np.zeros(_payload_shape(lanes, value_type), dtype=dtype)
    out[active] = view[index]
    return [out]


@lane(WriteOp)
def _write(lanes: Lanes, op: WriteOp, args: list[Any], active: Array) -> Sequence[Value]:
    ptr, offset, value = args
    pointee = op.ptr.type
    assert isinstance(pointee, PtrType)
    size = pointee.pointee_bytes or 1
    offsets = ptr.offsets + offset.astype(np.int64) * size
    index, view, _ = _locations(
        lanes, pointee, ptr, offsets, op.value.type, active, True, False, op
    )
    view[index] = value[active]
    return []


@lane(AtomicOp)
def _atomic(lanes: Lanes, op: AtomicOp, args: list[Any], active: Array) -> Sequence[Value]:
    ptr: LanePointer = args[0]
    value = args[-1]
    compare = args[1] if op.COMPARES else None
    value_type = op.value.type
    index, view, dtype = _locations(
        lanes, op.pointer.type, ptr, ptr.offsets, value_type, active, True, op=op
    )
    old = np.zeros(_payload_shape(lanes, value_type), dtype=dtype)
    cmp = None if compare is None else compare[active]
    unsigned = _unsigned(op.signedness)
    old[active] = sem.atomic(op.KIND, view, index, value[active], cmp, unsigned)
    return [old]


# ---- math ----------------------------------------------------------------------------------


@lane(PrmtOp)
def _prmt(lanes: Lanes, op: PrmtOp, args: list[Any], active: Array) -> Sequence[Value]:
    return [sem.prmt(*args)]


@lane(SignedProductOp)
def _product(lanes: Lanes, op: SignedProductOp, args: list[Any], active: Array) -> Sequence[Value]:
    unsigned = _unsigned(op.signedness)
    if type(op) is MulhiOp:
        return [sem.mulhi(args[0], args[1], unsigned)]
    return [sem.mul_wide(args[0], args[1], unsigned)]


@lane(FloatMathOp)
def _float_math(lanes: Lanes, op: FloatMathOp, args: list[Any], active: Array) -> Sequence[Value]:
    return [sem.float_math(op.name.removeprefix("pto."), *args)]


def _element(attr: Attribute, unsigned: bool) -> DType | str:
    """The element type `convert` reads: a PTO type (unsigned integers as `ui`), HiF8."""
    if isinstance(attr, HiF8x2Type):
        return sem.HIF8
    packed = packed_vector(attr)
    if packed is not None:
        return packed[1]
    name = str(attr)
    if unsigned and name.startswith("i"):
        name = "u" + name
    return dtype_named(name)


@lane(ConvertOp)
def _convert(lanes: Lanes, op: ConvertOp, args: list[Any], active: Array) -> Sequence[Value]:
    unsigned = _unsigned(op.signedness)
    src = _element(op.src.type, unsigned)
    dst = _element(op.dst.type, unsigned)
    value = args[0]
    if isinstance(src, DType) and src.is_int:
        value = value.view(src.numpy)
    result = sem.convert_values(
        value, src, dst, op.rounding.data, op.saturation.data is Saturation.SAT
    )
    out_dtype, _ = lane_format(op.dst.type)
    return [np.asarray(result).view(out_dtype) if result.dtype.itemsize == out_dtype.itemsize
            else result.astype(out_dtype)]  # fmt: skip


# ---- synchronisation and state -------------------------------------------------------------


@lane(SimtSyncOp)
def _sync(lanes: Lanes, op: SimtSyncOp, args: list[Any], active: Array) -> Sequence[Value]:
    """Every lane runs each op before any runs the next, so the fences hold already;
    `syncthreads` ends an interval of the race check and must be reached by every
    workitem (a barrier in divergent code never completes on the board)."""
    if isinstance(op, SyncthreadsOp):
        if active is not lanes.everyone and not active.all():
            raise PtoRuntimeError(
                f"pto.syncthreads reached by {int(active.sum())} of {lanes.count} workitems: "
                "a barrier in divergent code waits forever"
            )
        lanes.check_races(op)
    return []


def _words(value: Array) -> list[Array]:
    """A value's bits as 32-bit words, low word first."""
    bits = value.dtype.itemsize * 8
    raw = value.view(f"u{value.dtype.itemsize}").astype(np.uint64)
    if bits <= 32:
        return [raw.astype(np.uint32)]
    return [(raw & 0xFFFFFFFF).astype(np.uint32), (raw >> np.uint64(32)).astype(np.uint32)]


@lane(KeepOp)
def _keep(lanes: Lanes, op: KeepOp, args: list[Any], active: Array) -> Sequence[Value]:
    for slot, word in zip(op.slots(), _words(args[0]), strict=True):
        kept = lanes.slots.get(slot)
        if kept is None or kept.size != lanes.count:
            kept = np.zeros(lanes.count, dtype=np.uint32)
        lanes.slots[slot] = np.where(active, word, kept)
    return []


@lane(ResumeOp)
def _resume(lanes: Lanes, op: ResumeOp, args: list[Any], active: Array) -> Sequence[Value]:
    dtype, _ = lane_format(op.result.type)
    words: list[Array] = []
    for slot in op.slots():
        kept = lanes.slots.get(slot)
        if kept is None or kept.size != lanes.count:
            raise PtoRuntimeError(
                f"slot {slot} holds no value kept by a launch of {lanes.count} workitems"
            )
        words.append(kept.astype(np.uint64))
    raw = words[0] if len(words) == 1 else words[0] | (words[1] << np.uint64(32))
    assert slot_words(op.result.type) == len(words)
    return [raw.astype(f"u{dtype.itemsize}").view(dtype)]
