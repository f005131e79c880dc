"""The layouts a VMI value has only where its registers are seen: `deinterleaved = 2^k`,
`block_deinterleaved = 2^k`, `lane_stride = 2^k` and `num_groups = G, slots = S`
(`vmi_types.placement` places the
lanes; PTOAS docs/designs/vmi-layout-*.md, vmi-lane-stride-generalization-design.md).

A VMI op means the same lanes in every layout (the interpreter keeps none), so inside a
scope this pass computes a value of such a layout contiguous; its registers are in the
spelled layout where a program sees them: a function's VMI arguments (`signature.py`) and
the parts `pto.vmi.unpack` / `pto.vmi.pack` name. The conversions, on registers:

- `deinterleaved = 2f` from contiguous: `vdintlv` of register pairs splits even and odd
  lanes (`deinterleaved = 2`), then each half to `deinterleaved = f`; part 2p is the even
  half's part p, part 2p + 1 the odd half's (lanes = p mod 2f and p + f mod 2f); back by
  `vintlv`, the same tree in reverse;
- `lane_stride = 2s`: `vintlv` of each register with a zero register (lanes to slots
  2i), s times; back by `vdintlv` of register pairs, keeping the even half;
- `num_groups, slots = S` (S dividing a register's N lanes): register d holds lanes
  dS .. dS + S - 1 in slots 0 .. S - 1: `vselr` of their contiguous register by the lane
  index + dS mod N, its other lanes zero (`vsel` under the prefix of S lanes: the
  interpreter's `unpack` fills them so, as the zero register fills the other forms'
  padding); back by `vselr` by the lane index - kS of each of the N/S registers
  and `vsel` under the prefix masks (`plt`) of (k + 1)S lanes, highest k first.

- `block_deinterleaved = 2^k`: the deinterleave tree on 32-byte blocks (B lanes, 8 a
  register; PTOAS vmi-layout-assignment-lowering-design.md): a block pair's split takes
  blocks 2(q % 4) (+1) of the two registers by `vselr` at the lane index computed with
  `vands` / `vadd`, joined by `vsel` under the prefix of 4B lanes; back, blocks q / 2 of
  the even or odd part by the lane index `vshrs` 1, chosen by `vsel` on odd blocks.

Masks of `deinterleaved = 2^k` take the same tree with `pdintlv` / `pintlv`. Every other
layout (factors or strides not a power of two, slots wider than a register, a
deinterleaved lane stride, masks in group-slot or block layouts) is refused with its name.
"""

from __future__ import annotations

from collections.abc import Callable
from math import ceil

from xdsl.dialects.builtin import IntegerType, i32
from xdsl.ir import SSAValue

from passes.lower_vmi.builder import Layout, Lowerer, Regs, carrier_of, recast
from pto_dialect.attrs import CmpMode
from pto_dialect.dtypes import DType, dtype_named
from pto_dialect.ops.vector_arith import VAddOp
from pto_dialect.ops.vector_compare import VCmpsOp, VSelOp
from pto_dialect.ops.vector_predicate import PDINTLV_OPS, PINTLV_OPS
from pto_dialect.ops.vector_rearrange import VDintlvOp, VIntlvOp, VSelrOp
from pto_dialect.ops.vector_scalar import VAddsOp, VAndsOp, VShrsOp
from pto_dialect.ops.vmi_types import LayoutKind, VmiLayoutAttr, lanes_per_register, placement

Pair = Callable[[SSAValue, SSAValue], tuple[SSAValue, SSAValue]]


def _data_pairs(lowerer: Lowerer, dtype: DType) -> tuple[Pair, Pair, Callable[[], SSAValue]]:
    pad: list[SSAValue] = []

    def zero() -> SSAValue:
        if not pad:
            pad.append(lowerer.splat(0, dtype))
        return pad[0]

    def split(a: SSAValue, b: SSAValue) -> tuple[SSAValue, SSAValue]:
        op = lowerer.emit(VDintlvOp(a, b))
        return op.results[0], op.results[1]

    def join(a: SSAValue, b: SSAValue) -> tuple[SSAValue, SSAValue]:
        op = lowerer.emit(VIntlvOp(a, b))
        return op.results[0], op.results[1]

    return split, join, zero


def _mask_pairs(lowerer: Lowerer, bits: int) -> tuple[Pair, Pair, Callable[[], SSAValue]]:
    def split(a: SSAValue, b: SSAValue) -> tuple[SSAValue, SSAValue]:
        op = lowerer.emit(PDINTLV_OPS[bits](a, b))
        return op.results[0], op.results[1]

    def join(a: SSAValue, b: SSAValue) -> tuple[SSAValue, SSAValue]:
        op = lowerer.emit(PINTLV_OPS[bits](a, b))
        return op.results[0], op.results[1]

    return split, join, lambda: lowerer.all_true(bits)


def _block_pairs(lowerer: Lowerer, dtype: DType) -> tuple[Pair, Pair, Callable[[], SSAValue]]:
    """`vdintlv` / `vintlv` with 32-byte blocks (B lanes) for lanes: the block index of
    each lane by `vands` / `vshrs` of the lane index, blocks moved by `vselr`, the two
    registers' halves joined by `vsel`."""
    _, _, zero = _data_pairs(lowerer, dtype)
    bits, width = dtype.bits, lanes_per_register(dtype.bits)
    block = width // 8
    scalar = IntegerType(bits)
    full = lowerer.all_true(bits)
    lanes = lowerer.lane_index(dtype_named(f"ui{bits}"))
    made: dict[str, SSAValue] = {}

    def ands(value: SSAValue, constant: int) -> SSAValue:
        return lowerer.emit(VAndsOp(value, lowerer.const(_signed(constant, bits), scalar),
                                    full)).results[0]  # fmt: skip

    def adds(value: SSAValue, constant: int) -> SSAValue:
        return lowerer.emit(VAddsOp(value, lowerer.const(constant, scalar), full)).results[0]

    def indices() -> dict[str, SSAValue]:
        if not made:
            within = ands(lanes, 4 * block - 1)  # (q % 4) * B + r
            made["even"] = lowerer.emit(VAddOp(within, ands(within, ~(block - 1)), full)).results[0]
            made["odd"] = adds(made["even"], block)
            half = lowerer.emit(VShrsOp(lanes, lowerer.const(1, scalar), full)).results[0]
            low = ands(half, ~(block - 1) & (width - 1))
            made["low"] = lowerer.emit(VAddOp(low, ands(lanes, block - 1), full)).results[0]
            made["high"] = adds(made["low"], 4 * block)
            zero_lanes = lowerer.const(0, scalar)
            odd_block = ands(lanes, block)
            made["odd_block"] = lowerer.emit(VCmpsOp(odd_block, zero_lanes, full,
                                                     CmpMode.NE)).results[0]  # fmt: skip
            made["first"] = lowerer.prefix(lowerer.const(4 * block, i32), bits)
        return made

    def pick(a: SSAValue, b: SSAValue, index: SSAValue, take_a: SSAValue) -> SSAValue:
        from_a = lowerer.emit(VSelrOp(a, index)).results[0]
        from_b = lowerer.emit(VSelrOp(b, index)).results[0]
        return lowerer.emit(VSelOp(from_a, from_b, take_a)).results[0]

    def split(a: SSAValue, b: SSAValue) -> tuple[SSAValue, SSAValue]:
        at = indices()
        return pick(a, b, at["even"], at["first"]), pick(a, b, at["odd"], at["first"])

    def join(e: SSAValue, o: SSAValue) -> tuple[SSAValue, SSAValue]:
        at = indices()
        return (pick(o, e, at["low"], at["odd_block"]), pick(o, e, at["high"], at["odd_block"]))

    return split, join, zero


def _signed(value: int, bits: int) -> int:
    value &= (1 << bits) - 1
    return value - (1 << bits) if value >= 1 << (bits - 1) else value


def _halves(values: list[SSAValue], lanes: int, width: int, split: Pair,
            pad: Callable[[], SSAValue]) -> tuple[list[SSAValue], list[SSAValue]]:  # fmt: skip
    """Contiguous registers of `lanes` lanes -> the even lanes' and the odd lanes'."""
    counts = ceil(ceil(lanes / 2) / width), ceil(lanes // 2 / width)
    even: list[SSAValue] = []
    odd: list[SSAValue] = []
    for j in range(max(counts)):
        a = values[2 * j] if 2 * j < len(values) else pad()
        b = values[2 * j + 1] if 2 * j + 1 < len(values) else pad()
        e, o = split(a, b)
        even.append(e)
        odd.append(o)
    return even[: counts[0]], odd[: counts[1]]


def _whole(even: list[SSAValue], odd: list[SSAValue], lanes: int, width: int, join: Pair,
           pad: Callable[[], SSAValue]) -> list[SSAValue]:  # fmt: skip
    """The inverse of `_halves`."""
    out: list[SSAValue] = []
    for j, e in enumerate(even):
        low, high = join(e, odd[j] if j < len(odd) else pad())
        out += [low, high]
    return out[: ceil(lanes / width)]


def _split_parts(values: list[SSAValue], lanes: int, factor: int, width: int, split: Pair,
                 pad: Callable[[], SSAValue]) -> list[list[SSAValue]]:  # fmt: skip
    """Contiguous -> the `factor` parts (part p: lanes = p mod factor)."""
    if factor == 1 or lanes == 0:
        return [values] + [[] for _ in range(factor - 1)]
    even, odd = _halves(values, lanes, width, split, pad)
    low = _split_parts(even, ceil(lanes / 2), factor // 2, width, split, pad)
    high = _split_parts(odd, lanes // 2, factor // 2, width, split, pad)
    return [part for pair in zip(low, high, strict=True) for part in pair]


def _join_parts(parts: list[list[SSAValue]], lanes: int, width: int, join: Pair,
                pad: Callable[[], SSAValue]) -> list[SSAValue]:  # fmt: skip
    if len(parts) == 1 or lanes == 0:
        return parts[0]
    even = _join_parts(parts[0::2], ceil(lanes / 2), width, join, pad)
    odd = _join_parts(parts[1::2], lanes // 2, width, join, pad)
    return _whole(even, odd, lanes, width, join, pad)


def _part_sizes(lanes: int, factor: int, width: int) -> list[int]:
    return [ceil(max(0, ceil((lanes - p) / factor)) / width) for p in range(factor)]


def to_placed(lowerer: Lowerer, regs: Regs, attr: VmiLayoutAttr) -> list[SSAValue]:
    """Contiguous `regs` -> the registers of `attr`'s placement."""
    carrier = carrier_of(regs.dtype)
    moved = Regs(recast(lowerer, regs.values, carrier), regs.layout, regs.lanes, carrier)
    return recast(lowerer, _to_placed(lowerer, moved, attr), regs.dtype)


def from_placed(
    lowerer: Lowerer, values: list[SSAValue], lanes: int, dtype: DType, attr: VmiLayoutAttr
) -> Regs:
    """The registers of `attr`'s placement -> contiguous registers."""
    carrier = carrier_of(dtype)
    regs = _from_placed(lowerer, recast(lowerer, values, carrier), lanes, carrier, attr)
    return Regs(recast(lowerer, regs.values, dtype), regs.layout, lanes, dtype)


def _to_placed(lowerer: Lowerer, regs: Regs, attr: VmiLayoutAttr) -> list[SSAValue]:
    lanes, width, dtype = regs.lanes, regs.width, regs.dtype
    count = placement(lanes, dtype.bits, attr).registers
    split, join, pad = _data_pairs(lowerer, dtype)
    kind, stride, slots = attr.layout_kind, attr.lane_stride.data, attr.slots.data
    if kind is LayoutKind.DEINTERLEAVED:
        parts = _split_parts(list(regs.values), lanes, attr.factor.data, width, split, pad)
        return [v for part in parts for v in part]
    if kind is LayoutKind.BLOCK_DEINTERLEAVED:  # the same tree on blocks of 32 bytes
        split, _, pad = _block_pairs(lowerer, dtype)
        blocks = ceil(lanes / (width // 8))
        parts = _split_parts(list(regs.values), blocks, attr.factor.data, 8, split, pad)
        return [v for part in parts for v in part]
    if slots:
        values: list[SSAValue] = []
        slot_lanes = lowerer.prefix(lowerer.const(slots, i32), dtype.bits)
        for d in range(count):
            source, offset = regs.values[d * slots // width], d * slots % width
            moved = rotate(lowerer, source, offset, dtype)
            if slots < width:  # the lanes past the slots are zero, as `unpack` defines them
                moved = lowerer.emit(VSelOp(moved, pad(), slot_lanes)).results[0]
            for _ in range(stride.bit_length() - 1):  # slot k to lane k * stride
                moved = join(moved, pad())[0]
            values.append(moved)
        return values
    values = list(regs.values)
    while stride > 1:
        values = [half for v in values for half in join(v, pad())]
        stride //= 2
    return values[:count]


def _from_placed(
    lowerer: Lowerer, values: list[SSAValue], lanes: int, dtype: DType, attr: VmiLayoutAttr
) -> Regs:
    width = lanes_per_register(dtype.bits)
    split, join, pad = _data_pairs(lowerer, dtype)
    kind, stride, slots = attr.layout_kind, attr.lane_stride.data, attr.slots.data
    if kind in (LayoutKind.DEINTERLEAVED, LayoutKind.BLOCK_DEINTERLEAVED):
        units, per = lanes, width  # lanes, or for blocks: blocks, 8 a register
        if kind is LayoutKind.BLOCK_DEINTERLEAVED:
            _, join, pad = _block_pairs(lowerer, dtype)
            units, per = ceil(lanes / (width // 8)), 8
        parts: list[list[SSAValue]] = []
        position = 0
        for size in _part_sizes(units, attr.factor.data, per):
            parts.append(values[position : position + size])
            position += size
        out = _join_parts(parts, units, per, join, pad)[: ceil(lanes / width)]
    elif slots:
        out: list[SSAValue] = []
        per = width // slots
        dense = list(values)
        for _ in range(stride.bit_length() - 1):  # lane k * stride to slot k
            dense = [split(v, pad())[0] for v in dense]
        for c in range(ceil(lanes / width)):
            members = dense[c * per : (c + 1) * per]
            acc = rotate(lowerer, members[-1], -(len(members) - 1) * slots, dtype)
            for k in range(len(members) - 2, -1, -1):
                moved = rotate(lowerer, members[k], -k * slots, dtype)
                below = lowerer.prefix(lowerer.const((k + 1) * slots, i32), dtype.bits)
                acc = lowerer.emit(VSelOp(moved, acc, below)).results[0]
            out.append(acc)
    else:
        out = list(values)
        while stride > 1:
            pairs = [(out[j], out[j + 1] if j + 1 < len(out) else pad())
                     for j in range(0, len(out), 2)]  # fmt: skip
            out = [split(a, b)[0] for a, b in pairs]
            stride //= 2
        out = out[: ceil(lanes / width)]
    return Regs(out, Layout.CONTIGUOUS, lanes, dtype)


def rotate(lowerer: Lowerer, value: SSAValue, shift: int, dtype: DType) -> SSAValue:
    """`value` with lane i holding lane (i + shift) mod N (`vselr`, index mod N)."""
    if shift % lanes_per_register(dtype.bits) == 0:
        return value
    index = lowerer.lane_index(dtype_named(f"ui{dtype.bits}"), shift % (1 << dtype.bits))
    return lowerer.emit(VSelrOp(value, index)).results[0]


def mask_to_placed(
    lowerer: Lowerer, parts: list[SSAValue], lanes: int, bits: int, attr: VmiLayoutAttr
) -> list[SSAValue]:
    """Contiguous mask parts -> a deinterleaved placement's."""
    split, _, pad = _mask_pairs(lowerer, bits)
    width = lanes_per_register(bits)
    return [v for part in _split_parts(parts, lanes, attr.factor.data, width, split, pad)
            for v in part]  # fmt: skip


def mask_from_placed(
    lowerer: Lowerer, parts: list[SSAValue], lanes: int, bits: int, attr: VmiLayoutAttr
) -> list[SSAValue]:
    _, join, pad = _mask_pairs(lowerer, bits)
    width = lanes_per_register(bits)
    grouped: list[list[SSAValue]] = []
    position = 0
    for size in _part_sizes(lanes, attr.factor.data, width):
        grouped.append(parts[position : position + size])
        position += size
    return _join_parts(grouped, lanes, width, join, pad)
