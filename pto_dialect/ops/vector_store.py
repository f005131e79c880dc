"""Vector stores (seed 002): vector register -> UB moves on PIPE_V.

`vsts`, `vstsx2`, `vsst`, `vsstb`, `vscatter`; the unaligned-store stream (`vsta`, `vstu`,
...) is `vector_store_unaligned`. The UB pointer rules are those of the loads
(`vector_load`); `PK_*` modes narrow the UB elements.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from xdsl.dialects.builtin import IndexType, StringAttr
from xdsl.ir import SSAValue
from xdsl.irdl import (
    AnyAttr,
    IRDLOperation,
    ParsePropInAttrDict,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    opt_result_def,
    prop_def,
    var_operand_def,
)

from pto_dialect.attrs import StoreDist, StoreX2Dist, StrideMode
from pto_dialect.memory_types import PtrType
from pto_dialect.ops.base import fail
from pto_dialect.ops.vector_block_strided import BlockStridedOp
from pto_dialect.ops.vector_common import (
    MASK,
    PTR,
    SAME,
    UB_BUFFER,
    VREG,
    DistRule,
    VectorMemoryOp,
    mask_of,
    operand_of,
    parse_mode,
    string_props,
    vreg_of,
)
from pto_dialect.ops.vector_load import LANES_OR_MASK
from pto_dialect.vector_types import MaskType, VRegType

STORE_DIST_RULES: Mapping[StoreDist, DistRule] = {
    StoreDist.NORM_B8: DistRule(8),
    StoreDist.NORM_B16: DistRule(16),
    StoreDist.NORM_B32: DistRule(32),
    # PK_Bn keeps the low half of each n-bit unit (checked by `PACK_BITS`, not by the rule).
    StoreDist.PK_B16: DistRule(None, 8),
    StoreDist.PK_B32: DistRule(None, 16),
    StoreDist.PK_B64: DistRule(None, 32),
    StoreDist.PK4_B32: DistRule(None, 8),
    # 1PT_Bn writes lane 0 only (PTOAS micro-ISA 03: "the predicate register is ignored").
    StoreDist.ONE_PT_B8: DistRule(8),
    StoreDist.ONE_PT_B16: DistRule(16),
    StoreDist.ONE_PT_B32: DistRule(32),
    StoreDist.MRG4CHN_B8: DistRule(8),
    StoreDist.MRG2CHN_B8: DistRule(8),
    StoreDist.MRG2CHN_B16: DistRule(16),
}
STORE_X2_DIST_RULES: Mapping[StoreX2Dist, DistRule] = {
    # INTLV_Bn merges n-bit units whatever the lanes (as DINTLV_Bn, `LOAD_X2_DIST_RULES`)
    StoreX2Dist.INTLV_B8: DistRule(None),
    StoreX2Dist.INTLV_B16: DistRule(None),
    StoreX2Dist.INTLV_B32: DistRule(None),
}

PACK_BITS: Mapping[StoreDist, int] = {
    StoreDist.PK_B16: 16,
    StoreDist.PK_B32: 32,
    StoreDist.PK_B64: 64,
    StoreDist.PK4_B32: 32,
}
PACK_KEEP: Mapping[StoreDist, int] = {StoreDist.PK4_B32: 8}
"""Bits each n-bit unit keeps where it is not n/2 (PK4_B32: the low 8 of 32; PTOAS's
board-tested vsts-packed-dist-mask-granularity case)."""
"""The unit width n of PK_Bn. PTOAS's board-tested kernels pack narrower lanes than n
(vsts-pk-b64-f32: f32 lanes, vcvt-f32-to-f16-pk-b32: f16 lanes) through a pointer of the lane
type (vsts-pk-b16: an i16 pointer): the lanes need only divide n, the pointee is the lane type
or the n/2-bit packed type, and the mask is read for n-bit data (b32 for PK_B64)."""

SCATTER_BITS = (8, 16, 32)

Stored = Sequence[tuple[str, VRegType]]
"""The stored vregs with their operand names."""


class VectorStoreOp(VectorMemoryOp):
    """vreg -> UB. Every store writes `dest`; `DATA` names the stored vreg operands."""

    DATA: ClassVar[tuple[str, ...]] = ("value",)

    def data(self) -> list[tuple[str, VRegType]]:
        return [(role, vreg_of(operand_of(self, role))) for role in self.DATA]

    def verify_memory(self) -> None:
        ptr = self.ub_pointer(operand_of(self, "dest"), "dest")
        stored = self.data()
        for role, vreg in stored:
            self.check_target(vreg, role)
        self.verify_store(ptr, stored)

    def verify_store(self, ptr: PtrType, stored: Stored) -> None:
        """Default: the pointer's element type is the stored lane type."""
        for role, vreg in stored:
            self.check_pointee(ptr, "dest", vreg, role, SAME, "")


@irdl_op_definition
class VstsOp(VectorStoreOp):
    """`pto.vsts %v, %dst[%off], %mask {dist = "NORM_B32"} : V, P, M`.

    `dist` is optional (default NORM_B<element bits>). Post-update form (PTOAS VPTOOps.td,
    micro-ISA 03-vector-load-store): `%next = pto.vsts ... : V, P, M -> P` stores at `%dst`
    itself and returns `%dst` advanced by `%off` elements (`POST_UPDATE`).
    """

    name = "pto.vsts"

    MANUAL: ClassVar = "vector/ops/vector-load-store/vsts.md"

    value = operand_def(VREG)
    dest = operand_def(UB_BUFFER)
    offset = operand_def(IndexType())
    mask = operand_def(MASK)
    dist = opt_prop_def(StringAttr)
    updated_base = opt_result_def(PTR)

    irdl_options = (ParsePropInAttrDict(),)

    assembly_format = (
        "$value `,` $dest `[` $offset `]` `,` $mask attr-dict `:` type($value) `,` "
        "type($dest) `,` type($mask) (`->` type($updated_base)^)?"
    )

    def __init__(
        self,
        value: SSAValue,
        dest: SSAValue,
        offset: SSAValue,
        mask: SSAValue,
        dist: StoreDist | str | None = None,
        post_update: bool = False,
    ) -> None:
        super().__init__(
            operands=[value, dest, offset, mask],
            result_types=[[dest.type] if post_update else []],
            properties=string_props(dist=dist),
        )

    @property
    def dist_mode(self) -> StoreDist:
        if self.dist is not None:
            return parse_mode(self.name, "dist", self.dist.data, StoreDist)
        bits = vreg_of(self.value).element.bits
        try:
            return StoreDist(f"NORM_B{bits}")
        except ValueError:
            raise fail(
                f"{self.name} has no store distribution for {bits}-bit value elements"
            ) from None

    def verify_store(self, ptr: PtrType, stored: Stored) -> None:
        mode = self.dist_mode
        vreg = stored[0][1]
        if mode in PACK_BITS:
            self.verify_pack(ptr, vreg, mode, PACK_BITS[mode])
        else:  # a plain dist stores the register's bytes to a pointer of any element type
            rule = STORE_DIST_RULES[mode]  # (PTOAS vsts_offset_dest_element_type_vpto_llvm)
            self.check_lanes(vreg, "value", rule, f"dist {mode}")
            if rule.memory_bits is not None:
                self.check_pointee(ptr, "dest", vreg, "value", rule, f"dist {mode}")
            self.check_mask(self.mask, vreg, "value")
        if self.updated_base is not None:
            self.check_same_type("updated_base", self.updated_base, "dest", ptr)

    def verify_pack(self, ptr: PtrType, vreg: VRegType, mode: StoreDist, bits: int) -> None:
        """PK_Bn: lanes dividing n, a pointee of the lane type or of n/2 bits, a bmin(n, 32)
        mask (`PACK_BITS`)."""
        lane = vreg.element.bits
        if bits % lane:
            raise fail(
                f"{self.name} dist {mode} needs value lanes of at most {bits} bits, "
                f"got {vreg.element}"
            )
        element = ptr.element
        keep = PACK_KEEP.get(mode, bits // 2)
        if element is not None and element != vreg.element and element.bits != keep:
            raise fail(
                f"{self.name} dest element type {element} must be the value element type "
                f"{vreg.element} or {keep}-bit for dist {mode}"
            )
        granularity = mask_of(self.mask).bits.data
        if granularity != min(bits, 32):
            raise fail(
                f"{self.name} mask granularity b{granularity} must be b{min(bits, 32)} for dist "
                f"{mode} (the predicate is read for {bits}-bit data)"
            )


@irdl_op_definition
class VstsX2Op(VectorStoreOp):
    """`pto.vstsx2 %lo, %hi, %dst[%off], "INTLV_B32", %mask : V, V, P, index, M`."""

    name = "pto.vstsx2"

    MANUAL: ClassVar = "vector/ops/vector-load-store/vstsx2.md"

    DATA: ClassVar[tuple[str, ...]] = ("low", "high")

    low = operand_def(VREG)
    high = operand_def(VREG)
    dest = operand_def(PTR)
    offset = operand_def(IndexType())
    mask = operand_def(MASK)
    dist = prop_def(StringAttr)

    assembly_format = (
        "$low `,` $high `,` $dest `[` $offset `]` `,` $dist `,` $mask attr-dict `:` "
        "type($low) `,` type($high) `,` type($dest) `,` type($offset) `,` type($mask)"
    )

    def __init__(
        self,
        low: SSAValue,
        high: SSAValue,
        dest: SSAValue,
        offset: SSAValue,
        dist: StoreX2Dist | str,
        mask: SSAValue,
    ) -> None:
        super().__init__(
            operands=[low, high, dest, offset, mask], properties=string_props(dist=dist)
        )

    @property
    def dist_mode(self) -> StoreX2Dist:
        return parse_mode(self.name, "dist", self.dist.data, StoreX2Dist)

    def verify_store(self, ptr: PtrType, stored: Stored) -> None:
        mode = self.dist_mode
        (_, low), (_, high) = stored
        self.check_pair(low, high)  # any dest element type, as vsts's plain dists
        self.check_lanes(low, "value", STORE_X2_DIST_RULES[mode], f"dist {mode}")
        self.check_mask(self.mask, low, "low")


@irdl_op_definition
class VsstOp(VectorStoreOp):
    """`pto.vsst %v, %dst[%off], "STRIDE_S8_B32" : V, P` (fixed-stride store)."""

    name = "pto.vsst"

    MANUAL: ClassVar = "vector/ops/vector-load-store/vsst.md"

    value = operand_def(VREG)
    dest = operand_def(PTR)
    offset = operand_def(IndexType())
    stride = prop_def(StringAttr)

    assembly_format = (
        "$value `,` $dest `[` $offset `]` `,` $stride attr-dict `:` type($value) `,` type($dest)"
    )

    def __init__(
        self, value: SSAValue, dest: SSAValue, offset: SSAValue, stride: StrideMode | str
    ) -> None:
        super().__init__(operands=[value, dest, offset], properties=string_props(stride=stride))

    @property
    def stride_mode(self) -> StrideMode:
        return parse_mode(self.name, "stride", self.stride.data, StrideMode)

    def verify_store(self, ptr: PtrType, stored: Stored) -> None:
        self.stride_mode  # noqa: B018 - raises on an illegal token
        super().verify_store(ptr, stored)


@irdl_op_definition
class VsstbOp(VectorStoreOp, BlockStridedOp):
    """Block-strided store: UB block (repeat + b * block) after `%dst` = block b of `%v`,
    where the mask's b32 lane b is on.

    Manual: `pto.vsstb %v, %dst, %ctrl, %mask : V, P, i32, M`;
    PTOAS: `pto.vsstb %v, %dst, %block, %repeat, %mask : V, P, i16, i16, M [-> P]`. With the
    `-> P` result (post-update, PTOAS only) block b goes to UB block b * block after `%dst`
    and the result is `%dst` advanced by `repeat` blocks.
    """

    name = "pto.vsstb"

    MANUAL: ClassVar = "vector/ops/vector-load-store/vsstb.md"

    LEADING: ClassVar[int] = 2

    value = operand_def(VREG)
    dest = operand_def(PTR)
    strides = var_operand_def(AnyAttr())
    mask = operand_def(MASK)
    updated_base = opt_result_def(PTR)

    def __init__(
        self,
        value: SSAValue,
        dest: SSAValue,
        strides: SSAValue | Sequence[SSAValue],
        mask: SSAValue,
        post_update: bool = False,
    ) -> None:
        """`strides`: the i32 control word, or the (i16 block, i16 repeat) pair."""
        pair = [strides] if isinstance(strides, SSAValue) else list(strides)
        super().__init__(
            operands=[value, dest, pair, mask],
            result_types=[[dest.type] if post_update else []],
        )

    def verify_store(self, ptr: PtrType, stored: Stored) -> None:
        self.check_strides()  # any dest element type (bytes), as PTOAS's VsstbOp::verify
        self.check_mask(self.mask, stored[0][1], "value")
        if self.updated_base is not None:
            if self.packed:
                raise fail(
                    f"{self.name} post-update (the updated_base result) takes the i16 block "
                    "and repeat strides, not the packed i32 control word"
                )
            self.check_same_type("updated_base", self.updated_base, "dest", ptr)


@irdl_op_definition
class VscatterOp(VectorStoreOp):
    """`pto.vscatter %v, %dst, %offsets, %bound : V, P, !pto.vreg<NxI>, index | M`.

    `%bound`: the page's `%active_lanes` count or PTOAS's `%mask` (VPTOOps.td). A b8 value
    makes 128 requests, request i storing byte lane 2i, with 16-bit offsets and a b16 mask
    (PTOAS docs/isa/micro-isa/03-vector-load-store.md).
    """

    name = "pto.vscatter"

    MANUAL: ClassVar = "vector/ops/vector-load-store/vscatter.md"

    value = operand_def(VREG)
    dest = operand_def(PTR)
    offsets = operand_def(VREG)
    bound = operand_def(LANES_OR_MASK)

    assembly_format = (
        "$value `,` $dest `,` $offsets `,` $bound attr-dict `:` type($value) `,` "
        "type($dest) `,` type($offsets) `,` type($bound)"
    )

    def __init__(self, value: SSAValue, dest: SSAValue, offsets: SSAValue, bound: SSAValue) -> None:
        super().__init__(operands=[value, dest, offsets, bound])

    def verify_store(self, ptr: PtrType, stored: Stored) -> None:
        vreg = stored[0][1]
        if vreg.element.bits not in SCATTER_BITS:
            raise fail(f"{self.name} supports only b8, b16 and b32 elements, got {vreg.element}")
        super().verify_store(ptr, stored)
        if vreg.element.bits != 8:
            self.check_indices(self.offsets, vreg, "value")
            if isinstance(self.bound.type, MaskType):
                self.check_mask(self.bound, vreg, "value")
            return
        index, mask = vreg_of(self.offsets), self.bound.type
        if not index.element.is_int or index.element.bits != 16:  # (so 128 lanes)
            raise fail(f"{self.name} of b8 values takes 16-bit offsets, got {index}")
        if isinstance(mask, MaskType) and mask.bits.data != 16:
            raise fail(f"{self.name} of b8 values takes a b16 mask (a bit per request), got {mask}")


OPS: list[type[IRDLOperation]] = [
    VstsOp,
    VstsX2Op,
    VsstOp,
    VsstbOp,
    VscatterOp,
]
