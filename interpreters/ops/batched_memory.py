"""The whole-array forms of the vector loads and stores (`batched`): `vlds` gathers every
iteration's register from UB with the byte map of its mode, found once by running the register
semantics on memories that hold their own byte indices (`load_map`); `vsldb` gathers the 8
blocks `semantics.vector_memory` places; `vsts` of a NORM mode records every iteration's
active lanes as a pending `Write`, applied once the whole nest is known to be safe."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
from xdsl.ir import Operation

from interpreters.machine.memory import Memory
from interpreters.ops.batched import (
    Batch,
    Context,
    Kernel,
    Memo,
    Placement,
    Read,
    Unbatchable,
    Value,
    Write,
    ints,
    key_of,
    lead_shape,
    lifted,
    placement,
    spread,
    ub_of,
)
from interpreters.ops.vector_load import lane_type, memory_unit, strides_of, ub_element
from interpreters.semantics import vector_memory as vm
from pto_dialect.attrs import LoadDist, StoreDist
from pto_dialect.dtypes import DType
from pto_dialect.ops.vector_load import LOAD_DIST_RULES, VldsOp, VsldbOp
from pto_dialect.ops.vector_store import STORE_DIST_RULES, VstsOp

# ---- loads and stores ---------------------------------------------------------------------


class _Probe:
    """A memory whose bytes are a function of their index (`load_map`)."""

    def __init__(self, name: str, data: np.ndarray) -> None:
        self.name = name
        self.data = data

    @property
    def size(self) -> int:
        return int(self.data.size)

    @property
    def extent(self) -> str:
        return f"{self.name} ({self.size} bytes)"


@cache
def load_map(mode: LoadDist, lane: DType, unit: DType) -> tuple[np.ndarray, np.ndarray]:
    """(source byte of each register byte, whether it comes from memory at all) of a
    `vlds` mode: the register semantics run once on memories holding the low and the high
    byte of each byte's own index, and on one of all ones (zero-extended bytes stay 0)."""
    size = 2 * vm.VREG_BYTES
    index = np.arange(size)
    probes = [
        (index & 0xFF).astype(np.uint8),
        (index >> 8).astype(np.uint8),
        np.full(size, 0xFF, np.uint8),
    ]
    outputs = [
        np.ascontiguousarray(vm.vlds(_Probe("probe", data), 0, mode, lane, unit)[0]).view(np.uint8)
        for data in probes
    ]
    source = outputs[0].astype(np.int64) | (outputs[1].astype(np.int64) << 8)
    return source, outputs[2] == 0xFF


def _check_starts(memory: Memory, starts: np.ndarray, align: int, footprint: int) -> None:
    """Every access aligned and inside `memory`, else op by op names the one that is not."""
    if starts.size and (
        (starts % align).any() or starts.min() < 0 or starts.max() + footprint > memory.size
    ):
        raise Unbatchable("an unaligned or out-of-bounds access")


def _elements(memory: Memory, dtype: np.dtype[Any]) -> np.ndarray:
    """The memory as elements of `dtype` (its tail bytes left out)."""
    data = memory.data
    return data[: data.size - data.size % dtype.itemsize].view(dtype)


def vlds(op: Operation, index_bits: int) -> Kernel:
    """`vlds` of every iteration: a gather from UB with the mode's byte map."""
    assert isinstance(op, VldsOp)
    if op.updated_base is not None:
        raise Unbatchable("post-update vlds")
    mode = op.dist_mode
    lane = lane_type(op.result)
    rule = LOAD_DIST_RULES[mode]
    unit = memory_unit(rule, lane)
    size = ub_element(op.source, unit).bytes
    form = vm.LOAD_FORMS[mode]
    footprint, align = form.footprint or lane.bytes, form.align or lane.bytes
    source, from_memory = load_map(mode, lane, unit)
    dtype = np.dtype(lane.numpy)
    lanes = np.arange(vm.VREG_BYTES // lane.bytes)
    whole = mode is LoadDist.NORM

    memo = Memo()

    def where(ctx: Context, args: Sequence[Value], depth: int) -> tuple[Memory, Gather, np.ndarray]:
        """(memory, what it gathers, the start of each execution)."""
        memory, base = ub_of(ctx, args[0], depth)
        starts = base + ints(args[1:], depth)[0] * size
        _check_starts(memory, starts, align, footprint)
        if whole:  # whole elements, in order
            index = (starts // dtype.itemsize)[..., None] + lanes
        else:
            index = starts[..., None] + source
        return memory, Gather.of(index), starts[..., None]

    def run(ctx: Context, args: Sequence[Value], depth: int) -> tuple[Value, ...]:
        key = (key_of(args[0]), key_of(args[1]), depth)
        found = memo.get(key)
        if found is None:
            found = memo.put(key, (where(ctx, args, depth), args))
        (memory, gather, starts), _ = found
        if whole:
            vreg = gather.take(_elements(memory, dtype))
        else:
            raw = gather.take(memory.data).copy()
            raw[..., ~from_memory] = 0
            vreg = raw.view(dtype)
        ctx.pending.reads.append(Read(op, memory, starts, footprint, ctx.stamp))
        return (Batch(vreg, depth),)

    return run


@dataclass(frozen=True)
class Gather:
    """Elements of an array by index: a slice when the index runs through consecutive
    elements (most loads of a loop nest do), else the index itself."""

    index: np.ndarray
    first: int | None

    @staticmethod
    def of(index: np.ndarray) -> Gather:
        flat = index.reshape(-1)
        if flat.size and flat[-1] - flat[0] == flat.size - 1 and (np.diff(flat) == 1).all():
            return Gather(index, int(flat[0]))
        return Gather(index, None)

    def take(self, array: np.ndarray) -> np.ndarray:
        """`array[index]`: a view of `array` for a slice (the scope reads it before any of
        its stores land, and no op writes into its inputs)."""
        if self.first is None:
            return array[self.index]
        shape = self.index.shape
        return array[self.first : self.first + self.index.size].reshape(shape)


def vsldb(op: Operation, index_bits: int) -> Kernel:
    """`vsldb` of every iteration: the 8 blocks of `vector_memory.block_offsets` from each
    base, inactive ones zero (`semantics.vector_memory.vsldb`)."""
    assert isinstance(op, VsldbOp)
    dtype = np.dtype(lane_type(op.result).numpy)
    within = np.arange(vm.BLOCK)

    def run(ctx: Context, args: Sequence[Value], depth: int) -> tuple[Value, ...]:
        memory, starts = ub_of(ctx, args[0], depth)
        if any(isinstance(v, Batch) for v in args[1:-1]):
            raise Unbatchable("vsldb strides that vary")
        if (starts % vm.BLOCK).any():
            raise Unbatchable("an unaligned vsldb")
        block, repeat = strides_of(op, args[1:-1])
        active = vm.block_mask(lifted(args[-1], depth))
        lead = lead_shape([starts, active[..., 0]], depth)
        blocks = spread(starts[..., None] + vm.block_offsets(block, repeat), (*lead, vm.BLOCKS))
        active = spread(active, (*lead, vm.BLOCKS))
        reached = blocks[active]
        if reached.size and (reached.min() < 0 or reached.max() + vm.BLOCK > memory.size):
            raise Unbatchable("a vsldb block outside UB")
        raw = memory.data[np.where(active, blocks, 0)[..., None] + within]
        raw[~active] = 0
        vreg = raw.reshape(*lead, vm.VREG_BYTES).view(dtype)
        ctx.pending.reads.append(Read(op, memory, blocks, vm.BLOCK, ctx.stamp, active))
        return (Batch(vreg, depth),)

    return run


_NORM_STORES = (StoreDist.NORM_B8, StoreDist.NORM_B16, StoreDist.NORM_B32)


@cache
def store_map(mode: StoreDist, lane: DType) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(memory byte, register byte, gating mask lane or -1 for none) of every byte a `vsts`
    mode writes, from the store semantics run on probes: a register whose bytes are their
    own indices stored on memories of zeros and of ones (a byte both show alike is
    written), and a mask of one active lane at a time (the bytes that lane lets through)."""
    lanes = vm.VREG_BYTES // lane.bytes
    footprint = vm.STORE_FORMS[mode].footprint or lane.bytes
    value = np.arange(vm.VREG_BYTES, dtype=np.uint8).view(lane.numpy)

    def stored(mask: np.ndarray, fill: int) -> np.ndarray:
        probe = _Probe("probe", np.full(footprint, fill, np.uint8))
        vm.vsts(probe, 0, value, mask, mode)
        return probe.data

    full = np.ones(lanes, bool)
    zeros, ones = stored(full, 0), stored(full, 0xFF)
    written = np.flatnonzero(zeros == ones)
    gate = np.full(footprint, -1, np.int64)
    none = np.zeros(lanes, bool)
    ungated = stored(none, 0) == stored(none, 0xFF)
    for one in range(lanes):
        alone = none.copy()
        alone[one] = True
        let = (stored(alone, 0) == stored(alone, 0xFF)) & ~ungated
        gate[let] = one
    return written, zeros[written].astype(np.int64), gate[written]


def vsts(op: Operation, index_bits: int) -> Kernel:
    """`vsts` of every iteration: the bytes its mode writes where their lanes are active
    become a pending write (NORM modes: whole elements)."""
    assert isinstance(op, VstsOp)
    mode = op.dist_mode
    if op.updated_base is not None:
        raise Unbatchable("a post-update vsts")
    lane = lane_type(op.value)
    rule = STORE_DIST_RULES[mode]
    unit = memory_unit(rule, lane)
    size = ub_element(op.dest, unit).bytes
    form = vm.STORE_FORMS[mode]
    footprint, align = form.footprint or lane.bytes, form.align or lane.bytes
    lanes = vm.VREG_BYTES // lane.bytes
    whole = mode in _NORM_STORES
    dtype = np.dtype(lane.numpy) if whole else np.dtype(np.uint8)
    offsets, source, gate = (
        (np.arange(lanes), np.arange(lanes), np.arange(lanes)) if whole else store_map(mode, lane)
    )
    gated = gate >= 0
    memo = Memo()

    def where(
        ctx: Context, args: Sequence[Value], depth: int, value: np.ndarray
    ) -> tuple[Memory, np.ndarray, np.ndarray, Placement]:
        """(memory, element index and active units of every execution, their placement)."""
        memory, base = ub_of(ctx, args[1], depth)
        mask = lifted(args[3], depth)
        starts = base + ints(args[2:3], depth)[0] * size
        _check_starts(memory, starts, align, footprint)
        if mask.shape[-1] != lanes or not starts.size:
            raise Unbatchable("a mask of another granularity, or no execution")
        full = (*lead_shape([value, mask, starts], depth), offsets.size)
        index = spread((starts // dtype.itemsize)[..., None] + offsets, full)
        active = mask[..., np.where(gated, gate, 0)]
        active = spread(np.where(gated, active, True) if not whole else active, full)
        grid = ctx.trips[:depth]
        return memory, index, active, placement(index, active, dtype.itemsize, grid)

    def run(ctx: Context, args: Sequence[Value], depth: int) -> tuple[Value, ...]:
        value = lifted(args[0], depth)
        if value.shape[-1] != lanes:
            raise Unbatchable("a register of another width")
        key = (key_of(args[1]), key_of(args[2]), key_of(args[3]), value.shape, ctx.trips[:depth])
        found = memo.get(key)
        if found is None:
            found = memo.put(key, (where(ctx, args, depth, value), args))
        (memory, index, active, place), _ = found
        if not whole:  # the register's bytes in the order the mode writes them
            value = np.ascontiguousarray(value).view(np.uint8)[..., source]
        values = spread(value, index.shape)
        data = values.reshape(-1) if place.everywhere else values[active]
        ctx.pending.writes.append(
            Write(op, memory, dtype, index, values, active, ctx.stamp, place, data)
        )
        return ()

    return run
