"""Interpreter function of `pto.tprefetch` (semantics in `interpreters.semantics.prefetch`):
the NPU targets' chunked copies, or the CPU simulator's valid-region copy."""

from __future__ import annotations

from typing import cast

from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.impls import implements, register_functions
from interpreters.machine import costs_dma
from interpreters.machine.core import MachineFunctions
from interpreters.machine.memory import Access, TensorView, Tile
from interpreters.semantics import prefetch
from pto_dialect.attrs import TargetArch
from pto_dialect.memory_types import MemorySpace
from pto_dialect.ops.tile_prefetch import TPrefetchOp


@register_functions
class TilePrefetchFunctions(MachineFunctions):
    @implements(TPrefetchOp)
    def run_tprefetch(
        self, interpreter: Interpreter, op: TPrefetchOp, args: PythonValues
    ) -> PythonValues:
        view, dst = cast(TensorView, args[0]), cast(Tile, args[1])
        rows, cols = dst.type.shape
        esize = dst.dtype.bytes
        if self.machine.target.arch is TargetArch.CPU:  # dst[r, c] = gm[r * cols + c]
            vr, vc = dst.valid
            flat = view.memory.typed(view.offset, view.dtype, max(0, (vr - 1) * cols + vc))
            with dst.edit() as contents:
                for r in range(vr):  # one slice per row: vr numpy copies
                    contents[r, :vc] = flat[r * cols : r * cols + vc].view(dst.dtype.numpy)
            written = dst.access()
        else:
            copies = prefetch.npu_copies(view.shape, view.strides, rows, cols, esize)
            row_stride = view.strides[-2] if len(view.strides) > 1 else 0
            prefetch.npu_prefetch(
                view.memory.data, view.offset, copies, row_stride, dst.memory.data,
                dst.address, esize,
            )  # fmt: skip
            end = max((n * -(-c * esize // 32) * 32 for _, n, c in copies), default=0)
            written = Access(dst.memory, dst.address, dst.address + end)
        if self.machine.pipes.tracking:
            timing = (self.machine.target, MemorySpace.GM, MemorySpace.UB, dst.nbytes)
            self.on_pipe(op, [view.access()], [written], *costs_dma.transfer_timing(*timing))
        return ()
