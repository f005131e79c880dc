"""VMI elementwise, compare, select, carry and SFU lanes as numpy over whole logical vectors.

A VMI vector is a 1-D array of its L logical lanes in the dtype its element type computes
with (`vmi_dtype`: signless integers unsigned), a mask a 1-D bool array of L lanes. The
lane functions are the micro-ops' (`semantics.vector_arith`, `semantics.math`), applied to
every lane: the governing mask of an elementwise op does not gate its lanes (PTOAS's
`VMILowerUnifiedToLegacy` drops it; docs/decisions.md). `pmode = "merge"` keeps the first
source on inactive lanes. Compares, selects, carries, `vmull` and the histograms use
their masks (PTOAS lowers them with it).
"""

from __future__ import annotations

import numpy as np

from interpreters.semantics import compare as cmp
from interpreters.semantics import vector_arith as va
from pto_dialect.attrs import CmpMode
from pto_dialect.dtypes import DType
from pto_dialect.rules import VectorArithRules


def everywhere(lanes: int) -> np.ndarray:
    """The all-lanes mask the micro-op semantics take."""
    return va.lane_prefix(lanes, lanes)


def merged(result: np.ndarray, source: np.ndarray, mask: np.ndarray | None, merge: bool):
    """`result`, or `source` on the inactive lanes when `merge`."""
    if merge and mask is not None:
        return np.where(mask, result, source)
    return result


def binary(
    op: va.LaneOp, lhs: np.ndarray, rhs: np.ndarray, dtype: DType, rules: VectorArithRules
) -> np.ndarray:
    """`op` on every lane."""
    full = everywhere(lhs.size)
    return np.asarray(op(lhs, rhs, full, dtype, rules), dtype=lhs.dtype)


def unary(op: va.UnaryLaneOp, values: np.ndarray, dtype: DType) -> np.ndarray:
    return np.asarray(op(values, dtype), dtype=values.dtype)


def scalar(value: int | float, dtype: DType, lanes: int) -> np.ndarray:
    """A scalar operand on every lane (integers keep their low bits, floats rounded)."""
    return va.broadcast(value, dtype, lanes)


_MODES = {"eq": CmpMode.EQ, "ne": CmpMode.NE, "lt": CmpMode.LT, "le": CmpMode.LE,
          "gt": CmpMode.GT, "ge": CmpMode.GE}  # fmt: skip


def compare(predicate: str, lhs: np.ndarray, rhs: np.ndarray) -> np.ndarray:
    """The lanes where `lhs predicate rhs`. VMI's `eq`..`ge` and the ordered forms `oeq`..
    `oge` are the micro-op's IEEE compares (a NaN makes all false but `ne`; `one` as `ne`:
    PTOAS lowers it to vcmp "ne"); `ueq`.. are true on NaN; the legacy integer forms
    `slt`, `ult`, ... read the lanes signed or unsigned."""
    name = predicate
    if lhs.dtype.kind == "f":
        unordered = name.startswith("u") and name not in ("uno",)
        base = name[1:] if name[0] in "ou" and name[1:] in _MODES else name
        if name in ("ord", "uno"):
            nan = np.isnan(lhs) | np.isnan(rhs)
            return ~nan if name == "ord" else nan
        result = cmp.compare(lhs, rhs, _MODES[base])
        if unordered:
            result = result | np.isnan(lhs) | np.isnan(rhs)
        return np.asarray(result)
    if name[0] in "su" and name[1:] in _MODES:
        kind = "i" if name[0] == "s" else "u"
        view = np.dtype(f"{kind}{lhs.dtype.itemsize}")
        return np.asarray(cmp.compare(lhs.view(view), rhs.view(view), _MODES[name[1:]]))
    return np.asarray(cmp.compare(lhs, rhs, _MODES[name]))


def add_with_carry(
    lhs: np.ndarray, rhs: np.ndarray, carry_in: np.ndarray | None, mask: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """`vaddc` / `vaddcs` on 32-bit lanes: `(lhs + rhs + carry_in) mod 2^32` and the carry
    out; inactive lanes give 0 and no carry (the micro-ops' zeroing)."""
    a = lhs.view(np.uint32).astype(np.uint64)
    b = rhs.view(np.uint32).astype(np.uint64)
    total = a + b + (0 if carry_in is None else carry_in.astype(np.uint64))
    result = np.where(mask, total & 0xFFFFFFFF, 0).astype(np.uint32).view(lhs.dtype)
    return result, (total >> 32).astype(bool) & mask


def multiply_high_low(
    lhs: np.ndarray, rhs: np.ndarray, mask: np.ndarray, signed: bool
) -> tuple[np.ndarray, np.ndarray]:
    """`vmull`: the 64-bit product's low and high 32 bits (inactive lanes 0)."""
    kind = np.int64 if signed else np.uint64
    view = np.int32 if signed else np.uint32
    product = lhs.view(view).astype(kind) * rhs.view(view).astype(kind)
    bits = product.view(np.uint64)
    low = np.where(mask, bits & 0xFFFFFFFF, 0).astype(np.uint32)
    high = np.where(mask, bits >> 32, 0).astype(np.uint32)
    return low.view(lhs.dtype), high.view(lhs.dtype)


def fused_multiply_add(
    acc: np.ndarray, lhs: np.ndarray, rhs: np.ndarray, dtype: DType
) -> np.ndarray:
    """`acc + lhs * rhs`, one rounding for floats (the micro-op `vmula`), wrapping ints."""
    return va.multiply_add(acc, lhs, rhs, everywhere(acc.size), dtype)


def histogram(
    acc: np.ndarray, source: np.ndarray, mask: np.ndarray, cumulative: bool
) -> np.ndarray:
    """`vdhist` / `vchist`: bin b counts the active lanes whose unsigned value is b (or at
    most b), added to `acc` (16-bit, wrapping); as many bins as `acc` has lanes."""
    bins = acc.size
    values = source.view(np.uint8)[mask].astype(np.int64)
    counts = np.bincount(values[values < bins], minlength=bins)[:bins]
    if cumulative:
        counts = np.cumsum(counts)
    total = acc.view(np.uint16).astype(np.int64) + counts
    return (total & 0xFFFF).astype(np.uint16).view(acc.dtype)
