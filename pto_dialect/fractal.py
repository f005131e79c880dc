"""The cube's fractal layouts as data: the box of each format and the operand formats per target.

A cube buffer holds a matrix as fractals (boxes) of 16 rows by one C0 (32 bytes) of
elements, the boxes in row- or column-major order (manual: docs/isa/cube/nz-fractal-layout.md;
pto-isa include/pto/common/pto_tile.hpp `TileLeft`, `TileRight`, `TileAcc`):

| format | boxes | inside a box | tile type (blayout, slayout) |
|---|---|---|---|
| NZ | column-major | row-major | (col_major, row_major) |
| ZN | row-major | column-major | (row_major, col_major) |
| ZZ | row-major | row-major | (row_major, row_major) |

ZN of a matrix is NZ of its transpose, byte for byte. The operands of `mad` are fixed per
target: L0A NZ on A5 (and the CPU simulator), ZZ on A2/A3; L0B ZN; L0C NZ with 16 x 16
boxes of the 32-bit accumulator (1024 bytes). `interpreters/semantics/cube.py` places and
reads bytes by these tables.
"""

from __future__ import annotations

from enum import Enum
from types import MappingProxyType

from pto_dialect.attrs import BLayout, Location, SLayout, TargetArch
from pto_dialect.dtypes import DType
from pto_dialect.records import PerTarget

C0_BYTES = 32
"""One C0: the bytes of one box row (the manual's `C0 = 32 bytes`)."""
FRACTAL_ROWS = 16
"""M0: the rows of a box."""
FRACTAL_BYTES = C0_BYTES * FRACTAL_ROWS
"""A box of L1, L0A and L0B: 512 bytes."""
ACC_BOX = 16
"""An L0C box is 16 x 16 accumulator elements (1024 bytes of f32 or i32)."""
ACC_FRACTAL_BYTES = ACC_BOX * ACC_BOX * 4
ACC_ROW_BYTES = ACC_BOX * 4
"""One row of an L0C box: 16 accumulator elements, the unit of the fixpipe's `src_stride`."""


class Fractal(Enum):
    """A boxed layout: the order of the boxes and the order inside each box."""

    NZ = (BLayout.COL_MAJOR, SLayout.ROW_MAJOR)
    ZN = (BLayout.ROW_MAJOR, SLayout.COL_MAJOR)
    ZZ = (BLayout.ROW_MAJOR, SLayout.ROW_MAJOR)

    @property
    def blayout(self) -> BLayout:
        return self.value[0]

    @property
    def slayout(self) -> SLayout:
        return self.value[1]

    @staticmethod
    def of(blayout: BLayout, slayout: SLayout) -> Fractal | None:
        """The format a tile's (blayout, slayout) names, or None (ND, DN)."""
        return _BY_LAYOUT.get((blayout, slayout))


_BY_LAYOUT: dict[tuple[BLayout, SLayout], Fractal] = {f.value: f for f in Fractal}


def c0(dtype: DType) -> int:
    """Elements in one C0 (32 bytes); a packed FP4 pair counts as one element."""
    return C0_BYTES // dtype.bytes


_L0A = MappingProxyType({Location.LEFT: Fractal.ZZ, Location.RIGHT: Fractal.ZN})
_L0A_NZ = MappingProxyType({Location.LEFT: Fractal.NZ, Location.RIGHT: Fractal.ZN})

OPERAND_FORMATS: PerTarget[MappingProxyType[Location, Fractal]] = PerTarget(_L0A, _L0A_NZ, _L0A_NZ)
"""The format `mad` reads its left and right operands in, per target (pto-isa
include/pto/common/pto_tile.hpp: `TileLeft` is (row_major, row_major) under
PTO_NPU_ARCH_A2A3, (col_major, row_major) otherwise; `TileRight` (row_major, col_major))."""

ACC_FORMAT = Fractal.NZ
"""L0C: NZ of 16 x 16 boxes (`TileAcc`, fractalCSize = 1024)."""


def l0a_format(arch: TargetArch) -> Fractal:
    """The order of the boxes `mte_l1_l0a` writes and `mad` reads in L0A on `arch`."""
    return OPERAND_FORMATS[arch][Location.LEFT]
