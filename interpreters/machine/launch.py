"""The launch coordinates of one kernel instance, part of a core (`machine.core.Machine`)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Launch:
    """Which block (and vector subblock) of how many this run is: what `get_block_idx`,
    `get_block_num`, `get_subblock_idx` and `get_subblock_num` answer. A single run is block
    0 of 1; `pto-run --blocks N` runs blocks 0 .. N-1, one machine each. A run models one
    vector core: subblock 0 of 1."""

    block_idx: int = 0
    block_num: int = 1
    subblock_idx: int = 0
    subblock_num: int = 1
