"""The CTRL register (`%c = pto.get_ctrl : i64`, `pto.set_ctrl %c : i64`, and the scalar bit
edits PTOAS writes it with, `%r = pto.sbitset1 %c, %bit : i64, i64 -> i64` (bit `%bit` of `%c`
set; `sbitset0` cleared), PTOAS VPTOOps.td, `__builtin_cce_sbitset0/1`) and the
store-atomic configuration of the GM writes of DMA (`pto.set_atomic_none`,
`set_atomic_add`, `set_atomic_max`, `set_atomic_min` choose the operation,
`set_atomic_f32` `_f16` `_bf16` `_s32` `_s16` `_s8` the element type; PTOAS VPTOOps.td,
its board-tested mte-ub-gm-atomic-add-s32 case). While an operation other than none is set, a
UB -> GM transfer (`mte_ub_gm`, `copy_ubuf_to_gm`) combines each element with what GM holds
(in the chosen element type) instead of overwriting it. CTRL is kept as the kernel writes it
(0 at the start); its bits are not interpreted (the modes they select, e.g. saturation, are
the ops' attributes here). No page in the ISA manual.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import i64
from xdsl.ir import SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, result_def

from pto_dialect.attrs import Pipe
from pto_dialect.ops.base import PtoOp, define_op, fail
from pto_dialect.ops.tile_memory import constant_index
from pto_dialect.records import NoCycles

_MANUAL = "https://github.com/hw-native-sys/PTOAS/blob/main/docs/vpto-spec.md"


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


@irdl_op_definition
class GetCtrlOp(PtoOp):
    """`%c = pto.get_ctrl : i64`: the CTRL register."""

    name = "pto.get_ctrl"

    MANUAL: ClassVar = _MANUAL
    COST: ClassVar = NoCycles("a special-register read: no cycles of its own")
    PIPE: ClassVar[Pipe] = Pipe.S

    result = result_def(i64)

    assembly_format = "attr-dict `:` type($result)"

    def __init__(self) -> None:
        super().__init__(result_types=[i64])


@irdl_op_definition
class SetCtrlOp(PtoOp):
    """`pto.set_ctrl %c : i64`: CTRL = %c."""

    name = "pto.set_ctrl"

    MANUAL: ClassVar = _MANUAL
    COST: ClassVar = NoCycles("a special-register write: no cycles of its own")
    PIPE: ClassVar[Pipe] = Pipe.S

    value = operand_def(i64)

    assembly_format = "$value attr-dict `:` type($value)"

    def __init__(self, value: SSAValue) -> None:
        super().__init__(operands=[value])


CTRL_BITS = 64
"""CTRL is a 64-bit register: `sbitset0/1` take bits 0-63."""


class BitSetOp(PtoOp):
    """`%r = pto.sbitset<B> %value, %bit : i64, i64 -> i64`: `%value` with bit `%bit` set to
    B (a scalar of the S pipe, no register written)."""

    MANUAL: ClassVar = _MANUAL
    COST: ClassVar = NoCycles("a scalar bit edit: no cycles of its own")
    PIPE: ClassVar[Pipe] = Pipe.S
    BIT: ClassVar[int]

    value = operand_def(i64)
    bit = operand_def(i64)
    result = result_def(i64)

    assembly_format = "$value `,` $bit attr-dict `:` type($value) `,` type($bit) `->` type($result)"

    def __init__(self, value: SSAValue, bit: SSAValue) -> None:
        super().__init__(operands=[value, bit], result_types=[i64])

    def verify_(self) -> None:
        known = constant_index(self.bit)
        if known is not None and not 0 <= known < CTRL_BITS:
            raise fail(f"{self.name} bit {known} must lie in [0, {CTRL_BITS - 1}]")


OPS: list[type[IRDLOperation]] = [
    GetCtrlOp,
    SetCtrlOp,
    define_op(BitSetOp, "SBitSet0Op", "pto.sbitset0", "`%value` with bit `%bit` cleared.", BIT=0),
    define_op(BitSetOp, "SBitSet1Op", "pto.sbitset1", "`%value` with bit `%bit` set.", BIT=1),
    *(_set("op", v) for v in ATOMIC_OPS),
    *(_set("type", v) for v in ATOMIC_TYPES),
]
