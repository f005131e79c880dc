"""Cycle costs of ops, from the target profiles' constants.

- Vector ops on A2/A3 (seed 004): `startup + completion + repeats * per_repeat +
  (repeats - 1) * interval`; a micro-op in a vecscope is one repeat, a tile-level vector op
  has one repeat per 256 bytes of its valid region.
- Vector ops on A5 (seed 004 table): the popped->retire latency, once per repeat.
- DMA (seed 002): `ceil(bytes / bytes_per_cycle)` of the path.
The constants of an op are on its record (`COST`, `pto_dialect.records`); where nothing is
published the record carries an explicit estimate (`estimates` lists them; docs/ops/).
"""

from __future__ import annotations

from collections.abc import Iterable
from math import ceil
from typing import cast

from pto_dialect.attrs import TargetArch
from pto_dialect.dtypes import DType
from pto_dialect.ops.base import PtoOp
from pto_dialect.records import AsVectorOp, Formula, VectorCost
from pto_dialect.targets import TargetProfile
from pto_dialect.types import MemorySpace

VREG_BYTES = 256


def vector_cost(op: type[PtoOp]) -> VectorCost:
    """The vector cost of `op`: its own, or that of the vector op a tile op runs as.

    An op whose record has no vector cost is an error, never a silent default."""
    cost = op.cost()
    if isinstance(cost, AsVectorOp):
        cost = cast(type[PtoOp], cost.op).cost()
    if not isinstance(cost, VectorCost):
        raise TypeError(f"{op.name} has no vector cost on its record (cost: {cost})")
    return cost


def vector_cycles(target: TargetProfile, op: type[PtoOp], dtype: DType, repeats: int = 1) -> int:
    """Cycles of vector op `op` (or a tile op on the vector pipe) over `repeats` repeats."""
    if repeats <= 0:
        return 0
    cost = vector_cost(op)
    narrow = dtype.bits == 16
    if target.arch is TargetArch.A2A3:
        model = target.cost
        completion = model.completion[(cost.completion, dtype.is_float)]
        per_repeat = cost.f16_per_repeat if narrow and cost.f16_per_repeat else cost.per_repeat
        return (
            model.startup
            + completion
            + repeats * model.per_repeat[per_repeat]
            + (repeats - 1) * model.interval
        )
    latency = cost.f16_a5_latency if narrow and cost.f16_a5_latency else cost.a5_latency
    return repeats * latency


def estimates(ops: Iterable[type[PtoOp]]) -> list[str]:
    """`op: why` for every op whose record says its cost is an estimate."""
    found: list[str] = []
    for op in ops:
        cost = op.cost()
        why = cost.estimate if isinstance(cost, VectorCost | Formula) else None
        if why is not None:
            found.append(f"{op.name}: {why}")
    return found


def repeats_for(nbytes: int) -> int:
    """Vector repeats covering `nbytes` (one 256-byte register each)."""
    return ceil(nbytes / VREG_BYTES)


def transfer_cycles(target: TargetProfile, src: MemorySpace, dst: MemorySpace, nbytes: int) -> int:
    """DMA cycles of `nbytes` from `src` to `dst`: ceil(bytes / bandwidth)."""
    if nbytes <= 0:
        return 0
    bandwidth = _bandwidth(target, src, dst)
    return ceil(nbytes / bandwidth)


def _bandwidth(target: TargetProfile, src: MemorySpace, dst: MemorySpace) -> int:
    from pto_dialect.attrs import Location

    table = target.cost.bandwidth
    if src is MemorySpace.GM and dst is MemorySpace.L1:
        return table.get((None, Location.MAT), 128)
    if src is MemorySpace.UB and dst is MemorySpace.UB:
        return table.get((Location.VEC, Location.VEC), 128)
    return table.get((None, Location.VEC), 128)


def matmul_cycles(m: int, k: int, n: int, operand: DType) -> int:
    """Estimate: one 16 x k0 x 16 block per cycle (k0 = 16, 32 for 8-bit); f32 takes two."""
    k0 = 32 if operand.bits == 8 else 16
    blocks = ceil(m / 16) * ceil(k / k0) * ceil(n / 16)
    return blocks * (2 if operand.bits == 32 else 1)


def move_cycles(src: MemorySpace, dst: MemorySpace, nbytes: int) -> int:
    """Estimate of a tile move: 256 B/cycle on MTE1, 128 B/cycle through the fixpipe."""
    if nbytes <= 0:
        return 0
    return ceil(nbytes / (128 if src is MemorySpace.L0C else 256))
