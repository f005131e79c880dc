"""Registration with xDSL: `xdsl-opt` finds the dialect and passes through this universe.

Factories import lazily so that loading the entry point costs nothing.
"""

from __future__ import annotations

from xdsl.ir import Dialect
from xdsl.universe import Universe


def get_pto_dialect() -> Dialect:
    from pto_dialect.dialect import PTO

    return PTO


PTO_UNIVERSE = Universe(all_dialects={"pto": get_pto_dialect}, all_passes={})
