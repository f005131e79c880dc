"""Target profiles (A2/A3, A5, CPU simulator) as data.

What a target is: its memories' capacities (the cycle model's constants are in
`interpreters/machine/cost_params.py`). Element types
per op are on each op's record (`pto_dialect.records`); behaviour rules where the manual
leaves room are in `pto_dialect.rules`. Every row names the manual rule it comes from.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TypeVar

from pto_dialect.attrs import Location, TargetArch

KIB = 1024

K = TypeVar("K")
V = TypeVar("V")


def _frozen(mapping: Mapping[K, V]) -> Mapping[K, V]:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True)
class TargetProfile:
    """Everything target-specific the dialect, passes and interpreter ask about."""

    arch: TargetArch
    capacities: Mapping[Location, int]
    """Bytes of each on-chip memory that tiles may take: the memory planning budget."""
    sizes: Mapping[Location, int]
    """Bytes of each on-chip memory as the hardware has it (what a run addresses)."""

    @property
    def name(self) -> str:
        return self.arch.value


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

_A5_SIZES = {**_A5_CAPACITIES, Location.VEC: 256 * KIB}
"""A5's memories as buffer_limits.hpp gives them: a kernel may address all 256 KiB of UB
(PTOAS's board-tested cv-mixed cases move L1 data to UB bytes up to 262,144)."""

A2A3 = TargetProfile(
    arch=TargetArch.A2A3,
    capacities=_frozen(_A2A3_CAPACITIES),
    sizes=_frozen(_A2A3_CAPACITIES),
)
A5 = TargetProfile(
    arch=TargetArch.A5,
    capacities=_frozen(_A5_CAPACITIES),
    sizes=_frozen(_A5_SIZES),
)
CPU = TargetProfile(
    # The CPU simulator follows A5 semantics (seed 000).
    arch=TargetArch.CPU,
    capacities=A5.capacities,
    sizes=A5.sizes,
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
