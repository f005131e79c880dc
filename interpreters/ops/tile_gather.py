"""Interpreter functions of the gather/scatter tile ops (`tgather`, `tgatherb`, `tscatter`).

Indices address the tiles' storage (row-major ND tiles: `row * cols + col`), as the pages
and pto-isa's implementations do. What the pages leave undefined is a run-time error at the
op naming the first offending element: an index outside the tile, a tgatherb offset that is
not 32-byte aligned (vgatherb's rule) or whose block leaves src, and two tscatter sources
aimed at one element. `tgather`'s `tmp` is working space left unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import check
from interpreters.engine.impls import implements, register_functions
from interpreters.machine import costs
from interpreters.machine.core import MachineFunctions, tile_accesses
from interpreters.machine.memory import Access, Tile
from interpreters.ops.tile_gather_compare import compare_gather
from interpreters.ops.tile_gather_compare_a5 import compare_gather_a5
from pto_dialect.attrs import TargetArch
from pto_dialect.ops.mask_pattern import Selection
from pto_dialect.ops.tile_gather import BLOCK_BYTES, GatherTileOp, TGatherBOp, TGatherOp, TScatterOp


def indices_of(tile: Tile, rows: int, cols: int) -> np.ndarray:
    """The top-left rows x cols of an integer tile as int64 (unsigned types as unsigned)."""
    return tile.get()[:rows, :cols].astype(np.int64)


def first_outside(index: np.ndarray, limit: int) -> tuple[int, int] | None:
    """(row, col) of the first element of `index` outside [0, limit), or None."""
    bad = np.argwhere((index < 0) | (index >= limit))
    return None if bad.size == 0 else (int(bad[0][0]), int(bad[0][1]))


@register_functions
class TileGatherFunctions(MachineFunctions):
    def charge(
        self, op: GatherTileOp, args: PythonValues, nbytes: int, spill: Sequence[Access] = ()
    ) -> None:
        """Cost and bytes of `op` (`spill`: bytes it writes beyond its tile operands)."""
        if self.machine.pipes.tracking:
            dtype = cast(Tile, args[0]).dtype
            cycles = costs.vector_cycles(self.machine.target, type(op), dtype,
                                         costs.repeats_for(nbytes))  # fmt: skip
            reads, writes = tile_accesses(op, args)
            self.on_pipe(op, reads, [*writes, *spill], cycles)

    @implements(TGatherOp)
    def run_tgather(
        self, interpreter: Interpreter, op: TGatherOp, args: PythonValues
    ) -> PythonValues:
        if op.selection is not None:
            return self.mask_gather(op, op.selection, args)
        if op.is_compare:
            src = cast(Tile, args[0])
            a5 = self.machine.target.arch is TargetArch.A5
            spill = (compare_gather_a5 if a5 else compare_gather)(op, args)
            self.charge(op, args, src.valid_rows * src.valid_cols * src.dtype.bytes, spill)
            return ()
        src, indices = cast(Tile, args[0]), cast(Tile, args[1])
        dst, results = self.destination(op, args)
        rows, cols = dst.valid
        check(
            indices.valid == dst.valid,
            f"indices valid region {indices.valid_rows}x{indices.valid_cols} must equal dst's "
            f"{rows}x{cols}",
        )
        index = indices_of(indices, rows, cols)
        flat = src.get().reshape(-1)
        bad = first_outside(index, flat.size)
        check(
            bad is None,
            f"indices[{bad}] = {index[bad] if bad else 0} is outside src ({flat.size} elements): "
            "the gathered value is undefined",
        )
        self.charge(op, args, rows * cols * dst.dtype.bytes)
        with dst.edit() as contents:
            contents[:rows, :cols] = flat[index]
        return results

    @implements(TGatherBOp)
    def run_tgatherb(
        self, interpreter: Interpreter, op: TGatherBOp, args: PythonValues
    ) -> PythonValues:
        src, offsets = cast(Tile, args[0]), cast(Tile, args[1])
        dst, results = self.destination(op, args)
        rows, cols = dst.valid
        size = dst.dtype.bytes
        check(cols * size % BLOCK_BYTES == 0,
              f"dst valid cols {cols} do not fill whole 32-byte blocks")  # fmt: skip
        blocks = cols * size // BLOCK_BYTES
        check(
            offsets.valid_rows >= rows and offsets.valid_cols >= blocks,
            f"offsets valid region {offsets.valid_rows}x{offsets.valid_cols} must cover "
            f"{rows}x{blocks} (one offset per 32-byte block of dst)",
        )
        offset = offsets.get()[:rows, :blocks].view(np.uint32).astype(np.int64)
        src_bytes = src.storage().view(np.uint8)
        bad = first_outside(offset, src_bytes.size - BLOCK_BYTES + 1)
        check(
            bad is None,
            f"offsets[{bad}] = {offset[bad] if bad else 0} puts a 32-byte block outside src "
            f"({src_bytes.size} bytes): the gathered value is undefined",
        )
        unaligned = np.argwhere(offset % BLOCK_BYTES)
        check(
            unaligned.size == 0,
            f"offsets[{tuple(int(v) for v in unaligned[0]) if unaligned.size else ()}] is not "
            "32-byte aligned (vgatherb gathers aligned blocks)",
        )
        self.charge(op, args, rows * cols * size)
        gathered = src_bytes[offset[..., None] + np.arange(BLOCK_BYTES)].reshape(rows, -1)
        with dst.edit() as contents:
            contents[:rows, :cols] = gathered.view(dst.dtype.numpy)
        return results

    def mask_gather(self, op: TGatherOp, selection: Selection, args: PythonValues) -> PythonValues:
        """The selected columns of each valid row of src, packed row after row into dst's
        storage (pto-isa A5: vsqz + unaligned stores; CPU: the same order)."""
        src = cast(Tile, args[0])
        dst, results = self.destination(op, args)
        rows, cols = src.valid
        if op.by_rows:  # GATHER_COL: the selected rows of src, stacked (cpu/TGather.hpp)
            picked_rows = src.get()[selection.position : rows : selection.group, :cols]
            check(
                dst.valid == picked_rows.shape,
                f"dst valid region {dst.valid_rows}x{dst.valid_cols} must be the "
                f"{picked_rows.shape[0]}x{cols} rows selected from src",
            )
            self.charge(op, args, rows * cols * src.dtype.bytes)
            with dst.edit() as contents:
                contents[: picked_rows.shape[0], :cols] = picked_rows.view(dst.dtype.numpy)
            return results
        picked = src.get()[:rows, selection.position : cols : selection.group].reshape(-1)
        storage = dst.storage()
        check(picked.size <= storage.size,
              f"{picked.size} selected elements do not fit dst ({storage.size})")  # fmt: skip
        self.charge(op, args, rows * cols * src.dtype.bytes)
        storage[: picked.size] = picked.view(dst.dtype.numpy)
        return results

    def mask_scatter(
        self, op: TScatterOp, selection: Selection, args: PythonValues
    ) -> PythonValues:
        """dst zeroed over its whole tile (tscatter.md), then dst[i, F*j + pos] = src[i, j]
        (axis "col": dst[F*i + pos, j] = src[i, j])."""
        src = cast(Tile, args[0])
        dst, results = self.destination(op, args)
        rows, cols = src.valid
        if op.by_rows:  # SCATTER_COL: src row i to dst row F*i + pos (a2a3/TScatter.hpp)
            check(
                dst.valid_cols == cols
                and len(range(selection.position, dst.valid_rows, selection.group)) == rows,
                f"dst valid region {dst.valid_rows}x{dst.valid_cols} must select {rows} rows "
                f"of {cols} columns for src's {rows}x{cols}",
            )
            self.charge(op, args, dst.nbytes)
            dst.storage()[:] = 0
            with dst.edit() as contents:
                top = selection.position + selection.group * rows
                contents[selection.position : top : selection.group, :cols] = src.get()[
                    :rows, :cols
                ]
            return results
        check(
            dst.valid == (rows, cols * selection.group),
            f"dst valid region {dst.valid_rows}x{dst.valid_cols} must be "
            f"{rows}x{cols * selection.group}",
        )
        self.charge(op, args, dst.nbytes)
        dst.storage()[:] = 0
        with dst.edit() as contents:
            contents[:rows, selection.position : cols * selection.group : selection.group] = (
                src.get()[:rows, :cols]
            )
        return results

    @implements(TScatterOp)
    def run_tscatter(
        self, interpreter: Interpreter, op: TScatterOp, args: PythonValues
    ) -> PythonValues:
        if op.selection is not None:
            return self.mask_scatter(op, op.selection, args)
        src, indexes, dst = cast(Tile, args[0]), cast(Tile, args[1]), cast(Tile, args[2])
        rows, cols = src.valid
        check(
            indexes.valid == src.valid,
            f"indexes valid region {indexes.valid_rows}x{indexes.valid_cols} must equal src's "
            f"{rows}x{cols}",
        )
        index = indices_of(indexes, rows, cols)
        storage = dst.storage()
        bad = first_outside(index, storage.size)
        check(
            bad is None,
            f"indexes[{bad}] = {index[bad] if bad else 0} is outside dst ({storage.size} "
            "elements): the scattered write is undefined",
        )
        flat = index.reshape(-1)
        order = np.argsort(flat, kind="stable")
        same = np.flatnonzero(flat[order][1:] == flat[order][:-1])
        if same.size:
            first, second = sorted(int(v) for v in order[same[0] : same[0] + 2])
            check(
                False,
                f"indexes[{divmod(first, cols)}] and indexes[{divmod(second, cols)}] are both "
                f"{int(flat[first])}: the value written there is undefined",
            )
        self.charge(op, args, rows * cols * src.dtype.bytes)
        storage[flat] = src.get()[:rows, :cols].reshape(-1)
        return ()
