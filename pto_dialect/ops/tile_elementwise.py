"""Elementwise tile instructions: `tadd`, `tsub`, `tmul`, `tdiv`, `tmax`, `tmin`, `tabs`."""

from __future__ import annotations

from typing import ClassVar

from xdsl.irdl import IRDLOperation, irdl_op_definition

from pto_dialect.attrs import Pipe
from pto_dialect.ops.base import TileOp
from pto_dialect.targets import TargetProfile


class ElementwiseTileOp(TileOp):
    """A vector-pipe tile op applied per element of the destination's valid region."""

    PIPE: ClassVar[Pipe] = Pipe.V
    FAMILY: ClassVar[str] = "elementwise"

    def verify_tiles(self, target: TargetProfile) -> None:
        pass


class BinaryTileOp(ElementwiseTileOp):
    NUM_INS: ClassVar[int] = 2


class UnaryTileOp(ElementwiseTileOp):
    NUM_INS: ClassVar[int] = 1


@irdl_op_definition
class TAddOp(BinaryTileOp):
    name = "pto.tadd"


OPS: list[type[IRDLOperation]] = [TAddOp]
