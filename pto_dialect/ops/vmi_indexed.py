"""VMI gathers and scatters (PTOAS docs/isa/vmi-isa/07-sfu.md; VMIOps.td's legacy forms): per
lane offsets into a UB pointer, counted in elements of its type (`vgatherb`: bytes).

- `%g = pto.vmi.vgather %src, %offsets, %mask` (0 on inactive lanes), `vgatherb` (byte
  offsets, one per 32-byte block), `pto.vmi.vscatter %v, %dst, %offsets, %mask`;
- legacy: `%g = pto.vmi.gather %src[%indices], %mask, %passthru` (passthru on inactive
  lanes), `pto.vmi.scatter %v, %dst[%indices], %mask`.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import IntegerType
from xdsl.ir import SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    result_def,
)

from pto_dialect.ops.base import fail
from pto_dialect.ops.vector_common import UB_BUFFER
from pto_dialect.ops.vector_load import Vgather2Op, VgatherbOp
from pto_dialect.ops.vector_store import VscatterOp
from pto_dialect.ops.vmi_common import SPEC, mask_type, vreg_type
from pto_dialect.ops.vmi_memory import MemoryOp
from pto_dialect.ops.vmi_types import (
    VmiMaskType,
    VmiVRegType,
    is_vmi_signed,
)
from pto_dialect.records import AsVectorOp

SFU_PAGE = SPEC + "07-sfu.md"


class IndexedOp(MemoryOp):
    """A gather or scatter: per-lane offsets (unsigned/signless 16- or 32-bit)."""

    MANUAL: ClassVar = SFU_PAGE

    def check_offsets(self, offsets: VmiVRegType, what: str = "offsets") -> None:
        element = offsets.element_type
        signed = is_vmi_signed(element)
        if not isinstance(element, IntegerType) or signed or element.bitwidth not in (16, 32):
            raise fail(f"{self.name} requires signless or unsigned 16-bit or 32-bit integer "
                       f"{what}")  # fmt: skip

    def check_lanes(
        self, pointer: SSAValue, role: str, offsets: SSAValue, mask: SSAValue, what: str
    ) -> VmiVRegType:
        """What every gather and scatter with one offset per lane requires: the pointer's
        element is the data's, offsets of a legal type and the data's shape, a mask of the
        data's granularity. Returns the data's type."""
        data, index = self.data(), vreg_type(offsets)
        self.element_matches(pointer, role, data)
        self.check_offsets(index, what)
        self.same_shape([index, data], same_element=False)
        self.mask_matches(mask_type(mask), data)
        return data


@irdl_op_definition
class VmiVgatherOp(IndexedOp):
    """`%g = pto.vmi.vgather %source, %offsets, %mask : !pto.ptr<T, ub>, V<LxI>, M ->
    V<LxT>`: `source[offsets[i]]` (element offsets) on active lanes, 0 elsewhere."""

    name = "pto.vmi.vgather"
    SYNTAX: ClassVar = "source, offsets, mask"
    COST: ClassVar = AsVectorOp(Vgather2Op)

    source = operand_def(UB_BUFFER)
    offsets = operand_def(VmiVRegType)
    mask = operand_def(VmiMaskType)
    result = result_def(VmiVRegType)

    def data(self) -> VmiVRegType:
        return vreg_type(self.result)

    def verify_vmi(self) -> None:
        result = self.check_lanes(self.source, "source", self.offsets, self.mask, "offsets")
        if vreg_type(self.offsets).bits == 16 and str(result.element_type) != "ui16":
            raise fail(f"{self.name} requires ui16 result element type when using ui16 offsets")
        self.check_pmode()


@irdl_op_definition
class VmiVgatherbOp(IndexedOp):
    """`%g = pto.vmi.vgatherb %source, %offsets, %mask : !pto.ptr<T, ub>, V<KxI>, M ->
    V<LxT>`: byte offsets, one per 32-byte block of the result."""

    name = "pto.vmi.vgatherb"
    SYNTAX: ClassVar = "source, offsets, mask"
    COST: ClassVar = AsVectorOp(VgatherbOp)

    source = operand_def(UB_BUFFER)
    offsets = operand_def(VmiVRegType)
    mask = operand_def(VmiMaskType)
    result = result_def(VmiVRegType)

    def data(self) -> VmiVRegType:
        return vreg_type(self.result)

    def verify_vmi(self) -> None:
        self.element_matches(self.source, "source", self.data())
        self.check_offsets(vreg_type(self.offsets))
        self.mask_matches(mask_type(self.mask), self.data())
        self.check_pmode()


@irdl_op_definition
class VmiVscatterOp(IndexedOp):
    """`pto.vmi.vscatter %value, %dest, %offsets, %mask : V<LxT>, !pto.ptr<T, ub>, V<LxI>,
    M`: `dest[offsets[i]] = value[i]` on active lanes."""

    name = "pto.vmi.vscatter"
    SYNTAX: ClassVar = "value, destination, offsets, mask"
    IS_STORE: ClassVar = True
    COST: ClassVar = AsVectorOp(VscatterOp)

    value = operand_def(VmiVRegType)
    destination = operand_def(UB_BUFFER)
    offsets = operand_def(VmiVRegType)
    mask = operand_def(VmiMaskType)

    def data(self) -> VmiVRegType:
        return vreg_type(self.value)

    def verify_vmi(self) -> None:
        self.check_lanes(self.destination, "destination", self.offsets, self.mask, "offsets")
        self.check_pmode()


@irdl_op_definition
class VmiGatherOp(IndexedOp):
    """Legacy `%v = pto.vmi.gather %source[%indices], %mask, %passthru : P, V<LxI>, M, V ->
    V`: `source[indices[i]]` on active lanes, `passthru` elsewhere."""

    name = "pto.vmi.gather"
    SYNTAX: ClassVar = "source[indices*], mask, passthru"
    COST: ClassVar = AsVectorOp(Vgather2Op)

    source = operand_def(UB_BUFFER)
    indices = operand_def(VmiVRegType)
    mask = operand_def(VmiMaskType)
    passthru = operand_def(VmiVRegType)
    result = result_def(VmiVRegType)

    def data(self) -> VmiVRegType:
        return vreg_type(self.result)

    def verify_vmi(self) -> None:
        result = self.check_lanes(self.source, "source", self.indices, self.mask, "indices")
        self.same_shape([vreg_type(self.passthru), result])


@irdl_op_definition
class VmiScatterOp(IndexedOp):
    """Legacy `pto.vmi.scatter %value, %destination[%indices], %mask : V, P, V<LxI>, M`."""

    name = "pto.vmi.scatter"
    SYNTAX: ClassVar = "value, destination[indices*], mask"
    IS_STORE: ClassVar = True
    COST: ClassVar = AsVectorOp(VscatterOp)

    value = operand_def(VmiVRegType)
    destination = operand_def(UB_BUFFER)
    indices = operand_def(VmiVRegType)
    mask = operand_def(VmiMaskType)

    def data(self) -> VmiVRegType:
        return vreg_type(self.value)

    def verify_vmi(self) -> None:
        self.check_lanes(self.destination, "destination", self.indices, self.mask, "indices")


OPS: list[type[IRDLOperation]] = [
    VmiVgatherOp,
    VmiVgatherbOp,
    VmiVscatterOp,
    VmiGatherOp,
    VmiScatterOp,
]
