"""`pto.taddrelu` (PTOAS PTOOps.td `TAddReluOp`): `dst = max(0, src0 + src1)`, the sum rounded
once to the element type, as the fused VADDRELU instruction of the A2/A3 vector unit it maps
to. PTOAS's verifier (`TAddReluOp::verify`): the binary row-major tile rules, element types
i16, f16, f32 on A2/A3, none on A5 ("taddrelu is only supported on A2/A3 targets").
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.irdl import IRDLOperation, irdl_op_definition

from pto_dialect.ops.tile_elementwise import BinaryTileOp
from pto_dialect.ops.vector_fused import VAddReluOp
from pto_dialect.records import per_target_dtypes


@irdl_op_definition
class TAddReluOp(BinaryTileOp):
    """`dst = max(0, src0 + src1)`."""

    name = "pto.taddrelu"

    MANUAL: ClassVar = "https://github.com/hw-native-sys/PTOAS/blob/main/docs/designs/a2a3-vpto-elementwise-impl.md"
    DTYPES: ClassVar = per_target_dtypes("i16 f16 f32", "", "")
    VECTOR_OP: ClassVar = VAddReluOp


OPS: list[type[IRDLOperation]] = [TAddReluOp]
