"""What `pto-lower-matrix` reads off the IR before it emits: the planned cube tile buffers
with their static valid sizes and fractal formats, and the GM window of a transfer.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

from xdsl.ir import Operation, SSAValue
from xdsl.utils.exceptions import PassFailedException

from passes.common import pass_error, tile_pointer
from passes.index_emitter import Dim, Emitter, known_dim
from passes.valid_shapes import UnsettledValidShape, valid_operands
from pto_dialect.attrs import Location
from pto_dialect.dtypes import DType
from pto_dialect.fractal import FRACTAL_BYTES, FRACTAL_ROWS, Fractal
from pto_dialect.ops.tile_memory import (
    AllocTileOp,
    MakeTensorViewOp,
    PartitionViewOp,
    constant_index,
)
from pto_dialect.tile_types import TileBufType, TileTypeBase

NAME = "pto-lower-matrix"

CUBE_LOCATIONS = frozenset(
    {Location.MAT, Location.LEFT, Location.RIGHT, Location.ACC, Location.BIAS}
)
"""The locations whose tile ops the pass lowers (scaling tiles stay at tile level)."""


def refuse(message: str, op: Operation) -> PassFailedException:
    return pass_error(NAME, message, op)


def on_cube(value: SSAValue) -> bool:
    """Whether `value` is a tile in one of `CUBE_LOCATIONS`."""
    type = value.type
    return isinstance(type, TileTypeBase) and type.location in CUBE_LOCATIONS


@dataclass(frozen=True)
class CubeTile:
    """A planned tile buffer with static valid sizes."""

    alloc: AllocTileOp
    type: TileBufType
    valid: tuple[int, int]

    @staticmethod
    def of(op: Operation, value: SSAValue) -> CubeTile:
        alloc = value.owner
        if not isinstance(value.type, TileBufType):
            raise refuse("SSA tile op: run pto-convert-to-dps and pto-plan-memory first", op)
        if not isinstance(alloc, AllocTileOp) or alloc.address is None:
            raise refuse(
                "a cube tile buffer without a planned pto.alloc_tile address: run "
                "pto-plan-memory first",
                op,
            )
        type = alloc.tile_type
        shape: tuple[int | None, ...] = type.valid_shape
        try:
            operands = valid_operands(alloc, op)
        except UnsettledValidShape as err:
            raise refuse(f"the {type.location.value} tile: {err}", op) from None
        rows, cols = (
            None if size < 0 else size if operand is None else constant_index(operand)
            for size, operand in zip(shape, operands, strict=True)
        )
        if rows is None or cols is None:
            raise refuse(
                f"the {type.location.value} tile's valid sizes must be known at compile time "
                "(the cube micro-ops' m, n, k and box counts are fixed per instruction)",
                op,
            )
        if rows == 0 or cols == 0:
            raise refuse(f"the {type.location.value} tile's valid region is empty", op)
        return CubeTile(alloc, type, (rows, cols))

    @property
    def dtype(self) -> DType:
        return self.type.element

    @property
    def fractal(self) -> Fractal | None:
        return Fractal.of(self.type.blayout.data, self.type.slayout.data)

    @property
    def boxes(self) -> int:
        """How many 512-byte boxes the buffer holds."""
        return self.type.size_bytes // FRACTAL_BYTES

    def box_rows(self, axis: int) -> int:
        """Boxes of 16 rows along the tile's `axis` (its full extent, not the valid one)."""
        return ceil(self.type.shape[axis] / FRACTAL_ROWS)

    def pointer(self, e: Emitter) -> SSAValue:
        """`!pto.ptr<T, space>` to the buffer, emitted before the op."""
        ops, ptr = tile_pointer(self.alloc)
        for made in ops:
            e.add(made)
        return ptr


@dataclass(frozen=True)
class GmWindow:
    """`partition_view(make_tensor_view(ptr, shape, strides), offsets, sizes)` of rank 2
    (leading dimensions of size 1 dropped), and whether it is ND (column stride 1) or DN
    (row stride 1)."""

    ptr: SSAValue
    offsets: tuple[Dim, ...]
    strides: tuple[Dim, ...]
    sizes: tuple[Dim, Dim]
    stride: int
    """The stride (elements) between the rows (ND) or the columns (DN)."""
    dn: bool

    @staticmethod
    def of(op: Operation, value: SSAValue, valid: tuple[int, int]) -> GmWindow:
        part = value.owner
        tensor = part.source.owner if isinstance(part, PartitionViewOp) else None
        if not isinstance(part, PartitionViewOp) or not isinstance(tensor, MakeTensorViewOp):
            raise refuse(
                "the GM view is not pto.partition_view(pto.make_tensor_view(...)), so its "
                "address cannot be traced",
                op,
            )
        sizes = tuple(map(known_dim, part.sizes))
        strides = tuple(map(known_dim, tensor.strides))
        if len(sizes) < 2 or any(s != 1 for s in sizes[:-2]):
            raise refuse("a cube tile moves to or from a 2-D GM window (leading sizes 1)", op)
        row, col = strides[-2:]
        if col == 1 and isinstance(row, int):
            dn, stride = False, row
        elif row == 1 and isinstance(col, int):
            dn, stride = True, col
        else:
            raise refuse(
                "the GM window needs constant strides with a row or column stride of 1 (ND or DN)",
                op,
            )
        rows, cols = sizes[-2:]
        for size, need in ((rows, valid[0]), (cols, valid[1])):
            if not isinstance(size, int) or size < need:
                raise refuse(
                    f"the GM window {rows}x{cols} must be static and hold the valid region "
                    f"{valid[0]}x{valid[1]}",
                    op,
                )
        return GmWindow(
            tensor.ptr,
            tuple(map(known_dim, part.offsets)),
            strides,
            (rows, cols),
            stride,
            dn,
        )

    def pointer(self, e: Emitter, tile: CubeTile) -> SSAValue:
        """The view's pointer typed as `tile`'s elements, advanced to the window's first
        element."""
        return e.gm_pointer(self.ptr, tile.type.dtype, self.offsets, self.strides)
