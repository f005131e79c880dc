"""Elementwise tile instructions: `tadd`, `tsub`, `tmul`, `tdiv`, `tmax`, `tmin`, `tabs`.

Rules (elementwise-tile-tile pages of the manual, both NPU targets): every tile is
in `loc=vec` and row-major, all tiles share one element type, which the target's
table for the op supports; where the manual asks sources and destination to have
the same valid region, static valid sizes must agree.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.irdl import IRDLOperation, irdl_op_definition

from pto_dialect.attrs import Location, Pipe
from pto_dialect.ops.base import (
    TileOp,
    dims_str,
    fail,
    require_dtype_supported,
    require_location,
    require_same_dtype,
)
from pto_dialect.targets import TargetProfile
from pto_dialect.types import DYNAMIC, TileTypeBase


def require_row_major(what: str, tile: TileTypeBase) -> None:
    if not tile.is_row_major:
        raise fail(f"{what} must be row-major (blayout=row_major), got blayout=col_major")


def require_same_valid(what: str, tile: TileTypeBase, ref_what: str, ref: TileTypeBase) -> None:
    """Static valid sizes of `tile` equal those of `ref` (dynamic sizes are checked at run time)."""
    for mine, theirs in zip(tile.valid_shape, ref.valid_shape, strict=True):
        if DYNAMIC not in (mine, theirs) and mine != theirs:
            raise fail(
                f"{what} valid shape {dims_str(*tile.valid_shape)} must equal the {ref_what} "
                f"valid shape {dims_str(*ref.valid_shape)}"
            )


class ElementwiseTileOp(TileOp):
    """A vector-pipe tile op applied per element of the destination's valid region."""

    PIPE: ClassVar[Pipe] = Pipe.V
    SAME_VALID_REGION: ClassVar[bool] = True
    """Whether the manual asks every source to have the destination's valid region."""

    @property
    def family(self) -> str:
        """Key of the op in the target dtype tables."""
        return self.name.removeprefix("pto.")

    def source_roles(self) -> list[str]:
        return ["src"] if self.NUM_INS == 1 else [f"src{i}" for i in range(self.NUM_INS)]

    def verify_tiles(self, target: TargetProfile) -> None:
        dst = self.dst_tile()
        tiles = [(role, self.tile(i, role)) for i, role in enumerate(self.source_roles())] + [
            ("dst", dst)
        ]
        for role, tile in tiles:
            require_location(f"{self.name} {role}", tile, Location.VEC)
            require_row_major(f"{self.name} {role}", tile)
        for role, tile in tiles[:-1]:
            require_same_dtype(f"{self.name} {role}", tile.element, "dst", dst.element)
        require_dtype_supported(self.name, dst.element, target, self.family)
        if self.SAME_VALID_REGION:
            for role, tile in tiles[:-1]:
                require_same_valid(f"{self.name} {role}", tile, "dst", dst)


class BinaryTileOp(ElementwiseTileOp):
    NUM_INS: ClassVar[int] = 2


class UnaryTileOp(ElementwiseTileOp):
    NUM_INS: ClassVar[int] = 1


@irdl_op_definition
class TAddOp(BinaryTileOp):
    """`dst = src0 + src1`; sources may have smaller valid regions (tadd.md)."""

    name = "pto.tadd"

    SAME_VALID_REGION: ClassVar[bool] = False


@irdl_op_definition
class TSubOp(BinaryTileOp):
    """`dst = src0 - src1`."""

    name = "pto.tsub"


@irdl_op_definition
class TMulOp(BinaryTileOp):
    """`dst = src0 * src1`."""

    name = "pto.tmul"


@irdl_op_definition
class TDivOp(BinaryTileOp):
    """`dst = src0 / src1`."""

    name = "pto.tdiv"


@irdl_op_definition
class TMaxOp(BinaryTileOp):
    """`dst = max(src0, src1)`."""

    name = "pto.tmax"


@irdl_op_definition
class TMinOp(BinaryTileOp):
    """`dst = min(src0, src1)`."""

    name = "pto.tmin"


@irdl_op_definition
class TAbsOp(UnaryTileOp):
    """`dst = |src|`."""

    name = "pto.tabs"


OPS: list[type[IRDLOperation]] = [TAddOp, TSubOp, TMulOp, TDivOp, TMaxOp, TMinOp, TAbsOp]
