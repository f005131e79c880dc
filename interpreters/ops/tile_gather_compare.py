"""The comparison form of `tgather` in the interpreter, step by step as pto-isa's A2/A3
`TGather_cmp` runs it (a2a3/TGather.hpp; the layout in `pto_dialect.ops.tile_gather_compare`):

1. the index table `offset + i` (dst's type) over src's R x C storage, after tmp's bytes;
2. the threshold of each of the R rows (src's type), after the table;
3. per row, a `vcmpvs` bitmap of whole 256-byte repeats of src (bit c: element c) at byte
   `r * Ct` of tmp, in calls of 255 repeats, row by row, then each row's last partial call;
4. per valid row, `vreducev2` over the valid columns: the indices whose bit is set, packed
   into dst row r; the count into `cdst`'s storage element r.

Each step reads what the earlier ones left in memory, so a tmp too small for its regions
behaves as on the board (the steps overwrite one another and the bytes after tmp).
"""

from __future__ import annotations

from typing import cast

import numpy as np
from xdsl.interpreter import PythonValues

from interpreters.engine.errors import check
from interpreters.machine.memory import Access, Tile
from interpreters.semantics.vector_arith import broadcast
from pto_dialect.attrs import CmpMode
from pto_dialect.dtypes import U8
from pto_dialect.ops.tile_gather import TGatherOp

REPEAT_BYTES = 256
REPEATS_PER_CALL = 255  # vcmpvs's repeat field (TCMPS_REPEAT_MAX)


def _wrapped(values: np.ndarray, tile: Tile) -> np.ndarray:
    """Integers as `tile`'s 32-bit integer type (their low 32 bits)."""
    return (values.astype(np.int64) & 0xFFFFFFFF).astype(np.uint32).view(tile.dtype.numpy)


def compare_gather(op: TGatherOp, args: PythonValues) -> list[Access]:
    """Run the comparison form on its tiles; the bytes it writes outside dst and cdst."""
    src, tmp, dst, cdst = (cast(Tile, args[k]) for k in (0, 2, 3, 4))
    memory = tmp.memory
    rows, cols = src.valid
    src_rows, line = src.type.storage_shape  # TileDataS::Rows, TileDataS::Cols
    tmp_line = tmp.type.storage_shape[1]  # bytes between bitmap rows (a uint8_t pointer)
    table = tmp.address + tmp.type.shape[0] * tmp.type.shape[1]
    count = src_rows * line
    thresholds = table + count * dst.dtype.bytes
    check(
        thresholds + src_rows * src.dtype.bytes <= memory.size,
        f"the working space (bitmap, index table, thresholds) takes "
        f"{thresholds + src_rows * src.dtype.bytes - tmp.address} bytes from tmp's start, past "
        f"the {tmp.nbytes}-byte tmp, beyond {memory.extent}: a tile without an address is a "
        "buffer of its own; give tmp an address (or plan memory) with room after it, or a tmp "
        "of tgather.md's tmpSize",
    )
    memory.typed(table, dst.dtype, count)[:] = _wrapped(op.first_index + np.arange(count), dst)
    k = broadcast(cast(int | float, args[1]), src.dtype, 1)[0]
    memory.typed(thresholds, src.dtype, src_rows)[:] = k
    per_repeat = REPEAT_BYTES // src.dtype.bytes
    repeats = -(-cols // per_repeat)
    full, rest = divmod(repeats, REPEATS_PER_CALL)
    calls = [(r, j, REPEATS_PER_CALL) for r in range(rows) for j in range(full)]
    calls += [(r, full, rest) for r in range(rows)] if rest else []
    greater = op.compare_mode is CmpMode.GT
    for r, chunk, n in calls:
        start = chunk * REPEATS_PER_CALL * per_repeat
        values = src.memory.typed(
            src.address + (r * line + start) * src.dtype.bytes, src.dtype, n * per_repeat
        )
        bits = values > k if greater else values == k
        at = tmp.address + r * tmp_line + start // 8
        memory.typed(at, U8, n * per_repeat // 8)[:] = np.packbits(bits, bitorder="little")
    counts = np.zeros(rows, np.int64)
    for r in range(rows):
        bitmap = memory.typed(tmp.address + r * tmp_line, U8, -(-cols // 8))
        chosen = np.unpackbits(bitmap, bitorder="little")[:cols].astype(bool)
        indices = memory.typed(table + r * line * dst.dtype.bytes, dst.dtype, cols)[chosen]
        row = dst.address + r * dst.type.storage_shape[1] * dst.dtype.bytes
        dst.memory.typed(row, dst.dtype, indices.size)[:] = indices
        counts[r] = indices.size
    check(rows <= cdst.type.shape[0] * cdst.type.shape[1],
          f"cdst holds {cdst.type.shape[0] * cdst.type.shape[1]} counts, not {rows}")  # fmt: skip
    cdst.storage()[:rows] = _wrapped(counts, cdst)
    bitmap_end = tmp.address + max(rows - 1, 0) * tmp_line + repeats * per_repeat // 8
    end = max(thresholds + src_rows * src.dtype.bytes, bitmap_end)
    return [Access(memory, tmp.address, end)]
