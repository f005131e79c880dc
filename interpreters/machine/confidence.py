"""How sure the cost model is of an op's cycles: fitted, checked on held-out hardware cases,
or an estimate, and the error band that follows (`pto-run --report`, docs/machine.md).

The figures are `benchmarks/cycle_fidelity.py`'s, over pto-isa's hardware-profiled cases
(tests/costmodel, 2026-08-21): per target and op class, how many of its cases a parameter was
fitted on and how many are held out, and the worst |model - published| / published over
them, the suspect published figures left out (the script lists them with their reasons). A
class is judged as a whole: its cases cover some shapes and paths (e.g. `tmov` vec -> vec
only, `tload` GM -> UB and GM -> L1 only), the band says nothing of the others. Every other
op (vector micro-ops, ops with no profiled case on the target) is an estimate with no band.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType

from pto_dialect.attrs import TargetArch
from pto_dialect.by_name import op_class
from pto_dialect.lazy_table import OnFirstUse
from pto_dialect.ops.base import PtoOp
from pto_dialect.records import NoCycles


class Basis(Enum):
    FITTED = "fitted"
    """A parameter of its cost was fitted on a profiled case of the target."""
    CHECKED = "checked"
    """Held-out profiled cases of the target check it (no parameter fitted on them)."""
    ESTIMATE = "estimate"
    """No profiled case of the target: published tables or a documented estimate."""


@dataclass(frozen=True)
class Confidence:
    basis: Basis
    band: float | None
    """The worst |error| in percent over the class's profiled cases (None: unknown)."""
    fitted: int = 0
    held_out: int = 0

    def as_json(self) -> dict[str, object]:
        return {"basis": self.basis.value, "band_percent": self.band, "fitted_cases": self.fitted,
                "held_out_cases": self.held_out}  # fmt: skip

    def text(self) -> str:
        band = "band unknown" if self.band is None else f"within {self.band:.1f}%"
        if self.basis is Basis.ESTIMATE:
            return f"{self.basis.value:<8}  {band}"
        cases = f"cases: {self.fitted} fitted, {self.held_out} held out"
        return f"{self.basis.value:<8}  {band} ({cases})"


ESTIMATE = Confidence(Basis.ESTIMATE, None)


def _m(fitted: int, held_out: int, worst: float) -> Confidence:
    return Confidence(Basis.FITTED if fitted else Basis.CHECKED, worst, fitted, held_out)


def _measured() -> Mapping[TargetArch, Mapping[type, Confidence]]:
    from pto_dialect.ops.tile_compare import TSelOp
    from pto_dialect.ops.tile_convert import TCvtOp
    from pto_dialect.ops.tile_elementwise import TAbsOp, TAddOp, TDivOp, TMulOp, TNegOp, TSubOp
    from pto_dialect.ops.tile_expand import TRowExpandOp
    from pto_dialect.ops.tile_math import TExpOp, TRecipOp, TRsqrtOp, TSqrtOp
    from pto_dialect.ops.tile_matrix import TMatmulOp
    from pto_dialect.ops.tile_memory import TLoadOp
    from pto_dialect.ops.tile_move import TMovOp
    from pto_dialect.ops.tile_reduce import TColMaxOp, TColSumOp
    from pto_dialect.ops.tile_row_reduce import TRowMaxOp, TRowSumOp
    from pto_dialect.ops.tile_scalar import TAddSOp, TDivSOp, TMinSOp, TMulSOp

    return {
        TargetArch.A2A3: MappingProxyType(
            {
                TAbsOp: _m(1, 1, 0.0),
                TAddOp: _m(4, 0, 2.2),
                TAddSOp: _m(1, 5, 5.6),
                TColMaxOp: _m(1, 2, 4.5),
                TColSumOp: _m(0, 2, 5.1),
                TCvtOp: _m(1, 1, 0.0),
                TDivOp: _m(1, 1, 0.0),
                TDivSOp: _m(0, 4, 13.1),
                TExpOp: _m(0, 4, 0.0),
                TLoadOp: _m(2, 9, 3.8),  # GM -> UB (TLoad) and GM -> L1 (TLoadConv)
                TMatmulOp: _m(1, 3, 0.0),
                TMinSOp: _m(0, 4, 5.9),
                TMovOp: _m(1, 15, 0.0),
                TMulOp: _m(0, 4, 6.0),
                TMulSOp: _m(0, 6, 6.0),
                TRowExpandOp: _m(1, 1, 0.0),
                TRowMaxOp: _m(1, 1, 0.2),
                TRowSumOp: _m(0, 2, 0.4),
                TRsqrtOp: _m(0, 1, 1.7),
                TSelOp: _m(1, 2, 0.0),
                TSqrtOp: _m(0, 3, 19.7),
                TSubOp: _m(0, 3, 14.4),
            }
        ),
        TargetArch.A5: MappingProxyType(
            {
                TAddOp: _m(1, 43, 17.1),
                TCvtOp: _m(2, 109, 22.3),
                TDivSOp: _m(0, 55, 12.6),
                TExpOp: _m(0, 52, 12.7),
                TMinSOp: _m(0, 44, 20.1),
                TMulOp: _m(0, 44, 18.3),
                TNegOp: _m(0, 44, 20.4),
                TRecipOp: _m(0, 52, 11.7),
                TRsqrtOp: _m(0, 52, 2.0),
                TSelOp: _m(0, 12, 9.1),
                TSqrtOp: _m(0, 52, 12.3),
                TSubOp: _m(0, 44, 17.1),
            }
        ),
    }


MEASURED: Mapping[TargetArch, Mapping[type, Confidence]] = OnFirstUse(_measured)
"""`benchmarks/cycle_fidelity.py` per target and op class: fitted and held-out cases (the
suspect figures left out) and the worst error over them. TROWMIN and TSORT32 have only
suspect figures on A2/A3 and stay estimates."""


def confidence(arch: TargetArch, op: type) -> Confidence:
    """How sure the model is of `op`'s cycles on `arch`."""
    return MEASURED.get(arch, {}).get(op, ESTIMATE)


def costed(names: Iterable[str]) -> list[tuple[str, type[PtoOp]]]:
    """The PTO ops among `names` that have cycles of their own, with their classes, sorted."""
    found = [(name, op_class(name)) for name in sorted(names)]
    return [(name, cls) for name, cls in found if isinstance(cls, type) and issubclass(cls, PtoOp)
            and not isinstance(cls.cost(), NoCycles)]  # fmt: skip


def confidence_json(arch: TargetArch, names: Iterable[str]) -> dict[str, dict[str, object]]:
    """Per costed op of `names`: its `Confidence` (the `cost_confidence` of a report)."""
    return {name: confidence(arch, cls).as_json() for name, cls in costed(names)}


def confidence_lines(arch: TargetArch, names: Iterable[str]) -> list[str]:
    """The report's `cost confidence` lines: an op a line, its basis and band."""
    ops = costed(names)
    width = max((len(name) for name, _ in ops), default=0)
    return [f"  {name:<{width}}  {confidence(arch, cls).text()}" for name, cls in ops]
