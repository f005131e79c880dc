"""Level-1 PTO kernels built from Python (docs/python-api.md, "Building a kernel"): `Kernel`
makes a module with one function on xDSL's `Builder`, every tile op of the dialect a method
made from its op class, views, loops and scalar parameters typed values. It builds IR only:
it imports nothing of the passes or the interpreter (test_layout.py)."""

from __future__ import annotations

from xdsl.ir import Attribute

from pto_dialect.attrs import BLayout, Location, PadValue, SLayout
from pto_dialect.builder.kernel import BuildError, Kernel, Loop, python_name, tile_ops
from pto_dialect.builder.values import Pointer, Scalar, Tile, Value, View
from pto_dialect.memory_types import PtrType
from pto_dialect.tile_types import TileType

__all__ = [
    "BuildError",
    "Kernel",
    "Loop",
    "Pointer",
    "Scalar",
    "Tile",
    "Value",
    "View",
    "ptr",
    "python_name",
    "tile",
    "tile_ops",
]


def ptr(element: Attribute) -> PtrType:
    """`!pto.ptr<element>` (GM)."""
    return PtrType(element)


def tile(
    element: Attribute,
    rows: int,
    cols: int,
    *,
    loc: Location = Location.VEC,
    valid: tuple[int, int] | None = None,
    blayout: BLayout = BLayout.ROW_MAJOR,
    slayout: SLayout = SLayout.NONE_BOX,
    fractal: int = 512,
    pad: PadValue = PadValue.NULL,
) -> TileType:
    """`!pto.tile<loc=..., dtype=element, rows=..., cols=...>` (valid: all unless given)."""
    v_row, v_col = valid or (rows, cols)
    return TileType(loc, element, rows, cols, v_row, v_col, blayout, slayout, fractal, pad)
