"""Which UB elements an A2/A3 vector instruction (`pto.ub.*`) touches, and moving them.

A repeat is 256 bytes in 8 blocks of 32 bytes; strides count blocks. Lane `l` of repeat `r`
of an operand lies `(r * repeat_stride + l // K * block_stride) * 32 + l % K * size` bytes
past its base (K = 32 / size elements per block). The vector mask chooses the lanes:

- normal mode: `repeat` repeats; lane `l` runs iff bit `l` of `mask1:mask0` is set (so a
  32-bit element type reads `mask0` only);
- count mode: `mask0` counts elements; they run as `ceil(count / lanes)` repeats, the last
  one partial, whatever `repeat` says.

Lanes that do not run are neither read nor written. Repeats run in order, each reading its
sources before it writes: the whole instruction is one array operation unless a repeat
writes bytes that another element reads (`needs_order`), when it runs repeat by repeat.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from interpreters.engine.errors import check

BLOCK_BYTES = 32
REPEAT_BYTES = 256
_MASK64 = (1 << 64) - 1


@dataclass(frozen=True)
class Lanes:
    """The lanes an instruction runs: `active[r, l]` for repeat r, lane l."""

    active: np.ndarray
    count_mode: bool

    @property
    def repeats(self) -> int:
        return int(self.active.shape[0])

    @property
    def partial(self) -> bool:
        """Whether some lane of a repeat does not run (the cost model's mask floor)."""
        return self.count_mode or not bool(self.active.all())


def lanes(size: int, repeat: int, mask: tuple[int, int], count_mode: bool) -> Lanes:
    """The lanes an instruction of `size`-byte elements runs under `mask` (mask0, mask1)."""
    per = REPEAT_BYTES // size
    if count_mode:
        count = mask[0] & _MASK64
        repeats = -(-count // per)
        return Lanes((np.arange(repeats * per) < count).reshape(repeats, per), True)
    check(repeat >= 0, f"repeat {repeat} must not be negative")
    bits = np.array([mask[0] & _MASK64, mask[1] & _MASK64], dtype="<u8").view(np.uint8)
    row = np.zeros(per, dtype=bool)
    known = min(per, 128)
    row[:known] = np.unpackbits(bits, bitorder="little")[:known].astype(bool)
    return Lanes(np.broadcast_to(row, (repeat, per)), False)


def offsets(size: int, repeats: int, block_stride: int, repeat_stride: int) -> np.ndarray:
    """Byte offsets (repeats, lanes) of every lane from the operand's base."""
    per_block = BLOCK_BYTES // size
    lane = np.arange(REPEAT_BYTES // size)
    within = (lane // per_block) * block_stride * BLOCK_BYTES + (lane % per_block) * size
    return np.arange(repeats)[:, None] * (repeat_stride * BLOCK_BYTES) + within[None, :]


def byte_index(base: int, at: np.ndarray, size: int, limit: int, what: str) -> np.ndarray:
    """The byte indices (n, size) of the elements at offsets `at` (n,) past `base`, checked
    to lie inside a memory of `limit` bytes."""
    first = base + at
    if first.size:
        lo, hi = int(first.min()), int(first.max()) + size
        check(lo >= 0 and hi <= limit, f"{what} reaches bytes [{lo}, {hi}) outside UB "
              f"(0 to {limit})")  # fmt: skip
    return first[:, None] + np.arange(size)[None, :]


def gather(data: np.ndarray, index: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """The elements of `dtype` whose bytes are `index` (n, size)."""
    return np.ascontiguousarray(data[index]).view(dtype).reshape(-1)


def scatter(data: np.ndarray, index: np.ndarray, values: np.ndarray) -> None:
    """Write `values` to the bytes `index` (n, size); a byte two lanes write takes the
    higher lane's (numpy's order of repeated indices)."""
    data[index] = np.ascontiguousarray(values).view(np.uint8).reshape(index.shape)


def needs_order(dst: np.ndarray, sources: list[np.ndarray]) -> bool:
    """Whether a lane writes a byte that another lane reads (then repeats run in order);
    a lane reading the very bytes it writes (an in-place operand) does not count."""
    written = dst.reshape(-1)
    for src in sources:
        if src.shape == dst.shape and np.array_equal(src, dst):
            continue
        if np.intersect1d(written, src.reshape(-1), assume_unique=False).size:
            return True
    return False


def scalar_bits(value: int, dtype: np.dtype) -> np.ndarray:
    """A 0-d array of `dtype` holding the low bits of the i64 `value` (PTOAS passes a float
    scalar as its bits, sign-extended; an integer as its value)."""
    width = dtype.itemsize * 8
    raw = np.array(value & ((1 << width) - 1), dtype=f"u{dtype.itemsize}")
    return raw.view(dtype)
