"""The VMI types (PTOAS `VMITypeDefs.td`, `VMIAttrs.td`, docs/isa/vmi-isa/00): logical vectors
and masks of any lane count, and the layout that maps their lanes onto physical registers.

- `!pto.vmi.vreg<LxT>`: L logical lanes of T (8, 16 or 32 bits, a PTO low-precision type
  included), optionally `!pto.vmi.vreg<LxT, #pto.vmi.layout<...>>` once a layout is assigned;
- `!pto.vmi.mask<Lxpred>`: a predicate of L lanes (`pred`: no granularity yet; `b8`, `b16`,
  `b32`: the physical granularity, which may carry a layout); `!pto.vmi.mask<L>` (the spec's
  spelling) is `pred`;
- `#pto.vmi.layout<contiguous>`, `<deinterleaved = 2|4>`, `<block_deinterleaved = 2|4>`,
  `<num_groups = C, slots = S>`, each with an optional `lane_stride = N`.

A layout is a map from logical lane to physical slot (`physical_slots`): register
`slot // lanes_per_register`, lane `slot % lanes_per_register`. Both the interpreter (the
internal `pto.vmi.unpack` / `pack`) and `pto-lower-vmi` read it here.

Integer signedness is VMI's, not the rest of the dialect's: a signless `iN` has unsigned
semantics (PTOAS `matchesVMIIntSemantics`), `siN` signed, `uiN` unsigned. `vmi_dtype` gives
the dtype a lane computes with (signless and `ui` map to the unsigned dtypes).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import ceil
from typing import cast

import numpy as np
from xdsl.dialects.builtin import IntAttr, IntegerType, NoneAttr, Signedness, StringAttr
from xdsl.ir import Attribute, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

from pto_dialect.dtypes import BF16X2, LOW_PRECISION, DType, dtype_named, dtype_of
from pto_dialect.vector_types import VREG_BITS

BLOCK_BYTES = 32
MAX_REGISTERS = 1024
"""The most vector registers one VMI value may span: 256 KiB, more than any target's unified
buffer holds (A5: 248 KiB), so no kernel loads a larger one; PTOAS's own kernels span at most
16 (1024 f32 lanes). Beyond it a type is refused, not placed lane by lane."""
"""A VLane: 32 bytes of a register (the unit of `vcg*` group reductions)."""


class LayoutKind(StrEnum):
    CONTIGUOUS = "contiguous"
    DEINTERLEAVED = "deinterleaved"
    BLOCK_DEINTERLEAVED = "block_deinterleaved"
    NUM_GROUPS = "num_groups"


@irdl_attr_definition
class VmiLayoutAttr(ParametrizedAttribute):
    """`#pto.vmi.layout<kind [= factor][, slots = S][, lane_stride = N]>`."""

    name = "pto.vmi.layout"

    kind: StringAttr
    factor: IntAttr
    slots: IntAttr
    lane_stride: IntAttr

    def __init__(
        self, kind: LayoutKind, factor: int = 1, slots: int = 0, lane_stride: int = 1
    ) -> None:
        super().__init__(StringAttr(kind.value), IntAttr(factor), IntAttr(slots),
                         IntAttr(lane_stride))  # fmt: skip

    @property
    def layout_kind(self) -> LayoutKind:
        return LayoutKind(self.kind.data)

    @property
    def is_contiguous(self) -> bool:
        return self.kind.data == LayoutKind.CONTIGUOUS

    @property
    def is_group_slots(self) -> bool:
        return self.kind.data == LayoutKind.NUM_GROUPS

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            pos = parser.pos
            word = parser.parse_identifier()
            if word not in {k.value for k in LayoutKind}:
                kinds = ", ".join(f"'{k.value}'" for k in LayoutKind)
                parser.raise_error(f"expected VMI layout kind {kinds}", pos, parser.pos)
            kind = LayoutKind(word)
            factor, slots, stride = 1, 0, 1
            if kind is not LayoutKind.CONTIGUOUS:
                parser.parse_punctuation("=")
                factor = parser.parse_integer(allow_boolean=False)
            allowed = {
                LayoutKind.CONTIGUOUS: ("lane_stride",),
                LayoutKind.DEINTERLEAVED: ("lane_stride",),
                LayoutKind.BLOCK_DEINTERLEAVED: (),
                LayoutKind.NUM_GROUPS: ("slots", "lane_stride"),
            }[kind]
            while parser.parse_optional_punctuation(",") is not None:
                pos = parser.pos
                field = parser.parse_identifier()
                if field not in allowed:
                    expected = " or ".join(f"'{f} = <integer>'" for f in allowed) or "'>'"
                    parser.raise_error(f"expected {expected}", pos, parser.pos)
                parser.parse_punctuation("=")
                value = parser.parse_integer(allow_boolean=False)
                if field == "slots":
                    slots = value
                else:
                    stride = value
        return [StringAttr(kind.value), IntAttr(factor), IntAttr(slots), IntAttr(stride)]

    def print_parameters(self, printer: Printer) -> None:
        text = self.kind.data
        if not self.is_contiguous:
            text += f" = {self.factor.data}"
        if self.slots.data:
            text += f", slots = {self.slots.data}"
        if self.lane_stride.data != 1:
            text += f", lane_stride = {self.lane_stride.data}"
        printer.print_string(f"<{text}>")

    def verify(self) -> None:
        kind, factor = self.layout_kind, self.factor.data
        if self.lane_stride.data <= 0:
            raise VerifyException(
                f"#pto.vmi.layout<{kind.value}> requires lane_stride to be positive"
            )
        if kind in (LayoutKind.DEINTERLEAVED, LayoutKind.BLOCK_DEINTERLEAVED):
            if factor not in (2, 4):
                raise VerifyException(
                    f"#pto.vmi.layout<{kind.value} = {factor}> expected factor to be 2 or 4"
                )
            if kind is LayoutKind.BLOCK_DEINTERLEAVED and self.lane_stride.data != 1:
                raise VerifyException(
                    f"#pto.vmi.layout<{kind.value} = {factor}> does not accept lane_stride"
                )
        if kind is LayoutKind.NUM_GROUPS:
            if factor <= 0:
                raise VerifyException(
                    f"#pto.vmi.layout<num_groups = {factor}> requires num_groups to be positive"
                )
            if self.slots.data < 0:
                raise VerifyException(
                    f"#pto.vmi.layout<num_groups = {factor}> requires slots to be omitted or "
                    "positive"
                )


CONTIGUOUS = VmiLayoutAttr(LayoutKind.CONTIGUOUS)


def _parse_layout(parser: AttrParser) -> Attribute:
    """`, #pto.vmi.layout<...>` after the shape, or nothing."""
    if parser.parse_optional_punctuation(",") is None:
        return NoneAttr()
    pos = parser.pos
    layout = parser.parse_attribute()
    if not isinstance(layout, VmiLayoutAttr):
        parser.raise_error("expected #pto.vmi.layout attribute", pos, parser.pos)
    return layout


def _print_layout(printer: Printer, layout: Attribute) -> None:
    if isinstance(layout, VmiLayoutAttr):
        printer.print_string(", ")
        printer.print_attribute(layout)


# ---- element types -------------------------------------------------------------------------


def storage_bits(element: Attribute) -> int | None:
    """Bits of one element in a register or memory (None: not a PTO element type)."""
    if isinstance(element, IntegerType):
        return element.bitwidth
    dtype = dtype_of(element)
    return None if dtype is None else dtype.bits


def is_vmi_int(element: Attribute) -> bool:
    return isinstance(element, IntegerType)


def signedness_of(element: Attribute) -> Signedness | None:
    """The signedness of an integer type, None for any other type."""
    if not isinstance(element, IntegerType):
        return None
    return cast("IntegerType[int, Signedness]", element).signedness.data


def is_vmi_signed(element: Attribute) -> bool:
    """An explicitly signed `siN` (signless and `uiN` have unsigned semantics in VMI)."""
    return signedness_of(element) is Signedness.SIGNED


def is_vmi_unsigned(element: Attribute) -> bool:
    """An explicitly unsigned `uiN`."""
    return signedness_of(element) is Signedness.UNSIGNED


def is_vmi_float(element: Attribute) -> bool:
    """A float or a PTO low-precision type (PTOAS `isVMIFloatLikeType`)."""
    dtype = dtype_of(element)
    return dtype is not None and dtype.is_float


def vmi_dtype(element: Attribute) -> DType:
    """The dtype a VMI lane of `element` computes with: `siN` signed, signless and `uiN`
    unsigned, floats as themselves (the caller has verified `element`)."""
    prefix = "i" if is_vmi_signed(element) else "ui"
    if isinstance(element, IntegerType):
        return dtype_named(f"{prefix}{element.bitwidth}")
    dtype = dtype_of(element)
    assert dtype is not None, f"{element} is not a VMI element type"
    return dtype


def is_low_precision(element: Attribute) -> bool:
    return dtype_of(element) in LOW_PRECISION


def is_bf16x2(element: Attribute) -> bool:
    return dtype_of(element) == BF16X2


# ---- the types -------------------------------------------------------------------------------


@irdl_attr_definition
class VmiVRegType(ParametrizedAttribute, TypeAttribute):
    """`!pto.vmi.vreg<LxT[, #pto.vmi.layout<...>]>`: L logical lanes of T."""

    name = "pto.vmi.vreg"

    lanes: IntAttr
    element_type: Attribute
    layout: Attribute

    def __init__(self, lanes: int, element_type: Attribute, layout: Attribute | None = None):
        super().__init__(IntAttr(lanes), element_type, NoneAttr() if layout is None else layout)

    @property
    def count(self) -> int:
        return self.lanes.data

    @property
    def dtype(self) -> DType:
        return vmi_dtype(self.element_type)

    @property
    def bits(self) -> int:
        bits = storage_bits(self.element_type)
        assert bits is not None
        return bits

    @property
    def layout_attr(self) -> VmiLayoutAttr | None:
        return self.layout if isinstance(self.layout, VmiLayoutAttr) else None

    def with_layout(self, layout: Attribute | None) -> VmiVRegType:
        return VmiVRegType(self.count, self.element_type, layout)

    def with_lanes(self, lanes: int) -> VmiVRegType:
        return VmiVRegType(lanes, self.element_type, self.layout_attr)

    def with_element(self, element: Attribute) -> VmiVRegType:
        return VmiVRegType(self.count, element, self.layout_attr)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            dims, element = parser.parse_ranked_shape()
            if len(dims) != 1:
                parser.raise_error("!pto.vmi.vreg takes one dimension: !pto.vmi.vreg<LxT>")
            layout = _parse_layout(parser)
        return [IntAttr(dims[0]), element, layout]

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{self.count}x")
        printer.print_attribute(self.element_type)
        _print_layout(printer, self.layout)
        printer.print_string(">")

    def verify(self) -> None:
        if self.count <= 0:
            raise VerifyException(f"'{self}' expected a positive element count")
        bits = storage_bits(self.element_type)
        if bits is None:
            raise VerifyException(
                f"'{self}' expected an integer, floating-point, or PTO low-precision element type"
            )
        if bits not in (8, 16, 32):
            raise VerifyException(
                f"'{self}' expected an 8-bit, 16-bit, or 32-bit logical element type"
            )
        layout = self.layout_attr
        if layout is not None and layout.is_group_slots and layout.factor.data != self.count:
            raise VerifyException(
                f"'{self}' expected num_groups layout to describe exactly one logical lane per "
                "group"
            )
        if not isinstance(self.layout, VmiLayoutAttr | NoneAttr):
            raise VerifyException(f"'{self}' expected layout to be #pto.vmi.layout")
        check_span(self, self.count, bits, layout)


GRANULARITIES = ("pred", "b8", "b16", "b32")


@irdl_attr_definition
class VmiMaskType(ParametrizedAttribute, TypeAttribute):
    """`!pto.vmi.mask<Lxpred>` (also `<L>`), `<Lxb32[, #pto.vmi.layout<...>]>`: L lanes."""

    name = "pto.vmi.mask"

    lanes: IntAttr
    granularity: StringAttr
    layout: Attribute

    def __init__(self, lanes: int, granularity: str = "pred", layout: Attribute | None = None):
        super().__init__(IntAttr(lanes), StringAttr(granularity),
                         NoneAttr() if layout is None else layout)  # fmt: skip

    @property
    def count(self) -> int:
        return self.lanes.data

    @property
    def is_pred(self) -> bool:
        return self.granularity.data == "pred"

    @property
    def bits(self) -> int | None:
        """The granularity's element width (None for `pred`)."""
        return None if self.is_pred else int(self.granularity.data[1:])

    @property
    def layout_attr(self) -> VmiLayoutAttr | None:
        return self.layout if isinstance(self.layout, VmiLayoutAttr) else None

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            pos = parser.pos
            lanes = parser.parse_integer(allow_boolean=False, allow_negative=False)
            granularity = "pred"
            word = parser.parse_optional_identifier()
            if word is not None:  # `256xpred` lexes as 256 and `xpred`
                granularity = word.removeprefix("x")
                if not word.startswith("x") or granularity not in GRANULARITIES:
                    parser.raise_error(
                        f"'!pto.vmi.mask<{lanes}{word}>' expected granularity to be one of "
                        "pred, b8, b16, b32",
                        pos,
                        parser.pos,
                    )
            layout = _parse_layout(parser)
        return [IntAttr(lanes), StringAttr(granularity), layout]

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{self.count}x{self.granularity.data}")
        _print_layout(printer, self.layout)
        printer.print_string(">")

    def verify(self) -> None:
        if self.count <= 0:
            raise VerifyException(f"'{self}' expected a positive element count")
        if self.granularity.data not in GRANULARITIES:
            raise VerifyException(f"'{self}' expected granularity to be one of pred, b8, b16, b32")
        if self.is_pred and self.layout_attr is not None:
            raise VerifyException(f"'{self}' pred mask must not carry layout")
        check_span(self, self.count, self.bits or 8, self.layout_attr)  # pred: the finest lanes


VmiType = VmiVRegType | VmiMaskType

# ---- physical placement ----------------------------------------------------------------------


@dataclass(frozen=True)
class Placement:
    """Where the lanes of a laid-out value live: `registers` physical registers of `width`
    lanes; logical lane i in flat slot `slots[i]` (register slot // width, lane slot % width).
    Slots no logical lane maps to are padding."""

    registers: int
    width: int
    slots: np.ndarray


def lanes_per_register(bits: int) -> int:
    return VREG_BITS // bits


def register_span(lanes: int, bits: int, layout: VmiLayoutAttr | None) -> int:
    """An upper bound of the registers `placement` gives, computed without placing lanes."""
    width = lanes_per_register(bits)
    if layout is None:
        return ceil(lanes / width)
    if layout.layout_kind is LayoutKind.NUM_GROUPS and layout.slots.data > 0:
        return ceil(lanes / layout.slots.data)
    parts = (
        1
        if layout.layout_kind in (LayoutKind.CONTIGUOUS, LayoutKind.NUM_GROUPS)
        else (layout.factor.data)
    )
    return ceil(lanes * layout.lane_stride.data / width) + parts


def check_span(type: Attribute, lanes: int, bits: int, layout: VmiLayoutAttr | None) -> None:
    """Refuses a VMI type that spans more than `MAX_REGISTERS` registers."""
    span = register_span(lanes, bits, layout)
    if span > MAX_REGISTERS:
        raise VerifyException(
            f"'{type}' spans {span} vector registers, more than the {MAX_REGISTERS} a VMI "
            f"value may span ({MAX_REGISTERS * VREG_BITS // 8 // 1024} KiB, more than a "
            "unified buffer holds)"
        )


def placement(lanes: int, bits: int, layout: VmiLayoutAttr | None) -> Placement:
    """The physical placement of `lanes` logical lanes of `bits`-bit elements under
    `layout` (None: contiguous). Deinterleaved parts follow each other, each on whole
    registers; a `num_groups` layout with `slots = S` puts S group lanes per register, at
    lanes 0, LS, 2 LS, ... of a lane stride LS."""
    width = lanes_per_register(bits)
    logical = np.arange(lanes, dtype=np.int64)
    if layout is None:
        return Placement(ceil(lanes / width), width, logical)
    stride = layout.lane_stride.data
    kind = layout.layout_kind
    if kind is LayoutKind.NUM_GROUPS and layout.slots.data > 0:
        per = layout.slots.data  # PTOAS vmi-lane-stride-generalization-design.md 2.3
        slots = (logical // per) * width + (logical % per) * stride
        return Placement(ceil(lanes / per), width, slots)
    if kind in (LayoutKind.CONTIGUOUS, LayoutKind.NUM_GROUPS):
        count = ceil(((lanes - 1) * stride + 1) / width)
        return Placement(count, width, logical * stride)
    factor = layout.factor.data
    # a block is 32 bytes of lanes (PTOAS vmi-layout-assignment-lowering-design.md: B = 32B /
    # sizeof(element); f32 8, f16 16, 8-bit 32)
    block = BLOCK_BYTES * 8 // bits if kind is LayoutKind.BLOCK_DEINTERLEAVED else 1
    blocks, within = logical // block, logical % block
    part = blocks % factor
    index = (blocks // factor) * block + within
    slots = np.empty(lanes, dtype=np.int64)
    first = 0
    for p in range(factor):
        members = part == p
        if not members.any():
            continue
        slots[members] = first * width + index[members] * stride
        first += ceil((int(index[members].max()) * stride + 1) / width)
    return Placement(first, width, slots)


def mask_carrier_bits(type: VmiMaskType) -> int | None:
    """The granularity of the `!pto.mask` parts of a concrete mask: its own times its layout's
    lane stride (PTOAS `getVMIMaskPhysicalGranularity`: a b16 mask of lane stride 2 is
    carried by b32 masks, one lane per logical lane); None past b32 or for `pred`."""
    layout = type.layout_attr
    stride = 1 if layout is None else layout.lane_stride.data
    bits = None if type.bits is None else type.bits * stride
    return bits if bits in (8, 16, 32) else None


def placement_of(type: VmiVRegType | VmiMaskType, bits: int | None = None) -> Placement:
    """The placement of a value of `type`; a mask's lane width is its carrier's granularity
    (`mask_carrier_bits`, its lanes dense in the carrier), or `bits`, the governed data's,
    for a `pred` mask."""
    if isinstance(type, VmiVRegType):
        return placement(type.count, type.bits, type.layout_attr)
    layout = type.layout_attr
    carrier = mask_carrier_bits(type) if type.bits else None
    if carrier is not None and layout is not None and layout.lane_stride.data != 1:
        dense = VmiLayoutAttr(layout.layout_kind, layout.factor.data, layout.slots.data)
        return placement(type.count, carrier, dense)
    width_bits = type.bits or bits
    assert width_bits is not None, "a pred mask has no physical placement of its own"
    return placement(type.count, width_bits, layout)


TYPES: list[type[Attribute]] = [VmiLayoutAttr, VmiVRegType, VmiMaskType]
