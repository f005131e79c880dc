"""The launch coordinates of one kernel instance, part of a core (`machine.core.Machine`)."""

from __future__ import annotations

from dataclasses import dataclass

from pto_dialect.attrs import KernelKind


@dataclass(frozen=True)
class Launch:
    """Which block (and vector subblock) of how many this run is: what `get_block_idx`,
    `get_block_num`, `get_subblock_idx` and `get_subblock_num` answer. A single run is block
    0 of 1; `pto-run --blocks N` runs blocks 0 .. N-1, one machine each. A run models one
    vector core: subblock 0 of 1; a mixed launch (`machine.cluster`) runs every core of
    each block, the AIC and the AIVs of subblocks 0 and 1."""

    block_idx: int = 0
    block_num: int = 1
    subblock_idx: int = 0
    subblock_num: int = 1
    core: KernelKind = KernelKind.VECTOR
    """The kind of core this instance runs on: it runs the code of that kind only."""
    core_index: int = 0
    """Its index in the launch's cores (`cluster.Cluster.cores`)."""
