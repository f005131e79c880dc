"""`%r = pto.bitcast %src : !pto.tile_buf<...> -> !pto.tile_buf<...>` (PTOAS PTOOps.td
`BitcastOp`, tonibohnlein 2026-08): the storage of `src` read as another element type, no
copy. Rules (PTOAS `BitcastOp::verify`): tile buffers of one location; different element
types (else `treshape`); the same shape, valid shape and configuration; a static shape; the
result no larger in bytes than the source.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.irdl import IRDLOperation, irdl_op_definition

from pto_dialect.ops.base import fail
from pto_dialect.ops.tile_view import ReinterpretOp
from pto_dialect.tile_types import TileBufType


@irdl_op_definition
class BitcastOp(ReinterpretOp):
    """`src`'s bytes as tiles of another element type (no copy)."""

    name = "pto.bitcast"

    MANUAL: ClassVar = "https://github.com/hw-native-sys/PTOAS/blob/main/docs/PTO_IR_manual.md"

    def verify_(self) -> None:
        src, dst = self.src.type, self.result.type
        if not isinstance(src, TileBufType) or not isinstance(dst, TileBufType):
            raise fail(f"{self.name} expects tile_buf src and tile_buf result")
        if dst.location is not src.location:
            raise fail(f"{self.name} expects src/result to have the same memorySpace")
        if dst.element == src.element:
            raise fail(
                f"{self.name} expects src/result to have different element types; use "
                "pto.treshape for shape/config changes"
            )
        same = ("shape", "valid_shape")
        for what in same:
            if getattr(src, what) != getattr(dst, what):
                raise fail(f"{self.name} expects src/result to have the same {what}")
        if src.parameters[6:] != dst.parameters[6:]:  # blayout, slayout, fractal, pad, compact
            raise fail(f"{self.name} expects src/result to have the same tile config")
        if dst.size_bytes > src.size_bytes:
            raise fail(f"{self.name} result requires more bytes than source storage")


OPS: list[type[IRDLOperation]] = [BitcastOp]
