"""L1 raw fills (PTOAS VPTOOps.td, docs/isa/micro-isa/16-cube-matmul.md):

  `pto.raw_fill_l1 %dst, %byte_offset, %raw, %repeat, %blocks, %gap {fill_word_bits = 16 : i64}
     : !pto.ptr<T, mat>, i64, i32, i64, i64, i64`
  `pto.create_cbuf_matrix %dst, %raw, %repeat, %blocks, %gap {fill_word_bits = 32 : i64}
     : !pto.ptr<ui32, mat>, i32, i64, i64, i64`

Repetition r writes `%blocks` 32-byte blocks from `%dst (+ %byte_offset) + r * (%blocks +
%gap) * 32` with the fill word: the low 16 bits of `%raw` in every 16-bit word, or all 32
bits in every 32-bit word. `create_cbuf_matrix` is the canonical micro-op `raw_fill_l1`
expands to (its destination a ui16 / ui32 view of the word width, the offset folded in).
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import IntegerAttr, IntegerType, Signedness, i32, i64
from xdsl.ir import SSAValue
from xdsl.irdl import (
    IRDLOperation,
    ParsePropInAttrDict,
    irdl_op_definition,
    operand_def,
    prop_def,
)

from pto_dialect.attrs import Pipe
from pto_dialect.memory_types import MemorySpace, PtrType
from pto_dialect.ops.base import PtoOp, fail
from pto_dialect.ops.cube_load import check_pointer, check_range
from pto_dialect.ops.tile_memory import constant_index
from pto_dialect.records import CostFormula, Formula

_MANUAL = "https://github.com/hw-native-sys/PTOAS/blob/main/docs/isa/micro-isa/16-cube-matmul.md"
BLOCK = 32
FIELD_MAX = 32767
"""`repeat_times`, `block_num_32b` and `dst_gap_32b` lie in [0, 32767] (PTOAS)."""
WORD_BITS = (16, 32)


class L1FillOp(PtoOp):
    """A strided fill of L1 with a raw 16- or 32-bit word."""

    MANUAL: ClassVar = _MANUAL
    COST: ClassVar = Formula(CostFormula.TRANSFER, "an L1 fill: the bytes written at MTE2's rate")
    PIPE: ClassVar[Pipe] = Pipe.MTE2
    OFFSET: ClassVar[bool]
    """Whether the op takes a byte offset after the destination (`raw_fill_l1`)."""

    fill_word_bits = prop_def(IntegerAttr[IntegerType])
    irdl_options = (ParsePropInAttrDict(),)

    @property
    def controls(self) -> tuple[SSAValue, SSAValue, SSAValue]:
        """`repeat_times`, `block_num_32b`, `dst_gap_32b`."""
        n = len(self.operands)
        return self.operands[n - 3], self.operands[n - 2], self.operands[n - 1]

    @property
    def word_bits(self) -> int:
        return self.fill_word_bits.value.data

    def verify_(self) -> None:
        dst = check_pointer(self, self.operands[0], "destination", MemorySpace.L1)
        if self.word_bits not in WORD_BITS:
            raise fail(f"{self.name} fill_word_bits must be 16 or 32, got {self.word_bits}")
        if self.OFFSET:
            known = constant_index(self.operands[1])
            if known is not None and (known < 0 or known % BLOCK):
                raise fail(f"{self.name} byte_offset {known} must be a non-negative multiple of 32")
        for name, value in zip(("repeat_times", "block_num_32b", "dst_gap_32b"), self.controls,
                               strict=True):  # fmt: skip
            check_range(self, value, name, 0, FIELD_MAX)
        self.verify_destination(dst)

    def verify_destination(self, dst: PtrType) -> None:
        """Rules of the destination view (none beyond L1 by default)."""


@irdl_op_definition
class RawFillL1Op(L1FillOp):
    """`raw_fill_l1`: from `%dst + %byte_offset`, any destination element type (a `!pto.ptr` or a
    `mat` memref buffer, `buffer_like`)."""

    name = "pto.raw_fill_l1"
    OFFSET: ClassVar = True

    dst = operand_def()
    byte_offset = operand_def(i64)
    raw_value = operand_def(i32)
    repeat_times = operand_def(i64)
    block_num_32b = operand_def(i64)
    dst_gap_32b = operand_def(i64)

    assembly_format = (
        "$dst `,` $byte_offset `,` $raw_value `,` $repeat_times `,` $block_num_32b `,` "
        "$dst_gap_32b attr-dict `:` type($dst) `,` type($byte_offset) `,` type($raw_value) `,` "
        "type($repeat_times) `,` type($block_num_32b) `,` type($dst_gap_32b)"
    )


@irdl_op_definition
class CreateCbufMatrixOp(L1FillOp):
    """`create_cbuf_matrix`: the destination a ui16 / ui32 view of the fill word's width."""

    name = "pto.create_cbuf_matrix"
    OFFSET: ClassVar = False

    dst = operand_def()
    raw_value = operand_def(i32)
    repeat_times = operand_def(i64)
    block_num_32b = operand_def(i64)
    dst_gap_32b = operand_def(i64)

    assembly_format = (
        "$dst `,` $raw_value `,` $repeat_times `,` $block_num_32b `,` $dst_gap_32b attr-dict "
        "`:` type($dst) `,` type($raw_value) `,` type($repeat_times) `,` type($block_num_32b) "
        "`,` type($dst_gap_32b)"
    )

    def verify_destination(self, dst: PtrType) -> None:
        element = dst.pointee
        wanted = IntegerType(self.word_bits, Signedness.UNSIGNED)
        if element != wanted:
            raise fail(
                f"{self.name} destination must be a ui{self.word_bits} view for "
                f"fill_word_bits = {self.word_bits}, got element type {element}"
            )


OPS: list[type[IRDLOperation]] = [RawFillL1Op, CreateCbufMatrixOp]
