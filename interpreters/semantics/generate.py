"""Pure numpy semantics of the generator ops (`tci`, `ttri`, `vci`)."""

from __future__ import annotations

import numpy as np

from pto_dialect.dtypes import DType


def index_sequence(start: int | float, count: int, descending: bool, dtype: DType) -> np.ndarray:
    """`start + k` (or `start - k`) for k in [0, count), wrapping modulo 2^bits: the
    integer arithmetic of the element type (tci.md, vci.md)."""
    if dtype.is_float:  # f16/f32 lanes (PTOAS's vci-f16 case): start +- k, rounded once
        steps_f = np.arange(count, dtype=np.float64)
        wide = float(start) - steps_f if descending else float(start) + steps_f
        return wide.astype(dtype.numpy)
    steps = np.arange(count, dtype=np.int64)
    values = int(start) - steps if descending else int(start) + steps
    unsigned = np.dtype(f"u{dtype.bytes}")
    return (values & ((1 << dtype.bits) - 1)).astype(unsigned).view(dtype.numpy)


def triangle(rows: int, cols: int, diagonal: int, upper: bool, dtype: DType) -> np.ndarray:
    """ttri.md: lower `1 where j <= i + d`, upper `1 where j >= i + d`, else 0."""
    i = np.arange(rows, dtype=np.int64)[:, None]
    j = np.arange(cols, dtype=np.int64)[None, :]
    ones = j >= i + diagonal if upper else j <= i + diagonal
    return ones.astype(dtype.numpy)


# ---- trandom: Philox-4x32 as a5/TRandom.hpp arranges it ----------------------------------
PHILOX_M0, PHILOX_M1 = 0xD2511F53, 0xCD9E8D57
"""The round multipliers (a5/TRandom.hpp; the Philox-4x32 constants)."""
PHILOX_W0, PHILOX_W1 = 0x9E3779B9, 0xBB67AE85
"""The key increments after each round (the Weyl constants)."""
_LANES = 64  # 32-bit lanes of one vector register
_WORD = np.uint64(0xFFFFFFFF)


def philox_rounds(counter: list[np.ndarray], key: tuple[int, int], rounds: int) -> list[np.ndarray]:
    """Philox-4x32 on arrays of the four counter words (uint64 holding 32-bit values)."""
    c0, c1, c2, c3 = counter
    k0, k1 = np.uint64(key[0]), np.uint64(key[1])
    for _ in range(rounds):
        p0 = c0 * np.uint64(PHILOX_M0)  # 32 x 32 bits: exact in uint64
        p1 = c2 * np.uint64(PHILOX_M1)
        c0, c1, c2, c3 = (
            (p1 >> np.uint64(32)) ^ c1 ^ k0,
            p1 & _WORD,
            (p0 >> np.uint64(32)) ^ c3 ^ k1,
            p0 & _WORD,
        )
        k0 = (k0 + np.uint64(PHILOX_W0)) & _WORD
        k1 = (k1 + np.uint64(PHILOX_W1)) & _WORD
    return [c0, c1, c2, c3]


def _add128(words: list[int], offsets: np.ndarray) -> list[np.ndarray]:
    """The 128-bit counter `words` (low word first) plus each of `offsets` (< 2^62)."""
    result: list[np.ndarray] = []
    carry = offsets.astype(np.uint64)
    for word in words:
        total = carry + np.uint64(word)
        result.append(total & _WORD)
        carry = total >> np.uint64(32)
    return result


def random_words(key: tuple[int, int], counter: tuple[int, int, int, int], rows: int,
                 cols: int, rounds: int) -> np.ndarray:  # fmt: skip
    """`rows x cols` uint32 words of trandom (a5/TRandom.hpp): each row is cut in blocks of
    4 x 64 columns; block (i, j) runs Philox on the 64 counters `counter + lane + base(i, j)`
    and stores lane l's four words at columns 4l .. 4l + 3 of the block (the vintlv
    interleave). The counter advances by 64 after every block but a row's last, which
    advances it by ((cols - 1) mod 64) + 1, and carries over from row to row."""
    if rows == 0 or cols == 0:
        return np.zeros((rows, cols), np.uint32)
    blocks = -(-cols // (4 * _LANES))
    per_row = (blocks - 1) * _LANES + ((cols - 1) % _LANES) + 1
    starts = np.arange(rows)[:, None] * per_row + np.arange(blocks)[None, :] * _LANES
    offsets = starts[:, :, None] + np.arange(_LANES)[None, None, :]  # rows x blocks x lanes
    words = philox_rounds(_add128(list(counter), offsets), key, rounds)
    interleaved = np.stack(words, axis=-1)  # rows x blocks x lanes x 4
    return interleaved.reshape(rows, blocks * 4 * _LANES)[:, :cols].astype(np.uint32)
