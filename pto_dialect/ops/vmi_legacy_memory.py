"""VMIOps.td's legacy VMI loads and stores (PTOAS): load, deinterleave_load, group_load,
group_slot_load, group_broadcast_load, stride_load, masked_load, expand_load, store,
interleave_store, group_store, masked_store, stride_store, compress_store. Offsets count
elements of the pointer's element type; UB only. The legacy gather and scatter are in
`vmi_indexed`.
"""

from __future__ import annotations

from typing import ClassVar, cast

from xdsl.dialects.builtin import IndexType, IntegerType
from xdsl.ir import SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    result_def,
)

from pto_dialect.ops.base import fail
from pto_dialect.ops.vector_common import UB_BUFFER
from pto_dialect.ops.vector_load import VldsOp, VsldbOp
from pto_dialect.ops.vector_store import VsstbOp, VstsOp
from pto_dialect.ops.vmi_common import mask_type, vreg_type
from pto_dialect.ops.vmi_memory import MemoryOp, packed_byte_store
from pto_dialect.ops.vmi_types import (
    LayoutKind,
    VmiMaskType,
    VmiVRegType,
)
from pto_dialect.records import AsVectorOp


class LegacyLoadOp(MemoryOp):
    """A legacy load: `%v = pto.vmi.OP %source[%offset]... : !pto.ptr<T, ub>... -> V`."""

    COST: ClassVar = AsVectorOp(VldsOp)
    GROUPED: ClassVar[bool] = False
    """Whether the op has `num_groups` (and a stride operand)."""

    source = operand_def(UB_BUFFER)
    offset = operand_def(IndexType)

    def data(self) -> VmiVRegType:
        return vreg_type(self.results[0])

    def verify_vmi(self) -> None:
        for result in self.results:
            self.element_matches(self.source, "source", vreg_type(result))
        if self.GROUPED:
            groups = self.attr_int("num_groups")
            if groups is None:
                raise fail(f"{self.name} requires num_groups")
            self.check_groups(self.data(), groups)
        self.verify_load()

    def verify_load(self) -> None:
        """The op's own rules."""


@irdl_op_definition
class VmiLoadOp(LegacyLoadOp):
    """Legacy `%v = pto.vmi.load %source[%offset] : !pto.ptr<T, ub> -> V`: L contiguous
    elements."""

    name = "pto.vmi.load"
    SYNTAX: ClassVar = "source[offset]"

    result = result_def(VmiVRegType)


@irdl_op_definition
class VmiDeinterleaveLoadOp(LegacyLoadOp):
    """Legacy `%lo, %hi = pto.vmi.deinterleave_load %source[%offset] : P -> V, V`: 2L
    elements, even ones to `lo`, odd ones to `hi`."""

    name = "pto.vmi.deinterleave_load"
    SYNTAX: ClassVar = "source[offset]"

    low = result_def(VmiVRegType)
    high = result_def(VmiVRegType)

    def verify_load(self) -> None:
        self.same_shape([vreg_type(self.low), vreg_type(self.high)])


@irdl_op_definition
class VmiGroupLoadOp(LegacyLoadOp):
    """Legacy `%v = pto.vmi.group_load %source[%offset], %row_stride {num_groups = C} : P ->
    V<LxT>`: C rows of L/C elements, row g at `offset + g * row_stride`."""

    name = "pto.vmi.group_load"
    SYNTAX: ClassVar = "source[offset], row_stride:index"
    GROUPED: ClassVar = True

    # the base's operands again: IRDL puts a subclass's own operands first otherwise
    source = operand_def(UB_BUFFER)
    offset = operand_def(IndexType)
    row_stride = operand_def(IndexType)
    result = result_def(VmiVRegType)


class GroupStrideLoadOp(LegacyLoadOp):
    """`%v = pto.vmi.OP %source[%offset], %stride {num_groups = C} : P -> V`: group g reads
    element `offset + g * stride`."""

    SYNTAX: ClassVar = "source[offset], source_group_stride:index"
    GROUPED: ClassVar = True

    # the base's operands again: IRDL puts a subclass's own operands first otherwise
    source = operand_def(UB_BUFFER)
    offset = operand_def(IndexType)
    source_group_stride = operand_def(IndexType)
    result = result_def(VmiVRegType)


@irdl_op_definition
class VmiGroupSlotLoadOp(GroupStrideLoadOp):
    """Legacy `%v = pto.vmi.group_slot_load %source[%offset], %stride {num_groups = C} : P ->
    V<CxT>`: slot g is element `offset + g * stride`."""

    name = "pto.vmi.group_slot_load"

    def verify_load(self) -> None:
        if self.data().count != self.attr_int("num_groups"):
            raise fail(f"{self.name} requires result logical lane count to match num_groups")


@irdl_op_definition
class VmiGroupBroadcastLoadOp(GroupStrideLoadOp):
    """Legacy `%v = pto.vmi.group_broadcast_load %source[%offset], %stride {num_groups = C}
    : P -> V<LxT>`: element `offset + g * stride` on every lane of group g."""

    name = "pto.vmi.group_broadcast_load"

    def verify_load(self) -> None:
        layout = self.data().layout_attr
        if layout is not None and layout.layout_kind is LayoutKind.NUM_GROUPS:
            raise fail(f"{self.name} requires layout-assigned result to use a dense VMI layout")


@irdl_op_definition
class VmiStrideLoadOp(LegacyLoadOp):
    """Legacy `%v = pto.vmi.stride_load %source[%offset], %block, %repeat, %mask : P, i16,
    i16, M -> V`: 32-byte blocks `block` blocks apart, registers `repeat` blocks apart."""

    name = "pto.vmi.stride_load"
    SYNTAX: ClassVar = "source[offset], block_stride, repeat_stride, mask"
    COST: ClassVar = AsVectorOp(VsldbOp)

    # the base's operands again: IRDL puts a subclass's own operands first otherwise
    source = operand_def(UB_BUFFER)
    offset = operand_def(IndexType)
    block_stride = operand_def(IntegerType)
    repeat_stride = operand_def(IntegerType)
    mask = operand_def(VmiMaskType)
    result = result_def(VmiVRegType)

    def verify_load(self) -> None:
        self.mask_matches(mask_type(self.mask), self.data())


class PassthruLoadOp(LegacyLoadOp):
    """`%v = pto.vmi.OP %source[%offset], %mask, %passthru : P, M, V -> V`: inactive lanes
    take `passthru`."""

    SYNTAX: ClassVar = "source[offset], mask, passthru"

    # the base's operands again: IRDL puts a subclass's own operands first otherwise
    source = operand_def(UB_BUFFER)
    offset = operand_def(IndexType)
    mask = operand_def(VmiMaskType)
    passthru = operand_def(VmiVRegType)
    result = result_def(VmiVRegType)

    def verify_load(self) -> None:
        self.same_shape([vreg_type(self.passthru), self.data()])
        self.mask_matches(mask_type(self.mask), self.data())


@irdl_op_definition
class VmiMaskedLoadOp(PassthruLoadOp):
    """Legacy masked load: `source[offset + i]` on active lanes, `passthru` elsewhere."""

    name = "pto.vmi.masked_load"


@irdl_op_definition
class VmiExpandLoadOp(PassthruLoadOp):
    """Legacy expand load: the k-th active lane takes `source[offset + k]`."""

    name = "pto.vmi.expand_load"


class LegacyStoreOp(MemoryOp):
    """A legacy store: `pto.vmi.OP %value, %destination[%offset]... : V, P...`."""

    IS_STORE: ClassVar = True
    COST: ClassVar = AsVectorOp(VstsOp)

    value = operand_def(VmiVRegType)
    destination = operand_def(UB_BUFFER)
    offset = operand_def(IndexType)

    def data(self) -> VmiVRegType:
        return vreg_type(self.value)

    def verify_vmi(self) -> None:
        self.element_matches(self.destination, "destination", self.data())
        mask = cast("SSAValue | None", getattr(self, "mask", None))
        if mask is not None:
            self.mask_matches(mask_type(mask), self.data())


@irdl_op_definition
class VmiStoreOp(LegacyStoreOp):
    """Legacy `pto.vmi.store %value, %destination[%offset] : V, P`."""

    name = "pto.vmi.store"
    SYNTAX: ClassVar = "value, destination[offset]"


class MaskedLegacyStoreOp(LegacyStoreOp):
    """`pto.vmi.OP %value, %destination[%offset], %mask : V, P, M`."""

    SYNTAX: ClassVar = "value, destination[offset], mask"

    # the base's operands again: IRDL puts a subclass's own operands first otherwise
    value = operand_def(VmiVRegType)
    destination = operand_def(UB_BUFFER)
    offset = operand_def(IndexType)
    mask = operand_def(VmiMaskType)


@irdl_op_definition
class VmiMaskedStoreOp(MaskedLegacyStoreOp):
    """Legacy `pto.vmi.masked_store %value, %destination[%offset], %mask : V, P, M`."""

    name = "pto.vmi.masked_store"


@irdl_op_definition
class VmiCompressStoreOp(MaskedLegacyStoreOp):
    """Legacy `pto.vmi.compress_store %value, %destination[%offset], %mask : V, P, M`: the
    active lanes, packed, from `offset` on."""

    name = "pto.vmi.compress_store"


@irdl_op_definition
class VmiGroupStoreOp(LegacyStoreOp):
    """Legacy `pto.vmi.group_store %value, %destination[%offset], %row_stride {num_groups =
    C} : V, P`: group g's L/C lanes at `offset + g * row_stride` (an i32 value into an 8-bit
    pointer: its low byte)."""

    name = "pto.vmi.group_store"
    SYNTAX: ClassVar = "value, destination[offset], row_stride:index"

    # the base's operands again: IRDL puts a subclass's own operands first otherwise
    value = operand_def(VmiVRegType)
    destination = operand_def(UB_BUFFER)
    offset = operand_def(IndexType)
    row_stride = operand_def(IndexType)

    def verify_vmi(self) -> None:
        if not packed_byte_store(self.destination.type, self.data()):
            self.element_matches(self.destination, "destination", self.data())
        else:
            self.ub_pointer(self.destination, "destination")
        groups = self.attr_int("num_groups")
        if groups is None:
            raise fail(f"{self.name} requires num_groups")
        self.check_groups(self.data(), groups)


@irdl_op_definition
class VmiStrideStoreOp(LegacyStoreOp):
    """Legacy `pto.vmi.stride_store %value, %destination[%offset], %block, %repeat, %mask :
    V, P, i16, i16, M`."""

    name = "pto.vmi.stride_store"
    SYNTAX: ClassVar = "value, destination[offset], block_stride, repeat_stride, mask"
    COST: ClassVar = AsVectorOp(VsstbOp)

    # the base's operands again: IRDL puts a subclass's own operands first otherwise
    value = operand_def(VmiVRegType)
    destination = operand_def(UB_BUFFER)
    offset = operand_def(IndexType)
    block_stride = operand_def(IntegerType)
    repeat_stride = operand_def(IntegerType)
    mask = operand_def(VmiMaskType)


@irdl_op_definition
class VmiInterleaveStoreOp(MemoryOp):
    """Legacy `pto.vmi.interleave_store %low, %high, %destination[%offset] : V, V, P`:
    `low[i]` at `2i`, `high[i]` at `2i + 1`."""

    name = "pto.vmi.interleave_store"
    SYNTAX: ClassVar = "low, high, destination[offset]"
    IS_STORE: ClassVar = True
    COST: ClassVar = AsVectorOp(VstsOp)

    low = operand_def(VmiVRegType)
    high = operand_def(VmiVRegType)
    destination = operand_def(UB_BUFFER)
    offset = operand_def(IndexType)

    def data(self) -> VmiVRegType:
        return vreg_type(self.low)

    def verify_vmi(self) -> None:
        self.same_shape([self.data(), vreg_type(self.high)])
        self.element_matches(self.destination, "destination", self.data())


OPS: list[type[IRDLOperation]] = [
    VmiLoadOp,
    VmiDeinterleaveLoadOp,
    VmiGroupLoadOp,
    VmiGroupSlotLoadOp,
    VmiGroupBroadcastLoadOp,
    VmiStrideLoadOp,
    VmiMaskedLoadOp,
    VmiExpandLoadOp,
    VmiStoreOp,
    VmiMaskedStoreOp,
    VmiCompressStoreOp,
    VmiGroupStoreOp,
    VmiStrideStoreOp,
    VmiInterleaveStoreOp,
]
