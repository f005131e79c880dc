"""`pto.init_align`: a fresh store-side `!pto.align` carrier (manual:
scalar/ops/micro-instruction/align-type.md).

`%a = pto.init_align : !pto.align` starts an unaligned store stream (`vstus`, `vstur`,
`vstar`, `vstas`, `pstu`) with nothing buffered; load streams start from `pto.vldas`.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.irdl import IRDLOperation, irdl_op_definition, result_def, traits_def
from xdsl.traits import Pure

from pto_dialect.attrs import Pipe
from pto_dialect.ops.base import PtoOp
from pto_dialect.records import NoCycles
from pto_dialect.vector_types import AlignType


@irdl_op_definition
class InitAlignOp(PtoOp):
    """A zero-initialised store-side alignment carrier."""

    name = "pto.init_align"

    MANUAL: ClassVar = "scalar/ops/micro-instruction/align-type.md"
    COST: ClassVar = NoCycles("a register initialisation: no cycles of its own")
    PIPE: ClassVar[Pipe] = Pipe.V

    result = result_def(AlignType)
    traits = traits_def(Pure())

    assembly_format = "attr-dict `:` type($result)"

    def __init__(self) -> None:
        super().__init__(result_types=[AlignType()])


OPS: list[type[IRDLOperation]] = [InitAlignOp]
