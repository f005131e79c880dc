"""The base of tile ops computed by one vector micro-op per chunk of their region."""

from __future__ import annotations

from typing import ClassVar

from xdsl.irdl import IRDLOperation

from pto_dialect.attrs import Pipe
from pto_dialect.ops.base import TileOp
from pto_dialect.ops.vector_arith import VectorBinaryOp, VectorUnaryOp
from pto_dialect.records import AsVectorOp, Cost


class VectorTileOp(TileOp):
    """A tile op computed by one vector op per chunk of its region (`VECTOR_OP`): its cost
    and its lowering are that op's."""

    PIPE: ClassVar[Pipe] = Pipe.V
    VECTOR_OP: ClassVar[type[VectorBinaryOp] | type[VectorUnaryOp]]

    @classmethod
    def cost(cls) -> Cost:
        return AsVectorOp(cls.VECTOR_OP)

    @classmethod
    def lowers_to(cls) -> tuple[type[IRDLOperation], ...]:
        return (cls.VECTOR_OP,)
