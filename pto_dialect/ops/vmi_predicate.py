"""VMI mask producers and mask algebra (PTOAS docs/isa/vmi-isa/08-predicate-ops.md).

- `%m = pto.vmi.create_mask %n : index -> !pto.vmi.mask<L>`: lanes below n;
- `%m = pto.vmi.create_group_mask %n {num_groups = C, group_size = S} : index -> ...`: lane
  i active iff `i % S < n`;
- `pto.vmi.pset "PAT_ALL" [{group = C}]`, `pto.vmi.pge "PAT_VLn" [{group = C}]`: constant
  patterns (grouped: per group); `%m, %next = pto.vmi.plt %rem : i32 -> mask, i32`: lanes
  below `min(rem, L)`, and `rem - min(rem, L)`;
- `"pto.vmi.constant_mask"() {value = dense<...> : tensor<Lxi1>}`: a constant;
- legacy mask algebra `mask_and`, `mask_or`, `mask_xor`, `mask_not`, and the internal
  `ensure_mask_layout` / `ensure_mask_granularity` (the same lanes in another layout or
  granularity).
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, ClassVar, cast

from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, IndexType, IntegerType, i32
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, result_def

from pto_dialect.ops.base import define_op, fail
from pto_dialect.ops.vector_arith import VAndOp
from pto_dialect.ops.vector_mask import PltB32Op, PsetB32Op
from pto_dialect.ops.vector_predicate import PAndOp, PNotOp, POrOp, PXorOp
from pto_dialect.ops.vmi_common import ANY, SPEC, VmiOp, mask_type, vmi_dtypes
from pto_dialect.ops.vmi_types import VmiMaskType
from pto_dialect.records import AsVectorOp, Cost

PAGE = SPEC + "08-predicate-ops.md"


class MaskProducerOp(VmiOp):
    """A VMI op whose result is one mask (costed as the predicate op it lowers to)."""

    MANUAL: ClassVar = PAGE
    DTYPES: ClassVar = vmi_dtypes(ANY)
    COST: ClassVar[Cost | None] = AsVectorOp(PsetB32Op)

    result = result_def(VmiMaskType)

    @property
    def mask(self) -> VmiMaskType:
        return mask_type(self.result)


@irdl_op_definition
class CreateMaskOp(MaskProducerOp):
    """`%m = pto.vmi.create_mask %active_lanes : index -> !pto.vmi.mask<L>`: lanes below
    `active_lanes` active (all of them when it is at least L)."""

    name = "pto.vmi.create_mask"
    SYNTAX: ClassVar = "active_lanes"
    COST: ClassVar = AsVectorOp(PltB32Op)

    active_lanes = operand_def(IndexType)


@irdl_op_definition
class CreateGroupMaskOp(MaskProducerOp):
    """`%m = pto.vmi.create_group_mask %n {num_groups = C, group_size = S} : index ->
    !pto.vmi.mask<L>`: lane i active iff `i % S < n`."""

    name = "pto.vmi.create_group_mask"
    SYNTAX: ClassVar = "active_elems_per_group"
    COST: ClassVar = AsVectorOp(PltB32Op)

    active_elems_per_group = operand_def(IndexType)

    def verify_vmi(self) -> None:
        groups = self.attr_int("num_groups")
        size = self.attr_int("group_size")
        if groups is None or size is None:
            raise fail(f"{self.name} requires the num_groups and group_size attributes")
        if groups <= 0:
            raise fail(f"{self.name} requires positive num_groups")
        if size <= 0:
            raise fail(f"{self.name} requires positive group_size")
        if self.mask.count != groups * size:
            raise fail(f"{self.name} requires result lane count to equal num_groups * group_size")


class PatternMaskOp(MaskProducerOp):
    """`%m = pto.vmi.pset "PAT_ALL" : !pto.vmi.mask<L>` (and `pge "PAT_VLn"`)."""

    SYNTAX: ClassVar = "@pattern"

    def verify_vmi(self) -> None:
        mask = self.mask
        if not mask.is_pred and mask.layout_attr is None:
            raise fail(f"{self.name} requires concrete mask result to carry layout")
        group = self.group
        if group is not None and (group <= 0 or mask.count % group):
            raise fail(f"{self.name} group {group} must divide the mask's {mask.count} lanes")
        self.verify_pattern(self.pattern_text, mask.count // (group or 1))

    @property
    def pattern_text(self) -> str:
        text = self.attr_str("pattern")
        if text is None:
            raise fail(f'{self.name} requires a pattern ("PAT_...")')
        return text

    def verify_pattern(self, pattern: str, lanes: int) -> None:
        """The pattern's own rule (`lanes`: lanes per group, or all of them)."""

    @abstractmethod
    def active(self) -> int:
        """Active lanes per group (or of all lanes)."""


@irdl_op_definition
class PsetOp(PatternMaskOp):
    """`%m = pto.vmi.pset "PAT_ALL" [{group = C}] : !pto.vmi.mask<L>`: every lane."""

    name = "pto.vmi.pset"

    def verify_pattern(self, pattern: str, lanes: int) -> None:
        if pattern != "PAT_ALL":
            raise fail(f'{self.name} requires pattern to be "PAT_ALL"')

    def active(self) -> int:
        return self.mask.count


@irdl_op_definition
class PgeOp(PatternMaskOp):
    """`%m = pto.vmi.pge "PAT_VLn" [{group = C}] : !pto.vmi.mask<L>`: the first n lanes (of
    each group)."""

    name = "pto.vmi.pge"

    def verify_pattern(self, pattern: str, lanes: int) -> None:
        if not pattern.startswith("PAT_VL"):
            raise fail(f'{self.name} requires pattern to start with "PAT_VL"')
        digits = pattern.removeprefix("PAT_VL")
        if not digits.isdigit():
            raise fail(f'{self.name} requires pattern "PAT_VL<n>" with integer n')
        count = int(digits)
        if count <= 0:
            raise fail(f'{self.name} requires positive n in pattern "PAT_VL<n>"')
        if count > self.mask.count:
            raise fail(
                f"{self.name} PAT_VL active lanes {count} exceeds mask element count "
                f"{self.mask.count}"
            )

    def active(self) -> int:
        return int(self.pattern_text.removeprefix("PAT_VL"))


@irdl_op_definition
class PltOp(VmiOp):
    """`%m, %next = pto.vmi.plt %rem : i32 -> !pto.vmi.mask<L>, i32`: lanes below
    `min(rem, L)` active; `next = rem - min(rem, L)`."""

    name = "pto.vmi.plt"
    SYNTAX: ClassVar = "scalar"
    MANUAL: ClassVar = PAGE
    DTYPES: ClassVar = vmi_dtypes(ANY)
    COST: ClassVar[Cost | None] = AsVectorOp(PltB32Op)

    scalar = operand_def(IntegerType)
    mask = result_def(VmiMaskType)
    scalar_out = result_def(IntegerType)

    def verify_vmi(self) -> None:
        if self.scalar.type != i32:
            raise fail(f"{self.name} requires i32 scalar input")
        if self.scalar_out.type != i32:
            raise fail(f"{self.name} requires i32 scalar_out result")
        mask = mask_type(self.mask)
        if not mask.is_pred and mask.layout_attr is None:
            raise fail(f"{self.name} requires concrete mask result to carry layout")


@irdl_op_definition
class ConstantMaskOp(MaskProducerOp):
    """`%m = "pto.vmi.constant_mask"() {value = dense<[...]> : tensor<Lxi1>} : () ->
    !pto.vmi.mask<L>`: a constant predicate."""

    name = "pto.vmi.constant_mask"

    def verify_vmi(self) -> None:
        value = self.attributes.get("value")
        if not isinstance(value, DenseIntOrFPElementsAttr):
            raise fail(f"{self.name} requires dense elements mask constant attribute")
        value = cast("DenseIntOrFPElementsAttr[Any]", value)
        element = value.get_element_type()
        if not (isinstance(element, IntegerType) and element.bitwidth == 1):
            raise fail(f"{self.name} requires dense mask constant element type to be i1")
        if len(value) != self.mask.count:
            raise fail(
                f"{self.name} requires dense mask constant element count to match result "
                "logical lane count"
            )


class MaskLogicOp(MaskProducerOp):
    """Legacy mask algebra: `%r = pto.vmi.mask_and %a, %b : M, M -> M` (`mask_not %a : M ->
    M`); all masks alike (lanes, granularity, layout)."""

    ARITY: ClassVar[int] = 2

    def verify_vmi(self) -> None:
        self.masks_alike([mask_type(v) for v in (*self.operands, self.result)])


class MaskBinaryOp(MaskLogicOp):
    SYNTAX: ClassVar = "lhs, rhs"

    lhs = operand_def(VmiMaskType)
    rhs = operand_def(VmiMaskType)


def _mask_binary(class_name: str, mnemonic: str, micro: type, doc: str) -> type[MaskBinaryOp]:
    return define_op(MaskBinaryOp, class_name, f"pto.vmi.{mnemonic}", doc,
                     COST=AsVectorOp(micro))  # fmt: skip


MaskAndOp = _mask_binary("MaskAndOp", "mask_and", PAndOp, "`lhs & rhs` lane by lane.")
MaskOrOp = _mask_binary("MaskOrOp", "mask_or", POrOp, "`lhs | rhs` lane by lane.")
MaskXorOp = _mask_binary("MaskXorOp", "mask_xor", PXorOp, "`lhs ^ rhs` lane by lane.")


@irdl_op_definition
class MaskNotOp(MaskLogicOp):
    """`%r = pto.vmi.mask_not %m : M -> M`: the complement."""

    name = "pto.vmi.mask_not"
    SYNTAX: ClassVar = "source"
    ARITY: ClassVar = 1
    COST: ClassVar = AsVectorOp(PNotOp)

    source = operand_def(VmiMaskType)


class MaskMaterializeOp(MaskProducerOp):
    """Internal: the same lanes in another layout or granularity (`%r = pto.vmi.OP %m : M
    -> M'`)."""

    SYNTAX: ClassVar = "source"
    COST: ClassVar = AsVectorOp(VAndOp)

    source = operand_def(VmiMaskType)

    def verify_vmi(self) -> None:
        if mask_type(self.source).count != self.mask.count:
            raise fail(f"{self.name} requires source and result to have the same lane count")


@irdl_op_definition
class EnsureMaskLayoutOp(MaskMaterializeOp):
    """Internal: the mask in the result's layout."""

    name = "pto.vmi.ensure_mask_layout"


@irdl_op_definition
class EnsureMaskGranularityOp(MaskMaterializeOp):
    """Internal: the mask in the result's granularity."""

    name = "pto.vmi.ensure_mask_granularity"


OPS: list[type[IRDLOperation]] = [
    CreateMaskOp,
    CreateGroupMaskOp,
    PsetOp,
    PgeOp,
    PltOp,
    ConstantMaskOp,
    MaskAndOp,
    MaskOrOp,
    MaskXorOp,
    MaskNotOp,
    EnsureMaskLayoutOp,
    EnsureMaskGranularityOp,
]
