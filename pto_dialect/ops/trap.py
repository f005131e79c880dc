"""`pto.trap` (PTOAS PTOOps.td `TrapOp`, a micro-op and a SIMT op): stops the kernel. No
operands, no results; running it ends the run with an error naming it."""

from __future__ import annotations

from typing import ClassVar

from xdsl.irdl import IRDLOperation, irdl_op_definition

from pto_dialect.attrs import Pipe
from pto_dialect.ops.base import PtoOp
from pto_dialect.records import NoCycles


@irdl_op_definition
class TrapOp(PtoOp):
    """`pto.trap`: abort execution."""

    name = "pto.trap"

    MANUAL: ClassVar = "https://github.com/hw-native-sys/PTOAS/blob/main/docs/PTO_IR_manual.md"
    COST: ClassVar = NoCycles("the kernel stops")
    PIPE: ClassVar[Pipe] = Pipe.S

    assembly_format = "attr-dict"


OPS: list[type[IRDLOperation]] = [TrapOp]
