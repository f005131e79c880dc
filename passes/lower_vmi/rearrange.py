"""Lowerings of the VMI broadcasts, index vectors and rearrangements.

- broadcasts `vbr` / `vdup`, grouped ones `vselr` with the slot of each lane;
- `vci` per register when groups span whole registers; groups within a register and float
  lanes from the integer step of each lane (`vci`, `vands`, `vcvt`, `vadds`);
- `vselr`, `vintlv`, `vdintlv` on register pairs; two-channel `channel_split` /
  `channel_merge` as the parts of the deinterleaved layout; `compress` of one register
  `vsqz`; splat constants `vbr`; `ensure_layout`, `unpack`, `pack` (`placed.py`).

Shuffles, channels other than two and compress of several registers stop the pass with a
diagnostic naming the op (docs/passes.md lists them).
"""

from __future__ import annotations

from typing import cast

import numpy as np
from xdsl.dialects import arith
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, IntegerType, i32
from xdsl.ir import SSAValue

from passes.lower_vmi import masks
from passes.lower_vmi.builder import (
    Layout,
    Lowerer,
    Regs,
    carrier_of,
    layout_of_type,
    part_counts,
    placed_attr,
    recast,
    register_count,
)
from passes.lower_vmi.compute import define, retype, vbr
from passes.lower_vmi.placed import (
    from_placed,
    mask_from_placed,
    mask_to_placed,
    rotate,
    to_placed,
)
from pto_dialect.dtypes import DType, dtype_named, mlir_type
from pto_dialect.ops import vmi_rearrange as ra
from pto_dialect.ops.vector_compare import VSelOp
from pto_dialect.ops.vector_convert import VCvtOp
from pto_dialect.ops.vector_index import IndexOrder, VciOp
from pto_dialect.ops.vector_materialize import Position, VDupOp
from pto_dialect.ops.vector_predicate import PAndOp
from pto_dialect.ops.vector_rearrange import (
    VDintlvOp,
    VIntlvOp,
    VSelrOp,
    VSqzOp,
    VUsqzOp,
)
from pto_dialect.ops.vector_scalar import (
    VAddsOp,
    VAndsOp,
    VMulsOp,
    VShrsOp,
)
from pto_dialect.ops.vmi_common import vreg_type
from pto_dialect.ops.vmi_types import (
    VmiMaskType,
    VmiVRegType,
    lanes_per_register,
    mask_carrier_bits,
    placement_of,
)
from pto_dialect.vector_types import VRegType


def broadcast(lowerer: Lowerer, op: ra.BroadcastOp) -> None:
    result = vreg_type(op.result)
    count = register_count(result.count, result.bits, Layout.CONTIGUOUS)
    vreg = VRegType(mlir_type(result.dtype))
    full = lowerer.all_true(result.bits)
    groups = op.groups
    if groups is not None:
        values = _group_broadcast(lowerer, op, groups, count)
    elif isinstance(op.value.type, VmiVRegType):
        first = lowerer.get(op.value, Layout.CONTIGUOUS).values[0]
        made = lowerer.emit(VDupOp(first, full, vreg, Position.LOWEST)).results[0]
        values = [made] * count
    else:
        values = [lowerer.emit(vbr(op.value, vreg)).results[0]] * count
    define(lowerer, op.result, values, Layout.CONTIGUOUS)


def _group_broadcast(
    lowerer: Lowerer, op: ra.BroadcastOp, groups: int, count: int
) -> list[SSAValue]:
    result = vreg_type(op.result)
    slots = lowerer.get(op.value, Layout.CONTIGUOUS)
    size = result.count // groups
    width = slots.width
    if len(slots.values) != 1 or size & (size - 1):
        raise lowerer.fail(f"{op.name}: a group broadcast of {groups} slots into groups of "
                           f"{size} lanes has no lowering here (one register of slots and a "
                           "power-of-two group size)")  # fmt: skip
    index_dtype = dtype_named(f"ui{result.bits}")
    full = lowerer.all_true(result.bits)
    shift = lowerer.const(size.bit_length() - 1, IntegerType(result.bits))
    source = retype(lowerer, slots.values[0], result.dtype, _prefix(result.dtype))
    values: list[SSAValue] = []
    for k in range(count):
        if size >= width:  # register k lies in one group: its slot on every lane
            slot = lowerer.splat(k * width // size, index_dtype)
        else:
            index = lowerer.lane_index(index_dtype, k * width % (1 << result.bits))
            slot = lowerer.emit(VShrsOp(index, shift, full)).results[0]
        values.append(lowerer.emit(VSelrOp(source, slot)).results[0])
    return values


def _prefix(dtype: DType) -> str:
    return dtype.name[: -len(str(dtype.bits))]


def iota(lowerer: Lowerer, op: ra.IotaOp) -> None:
    """`vci` from the base (plus each register's first step) when every group spans whole
    registers; else, and for float lanes, the step j of each lane as an integer (`vci` of 0,
    `vands` S - 1 for groups of S lanes within a register, `vmuls` -1 descending), then
    `vadds` of the base (floats: `vcvt` of the exact step first, so that base + j rounds
    once, as `vci` of floats does: PTOAS lowers groups within a register the same way)."""
    result = vreg_type(op.result)
    dtype = result.dtype
    width = lanes_width = 2048 // result.bits
    group = op.group or 1
    size = result.count // group
    if dtype.is_float or (group > 1 and size % width):
        _iota_steps(lowerer, op, size if group > 1 else 0)
        return
    vreg = VRegType(mlir_type(dtype))
    order = IndexOrder.DESC if op.descending else IndexOrder.ASC
    values: list[SSAValue] = []
    for k in range(register_count(result.count, result.bits, Layout.CONTIGUOUS)):
        step = (k * lanes_width) % size if group > 1 else k * lanes_width
        base: SSAValue = op.base
        if step:
            delta = lowerer.const(-step if op.descending else step, op.base.type)
            base = lowerer.emit(arith.AddiOp(op.base, delta)).results[0]
        values.append(lowerer.emit(VciOp(base, vreg, order)).results[0])
    define(lowerer, op.result, values, Layout.CONTIGUOUS)


def _iota_steps(lowerer: Lowerer, op: ra.IotaOp, size: int) -> None:
    """Lane j of each group of `size` lanes (0: one group) is base +/- j."""
    result = vreg_type(op.result)
    dtype = result.dtype
    width = 2048 // result.bits
    steps = dtype_named(f"i{dtype.bits}")
    int_type = IntegerType(dtype.bits)
    if size and size & (size - 1):
        raise lowerer.fail(f"{op.name}: groups of {size} lanes (not a power of two) restart "
                           "inside a register (no lowering here)")  # fmt: skip
    if dtype.is_float and max(size, result.count) > 1 << (11 + 13 * (dtype.bits == 32)):
        raise lowerer.fail(f"{op.name} of {result.count} {dtype.name} lanes: steps past "
                           f"{dtype.name}'s exact integers have no lowering here")  # fmt: skip
    full = lowerer.all_true(dtype.bits)
    values: list[SSAValue] = []
    for k in range(register_count(result.count, result.bits, Layout.CONTIGUOUS)):
        start = k * width % size if size else k * width
        if size and size < width:
            start = 0
        index = lowerer.lane_index(steps, start)
        if size and size < width:
            index = lowerer.emit(VAndsOp(index, lowerer.const(size - 1, int_type), full)).results[0]
        index = retype(lowerer, index, dtype, "i")
        if op.descending:
            minus = lowerer.const(-1, int_type)
            index = lowerer.emit(VMulsOp(index, minus, full)).results[0]
        if dtype.is_float:
            out_type = VRegType(mlir_type(dtype))
            index = lowerer.emit(VCvtOp(index, full, out_type, "R", None)).results[0]
        elif dtype.name != f"i{dtype.bits}":
            index = retype(lowerer, index, dtype, dtype.name.removesuffix(str(dtype.bits)))
        values.append(lowerer.emit(VAddsOp(index, op.base, full)).results[0])
    define(lowerer, op.result, values, Layout.CONTIGUOUS)


def vselr(lowerer: Lowerer, op: ra.VmiVselrOp) -> None:
    source, index = lowerer.get(op.source), lowerer.get(op.index, Layout.CONTIGUOUS)
    if len(source.values) != 1 or source.layout is not Layout.CONTIGUOUS:
        raise lowerer.fail(f"{op.name}: a source of more than one register has no lowering here")
    values = [lowerer.emit(VSelrOp(source.values[0], index.values[0])).results[0]]
    define(lowerer, op.result, values, Layout.CONTIGUOUS)


def interleave(lowerer: Lowerer, op: ra.PairOp) -> None:
    """`vintlv` / `vdintlv` of register pairs, on the lanes' carrier type (`carrier_of`);
    values of at most half a register: the stream a ++ b in one register (`b` rotated up by
    `vselr`, joined by `vsel`), or the upper half of the interleaved stream rotated down."""
    lhs, rhs = lowerer.get(op.lhs, Layout.CONTIGUOUS), lowerer.get(op.rhs, Layout.CONTIGUOUS)
    width, lanes, dtype = lhs.width, lhs.lanes, lhs.dtype
    carrier = carrier_of(dtype)
    a, b = recast(lowerer, lhs.values, carrier), recast(lowerer, rhs.values, carrier)
    if lanes % width and 2 * lanes > width:
        raise lowerer.fail(f"{op.name} of {lanes} lanes: whole registers or at most half of "
                           "one only")  # fmt: skip
    low: list[SSAValue] = []
    high: list[SSAValue] = []
    count = len(a)
    if lanes % width:
        if isinstance(op, ra.VmiVintlvOp):
            joined = lowerer.emit(VIntlvOp(a[0], b[0])).results[0]
            low, high = [joined], [rotate(lowerer, joined, lanes, carrier)]
        else:
            below = lowerer.prefix(lowerer.const(lanes, i32), dtype.bits)
            moved = rotate(lowerer, b[0], -lanes, carrier)
            joined = lowerer.emit(VSelOp(a[0], moved, below)).results[0]
            pair = lowerer.emit(VDintlvOp(joined, joined)).results
            low, high = [pair[0]], [pair[1]]
    elif isinstance(op, ra.VmiVintlvOp):  # the stream a0 b0 a1 b1 ..., cut in two
        stream: list[SSAValue] = []
        for j in range(count):
            stream.extend(lowerer.emit(VIntlvOp(a[j], b[j])).results)
        low, high = stream[:count], stream[count:]
    else:
        stream = a + b
        for j in range(count):
            pair = lowerer.emit(VDintlvOp(stream[2 * j], stream[2 * j + 1])).results
            low.append(pair[0])
            high.append(pair[1])
    define(lowerer, op.low, recast(lowerer, low, dtype), Layout.CONTIGUOUS)
    define(lowerer, op.high, recast(lowerer, high, dtype), Layout.CONTIGUOUS)


def channels(lowerer: Lowerer, op: ra.ChannelOp) -> None:
    """Two channels are the two parts of the deinterleaved layout: a split reads its source
    deinterleaved (`vdintlv` of register pairs from contiguous), a merge is its result
    deinterleaved (interleaved by `vintlv` where a consumer needs it contiguous)."""
    whole, parts = op.channels()
    if len(parts) != 2:
        raise lowerer.fail(f"{op.name} of {len(parts)} channels has no lowering here (of two)")
    if isinstance(op, ra.VmiChannelSplitOp):
        regs = lowerer.get(op.source, Layout.DEINTERLEAVED).values
        first = part_counts(whole.count, whole.bits, Layout.DEINTERLEAVED)[0]
        define(lowerer, op.results[0], regs[:first], Layout.CONTIGUOUS)
        define(lowerer, op.results[1], regs[first:], Layout.CONTIGUOUS)
        return
    assert isinstance(op, ra.VmiChannelMergeOp)
    even, odd = (lowerer.get(v, Layout.CONTIGUOUS).values for v in op.inputs)
    define(lowerer, op.result, even + odd, Layout.DEINTERLEAVED)


def compress(lowerer: Lowerer, op: ra.VmiCompressOp) -> None:
    """A one-register value: `vsqz` under the mask's part, its padding lanes masked off (a
    value of several registers would move lanes across registers: refused)."""
    source = lowerer.get(op.source, Layout.CONTIGUOUS)
    if len(source.values) != 1:
        raise lowerer.fail(f"{op.name} of {source.lanes} lanes (several registers) has no "
                           "lowering here")  # fmt: skip
    bits = source.dtype.bits
    part = masks.parts(lowerer, op.mask, bits, Layout.CONTIGUOUS)[0]
    if source.lanes < source.width:
        tail = lowerer.prefix(lowerer.const(source.lanes, i32), bits)
        part = lowerer.emit(PAndOp(part, tail, lowerer.all_true(bits))).results[0]
    made = lowerer.emit(VSqzOp(source.values[0], part)).results[0]
    define(lowerer, op.result, [made], Layout.CONTIGUOUS)


def active_prefix_index(lowerer: Lowerer, op: ra.VmiActivePrefixIndexOp) -> None:
    """One register: `vusqz` of the mask's part (lane i: the active lanes below i), as
    PTOAS lowers it; several registers would add each earlier register's count: refused,
    as PTOAS refuses them."""
    result = vreg_type(op.result)
    dtype = result.dtype
    if register_count(result.count, dtype.bits, Layout.CONTIGUOUS) != 1:
        raise lowerer.fail(f"{op.name} of {result.count} lanes (several registers) has no "
                           "lowering here")  # fmt: skip
    part = masks.parts(lowerer, op.mask, dtype.bits, Layout.CONTIGUOUS)[0]
    counts = VRegType(mlir_type(dtype_named(f"i{dtype.bits}")))
    made = lowerer.emit(VUsqzOp(part, result_type=counts)).results[0]
    define(lowerer, op.result, [retype(lowerer, made, dtype, "ui")], Layout.CONTIGUOUS)


def constant(lowerer: Lowerer, op: ra.VmiConstantOp) -> None:
    """A splat constant of integer, f16, bf16 or f32 lanes: `vbr` of its value per register
    (other constants are refused)."""
    result = vreg_type(op.result)
    value = op.attributes["value"]
    assert isinstance(value, DenseIntOrFPElementsAttr)
    values = {v for v in value.get_values()}  # pyright: ignore[reportUnknownVariableType]
    dtype = result.dtype
    if len(values) != 1 or not (dtype.is_int or dtype.name in ("f16", "bf16", "f32")):
        raise lowerer.fail(f"{op.name}: only splat constants of integer, f16, bf16 or f32 "
                           "lanes have a lowering here")  # fmt: skip
    splat = lowerer.splat(cast("int | float", values.pop()), dtype)
    define(
        lowerer,
        op.result,
        [splat] * register_count(result.count, dtype.bits, Layout.CONTIGUOUS),
        Layout.CONTIGUOUS,
    )


def ensure(lowerer: Lowerer, op: ra.VmiEnsureLayoutOp) -> None:
    layout = lowerer.layouts.get(op.result, Layout.CONTIGUOUS)
    lowerer.define(op.result, lowerer.get(op.source, layout))


def parts_op(lowerer: Lowerer, op: ra.PartsOp) -> None:
    """`unpack` names the registers of its source's layout, `pack` makes a value from them
    (a layout the pass computes contiguous is converted: `placed.py`); a mask's parts are
    its `!pto.mask` parts at its carrier granularity (`_mask_parts`)."""
    whole = (op.source if isinstance(op, ra.VmiUnpackOp) else op.results[0]).type
    if isinstance(whole, VmiMaskType):
        _mask_parts(lowerer, op, whole)
        return
    if isinstance(op, ra.VmiUnpackOp):
        whole = vreg_type(op.source)
        layout = layout_of_type(whole, op) or Layout.CONTIGUOUS
        regs = lowerer.get(op.source, layout)
        attr = placed_attr(whole)
        values = regs.values if attr is None else to_placed(lowerer, regs, attr)
        values = _clear_padding(lowerer, values, whole, whole.bits, False)
        for result, value in zip(op.results, values, strict=True):
            result.replace_all_uses_with(value)
        return
    assert isinstance(op, ra.VmiPackOp)
    whole = vreg_type(op.result)
    layout = layout_of_type(whole, op) or Layout.CONTIGUOUS
    attr = placed_attr(whole)
    if attr is not None:
        lowerer.define(op.result, from_placed(lowerer, list(op.operands), whole.count,
                                              whole.dtype, attr))  # fmt: skip
        return
    lowerer.define(op.result, Regs(list(op.operands), layout, whole.count, whole.dtype))


def _clear_padding(
    lowerer: Lowerer,
    values: list[SSAValue],
    whole: VmiVRegType | VmiMaskType,
    bits: int,
    mask: bool,
) -> list[SSAValue]:
    """The parts `unpack` names, their lanes past the last one the layout places in each
    register zero (data, `vsel`) or off (masks, `pand`), as the interpreter's `unpack`
    defines them (inside, the placements leave no gap but a lane stride's, zero already)."""
    placed = placement_of(whole)
    width = lanes_per_register(bits)
    last = np.full(placed.registers, -1, dtype=np.int64)
    np.maximum.at(last, placed.slots // width, placed.slots % width)
    out: list[SSAValue] = []
    for value, top in zip(values, last.tolist(), strict=True):
        if top + 1 < width:
            below = lowerer.prefix(lowerer.const(top + 1, i32), bits)
            if mask:
                value = lowerer.emit(PAndOp(value, below, lowerer.all_true(bits))).results[0]
            else:
                assert isinstance(whole, VmiVRegType)
                zero = lowerer.splat(0, carrier_of(whole.dtype))
                moved = recast(lowerer, [value], carrier_of(whole.dtype))[0]
                kept = lowerer.emit(VSelOp(moved, zero, below)).results[0]
                value = recast(lowerer, [kept], whole.dtype)[0]
        out.append(value)
    return out


def _mask_parts(lowerer: Lowerer, op: ra.PartsOp, whole: VmiMaskType) -> None:
    """A mask's parts at its carrier granularity (the verifier requires one): `unpack`
    makes them (`masks.parts`), `pack` names them; a deinterleaved = 4 mask by the
    `pdintlv` / `pintlv` tree from contiguous parts."""
    bits = mask_carrier_bits(whole)
    assert bits is not None  # PartsOp.check_parts
    layout = layout_of_type(whole, op) or Layout.CONTIGUOUS
    attr = placed_attr(whole)
    if isinstance(op, ra.VmiUnpackOp):
        parts = masks.parts(lowerer, op.source, bits, layout)
        if attr is not None:
            parts = mask_to_placed(lowerer, parts, whole.count, bits, attr)
        parts = _clear_padding(lowerer, parts, whole, bits, True)
        for result, value in zip(op.results, parts, strict=True):
            result.replace_all_uses_with(value)
        return
    parts = list(op.operands)
    if attr is not None:
        parts = mask_from_placed(lowerer, parts, whole.count, bits, attr)
    lowerer.masks[(op.results[0], bits, layout)] = parts
