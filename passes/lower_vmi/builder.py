"""The state of one `pto-lower-vmi` run: the physical registers of every lowered VMI value,
its layout, and the helpers that emit micro-ops and the scalars they need.

A VMI value of L lanes of T becomes the registers its layout places it in
(`vmi_types.placement`): `Layout.CONTIGUOUS` lane i in register i // N, lane i % N;
`Layout.DEINTERLEAVED` the even lanes (part 0) then the odd ones (part 1), each part on
whole registers. Register element types carry VMI's signedness (`physical`: a signless iN
is `!pto.vreg<Nxui..>`, siN `i..`), so that the micro-ops compare, shift and convert as the
VMI op means. Masks are made on demand for the granularity and layout a consumer needs
(`masks.py`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from math import ceil
from typing import cast

from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    NoneAttr,
    i16,
    i32,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from passes.common import pass_error
from passes.lower_vmi.layout_kinds import is_plain, why_not
from pto_dialect.attrs import CmpMode, Location, LocationAttr
from pto_dialect.dtypes import DType, mlir_type
from pto_dialect.memory_types import MemorySpace, PtrType
from pto_dialect.ops.pointer import AddPtrOp, CastPtrOp
from pto_dialect.ops.tile_buf_meta import TileBufAddrOp
from pto_dialect.ops.vector_arith import VBrOp
from pto_dialect.ops.vector_convert import VBitcastOp
from pto_dialect.ops.vector_index import VciOp
from pto_dialect.ops.vector_mask import PLT_OPS, PSET_OPS
from pto_dialect.ops.vector_rearrange import VDintlvOp, VIntlvOp
from pto_dialect.ops.vmi_types import (
    LayoutKind,
    VmiLayoutAttr,
    VmiMaskType,
    VmiVRegType,
    lanes_per_register,
    mask_carrier_bits,
    placement,
    vmi_dtype,
)
from pto_dialect.vector_types import MaskType, VRegType

NAME = "pto-lower-vmi"
INDEX = IndexType()


class Layout(Enum):
    CONTIGUOUS = "contiguous"
    DEINTERLEAVED = "deinterleaved = 2"


def layout_of_type(type: VmiVRegType | VmiMaskType, op: Operation) -> Layout | None:
    """The layout a type spells (None: none assigned), as this pass computes it: a layout
    other than contiguous and `deinterleaved = 2` is computed contiguous (`placed.py`)."""
    attr = _carried(type)
    if attr is None:
        return None
    if is_plain(attr):
        kind = attr.layout_kind
        return Layout.DEINTERLEAVED if kind is LayoutKind.DEINTERLEAVED else Layout.CONTIGUOUS
    why = why_not(attr, placed_bits(type), isinstance(type, VmiMaskType))
    if why is not None:
        raise pass_error(NAME, f"layout {attr}: {why}", op)
    return Layout.CONTIGUOUS


def placed_attr(type: Attribute) -> VmiLayoutAttr | None:
    """The layout of a VMI type whose registers are placed otherwise than the pass computes
    them (`placed.py`), else None."""
    if not isinstance(type, VmiVRegType | VmiMaskType):
        return None
    attr = _carried(type)
    return None if is_plain(attr) else attr


def _carried(type: VmiVRegType | VmiMaskType) -> VmiLayoutAttr | None:
    """The layout of `type`'s registers: a mask of lane stride S is carried dense by masks
    of S times its granularity (`mask_carrier_bits`, PTOAS `getVMIMaskPhysicalGranularity`),
    so its layout without the stride."""
    attr = type.layout_attr
    strided = attr is not None and attr.lane_stride.data != 1
    if strided and isinstance(type, VmiMaskType) and mask_carrier_bits(type) is not None:
        assert attr is not None
        return VmiLayoutAttr(attr.layout_kind, attr.factor.data, attr.slots.data)
    return attr


def placed_bits(type: VmiVRegType | VmiMaskType) -> int:
    """The lane width the placement of `type` counts in (a `pred` mask: b32's)."""
    if isinstance(type, VmiVRegType):
        return type.bits
    return type.bits or 32


def layout_attr(layout: Layout) -> VmiLayoutAttr:
    if layout is Layout.CONTIGUOUS:
        return VmiLayoutAttr(LayoutKind.CONTIGUOUS)
    return VmiLayoutAttr(LayoutKind.DEINTERLEAVED, 2)


def register_count(lanes: int, bits: int, layout: Layout) -> int:
    return placement(lanes, bits, layout_attr(layout)).registers


def part_counts(lanes: int, bits: int, layout: Layout) -> list[int]:
    """Registers of each part (contiguous: one part)."""
    width = lanes_per_register(bits)
    if layout is Layout.CONTIGUOUS:
        return [ceil(lanes / width)]
    return [ceil(ceil((lanes - p) / 2) / width) for p in range(2)]


def physical(element: Attribute) -> Attribute:
    """The register element type of a VMI element: its VMI dtype, spelled for the
    micro-ops (signless iN -> uiN, siN -> iN)."""
    return mlir_type(vmi_dtype(element))


@dataclass
class Regs:
    """A lowered VMI data value: its registers in layout order."""

    values: list[SSAValue]
    layout: Layout
    lanes: int
    dtype: DType

    @property
    def width(self) -> int:
        return lanes_per_register(self.dtype.bits)

    @property
    def vreg(self) -> VRegType:
        return VRegType(mlir_type(self.dtype))


@dataclass
class Lowerer:
    """Emits the micro-ops of VMI ops before the op being lowered."""

    rewriter: Rewriter
    regs: dict[SSAValue, Regs] = field(default_factory=dict[SSAValue, Regs])
    masks: dict[tuple[SSAValue, int, Layout], list[SSAValue]] = field(
        default_factory=dict[tuple[SSAValue, int, Layout], list[SSAValue]]
    )
    layouts: dict[SSAValue, Layout] = field(default_factory=dict[SSAValue, Layout])
    """The layout assignment (`layout.py`)."""
    op: Operation | None = None
    """The VMI op being lowered (new ops go before it and take its location)."""
    scope: Block | None = None
    """The block of the `pto.vecscope` being lowered: constants and all-true masks go at
    its start, so that they dominate every use in the scope."""
    _constants: dict[tuple[object, Attribute], SSAValue] = field(
        default_factory=dict[tuple[object, Attribute], SSAValue]
    )
    _converted: dict[tuple[SSAValue, Layout], Regs] = field(
        default_factory=dict[tuple[SSAValue, Layout], Regs]
    )
    _follower: dict[SSAValue, Operation] = field(default_factory=dict[SSAValue, Operation])
    """Per value, the op its layout conversions go before (the op after its definition)."""

    # ---- emission -----------------------------------------------------------------------
    def emit(self, op: Operation) -> Operation:
        assert self.op is not None
        op.location = self.op.location
        self.rewriter.insert_op(op, InsertPoint.before(self.op))
        return op

    def fail(self, message: str) -> Exception:
        return pass_error(NAME, message, self.op)

    def hoist(self, key: tuple[object, Attribute], make: Operation) -> SSAValue:
        """`make`'s result at the start of the scope, once per key."""
        if key not in self._constants:
            assert self.scope is not None and self.op is not None
            make.location = self.op.location
            first = self.scope.first_op
            point = (
                InsertPoint.before(first) if first is not None else InsertPoint.at_end(self.scope)
            )
            self.rewriter.insert_op(make, point)
            self._constants[key] = make.results[0]
        return self._constants[key]

    def const(self, value: int, type: Attribute = INDEX) -> SSAValue:
        attr = IntegerAttr(value, cast(IntegerType | IndexType, type))
        return self.hoist((value, type), arith.ConstantOp(attr))

    def index_add(self, a: SSAValue, b: int) -> SSAValue:
        if b == 0:
            return a
        return self.emit(arith.AddiOp(a, self.const(b))).results[0]

    def smin(self, a: SSAValue, b: SSAValue) -> SSAValue:
        """`min(a, b)` (signed) by a compare and a select."""
        less = self.emit(arith.CmpiOp(a, b, "slt")).results[0]
        return self.emit(arith.SelectOp(less, a, b)).results[0]

    def smax(self, a: SSAValue, b: SSAValue) -> SSAValue:
        greater = self.emit(arith.CmpiOp(a, b, "sgt")).results[0]
        return self.emit(arith.SelectOp(greater, a, b)).results[0]

    def to_i32(self, value: SSAValue) -> SSAValue:
        if value.type == i32:
            return value
        return self.emit(arith.IndexCastOp(value, i32)).results[0]

    def i32_add(self, a: SSAValue, b: int) -> SSAValue:
        if b == 0:
            return a
        return self.emit(arith.AddiOp(a, self.const(b, i32))).results[0]

    def pointer(self, ptr: SSAValue, dtype: DType) -> SSAValue:
        """`ptr` as a UB pointer to `dtype` elements (a castptr when the pointee differs)."""
        ptr_type = ptr.type
        if isinstance(ptr_type, MemRefType):
            memref = cast(MemRefType[Attribute], ptr_type)
            if _plain_vec(memref):
                ptr_type = PtrType(memref.element_type, MemorySpace.UB)
                ptr = self.emit(TileBufAddrOp(ptr, ptr_type)).results[0]
        if not isinstance(ptr_type, PtrType):
            raise self.fail(f"a {ptr_type} operand has no lowering here (a !pto.ptr or a vec "
                            "memref of identity layout has)")  # fmt: skip
        wanted = PtrType(mlir_type(dtype), MemorySpace.UB)
        if ptr_type == wanted:
            return ptr
        return self.emit(CastPtrOp(ptr, wanted)).results[0]

    def advance(self, ptr: SSAValue, elements: SSAValue) -> SSAValue:
        return self.emit(AddPtrOp(ptr, elements)).results[0]

    # ---- registers ------------------------------------------------------------------------
    def all_true(self, bits: int) -> SSAValue:
        return self.hoist(("all", MaskType(bits)), PSET_OPS[bits]("PAT_ALL"))

    def prefix(self, count: SSAValue, bits: int) -> SSAValue:
        """The mask of lanes below the i32 `count` (clamped to [0, N])."""
        return self.emit(PLT_OPS[bits](count)).results[0]

    def splat(self, value: int | float, dtype: DType) -> SSAValue:
        """A register of `value` on every lane."""
        type = mlir_type(dtype)
        if dtype.is_float:
            from xdsl.dialects.builtin import FloatAttr

            scalar = self.emit(arith.ConstantOp(FloatAttr(float(value), type))).results[0]  # pyright: ignore
        else:
            raw = int(value) & ((1 << dtype.bits) - 1)
            if raw >= 1 << (dtype.bits - 1):
                raw -= 1 << dtype.bits
            scalar = self.const(raw, IntegerType(dtype.bits))
        return self.emit(VBrOp(scalar, VRegType(type))).results[0]

    def lane_index(self, dtype: DType, start: int = 0) -> SSAValue:
        """A register whose lane i holds `start + i` (an integer type of `dtype`'s width)."""
        int_type = IntegerType(dtype.bits)
        base = self.const(start - (1 << dtype.bits) * (start >= 1 << (dtype.bits - 1)), int_type)
        index_vreg = VRegType(mlir_type(_unsigned(dtype)))
        return self.emit(VciOp(base, index_vreg)).results[0]

    # ---- values ----------------------------------------------------------------------------
    def define(self, value: SSAValue, regs: Regs, follower: Operation | None = None) -> None:
        """`value` is `regs` (then converted to the value's assigned layout); conversions of
        it go before `follower` (default: the op after its defining op)."""
        if follower is None:
            owner = value.owner
            assert isinstance(owner, Operation)
            follower = owner.next_op or owner  # the VMI op goes once its scope is lowered
        self._follower[value] = follower
        wanted = self.layouts.get(value, regs.layout)
        self.regs[value] = regs
        self._converted[(value, regs.layout)] = regs
        if wanted is not regs.layout:
            self.regs[value] = self.in_layout(value, wanted)

    def get(self, value: SSAValue, layout: Layout | None = None) -> Regs:
        """The registers of `value`, in `layout` when given."""
        regs = self.regs.get(value)
        if regs is None:
            raise self.fail(f"value {value.name_hint or ''} of type {value.type} has no lowering "
                            "(defined outside the lowered region?)")  # fmt: skip
        if layout is None or layout is regs.layout:
            return regs
        return self.in_layout(value, layout)

    def in_layout(self, value: SSAValue, layout: Layout) -> Regs:
        """`value`'s registers in `layout`, converted right after its definition (so that
        the conversion dominates every later use)."""
        key = (value, layout)
        if key not in self._converted:
            saved = self.op
            try:
                self.op = self._follower[value]
                self._converted[key] = convert(self, self.regs[value], layout)
            finally:
                self.op = saved
        return self._converted[key]


def _plain_vec(memref: MemRefType[Attribute]) -> bool:
    """A `vec` memref of identity layout: its data starts at `tile_buf_addr` (a strided or
    offset layout is refused, as PTOAS's VMI-to-VPTO refuses it)."""
    space = memref.memory_space
    vec = isinstance(space, LocationAttr) and space.data is Location.VEC
    return vec and isinstance(memref.layout, NoneAttr)


def _unsigned(dtype: DType) -> DType:
    from pto_dialect.dtypes import dtype_named

    return dtype_named(f"ui{dtype.bits}")


PERMUTABLE = frozenset({"bf16", "f16", "f32", "i16", "i32", "i8", "ui16", "ui32", "ui8"})
"""Element types `vintlv` / `vdintlv` / `vselr` take; others (FP4 and bf16 pairs, FP8)
move as unsigned integers of their width (a `vbitcast` each way)."""


def carrier_of(dtype: DType) -> DType:
    """The element type lanes of `dtype` move between registers as."""
    return dtype if dtype.name in PERMUTABLE else _unsigned(dtype)


def recast(lowerer: Lowerer, values: Sequence[SSAValue], dtype: DType) -> list[SSAValue]:
    """`values` as registers of `dtype` (a `vbitcast` where the type differs)."""
    wanted = VRegType(mlir_type(dtype))
    return [v if v.type == wanted else lowerer.emit(VBitcastOp(v, wanted)).results[0]
            for v in values]  # fmt: skip


def convert(lowerer: Lowerer, regs: Regs, layout: Layout) -> Regs:
    """`regs` in `layout`: contiguous <-> deinterleaved by `vdintlv` / `vintlv` of register
    pairs (the even and odd lanes of two consecutive registers are the two parts' next
    register), on the lanes' carrier type (`carrier_of`)."""
    carrier = carrier_of(regs.dtype)
    if carrier is not regs.dtype:
        moved = Regs(recast(lowerer, regs.values, carrier), regs.layout, regs.lanes, carrier)
        done = convert(lowerer, moved, layout)
        return Regs(recast(lowerer, done.values, regs.dtype), layout, regs.lanes, regs.dtype)
    lanes, bits = regs.lanes, regs.dtype.bits
    pad: list[SSAValue] = []

    def padding() -> SSAValue:
        if not pad:
            pad.append(lowerer.splat(0, regs.dtype))
        return pad[0]

    if layout is Layout.DEINTERLEAVED:
        counts = part_counts(lanes, bits, layout)
        source = list(regs.values)
        even: list[SSAValue] = []
        odd: list[SSAValue] = []
        for j in range(max(counts)):
            a = source[2 * j] if 2 * j < len(source) else padding()
            b = source[2 * j + 1] if 2 * j + 1 < len(source) else padding()
            pair = lowerer.emit(VDintlvOp(a, b))
            even.append(pair.results[0])
            odd.append(pair.results[1])
        return Regs(even[: counts[0]] + odd[: counts[1]], layout, lanes, regs.dtype)
    counts = part_counts(lanes, bits, Layout.DEINTERLEAVED)
    parts = [regs.values[: counts[0]], regs.values[counts[0] :]]
    total = register_count(lanes, bits, Layout.CONTIGUOUS)
    out: list[SSAValue] = []
    for j in range(counts[0]):
        a = parts[0][j]
        b = parts[1][j] if j < len(parts[1]) else padding()
        pair = lowerer.emit(VIntlvOp(a, b))
        out += [pair.results[0], pair.results[1]]
    return Regs(out[:total], layout, lanes, regs.dtype)


def vmi_regs(type: VmiVRegType, values: Sequence[SSAValue], layout: Layout) -> Regs:
    return Regs(list(values), layout, type.count, type.dtype)


_ = (i16, CmpMode)
