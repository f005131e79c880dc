"""Cycle costs of moving data (cost model v2, docs/machine.md): DMA transfers on MTE2/MTE3
(start-up + bytes / bandwidth of the path, `cost_params.DMA_PATHS`, A5's own figures where
published), tile moves by MTE1 or the fixpipe, and A2/A3 UB -> UB copies. Vector, cube and
SIMT costs are in `costs`."""

from __future__ import annotations

from math import ceil, prod

from interpreters.machine import cost_params as P
from pto_dialect.attrs import TargetArch
from pto_dialect.dtypes import DType
from pto_dialect.memory_types import MemorySpace
from pto_dialect.targets import TargetProfile


def path(src: MemorySpace, dst: MemorySpace, target: TargetProfile | None = None) -> P.Path:
    """The DMA path from `src` to `dst` (on A5 its own figures where published)."""
    if target is not None and target.arch is TargetArch.A5:
        route = P.A5_DMA_PATHS.get((src, dst))
        if route is not None:
            return route
    return P.DMA_PATHS.get((src, dst), P.DEFAULT_PATH)


def transfer_cycles(
    target: TargetProfile,
    src: MemorySpace,
    dst: MemorySpace,
    nbytes: int,
    transfers: int = 1,
    rows: int = 0,
) -> int:
    """DMA cycles of `nbytes` (in `rows` rows, where the path has a row floor) from `src` to
    `dst` in `transfers` DMA instructions issued one after another: start-up per instruction
    + bytes / bandwidth of the path, or its row floor a row if that is longer (the same
    figures on every target but A5's own, `cost_params.A5_DMA_PATHS`)."""
    if nbytes <= 0:
        return 0
    route = path(src, dst, target)
    moving = max(nbytes / route.bytes_per_cycle, rows * route.row_floor)
    return route.startup * max(transfers, 1) + ceil(moving)


def transfer_timing(
    target: TargetProfile,
    src: MemorySpace,
    dst: MemorySpace,
    nbytes: int,
    transfers: int = 1,
    rows: int = 0,
) -> tuple[int, int]:
    """`transfer_cycles` and the cycles its DMA holds its queue, as a pipe model's `cycles`
    and `hold`: on a path from or to GM all of it but the start-up of its last DMA
    instruction, which is latency, in flight while the queue takes the next transfer (the
    start-ups of the DMA instructions one N-D tload or tstore issues add up, as [prof] TLOAD
    c02/c06/c09 show; those of separate transfers overlap, as PTOAS#1569's camodel kernels
    show: `cost_params.FLAG_LATENCY`); the whole transfer on the on-chip paths."""
    cycles = transfer_cycles(target, src, dst, nbytes, transfers, rows)
    if cycles == 0 or MemorySpace.GM not in (src, dst):
        return cycles, cycles
    return cycles, cycles - path(src, dst, target).startup


def gm_transfers(target: TargetProfile, shape: tuple[int, ...]) -> int:
    """DMA instructions a tload/tstore of a GM view of `shape` issues: on A2/A3 one per
    index of the dimensions before the last two (npu/a2a3/TLoad.hpp, TStore.hpp loop over
    shape0..2); on A5 one per index of dimension 0 of a 5-D view (npu/a5/TLoad.hpp runs
    dimensions 1 and 2 as the DMA's hardware loops, `set_loop_size_outtoub`). [prof] TLOAD
    c02 (2x2x2 copies of 32x64 f32: 2624 = 8 x 264 + 512), c06/c07 (32 copies of 2x128
    i16: 8576 = 32 x 268), c09 (DN, 32 copies: 8704 = 32 x 272)."""
    if target.arch is TargetArch.A2A3:
        return prod(shape[:-2]) if len(shape) > 2 else 1
    return shape[0] if len(shape) == 5 else 1


def ub_copy_cycles(rows: int, cols: int, row_elems: int, dtype: DType) -> int:
    """A2/A3 vec -> vec `tmov` (npu/a2a3/TMov.hpp): one `copy_ubuf_to_ubuf` of the whole
    rows when the valid columns fill the destination's rows, else one per row of its valid
    columns in 32-byte blocks; each `UB_COPY_HEAD` + a block per cycle."""
    if rows <= 0 or cols <= 0:
        return 0
    block = P.UB_COPY_BYTES_PER_CYCLE
    if cols == row_elems or rows == 1:
        return P.UB_COPY_HEAD + ceil(rows * row_elems * dtype.bytes / block)
    return rows * (P.UB_COPY_HEAD + ceil(cols * dtype.bytes / block))


def move_cycles(
    target: TargetProfile, src: MemorySpace, dst: MemorySpace, nbytes: int, rows: int = 0
) -> int:
    """A tile move by MTE1 or the fixpipe (`rows` rows): the path's `transfer_cycles` (on A5
    an acc -> vec move is the fixpipe drain a C2V push is, npu/a5/TMov.hpp)."""
    return transfer_cycles(target, src, dst, nbytes, 1, rows)
