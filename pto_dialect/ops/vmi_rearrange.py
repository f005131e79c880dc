"""VMI broadcast, index generation and lane rearrangement (PTOAS docs/isa/vmi-isa/02, 04,
09; `vselr` of 03), and the internal layout ops of its lowering.

- `%r = pto.vmi.vbrc %x : T -> V<LxT>` (or `V<1xT> -> V<LxT>`): one value on every lane;
  `vbrc %s {group = C} : V<CxT> -> V<LxT>`: slot g on the L/C lanes of group g;
- `%r = pto.vmi.vci %base {order = "ASC"|"DESC", group = C} : T -> V<LxT>`: `base +/- j`,
  j counting within each group (no group: over all lanes);
- `%r = pto.vmi.vselr %src, %index : V<NxT>, V<NxI> -> V<NxT>`: `src[index[i]]`;
- `%lo, %hi = pto.vmi.vintlv %a, %b, %mask` (lo = a0 b0 a1 b1 ... of the low halves, hi of
  the high halves) and `vdintlv` (its inverse);
- legacy `broadcast`, `iota`, `group_iota`, `group_broadcast`, `shuffle` (static indices),
  `channel_split`, `channel_merge`, `active_prefix_index`, `compress`, `constant`;
- internal `ensure_layout` (the same lanes in the result's layout), `unpack` / `pack` (a
  laid-out value and its physical `!pto.vreg` / `!pto.mask` parts).
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, ClassVar, Self, TypeVar, cast

from xdsl.dialects.builtin import (
    AnyFloat,
    DenseArrayBase,
    DenseIntOrFPElementsAttr,
    IntegerType,
    Signedness,
    i64,
)
from xdsl.ir import Attribute
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    result_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer

from pto_dialect.ops.base import fail, print_operands_attrs_types
from pto_dialect.ops.vector_arith import VBrOp
from pto_dialect.ops.vector_index import VciOp
from pto_dialect.ops.vector_rearrange import VDintlvOp, VIntlvOp, VSelrOp
from pto_dialect.ops.vmi_common import ANY, SPEC, VmiOp, mask_type, vmi_dtypes, vreg_type
from pto_dialect.ops.vmi_types import (
    LayoutKind,
    VmiMaskType,
    VmiVRegType,
    is_vmi_float,
    is_vmi_int,
    is_vmi_signed,
    mask_carrier_bits,
    placement_of,
    signedness_of,
    storage_bits,
)
from pto_dialect.records import AsVectorOp, Cost
from pto_dialect.vector_types import MaskType, VRegType

BROADCAST_PAGE = SPEC + "04-broadcast.md"
INDEX_PAGE = SPEC + "02-index-gen.md"
REARRANGE_PAGE = SPEC + "09-data-rearrange.md"
OVERVIEW_PAGE = SPEC + "00-architecture-overview.md"


class RearrangeOp(VmiOp):
    MANUAL: ClassVar = REARRANGE_PAGE
    DTYPES: ClassVar = vmi_dtypes(ANY)


# ---- broadcast -------------------------------------------------------------------------------


class BroadcastOp(RearrangeOp):
    """`%r = pto.vmi.OP %value : T -> V<LxT>` (or `V<1xT>`, or `V<CxT> {group}`)."""

    MANUAL: ClassVar = BROADCAST_PAGE
    SYNTAX: ClassVar = "value"
    COST: ClassVar[Cost | None] = AsVectorOp(VBrOp)
    GROUP_ATTR: ClassVar[str] = "group"

    value = operand_def()
    result = result_def(VmiVRegType)

    @property
    def groups(self) -> int | None:
        return self.attr_int(self.GROUP_ATTR)

    def verify_vmi(self) -> None:
        result = vreg_type(self.result)
        source = self.value.type
        groups = self.groups
        if groups is not None:
            if not isinstance(source, VmiVRegType):
                raise fail(f"{self.name} requires VMI vector input when num_groups is set")
            if source.count != groups:
                raise fail(f"{self.name} requires source logical lane count {source.count} to "
                           f"match num_groups {groups}")  # fmt: skip
            if source.element_type != result.element_type:
                raise fail(f"{self.name} requires source and result element types to match")
            layout = source.layout_attr
            if layout is not None and (not layout.is_group_slots or layout.factor.data != groups):
                raise fail(f"{self.name} requires layout-assigned source to use "
                           f"#pto.vmi.layout<num_groups = {groups}>")  # fmt: skip
            if result.layout_attr is not None and result.layout_attr.is_group_slots:
                raise fail(f"{self.name} requires layout-assigned result to use a dense VMI "
                           "layout")  # fmt: skip
            self.check_groups(result, groups)
            return
        if source == result.element_type:
            return
        if isinstance(source, VmiVRegType):
            if source.count != 1:
                raise fail(f"{self.name} requires VMI vector input to have one logical lane")
            if source.element_type != result.element_type:
                raise fail(f"{self.name} requires VMI vector input element type to match result "
                           "element type")  # fmt: skip
            return
        raise fail(
            f"{self.name} requires scalar or VMI vector input element type to match result "
            "element type"
        )


@irdl_op_definition
class VmiVbrcOp(BroadcastOp):
    """A scalar (or a 1-lane vector) on every lane; with `group`: slot g on group g."""

    name = "pto.vmi.vbrc"


@irdl_op_definition
class VmiBroadcastOp(BroadcastOp):
    """Legacy: a scalar (or 1-lane vector) on every lane."""

    name = "pto.vmi.broadcast"


@irdl_op_definition
class VmiGroupBroadcastOp(BroadcastOp):
    """Legacy `%r = pto.vmi.group_broadcast %src {num_groups = C} : V<CxT> -> V<LxT>`."""

    name = "pto.vmi.group_broadcast"
    SYNTAX: ClassVar = "value"
    GROUP_ATTR: ClassVar = "num_groups"

    def verify_vmi(self) -> None:
        if self.groups is None:
            raise fail(f"{self.name} requires num_groups")
        super().verify_vmi()


# ---- index generation --------------------------------------------------------------------------


class IotaOp(RearrangeOp):
    """`%r = pto.vmi.OP %base {order = "ASC"} : T -> V<LxT>`."""

    MANUAL: ClassVar = INDEX_PAGE
    SYNTAX: ClassVar = "base"
    DTYPES: ClassVar = vmi_dtypes("i8 i16 i32 f16 f32")
    ELEMENTS: ClassVar = "integer 8/16/32 or f16/f32 result"
    COST: ClassVar[Cost | None] = AsVectorOp(VciOp)
    GROUP_REQUIRED: ClassVar[bool] = False

    base = operand_def()
    result = result_def(VmiVRegType)

    @property
    def descending(self) -> bool:
        return self.attr_str("order") == "DESC"

    def verify_vmi(self) -> None:
        result = vreg_type(self.result)
        element = result.element_type
        self.check_element(element, "result")
        if not _scalar_fits(element, self.base.type):
            raise fail(f"{self.name} requires base type to match result element type")
        order = self.attr_str("order")
        if order is not None and order not in ("ASC", "DESC"):
            raise fail(f"{self.name} requires order to be ASC or DESC")
        group = self.group
        if group is None:
            if self.GROUP_REQUIRED:
                raise fail(f"{self.name} requires group")
            return
        if group <= 0 or (self.GROUP_REQUIRED and group <= 1):
            raise fail(f"{self.name} requires group to be positive"
                       + (" and greater than one" if self.GROUP_REQUIRED else ""))  # fmt: skip
        if result.count % group:
            raise fail(f"{self.name} requires group to evenly divide result logical lane count")
        size, width = result.count // group, 2048 // result.bits
        if group > 1 and size % width and width % size:
            raise fail(f"{self.name} requires group_size to divide or be a multiple of physical "
                       f"lanes per part ({width})")  # fmt: skip


def _scalar_fits(element: Attribute, scalar: Attribute) -> bool:
    """PTOAS `isCompatibleScalarForSemanticType`: the type itself, or a signless integer of
    its width."""
    if element == scalar:
        return True
    signless = signedness_of(scalar) is Signedness.SIGNLESS
    if isinstance(element, IntegerType) and isinstance(scalar, IntegerType):
        return element.bitwidth == scalar.bitwidth and signless
    return False


@irdl_op_definition
class VmiVciOp(IotaOp):
    """Lane j of each group is `base + j` (ASC) or `base - j` (DESC)."""

    name = "pto.vmi.vci"


@irdl_op_definition
class VmiIotaOp(IotaOp):
    """Legacy: lane i is `base +/- i`."""

    name = "pto.vmi.iota"


@irdl_op_definition
class VmiGroupIotaOp(IotaOp):
    """Legacy: lane j of each of `group` groups is `base +/- j`."""

    name = "pto.vmi.group_iota"
    GROUP_REQUIRED: ClassVar = True


# ---- permutations --------------------------------------------------------------------------


@irdl_op_definition
class VmiVselrOp(RearrangeOp):
    """`result[i] = source[index[i]]` (contiguous values)."""

    name = "pto.vmi.vselr"
    MANUAL: ClassVar = SPEC + "03-eltwise-compute.md"
    SYNTAX: ClassVar = "source, index"
    COST: ClassVar = AsVectorOp(VSelrOp)

    source = operand_def(VmiVRegType)
    index = operand_def(VmiVRegType)
    result = result_def(VmiVRegType)

    def verify_vmi(self) -> None:
        source, index, result = (vreg_type(v) for v in (self.source, self.index, self.result))
        if source.element_type != result.element_type:
            raise fail(f"{self.name} requires result element type to match source element type")
        if index.count != result.count:
            raise fail(f"{self.name} requires index lane count to match result lane count")
        if not is_vmi_int(index.element_type):
            raise fail(f"{self.name} requires index element type to be integer")
        if index.bits != source.bits:
            raise fail(f"{self.name} requires index element storage width to match source "
                       "element storage width")  # fmt: skip
        if (source.layout_attr is None) != (result.layout_attr is None):
            raise fail(f"{self.name} requires source and result to both carry layout or neither "
                       "carry layout")  # fmt: skip


class PairOp(RearrangeOp):
    """`%lo, %hi = pto.vmi.OP %lhs, %rhs, %mask : V, V, M -> V, V`."""

    SYNTAX: ClassVar = "lhs, rhs, mask"

    lhs = operand_def(VmiVRegType)
    rhs = operand_def(VmiVRegType)
    mask = operand_def(VmiMaskType)
    low = result_def(VmiVRegType)
    high = result_def(VmiVRegType)

    def verify_vmi(self) -> None:
        types = [vreg_type(v) for v in (self.lhs, self.rhs, self.low, self.high)]
        self.same_shape(types, same_layout=False)
        self.mask_matches(mask_type(self.mask), types[0])
        self.check_pmode()


@irdl_op_definition
class VmiVintlvOp(PairOp):
    """`lo = a[0] b[0] a[1] b[1] ...` over the low halves, `hi` over the high halves."""

    name = "pto.vmi.vintlv"
    COST: ClassVar = AsVectorOp(VIntlvOp)


@irdl_op_definition
class VmiVdintlvOp(PairOp):
    """The inverse of vintlv: the even lanes of `(lhs, rhs)` to `lo`, the odd ones to `hi`."""

    name = "pto.vmi.vdintlv"
    COST: ClassVar = AsVectorOp(VDintlvOp)


@irdl_op_definition
class VmiShuffleOp(RearrangeOp):
    """Legacy `%r = pto.vmi.shuffle %source [i0, i1, ...] : V -> V'`: `source[indices[i]]`."""

    name = "pto.vmi.shuffle"
    COST: ClassVar = AsVectorOp(VSelrOp)

    source = operand_def(VmiVRegType)
    result = result_def(VmiVRegType)

    @property
    def indices(self) -> list[int]:
        value = self.attributes.get("indices")
        assert isinstance(value, DenseArrayBase)
        return [int(v) for v in value.get_values()]  # pyright: ignore[reportUnknownArgumentType]

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        source = parser.parse_unresolved_operand()
        values = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_integer)
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        source_type = parser.parse_type()
        parser.parse_punctuation("->")
        result = parser.parse_type()
        attributes["indices"] = DenseArrayBase.from_list(i64, values)
        return cls.create(operands=[parser.resolve_operand(source, source_type)],
                          result_types=[result], attributes=attributes)  # fmt: skip

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.source)
        printer.print_string(" [" + ", ".join(str(i) for i in self.indices) + "]")
        printer.print_op_attributes({k: v for k, v in self.attributes.items() if k != "indices"})
        printer.print_string(" : ")
        printer.print_attribute(self.source.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)

    def verify_vmi(self) -> None:
        if not isinstance(self.attributes.get("indices"), DenseArrayBase):
            raise fail(f"{self.name} requires an indices array")
        source, result = vreg_type(self.source), vreg_type(self.result)
        if source.element_type != result.element_type:
            raise fail(f"{self.name} requires result element type to match source element type")
        indices = self.indices
        if len(indices) != result.count:
            raise fail(f"{self.name} requires shuffle index count to match result logical lane "
                       "count")  # fmt: skip
        if any(i < 0 or i >= source.count for i in indices):
            raise fail(f"{self.name} requires every shuffle index to select an existing source "
                       "logical lane")  # fmt: skip


_O = TypeVar("_O", bound=IRDLOperation)


def _parse_many_to_one(cls: type[_O], parser: Parser) -> _O:
    """`%a, %b {attrs} : A, B -> R` (a variadic operand list, one result)."""
    operands = parser.parse_comma_separated_list(parser.Delimiter.NONE,
                                                 parser.parse_unresolved_operand)  # fmt: skip
    attributes = parser.parse_optional_attr_dict()
    parser.parse_punctuation(":")
    types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
    parser.parse_punctuation("->")
    result = parser.parse_type()
    if len(types) != len(operands):
        parser.raise_error(f"{cls.name} expects one type per operand")
    values = [parser.resolve_operand(o, t) for o, t in zip(operands, types, strict=True)]
    return cls.create(operands=values, result_types=[result], attributes=attributes)


class ChannelOp(RearrangeOp):
    """Channels of an interleaved vector: `split` takes lane `c + k * n` to channel c."""

    COST: ClassVar = AsVectorOp(VDintlvOp)

    @abstractmethod
    def channels(self) -> tuple[VmiVRegType, list[VmiVRegType]]: ...

    def verify_vmi(self) -> None:
        whole, parts = self.channels()
        if len(parts) < 2:
            raise fail(f"{self.name} requires at least two channels")
        first = parts[0]
        if any(p.count != first.count or p.element_type != first.element_type for p in parts):
            raise fail(f"{self.name} requires every channel to have equal lane count and element "
                       "type")  # fmt: skip
        if whole.count != len(parts) * first.count or whole.element_type != first.element_type:
            raise fail(f"{self.name} requires the whole vector's lane count to equal the channel "
                       "count times the per-channel lane count")  # fmt: skip


@irdl_op_definition
class VmiChannelSplitOp(ChannelOp):
    """`%c0, %c1, ... = pto.vmi.channel_split %v : V<n*LxT> -> V<LxT>, ...`."""

    name = "pto.vmi.channel_split"
    SYNTAX: ClassVar = "source"

    source = operand_def(VmiVRegType)
    results_ = var_result_def(VmiVRegType)

    def channels(self) -> tuple[VmiVRegType, list[VmiVRegType]]:
        return vreg_type(self.source), [vreg_type(r) for r in self.results]


@irdl_op_definition
class VmiChannelMergeOp(ChannelOp):
    """`%v = pto.vmi.channel_merge %c0, %c1, ... : V<LxT>, ... -> V<n*LxT>`."""

    name = "pto.vmi.channel_merge"
    COST: ClassVar = AsVectorOp(VIntlvOp)

    inputs = var_operand_def(VmiVRegType)
    result = result_def(VmiVRegType)

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        return _parse_many_to_one(cls, parser)

    def print(self, printer: Printer) -> None:
        print_operands_attrs_types(printer, self)

    def channels(self) -> tuple[VmiVRegType, list[VmiVRegType]]:
        return vreg_type(self.result), [vreg_type(v) for v in self.inputs]


@irdl_op_definition
class VmiActivePrefixIndexOp(RearrangeOp):
    """Legacy `%r = pto.vmi.active_prefix_index %mask : M -> V<LxiN>`: lane i holds the
    number of active lanes below i."""

    name = "pto.vmi.active_prefix_index"
    SYNTAX: ClassVar = "mask"
    DTYPES: ClassVar = vmi_dtypes("ui8 ui16 ui32")
    COST: ClassVar = AsVectorOp(VciOp)

    mask = operand_def(VmiMaskType)
    result = result_def(VmiVRegType)

    def verify_vmi(self) -> None:
        result = vreg_type(self.result)
        element = result.element_type
        if signedness_of(element) is not Signedness.SIGNLESS:
            raise fail(f"{self.name} requires signless integer result element type")
        self.mask_matches(mask_type(self.mask), result)


@irdl_op_definition
class VmiCompressOp(RearrangeOp):
    """Legacy `%r = pto.vmi.compress %src, %mask : V, M -> V`: the active lanes first, in
    order, then zeros."""

    name = "pto.vmi.compress"
    SYNTAX: ClassVar = "source, mask"
    COST: ClassVar = AsVectorOp(VSelrOp)

    source = operand_def(VmiVRegType)
    mask = operand_def(VmiMaskType)
    result = result_def(VmiVRegType)

    def verify_vmi(self) -> None:
        self.same_shape([vreg_type(self.source), vreg_type(self.result)])
        self.mask_matches(mask_type(self.mask), vreg_type(self.source))


@irdl_op_definition
class VmiConstantOp(RearrangeOp):
    """Legacy `%v = "pto.vmi.constant"() {value = dense<...> : tensor<LxT>} : () -> V<LxT>`."""

    name = "pto.vmi.constant"
    COST: ClassVar = AsVectorOp(VBrOp)

    result = result_def(VmiVRegType)

    def verify_vmi(self) -> None:
        result = vreg_type(self.result)
        value = self.attributes.get("value")
        if not isinstance(value, DenseIntOrFPElementsAttr):
            raise fail(f"{self.name} requires dense elements constant attribute")
        value = cast("DenseIntOrFPElementsAttr[Any]", value)
        if value.get_element_type() != result.element_type:
            raise fail(f"{self.name} requires dense constant element type to match result "
                       "element type")  # fmt: skip
        if len(value) != result.count:
            raise fail(f"{self.name} requires dense constant element count to match result "
                       "logical lane count")  # fmt: skip


# ---- internal layout ops -------------------------------------------------------------------


@irdl_op_definition
class VmiEnsureLayoutOp(RearrangeOp):
    """Internal `%r = pto.vmi.ensure_layout %v : V<LxT, A> -> V<LxT, B>`: the same lanes in
    layout B."""

    name = "pto.vmi.ensure_layout"
    MANUAL: ClassVar = OVERVIEW_PAGE
    SYNTAX: ClassVar = "source"
    COST: ClassVar = AsVectorOp(VIntlvOp)

    source = operand_def(VmiVRegType)
    result = result_def(VmiVRegType)

    def verify_vmi(self) -> None:
        source, result = vreg_type(self.source), vreg_type(self.result)
        if source.count != result.count or source.element_type != result.element_type:
            raise fail(f"{self.name} requires source and result to preserve VMI data shape and "
                       "element type")  # fmt: skip
        if source.layout_attr is None or result.layout_attr is None:
            raise fail(f"{self.name} requires source and result to be layout-assigned")


class PartsOp(RearrangeOp):
    """A laid-out VMI value and its physical parts (`!pto.vreg`, or `!pto.mask` for a mask
    of concrete granularity): part k holds the lanes the layout places in register k."""

    MANUAL: ClassVar = OVERVIEW_PAGE
    COST: ClassVar[Cost | None] = AsVectorOp(VBrOp)

    def check_parts(self, whole: Attribute, parts: list[Attribute]) -> None:
        if isinstance(whole, VmiMaskType) and whole.is_pred:
            raise fail(f"{self.name} requires layout-assigned mask with concrete granularity")
        if not isinstance(whole, VmiVRegType | VmiMaskType) or whole.layout_attr is None:
            raise fail(f"{self.name} requires a layout-assigned VMI type with computable "
                       "physical arity")  # fmt: skip
        carrier = mask_carrier_bits(whole) if isinstance(whole, VmiMaskType) else None
        if isinstance(whole, VmiMaskType) and carrier is None:
            raise fail(f"{self.name} requires mask type with supported physical carrier "
                       "granularity")  # fmt: skip
        expected = placement_of(whole).registers
        if len(parts) != expected:
            raise fail(f"{self.name} requires {expected} physical parts, got {len(parts)}")
        for part in parts:
            if isinstance(whole, VmiVRegType):
                if part != VRegType(whole.element_type):
                    raise fail(
                        f"{self.name} requires physical data part type to match VMI "
                        f"lane-map helper (expected {VRegType(whole.element_type)})"
                    )
            elif part != MaskType(carrier or 32):
                raise fail(f"{self.name} requires physical mask part granularity to match VMI "
                           "mask carrier")  # fmt: skip


@irdl_op_definition
class VmiUnpackOp(PartsOp):
    """Internal `%p0, %p1 = pto.vmi.unpack %v : V -> !pto.vreg<...>, !pto.vreg<...>`."""

    name = "pto.vmi.unpack"
    SYNTAX: ClassVar = "source"

    source = operand_def()
    parts = var_result_def()

    def verify_vmi(self) -> None:
        self.check_parts(self.source.type, [r.type for r in self.results])


@irdl_op_definition
class VmiPackOp(PartsOp):
    """Internal `%v = pto.vmi.pack %p0, %p1 : !pto.vreg<...>, !pto.vreg<...> -> V`."""

    name = "pto.vmi.pack"

    parts = var_operand_def()
    result = result_def()

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        return _parse_many_to_one(cls, parser)

    def print(self, printer: Printer) -> None:
        print_operands_attrs_types(printer, self)

    def verify_vmi(self) -> None:
        self.check_parts(self.result.type, [o.type for o in self.operands])


OPS: list[type[IRDLOperation]] = [
    VmiVbrcOp,
    VmiBroadcastOp,
    VmiGroupBroadcastOp,
    VmiVciOp,
    VmiIotaOp,
    VmiGroupIotaOp,
    VmiVselrOp,
    VmiVintlvOp,
    VmiVdintlvOp,
    VmiShuffleOp,
    VmiChannelSplitOp,
    VmiChannelMergeOp,
    VmiActivePrefixIndexOp,
    VmiCompressOp,
    VmiConstantOp,
    VmiEnsureLayoutOp,
    VmiUnpackOp,
    VmiPackOp,
]

_ = (AnyFloat, LayoutKind, is_vmi_float, is_vmi_signed, storage_bits)
