"""Interpreter functions of the sort accelerator ops (`vbitsort`, `vmrgsort4`, `vsort32`)
and of `get_vms4_sr`: UB to UB, with `semantics.sort`'s pair layout and order.

`vmrgsort4`: `%count` holds the lengths of lists 0-3 in pairs (bits 16k..16k+15),
`%config` the repeat count [7:0], the list mask [11:8] and the exhausted flag [12]
(pto-isa TMrgSort.hpp). Repeat r merges the lists at `src_k + r x total` pairs into
`dest + r x total` pairs, `total` the pairs of the masked lists together (docs/semantics.md;
pto-isa's single-list TMRGSORT is this layout); exhausted mode takes one repeat.
"""

from __future__ import annotations

from typing import cast

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import check
from interpreters.engine.impls import implements, register_functions
from interpreters.machine import costs
from interpreters.machine.memory import Access, Memory
from interpreters.ops.vector_load import UbFunctions
from interpreters.semantics import sort
from pto_dialect.dtypes import U32, DType
from pto_dialect.ops.vector_sort import GetVms4SrOp, UbSortOp, VBitSortOp, VMrgSort4Op, VSort32Op

LISTS = 4
MASK16 = 0xFFFF


def signed16(value: int) -> int:
    """An unsigned 16-bit count as the i16 value holding its bits."""
    return value - 0x10000 if value >= 0x8000 else value


@register_functions
class VectorSortFunctions(UbFunctions):
    def aligned_ub(self, value: object, role: str) -> tuple[Memory, int]:
        """`ub`, checked to be 8-byte aligned."""
        memory, address = self.ub(value)
        check(address % 8 == 0, f"{role} address {address} is not 8-byte aligned")
        return memory, address

    def value_type(self, op: UbSortOp) -> DType:
        ptr = op.value_type()
        check(
            ptr.element is not None,
            "the value type is unknown: give the value pointers a type (!pto.ptr<f32, ub>)",
        )
        assert ptr.element is not None
        return ptr.element

    def charge(
        self, op: UbSortOp, dtype: DType, repeats: int, reads: list[Access], writes: list[Access]
    ) -> None:
        cycles = costs.vector_cycles(self.machine.target, type(op), dtype, repeats)
        self.machine.pipes.execute(op, op.pipe(), reads, writes, cycles)

    @implements(VBitSortOp)
    def run_vbitsort(
        self, interpreter: Interpreter, op: VBitSortOp, args: PythonValues
    ) -> PythonValues:
        dtype = self.value_type(op)
        repeat = int(cast(int, args[3]))
        check(1 <= repeat <= 255, f"repeat_times {repeat} must be in [1, 255]")
        count = repeat * sort.BLOCK
        dest, dest_at = self.aligned_ub(args[0], "destination")
        src, src_at = self.aligned_ub(args[1], "source")
        idx, idx_at = self.aligned_ub(args[2], "indices")
        values = src.typed(src_at, dtype, count).reshape(repeat, sort.BLOCK)
        indices = idx.typed(idx_at, U32, count).reshape(repeat, sort.BLOCK)
        pairs = sort.sort_blocks(values, indices, dtype)
        out = dest.typed(dest_at, U32, count * 2)
        reads = [
            Access(src, src_at, src_at + count * dtype.bytes),
            Access(idx, idx_at, idx_at + count * 4),
        ]
        self.charge(op, dtype, repeat, reads, [Access(dest, dest_at, dest_at + count * 8)])
        out[:] = pairs.reshape(-1)
        return ()

    @implements(VMrgSort4Op)
    def run_vmrgsort4(
        self, interpreter: Interpreter, op: VMrgSort4Op, args: PythonValues
    ) -> PythonValues:
        dtype = self.value_type(op)
        count, config = int(cast(int, args[5])), int(cast(int, args[6]))
        repeat, mask, exhausted = config & 0xFF, (config >> 8) & 0xF, bool((config >> 12) & 1)
        check(repeat >= 1, "config repeat count (bits 7:0) must be at least 1")
        check(mask != 0, "config list mask (bits 11:8) selects no list")
        check(not (exhausted and repeat > 1), "exhausted mode (config bit 12) takes one repeat")
        active = [k for k in range(LISTS) if mask >> k & 1]
        lengths = {k: (count >> (16 * k)) & MASK16 for k in active}
        total = sum(lengths.values())
        dest, dest_at = self.aligned_ub(args[0], "destination")
        sources = {k: self.aligned_ub(args[1 + k], f"source{k}") for k in active}
        reads: list[Access] = []
        counts: list[int] = []
        results: list[np.ndarray] = []
        for r in range(repeat):
            lists: list[np.ndarray] = []
            for k in active:
                memory, at = sources[k]
                start = at + r * total * sort.PAIR_BYTES
                lists.append(memory.typed(start, U32, lengths[k] * 2).reshape(-1, 2).copy())
                reads.append(Access(memory, start, start + lengths[k] * sort.PAIR_BYTES))
            merged, taken = sort.merge(lists, dtype, exhausted)
            results.append(merged)
            counts = [0] * LISTS
            for k, n in zip(active, taken, strict=True):
                counts[k] = n
        written = sum(len(m) for m in results) * sort.PAIR_BYTES
        self.charge(op, dtype, repeat, reads, [Access(dest, dest_at, dest_at + written)])
        for r, merged in enumerate(results):
            start = dest_at + r * total * sort.PAIR_BYTES
            dest.typed(start, U32, merged.size)[:] = merged.reshape(-1)
        self.machine.vms4_sr = tuple(counts)
        return ()

    @implements(VSort32Op)
    def run_vsort32(
        self, interpreter: Interpreter, op: VSort32Op, args: PythonValues
    ) -> PythonValues:
        check(
            False,
            "vsort32.md publishes neither the layout of %config nor the output format, so "
            "pto-run cannot execute it; pto.vbitsort sorts 32-element blocks with indices",
        )
        return ()

    @implements(GetVms4SrOp)
    def run_get_vms4_sr(
        self, interpreter: Interpreter, op: GetVms4SrOp, args: PythonValues
    ) -> PythonValues:
        return tuple(signed16(n & MASK16) for n in self.machine.vms4_sr)
