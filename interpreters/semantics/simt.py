"""The SIMT ops as pure numpy over all the workitems of a launch at once.

Every value is an array over the lanes (lane = linear workitem id `x + dx * (y + dy * z)`),
a packed `vector<2xT>` one more axis of 2. `active` is the boolean mask of the workitems
that run the op (divergent code masks the others off). The rules (PTOAS 17-simt.md; where
it leaves a choice, docs/semantics.md "SIMT"):

- warps of 32 lanes (`WARP`): `get_laneid` is `lane % 32`, lane masks are 32-bit, votes,
  shuffles and reductions see the active lanes of their own warp;
- thread ids: `tid_x = lane % dx`, `tid_y = lane // dx % dy`, `tid_z = lane // (dx dy)`;
  `get_block_dim_*` the launch's dims; `get_grid_dim_*` 0 and `get_block_idx_*` 0 (a
  single-block VF launch: PTOAS's board test simt-scalar-core reads 0 for the grid);
- shuffles: `idx` reads lane `index mod width` of the lane's group of `width`, `up` /
  `down` / `bfly` the lane `local -/+ offset` or `local ^ mask`; a source outside the group
  or inactive gives the lane its own value (the board's simt-control-typed-core);
- reductions: integers wrap at 32 bits (max / min signed or unsigned); floats in the
  value's type by a butterfly over the warp (offsets 16, 8, 4, 2, 1), inactive lanes the
  identity;
- atomics: the active lanes' updates in lane order, each reading what the lanes before it
  left (`atomic`: a scan per location; compare-and-swap in rounds);
- `prmt`: result byte k is byte `selector >> 4k & 7` of `rhs` (bytes 0-3) and `lhs` (4-7).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from interpreters.engine.errors import PtoRuntimeError
from interpreters.semantics import hif8
from interpreters.semantics.convert import convert
from pto_dialect.attrs import RoundMode, SatMode
from pto_dialect.dtypes import F32, DType
from pto_dialect.ops.simt_common import WARP, Rounding

# ---- lanes -----------------------------------------------------------------------------


@dataclass(frozen=True)
class LaneIds:
    """The coordinates of every workitem of a dx x dy x dz launch."""

    dims: tuple[int, int, int]
    linear: np.ndarray

    @staticmethod
    def of(dims: tuple[int, int, int]) -> LaneIds:
        dx, dy, dz = dims
        return LaneIds(dims, np.arange(dx * dy * dz, dtype=np.int64))

    @property
    def count(self) -> int:
        return int(self.linear.size)

    def query(self, key: str) -> np.ndarray:
        """The i32 value of thread query `key` (`get_tid_x`, ...) in every lane."""
        dx, dy, dz = self.dims
        lane = self.linear % WARP
        values: dict[str, Callable[[], np.ndarray]] = {
            "get_tid_x": lambda: self.linear % dx,
            "get_tid_y": lambda: self.linear // dx % dy,
            "get_tid_z": lambda: self.linear // (dx * dy),
            "get_block_dim_x": lambda: np.full(self.count, dx),
            "get_block_dim_y": lambda: np.full(self.count, dy),
            "get_block_dim_z": lambda: np.full(self.count, dz),
            "get_laneid": lambda: lane,
            "get_lanemask_eq": lambda: _bits(1 << lane),
            "get_lanemask_lt": lambda: _bits((1 << lane) - 1),
            "get_lanemask_le": lambda: _bits((1 << (lane + 1)) - 1),
            "get_lanemask_ge": lambda: _bits(0xFFFFFFFF << lane),
            "get_lanemask_gt": lambda: _bits(0xFFFFFFFF << (lane + 1)),
        }
        make = values.get(key)
        return (make() if make else np.zeros(self.count)).astype(np.int64).astype(np.int32)


def _bits(values: np.ndarray) -> np.ndarray:
    """The low 32 bits of non-negative int64 `values`, as int64 in the i32 range."""
    return (values & 0xFFFFFFFF).astype(np.uint32).view(np.int32).astype(np.int64)


def _by_warp(values: np.ndarray, fill: Any) -> np.ndarray:
    """`values` (lanes first) padded with `fill` to whole warps, as (warps, 32, ...)."""
    lanes = values.shape[0]
    pad = -lanes % WARP
    if pad:
        extra = np.full((pad, *values.shape[1:]), fill, dtype=values.dtype)
        values = np.concatenate([values, extra])
    return values.reshape(-1, WARP, *values.shape[1:])


def _per_lane(per_warp: np.ndarray, lanes: int) -> np.ndarray:
    """A value per warp, repeated for each of its lanes."""
    return np.repeat(per_warp, WARP, axis=0)[:lanes]


# ---- votes, shuffles, reductions -----------------------------------------------------------


def vote(kind: str, pred: np.ndarray, active: np.ndarray) -> np.ndarray:
    """`vote_all`/`any`/`uni` (bool) and `ballot` (i32 bits) over each warp's active lanes."""
    lanes = pred.shape[0]
    on = _by_warp(pred.astype(bool) & active, False)
    live = _by_warp(active, False)
    if kind == "ballot":
        weights = (1 << np.arange(WARP, dtype=np.int64))[None, :]
        return _per_lane(_bits((on * weights).sum(axis=1)), lanes).astype(np.int32)
    some = on.any(axis=1)
    every = (on | ~live).all(axis=1)
    result = {"all": every, "any": some, "uni": every | ~some}[kind]
    return _per_lane(np.asarray(result), lanes)


def shuffle(
    kind: str, values: np.ndarray, control: np.ndarray, width: int, active: np.ndarray
) -> np.ndarray:
    """The value each lane reads from another lane of its group of `width` (`idx`, `up`,
    `down`, `bfly`); its own value where the source is outside the group or inactive."""
    linear = np.arange(values.shape[0], dtype=np.int64)
    lane = linear % WARP
    base = lane // width * width
    local = lane - base
    c = control.astype(np.int64)
    if kind == "idx":
        source, valid = c % width, np.ones_like(c, dtype=bool)
    elif kind == "up":
        source = local - c
        valid = (source >= 0) & (source < width)
    elif kind == "down":
        source = local + c
        valid = (source >= 0) & (source < width)
    else:
        source = local ^ c
        valid = (source >= 0) & (source < width)
    target = linear - lane + base + np.where(valid, source, local)
    valid &= target < values.shape[0]
    target = np.where(valid, target, linear)
    valid &= active[target]
    chosen = values[target]
    mask = valid.reshape(-1, *([1] * (values.ndim - 1)))
    return np.where(mask, chosen, values)


def redux(kind: str, values: np.ndarray, active: np.ndarray, unsigned: bool) -> np.ndarray:
    """`redux_add`/`max`/`min` over each warp's active lanes, in every lane of the warp."""
    lanes = values.shape[0]
    if values.dtype.kind in "iu":
        wide = values.astype(np.int64)
        if unsigned:
            wide = wide & 0xFFFFFFFF
        identity = {"add": 0, "max": np.iinfo(np.int64).min, "min": np.iinfo(np.int64).max}
        grouped = np.where(_by_warp(active, False), _by_warp(wide, 0), identity[kind])
        reduce = {"add": np.sum, "max": np.max, "min": np.min}[kind]
        result = reduce(grouped, axis=1)
        return _per_lane(_bits(result & 0xFFFFFFFF), lanes).astype(values.dtype)
    identity = {"add": 0.0, "max": -np.inf, "min": np.inf}[kind]
    step = {"add": np.add, "max": np.maximum, "min": np.minimum}[kind]
    grouped = np.where(
        _by_warp(active, False), _by_warp(values, 0), np.array(identity, values.dtype)
    )
    offset = WARP // 2
    while offset:
        partner = grouped[:, np.arange(WARP) ^ offset]
        grouped = step(grouped, partner).astype(values.dtype)
        offset //= 2
    return _per_lane(grouped[:, 0], lanes)


# ---- atomics -----------------------------------------------------------------------------


def atomic(
    kind: str,
    memory: np.ndarray,
    index: np.ndarray,
    value: np.ndarray,
    compare: np.ndarray | None,
    unsigned: bool,
) -> np.ndarray:
    """The lanes' atomics `kind` on `memory` (a typed view, updated in place) at element
    `index` (lanes, or lanes x width for a packed payload), in lane order, each lane seeing
    what the lanes before it left; returns the old value each lane read.

    The read-modify-writes of one location form a sequence: its old values are the
    exclusive scan of the update over the lanes (`ufunc.accumulate` along one row per
    location, rounded at each step like the sequence), so many lanes on one counter cost
    one numpy call. Compare-and-swap is no scan: it goes in rounds, the r-th lane of every
    location in round r (as many rounds as lanes contend for one location)."""
    location = index if index.ndim == 1 else index[:, 0]
    if location.size == 0:
        return np.zeros_like(value)
    if kind == "cas":
        assert compare is not None
        return _cas_rounds(memory, index, location, value, compare)
    _, first, group = np.unique(location, return_index=True, return_inverse=True)
    home = index[first]
    old, new = _scan(kind, memory[home], value, group.reshape(-1), unsigned)
    memory[home] = new
    return old


def _scan(
    kind: str, base: np.ndarray, value: np.ndarray, group: np.ndarray, unsigned: bool
) -> tuple[np.ndarray, np.ndarray]:
    """(old value per lane, final contents per location) of the update sequences: lane i
    updates location `group[i]`, whose contents start as `base`."""
    count = np.bincount(group, minlength=base.shape[0])
    order = np.argsort(group, kind="stable")
    slot = group[order]
    rank = np.arange(group.size) - np.r_[0, np.cumsum(count)[:-1]][slot]
    if kind == "exch":  # each lane reads what the one before it wrote
        before = np.concatenate([base[:1], value[order][:-1]])
        old_sorted = np.where(_rows(rank == 0, value), base[slot], before)
        old = np.empty_like(value)
        old[order] = old_sorted
        last = np.r_[0, np.cumsum(count)][1:] - 1
        return old, np.where(_rows(count > 0, base), value[order][np.maximum(last, 0)], base)
    table = np.zeros((base.shape[0], int(count.max()) + 1, *value.shape[1:]), dtype=value.dtype)
    table[:, 0] = base
    table[slot, rank + 1] = value[order]
    work = table.view(table.dtype.str.replace("i", "u")) if unsigned and table.dtype.kind == "i" \
        else table  # fmt: skip
    step = _SCANS[kind]
    if table.dtype.kind == "f" and kind in ("min", "max"):
        step = np.fmin if kind == "min" else np.fmax  # the non-NaN operand, as C's fmin
    scanned = step.accumulate(work, axis=1, dtype=work.dtype).view(value.dtype)
    old = np.empty_like(value)
    old[order] = scanned[slot, rank]
    return old, scanned[np.arange(base.shape[0]), count]


_SCANS: dict[str, np.ufunc] = {
    "add": np.add,
    "sub": np.subtract,
    "min": np.minimum,
    "max": np.maximum,
    "and": np.bitwise_and,
    "or": np.bitwise_or,
    "xor": np.bitwise_xor,
}


def _rows(mask: np.ndarray, like: np.ndarray) -> np.ndarray:
    """`mask` (one per row) shaped to broadcast over the rows of `like`."""
    return mask.reshape(-1, *([1] * (like.ndim - 1)))


def _cas_rounds(
    memory: np.ndarray, index: np.ndarray, location: np.ndarray, value: np.ndarray,
    compare: np.ndarray,
) -> np.ndarray:  # fmt: skip
    order = np.argsort(location, kind="stable")
    ordered = location[order]
    starts = np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1]])
    rank = np.empty_like(order)
    rank[order] = np.arange(ordered.size) - np.repeat(starts, np.diff(np.r_[starts, ordered.size]))
    old = np.zeros_like(value)
    for r in range(int(rank.max()) + 1):
        now = np.flatnonzero(rank == r)
        where = index[now]
        before = memory[where].copy()
        old[now] = before
        same = np.all((before == compare[now]).reshape(now.size, -1), axis=1)
        memory[where] = np.where(_rows(same, before), value[now], before)
    return old


# ---- integer math ------------------------------------------------------------------------


def prmt(lhs: np.ndarray, rhs: np.ndarray, selector: np.ndarray) -> np.ndarray:
    """Byte k of the result: byte `selector >> 4k & 7` of the 8 bytes `rhs` (0-3), `lhs`."""
    source = np.stack(
        [rhs.astype(np.int32).view(np.uint32), lhs.astype(np.int32).view(np.uint32)], axis=1
    ).astype("<u4")
    pool = source.view(np.uint8).reshape(-1, 8)
    picks = (selector.astype(np.int64)[:, None] >> (4 * np.arange(4))) & 7
    chosen = np.take_along_axis(pool, picks, axis=1).astype(np.uint32)
    result = (chosen << (8 * np.arange(4, dtype=np.uint32))).sum(axis=1, dtype=np.uint64)
    return result.astype(np.uint32).view(np.int32)


def mulhi(lhs: np.ndarray, rhs: np.ndarray, unsigned: bool) -> np.ndarray:
    """The high half of the double-width product of two i32 or two i64 arrays."""
    if lhs.dtype.itemsize == 4:
        if unsigned:
            a, b = lhs.view(np.uint32).astype(np.uint64), rhs.view(np.uint32).astype(np.uint64)
            return ((a * b) >> np.uint64(32)).astype(np.uint32).view(np.int32)
        return ((lhs.astype(np.int64) * rhs.astype(np.int64)) >> 32).astype(np.int32)
    a, b = lhs.astype(np.int64).view(np.uint64), rhs.astype(np.int64).view(np.uint64)
    low = np.uint64(0xFFFFFFFF)
    a0, a1, b0, b1 = a & low, a >> np.uint64(32), b & low, b >> np.uint64(32)
    middle = a1 * b0 + ((a0 * b0) >> np.uint64(32))
    middle2 = a0 * b1 + (middle & low)
    high = a1 * b1 + (middle >> np.uint64(32)) + (middle2 >> np.uint64(32))
    if not unsigned:  # the signed high half: subtract the other operand for a negative one
        high = high - np.where(lhs < 0, b, np.uint64(0)) - np.where(rhs < 0, a, np.uint64(0))
    return high.view(np.int64)


def mul_wide(lhs: np.ndarray, rhs: np.ndarray, unsigned: bool) -> np.ndarray:
    """The i64 product of two i32 arrays, each sign- or zero-extended first."""
    if unsigned:
        a = lhs.view(np.uint32).astype(np.uint64)
        b = rhs.view(np.uint32).astype(np.uint64)
        return (a * b).view(np.int64)
    return lhs.astype(np.int64) * rhs.astype(np.int64)


# ---- float math --------------------------------------------------------------------------

_WIDE: dict[str, Callable[..., np.ndarray]] = {
    "sqrt": np.sqrt,
    "exp": np.exp,
    "log": np.log,
    "sin": np.sin,
    "cos": np.cos,
    "pow": np.power,
}
"""Functions computed in float64 and rounded once to the type (one rounding: exact for
sqrt; the others as close as float64 gets, the hardware's approximations may differ in
the last place)."""

_EXACT: dict[str, Callable[..., np.ndarray]] = {
    "absf": np.abs,
    "ceil": np.ceil,
    "floor": np.floor,
    "rint": np.rint,
    "fmin": np.fmin,
    "fmax": np.fmax,
}
"""Functions whose result the type represents exactly (fmin / fmax: a NaN operand gives
the other, C's fmin)."""


def float_math(name: str, *xs: np.ndarray) -> np.ndarray:
    """The SIMT float function `name` (absf, sqrt, ..., fma) of arrays of one float type."""
    dtype = xs[0].dtype
    if name in _EXACT:
        return _EXACT[name](*xs).astype(dtype)
    if name == "round":  # ties away from zero
        x = xs[0].astype(np.float64)
        whole = np.floor(np.abs(x))
        return np.copysign(whole + (np.abs(x) - whole >= 0.5), x).astype(dtype)
    if name == "fma":
        return fused_multiply_add(*xs)
    with np.errstate(all="ignore"):
        return _WIDE[name](*(x.astype(np.float64) for x in xs)).astype(dtype)


def fused_multiply_add(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    """`a * b + c` rounded once to the type of a (f16, bf16 or f32): the product is exact
    in float64, the sum rounded to odd there (TwoSum), so the last rounding is the only one
    that counts (Boldo and Melquiond)."""
    product = a.astype(np.float64) * b.astype(np.float64)
    addend = c.astype(np.float64)
    total = product + addend
    back = total - product
    error = (product - (total - back)) + (addend - back)
    inexact = (error != 0) & np.isfinite(total)
    even = (total.view(np.uint64) & 1) == 0
    toward = np.where(error > 0, np.inf, -np.inf)
    odd = np.where(inexact & even, np.nextafter(total, toward), total)
    return odd.astype(a.dtype)


# ---- conversion --------------------------------------------------------------------------

ROUND_MODES = {
    Rounding.R: RoundMode.RINT,
    Rounding.A: RoundMode.ROUND,
    Rounding.F: RoundMode.FLOOR,
    Rounding.C: RoundMode.CEIL,
    Rounding.Z: RoundMode.TRUNC,
    Rounding.O: RoundMode.ODD,
    Rounding.H: RoundMode.CEIL,
}
"""`round(r)` ... as the tile conversions' modes (`interpreters/semantics/convert.py`);
`h` (cast-ceil, only the HiF8 conversions take it) rounds up."""

HIF8 = "hif8"
"""The element name of `!pto.hif8x2` lanes (uint8 codes)."""


def convert_values(
    values: np.ndarray,
    src: DType | str,
    dst: DType | str,
    rounding: Rounding,
    saturate: bool,
) -> np.ndarray:
    """`pto.convert` of `values` (lanes, or lanes x 2 for a packed pair) of element type
    `src` to `dst` (`HIF8` for HiFloat8 codes); integer types as the signedness clause reads
    them (`ui32` for unsigned)."""
    if src == HIF8:  # every HiFloat8 value is an f32 (at most 4 significant bits)
        return convert_values(hif8.decode(values).astype(np.float32), F32, dst, rounding,
                              saturate)  # fmt: skip
    if dst == HIF8:
        return hif8.encode(values.astype(np.float64), rounding, saturate)
    assert isinstance(src, DType) and isinstance(dst, DType)
    sat = SatMode.ON if saturate else SatMode.OFF
    return convert(values, src, dst, ROUND_MODES[rounding], sat, 32)


def check_no_zero(divisor: np.ndarray, active: np.ndarray, name: str) -> None:
    """A division by zero in an active lane is a run-time error (MLIR: undefined)."""
    if np.any((divisor == 0) & active.reshape(-1, *([1] * (divisor.ndim - 1)))):
        raise PtoRuntimeError(f"{name}: division by zero in an active lane")
