"""Raw DMA between GM and UB: `copy_gm_to_ubuf`, `copy_ubuf_to_gm` and their registers.

Syntax (PTOAS): the operands, `:`, then one type per operand, e.g.
`pto.copy_ubuf_to_gm %ub, %gm, %sid, %n_burst, %len_burst, %reserved, %dst_stride, %src_stride
: !pto.ptr<f32, ub>, !pto.ptr<f32, gm>, i64, i64, i64, i64, i64, i64`.
A copy moves `n_burst` bursts of `len_burst` bytes; consecutive bursts start `*_stride` bytes
apart in each memory. `set_loop_size_*` program the outer DMA loop counts (loop1, loop2) used
by the next copy in that direction; `pto.set_mov_pad_val %v : T` sets the pad-value register
that GM -> UB copies with `data_select_bit` 1 pad with (PTOAS syntax). An untyped `!pto.ptr`
(as seed 002 writes) is accepted on either side; typed pointers must address the right memory
and agree on the element type.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import BFloat16Type, Float16Type, Float32Type, IntegerType
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def

from pto_dialect.attrs import Pipe
from pto_dialect.buffer_like import buffer_pointer
from pto_dialect.dtypes import Kind, dtype_of
from pto_dialect.memory_types import MemorySpace, PtrType
from pto_dialect.ops.base import PtoOp, fail
from pto_dialect.records import CostFormula, Formula, NoCycles

TRANSFER_ESTIMATE = (
    "UB -> GM and every A5 DMA path: no published bandwidth (128 B/cycle, as GM -> UB on A2/A3)"
)


def same_bytes(src: Attribute, dst: Attribute) -> bool:
    """Whether a copy between pointees `src` and `dst` is one of the same elements: equal
    types up to integer signedness (`si16` / `i16`), or an unsigned integer of the same width
    on one side (a byte view: `f8E4M3FN` to `ui8`), as PTOAS's board-tested VMI kernels copy
    (docs/decisions.md)."""
    if src == dst:
        return True
    s, d = dtype_of(src), dtype_of(dst)
    if isinstance(src, IntegerType) and isinstance(dst, IntegerType):
        return src.bitwidth == dst.bitwidth
    if s is None or d is None or s.bits != d.bits:
        return False
    return s.kind is Kind.UINT or d.kind is Kind.UINT


class DmaOp(PtoOp):
    """A DMA-unit op: integer operands of fixed widths, optional source/destination pointers.

    Syntax: the operands in declaration order, `:`, then one type per operand. Built from
    the operands in the same order.
    """

    BITS: ClassVar[dict[str, int]] = {}
    """Integer operands whose width is not 64."""
    SRC_SPACE: ClassVar[MemorySpace | None] = None
    DST_SPACE: ClassVar[MemorySpace | None] = None

    assembly_format = "operands attr-dict `:` type(operands)"

    def __init__(self, *operands: SSAValue) -> None:
        super().__init__(operands=list(operands))

    def verify_(self) -> None:
        pointers = 0
        if self.SRC_SPACE is not None and self.DST_SPACE is not None:
            pointers = 2
            src = self._pointer(0, "source", self.SRC_SPACE)
            dst = self._pointer(1, "destination", self.DST_SPACE)
            if src.is_typed and dst.is_typed and not same_bytes(src.pointee, dst.pointee):
                raise fail(
                    f"{self.name} source element type {src.pointee} must equal the "
                    f"destination element type {dst.pointee}"
                )
        names = [name for name, _ in self.get_irdl_definition().operands]
        for role, value in zip(names[pointers:], self.operands[pointers:], strict=True):
            bits = self.BITS.get(role, 64)
            if value.type != IntegerType(bits):
                raise fail(f"{self.name} {role} must be i{bits}, got {value.type}")

    def _pointer(self, index: int, role: str, space: MemorySpace) -> PtrType:
        ptr = buffer_pointer(self.operands[index].type)
        if ptr is None:
            raise fail(f"{self.name} {role} must be a !pto.ptr, got {self.operands[index].type}")
        if ptr.is_typed and ptr.memory is not space:
            raise fail(
                f"{self.name} {role} must point to {space.value}, got {self.operands[index].type}"
            )
        return ptr


# ----------------------------------------------------------------------------------------
# loop registers
# ----------------------------------------------------------------------------------------


class LoopSizeOp(DmaOp):
    """`%loop1_count, %loop2_count : i64, i64`: outer loop counts of the next copies."""

    loop1_count = operand_def()
    loop2_count = operand_def()


@irdl_op_definition
class SetLoopSizeOutToUbOp(LoopSizeOp):
    """Loop counts of GM -> UB copies (`copy_gm_to_ubuf`)."""

    name = "pto.set_loop_size_outtoub"

    MANUAL: ClassVar = "scalar/ops/dma-copy/set-loop-size-outtoub.md"
    COST: ClassVar = NoCycles("a DMA configuration register write: no cycles of its own")
    PIPE: ClassVar[Pipe] = Pipe.MTE2


@irdl_op_definition
class SetLoopSizeUbToOutOp(LoopSizeOp):
    """Loop counts of UB -> GM copies (`copy_ubuf_to_gm`)."""

    name = "pto.set_loop_size_ubtoout"

    MANUAL: ClassVar = "scalar/ops/dma-copy/set-loop-size-ubtoout.md"
    COST: ClassVar = NoCycles("a DMA configuration register write: no cycles of its own")
    PIPE: ClassVar[Pipe] = Pipe.MTE3


# ----------------------------------------------------------------------------------------
# pad-value register
# ----------------------------------------------------------------------------------------

PAD_VALUE_INT_WIDTHS = (8, 16, 32)
"""Integer widths `set_mov_pad_val` takes (PTOAS: i8/i16/i32 or f16/bf16/f32 scalars)."""


@irdl_op_definition
class SetMovPadValOp(PtoOp):
    """`pto.set_mov_pad_val %value : T`: the pad-value register of GM -> UB copies.

    `T` is an 8/16/32-bit integer, f16, bf16 or f32; the register takes the bits of
    `%value` in `T`, zero-extended. Copies with `data_select_bit` 1 pad with its low
    element-size bytes.
    """

    name = "pto.set_mov_pad_val"

    MANUAL: ClassVar = "vector/dma-copy.md"
    COST: ClassVar = NoCycles("a DMA configuration register write: no cycles of its own")
    PIPE: ClassVar[Pipe] = Pipe.MTE2

    value = operand_def()

    assembly_format = "$value attr-dict `:` type($value)"

    def __init__(self, value: SSAValue) -> None:
        super().__init__(operands=[value])

    def verify_(self) -> None:
        type = self.value.type
        if isinstance(type, IntegerType) and type.bitwidth in PAD_VALUE_INT_WIDTHS:
            return
        if isinstance(type, Float16Type | BFloat16Type | Float32Type):
            return
        raise fail(
            f"{self.name} value must be an 8, 16 or 32-bit integer, f16, bf16 or f32, got {type}"
        )


# ----------------------------------------------------------------------------------------
# copies
# ----------------------------------------------------------------------------------------


@irdl_op_definition
class CopyGmToUbufOp(DmaOp):
    """GM -> UB burst copy on MTE2.

    `sid` stream id (0); `n_burst` bursts (rows) of `len_burst` bytes; `left_padding_count` /
    `right_padding_count` elements padded around each burst; `data_select_bit` (i1) selects
    the pad value source; `l2_cache_ctl` L2 cache hint; `gm_stride` / `ub_stride` bytes
    between the starts of consecutive bursts in GM / UB.
    """

    name = "pto.copy_gm_to_ubuf"

    MANUAL: ClassVar = "scalar/ops/dma-copy/copy-gm-to-ubuf.md"
    COST: ClassVar = Formula(CostFormula.TRANSFER, TRANSFER_ESTIMATE)
    PIPE: ClassVar[Pipe] = Pipe.MTE2

    source = operand_def()
    destination = operand_def()
    sid = operand_def()
    n_burst = operand_def()
    len_burst = operand_def()
    left_padding_count = operand_def()
    right_padding_count = operand_def()
    data_select_bit = operand_def()
    l2_cache_ctl = operand_def()
    gm_stride = operand_def()
    ub_stride = operand_def()

    BITS: ClassVar[dict[str, int]] = {"data_select_bit": 1}
    SRC_SPACE: ClassVar[MemorySpace | None] = MemorySpace.GM
    DST_SPACE: ClassVar[MemorySpace | None] = MemorySpace.UB


@irdl_op_definition
class CopyUbufToGmOp(DmaOp):
    """UB -> GM burst copy on MTE3.

    `sid` stream id (0); `n_burst` bursts of `len_burst` bytes; `reserved` (0; the L2 cache
    hint in newer PTOAS); `burst_dst_stride` / `burst_src_stride` bytes between the starts of
    consecutive bursts in GM / UB (destination stride first).
    """

    name = "pto.copy_ubuf_to_gm"

    MANUAL: ClassVar = "scalar/ops/dma-copy/copy-ubuf-to-gm.md"
    COST: ClassVar = Formula(CostFormula.TRANSFER, TRANSFER_ESTIMATE)
    PIPE: ClassVar[Pipe] = Pipe.MTE3

    source = operand_def()
    destination = operand_def()
    sid = operand_def()
    n_burst = operand_def()
    len_burst = operand_def()
    reserved = operand_def()
    burst_dst_stride = operand_def()
    burst_src_stride = operand_def()

    SRC_SPACE: ClassVar[MemorySpace | None] = MemorySpace.UB
    DST_SPACE: ClassVar[MemorySpace | None] = MemorySpace.GM


OPS: list[type[IRDLOperation]] = [
    SetLoopSizeOutToUbOp,
    SetLoopSizeUbToOutOp,
    SetMovPadValOp,
    CopyGmToUbufOp,
    CopyUbufToGmOp,
]
