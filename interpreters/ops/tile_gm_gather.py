"""Interpreter functions of `pto.mgather` / `pto.mscatter` (semantics in
`interpreters.semantics.gm_gather`): the table is the GM partition view, read or written
through its strided numpy view."""

from __future__ import annotations

from typing import cast

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import check
from interpreters.engine.impls import implements, register_functions
from interpreters.machine import costs_dma
from interpreters.machine.core import MachineFunctions
from interpreters.machine.memory import Access, TensorView, Tile
from interpreters.semantics import gm_gather as sem
from pto_dialect.memory_types import MemorySpace
from pto_dialect.ops.tile_gm_gather import MGatherOp, MScatterOp


@register_functions
class TileGmGatherFunctions(MachineFunctions):
    def _cycles(self, tile: Tile, to_gm: bool) -> int:
        nbytes = tile.valid_rows * tile.valid_cols * tile.dtype.bytes
        src, dst = (MemorySpace.UB, MemorySpace.GM) if to_gm else (MemorySpace.GM, MemorySpace.UB)
        return costs_dma.transfer_cycles(self.machine.target, src, dst, nbytes)

    @implements(MGatherOp)
    def run_mgather(
        self, interpreter: Interpreter, op: MGatherOp, args: PythonValues
    ) -> PythonValues:
        if op.to_l1():
            return self._gather_to_l1(op, args)
        view, idx = cast(TensorView, args[0]), cast(Tile, args[1])
        dst, results = self.destination(op, args)
        mode = op.option("coalesce")
        if mode == "elem":
            check(
                idx.valid_rows >= dst.valid_rows and idx.valid_cols >= dst.valid_cols,
                f"mgather elem: idx valid {idx.valid_rows}x{idx.valid_cols} must cover dst's "
                f"{dst.valid_rows}x{dst.valid_cols}",
            )
        else:
            check(
                idx.valid_rows * idx.valid_cols >= dst.valid_rows,
                f"mgather row: idx has {idx.valid_rows * idx.valid_cols} indices for dst's "
                f"{dst.valid_rows} rows",
            )
        if self.machine.pipes.tracking:
            self.on_pipe(
                op, [view.access(), idx.access()], [dst.access()], self._cycles(dst, False)
            )
        values = sem.gather(view.array(), idx.get(), dst.valid, mode, op.option("gatherOob"))
        dst.set(values)
        return results

    def _gather_to_l1(self, op: MGatherOp, args: PythonValues) -> PythonValues:
        """pto-isa's A5 `MGatherGm2L1RowImpl` / `MGatherGm2L1ElemImpl`: rows (elements) of
        the table into the NZ tile's valid region; `zero` clears the whole tile first, and
        `elem` writes the whole tile (zeros outside the valid region) into the scratch view's
        first elements in NZ order before moving it to L1."""
        view, idx = cast(TensorView, args[0]), cast(TensorView, args[1])
        dst = cast(Tile, args[-1])
        mode, oob = op.option("coalesce"), op.option("gatherOob")
        indices = idx.array()
        values = sem.gather(
            view.array(), indices.reshape(-1, indices.shape[-1]), dst.valid, mode, oob
        )
        writes = [dst.access()]
        if mode == "elem" or oob == "zero":
            dst.set(np.zeros(dst.type.shape, dst.dtype.numpy))
        dst.set(values)
        if mode == "elem":
            scratch = cast(TensorView, args[2])
            image = dst.storage()
            nbytes = image.size * dst.dtype.bytes
            writes.append(Access(scratch.memory, scratch.offset, scratch.offset + nbytes))
            scratch.memory.typed(scratch.offset, dst.dtype, image.size)[:] = image
        if self.machine.pipes.tracking:
            self.on_pipe(op, [view.access(), idx.access()], writes, self._cycles(dst, False))
        return ()

    @implements(MScatterOp)
    def run_mscatter(
        self, interpreter: Interpreter, op: MScatterOp, args: PythonValues
    ) -> PythonValues:
        src, idx, view = cast(Tile, args[0]), cast(Tile, args[1]), cast(TensorView, args[2])
        if self.machine.pipes.tracking:
            access = view.access()
            self.on_pipe(
                op, [src.access(), idx.access(), access], [access], self._cycles(src, True)
            )
        sem.scatter(
            src.get(),
            view.array(),
            idx.get(),
            src.valid,
            op.option("coalesce"),
            op.option("scatterOob"),
            op.option("scatterAtomicOp"),
        )
        return ()
