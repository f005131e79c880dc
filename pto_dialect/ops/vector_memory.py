"""Vector load/store micro-ops (seed 002): UB <-> vector register moves on PIPE_V.

Loads (`VectorLoadOp`): `vlds`, `vldas`, `vldus`, `vldsx2`, `vsld`, `vsldb`, `vgather2`,
`vgatherb`, `vgather2_bc`. Stores (`VectorStoreOp`): `vsts`, `vstsx2`, `vsst`, `vsstb`,
`vscatter`, `vsta`, `vstu`, `vstus`, `vstur`, `vstas`, `vstar`.

Shared rules: the UB pointer is `!pto.ptr<T, ub>` or the untyped `!pto.ptr` (as the seed
kernel writes it); a typed pointer's element type is the vreg's element type, except where the
distribution mode changes the width (`UNPK_*`, `PK_*`); masks have the granularity of the data
lanes; the data element type is legal for the target (`targets.py`, key = op name).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from typing_extensions import TypeVar
from xdsl.dialects.builtin import IndexType, StringAttr, i32
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    AnyAttr,
    AttrConstraint,
    IntConstraint,
    IRDLOperation,
    ParsePropInAttrDict,
    VerificationContext,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    result_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.utils.str_enum import StrEnum

from pto_dialect.attrs import (
    LoadDist,
    LoadX2Dist,
    Pipe,
    PostUpdate,
    StoreDist,
    StoreX2Dist,
    StrideMode,
)
from pto_dialect.ops.base import PtoOp, fail, resolve, target_of
from pto_dialect.types import AlignType, MaskType, MemorySpace, PtrType, VRegType

# ----------------------------------------------------------------------------------------
# Distribution modes as data
# ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DistRule:
    """Element widths a distribution mode requires.

    `lane_bits`: width of the vreg lanes (None: any width). `memory_bits`: width of the UB
    elements when it differs from the lanes (unpack/pack modes); None: UB elements are the
    lane type itself.
    """

    lane_bits: int | None
    memory_bits: int | None = None


LOAD_DIST_RULES: Mapping[LoadDist, DistRule] = {
    LoadDist.NORM: DistRule(None),
    LoadDist.BRC_B8: DistRule(8),
    LoadDist.BRC_B16: DistRule(16),
    LoadDist.BRC_B32: DistRule(32),
    LoadDist.US_B8: DistRule(8),
    LoadDist.US_B16: DistRule(16),
    LoadDist.DS_B8: DistRule(8),
    LoadDist.DS_B16: DistRule(16),
    # UNPK_Bn zero-extends n-bit UB elements into 2n-bit lanes.
    LoadDist.UNPK_B8: DistRule(16, 8),
    LoadDist.UNPK_B16: DistRule(32, 16),
    LoadDist.UNPK_B32: DistRule(64, 32),
    LoadDist.SPLT4CHN_B8: DistRule(8),
    LoadDist.SPLT2CHN_B8: DistRule(8),
    LoadDist.SPLT2CHN_B16: DistRule(16),
    LoadDist.DINTLV_B32: DistRule(32),
    LoadDist.BLK: DistRule(None),
}
LOAD_X2_DIST_RULES: Mapping[LoadX2Dist, DistRule] = {
    LoadX2Dist.DINTLV_B8: DistRule(8),
    LoadX2Dist.DINTLV_B16: DistRule(16),
    LoadX2Dist.DINTLV_B32: DistRule(32),
    LoadX2Dist.BDINTLV: DistRule(None),
}
STORE_DIST_RULES: Mapping[StoreDist, DistRule] = {
    StoreDist.NORM_B8: DistRule(8),
    StoreDist.NORM_B16: DistRule(16),
    StoreDist.NORM_B32: DistRule(32),
    # PK_Bn keeps the low half of each n-bit lane.
    StoreDist.PK_B16: DistRule(16, 8),
    StoreDist.PK_B32: DistRule(32, 16),
    StoreDist.MRG4CHN_B8: DistRule(8),
    StoreDist.MRG2CHN_B8: DistRule(8),
    StoreDist.MRG2CHN_B16: DistRule(16),
}
STORE_X2_DIST_RULES: Mapping[StoreX2Dist, DistRule] = {
    StoreX2Dist.INTLV_B8: DistRule(8),
    StoreX2Dist.INTLV_B16: DistRule(16),
    StoreX2Dist.INTLV_B32: DistRule(32),
}

_MODE_KINDS: tuple[tuple[type[StrEnum], str], ...] = (
    (LoadDist, "a load distribution of pto.vlds"),
    (LoadX2Dist, "a dual-load distribution of pto.vldsx2"),
    (StoreDist, "a store distribution of pto.vsts"),
    (StoreX2Dist, "a dual-store distribution of pto.vstsx2"),
    (StrideMode, "a stride mode of pto.vsld/pto.vsst"),
    (PostUpdate, "a post-update mode of pto.vstu/pto.vstus/pto.vstur"),
)


def parse_mode(op_name: str, what: str, token: str, enum: type[StrEnum]) -> StrEnum:
    """`token` as a member of `enum`; the error says which op family a foreign token is for."""
    values = [m.value for m in enum]
    if token in values:
        return enum(token)
    expected = ", ".join(values)
    for other, kind in _MODE_KINDS:
        if other is not enum and token in {m.value for m in other}:
            raise fail(f'{op_name} {what} "{token}" is {kind}; {op_name} takes one of {expected}')
    raise fail(f'{op_name} {what} "{token}" is unknown; expected one of {expected}')


# ----------------------------------------------------------------------------------------
# Operand kinds: checked by the verifier so that messages name the operand
# ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Kind(AttrConstraint[Attribute]):
    """The type an operand or result must have; accepted by IRDL, checked in `verify_`.

    xDSL's format parser rejects a mistyped operand before verification with a message that
    does not name it, so the ops of this module check these kinds themselves.
    """

    description: str
    accepts: Callable[[Attribute], bool]

    def verify(self, attr: Attribute, constraint_context: VerificationContext) -> None:
        return

    def mapping_type_vars(
        self, type_var_mapping: Mapping[TypeVar, AttrConstraint | IntConstraint]
    ) -> Kind:
        return self


def _kind_of(constr: object) -> Kind | None:
    """The `Kind` inside an operand/result range constraint, if any."""
    while not isinstance(constr, Kind):
        inner = getattr(constr, "constraint", None) or getattr(constr, "constr", None)
        if inner is None:
            return None
        constr = inner
    return constr


PTR = Kind("a !pto.ptr", lambda t: isinstance(t, PtrType))
VREG = Kind("a !pto.vreg", lambda t: isinstance(t, VRegType))
MASK = Kind("a !pto.mask", lambda t: isinstance(t, MaskType))
ALIGN = Kind("!pto.align", lambda t: isinstance(t, AlignType))
I32_SCALAR = Kind("i32", lambda t: t == i32)


# ----------------------------------------------------------------------------------------
# Shared checks
# ----------------------------------------------------------------------------------------


class VectorMemoryOp(PtoOp):
    """A UB <-> vreg move on the vector pipe."""

    PIPE: ClassVar[Pipe] = Pipe.V

    def verify_(self) -> None:
        self.check_kinds()
        self.verify_memory()

    def verify_memory(self) -> None:
        """Family checks, run once every operand and result has its kind."""

    def check_kinds(self) -> None:
        """Every operand and result declared with a `Kind` has that kind."""
        op_def = self.get_irdl_definition()
        defs = [(n, d.constr) for n, d in op_def.operands]
        defs += [(n, d.constr) for n, d in op_def.results]
        for name, constr in defs:
            value: SSAValue | None = getattr(self, name)
            kind = _kind_of(constr)
            if kind is not None and value is not None and not kind.accepts(value.type):
                raise fail(f"{self.name} {name} must be {kind.description}, got {value.type}")

    def ub_pointer(self, value: SSAValue, role: str) -> PtrType:
        """`value` as a UB pointer (typed `!pto.ptr<T, ub>` or untyped `!pto.ptr`)."""
        ptr = value.type
        assert isinstance(ptr, PtrType)  # checked by `check_kinds`
        if ptr.is_typed and ptr.memory is not MemorySpace.UB:
            raise fail(
                f"{self.name} {role} must address UB (!pto.ptr<T, ub> or untyped !pto.ptr), "
                f"got {ptr}"
            )
        return ptr

    def check_pointee(
        self, ptr: PtrType, role: str, vreg: VRegType, vreg_role: str, rule: DistRule, mode: str
    ) -> None:
        """A typed pointer's element type is the lane type, or has the mode's memory width."""
        element = ptr.element
        if element is None:
            return
        if rule.memory_bits is None:
            if element != vreg.element:
                raise fail(
                    f"{self.name} {role} element type {element} must equal the {vreg_role} "
                    f"element type {vreg.element}"
                )
        elif element.bits != rule.memory_bits:
            raise fail(
                f"{self.name} {role} element type {element} must be {rule.memory_bits}-bit for "
                f"{mode} ({rule.memory_bits}-bit UB elements in {rule.lane_bits}-bit lanes)"
            )

    def check_lanes(self, vreg: VRegType, role: str, rule: DistRule, mode: str) -> None:
        if rule.lane_bits is not None and vreg.element.bits != rule.lane_bits:
            raise fail(
                f"{self.name} {mode} needs {rule.lane_bits}-bit {role} elements, got {vreg.element}"
            )

    def check_mask(self, mask: SSAValue, vreg: VRegType, vreg_role: str) -> None:
        """The mask has one bit per lane of `vreg` (b32 for 32-bit elements, ...)."""
        mask_type = mask.type
        assert isinstance(mask_type, MaskType)
        bits = vreg.element.bits
        if mask_type.bits.data != bits:
            raise fail(
                f"{self.name} mask granularity b{mask_type.bits.data} must match the {bits}-bit "
                f"elements of {vreg_role} (!pto.mask<b{bits}>)"
            )

    def check_indices(self, offsets: SSAValue, vreg: VRegType, vreg_role: str) -> VRegType:
        """Gather/scatter indices: an integer vreg with as many lanes as the data."""
        index = _vreg(offsets)
        if not index.element.is_int:
            raise fail(f"{self.name} offsets must be an integer vreg, got {index}")
        if index.lanes.data != vreg.lanes.data:
            raise fail(
                f"{self.name} offsets have {index.lanes.data} lanes but {vreg_role} has "
                f"{vreg.lanes.data}; they must match"
            )
        return index

    def check_target(self, vreg: VRegType, role: str) -> None:
        target = target_of(self)
        key = self.name.removeprefix("pto.")
        if vreg.element not in target.legal_dtypes(key):
            raise fail(
                f"{self.name} {role} element type {vreg.element} is not supported on target "
                f"{target.name}"
            )


def _vreg(value: SSAValue) -> VRegType:
    vreg = value.type
    assert isinstance(vreg, VRegType)
    return vreg


_SAME = DistRule(None)
"""The rule of modeless ops: UB elements are the lane type."""


def _operand(op: VectorMemoryOp, name: str) -> SSAValue:
    value: SSAValue = getattr(op, name)
    return value


class VectorLoadOp(VectorMemoryOp):
    """UB -> vreg. Every load reads its `source` operand; its vreg results are checked.

    (Concrete ops declare all their operands: xDSL orders inherited fields after own ones.)
    """

    def verify_memory(self) -> None:
        ptr = self.ub_pointer(_operand(self, "source"), "source")
        loaded = [_vreg(r) for r in self.results if isinstance(r.type, VRegType)]
        for index, vreg in enumerate(loaded):
            self.check_target(vreg, self.result_role(index))
        self.verify_load(ptr, loaded)

    def result_role(self, index: int) -> str:
        return "result"

    def verify_load(self, ptr: PtrType, loaded: Sequence[VRegType]) -> None:
        """Default: the pointer's element type is the loaded lane type."""
        for index, vreg in enumerate(loaded):
            self.check_pointee(ptr, "source", vreg, self.result_role(index), _SAME, "")


class VectorStoreOp(VectorMemoryOp):
    """vreg -> UB. Every store writes `dest`; `DATA` names the stored vreg operands."""

    DATA: ClassVar[tuple[str, ...]] = ("value",)

    def data(self) -> list[tuple[str, VRegType]]:
        return [(role, _vreg(_operand(self, role))) for role in self.DATA]

    def verify_memory(self) -> None:
        ptr = self.ub_pointer(_operand(self, "dest"), "dest")
        stored = self.data()
        for role, vreg in stored:
            self.check_target(vreg, role)
        self.verify_store(ptr, stored)

    def verify_store(self, ptr: PtrType, stored: Sequence[tuple[str, VRegType]]) -> None:
        """Default: the pointer's element type is the stored lane type."""
        for role, vreg in stored:
            self.check_pointee(ptr, "dest", vreg, role, _SAME, "")


# ----------------------------------------------------------------------------------------
# Loads
# ----------------------------------------------------------------------------------------


@irdl_op_definition
class VldsOp(VectorLoadOp):
    """`%r = pto.vlds %src[%off] {dist = "NORM"} : !pto.ptr<T, ub> -> !pto.vreg<NxT>`.

    `dist` is optional (default NORM).
    """

    name = "pto.vlds"

    source = operand_def(PTR)
    offset = operand_def(IndexType())
    dist = opt_prop_def(StringAttr)
    result = result_def(VREG)

    irdl_options = (ParsePropInAttrDict(),)

    assembly_format = "$source `[` $offset `]` attr-dict `:` type($source) `->` type($result)"

    def __init__(
        self,
        source: SSAValue,
        offset: SSAValue,
        result_type: VRegType,
        dist: LoadDist | str | None = None,
    ) -> None:
        super().__init__(
            operands=[source, offset],
            result_types=[result_type],
            properties={} if dist is None else {"dist": StringAttr(str(dist))},
        )

    @property
    def dist_mode(self) -> LoadDist:
        if self.dist is None:
            return LoadDist.NORM
        return LoadDist(parse_mode(self.name, "dist", self.dist.data, LoadDist))

    def verify_load(self, ptr: PtrType, loaded: Sequence[VRegType]) -> None:
        mode = self.dist_mode
        rule = LOAD_DIST_RULES[mode]
        self.check_lanes(loaded[0], "result", rule, f"dist {mode}")
        self.check_pointee(ptr, "source", loaded[0], "result", rule, f"dist {mode}")


@irdl_op_definition
class VldasOp(VectorLoadOp):
    """`%a = pto.vldas %src : !pto.ptr<T, ub> -> !pto.align`: primes an unaligned-load stream."""

    name = "pto.vldas"

    source = operand_def(PTR)
    result = result_def(ALIGN)

    assembly_format = "$source attr-dict `:` type($source) `->` type($result)"

    def __init__(self, source: SSAValue) -> None:
        super().__init__(operands=[source], result_types=[AlignType()])


@irdl_op_definition
class VldusOp(VectorLoadOp):
    """`%v, %a2, %p2 = pto.vldus %src, %a : P, !pto.align -> !pto.vreg<NxT>, !pto.align, P`."""

    name = "pto.vldus"

    source = operand_def(PTR)
    align = operand_def(ALIGN)
    result = result_def(VREG)
    align_out = result_def(ALIGN)
    base_out = result_def(PTR)

    assembly_format = (
        "$source `,` $align attr-dict `:` type($source) `,` type($align) `->` "
        "type($result) `,` type($align_out) `,` type($base_out)"
    )

    def __init__(self, source: SSAValue, align: SSAValue, result_type: VRegType) -> None:
        super().__init__(
            operands=[source, align], result_types=[result_type, AlignType(), source.type]
        )

    def verify_load(self, ptr: PtrType, loaded: Sequence[VRegType]) -> None:
        super().verify_load(ptr, loaded)
        if self.base_out.type != ptr:
            raise fail(
                f"{self.name} base_out type {self.base_out.type} must equal the source type {ptr}"
            )


@irdl_op_definition
class VldsX2Op(VectorLoadOp):
    """`%lo, %hi = pto.vldsx2 %src[%off], "DINTLV_B32" : P, index -> V, V` (deinterleave)."""

    name = "pto.vldsx2"

    source = operand_def(PTR)
    offset = operand_def(IndexType())
    dist = prop_def(StringAttr)
    low = result_def(VREG)
    high = result_def(VREG)

    assembly_format = (
        "$source `[` $offset `]` `,` $dist attr-dict `:` type($source) `,` type($offset) "
        "`->` type($low) `,` type($high)"
    )

    def __init__(
        self,
        source: SSAValue,
        offset: SSAValue,
        result_type: VRegType,
        dist: LoadX2Dist | str,
    ) -> None:
        super().__init__(
            operands=[source, offset],
            result_types=[result_type, result_type],
            properties={"dist": StringAttr(str(dist))},
        )

    def result_role(self, index: int) -> str:
        return ("low", "high")[index]

    @property
    def dist_mode(self) -> LoadX2Dist:
        return LoadX2Dist(parse_mode(self.name, "dist", self.dist.data, LoadX2Dist))

    def verify_load(self, ptr: PtrType, loaded: Sequence[VRegType]) -> None:
        mode = self.dist_mode
        low, high = loaded
        if low != high:
            raise fail(f"{self.name} low and high must have the same type, got {low} and {high}")
        rule = LOAD_X2_DIST_RULES[mode]
        self.check_lanes(low, "result", rule, f"dist {mode}")
        self.check_pointee(ptr, "source", low, "result", rule, f"dist {mode}")


@irdl_op_definition
class VsldOp(VectorLoadOp):
    """`%r = pto.vsld %src[%off], "STRIDE_S8_B32" : P -> V` (fixed-stride load)."""

    name = "pto.vsld"

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
            properties={"stride": StringAttr(str(stride))},
        )

    @property
    def stride_mode(self) -> StrideMode:
        return StrideMode(parse_mode(self.name, "stride", self.stride.data, StrideMode))

    def verify_load(self, ptr: PtrType, loaded: Sequence[VRegType]) -> None:
        self.stride_mode  # noqa: B018 - raises on an illegal token
        super().verify_load(ptr, loaded)


@irdl_op_definition
class VsldbOp(VectorLoadOp):
    """`%r = pto.vsldb %src, %ctrl, %mask : P, i32, M -> V` (block-strided load)."""

    name = "pto.vsldb"

    source = operand_def(PTR)
    offset = operand_def(I32_SCALAR)
    mask = operand_def(MASK)
    result = result_def(VREG)

    assembly_format = (
        "$source `,` $offset `,` $mask attr-dict `:` type($source) `,` type($offset) `,` "
        "type($mask) `->` type($result)"
    )

    def __init__(
        self, source: SSAValue, offset: SSAValue, mask: SSAValue, result_type: VRegType
    ) -> None:
        super().__init__(operands=[source, offset, mask], result_types=[result_type])

    def verify_load(self, ptr: PtrType, loaded: Sequence[VRegType]) -> None:
        super().verify_load(ptr, loaded)
        self.check_mask(self.mask, loaded[0], "result")


class GatherOp(VectorLoadOp):
    """`%r = pto.OP %src, %offsets, %bound : P, !pto.vreg<NxI>, B -> !pto.vreg<NxT>`."""

    OFFSET_BITS: ClassVar[int | None] = None
    """Required width of the offset lanes (None: any integer width)."""

    def verify_load(self, ptr: PtrType, loaded: Sequence[VRegType]) -> None:
        super().verify_load(ptr, loaded)
        index = self.check_indices(_operand(self, "offsets"), loaded[0], "result")
        if self.OFFSET_BITS is not None and index.element.bits != self.OFFSET_BITS:
            raise fail(
                f"{self.name} offsets must have {self.OFFSET_BITS}-bit integer elements "
                f"(i{self.OFFSET_BITS} or ui{self.OFFSET_BITS}), got {index.element}"
            )


class ActiveLanesGatherOp(GatherOp):
    """A gather bounded by an `index` count of active lanes."""

    source = operand_def(PTR)
    offsets = operand_def(VREG)
    active_lanes = operand_def(IndexType())
    result = result_def(VREG)

    assembly_format = (
        "$source `,` $offsets `,` $active_lanes attr-dict `:` type($source) `,` "
        "type($offsets) `,` type($active_lanes) `->` type($result)"
    )

    def __init__(
        self, source: SSAValue, offsets: SSAValue, active_lanes: SSAValue, result_type: VRegType
    ) -> None:
        super().__init__(operands=[source, offsets, active_lanes], result_types=[result_type])


@irdl_op_definition
class Vgather2Op(ActiveLanesGatherOp):
    """Indexed gather: `dst[i] = UB[base + offsets[i] * sizeof(T)]` for the active lanes."""

    name = "pto.vgather2"


@irdl_op_definition
class VgatherbOp(ActiveLanesGatherOp):
    """Block gather with byte offsets; offsets are 32-bit, so the data is 32-bit too."""

    name = "pto.vgatherb"

    OFFSET_BITS: ClassVar[int | None] = 32


@irdl_op_definition
class Vgather2BcOp(GatherOp):
    """`%r = pto.vgather2_bc %src, %offsets, %mask : P, !pto.vreg<NxI>, M -> V`."""

    name = "pto.vgather2_bc"

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

    def verify_load(self, ptr: PtrType, loaded: Sequence[VRegType]) -> None:
        super().verify_load(ptr, loaded)
        self.check_mask(self.mask, loaded[0], "result")


# ----------------------------------------------------------------------------------------
# Stores
# ----------------------------------------------------------------------------------------


@irdl_op_definition
class VstsOp(VectorStoreOp):
    """`pto.vsts %v, %dst[%off], %mask {dist = "NORM_B32"} : V, P, M`.

    `dist` is optional (default NORM_B<element bits>).
    """

    name = "pto.vsts"

    value = operand_def(VREG)
    dest = operand_def(PTR)
    offset = operand_def(IndexType())
    mask = operand_def(MASK)
    dist = opt_prop_def(StringAttr)

    irdl_options = (ParsePropInAttrDict(),)

    assembly_format = (
        "$value `,` $dest `[` $offset `]` `,` $mask attr-dict `:` type($value) `,` "
        "type($dest) `,` type($mask)"
    )

    def __init__(
        self,
        value: SSAValue,
        dest: SSAValue,
        offset: SSAValue,
        mask: SSAValue,
        dist: StoreDist | str | None = None,
    ) -> None:
        super().__init__(
            operands=[value, dest, offset, mask],
            properties={} if dist is None else {"dist": StringAttr(str(dist))},
        )

    @property
    def dist_mode(self) -> StoreDist:
        if self.dist is not None:
            return StoreDist(parse_mode(self.name, "dist", self.dist.data, StoreDist))
        bits = _vreg(self.value).element.bits
        default = f"NORM_B{bits}"
        if default not in {m.value for m in StoreDist}:
            raise fail(f"{self.name} has no store distribution for {bits}-bit value elements")
        return StoreDist(default)

    def verify_store(self, ptr: PtrType, stored: Sequence[tuple[str, VRegType]]) -> None:
        mode = self.dist_mode
        rule = STORE_DIST_RULES[mode]
        vreg = stored[0][1]
        self.check_lanes(vreg, "value", rule, f"dist {mode}")
        self.check_pointee(ptr, "dest", vreg, "value", rule, f"dist {mode}")
        self.check_mask(self.mask, vreg, "value")


@irdl_op_definition
class VstsX2Op(VectorStoreOp):
    """`pto.vstsx2 %lo, %hi, %dst[%off], "INTLV_B32", %mask : V, V, P, index, M`."""

    name = "pto.vstsx2"

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
            operands=[low, high, dest, offset, mask],
            properties={"dist": StringAttr(str(dist))},
        )

    @property
    def dist_mode(self) -> StoreX2Dist:
        return StoreX2Dist(parse_mode(self.name, "dist", self.dist.data, StoreX2Dist))

    def verify_store(self, ptr: PtrType, stored: Sequence[tuple[str, VRegType]]) -> None:
        mode = self.dist_mode
        (_, low), (_, high) = stored
        if low != high:
            raise fail(f"{self.name} low and high must have the same type, got {low} and {high}")
        rule = STORE_X2_DIST_RULES[mode]
        self.check_lanes(low, "value", rule, f"dist {mode}")
        self.check_pointee(ptr, "dest", low, "low", rule, f"dist {mode}")
        self.check_mask(self.mask, low, "low")


@irdl_op_definition
class VsstOp(VectorStoreOp):
    """`pto.vsst %v, %dst[%off], "STRIDE_S8_B32" : V, P` (fixed-stride store)."""

    name = "pto.vsst"

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
        super().__init__(
            operands=[value, dest, offset], properties={"stride": StringAttr(str(stride))}
        )

    @property
    def stride_mode(self) -> StrideMode:
        return StrideMode(parse_mode(self.name, "stride", self.stride.data, StrideMode))

    def verify_store(self, ptr: PtrType, stored: Sequence[tuple[str, VRegType]]) -> None:
        self.stride_mode  # noqa: B018 - raises on an illegal token
        super().verify_store(ptr, stored)


@irdl_op_definition
class VsstbOp(VectorStoreOp):
    """`pto.vsstb %v, %dst, %ctrl, %mask : V, P, i32, M` (block-strided store)."""

    name = "pto.vsstb"

    value = operand_def(VREG)
    dest = operand_def(PTR)
    offset = operand_def(I32_SCALAR)
    mask = operand_def(MASK)

    assembly_format = (
        "$value `,` $dest `,` $offset `,` $mask attr-dict `:` type($value) `,` type($dest) `,` "
        "type($offset) `,` type($mask)"
    )

    def __init__(self, value: SSAValue, dest: SSAValue, offset: SSAValue, mask: SSAValue) -> None:
        super().__init__(operands=[value, dest, offset, mask])

    def verify_store(self, ptr: PtrType, stored: Sequence[tuple[str, VRegType]]) -> None:
        super().verify_store(ptr, stored)
        self.check_mask(self.mask, stored[0][1], "value")


SCATTER_BITS = (8, 16, 32)


@irdl_op_definition
class VscatterOp(VectorStoreOp):
    """`pto.vscatter %v, %dst, %offsets, %active_lanes : V, P, !pto.vreg<NxI>, index`."""

    name = "pto.vscatter"

    value = operand_def(VREG)
    dest = operand_def(PTR)
    offsets = operand_def(VREG)
    active_lanes = operand_def(IndexType())

    assembly_format = (
        "$value `,` $dest `,` $offsets `,` $active_lanes attr-dict `:` type($value) `,` "
        "type($dest) `,` type($offsets) `,` type($active_lanes)"
    )

    def __init__(
        self, value: SSAValue, dest: SSAValue, offsets: SSAValue, active_lanes: SSAValue
    ) -> None:
        super().__init__(operands=[value, dest, offsets, active_lanes])

    def verify_store(self, ptr: PtrType, stored: Sequence[tuple[str, VRegType]]) -> None:
        vreg = stored[0][1]
        if vreg.element.bits not in SCATTER_BITS:
            raise fail(f"{self.name} supports only b8, b16 and b32 elements, got {vreg.element}")
        super().verify_store(ptr, stored)
        self.check_indices(self.offsets, vreg, "value")


# ---- alignment-state flushes --------------------------------------------------------------


class AlignFlushOp(VectorStoreOp):
    """Writes the buffered tail bytes of an unaligned-store stream to `dest`."""

    DATA: ClassVar[tuple[str, ...]] = ()


@irdl_op_definition
class VstaOp(AlignFlushOp):
    """`pto.vsta %align, %dst[%off] : !pto.align, P, index`."""

    name = "pto.vsta"

    align = operand_def(ALIGN)
    dest = operand_def(PTR)
    offset = operand_def(IndexType())

    assembly_format = (
        "$align `,` $dest `[` $offset `]` attr-dict `:` type($align) `,` type($dest) `,` "
        "type($offset)"
    )

    def __init__(self, align: SSAValue, dest: SSAValue, offset: SSAValue) -> None:
        super().__init__(operands=[align, dest, offset])


@irdl_op_definition
class VstasOp(AlignFlushOp):
    """`pto.vstas %align, %dst, %off : !pto.align, P, i32` (byte offset)."""

    name = "pto.vstas"

    align = operand_def(ALIGN)
    dest = operand_def(PTR)
    offset = operand_def(I32_SCALAR)

    assembly_format = (
        "$align `,` $dest `,` $offset attr-dict `:` type($align) `,` type($dest) `,` type($offset)"
    )

    def __init__(self, align: SSAValue, dest: SSAValue, offset: SSAValue) -> None:
        super().__init__(operands=[align, dest, offset])


@irdl_op_definition
class VstarOp(AlignFlushOp):
    """`pto.vstar %align, %dst : !pto.align, P`."""

    name = "pto.vstar"

    align = operand_def(ALIGN)
    dest = operand_def(PTR)

    assembly_format = "$align `,` $dest attr-dict `:` type($align) `,` type($dest)"

    def __init__(self, align: SSAValue, dest: SSAValue) -> None:
        super().__init__(operands=[align, dest])


# ---- unaligned stores with threaded state ---------------------------------------------------


class UnalignedStoreOp(VectorStoreOp):
    """An unaligned store stream step; forms differ by operands and a trailing `"MODE"`.

    Syntax: `%results = pto.OP %a, %b, ... [, "MODE"] attr-dict : in-types -> out-types`.
    """

    mode = opt_prop_def(StringAttr)

    @classmethod
    def parse(cls, parser: Parser) -> UnalignedStoreOp:
        operands: list[UnresolvedOperand] = [parser.parse_unresolved_operand()]
        mode: str | None = None
        while parser.parse_optional_punctuation(",") is not None:
            if (text := parser.parse_optional_str_literal()) is not None:
                mode = text
                break
            operands.append(parser.parse_unresolved_operand())
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        in_types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        parser.parse_punctuation("->")
        out_types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        props: dict[str, Attribute] = {} if mode is None else {"mode": StringAttr(mode)}
        if "mode" in attrs:
            props["mode"] = attrs.pop("mode")
        return cls.create(
            operands=resolve(parser, operands, in_types),
            result_types=out_types,
            properties=props,
            attributes=attrs,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list(self.operands, printer.print_operand)
        if self.mode is not None:
            printer.print_string(", ")
            printer.print_string_literal(self.mode.data)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_list([o.type for o in self.operands], printer.print_attribute)
        printer.print_string(" -> ")
        printer.print_list([r.type for r in self.results], printer.print_attribute)

    @property
    def post_update(self) -> PostUpdate | None:
        """The form-B mode token, None in form A."""
        if self.mode is None:
            return None
        return PostUpdate(parse_mode(self.name, "mode", self.mode.data, PostUpdate))

    def check_same(self, value: SSAValue, role: str, expected: Attribute, of: str) -> None:
        if value.type != expected:
            raise fail(f"{self.name} {role} type {value.type} must equal the {of} type {expected}")


def _state_type(value: SSAValue) -> str:
    return "!pto.ptr" if isinstance(value.type, PtrType) else str(value.type)


@irdl_op_definition
class VstuOp(UnalignedStoreOp):
    """Unaligned store threading alignment state plus a base or an offset.

    Form A: `%a2, %p2 = pto.vstu %a, %base_in, %v, %dst, %mode : A, P, V, P, index -> A, P`.
    Form B: `%a2, %o2 = pto.vstu %a, %off, %v, %base, "MODE" : A, index, V, P -> A, index`.
    One class: form A has the `%mode` index operand, form B the `"MODE"` string.
    """

    name = "pto.vstu"

    align_in = operand_def(ALIGN)
    state_in = operand_def(AnyAttr())
    value = operand_def(VREG)
    dest = operand_def(PTR)
    mode_operand = opt_operand_def(IndexType())
    align_out = result_def(ALIGN)
    state_out = result_def(AnyAttr())

    def __init__(
        self,
        align_in: SSAValue,
        state_in: SSAValue,
        value: SSAValue,
        dest: SSAValue,
        mode: SSAValue | PostUpdate | str,
    ) -> None:
        """Form A when `mode` is an index value, form B when it is a mode token."""
        form_a = isinstance(mode, SSAValue)
        super().__init__(
            operands=[align_in, state_in, value, dest, [mode] if form_a else []],
            result_types=[AlignType(), state_in.type],
            properties={} if form_a else {"mode": StringAttr(str(mode))},
        )

    def verify_store(self, ptr: PtrType, stored: Sequence[tuple[str, VRegType]]) -> None:
        super().verify_store(ptr, stored)
        has_operand = self.mode_operand is not None
        if has_operand == (self.mode is not None):
            raise fail(
                f'{self.name} takes either an index %mode operand (form A) or a "MODE" string '
                "(form B), exactly one of them"
            )
        if has_operand:
            if not isinstance(self.state_in.type, PtrType):
                raise fail(
                    f"{self.name} form A threads a base pointer: base_in must be a !pto.ptr, "
                    f"got {self.state_in.type}"
                )
            self.ub_pointer(self.state_in, "base_in")
            self.check_same(self.state_in, "base_in", ptr, "dest")
            self.check_same(self.state_out, "base_out", ptr, "dest")
        else:
            self.post_update  # noqa: B018 - raises on an illegal token
            if not isinstance(self.state_in.type, IndexType):
                raise fail(
                    f"{self.name} form B threads an offset: offset_in must be index, got "
                    f"{_state_type(self.state_in)}"
                )
            self.check_same(self.state_out, "offset_out", IndexType(), "offset_in")


@irdl_op_definition
class VstusOp(UnalignedStoreOp):
    """Unaligned store with a scalar i32 offset.

    Form A: `%a2, %p2 = pto.vstus %a, %base_in, %v, %dst, %off : A, P, V, P, i32 -> A, P`.
    Form B: `%a2, %p2 = pto.vstus %a, %off, %v, %base, "MODE" : A, i32, V, P -> A, P`.
    """

    name = "pto.vstus"

    align_in = operand_def(ALIGN)
    state_in = operand_def(AnyAttr())
    value = operand_def(VREG)
    dest = operand_def(PTR)
    offset = opt_operand_def(I32_SCALAR)
    align_out = result_def(ALIGN)
    base_out = result_def(PTR)

    def __init__(
        self,
        align_in: SSAValue,
        base_or_offset: SSAValue,
        value: SSAValue,
        dest: SSAValue,
        offset_or_mode: SSAValue | PostUpdate | str,
    ) -> None:
        """Form A: (base_in, ..., offset); form B: (offset, ..., mode token)."""
        form_a = isinstance(offset_or_mode, SSAValue)
        super().__init__(
            operands=[align_in, base_or_offset, value, dest, [offset_or_mode] if form_a else []],
            result_types=[AlignType(), dest.type],
            properties={} if form_a else {"mode": StringAttr(str(offset_or_mode))},
        )

    def verify_store(self, ptr: PtrType, stored: Sequence[tuple[str, VRegType]]) -> None:
        super().verify_store(ptr, stored)
        has_operand = self.offset is not None
        if has_operand == (self.mode is not None):
            raise fail(
                f'{self.name} takes either an i32 %offset operand (form A) or a "MODE" string '
                "(form B), exactly one of them"
            )
        if has_operand:
            if not isinstance(self.state_in.type, PtrType):
                raise fail(
                    f"{self.name} form A threads a base pointer: base_in must be a !pto.ptr, "
                    f"got {self.state_in.type}"
                )
            self.ub_pointer(self.state_in, "base_in")
            self.check_same(self.state_in, "base_in", ptr, "dest")
        else:
            self.post_update  # noqa: B018 - raises on an illegal token
            if self.state_in.type != i32:
                raise fail(
                    f"{self.name} form B takes an i32 scalar offset, got "
                    f"{_state_type(self.state_in)}"
                )
        self.check_same(self.base_out, "base_out", ptr, "dest")


@irdl_op_definition
class VsturOp(UnalignedStoreOp):
    """Unaligned store updating only the residual state.

    Form A: `%a2 = pto.vstur %a, %v, %dst : A, V, P -> A`.
    Form B: `%a2 = pto.vstur %a, %v, %base, "MODE" : A, V, P -> A`.
    """

    name = "pto.vstur"

    align_in = operand_def(ALIGN)
    value = operand_def(VREG)
    dest = operand_def(PTR)
    align_out = result_def(ALIGN)

    def __init__(
        self,
        align_in: SSAValue,
        value: SSAValue,
        dest: SSAValue,
        mode: PostUpdate | str | None = None,
    ) -> None:
        super().__init__(
            operands=[align_in, value, dest],
            result_types=[AlignType()],
            properties={} if mode is None else {"mode": StringAttr(str(mode))},
        )

    def verify_store(self, ptr: PtrType, stored: Sequence[tuple[str, VRegType]]) -> None:
        super().verify_store(ptr, stored)
        self.post_update  # noqa: B018 - raises on an illegal token


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
    VstsOp,
    VstsX2Op,
    VsstOp,
    VsstbOp,
    VscatterOp,
    VstaOp,
    VstuOp,
    VstusOp,
    VsturOp,
    VstasOp,
    VstarOp,
]
