"""Data rearrangement in registers (vintlv ... vzunpack, vselr), as pure numpy over whole vregs.

A vreg is a 1-D array of N lanes, a mask a 1-D bool array of N lanes. Every function returns
new arrays of the lane types it is given (or is told), computed by index arithmetic.
Run-time operands out of their range (`amt`, `part`) raise `PtoRuntimeError`.
"""

from __future__ import annotations

import numpy as np

from interpreters.engine.errors import check
from pto_dialect.dtypes import DType


def interleave(lhs: np.ndarray, rhs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The stream lhs[0], rhs[0], lhs[1], rhs[1], ... cut into its first and second N lanes."""
    lanes = lhs.shape[0]
    stream = np.stack([lhs, rhs], axis=1).reshape(-1)
    return stream[:lanes].copy(), stream[lanes:].copy()


def deinterleave(lhs: np.ndarray, rhs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The even and the odd positions of the stream lhs ++ rhs."""
    stream = np.concatenate([lhs, rhs])
    return stream[0::2].copy(), stream[1::2].copy()


def slide(src0: np.ndarray, src1: np.ndarray, amt: int) -> np.ndarray:
    """`tmp = src1 ++ src0; tmp[amt : amt + N]` (vslide.md); amt in [0, N]."""
    lanes = src0.shape[0]
    check(0 <= amt <= lanes, f"slide amount {amt} is outside [0, {lanes}] (the window of N lanes "
          f"must lie in the {2 * lanes}-lane concatenation)")  # fmt: skip
    return np.concatenate([src1, src0])[amt : amt + lanes].copy()


def shift(src: np.ndarray, amt: int) -> np.ndarray:
    """`dst[i] = i >= amt ? src[i - amt] : 0` (vshift.md); amt >= 0."""
    check(amt >= 0, f"shift amount {amt} is negative (vshift moves lanes up, zero-filling)")
    lanes = src.shape[0]
    result = np.zeros_like(src)
    kept = max(lanes - amt, 0)
    result[lanes - kept :] = src[:kept]
    return result


def lane_select(src: np.ndarray, index: np.ndarray) -> np.ndarray:
    """`dst[i] = src[index[i] mod N]`, the index lanes read as unsigned (vperm.md)."""
    lanes = src.shape[0]
    unsigned = index.view(np.dtype(f"u{index.dtype.itemsize}"))
    return src[unsigned.astype(np.int64) % lanes].copy()


def squeeze(src: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The lanes of `src` under `mask`, in lane order, at the front; zeros after them."""
    kept = src[mask]
    result = np.zeros_like(src)
    result[: kept.shape[0]] = kept
    return result


def prefix_count(mask: np.ndarray, dtype: DType) -> np.ndarray:
    """`dst[i]` = active lanes of `mask` before lane i (vusqz on the board)."""
    counts = np.concatenate([[0], np.cumsum(mask[:-1], dtype=np.int64)])
    return counts.astype(dtype.numpy)


def pack(src: np.ndarray, high: bool, narrow: DType) -> np.ndarray:
    """`src` truncated to `narrow` (modulo 2^bits) in the lower or upper half; zeros in the
    other half."""
    lanes = src.shape[0]
    truncated = low_bytes(src, narrow)
    result = np.zeros(2 * lanes, dtype=narrow.numpy)
    start = lanes if high else 0
    result[start : start + lanes] = truncated
    return result


def low_bytes(src: np.ndarray, narrow: DType) -> np.ndarray:
    """Each element of `src` cut to its low `narrow.bytes` bytes, read as `narrow` (`tpack`,
    `vpack`)."""
    unsigned = src.view(np.dtype(f"u{src.dtype.itemsize}"))
    return unsigned.astype(np.dtype(f"u{narrow.bytes}")).view(narrow.numpy)


def unpack(src: np.ndarray, part: int, signed: bool, wide: DType) -> np.ndarray:
    """Half `part` (0: lanes [0, N/2), 1: [N/2, N)) of `src`, sign- or zero-extended."""
    check(part in (0, 1), f"part {part} must be 0 (lower half) or 1 (upper half)")
    half = src.shape[0] // 2
    chosen = src[part * half : (part + 1) * half]
    kind = "i" if signed else "u"
    as_read = chosen.view(np.dtype(f"{kind}{src.dtype.itemsize}"))
    extended = as_read.astype(np.dtype(f"{kind}{wide.bytes}"))
    return extended.view(wide.numpy).copy()
