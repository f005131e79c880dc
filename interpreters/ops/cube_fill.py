"""Interpreter functions of the L1 raw fills (`pto_dialect.ops.cube_fill`)."""

from __future__ import annotations

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import check
from interpreters.engine.impls import implements, register_functions
from interpreters.machine import costs_dma
from interpreters.machine.core import MachineFunctions
from interpreters.machine.memory import Access
from interpreters.ops.cube_move import as_int, placed
from pto_dialect.memory_types import MemorySpace
from pto_dialect.ops.cube_fill import BLOCK, FIELD_MAX, L1FillOp


@register_functions
class CubeFillFunctions(MachineFunctions):
    """Strided raw-word fills of L1."""

    @implements(L1FillOp)
    def run_fill(self, interpreter: Interpreter, op: L1FillOp, args: PythonValues) -> PythonValues:
        dst = placed(self.machine, args[0], MemorySpace.L1, "destination")
        offset = as_int(args[1]) if op.OFFSET else 0
        raw = as_int(args[2 if op.OFFSET else 1])
        repeat, blocks, gap = (as_int(v) for v in args[-3:])
        for name, value in (("repeat_times", repeat), ("block_num_32b", blocks),
                            ("dst_gap_32b", gap)):  # fmt: skip
            check(0 <= value <= FIELD_MAX, f"{op.name} {name} {value} must lie in [0, {FIELD_MAX}]")
        start = dst.offset + offset
        check(start % BLOCK == 0, f"{op.name} destination {start} is not 32-byte aligned")
        word = np.array([raw & ((1 << op.word_bits) - 1)], f"<u{op.word_bits // 8}")
        block = np.tile(word.view(np.uint8), BLOCK * 8 // op.word_bits)
        assert dst.memory is not None
        first = start + np.arange(repeat, dtype=np.int64) * (blocks + gap) * BLOCK
        at = (first[:, None] + np.arange(blocks * BLOCK, dtype=np.int64)).reshape(-1)
        check(
            at.size == 0 or int(at.max()) < dst.memory.size,
            f"{op.name} writes beyond {dst.memory.name} ({dst.memory.size} bytes)",
        )
        dst.memory.data[at] = np.tile(block, repeat * blocks)
        end = int(at.max()) + 1 if at.size else start
        target = self.machine.target
        cycles = costs_dma.transfer_cycles(target, MemorySpace.L1, MemorySpace.L1, at.size)
        self.on_pipe(op, (), [Access(dst.memory, start, end)], cycles)
        return ()
