"""Where the cube micro-ops put an L0 operand, against where its tile type puts it.

`mad` reads L0A, L0B and L0C in the target's formats (`pto_dialect.fractal`) with as many
boxes per column (row) as its m (n, k) need, so the pass writes each L0 buffer that way.
A tile type lays its boxes out by its full shape instead. The two agree when the format is
the tile's and the valid sizes fill the tile's boxes (`agrees`); an L0 tile some op of which
stays at tile level must agree, so that both levels find each value at the same byte.
"""

from __future__ import annotations

from math import ceil

from pto_dialect.attrs import Location, TargetArch
from pto_dialect.fractal import ACC_BOX, ACC_FORMAT, FRACTAL_ROWS, OPERAND_FORMATS, Fractal, c0
from pto_dialect.tile_types import TileTypeBase


def cube_format(location: Location, arch: TargetArch) -> Fractal | None:
    """The format the cube reads an L0 operand in (None: not an L0 operand)."""
    if location is Location.ACC:
        return ACC_FORMAT
    return OPERAND_FORMATS[arch].get(location)


def grid(location: Location, arch: TargetArch, valid: tuple[int, int], width: int) -> int:
    """Boxes per column (NZ) or per row (ZZ, ZN) of an L0 operand with `valid` sizes as the
    micro-ops lay it out (`width`: elements in one C0)."""
    rows, cols = valid
    if location is Location.ACC:
        return ceil(rows / ACC_BOX)
    if location is Location.RIGHT:
        return ceil(cols / FRACTAL_ROWS)
    if cube_format(location, arch) is Fractal.ZZ:
        return ceil(cols / width)
    return ceil(rows / FRACTAL_ROWS)


def agrees(type: TileTypeBase, valid: tuple[int, int], arch: TargetArch) -> bool:
    """Whether an L0 tile's bytes are where both levels look for its valid values."""
    location = type.location
    wanted = cube_format(location, arch)
    if wanted is None:
        return True
    if Fractal.of(type.blayout.data, type.slayout.data) is not wanted:
        return False
    rows, cols = type.shape
    box_rows, box_cols = type.box
    width = c0(type.element) if location is not Location.ACC else ACC_BOX
    mine = grid(location, arch, valid, width)
    if wanted is Fractal.NZ:
        return rows % box_rows == 0 and mine == rows // box_rows
    return cols % box_cols == 0 and mine == cols // box_cols
