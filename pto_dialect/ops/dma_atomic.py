"""The store-atomic configuration of the GM writes of DMA (`pto.set_atomic_none`,
`set_atomic_add`, `set_atomic_max`, `set_atomic_min` choose the operation,
`set_atomic_f32` `_f16` `_bf16` `_s32` `_s16` `_s8` the element type; PTOAS VPTOOps.td,
its board-tested mte-ub-gm-atomic-add-s32 case). While an operation other than none is set, a
UB -> GM transfer (`mte_ub_gm`, `copy_ubuf_to_gm`) combines each element with what GM holds
(in the chosen element type) instead of overwriting it. No page in the ISA manual.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.irdl import IRDLOperation

from pto_dialect.attrs import Pipe
from pto_dialect.ops.base import PtoOp, define_op
from pto_dialect.records import NoCycles

_MANUAL = "https://github.com/hw-native-sys/PTOAS/blob/main/include/PTO/IR/VPTOOps.td"


class SetAtomicOp(PtoOp):
    """`pto.set_atomic_<x>`: one field of the store-atomic configuration."""

    MANUAL: ClassVar = _MANUAL
    COST: ClassVar = NoCycles("a configuration register write: no cycles of its own")
    PIPE: ClassVar[Pipe] = Pipe.S
    FIELD: ClassVar[str]
    """"op" (none, add, max, min) or "type" (f32, f16, bf16, s32, s16, s8)."""
    VALUE: ClassVar[str]

    assembly_format = "attr-dict"

    def __init__(self) -> None:
        super().__init__()


def _set(field: str, value: str) -> type[SetAtomicOp]:
    name = f"SetAtomic{value.capitalize()}Op"
    doc = f"The store-atomic {field} is {value}."
    return define_op(SetAtomicOp, name, f"pto.set_atomic_{value}", doc, FIELD=field, VALUE=value)


ATOMIC_OPS = ("none", "add", "max", "min")
ATOMIC_TYPES = {"f32": "f32", "f16": "f16", "bf16": "bf16", "s32": "i32", "s16": "i16", "s8": "i8"}
"""The type fields and the element types they name."""

OPS: list[type[IRDLOperation]] = [
    *(_set("op", v) for v in ATOMIC_OPS),
    *(_set("type", v) for v in ATOMIC_TYPES),
]
