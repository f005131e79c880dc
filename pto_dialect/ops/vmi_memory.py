"""VMI loads and stores through a UB pointer (PTOAS docs/isa/vmi-isa/01-load-store.md): the
family base and the unified forms. Offsets count elements of the pointer's element type.

- `%v = pto.vmi.vload %src[%off] [{dist_mode = "continuous" | "unpack" | "brc" | "dintlv"}]
  : !pto.ptr<T, ub> -> V<LxT>` (dintlv: two results); `vload %src[%off], %stride {group = C}`
  (C rows of L/C elements at `off + g * stride`; L == C: one element per slot); `vload
  %src[%off], %block, %repeat` (32-byte blocks `block` blocks apart, i16 strides);
- `pto.vmi.vstore %v, %dst[%off][, %mask]` (masked lanes are not written), `vstore %v,
  %dst[%off], %stride {group = C}` (an i32 value stored to a ui8/i8 pointer writes its low
  byte: PTOAS's packed byte group store), `vstore %lo, %hi, %dst[%off] {dist_mode =
  "dintlv"}` (interleaved), `vstore %v, %dst[%off], %block, %repeat[, %mask]`;
- `pto.vmi.vsstb %v, %dst[%off], %block_stride, %mask`: 32-byte blocks `block_stride`
  blocks apart.

Gathers and scatters are in `vmi_indexed`, the legacy forms of VMIOps.td in
`vmi_legacy_memory`.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import ClassVar, Self

from xdsl.dialects.builtin import IndexType, IntegerType, i16
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer

from pto_dialect.memory_types import MemorySpace, PtrType
from pto_dialect.ops.base import SEGMENTS, fail, segments
from pto_dialect.ops.vector_common import UB_BUFFER, as_pointer
from pto_dialect.ops.vector_load import VldsOp
from pto_dialect.ops.vector_store import VsstbOp, VstsOp
from pto_dialect.ops.vmi_common import ANY, SPEC, VmiOp, mask_type, vmi_dtypes, vreg_type
from pto_dialect.ops.vmi_types import (
    VmiMaskType,
    VmiVRegType,
)
from pto_dialect.records import AsVectorOp

PAGE = SPEC + "01-load-store.md"
DIST_MODES = ("continuous", "unpack", "dintlv", "brc")


def packed_byte_store(pointer: Attribute, data: VmiVRegType) -> bool:
    """PTOAS `isPackedByteGroupStore`: 32-bit integer lanes into an 8-bit integer pointer."""
    ptr = as_pointer(pointer)
    if ptr is None or not ptr.is_typed:
        return False
    pointee = ptr.pointee
    return (
        isinstance(pointee, IntegerType)
        and pointee.bitwidth == 8
        and isinstance(data.element_type, IntegerType)
        and data.bits == 32
    )


class MemoryOp(VmiOp):
    """A VMI op that reads or writes UB through a `!pto.ptr`, or a `vec` memref read as the
    UB pointer of its element type (PTOAS's `PtrOrMemRef` operands of VMIOps.td)."""

    MANUAL: ClassVar = PAGE
    DTYPES: ClassVar = vmi_dtypes(ANY)
    BF16X2_OK: ClassVar = True
    IS_STORE: ClassVar[bool] = False

    def ub_pointer(self, value: SSAValue, role: str) -> PtrType:
        ptr = as_pointer(value.type)
        if ptr is None:
            raise fail(f"{self.name} {role} must be a !pto.ptr or a vec memref, got {value.type}")
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

    @abstractmethod
    def data(self) -> VmiVRegType:
        """The vreg the op moves (the result of a load, the value of a store)."""


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

    source = operand_def(UB_BUFFER)
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
    destination = operand_def(UB_BUFFER)
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
    destination = operand_def(UB_BUFFER)
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


OPS: list[type[IRDLOperation]] = [
    VmiVloadOp,
    VmiVstoreOp,
    VmiVsstbOp,
]
