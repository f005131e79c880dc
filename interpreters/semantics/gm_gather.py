"""`mgather` / `mscatter` on whole arrays: the GM table as a numpy view, indices remapped by
the out-of-bounds policy, rows or elements moved at once (mgather.md, mscatter.md)."""

from __future__ import annotations

import numpy as np

from interpreters.engine.errors import PtoRuntimeError


def _positions(
    idx: np.ndarray, capacity: int, policy: str, what: str
) -> tuple[np.ndarray, np.ndarray]:
    """(positions, in bounds) of `idx` under `policy`; `undefined` raises on an index past
    `capacity` (the caller guaranteed none), `zero`/`skip` mark it out of bounds."""
    raw = idx.astype(np.int64) & 0xFFFFFFFF  # the hardware reads indices as uint32
    inside = raw < capacity
    if policy == "clamp":
        return np.minimum(raw, capacity - 1), np.ones_like(inside)
    if policy == "wrap":
        return raw % capacity, np.ones_like(inside)
    if policy == "undefined" and not inside.all():
        bad = int(raw[~inside].flat[0])
        raise PtoRuntimeError(
            f"{what} index {bad} is past the table's {capacity} "
            f"{'rows' if what.endswith('row') else 'elements'} (no out-of-bounds policy)"
        )
    return np.where(inside, raw, 0), inside


def _table_rows(table: np.ndarray) -> np.ndarray:
    """The table as rows of its last dimension (a view where the strides allow)."""
    return table.reshape(-1, table.shape[-1]) if table.ndim != 1 else table.reshape(1, -1)


def gather(
    table: np.ndarray, idx: np.ndarray, valid: tuple[int, int], mode: str, oob: str
) -> np.ndarray:
    """The `rows x cols` values `mgather` writes (the dst valid region)."""
    rows, cols = valid
    if mode == "row":
        flat_idx = idx.reshape(-1)[:rows]
        pos, inside = _positions(flat_idx, int(np.prod(table.shape[:-1])), oob, "mgather row")
        out = np.asarray(_table_rows(table))[pos, :cols]
        return np.where(inside[:, None], out, np.zeros((), dtype=table.dtype))
    flat = np.asarray(table).reshape(-1)
    pos, inside = _positions(idx[:rows, :cols], flat.size, oob, "mgather element")
    return np.where(inside, flat[pos], np.zeros((), dtype=table.dtype))


def scatter(
    src: np.ndarray,
    table: np.ndarray,
    idx: np.ndarray,
    valid: tuple[int, int],
    mode: str,
    oob: str,
    atomic: str,
) -> None:
    """Write `src`'s valid region into `table` (a writable view) as `mscatter` does."""
    rows, cols = valid
    if mode == "row":
        capacity = int(np.prod(table.shape[:-1]))
        pos, inside = _positions(idx.reshape(-1)[:rows], capacity, oob, "mscatter row")
        row_of = np.unravel_index(pos[inside], table.shape[:-1])
        targets = tuple(np.repeat(r[:, None], cols, axis=1) for r in row_of)
        where = (*targets, np.broadcast_to(np.arange(cols), (len(pos[inside]), cols)))
        values = src[:rows, :cols][inside]
    else:
        pos, inside = _positions(idx[:rows, :cols], table.size, oob, "mscatter element")
        where = np.unravel_index(pos[inside], table.shape)
        values = src[:rows, :cols][inside]
    values = values.astype(table.dtype)
    if atomic == "add":
        np.add.at(table, where, values)
    elif atomic == "max":
        np.maximum.at(table, where, values)
    elif atomic == "min":
        np.minimum.at(table, where, values)
    else:  # the last write in row-major order wins: keep each place's last value
        flat = np.ravel_multi_index(where, table.shape).reshape(-1)
        order = values.reshape(-1)
        _, last = np.unique(flat[::-1], return_index=True)
        keep = flat.size - 1 - last
        table[np.unravel_index(flat[keep], table.shape)] = order[keep]
