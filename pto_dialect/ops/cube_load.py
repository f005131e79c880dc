"""L1 -> L0A / L0B operand loads and their MX scale loads (MTE1).

- `pto.mte_l1_l0a %src, %dst, %m, %k[, %start_row, %start_col] {transpose = ...}` and
  `pto.mte_l1_l0b %src, %dst, %k, %n[, %start_row, %start_col]`: the shape form (the
  manual writes two operands, PTOAS four; the starts default to 0), or the full-control form
  `%src, %dst, %m_start, %k_start, %m_step, %k_step, %src_stride, %dst_stride`, or the
  named form `%src, %dst, m(%x), k(%y), ...` (PTOAS's parser, for incomplete groups).
- `pto.mte_l1_l0a_mx` / `pto.mte_l1_l0b_mx`: the same shape forms, or the full MX form
  `x_start, y_start, x_step, y_step, src_stride, dst_stride`.
- `pto.load_cbuf_to_ca` / `pto.load_cbuf_to_cb %src, %dst, %m_start, %k_start, %m_step,
  %k_step, %src_stride, %dst_stride {transpose}`: PTOAS's raw forms of the full-control load.

What the controls select (fractal units: a box of 16 rows x 32 bytes, a scale fragment of 32
bytes) is `interpreters/semantics/cube.py`; the shape form derives them as PTOAS does
(lib/PTO/Transforms/VPTOExpandWrapperOps.cpp `deriveLoadCbufToCaControl`).

Manual: docs/isa/cube/ops/data-movement/mte-l1-l0{a,b}{,-mx}.md; syntax: PTOAS
include/PTO/IR/VPTOOps.td and lib/PTO/IR/VPTO.cpp `parseMteL1L0OptionalOperandsOp`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Self

from xdsl.dialects.builtin import BoolAttr, IntegerAttr, i64
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer

from pto_dialect.attrs import Pipe
from pto_dialect.buffer_like import buffer_pointer
from pto_dialect.memory_types import MemorySpace, PtrType
from pto_dialect.ops.base import PtoOp, fail
from pto_dialect.ops.cube_move import PAGES
from pto_dialect.ops.dma import DmaOp
from pto_dialect.ops.tile_memory import constant_index
from pto_dialect.records import CostFormula, Formula

_U16 = (1 << 16) - 1
_U8 = (1 << 8) - 1
TRANSPOSE = "transpose"


def check_pointer(op: PtoOp, value: SSAValue, role: str, space: MemorySpace) -> PtrType:
    """`value` is a `!pto.ptr` into `space` (an untyped one may point anywhere)."""
    ptr = buffer_pointer(value.type)
    if ptr is None:
        raise fail(f"{op.name} {role} must be a !pto.ptr, got {value.type}")
    if ptr.is_typed and ptr.memory is not space:
        raise fail(f"{op.name} {role} must point to {space.value}, got {value.type}")
    return ptr


def check_same_element(op: PtoOp, src: PtrType, dst: PtrType) -> None:
    if src.is_typed and dst.is_typed and src.pointee != dst.pointee:
        raise fail(
            f"{op.name} source element type {src.pointee} must equal the destination "
            f"element type {dst.pointee}"
        )


def check_same_width(op: PtoOp, src: PtrType, dst: PtrType) -> None:
    """The element types are as wide (PTOAS `verifyCubeBridgeLoadLikeOp`): the MX scale
    loads move bytes, whatever the pointers' element types."""
    a, b = src.element, dst.element
    if a is not None and b is not None and a.bits != b.bits:
        raise fail(
            f"{op.name} source element type {src.pointee} ({a.bits} bits) must be as wide as "
            f"the destination element type {dst.pointee} ({b.bits} bits)"
        )


def check_range(op: PtoOp, value: SSAValue, role: str, low: int, high: int) -> None:
    """A constant `value` lies in [low, high] (the hardware field's range)."""
    known = constant_index(value)
    if known is not None and not low <= known <= high:
        raise fail(f"{op.name} {role} = {known} must lie in [{low}, {high}]")


class L1LoadOp(PtoOp):
    """L1 -> L0A/L0B: the source and destination pointers, then one complete operand group
    of `SHAPE_NAMES` (the starts optional) or `FULL_NAMES`."""

    PIPE: ClassVar[Pipe] = Pipe.MTE1
    DST_SPACE: ClassVar[MemorySpace]
    SHAPE_NAMES: ClassVar[tuple[str, str, str, str]]
    FULL_NAMES: ClassVar[tuple[str, ...]] = (
        "m_start",
        "k_start",
        "m_step",
        "k_step",
        "src_stride",
        "dst_stride",
    )
    FULL_RANGES: ClassVar[tuple[tuple[int, int], ...]] = (
        (0, _U16),
        (0, _U16),
        (1, _U8),
        (1, _U8),
        (1, _U16),
        (1, _U16),
    )
    """The hardware fields of the full form (VPTO.cpp `verifyMteL1L0LoadOperands`)."""
    TRANSPOSABLE: ClassVar[bool] = True
    SCALES: ClassVar[bool] = False
    """An MX scale load: bytes, whatever the element types (their widths must agree)."""

    source = operand_def()
    destination = operand_def()
    f0 = opt_operand_def()
    f1 = opt_operand_def()
    f2 = opt_operand_def()
    f3 = opt_operand_def()
    f4 = opt_operand_def()
    f5 = opt_operand_def()
    f6 = opt_operand_def()
    f7 = opt_operand_def()
    f8 = opt_operand_def()
    f9 = opt_operand_def()

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(
        self,
        source: SSAValue,
        destination: SSAValue,
        fields: Sequence[SSAValue | None],
        transpose: bool = False,
    ) -> None:
        """A load with its ten operand slots: `SHAPE_NAMES` then `FULL_NAMES` (None: absent)."""
        slots = [*fields, *[None] * (10 - len(fields))]
        super().__init__(operands=[source, destination, *[[] if v is None else [v] for v in slots]])
        if transpose:
            self.attributes[TRANSPOSE] = BoolAttr.from_bool(True)

    @classmethod
    def shaped(
        cls,
        source: SSAValue,
        destination: SSAValue,
        extents: tuple[SSAValue, SSAValue],
        starts: tuple[SSAValue, SSAValue] | None = None,
        transpose: bool = False,
    ) -> Self:
        """The shape form: the two extents and, optionally, the two starts."""
        return cls(source, destination, [*extents, *(starts or (None, None))], transpose)

    @classmethod
    def controlled(
        cls,
        source: SSAValue,
        destination: SSAValue,
        controls: Sequence[SSAValue],
        transpose: bool = False,
    ) -> Self:
        """The full-control form: the six controls in `FULL_NAMES` order."""
        return cls(source, destination, [None] * 4 + list(controls), transpose)

    # ---- views -------------------------------------------------------------------------
    @property
    def fields(self) -> list[SSAValue | None]:
        return [
            self.f0,
            self.f1,
            self.f2,
            self.f3,
            self.f4,
            self.f5,
            self.f6,
            self.f7,
            self.f8,
            self.f9,
        ]

    @property
    def shape_operands(self) -> list[SSAValue | None]:
        return self.fields[:4]

    @property
    def full_operands(self) -> list[SSAValue | None]:
        return self.fields[4:]

    @property
    def is_full(self) -> bool:
        return any(v is not None for v in self.full_operands)

    @property
    def transpose(self) -> bool:
        attr = self.attributes.get(TRANSPOSE)
        return isinstance(attr, IntegerAttr) and bool(attr.value.data)

    # ---- syntax ------------------------------------------------------------------------
    @classmethod
    def parse(cls, parser: Parser) -> Self:
        src = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        dst = parser.parse_unresolved_operand()
        names = (*cls.SHAPE_NAMES, *cls.FULL_NAMES)
        named: dict[int, UnresolvedOperand] = {}
        order: list[int] = []
        positional: list[UnresolvedOperand] = []
        while parser.parse_optional_punctuation(",") is not None:
            pos = parser.pos
            word = parser.parse_optional_identifier()
            if word is not None:
                if word not in names:
                    parser.raise_error(f"unknown {cls.name} operand '{word}'", pos)
                index = names.index(word)
                if index in named:
                    parser.raise_error(f"duplicate {cls.name} operand '{word}'", pos)
                with parser.in_parens():
                    named[index] = parser.parse_unresolved_operand()
                order.append(index)
            else:
                positional.append(parser.parse_unresolved_operand())
        if positional and named:
            parser.raise_error(f"{cls.name} mixes positional and named operands")
        if not named and len(positional) not in (2, 4, 6):
            parser.raise_error(
                f"{cls.name} expects two or four shape operands or six full control operands"
            )
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        types: list[Attribute] = parser.parse_comma_separated_list(
            parser.Delimiter.NONE, parser.parse_type
        )
        count = 2 + len(positional) + len(named)
        if len(types) != count:
            parser.raise_error(f"{cls.name} expects {count} types, got {len(types)}")
        source = parser.resolve_operand(src, types[0])
        destination = parser.resolve_operand(dst, types[1])
        slots: list[SSAValue | None] = [None] * 10
        if named:
            for index, type in zip(order, types[2:], strict=True):
                slots[index] = parser.resolve_operand(named[index], type)
        else:
            base = 4 if len(positional) == 6 else 0
            for i, (operand, type) in enumerate(zip(positional, types[2:], strict=True)):
                slots[base + i] = parser.resolve_operand(operand, type)
        op = cls(source, destination, slots)
        op.attributes |= attrs
        return op

    def print(self, printer: Printer) -> None:
        fields = self.fields
        shape, full = fields[:4], fields[4:]
        present = [v for v in fields if v is not None]
        printer.print_string(" ")
        printer.print_operand(self.source)
        printer.print_string(", ")
        printer.print_operand(self.destination)
        complete_shape = (
            shape[0] is not None
            and shape[1] is not None
            and (shape[2] is None) == (shape[3] is None)
            and not any(full)
        )
        complete_full = all(v is not None for v in full) and not any(shape)
        if complete_shape or complete_full:
            for value in present:
                printer.print_string(", ")
                printer.print_operand(value)
        else:
            names = (*self.SHAPE_NAMES, *self.FULL_NAMES)
            for name, value in zip(names, fields, strict=True):
                if value is not None:
                    printer.print_string(f", {name}(")
                    printer.print_operand(value)
                    printer.print_string(")")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_list(
            [self.source.type, self.destination.type, *(v.type for v in present)],
            printer.print_attribute,
        )

    # ---- rules -------------------------------------------------------------------------
    def verify_(self) -> None:
        src = check_pointer(self, self.source, "source", MemorySpace.L1)
        dst = check_pointer(self, self.destination, "destination", self.DST_SPACE)
        (check_same_width if self.SCALES else check_same_element)(self, src, dst)
        shape, full = self.shape_operands, self.full_operands
        has_shape, has_full = any(shape), any(full)
        if has_shape and has_full:
            raise fail(f"{self.name} cannot mix shape operands with full control operands")
        if not has_shape and not has_full:
            raise fail(f"{self.name} requires the shape operands or the full control operands")
        for value in (v for v in self.fields if v is not None):
            if value.type != i64:
                raise fail(f"{self.name} operands must be i64, got {value.type}")
        if has_full:
            for name, value, (low, high) in zip(
                self.FULL_NAMES, full, self.FULL_RANGES, strict=True
            ):
                if value is None:
                    raise fail(f"{self.name} full control form requires {name}")
                check_range(self, value, name, low, high)
        else:
            for name, value in zip(self.SHAPE_NAMES[:2], shape[:2], strict=True):
                if value is None:
                    raise fail(f"{self.name} shape form requires {name}")
                check_range(self, value, name, 1, _U16)
            if (shape[2] is None) != (shape[3] is None):
                raise fail(f"{self.name} shape form takes start_row and start_col together")
            for name, value in zip(self.SHAPE_NAMES[2:], shape[2:], strict=True):
                if value is not None:
                    check_range(self, value, name, 0, _U16)
        transpose = self.attributes.get(TRANSPOSE)
        if transpose is not None and (
            not isinstance(transpose, IntegerAttr) or not self.TRANSPOSABLE
        ):
            raise fail(f"{self.name} transpose must be a boolean attribute of a data load")


_COST = Formula(CostFormula.TRANSFER)


@irdl_op_definition
class MteL1L0aOp(L1LoadOp):
    """L1 -> L0A: a left operand tile, in the target's L0A fractal order."""

    name = "pto.mte_l1_l0a"

    MANUAL: ClassVar = PAGES + "mte-l1-l0a.md"
    COST: ClassVar = _COST
    DST_SPACE: ClassVar[MemorySpace] = MemorySpace.L0A
    SHAPE_NAMES: ClassVar[tuple[str, str, str, str]] = ("m", "k", "start_row", "start_col")


@irdl_op_definition
class MteL1L0bOp(L1LoadOp):
    """L1 -> L0B: a right operand tile (ZN, K innermost)."""

    name = "pto.mte_l1_l0b"

    MANUAL: ClassVar = PAGES + "mte-l1-l0b.md"
    COST: ClassVar = _COST
    DST_SPACE: ClassVar[MemorySpace] = MemorySpace.L0B
    SHAPE_NAMES: ClassVar[tuple[str, str, str, str]] = ("k", "n", "start_row", "start_col")


_MX_FULL = ("x_start", "y_start", "x_step", "y_step", "src_stride", "dst_stride")
_MX_RANGES = ((0, _U16), (0, _U16), (1, _U8), (1, _U8), (1, _U16), (1, _U16))


class MxScaleLoadOp(L1LoadOp):
    """L1 -> the MX scales of an L0 operand buffer (at its address / 16): 32-byte scale
    fragments, never transposed."""

    COST: ClassVar = _COST
    FULL_NAMES: ClassVar[tuple[str, ...]] = _MX_FULL
    FULL_RANGES: ClassVar[tuple[tuple[int, int], ...]] = _MX_RANGES
    TRANSPOSABLE: ClassVar[bool] = False
    SCALES: ClassVar[bool] = True


@irdl_op_definition
class MteL1L0aMxOp(MxScaleLoadOp):
    """L1 -> the MX scales of L0A (at the L0A address / 16): 32-byte scale fragments."""

    name = "pto.mte_l1_l0a_mx"

    MANUAL: ClassVar = PAGES + "mte-l1-l0a-mx.md"
    DST_SPACE: ClassVar[MemorySpace] = MemorySpace.L0A
    SHAPE_NAMES: ClassVar[tuple[str, str, str, str]] = ("m", "k", "start_row", "start_col")


@irdl_op_definition
class MteL1L0bMxOp(MxScaleLoadOp):
    """L1 -> the MX scales of L0B (at the L0B address / 16)."""

    name = "pto.mte_l1_l0b_mx"

    MANUAL: ClassVar = PAGES + "mte-l1-l0b-mx.md"
    DST_SPACE: ClassVar[MemorySpace] = MemorySpace.L0B
    SHAPE_NAMES: ClassVar[tuple[str, str, str, str]] = ("k", "n", "start_row", "start_col")


class RawL1LoadOp(DmaOp):
    """PTOAS's raw full-control load: `%src, %dst` and the six controls, `{transpose}`."""

    PIPE: ClassVar[Pipe] = Pipe.MTE1
    SRC_SPACE: ClassVar[MemorySpace | None] = MemorySpace.L1

    source = operand_def()
    destination = operand_def()
    m_start = operand_def()
    k_start = operand_def()
    m_step = operand_def()
    k_step = operand_def()
    src_stride = operand_def()
    dst_stride = operand_def()

    @property
    def transpose(self) -> bool:
        attr = self.attributes.get(TRANSPOSE)
        return isinstance(attr, IntegerAttr) and bool(attr.value.data)

    def verify_(self) -> None:
        super().verify_()
        controls = (
            self.m_start,
            self.k_start,
            self.m_step,
            self.k_step,
            self.src_stride,
            self.dst_stride,
        )
        for name, value, (low, high) in zip(
            L1LoadOp.FULL_NAMES, controls, L1LoadOp.FULL_RANGES, strict=True
        ):
            check_range(self, value, name, low, high)


@irdl_op_definition
class LoadCbufToCaOp(RawL1LoadOp):
    """`mte_l1_l0a`'s full-control form under its PTOAS name."""

    name = "pto.load_cbuf_to_ca"

    MANUAL: ClassVar = PAGES + "mte-l1-l0a.md"
    COST: ClassVar = _COST
    DST_SPACE: ClassVar[MemorySpace | None] = MemorySpace.L0A


@irdl_op_definition
class LoadCbufToCbOp(RawL1LoadOp):
    """`mte_l1_l0b`'s full-control form under its PTOAS name."""

    name = "pto.load_cbuf_to_cb"

    MANUAL: ClassVar = PAGES + "mte-l1-l0b.md"
    COST: ClassVar = _COST
    DST_SPACE: ClassVar[MemorySpace | None] = MemorySpace.L0B


OPS: list[type[IRDLOperation]] = [
    MteL1L0aOp,
    MteL1L0bOp,
    MteL1L0aMxOp,
    MteL1L0bMxOp,
    LoadCbufToCaOp,
    LoadCbufToCbOp,
]
