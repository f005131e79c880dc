"""Target profiles (A2/A3, A5, CPU simulator) as data.

Per-target legality lives here as tables keyed by op family, never as
if-chains in the ops. Every row names the manual rule it comes from.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TypeVar

from pto_dialect.attrs import BLayout, Location, SLayout, TargetArch
from pto_dialect.dtypes import (
    BF16,
    F8E4M3,
    F8E5M2,
    F16,
    F32,
    I8,
    I32,
    DType,
    dtypes,
)

KIB = 1024

MatmulTriple = tuple[DType, DType, DType]
"""(accumulator C, left A, right B) element types."""


K = TypeVar("K")
V = TypeVar("V")


def _frozen(mapping: Mapping[K, V]) -> Mapping[K, V]:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True)
class CostModel:
    """Cycle-model constants (seed 004 for vector ops, seed 002 for DMA)."""

    # A2/A3 vector pipeline: startup + completion + repeats*per_repeat + (repeats-1)*interval
    startup: int = 0
    completion: Mapping[str, int] = field(default_factory=lambda: _frozen({}))
    per_repeat: Mapping[str, int] = field(default_factory=lambda: _frozen({}))
    interval: int = 0
    # A5 popped->retire latencies per op (cycle-accurate simulator numbers)
    latency: Mapping[str, int] = field(default_factory=lambda: _frozen({}))
    # DMA bandwidth in bytes per cycle, keyed by (source, destination) memory
    bandwidth: Mapping[tuple[Location | None, Location | None], int] = field(
        default_factory=lambda: _frozen({})
    )


@dataclass(frozen=True)
class TargetProfile:
    """Everything target-specific the dialect, passes and interpreter ask about."""

    arch: TargetArch
    capacities: Mapping[Location, int]
    """Bytes of each on-chip memory."""
    dtypes: Mapping[str, frozenset[DType]]
    """Legal element types per op family (key: op name without `pto.` or family name)."""
    matmul_triples: frozenset[MatmulTriple]
    """Supported (C, A, B) element-type triples of the matrix family."""
    matmul_layouts: Mapping[Location, tuple[BLayout, SLayout]]
    """Required (blayout, slayout) per matrix operand location; empty: unchecked."""
    cost: CostModel

    @property
    def name(self) -> str:
        return self.arch.value

    def legal_dtypes(self, family: str) -> frozenset[DType]:
        return self.dtypes.get(family, frozenset())


# ---- matrix family (seed 000, TGEMV_BIAS target-profile restrictions) --------------------
_A2A3_MATMUL: frozenset[MatmulTriple] = frozenset(
    {(I32, I8, I8), (F32, F16, F16), (F32, F32, F32), (F32, BF16, BF16)}
)
_FP8 = (F8E4M3, F8E5M2)
_A5_MATMUL: frozenset[MatmulTriple] = _A2A3_MATMUL | {(F32, a, b) for a in _FP8 for b in _FP8}
_A5_MATMUL_LAYOUTS = _frozen(
    {
        Location.LEFT: (BLayout.COL_MAJOR, SLayout.ROW_MAJOR),
        Location.RIGHT: (BLayout.ROW_MAJOR, SLayout.COL_MAJOR),
        Location.ACC: (BLayout.COL_MAJOR, SLayout.ROW_MAJOR),
    }
)

# ---- per-family element types --------------------------------------------------------
# Element types a GM <-> tile transfer (tload/tstore of Vec/Mat tiles) supports.
_A2A3_GM_TILE = dtypes("i8 ui8 i16 ui16 i32 ui32 i64 ui64 f16 bf16 f32")
_A5_GM_TILE = _A2A3_GM_TILE | dtypes("f8E4M3FN f8E5M2")

_A2A3_DTYPES: dict[str, frozenset[DType]] = {
    # seed 001 (TCOLMIN implementation checks, A2A3)
    "tcolmin": dtypes("f16 f32 i16 i32"),
    # tcolmax.md / tcolsum.md implementation checks (A2A3)
    "tcolmax": dtypes("f16 f32 i16 i32"),
    "tcolsum": dtypes("f16 f32 i16 i32"),
    # elementwise-tile-tile pages: tadd.md target-profile table, the others' A2A3 checks
    "tadd": dtypes("f32 f16 bf16 i32 i16"),
    "tsub": dtypes("i32 i16 f16 f32"),
    "tmul": dtypes("i32 i16 f16 f32"),
    "tdiv": dtypes("f16 f32"),
    "tmax": dtypes("i32 i16 f16 f32"),
    "tmin": dtypes("i32 i16 f16 f32"),
    "tabs": dtypes("f32 f16"),
    # tload.md / tstore.md (A2A3): GM <-> Vec/Mat element types; Acc stores i32/f32
    "tload": _A2A3_GM_TILE,
    "tstore.vec": _A2A3_GM_TILE,
    "tstore.mat": _A2A3_GM_TILE,
    "tstore.acc": dtypes("i32 f32"),
    # tmov.md: source element types per legal location pair (no entry: pair unsupported)
    "tmov.mat->left": dtypes("i8 f16 bf16 f32"),
    "tmov.mat->right": dtypes("i8 f16 bf16 f32"),
    "tmov.mat->bias": dtypes("i32 f32 f16"),
    "tmov.mat->scaling": dtypes("ui64"),
    "tmov.vec->vec": _A2A3_GM_TILE,
    "tmov.acc->mat": dtypes("i32 f32"),
}
_A5_DTYPES: dict[str, frozenset[DType]] = {
    # seed 001 (TCOLMIN implementation checks, A5)
    "tcolmin": dtypes("f16 f32 i8 ui8 i16 ui16 i32 ui32 bf16"),
    # tcolmax.md / tcolsum.md implementation checks (A5)
    "tcolmax": dtypes("f16 f32 i8 ui8 i16 ui16 i32 ui32 bf16"),
    "tcolsum": dtypes("f16 f32 i8 ui8 i16 ui16 i32 ui32 bf16"),
    # elementwise-tile-tile pages: tadd.md target-profile table, the others' A5 checks
    "tadd": dtypes("f32 f16 bf16 i32 i16 i8 ui8 f8E4M3FN f8E5M2"),
    "tsub": dtypes("ui32 i32 ui16 i16 ui8 i8 f32 f16"),
    "tmul": dtypes("i32 ui32 f32 i16 ui16 f16"),
    "tdiv": dtypes("i32 ui32 f32 i16 ui16 f16"),
    "tmax": dtypes("ui32 i32 ui16 i16 ui8 i8 f32 f16"),
    "tmin": dtypes("ui32 i32 ui16 i16 ui8 i8 f32 f16"),
    "tabs": dtypes("f32 f16"),
    # tload.md / tstore.md (A5): any 1/2/4/8-byte element type; no store from Mat
    "tload": _A5_GM_TILE,
    "tstore.vec": _A5_GM_TILE,
    "tstore.acc": dtypes("i32 f32"),
    # tmov.md: source element types per legal location pair (no entry: pair unsupported)
    "tmov.mat->left": dtypes("i8 f8E4M3FN f8E5M2 f16 bf16 f32"),
    "tmov.mat->right": dtypes("i8 f8E4M3FN f8E5M2 f16 bf16 f32"),
    "tmov.mat->bias": dtypes("i32 f32 f16 bf16"),
    "tmov.mat->scaling": dtypes("ui64"),
    "tmov.vec->vec": _A5_GM_TILE,
    "tmov.vec->mat": _A5_GM_TILE,
    "tmov.acc->mat": dtypes("i32 f32"),
    "tmov.acc->vec": dtypes("i32 f32"),
}

# Vector micro-op families (seed 002/004); filled by pto_dialect.ops.vector_* owners.
# Ops of pto_dialect.ops.vector_load and vector_store whose data vreg lanes are checked (seed 002).
_VECTOR_MEMORY_OPS = (
    "vlds", "vldus", "vldsx2", "vsld", "vsldb", "vgather2", "vgatherb", "vgather2_bc",
    "vsts", "vstsx2", "vsst", "vsstb", "vscatter", "vstu", "vstus", "vstur",
)  # fmt: skip
_A2A3_VECTOR_DTYPES: dict[str, frozenset[DType]] = {
    # seed 002 load/store (vector_load/vector_store), checked on the vreg lanes: 8/16/32-bit
    # ("A2/A3 ... may support narrower subsets": no fp8, no 64-bit lanes).
    **dict.fromkeys(
        _VECTOR_MEMORY_OPS,
        dtypes("i8 ui8 i16 ui16 i32 ui32 f16 bf16 f32"),
    ),
    # vector_arith: A2/A3 emulates pto.v* with the A5 element types (vadd page: "Simulated"),
    # except that the A5-only exclusion of 8-bit vmul/vmula does not apply.
    "vadd": dtypes("f32 f16 bf16 i32 ui32 i16 ui16 i8 ui8"),
    "vsub": dtypes("f32 f16 bf16 i32 ui32 i16 ui16 i8 ui8"),
    "vmul": dtypes("f32 f16 bf16 i32 ui32 i16 ui16 i8 ui8"),
    "vdiv": dtypes("f32 f16"),
    "vmax": dtypes("f32 f16 bf16 i32 ui32 i16 ui16 i8 ui8"),
    "vmin": dtypes("f32 f16 bf16 i32 ui32 i16 ui16 i8 ui8"),
    "vand": dtypes("i32 ui32 i16 ui16 i8 ui8"),
    "vor": dtypes("i32 ui32 i16 ui16 i8 ui8"),
    "vxor": dtypes("i32 ui32 i16 ui16 i8 ui8"),
    "vshl": dtypes("i32 ui32 i16 ui16 i8 ui8"),
    "vshr": dtypes("i32 ui32 i16 ui16 i8 ui8"),
    "vaddc": dtypes("i32 ui32"),
    "vsubc": dtypes("i32 ui32"),
    "vabs": dtypes("f32 f16 i32 i16 i8"),
    "vmula": dtypes("f32 f16 bf16 i32 ui32 i16 ui16 i8 ui8"),
    "vbr": dtypes("f32 f16 bf16 i32 ui32 i16 ui16 i8 ui8"),
}
_A5_VECTOR_DTYPES: dict[str, frozenset[DType]] = {
    # seed 002 load/store: A5 adds fp8 and the 64-bit lanes of UNPK_B32.
    **dict.fromkeys(
        _VECTOR_MEMORY_OPS,
        dtypes("i8 ui8 i16 ui16 i32 ui32 f16 bf16 f32 f8E4M3FN f8E5M2 i64 ui64"),
    ),
    # vector_arith: seed 004 latency table (f32 f16 bf16 i32 i16 i8) with the unsigned
    # variants of the per-op manual pages; vabs/vbr from their pages.
    "vadd": dtypes("f32 f16 bf16 i32 ui32 i16 ui16 i8 ui8"),
    "vsub": dtypes("f32 f16 bf16 i32 ui32 i16 ui16 i8 ui8"),
    "vmul": dtypes("f32 f16 bf16 i32 ui32 i16 ui16"),  # seed 004: A5 excludes i8/u8
    "vdiv": dtypes("f32 f16"),  # float only (17 / 22 cycles)
    "vmax": dtypes("f32 f16 bf16 i32 ui32 i16 ui16 i8 ui8"),
    "vmin": dtypes("f32 f16 bf16 i32 ui32 i16 ui16 i8 ui8"),
    "vand": dtypes("i32 ui32 i16 ui16 i8 ui8"),  # integer only
    "vor": dtypes("i32 ui32 i16 ui16 i8 ui8"),
    "vxor": dtypes("i32 ui32 i16 ui16 i8 ui8"),
    "vshl": dtypes("i32 ui32 i16 ui16 i8 ui8"),
    "vshr": dtypes("i32 ui32 i16 ui16 i8 ui8"),
    "vaddc": dtypes("i32 ui32"),  # 32-bit carry chain
    "vsubc": dtypes("i32 ui32"),
    "vabs": dtypes("f32 f16 i32 i16 i8"),  # vabs page: i8-i32, f16, f32
    "vmula": dtypes("f32 f16 bf16 i32 ui32 i16 ui16"),  # no list published: vmul's
    "vbr": dtypes("f32 f16 bf16 i32 ui32 i16 ui16 i8 ui8"),  # b8/b16/b32 forms
}

# ---- capacities -------------------------------------------------------------------------
# include/pto/common/buffer_limits.hpp of pto-isa (bytes per core).
_A2A3_CAPACITIES = {
    Location.VEC: 192 * KIB,
    Location.MAT: 512 * KIB,
    Location.LEFT: 64 * KIB,
    Location.RIGHT: 64 * KIB,
    Location.ACC: 128 * KIB,
    Location.BIAS: 1 * KIB,
    Location.SCALING: 2 * KIB,
}
_A5_CAPACITIES = {
    **_A2A3_CAPACITIES,
    # buffer_limits gives 256 KiB of UB; 8 KiB are reserved for the runtime (issue 5's budget).
    Location.VEC: 248 * KIB,
    Location.ACC: 256 * KIB,
    Location.BIAS: 4 * KIB,
    Location.SCALING: 4 * KIB,
}

# ---- cost models ------------------------------------------------------------------------
_A2A3_COST = CostModel(
    startup=14,  # A2A3_STARTUP_BINARY
    completion=_frozen({"fp_binop": 19, "int_binop": 17, "int_mul": 18}),
    per_repeat=_frozen({"simple": 1, "binary": 2, "transcendental": 4}),
    interval=18,  # A2A3_INTERVAL
    bandwidth=_frozen(
        {
            (None, Location.VEC): 128,  # A2A3_BW_GM_VEC
            (None, Location.MAT): 256,  # A2A3_BW_GM_MAT
            (Location.VEC, Location.VEC): 128,  # A2A3_BW_VEC_VEC
        }
    ),
)
_A5_COST = CostModel(
    latency=_frozen(
        {
            "vadd": 7,
            "vsub": 7,
            "vmul": 8,
            "vdiv.f32": 17,
            "vdiv.f16": 22,
            "vmax": 7,
            "vmin": 7,
            "vand": 7,
            "vor": 7,
            "vxor": 7,
            "vshl": 7,
            "vshr": 7,
            "vaddc": 7,
            "vsubc": 7,
        }
    ),
    bandwidth=_A2A3_COST.bandwidth,
)

A2A3 = TargetProfile(
    arch=TargetArch.A2A3,
    capacities=_frozen(_A2A3_CAPACITIES),
    dtypes=_frozen({**_A2A3_DTYPES, **_A2A3_VECTOR_DTYPES}),
    matmul_triples=_A2A3_MATMUL,
    matmul_layouts=_frozen({}),
    cost=_A2A3_COST,
)
A5 = TargetProfile(
    arch=TargetArch.A5,
    capacities=_frozen(_A5_CAPACITIES),
    dtypes=_frozen({**_A5_DTYPES, **_A5_VECTOR_DTYPES}),
    matmul_triples=_A5_MATMUL,
    matmul_layouts=_A5_MATMUL_LAYOUTS,
    cost=_A5_COST,
)
CPU = TargetProfile(
    # The CPU simulator follows A5 semantics (seed 000).
    arch=TargetArch.CPU,
    capacities=A5.capacities,
    dtypes=A5.dtypes,
    matmul_triples=A5.matmul_triples,
    matmul_layouts=A5.matmul_layouts,
    cost=A5.cost,
)

PROFILES: Mapping[TargetArch, TargetProfile] = _frozen(
    {TargetArch.A2A3: A2A3, TargetArch.A5: A5, TargetArch.CPU: CPU}
)
_ALIASES = {"a2": TargetArch.A2A3, "a3": TargetArch.A2A3}

DEFAULT_TARGET = TargetArch.CPU


class UnknownTargetError(ValueError):
    pass


def parse_target(name: str) -> TargetArch:
    """`a2a3` (also `a2`, `a3`), `a5` or `cpu`."""
    key = name.strip().lower()
    if key in _ALIASES:
        return _ALIASES[key]
    try:
        return TargetArch(key)
    except ValueError:
        raise UnknownTargetError(
            f"unknown target '{name}', expected a2a3 (or a2, a3), a5 or cpu"
        ) from None


def profile(name: str | TargetArch) -> TargetProfile:
    arch = name if isinstance(name, TargetArch) else parse_target(name)
    return PROFILES[arch]


def profile_for_module_attr(value: str | None) -> TargetProfile:
    """The profile a `pto.target_arch` value names; the default target when None."""
    return PROFILES[DEFAULT_TARGET] if value is None else profile(value)
