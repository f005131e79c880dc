"""Cycle costs of ops, from the target profiles' constants.

- Vector ops on A2/A3 (seed 004): `startup + completion + repeats * per_repeat +
  (repeats - 1) * interval`; a micro-op in a vecscope is one repeat, a tile-level vector op
  has one repeat per 256 bytes of its valid region.
- Vector ops on A5 (seed 004 table): the popped->retire latency, once per repeat.
- DMA (seed 002): `ceil(bytes / bytes_per_cycle)` of the path.
Where the manual publishes no number the cost is an estimate, listed in `ESTIMATES` and in
docs/machine.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

from pto_dialect.attrs import TargetArch
from pto_dialect.dtypes import DType
from pto_dialect.targets import TargetProfile
from pto_dialect.types import MemorySpace

VREG_BYTES = 256


@dataclass(frozen=True)
class VectorCost:
    """Seed 004 rows of one op: A2/A3 completion key and per-repeat key, A5 latency."""

    completion: str
    per_repeat: str
    a5_latency: int
    estimated: bool = False


# seed 004: completion FP binop 19 (vadd/vsub f32), INT binop 17, INT mul 18; per repeat 2 for
# binary arithmetic (vadd vmul vmax vmin), 1 for bitwise/shift/carry; A5 latencies per op.
_VECTOR: dict[str, VectorCost] = {
    "vadd": VectorCost("binop", "binary", 7),
    "vsub": VectorCost("binop", "binary", 7),
    "vmul": VectorCost("mul", "binary", 8),
    "vdiv": VectorCost("binop", "binary", 17),
    "vmax": VectorCost("binop", "binary", 7),
    "vmin": VectorCost("binop", "binary", 7),
    "vand": VectorCost("binop", "simple", 7),
    "vor": VectorCost("binop", "simple", 7),
    "vxor": VectorCost("binop", "simple", 7),
    "vshl": VectorCost("binop", "simple", 7),
    "vshr": VectorCost("binop", "simple", 7),
    "vaddc": VectorCost("binop", "simple", 7),
    "vsubc": VectorCost("binop", "simple", 7),
    # research notes: A5 vabs latency 5; A2/A3 costed as a simple binop (estimate)
    "vabs": VectorCost("binop", "simple", 5, estimated=True),
    # no published numbers: costed as the closest published op (estimates)
    "vmula": VectorCost("mul", "binary", 8, estimated=True),
    "vbr": VectorCost("binop", "simple", 7, estimated=True),
    "vlds": VectorCost("binop", "simple", 7, estimated=True),
    "vsts": VectorCost("binop", "simple", 7, estimated=True),
}
_F16_VDIV_A5_LATENCY = 22  # seed 004: vdiv 17 (f32), 22 (f16); A2/A3: 4 cycles/repeat for f16

# Tile-level vector ops are costed as their vector micro-op.
TILE_TO_VECTOR = {
    "tadd": "vadd", "tsub": "vsub", "tmul": "vmul", "tdiv": "vdiv", "tmax": "vmax",
    "tmin": "vmin", "tabs": "vabs", "tcolmin": "vmin", "tcolmax": "vmax", "tcolsum": "vadd",
}  # fmt: skip

ESTIMATES = (
    "vabs, vmula, vbr, vlds/vsts and the other vector memory ops: no published A2/A3 numbers "
    "(costed as the closest published op)",
    "UB -> GM and every A5 DMA path: no published bandwidth (128 B/cycle, as GM -> UB on A2/A3)",
    "matrix ops: one 16x16x16 block of MACs per cycle (two for f32, 16x32x16 for int8)",
    "tmov: 256 B/cycle on MTE1, 128 B/cycle on FIX, vec->vec as a vector copy",
    "sync ops: no cycles of their own",
)


def vector_cycles(target: TargetProfile, name: str, dtype: DType, repeats: int = 1) -> int:
    """Cycles of vector op `name` (`vadd`, or a tile op's name) over `repeats` repeats."""
    if repeats <= 0:
        return 0
    name = TILE_TO_VECTOR.get(name, name)
    cost = _VECTOR.get(name, _VECTOR["vlds"])
    model = target.cost
    if target.arch is TargetArch.A2A3:
        kind = "fp_binop" if dtype.is_float else f"int_{cost.completion}"
        completion = model.completion.get(kind, model.completion["int_binop"])
        if dtype.is_float and cost.completion == "mul":
            completion = model.completion["fp_binop"]
        per_repeat = model.per_repeat[cost.per_repeat]
        if name == "vdiv" and dtype.bits == 16:
            per_repeat = model.per_repeat["transcendental"]
        return model.startup + completion + repeats * per_repeat + (repeats - 1) * model.interval
    latency = cost.a5_latency
    if name == "vdiv" and dtype.bits == 16:
        latency = _F16_VDIV_A5_LATENCY
    return repeats * latency


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
