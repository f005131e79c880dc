"""Interpreter functions of the sort tile ops (`tsort32`, `tmrgsort`).

They bridge IR and `semantics.sort` (the pair layout, the order and the tie rules). An SSA
result is a fresh tile with the record's result region; in SSA form a scratch tile is a
value and stays unchanged. `tsort32`'s `tmp` is working space whose contents afterwards
the page leaves open: pto-run leaves it unchanged. `tmrgsort` format 2 merges into `tmp`
and copies `tmp`'s first valid-columns elements to `dst`, as pto-isa's A2/A3 and A5
implementations do, so with `exhausted = true` the columns after the merged pairs are
`tmp`'s. Every merge sets VMS4_SR (`pto.get_vms4_sr`).
"""

from __future__ import annotations

from typing import cast

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import check
from interpreters.engine.impls import implements, register_functions
from interpreters.machine import costs
from interpreters.machine.core import MachineFunctions, tile_accesses
from interpreters.machine.memory import Access, Tile
from interpreters.semantics import sort
from pto_dialect.attrs import TargetArch
from pto_dialect.dtypes import U32
from pto_dialect.ops.tile_sort import (
    BLOCK_LEN_UNIT,
    REPEAT_MAX,
    TMrgSortOp,
    TSort32Op,
    pair_elements,
    tsort32_tmp_cols,
)

LISTS = 4


def row_words(tile: Tile, cols: int) -> np.ndarray:
    """The first `cols` elements of row 0 of `tile` as (value, index) pairs `(n, 2)`."""
    return tile.get()[0, :cols].view(np.uint32).reshape(-1, 2)


@register_functions
class TileSortFunctions(MachineFunctions):
    def charge(
        self, op: TSort32Op | TMrgSortOp, args: PythonValues, repeats: int,
        spill: Access | None = None,
    ) -> None:  # fmt: skip
        """Cost and bytes of `op` (`spill`: bytes it writes beyond its dst tile)."""
        if self.machine.pipes.tracking:
            dtype = cast(Tile, args[0]).dtype
            cycles = costs.vector_cycles(self.machine.target, type(op), dtype, repeats)
            reads, writes = tile_accesses(op, args)
            self.on_pipe(op, reads, writes + ([spill] if spill else []), cycles)

    @implements(TSort32Op)
    def run_tsort32(
        self, interpreter: Interpreter, op: TSort32Op, args: PythonValues
    ) -> PythonValues:
        src, idx = cast(Tile, args[0]), cast(Tile, args[1])
        dst, results = self.destination(op, args)
        rows, cols = src.valid
        coef = pair_elements(src.dtype)
        check(dst.valid_rows == rows, f"dst valid rows {dst.valid_rows} must equal the src "
              f"valid rows {rows}")  # fmt: skip
        check(
            idx.valid_rows in (1, rows) and idx.valid_cols == cols,
            f"idx valid region {idx.valid_rows}x{idx.valid_cols} must be 1x{cols} or {rows}x{cols}",
        )
        if len(op.ins) == 3 and self.machine.target.arch is not TargetArch.A5:  # A5: unsized
            tmp = cast(Tile, args[2])
            need = tsort32_tmp_cols(cols, src.dtype)
            check(tmp.type.shape[1] >= need, f"tmp has {tmp.type.shape[1]} cols, needs {need}")
        blocks = -(-cols // sort.BLOCK)
        line = dst.type.storage_shape[1] * dst.dtype.bytes  # bytes from row r to row r + 1
        spill = cols * sort.PAIR_BYTES > line
        end = dst.address + (rows - 1) * line + cols * sort.PAIR_BYTES
        self.charge(
            op,
            args,
            rows * blocks,
            Access(dst.memory, dst.address, end) if spill and rows else None,
        )
        if rows == 0 or cols == 0:
            return results
        check(
            not spill or end <= dst.memory.size,
            f"the pairs of {rows} row(s) run {end - dst.address} bytes from dst's start, past "
            f"the {dst.nbytes}-byte dst, beyond {dst.memory.extent}: a tile without an address "
            "is a buffer of its own; give dst an address (or plan memory) with room after it",
        )
        if spill:  # one vbitsort per row, in order: a row's overflow reaches the next rows
            for r in range(rows):  # (and whatever follows dst) before they are read
                words = self.sorted_words(src, idx, r, r + 1, blocks)
                dst.memory.typed(dst.address + r * line, U32, cols * 2)[:] = words[0]
            return results
        words = self.sorted_words(src, idx, 0, rows, blocks)
        with dst.edit() as contents:
            contents[:rows, : cols * coef] = np.ascontiguousarray(words).view(src.dtype.numpy)
        return results

    @staticmethod
    def sorted_words(src: Tile, idx: Tile, first: int, stop: int, blocks: int) -> np.ndarray:
        """Rows first..stop-1 of src with their indices (idx's row, or its only one) as the
        sorted (value, index) words of their valid columns: (rows, cols * 2) uint32."""
        rows, cols = stop - first, src.valid_cols
        values = np.full((rows, blocks * sort.BLOCK), np.nan, src.dtype.numpy)
        values[:, :cols] = src.get()[first:stop, :cols]
        indices = np.zeros((rows, blocks * sort.BLOCK), np.uint32)
        picked = (
            idx.get()[: idx.valid_rows, :cols]
            if idx.valid_rows == 1
            else idx.get()[first:stop, :cols]
        )
        indices[:, :cols] = np.broadcast_to(picked.view(np.uint32), (rows, cols))
        pairs = sort.sort_blocks(values.reshape(-1, sort.BLOCK), indices.reshape(-1, sort.BLOCK),
                                 src.dtype)  # fmt: skip
        return pairs.reshape(rows, blocks * sort.BLOCK * 2)[:, : cols * 2]

    @implements(TMrgSortOp)
    def run_tmrgsort(
        self, interpreter: Interpreter, op: TMrgSortOp, args: PythonValues
    ) -> PythonValues:
        if op.is_single_list:
            return self.single_list(op, args)
        dst, results = self.destination(op, args)
        lists = [cast(Tile, a) for a in args[: len(op.lists)]]
        tmp = None if op.no_tmp is not None else cast(Tile, args[len(op.ins) - 1])
        coef = pair_elements(dst.dtype)
        for k, tile in enumerate(lists):
            check(
                tile.valid_cols % coef == 0,
                f"src{k} valid cols {tile.valid_cols} must be a multiple of {coef} (whole pairs)",
            )
        check(
            tmp is None or dst.valid_cols <= tmp.type.shape[1],
            f"dst valid cols {dst.valid_cols} exceed the tmp cols "
            f"{0 if tmp is None else tmp.type.shape[1]}",
        )
        self.charge(op, args, 1)
        pairs = [row_words(t, t.valid_cols) for t in lists]
        merged, counts = sort.merge(pairs, dst.dtype, op.stops_when_exhausted)
        self.machine.vms4_sr = tuple(counts + [0] * (LISTS - len(counts)))
        if tmp is None:  # no_tmp: merged straight into dst, its other columns kept
            row = dst.get()[0, : dst.valid_cols].copy()
            words = row.view(np.uint32)
            count = min(merged.size, words.size)
            words[:count] = merged.ravel()[:count]
            with dst.edit() as contents:
                contents[0, : dst.valid_cols] = row
            return results
        scratch = tmp.get()[0] if op.is_dps else tmp.get()[0].copy()
        scratch.view(np.uint32)[: merged.size] = merged.ravel()
        with dst.edit() as contents:
            contents[0, : dst.valid_cols] = scratch[: dst.valid_cols]
        return results

    def single_list(self, op: TMrgSortOp, args: PythonValues) -> PythonValues:
        src, block = cast(Tile, args[0]), int(cast(int, args[1]))
        dst, results = self.destination(op, args)
        cols = src.valid_cols
        check(block > 0 and block % BLOCK_LEN_UNIT == 0,
              f"blockLen {block} must be a positive multiple of 64")  # fmt: skip
        check(
            cols % (4 * block) == 0 or op.is_dps,
            f"src valid cols {cols} must be a multiple of 4 x blockLen ({4 * block})",
        )
        groups = cols // (4 * block)
        merged = groups * 4 * block
        check(1 <= groups <= REPEAT_MAX, f"repeat count {groups} must be in [1, 255]")
        check(dst.valid_cols == cols,
              f"dst valid cols {dst.valid_cols} must equal the src valid cols {cols}")  # fmt: skip
        self.charge(op, args, groups)
        per_block = block // pair_elements(src.dtype)
        words = row_words(src, merged).reshape(groups, 4, per_block, 2)
        out = np.empty_like(words).reshape(groups, 4 * per_block, 2)
        counts: list[int] = [0] * LISTS
        for g in range(groups):
            out[g], counts = sort.merge(list(words[g]), src.dtype, exhausted=False)
        self.machine.vms4_sr = tuple(counts)
        with dst.edit() as contents:
            contents[0, :merged] = out.reshape(-1).view(src.dtype.numpy)
        return results
