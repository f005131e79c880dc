"""VMI loads and stores (PTOAS docs/isa/vmi-isa/01-load-store.md, the SFU page's gathers
and scatter, VMIOps.td's legacy memory forms). UB only; offsets count elements of the
pointer's element type.

- `%v = pto.vmi.vload %src[%off] [{dist_mode = "continuous" | "unpack" | "brc" | "dintlv"}]
  : !pto.ptr<T, ub> -> V<LxT>` (dintlv: two results); `vload %src[%off], %stride {group = C}`
  (C rows of L/C elements at `off + g * stride`; L == C: one element per slot); `vload
  %src[%off], %block, %repeat` (32-byte blocks `block` blocks apart, i16 strides);
- `pto.vmi.vstore %v, %dst[%off][, %mask]` (masked lanes are not written), `vstore %v,
  %dst[%off], %stride {group = C}` (an i32 value stored to a ui8/i8 pointer writes its low
  byte: PTOAS's packed byte group store), `vstore %lo, %hi, %dst[%off] {dist_mode =
  "dintlv"}` (interleaved), `vstore %v, %dst[%off], %block, %repeat[, %mask]`;
- `pto.vmi.vsstb %v, %dst[%off], %block_stride, %mask`: 32-byte blocks `block_stride`
  blocks apart;
- `%g = pto.vmi.vgather %src, %offsets, %mask` (element offsets), `vgatherb` (byte
  offsets), `pto.vmi.vscatter %v, %dst, %offsets, %mask`;
- legacy: load, deinterleave_load, group_load, group_slot_load, group_broadcast_load,
  stride_load, masked_load, gather, expand_load, store, interleave_store, group_store,
  masked_store, stride_store, scatter, compress_store.
"""

from __future__ import annotations

from typing import ClassVar, Self, cast

from xdsl.dialects.builtin import IndexType, IntegerType, i16
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    result_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer

from pto_dialect.ops.base import SEGMENTS, fail, segments
from pto_dialect.ops.vector_load import Vgather2Op, VgatherbOp, VldsOp, VsldbOp
from pto_dialect.ops.vector_store import VscatterOp, VsstbOp, VstsOp
from pto_dialect.ops.vmi_common import ANY, SPEC, VmiOp, mask_type, vmi_dtypes, vreg_type
from pto_dialect.ops.vmi_types import (
    LayoutKind,
    VmiMaskType,
    VmiVRegType,
    is_vmi_signed,
    storage_bits,
)
from pto_dialect.records import AsVectorOp, Cost
from pto_dialect.types import MemorySpace, PtrType

PAGE = SPEC + "01-load-store.md"
SFU_PAGE = SPEC + "07-sfu.md"
DIST_MODES = ("continuous", "unpack", "dintlv", "brc")


def packed_byte_store(pointer: Attribute, data: VmiVRegType) -> bool:
    """PTOAS `isPackedByteGroupStore`: 32-bit integer lanes into an 8-bit integer pointer."""
    if not isinstance(pointer, PtrType) or not pointer.is_typed:
        return False
    pointee = pointer.pointee
    return (
        isinstance(pointee, IntegerType)
        and pointee.bitwidth == 8
        and isinstance(data.element_type, IntegerType)
        and data.bits == 32
    )


class MemoryOp(VmiOp):
    """A VMI op that reads or writes UB through a `!pto.ptr`."""

    MANUAL: ClassVar = PAGE
    DTYPES: ClassVar = vmi_dtypes(ANY)
    BF16X2_OK: ClassVar = True
    IS_STORE: ClassVar[bool] = False

    def ub_pointer(self, value: SSAValue, role: str) -> PtrType:
        ptr = value.type
        if not isinstance(ptr, PtrType):
            raise fail(f"{self.name} {role} must be a !pto.ptr, got {ptr}")
        if ptr.memory is not MemorySpace.UB:
            raise fail(f"{self.name} requires memory {role} to be UB-backed")
        return ptr

    def element_matches(self, value: SSAValue, role: str, data: VmiVRegType) -> None:
        """PTOAS `verifyMemoryElementMatches` (an untyped pointer takes any element)."""
        ptr = self.ub_pointer(value, role)
        if ptr.is_typed and ptr.pointee != data.element_type:
            raise fail(
                f"{self.name} requires memory {role} element type to match VMI data element type"
                f" ({ptr.pointee} vs {data.element_type})"
            )

    def data(self) -> VmiVRegType:
        """The vreg the op moves (the result of a load, the value of a store)."""
        raise NotImplementedError


# ---- the unified load and store -----------------------------------------------------------


def _parse_post(parser: Parser) -> list[UnresolvedOperand]:
    post: list[UnresolvedOperand] = []
    while parser.parse_optional_punctuation(",") is not None:
        post.append(parser.parse_unresolved_operand())
    return post


@irdl_op_definition
class VmiVloadOp(MemoryOp):
    """`%v = pto.vmi.vload %source[%offset] [, %stride {group = C} | , %block, %repeat]
    {dist_mode = ...} : !pto.ptr<T, ub> -> V<LxT>[, V<LxT>]`."""

    name = "pto.vmi.vload"
    COST: ClassVar = AsVectorOp(VldsOp)

    source = operand_def(PtrType)
    offset = operand_def(IndexType)
    stride = opt_operand_def(IndexType)
    block_stride = opt_operand_def(IntegerType)
    repeat_stride = opt_operand_def(IntegerType)
    results_ = var_result_def(VmiVRegType)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        source = parser.parse_unresolved_operand()
        parser.parse_punctuation("[")
        offset = parser.parse_unresolved_operand()
        parser.parse_punctuation("]")
        post = _parse_post(parser)
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        parser.parse_punctuation("->")
        results = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        written = types[1:]  # the spec writes the post operands' types: `, i16`
        stride: list[SSAValue] = []
        blocks: list[SSAValue] = []
        if len(post) == 2:
            blocks = [parser.resolve_operand(p, i16) for p in post]
        elif len(post) == 1 and "group" not in attributes and written == [i16]:
            blocks = [parser.resolve_operand(post[0], i16)]
        elif len(post) == 1:
            stride = [parser.resolve_operand(post[0], IndexType())]
        elif post:
            parser.raise_error(f"{cls.name} takes at most two operands after the brackets")
        operands = [parser.resolve_operand(source, types[0]),
                    parser.resolve_operand(offset, IndexType()), *stride, *blocks]  # fmt: skip
        sizes = segments(1, 1, len(stride), min(len(blocks), 1), max(len(blocks) - 1, 0))
        return cls.create(
            operands=operands,
            result_types=results,
            attributes=attributes,
            properties={SEGMENTS: sizes},
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.source)
        printer.print_string("[")
        printer.print_operand(self.offset)
        printer.print_string("]")
        for value in (self.stride, self.block_stride, self.repeat_stride):
            if value is not None:
                printer.print_string(", ")
                printer.print_operand(value)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.source.type)
        if self.block_stride is not None and self.repeat_stride is None:
            printer.print_string(", i16")
        printer.print_string(" -> ")
        printer.print_list([r.type for r in self.results], printer.print_attribute)

    @property
    def dist_mode(self) -> str:
        return self.attr_str("dist_mode") or "continuous"

    def data(self) -> VmiVRegType:
        return vreg_type(self.results[0])

    def verify_vmi(self) -> None:
        group, mode = self.group, self.attr_str("dist_mode")
        if mode is not None and mode not in DIST_MODES:
            raise fail(f'{self.name} invalid dist-mode: "{mode}"')
        if group is not None and mode is not None and mode != "brc":
            raise fail(f"{self.name} group and dist_mode are mutually exclusive")
        if group is not None and self.stride is None:
            raise fail(f"{self.name} group requires a stride operand")
        if group is None and self.stride is not None:
            raise fail(f"{self.name} stride operand is only valid with group")
        results = [vreg_type(r) for r in self.results]
        if group is not None:
            if len(results) != 1:
                raise fail(f"{self.name} group mode requires exactly 1 result")
            self.check_groups(results[0], group, "group")
        if self.block_stride is not None:
            for value in (self.block_stride, self.repeat_stride):
                if value is not None and value.type != i16:
                    raise fail(f"{self.name} block and repeat strides must be i16")
            if mode is not None:
                raise fail(f"{self.name} block_stride and dist_mode are mutually exclusive")
            if len(results) != 1:
                raise fail(f"{self.name} block-stride mode requires exactly 1 result")
        expected = 2 if mode == "dintlv" else 1
        if len(results) != expected:
            if mode == "dintlv":
                raise fail(f'{self.name} dist-mode "dintlv" requires exactly 2 results')
            raise fail(
                f'{self.name} requires exactly 1 result for dist-mode "{mode or "continuous"}"'
            )
        self.check_pmode()
        for result in results:
            if mode != "unpack":
                self.element_matches(self.source, "source", result)
            else:
                self.ub_pointer(self.source, "source")
            layout = result.layout_attr
            if mode == "dintlv" and layout is not None and not layout.is_contiguous:
                raise fail(
                    f"{self.name} requires layout-assigned result to use "
                    "#pto.vmi.layout<contiguous>"
                )
        if mode == "dintlv":
            self.same_shape(results)
        if mode == "unpack":
            ptr = self.ub_pointer(self.source, "source")
            bits = ptr.element.bits if ptr.element is not None else None
            if bits is not None and bits * 2 != results[0].bits:
                raise fail(
                    f"{self.name} unpack widens UB elements to twice their width: {bits}-bit "
                    f"elements cannot fill {results[0].bits}-bit lanes"
                )


@irdl_op_definition
class VmiVstoreOp(MemoryOp):
    """`pto.vmi.vstore %v[, %v2], %dest[%offset] [, %stride {group = C} | , %block, %repeat]
    [, %mask] {dist_mode = ...} : V[, V], !pto.ptr<T, ub>[, M]`."""

    name = "pto.vmi.vstore"
    IS_STORE: ClassVar = True
    COST: ClassVar = AsVectorOp(VstsOp)

    values = var_operand_def(VmiVRegType)
    destination = operand_def(PtrType)
    offset = operand_def(IndexType)
    stride = opt_operand_def(IndexType)
    block_stride = opt_operand_def(IntegerType)
    repeat_stride = opt_operand_def(IntegerType)
    mask = opt_operand_def(VmiMaskType)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        pre = [parser.parse_unresolved_operand()]
        while parser.parse_optional_punctuation("[") is None:
            parser.parse_punctuation(",")
            if parser.parse_optional_punctuation("[") is not None:
                break
            pre.append(parser.parse_unresolved_operand())
        offset = parser.parse_unresolved_operand()
        parser.parse_punctuation("]")
        post = _parse_post(parser)
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        count = len(pre) - 1
        if count < 1 or len(types) < count + 1:
            parser.raise_error(f"{cls.name} expects value(s), a destination and their types")
        written = types[count + 1 :]
        mask: list[UnresolvedOperand] = []
        if post and written and isinstance(written[-1], VmiMaskType):
            mask = [post.pop()]
        elif "group" not in attributes and len(post) == 1 and not written:
            parser.raise_error(f"{cls.name} mask operand needs its type")
        stride: list[UnresolvedOperand] = []
        blocks: list[UnresolvedOperand] = []
        if "group" in attributes:
            stride = post
        else:
            blocks = post
        if len(stride) > 1 or len(blocks) > 2:
            parser.raise_error(f"{cls.name} has too many operands after the brackets")
        operands = [
            *(
                parser.resolve_operand(p, t)
                for p, t in zip(pre[:count], types[:count], strict=True)
            ),
            parser.resolve_operand(pre[count], types[count]),
            parser.resolve_operand(offset, IndexType()),
            *(parser.resolve_operand(s, IndexType()) for s in stride),
            *(parser.resolve_operand(b, i16) for b in blocks),
            *(parser.resolve_operand(m, written[-1]) for m in mask),
        ]  # fmt: skip
        sizes = segments(count, 1, 1, len(stride), min(len(blocks), 1),
                         max(len(blocks) - 1, 0), len(mask))  # fmt: skip
        return cls.create(operands=operands, attributes=attributes, properties={SEGMENTS: sizes})

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        for value in self.values:
            printer.print_operand(value)
            printer.print_string(", ")
        printer.print_operand(self.destination)
        printer.print_string("[")
        printer.print_operand(self.offset)
        printer.print_string("]")
        for value in (self.stride, self.block_stride, self.repeat_stride, self.mask):
            if value is not None:
                printer.print_string(", ")
                printer.print_operand(value)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        types = [v.type for v in self.values] + [self.destination.type]
        if self.block_stride is not None and self.repeat_stride is None:
            types.append(i16)
        if self.mask is not None:
            types.append(self.mask.type)
        printer.print_list(types, printer.print_attribute)

    @property
    def dist_mode(self) -> str:
        return self.attr_str("dist_mode") or "continuous"

    def data(self) -> VmiVRegType:
        return vreg_type(self.values[0])

    def verify_vmi(self) -> None:
        group, mode = self.group, self.attr_str("dist_mode")
        if group is not None and mode is not None:
            raise fail(f"{self.name} group and dist_mode are mutually exclusive")
        if group is not None and self.stride is None:
            raise fail(f"{self.name} group requires a stride operand")
        if group is None and self.stride is not None:
            raise fail(f"{self.name} stride operand is only valid with group")
        if group is not None and self.mask is not None:
            raise fail(f"{self.name} group mode does not support mask operand")
        values = [vreg_type(v) for v in self.values]
        if group is not None:
            if len(values) != 1:
                raise fail(f"{self.name} group mode requires exactly 1 value")
            self.check_groups(values[0], group, "group")
        if self.block_stride is not None and mode is not None:
            raise fail(f"{self.name} block_stride and dist_mode are mutually exclusive")
        if mode is not None and mode not in DIST_MODES:
            raise fail(f'{self.name} invalid dist-mode: "{mode}"')
        if mode in ("unpack", "brc"):
            raise fail(f'{self.name} dist-mode "{mode}" is not valid for vstore')
        expected = 2 if mode == "dintlv" else 1
        if len(values) != expected:
            if mode == "dintlv":
                raise fail(f'{self.name} dist-mode "dintlv" requires exactly 2 values')
            raise fail(
                f'{self.name} requires exactly 1 value for dist-mode "{mode or "continuous"}"'
            )
        self.check_pmode()
        if self.pmode != "zero":
            raise fail(
                f'{self.name} pmode "merge" is not supported for stores: the store lowering is '
                'mask-governed only; omit pmode (defaults to "zero")'
            )
        if not (group is not None and packed_byte_store(self.destination.type, values[0])):
            self.element_matches(self.destination, "destination", values[0])
        else:
            self.ub_pointer(self.destination, "destination")
        if len(values) == 2:
            self.same_shape(values)
            for role, value in zip(("low", "high"), values, strict=True):
                layout = value.layout_attr
                if layout is not None and not layout.is_contiguous:
                    raise fail(
                        f"{self.name} requires layout-assigned {role} input to use "
                        "#pto.vmi.layout<contiguous>"
                    )
        if self.mask is not None:
            self.mask_matches(mask_type(self.mask), values[0])


@irdl_op_definition
class VmiVsstbOp(MemoryOp):
    """`pto.vmi.vsstb %value, %dest[%offset], %block_stride, %mask : V, !pto.ptr<T, ub>, M`:
    32-byte blocks of the value `block_stride` blocks apart (repeat stride 0); a block is
    written when its first lane's mask bit is on."""

    name = "pto.vmi.vsstb"
    SYNTAX: ClassVar = "value, destination[offset], block_stride:i16, mask"
    IS_STORE: ClassVar = True
    COST: ClassVar = AsVectorOp(VsstbOp)

    value = operand_def(VmiVRegType)
    destination = operand_def(PtrType)
    offset = operand_def(IndexType)
    block_stride = operand_def(IntegerType)
    mask = operand_def(VmiMaskType)

    def data(self) -> VmiVRegType:
        return vreg_type(self.value)

    def verify_vmi(self) -> None:
        self.element_matches(self.destination, "destination", self.data())
        self.check_pmode()
        if self.pmode != "zero":
            raise fail(f'{self.name} pmode "merge" is not supported for stores')
        self.mask_matches(mask_type(self.mask), self.data())


# ---- gathers and scatters ----------------------------------------------------------------


class IndexedOp(MemoryOp):
    """A gather or scatter: per-lane offsets (unsigned/signless 16- or 32-bit)."""

    MANUAL: ClassVar = SFU_PAGE

    def check_offsets(self, offsets: VmiVRegType, what: str = "offsets") -> None:
        element = offsets.element_type
        signed = is_vmi_signed(element)
        if not isinstance(element, IntegerType) or signed or element.bitwidth not in (16, 32):
            raise fail(f"{self.name} requires signless or unsigned 16-bit or 32-bit integer "
                       f"{what}")  # fmt: skip


@irdl_op_definition
class VmiVgatherOp(IndexedOp):
    """`%g = pto.vmi.vgather %source, %offsets, %mask : !pto.ptr<T, ub>, V<LxI>, M ->
    V<LxT>`: `source[offsets[i]]` (element offsets) on active lanes, 0 elsewhere."""

    name = "pto.vmi.vgather"
    SYNTAX: ClassVar = "source, offsets, mask"
    COST: ClassVar = AsVectorOp(Vgather2Op)

    source = operand_def(PtrType)
    offsets = operand_def(VmiVRegType)
    mask = operand_def(VmiMaskType)
    result = result_def(VmiVRegType)

    def data(self) -> VmiVRegType:
        return vreg_type(self.result)

    def verify_vmi(self) -> None:
        result, offsets = self.data(), vreg_type(self.offsets)
        self.element_matches(self.source, "source", result)
        self.check_offsets(offsets)
        self.same_shape([offsets, result], same_element=False)
        self.mask_matches(mask_type(self.mask), result)
        if offsets.bits == 16 and str(result.element_type) != "ui16":
            raise fail(f"{self.name} requires ui16 result element type when using ui16 offsets")
        self.check_pmode()


@irdl_op_definition
class VmiVgatherbOp(IndexedOp):
    """`%g = pto.vmi.vgatherb %source, %offsets, %mask : !pto.ptr<T, ub>, V<KxI>, M ->
    V<LxT>`: byte offsets, one per 32-byte block of the result."""

    name = "pto.vmi.vgatherb"
    SYNTAX: ClassVar = "source, offsets, mask"
    COST: ClassVar = AsVectorOp(VgatherbOp)

    source = operand_def(PtrType)
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
    destination = operand_def(PtrType)
    offsets = operand_def(VmiVRegType)
    mask = operand_def(VmiMaskType)

    def data(self) -> VmiVRegType:
        return vreg_type(self.value)

    def verify_vmi(self) -> None:
        value, offsets = self.data(), vreg_type(self.offsets)
        self.element_matches(self.destination, "destination", value)
        self.check_offsets(offsets)
        self.same_shape([value, offsets], same_element=False)
        self.mask_matches(mask_type(self.mask), value)
        self.check_pmode()


# ---- legacy forms --------------------------------------------------------------------------


class LegacyLoadOp(MemoryOp):
    """A legacy load: `%v = pto.vmi.OP %source[%offset]... : !pto.ptr<T, ub>... -> V`."""

    COST: ClassVar = AsVectorOp(VldsOp)
    GROUPED: ClassVar[bool] = False
    """Whether the op has `num_groups` (and a stride operand)."""

    source = operand_def(PtrType)
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
    source = operand_def(PtrType)
    offset = operand_def(IndexType)
    row_stride = operand_def(IndexType)
    result = result_def(VmiVRegType)


@irdl_op_definition
class VmiGroupSlotLoadOp(LegacyLoadOp):
    """Legacy `%v = pto.vmi.group_slot_load %source[%offset], %stride {num_groups = C} : P ->
    V<CxT>`: slot g is element `offset + g * stride`."""

    name = "pto.vmi.group_slot_load"
    SYNTAX: ClassVar = "source[offset], source_group_stride:index"
    GROUPED: ClassVar = True

    # the base's operands again: IRDL puts a subclass's own operands first otherwise
    source = operand_def(PtrType)
    offset = operand_def(IndexType)
    source_group_stride = operand_def(IndexType)
    result = result_def(VmiVRegType)

    def verify_load(self) -> None:
        if self.data().count != self.attr_int("num_groups"):
            raise fail(f"{self.name} requires result logical lane count to match num_groups")


@irdl_op_definition
class VmiGroupBroadcastLoadOp(LegacyLoadOp):
    """Legacy `%v = pto.vmi.group_broadcast_load %source[%offset], %stride {num_groups = C}
    : P -> V<LxT>`: element `offset + g * stride` on every lane of group g."""

    name = "pto.vmi.group_broadcast_load"
    SYNTAX: ClassVar = "source[offset], source_group_stride:index"
    GROUPED: ClassVar = True

    # the base's operands again: IRDL puts a subclass's own operands first otherwise
    source = operand_def(PtrType)
    offset = operand_def(IndexType)
    source_group_stride = operand_def(IndexType)
    result = result_def(VmiVRegType)

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
    source = operand_def(PtrType)
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
    source = operand_def(PtrType)
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


@irdl_op_definition
class VmiGatherOp(IndexedOp):
    """Legacy `%v = pto.vmi.gather %source[%indices], %mask, %passthru : P, V<LxI>, M, V ->
    V`: `source[indices[i]]` on active lanes, `passthru` elsewhere."""

    name = "pto.vmi.gather"
    SYNTAX: ClassVar = "source[indices*], mask, passthru"
    COST: ClassVar = AsVectorOp(Vgather2Op)

    source = operand_def(PtrType)
    indices = operand_def(VmiVRegType)
    mask = operand_def(VmiMaskType)
    passthru = operand_def(VmiVRegType)
    result = result_def(VmiVRegType)

    def data(self) -> VmiVRegType:
        return vreg_type(self.result)

    def verify_vmi(self) -> None:
        result, indices = self.data(), vreg_type(self.indices)
        self.element_matches(self.source, "source", result)
        self.check_offsets(indices, "indices")
        self.same_shape([indices, vreg_type(self.passthru), result], same_element=False)
        self.same_shape([vreg_type(self.passthru), result])
        self.mask_matches(mask_type(self.mask), result)


class LegacyStoreOp(MemoryOp):
    """A legacy store: `pto.vmi.OP %value, %destination[%offset]... : V, P...`."""

    IS_STORE: ClassVar = True
    COST: ClassVar = AsVectorOp(VstsOp)

    value = operand_def(VmiVRegType)
    destination = operand_def(PtrType)
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


@irdl_op_definition
class VmiMaskedStoreOp(LegacyStoreOp):
    """Legacy `pto.vmi.masked_store %value, %destination[%offset], %mask : V, P, M`."""

    name = "pto.vmi.masked_store"
    SYNTAX: ClassVar = "value, destination[offset], mask"

    # the base's operands again: IRDL puts a subclass's own operands first otherwise
    value = operand_def(VmiVRegType)
    destination = operand_def(PtrType)
    offset = operand_def(IndexType)
    mask = operand_def(VmiMaskType)


@irdl_op_definition
class VmiCompressStoreOp(LegacyStoreOp):
    """Legacy `pto.vmi.compress_store %value, %destination[%offset], %mask : V, P, M`: the
    active lanes, packed, from `offset` on."""

    name = "pto.vmi.compress_store"
    SYNTAX: ClassVar = "value, destination[offset], mask"

    # the base's operands again: IRDL puts a subclass's own operands first otherwise
    value = operand_def(VmiVRegType)
    destination = operand_def(PtrType)
    offset = operand_def(IndexType)
    mask = operand_def(VmiMaskType)


@irdl_op_definition
class VmiGroupStoreOp(LegacyStoreOp):
    """Legacy `pto.vmi.group_store %value, %destination[%offset], %row_stride {num_groups =
    C} : V, P`: group g's L/C lanes at `offset + g * row_stride` (an i32 value into an 8-bit
    pointer: its low byte)."""

    name = "pto.vmi.group_store"
    SYNTAX: ClassVar = "value, destination[offset], row_stride:index"

    # the base's operands again: IRDL puts a subclass's own operands first otherwise
    value = operand_def(VmiVRegType)
    destination = operand_def(PtrType)
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
    destination = operand_def(PtrType)
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
    destination = operand_def(PtrType)
    offset = operand_def(IndexType)

    def data(self) -> VmiVRegType:
        return vreg_type(self.low)

    def verify_vmi(self) -> None:
        self.same_shape([self.data(), vreg_type(self.high)])
        self.element_matches(self.destination, "destination", self.data())


@irdl_op_definition
class VmiScatterOp(IndexedOp):
    """Legacy `pto.vmi.scatter %value, %destination[%indices], %mask : V, P, V<LxI>, M`."""

    name = "pto.vmi.scatter"
    SYNTAX: ClassVar = "value, destination[indices*], mask"
    IS_STORE: ClassVar = True
    COST: ClassVar = AsVectorOp(VscatterOp)

    value = operand_def(VmiVRegType)
    destination = operand_def(PtrType)
    indices = operand_def(VmiVRegType)
    mask = operand_def(VmiMaskType)

    def data(self) -> VmiVRegType:
        return vreg_type(self.value)

    def verify_vmi(self) -> None:
        value, indices = self.data(), vreg_type(self.indices)
        self.element_matches(self.destination, "destination", value)
        self.check_offsets(indices, "indices")
        self.same_shape([value, indices], same_element=False)
        self.mask_matches(mask_type(self.mask), value)


OPS: list[type[IRDLOperation]] = [
    VmiVloadOp,
    VmiVstoreOp,
    VmiVsstbOp,
    VmiVgatherOp,
    VmiVgatherbOp,
    VmiVscatterOp,
    VmiLoadOp,
    VmiDeinterleaveLoadOp,
    VmiGroupLoadOp,
    VmiGroupSlotLoadOp,
    VmiGroupBroadcastLoadOp,
    VmiStrideLoadOp,
    VmiMaskedLoadOp,
    VmiExpandLoadOp,
    VmiGatherOp,
    VmiStoreOp,
    VmiMaskedStoreOp,
    VmiCompressStoreOp,
    VmiGroupStoreOp,
    VmiStrideStoreOp,
    VmiInterleaveStoreOp,
    VmiScatterOp,
]

_ = (storage_bits, cast, Cost)
