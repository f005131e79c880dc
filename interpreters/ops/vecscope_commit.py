"""The end of a whole-array vecscope run (`vecscope_batch`): whether running its loads first
and its stores last gives the op-by-op bytes (`safe`, or `order_free` when the run changed
the order of the scope's accesses), and the stores applied (`commit`)."""

from __future__ import annotations

from itertools import pairwise
from typing import Protocol

import numpy as np

from interpreters.ops.batched import Memo, Read, Stamp, Write, Writes


class Nest(Protocol):
    """What the checks read of a run (`vecscope_batch.Nest`): the loops' trip counts and
    sizes, each execution's place in the op-by-op order."""

    sizes: dict[int, tuple[int, int]]

    def grid(self, stamp: Stamp) -> tuple[int, ...]: ...

    def stamps(self, stamp: Stamp, shape: tuple[int, ...]) -> np.ndarray: ...


def _read_bytes(nest: Nest, read: Read) -> tuple[np.ndarray, np.ndarray]:
    """(byte, stamp) of every byte every execution of `read` reads."""
    grid = nest.grid(read.stamp)
    units = read.starts.shape[-1]
    starts = np.broadcast_to(read.starts, (*grid, units)).reshape(-1)
    stamps = np.repeat(nest.stamps(read.stamp, grid).reshape(-1), units)
    if read.active is not None:
        active = np.broadcast_to(read.active, (*grid, units)).reshape(-1)
        starts, stamps = starts[active], stamps[active]
    nbytes = (starts[:, None] + np.arange(read.width)).reshape(-1)
    return nbytes, np.repeat(stamps, read.width)


def _write_bytes(nest: Nest, write: Write) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(byte, stamp, value byte) of every byte every execution of `write` writes."""
    grid = nest.grid(write.stamp)
    full = (*grid, write.index.shape[-1])
    active = np.broadcast_to(write.active, full)
    index = np.broadcast_to(write.index, full)[active]
    values = np.ascontiguousarray(np.broadcast_to(write.values, full)[active])
    stamps = np.broadcast_to(nest.stamps(write.stamp, grid)[..., None], full)[active]
    width = write.dtype.itemsize
    nbytes = (index[:, None] * width + np.arange(width)).reshape(-1)
    return nbytes, np.repeat(stamps, width), values.view(np.uint8).reshape(-1)


def safe(nest: Nest, pending: Writes) -> bool:
    """Whether running the loads first and the stores last gives op-by-op's bytes: no
    byte a load read was written by a store that runs earlier op by op (a byte written
    twice is settled by `commit`)."""
    return _exact(nest, pending) if _reads_meet_writes(pending) else True


def _reads_meet_writes(pending: Writes) -> bool:
    """Whether the span of a load meets the span of a store into its memory."""
    spans = [(w.memory, w.place.span) for w in pending.writes]
    for read in pending.reads:
        reach = read.span()
        if reach is None:
            continue
        for memory, span in spans:
            if memory is read.memory and span and reach[0] < span[1] and span[0] < reach[1]:
                return True
    return False


def _exact(nest: Nest, pending: Writes) -> bool:
    """`safe` byte by byte: per memory, the earliest write of each byte against its
    latest read."""
    for memory in {id(w.memory): w.memory for w in pending.writes}.values():
        reads = [_read_bytes(nest, r) for r in pending.reads if r.memory is memory]
        writes = [_write_bytes(nest, w) for w in pending.writes if w.memory is memory]
        if not reads:
            continue
        read_bytes = np.concatenate([b for b, _ in reads])
        read_stamps = np.concatenate([s for _, s in reads])
        write_bytes = np.concatenate([b for b, _, _ in writes])
        write_stamps = np.concatenate([s for _, s, _ in writes])
        order = np.lexsort((write_stamps, write_bytes))
        written, first = np.unique(write_bytes[order], return_index=True)
        earliest = write_stamps[order][first]
        order = np.lexsort((-read_stamps, read_bytes))
        read, first = np.unique(read_bytes[order], return_index=True)
        latest = read_stamps[order][first]
        _, at_w, at_r = np.intersect1d(written, read, assume_unique=True, return_indices=True)
        if (earliest[at_w] < latest[at_r]).any():
            return False
    return True


def verdict(nest: Nest, verdicts: Memo, copies: bool, pending: Writes) -> tuple[bool, bool]:
    """`safe` (`order_free` for a plan that ran copies as one) and whether the writes are
    apart (`writes_apart`), remembered for accesses at the same places (the entry keeps
    the arrays its key names alive)."""
    key = (
        tuple((id(r.op), id(r.starts), id(r.active)) for r in pending.reads),
        tuple((id(w.op), id(w.place)) for w in pending.writes),
        tuple(nest.sizes.values()),
    )
    found = verdicts.get(key)
    if found is None:
        apart = writes_apart(pending)
        verdict = order_free(pending, apart) if copies else safe(nest, pending)
        places = [w.place for w in pending.writes]
        found = verdicts.put(key, ((verdict, apart), list(pending.reads), places))
    return found[0]


def commit(nest: Nest, pending: Writes, apart: bool) -> None:
    """Applies the pending writes; where executions write the same byte, the later one
    (op-by-op order) stays (`apart`: none does)."""
    for writes in _by_memory(pending).values():
        if apart or (all(w.place.unique for w in writes) and _disjoint(writes)):
            for write in writes:
                target = _elements(write)
                data = write.data
                if np.may_share_memory(data, target):  # a loaded register stored again
                    data = data.copy()
                target[write.place.elements] = data
            continue
        parts = [_write_bytes(nest, w) for w in writes]
        nbytes = np.concatenate([b for b, _, _ in parts])
        stamps = np.concatenate([s for _, s, _ in parts])
        values = np.concatenate([v for _, _, v in parts])
        order = np.lexsort((stamps, nbytes))
        nbytes, values = nbytes[order], values[order]
        last = np.append(nbytes[1:] != nbytes[:-1], True)
        writes[0].memory.data[nbytes[last]] = values[last]


def _elements(write: Write) -> np.ndarray:
    data = write.memory.data
    return data[: data.size - data.size % write.dtype.itemsize].view(write.dtype)


def _disjoint(writes: list[Write]) -> bool:
    """Whether no two of `writes` (each `unique`) share an element: their spans apart, or
    (their elements of one size) no element in two of them."""
    spans = sorted(s for s in (w.place.span for w in writes) if s is not None)
    if all(a[1] <= b[0] for a, b in pairwise(spans)):
        return True
    if len({w.dtype.itemsize for w in writes}) != 1:
        return False
    elements = np.sort(np.concatenate([w.place.elements for w in writes]))
    return bool((elements[1:] != elements[:-1]).all())


def _by_memory(pending: Writes) -> dict[int, list[Write]]:
    by_memory: dict[int, list[Write]] = {}
    for write in pending.writes:
        by_memory.setdefault(id(write.memory), []).append(write)
    return by_memory


def writes_apart(pending: Writes) -> bool:
    """Whether no byte is written twice."""
    if not all(w.place.unique for w in pending.writes):
        return False
    return all(_disjoint(writes) for writes in _by_memory(pending).values())


def order_free(pending: Writes, apart: bool) -> bool:
    """Whether the bytes do not depend on the order of the accesses at all: no byte is
    written twice (`apart`), none that a load reads is written."""
    return apart and not _reads_meet_writes(pending)
