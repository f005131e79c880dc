"""Whether a group's fused order touches UB as the op-by-op order does, row by row.

The op-by-op code runs member after member, each over all rows; the fused loop runs blocks
of B rows, member after member within a block. Buffers of one place (same address, element
type and row stride) line up row for row, so the two orders agree on them. Buffers of
different places may share bytes (the memory plan gives a dead buffer's bytes to a later
one); each access is then a `Touch` of loop row r: bytes [base + r * pitch, + extent).

- Stored writes and UB reads (`in_order`): for two touches of different places, one a
  write, that share bytes in rows r (earlier member) and r' (later member), the fused code
  must also reach row r first: block(r) <= block(r'). Two touches of one member must not
  share bytes (a member reads a row's operands before it writes the row, in no row order
  the per-op lowering shares).
- A result the fused code keeps in registers and never stores (`unstored_ok`): the
  op-by-op code writes it, so no later member may read its bytes through another place from
  UB, and where another place sharing them is used after the group, a later stored write
  of contiguous rows must write them again.
- A read from registers (`held_ok`): no member between the writer and the reader may write
  another place's bytes over the writer's (the op-by-op reader would read those).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from passes.fuse.members import Place


@dataclass(frozen=True)
class Touch:
    """Member `member`'s access of `place` in loop row r: bytes [base + r * pitch, +
    extent); pitch 0 for every row reading the same bytes (a column operand)."""

    member: int
    place: Place
    base: int
    pitch: int
    extent: int
    writes: bool
    stored: bool = True
    """For a write: whether the fused code stores it (the op-by-op code always does)."""

    @property
    def in_ub(self) -> bool:
        """Whether the fused code touches UB: a UB read or a stored write."""
        return self.stored or not self.writes

    def span(self, rows: int) -> tuple[int, int]:
        return self.base, self.base + (rows - 1) * self.pitch + self.extent

    def meets(self, other: Touch, rows: int) -> bool:
        """Whether the two touches' byte spans share a byte."""
        start, end = self.span(rows)
        other_start, other_end = other.span(rows)
        return start < other_end and other_start < end


def _rows_met(first: Touch, second: Touch, rows: int) -> tuple[np.ndarray, np.ndarray]:
    """Per row r of `first`: the lowest and highest row of `second` whose bytes row r's
    share (lowest > highest: none)."""
    r = np.arange(rows, dtype=np.int64)
    start = first.base + r * first.pitch
    low = (start - second.extent - second.base) // second.pitch + 1
    high = -((second.base - start - first.extent) // second.pitch) - 1
    return np.maximum(low, 0), np.minimum(high, rows - 1)


def in_order(touches: Sequence[Touch], rows: int, block: int) -> bool:
    """Whether the UB touches (stored writes, UB reads) keep their op-by-op order when the
    loop runs `block` rows a block (module docstring)."""
    touches = [t for t in touches if t.in_ub]
    for i, a in enumerate(touches):
        for b in touches[i + 1 :]:
            if a.place == b.place or not (a.writes or b.writes) or not a.meets(b, rows):
                continue
            first, second = (a, b) if a.member <= b.member else (b, a)
            if first.pitch == 0 or second.pitch == 0 or first.member == second.member:
                return False
            low, high = _rows_met(first, second, rows)
            met = low <= high
            r = np.arange(rows, dtype=np.int64)
            if np.any((r[met] // block) > (low[met] // block)):
                return False
    return True


def unstored_ok(
    write: Touch, touches: Sequence[Touch], rows: int, escapes: Callable[[Place], bool]
) -> bool:
    """Whether the result `write` (not stored) may stay in registers: `touches` are the
    UB reads and every member's write (module docstring)."""
    start, end = write.span(rows)
    for t in touches:
        if t.place == write.place or not t.meets(write, rows):
            continue
        if not t.writes and t.member > write.member:
            return False  # a UB read of bytes the op-by-op code wrote
        if escapes(t.place):
            t_start, t_end = t.span(rows)
            low, high = max(start, t_start), min(end, t_end)
            if not any(c.writes and c.member > write.member and c.pitch == c.extent
                       and c.span(rows)[0] <= low and high <= c.span(rows)[1]
                       for c in touches if c.stored):  # fmt: skip
                return False
    return True


def held_ok(read: Touch, writer: int, writes: Sequence[Touch], rows: int) -> bool:
    """Whether no member strictly between `writer` and `read.member` writes another place's
    bytes over the ones `read` takes from registers (`read` spans the writer's bytes)."""
    return not any(
        w.place != read.place and writer < w.member < read.member and w.meets(read, rows)
        for w in writes
    )
