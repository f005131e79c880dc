"""Vector loads (seed 002): UB -> vector register moves on PIPE_V.

`vlds`, `vldas`, `vldus`, `vldsx2`, `vsld`, `vsldb` and the gathers `vgather2`, `vgatherb`,
`vgather2_bc`. The UB pointer is `!pto.ptr<T, ub>` or the untyped `!pto.ptr` (as the seed
kernel writes it); a typed pointer's element type is the vreg's element type, except where the
distribution mode changes the width (`UNPK_*`); masks have the granularity of the data lanes;
the data element type is legal for the target (`targets.py`, key = op name).
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
    opt_operand_def,
    opt_prop_def,
    opt_result_def,
    prop_def,
    result_def,
    var_operand_def,
)

from pto_dialect.attrs import LoadDist, LoadX2Dist, StrideMode
from pto_dialect.memory_types import PtrType
from pto_dialect.ops.base import fail
from pto_dialect.ops.vector_block_strided import BlockStridedOp
from pto_dialect.ops.vector_common import (
    ALIGN,
    MASK,
    PTR,
    SAME,
    UB_BUFFER,
    VREG,
    DistRule,
    Kind,
    VectorMemoryOp,
    operand_of,
    parse_mode,
    string_props,
    vreg_of,
)
from pto_dialect.vector_types import AlignType, MaskType, VRegType

LOAD_DIST_RULES: Mapping[LoadDist, DistRule] = {
    LoadDist.NORM: DistRule(None),
    # BRC_Bn repeats the first n bits of UB over the register whatever its lanes are (PTOAS's
    # board-tested vlds-brc-b8-f32 / vlds-brc-b16-f32: byte / half-word patterns in f32 lanes).
    LoadDist.BRC_B8: DistRule(None),
    LoadDist.BRC_B16: DistRule(None),
    LoadDist.BRC_B32: DistRule(None),
    LoadDist.US_B8: DistRule(8),
    LoadDist.US_B16: DistRule(16),
    LoadDist.DS_B8: DistRule(8),
    LoadDist.DS_B16: DistRule(16),
    # UNPK_Bn zero-extends n-bit UB elements into 2n-bit units of the register, whatever its
    # lanes are (PTOAS's board-tested vlds-unpk-b16: f16 UB into f16 lanes, odd lanes 0).
    LoadDist.UNPK_B8: DistRule(None, 8),
    LoadDist.UNPK_B16: DistRule(None, 16),
    LoadDist.UNPK_B32: DistRule(None, 32),
    LoadDist.SPLT4CHN_B8: DistRule(8),
    LoadDist.SPLT2CHN_B8: DistRule(8),
    LoadDist.SPLT2CHN_B16: DistRule(16),
    LoadDist.DINTLV_B32: DistRule(32),
    LoadDist.BLK: DistRule(None),
    LoadDist.BRC_BLK: DistRule(None),  # PTOAS's name of BLK
    # E2B_Bn: 8 n-bit elements, each broadcast over one 32-byte block (PTOAS micro-ISA
    # 03-vector-load-store.md; VMILayoutSupport.cpp: E2B is a group-broadcast load of 8
    # groups of one block; pto-isa npu/a6/TQuant.hpp loads 16-byte aligned scales with it)
    LoadDist.E2B_B16: DistRule(16),
    LoadDist.E2B_B32: DistRule(32),
    # UNPK4: 8-bit UB elements zero-extended into 32-bit units (03-vector-load-store.md
    # "Unpack 4-way packed b8"; pto-isa npu/a5/TDeQuant.hpp UNPK4_B8 before a P0 vcvt)
    LoadDist.UNPK4: DistRule(None, 8),
}
LOAD_X2_DIST_RULES: Mapping[LoadX2Dist, DistRule] = {
    # DINTLV_Bn splits n-bit units whatever the lanes (PTOAS's board-tested
    # vldsx2-vstsx2-b8-f32: DINTLV_B8 / INTLV_B8 on f32 registers)
    LoadX2Dist.DINTLV_B8: DistRule(None),
    LoadX2Dist.DINTLV_B16: DistRule(None),
    LoadX2Dist.DINTLV_B32: DistRule(None),
    LoadX2Dist.BDINTLV: DistRule(None),
}

_RESULT_ROLES = ("result", "result")
"""Lane and pointee roles of the loaded vreg in distribution checks."""


class VectorLoadOp(VectorMemoryOp):
    """UB -> vreg. Every load reads its `source` operand; its vreg results are checked.

    (Concrete ops declare all their operands: xDSL orders inherited fields after own ones.)
    """

    def verify_memory(self) -> None:
        ptr = self.ub_pointer(operand_of(self, "source"), "source")
        loaded = [vreg_of(r) for r in self.results if isinstance(r.type, VRegType)]
        for index, vreg in enumerate(loaded):
            self.check_target(vreg, self.result_role(index))
        self.verify_load(ptr, loaded)

    def result_role(self, index: int) -> str:
        return "result"

    def verify_load(self, ptr: PtrType, loaded: Sequence[VRegType]) -> None:
        """Default: the pointer's element type is the loaded lane type."""
        for index, vreg in enumerate(loaded):
            self.check_pointee(ptr, "source", vreg, self.result_role(index), SAME, "")


class MaskedLoadOp(VectorLoadOp):
    """A load whose `mask` operand has the granularity of the loaded lanes."""

    def verify_load(self, ptr: PtrType, loaded: Sequence[VRegType]) -> None:
        super().verify_load(ptr, loaded)
        self.check_mask(operand_of(self, "mask"), loaded[0], "result")


@irdl_op_definition
class VldsOp(VectorLoadOp):
    """`%r = pto.vlds %src[%off] {dist = "NORM"} : !pto.ptr<T, ub> -> !pto.vreg<NxT>`.

    `dist` is optional (default NORM). Post-update form (PTOAS VPTOOps.td, micro-ISA
    03-vector-load-store): `%r, %next = pto.vlds ... -> !pto.vreg<NxT>, !pto.ptr<T, ub>` loads
    at `%src` itself and returns `%src` advanced by `%off` elements (`POST_UPDATE`).
    """

    name = "pto.vlds"

    MANUAL: ClassVar = "vector/ops/vector-load-store/vlds.md"

    source = operand_def(UB_BUFFER)
    offset = operand_def(IndexType())
    dist = opt_prop_def(StringAttr)
    result = result_def(VREG)
    updated_base = opt_result_def(PTR)

    irdl_options = (ParsePropInAttrDict(),)

    assembly_format = (
        "$source `[` $offset `]` attr-dict `:` type($source) `->` type($result) "
        "(`,` type($updated_base)^)?"
    )

    def __init__(
        self,
        source: SSAValue,
        offset: SSAValue,
        result_type: VRegType,
        dist: LoadDist | str | None = None,
        post_update: bool = False,
    ) -> None:
        super().__init__(
            operands=[source, offset],
            result_types=[result_type, [source.type] if post_update else []],
            properties=string_props(dist=dist),
        )

    @property
    def dist_mode(self) -> LoadDist:
        if self.dist is None:
            return LoadDist.NORM
        return parse_mode(self.name, "dist", self.dist.data, LoadDist)

    def verify_load(self, ptr: PtrType, loaded: Sequence[VRegType]) -> None:
        mode = self.dist_mode
        self.check_dist(ptr, "source", loaded[0], _RESULT_ROLES, LOAD_DIST_RULES[mode], mode)
        if self.updated_base is not None:
            self.check_same_type("updated_base", self.updated_base, "source", ptr)


@irdl_op_definition
class VldasOp(VectorLoadOp):
    """`%a = pto.vldas %src : !pto.ptr<T, ub> -> !pto.align`: primes an unaligned-load stream."""

    name = "pto.vldas"

    MANUAL: ClassVar = "vector/ops/vector-load-store/vldas.md"

    source = operand_def(PTR)
    result = result_def(ALIGN)

    assembly_format = "$source attr-dict `:` type($source) `->` type($result)"

    def __init__(self, source: SSAValue) -> None:
        super().__init__(operands=[source], result_types=[AlignType()])


@irdl_op_definition
class VldusOp(VectorLoadOp):
    """`%v, %a2, %p2 = pto.vldus %src, %a : P, !pto.align -> !pto.vreg<NxT>, !pto.align, P`.

    The page's form has the post-updated base `%p2` (`%src` + 256 bytes); PTOAS (VPTOOps.td)
    writes it without: `%v, %a2 = pto.vldus %src, %a : P, !pto.align -> V, !pto.align`, or
    with an explicit advance `%n` in elements: `%v, %a2, %p2 = pto.vldus %src, %a, %n : P,
    !pto.align, index -> V, !pto.align, P` (its soft-post-update-vldus-vstus board case).
    """

    name = "pto.vldus"

    MANUAL: ClassVar = "vector/ops/vector-load-store/vldus.md"

    source = operand_def(PTR)
    align = operand_def(ALIGN)
    increment = opt_operand_def(IndexType())
    """PTOAS's explicit advance of `base_out`, in elements (default: one vreg, 256 bytes)."""
    result = result_def(VREG)
    align_out = result_def(ALIGN)
    base_out = opt_result_def(PTR)

    assembly_format = (
        "$source `,` $align (`,` $increment^)? attr-dict `:` type($source) `,` type($align) "
        "(`,` type($increment)^)? `->` type($result) `,` type($align_out) "
        "(`,` type($base_out)^)?"
    )

    def __init__(
        self,
        source: SSAValue,
        align: SSAValue,
        result_type: VRegType,
        base_out: bool = True,
        increment: SSAValue | None = None,
    ) -> None:
        super().__init__(
            operands=[source, align, [] if increment is None else [increment]],
            result_types=[result_type, AlignType(), [source.type] if base_out else []],
        )

    def verify_load(self, ptr: PtrType, loaded: Sequence[VRegType]) -> None:
        super().verify_load(ptr, loaded)
        if self.base_out is not None:
            self.check_same_type("base_out", self.base_out, "source", ptr)


@irdl_op_definition
class VldsX2Op(VectorLoadOp):
    """`%lo, %hi = pto.vldsx2 %src[%off], "DINTLV_B32" : P, index -> V, V` (deinterleave).

    Post-update form (PTOAS VPTOOps.td): `%lo, %hi, %next = ... -> V, V, P` loads at `%src`
    itself and returns `%src` advanced by `%off` elements, as `vlds`'s."""

    name = "pto.vldsx2"

    MANUAL: ClassVar = "vector/ops/vector-load-store/vldsx2.md"

    source = operand_def(PTR)
    offset = operand_def(IndexType())
    dist = prop_def(StringAttr)
    low = result_def(VREG)
    high = result_def(VREG)
    updated_base = opt_result_def(PTR)

    assembly_format = (
        "$source `[` $offset `]` `,` $dist attr-dict `:` type($source) `,` type($offset) "
        "`->` type($low) `,` type($high) (`,` type($updated_base)^)?"
    )

    def __init__(
        self,
        source: SSAValue,
        offset: SSAValue,
        result_type: VRegType,
        dist: LoadX2Dist | str,
        post_update: bool = False,
    ) -> None:
        super().__init__(
            operands=[source, offset],
            result_types=[result_type, result_type, [source.type] if post_update else []],
            properties=string_props(dist=dist),
        )

    def result_role(self, index: int) -> str:
        return ("low", "high")[index]

    @property
    def dist_mode(self) -> LoadX2Dist:
        return parse_mode(self.name, "dist", self.dist.data, LoadX2Dist)

    def verify_load(self, ptr: PtrType, loaded: Sequence[VRegType]) -> None:
        mode = self.dist_mode
        low, high = loaded
        self.check_pair(low, high)
        self.check_dist(ptr, "source", low, _RESULT_ROLES, LOAD_X2_DIST_RULES[mode], mode)


@irdl_op_definition
class VsldOp(VectorLoadOp):
    """`%r = pto.vsld %src[%off], "STRIDE_S8_B32" : P -> V` (fixed-stride load)."""

    name = "pto.vsld"

    MANUAL: ClassVar = "vector/ops/vector-load-store/vsld.md"

    source = operand_def(PTR)
    offset = operand_def(IndexType())
    stride = prop_def(StringAttr)
    result = result_def(VREG)

    assembly_format = (
        "$source `[` $offset `]` `,` $stride attr-dict `:` type($source) `->` type($result)"
    )

    def __init__(
        self, source: SSAValue, offset: SSAValue, result_type: VRegType, stride: StrideMode | str
    ) -> None:
        super().__init__(
            operands=[source, offset],
            result_types=[result_type],
            properties=string_props(stride=stride),
        )

    @property
    def stride_mode(self) -> StrideMode:
        return parse_mode(self.name, "stride", self.stride.data, StrideMode)

    def verify_load(self, ptr: PtrType, loaded: Sequence[VRegType]) -> None:
        self.stride_mode  # noqa: B018 - raises on an illegal token
        super().verify_load(ptr, loaded)


@irdl_op_definition
class VsldbOp(MaskedLoadOp, BlockStridedOp):
    """Block-strided load: block b of the result = UB block (repeat + b * block) after
    `%src`, zero where the mask's b32 lane b is off.

    Manual: `%r = pto.vsldb %src, %ctrl, %mask : P, i32, M -> V`;
    PTOAS: `%r = pto.vsldb %src, %block, %repeat, %mask : P, i16, i16, M -> V`.
    """

    name = "pto.vsldb"

    MANUAL: ClassVar = "vector/ops/vector-load-store/vsldb.md"

    LEADING: ClassVar[int] = 1

    source = operand_def(PTR)
    strides = var_operand_def(AnyAttr())
    mask = operand_def(MASK)
    result = result_def(VREG)
    updated_base = opt_result_def(PTR)
    """PTOAS's post-update form: `%src` advanced by the repeat stride (32-byte blocks)."""

    def __init__(
        self,
        source: SSAValue,
        strides: SSAValue | Sequence[SSAValue],
        mask: SSAValue,
        result_type: VRegType,
        post_update: bool = False,
    ) -> None:
        """`strides`: the i32 control word, or the (i16 block, i16 repeat) pair."""
        pair = [strides] if isinstance(strides, SSAValue) else list(strides)
        results = [result_type, [source.type] if post_update else []]
        super().__init__(operands=[source, pair, mask], result_types=results)

    def verify_load(self, ptr: PtrType, loaded: Sequence[VRegType]) -> None:
        if self.updated_base is not None and self.updated_base.type != ptr:
            raise fail(f"{self.name} updated base {self.updated_base.type} must be {ptr}")
        self.check_strides()
        super().verify_load(ptr, loaded)


# ---- gathers ------------------------------------------------------------------------------


class GatherOp(VectorLoadOp):
    """`%r = pto.OP %src, %offsets, %bound : P, !pto.vreg<NxI>, B -> !pto.vreg<NxT>`."""

    OFFSET_BITS: ClassVar[int | None] = None
    """Required width of the offset lanes (None: any integer width)."""

    def verify_load(self, ptr: PtrType, loaded: Sequence[VRegType]) -> None:
        super().verify_load(ptr, loaded)
        index = self.check_indices(operand_of(self, "offsets"), loaded[0], "result")
        if self.OFFSET_BITS is not None and index.element.bits != self.OFFSET_BITS:
            raise fail(
                f"{self.name} offsets must have {self.OFFSET_BITS}-bit integer elements "
                f"(i{self.OFFSET_BITS} or ui{self.OFFSET_BITS}), got {index.element}"
            )


LANES_OR_MASK = Kind(
    "index (active-lane count) or a !pto.mask",
    lambda t: isinstance(t, IndexType | MaskType),
)
"""The third operand of vgather2 / vgatherb / vscatter: the page's `%active_lanes` count or
PTOAS's `%mask` (VPTOOps.td `PTO_Vgather2Op`, `PTO_VgatherbOp`, `PTO_VscatterOp`)."""


class BoundedGatherOp(GatherOp):
    """A gather whose `bound` is an `index` count of active lanes or a mask.

    `%r = pto.OP %src, %offsets, %bound : P, !pto.vreg<NxI>, index | !pto.mask<G> -> V`.
    """

    source = operand_def(PTR)
    offsets = operand_def(VREG)
    bound = operand_def(LANES_OR_MASK)
    result = result_def(VREG)

    assembly_format = (
        "$source `,` $offsets `,` $bound attr-dict `:` type($source) `,` "
        "type($offsets) `,` type($bound) `->` type($result)"
    )

    def __init__(
        self, source: SSAValue, offsets: SSAValue, bound: SSAValue, result_type: VRegType
    ) -> None:
        super().__init__(operands=[source, offsets, bound], result_types=[result_type])

    def verify_load(self, ptr: PtrType, loaded: Sequence[VRegType]) -> None:
        super().verify_load(ptr, loaded)
        if isinstance(self.bound.type, MaskType):
            self.check_mask(self.bound, loaded[0], "result")


@irdl_op_definition
class Vgather2Op(BoundedGatherOp):
    """Indexed gather: `dst[i] = UB[base + offsets[i] * sizeof(T)]` for the active lanes
    (the first `%active_lanes`, or the mask's on lanes); the other lanes are 0.

    PTOAS's board-tested vgather2 case also gathers bytes (`!pto.ptr<ui8|i8, ub>`) into
    16-bit lanes (ui16/i16), each byte zero-extended (docs/decisions.md)."""

    name = "pto.vgather2"

    MANUAL: ClassVar = "vector/ops/vector-load-store/vgather2.md"

    def verify_load(self, ptr: PtrType, loaded: Sequence[VRegType]) -> None:
        element = ptr.element
        lane = loaded[0].element
        if element is not None and element.bits == 8 and lane.bits == 16 and lane.is_int:
            self.check_indices(self.offsets, loaded[0], "result")
            if isinstance(self.bound.type, MaskType):
                self.check_mask(self.bound, loaded[0], "result")
            return
        super().verify_load(ptr, loaded)


@irdl_op_definition
class VgatherbOp(BoundedGatherOp):
    """Block gather with byte offsets; offsets are 32-bit, so the data is 32-bit too. Block b
    is active when b < `%active_lanes` or when lane b of the b32 mask is on; else 0."""

    name = "pto.vgatherb"

    MANUAL: ClassVar = "vector/ops/vector-load-store/vgatherb.md"

    OFFSET_BITS: ClassVar[int | None] = 32


@irdl_op_definition
class Vgather2BcOp(MaskedLoadOp, GatherOp):
    """`%r = pto.vgather2_bc %src, %offsets, %mask : P, !pto.vreg<NxI>, M -> V`."""

    name = "pto.vgather2_bc"

    MANUAL: ClassVar = "vector/ops/vector-load-store/vgather2-bc.md"

    source = operand_def(PTR)
    offsets = operand_def(VREG)
    mask = operand_def(MASK)
    result = result_def(VREG)

    assembly_format = (
        "$source `,` $offsets `,` $mask attr-dict `:` type($source) `,` type($offsets) `,` "
        "type($mask) `->` type($result)"
    )

    def __init__(
        self, source: SSAValue, offsets: SSAValue, mask: SSAValue, result_type: VRegType
    ) -> None:
        super().__init__(operands=[source, offsets, mask], result_types=[result_type])


OPS: list[type[IRDLOperation]] = [
    VldsOp,
    VldasOp,
    VldusOp,
    VldsX2Op,
    VsldOp,
    VsldbOp,
    Vgather2Op,
    VgatherbOp,
    Vgather2BcOp,
]
