"""Registration with xDSL: `xdsl-opt` finds the dialect and passes through this universe.

Factories import lazily so that loading the entry point costs nothing.
"""

from __future__ import annotations

from xdsl.ir import Dialect
from xdsl.passes import ModulePass
from xdsl.universe import Universe


def get_pto_dialect() -> Dialect:
    from pto_dialect.dialect import PTO

    return PTO


def get_set_target_pass() -> type[ModulePass]:
    from passes.set_target import SetTargetPass

    return SetTargetPass


PTO_UNIVERSE = Universe(
    all_dialects={"pto": get_pto_dialect},
    all_passes={"pto-set-target": get_set_target_pass},
)
