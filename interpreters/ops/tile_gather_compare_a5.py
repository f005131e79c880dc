"""The comparison form of `tgather` on A5, as pto-isa's a5/TGather.hpp `TGather_cmp` runs it
(tmp is not touched; the rules in `pto_dialect.ops.tile_gather_compare`).

Per row r of src's valid rows, src is read in repeats of E elements from its storage row
(E = 64, 128 for 8-bit data), each 64-lane group compared with the threshold K:

- f32: the element rounded to s32 (`vcvt` ROUND_R, no saturation), compared with K unsigned;
- 32-bit integers: the element's bits, unsigned; only the valid columns (a tail predicate);
- 16-bit integers and 8-bit integers: the element zero-extended (`UNPK_B16`, `UNPK_B8` and
  `vintlv` with zeros), unsigned; f16: the element widened to f32 against K as f32. These
  three compare every lane of the last group (`preg_b32` all): columns past the valid ones,
  up to the group's end, are compared too.

The index register starts at `offset + lane` and steps by 64 per group over every row, so
the element at column c of row r has index `offset + r * G + c` (G: the row's groups x 64).
`vsqz` packs the indices that compare true; `vstur` appends them to dst row r (from dst's
storage row r, past it when a row has more than dst's columns; a later row overwrites what
an earlier one spilled); the count goes to cdst's storage element r (`sprsts` of AR).

pto-isa's threshold is a tile of per-row unsigned integers (u32 for 32-bit data, u16
otherwise; its tests fill it with the threshold converted to src's type, then to the
unsigned type). PTOAS passes one scalar of src's type: K is that scalar converted as the
tests convert it (integers wrapped, floats truncated then wrapped), then as the
implementation converts its tile's element: f16 `(float)(int16_t)k`, 8-bit `(float)(int32_t)k`
(docs/decisions.md).
"""

from __future__ import annotations

import math
from typing import cast

import numpy as np
from xdsl.interpreter import PythonValues

from interpreters.engine.errors import check
from interpreters.machine.memory import Access, Tile
from interpreters.semantics.convert import convert
from pto_dialect.attrs import CmpMode, RoundMode, SatMode
from pto_dialect.dtypes import F16, F32, I32, DType
from pto_dialect.ops.tile_gather import TGatherOp

GROUP = 64
"""32-bit lanes of one vector register: the index register's step."""


def threshold(k: int | float, src: DType) -> int | float:
    """K: PTOAS's scalar `k` as the element of pto-isa's k tile, then as the implementation
    compares it (an integer for unsigned compares, a float for f16)."""
    if src.is_float:
        check(math.isfinite(k), f"tgather comparison form kValue {k} on a5 must be finite: "
              "pto-isa's k tile holds unsigned integers")  # fmt: skip
        k = math.trunc(k)
    element = int(k) % (1 << (32 if src.bytes == 4 else 16))
    if src == F16:
        return float(element - (1 << 16) if element >= 1 << 15 else element)
    return element


def scores(values: np.ndarray, src: DType) -> np.ndarray:
    """The compared value of each element: unsigned int64 or (f16) float32."""
    if src == F32:
        rounded = convert(values, F32, I32, RoundMode.RINT, SatMode.OFF, 32)
        return rounded.view(np.uint32).astype(np.int64)
    if src == F16:
        return values.astype(np.float32)
    return values.view(f"u{src.bytes}").astype(np.int64)


def compare_gather_a5(op: TGatherOp, args: PythonValues) -> list[Access]:
    """Run the A5 comparison form; the bytes it writes past dst's storage."""
    src, dst, cdst = (cast(Tile, args[k]) for k in (0, 3, 4))
    rows, cols = src.valid
    line = src.type.storage_shape[1]  # TileDataS::Cols
    per_repeat = 128 if src.dtype.bytes == 1 else GROUP
    span = -(-cols // per_repeat) * per_repeat  # the row's groups x 64
    read = span if src.dtype.bytes < 4 else cols
    at = np.arange(rows)[:, None] * line + np.arange(read)[None, :]
    start = int(at.min(initial=0))
    stretch = src.memory.typed(src.address + start * src.dtype.bytes, src.dtype,
                               int(at.max(initial=-1)) + 1 - start)  # fmt: skip
    values = scores(stretch[at - start], src.dtype)
    k = threshold(cast(int | float, args[1]), src.dtype)
    hits = values > k if op.compare_mode is CmpMode.GT else values == k
    index = op.first_index + np.arange(rows)[:, None] * span + np.arange(read)[None, :]
    index = (index & 0xFFFFFFFF).astype(np.uint32).view(dst.dtype.numpy)
    check(rows <= cdst.type.shape[0] * cdst.type.shape[1],
          f"cdst holds {cdst.type.shape[0] * cdst.type.shape[1]} counts, not {rows}")  # fmt: skip
    dst_line = dst.type.storage_shape[1] * dst.dtype.bytes
    end_of_dst = dst.address + dst.type.storage_shape[0] * dst_line
    spilled = end_of_dst
    for r in range(rows):  # row by row: a row's spill is overwritten by the next
        chosen = index[r][hits[r]]
        row = dst.address + r * dst_line
        dst.memory.typed(row, dst.dtype, chosen.size)[:] = chosen
        spilled = max(spilled, row + chosen.size * dst.dtype.bytes)
    counts = hits.sum(axis=1).astype(np.int64)
    cdst.storage()[:rows] = (counts & 0xFFFFFFFF).astype(np.uint32).view(cdst.dtype.numpy)
    return [Access(dst.memory, end_of_dst, spilled)] if spilled > end_of_dst else []
