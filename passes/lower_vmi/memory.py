"""Lowerings of the VMI loads, stores, gathers and scatters.

- continuous loads: `vlds` per whole register at `offset + k*N`, the partial last register
  by `vgather2` of its lanes (it touches exactly the value's bytes and needs no alignment);
  `dist_mode = "brc"`: one `vlds BRC_B{bits}`; `"unpack"`: `vlds UNPK_B{bits}` per register;
  `"dintlv"`: the 2L elements, then `vdintlv` of register pairs;
- continuous stores: `vsts` per whole register (under the store's mask), the partial last
  register by `vscatter` of its lanes; a deinterleaved value is interleaved first;
- group modes (rows of S = L/C elements `stride` apart, one slot per row when S = 1):
  `vgather2` / `vscatter` with per-lane element offsets `(i >> log2 S) * stride + (i & (S -
  1))` (S a power of two; a group broadcast load without the second term), made by `vci`,
  `vshrs`, `vmuls`, `vands`, `vadd` in lanes of the data's width; bytes go by b8
  `vscatter`, whose request r stores byte lane 2r at a 16-bit offset: 8-bit lanes spread to
  the even bytes (`vintlv` of a register with itself: two registers of 128 requests), an
  i32 value stored to an 8-bit pointer (PTOAS's packed byte group store) `vpack`ed to its
  low 16 bits read as bytes;
- `vgather` / `vscatter` and the legacy `gather` / `scatter`: `vgather2` / `vscatter` per
  register under the mask's parts (8-bit data at 16-bit offsets: scattered from the spread
  registers, gathered as bytes into 16-bit lanes and `vpack`ed back, each half under a
  `punpack` half of the b8 mask); `masked_load`: a `vgather2` of the active lanes and a
  `vsel` of the passthru.

VMI addresses carry no alignment rule; the `vlds` / `vsts` a whole register lowers to need
32-byte aligned UB addresses, which the micro-ops check when they run.
"""

from __future__ import annotations

from typing import cast

from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerAttr, IntegerType, i32
from xdsl.ir import SSAValue

from passes.lower_vmi import masks
from passes.lower_vmi.builder import Layout, Lowerer, Regs, register_count
from pto_dialect.attrs import CmpMode
from pto_dialect.dtypes import DType, dtype_named, mlir_type
from pto_dialect.ops.vector_arith import VAddOp, VOrOp
from pto_dialect.ops.vector_common import as_pointer
from pto_dialect.ops.vector_compare import VCmpsOp, VSelOp
from pto_dialect.ops.vector_convert import VBitcastOp
from pto_dialect.ops.vector_load import Vgather2Op, VldsOp
from pto_dialect.ops.vector_predicate import PAndOp, PUnpackOp
from pto_dialect.ops.vector_rearrange import VDintlvOp, VIntlvOp, VPackOp, VSelrOp, VSqzOp
from pto_dialect.ops.vector_scalar import VAndsOp, VMulsOp, VShlsOp, VShrsOp
from pto_dialect.ops.vector_store import VscatterOp, VstsOp
from pto_dialect.ops.vmi_common import mask_type, vreg_type
from pto_dialect.ops.vmi_indexed import IndexedOp, VmiGatherOp, VmiVgatherbOp, VmiVgatherOp
from pto_dialect.ops.vmi_legacy_memory import (
    VmiCompressStoreOp,
    VmiDeinterleaveLoadOp,
    VmiGroupBroadcastLoadOp,
    VmiInterleaveStoreOp,
    VmiLoadOp,
    VmiMaskedLoadOp,
    VmiMaskedStoreOp,
    VmiStoreOp,
)
from pto_dialect.ops.vmi_memory import (
    MemoryOp,
    VmiVloadOp,
    VmiVsstbOp,
    VmiVstoreOp,
    packed_byte_store,
)
from pto_dialect.ops.vmi_types import VmiVRegType, lanes_per_register
from pto_dialect.vector_types import MaskType, VRegType


def _element(ptr: SSAValue, fallback: DType) -> DType:
    ptr_type = as_pointer(ptr.type)
    assert ptr_type is not None  # (the op verified)
    return ptr_type.element or fallback


def _at(lowerer: Lowerer, ptr: SSAValue, offset: SSAValue, elements: int) -> SSAValue:
    """The pointer `elements` past `ptr + offset`."""
    return lowerer.advance(ptr, lowerer.index_add(offset, elements))


def _offsets(
    lowerer: Lowerer,
    dtype: DType,
    start: int,
    size: int,
    stride: SSAValue | None,
    lanes: int,
    broadcast: bool = False,
) -> SSAValue:
    """Per-lane element offsets of lanes `start + i` (of `lanes`): rows of `size` lanes
    `stride` apart (contiguous when `stride` is None; `broadcast`: every lane of a row at its
    first element), in lanes of `dtype`'s width: a constant stride whose last row reaches
    past them is refused (a run-time one is not checked)."""
    index_dtype = dtype_named(f"ui{dtype.bits}")
    index = lowerer.lane_index(index_dtype, start % (1 << dtype.bits))
    if stride is None:
        return index
    if size & (size - 1):
        raise lowerer.fail(f"rows of {size} elements (not a power of two) have no lowering here")
    owner = stride.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        last = min(start + lanes_per_register(dtype.bits), lanes) - 1
        reach = last // size * owner.value.value.data + (0 if broadcast else last % size)
        if reach >> dtype.bits:
            raise lowerer.fail(f"a row element {reach} elements from the start needs offsets "
                               f"wider than the {dtype.bits}-bit lanes here")  # fmt: skip
    full = lowerer.all_true(dtype.bits)
    scalar_type = IntegerType(dtype.bits)
    count = lowerer.emit(arith.IndexCastOp(stride, scalar_type)).results[0]
    shift = lowerer.const(size.bit_length() - 1, scalar_type)
    row = lowerer.emit(VShrsOp(index, shift, full)).results[0] if size > 1 else index
    scaled = _times(lowerer, row, count, stride, dtype, full)
    if size == 1 or broadcast:
        return scaled
    within = lowerer.emit(VAndsOp(index, lowerer.const(size - 1, scalar_type), full)).results[0]
    return lowerer.emit(VAddOp(scaled, within, full)).results[0]


def _times(
    lowerer: Lowerer, row: SSAValue, count: SSAValue, stride: SSAValue, dtype: DType, full: SSAValue
) -> SSAValue:
    """`row * stride` per lane: `vmuls`, or for 8-bit lanes (no 8-bit `vmuls`) of a constant
    stride the sum of `row` shifted to each set bit of it (`vshls`, `vadd`)."""
    if dtype.bits != 8:
        return lowerer.emit(VMulsOp(row, count, full)).results[0]
    owner = stride.owner
    if not (isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr)):
        raise lowerer.fail("a runtime stride of 8-bit lanes has no lowering here (no 8-bit vmuls)")
    factor = owner.value.value.data % 256
    scalar_type = IntegerType(8)
    made: SSAValue | None = None
    for bit in range(8):
        if factor >> bit & 1:
            term = row
            if bit:
                amount = lowerer.const(bit, scalar_type)
                term = lowerer.emit(VShlsOp(row, amount, full)).results[0]
            made = term if made is None else lowerer.emit(VAddOp(made, term, full)).results[0]
    return made if made is not None else lowerer.splat(0, dtype_named(f"ui{dtype.bits}"))


def _tail(lowerer: Lowerer, lanes: int, k: int, width: int, bits: int) -> SSAValue:
    return lowerer.prefix(lowerer.const(min(lanes - k * width, width), i32), bits)


def load(lowerer: Lowerer, op: MemoryOp) -> None:
    result = vreg_type(op.results[0])
    dtype, width = result.dtype, lanes_per_register(result.bits)
    source = op.operands[0]
    offset = op.operands[1]
    mode = op.dist_mode if isinstance(op, VmiVloadOp) else "continuous"
    groups = (op.group if isinstance(op, VmiVloadOp)
              else op.attr_int("num_groups"))  # fmt: skip
    if isinstance(op, VmiVloadOp) and op.block_stride is not None:
        ptr = lowerer.advance(lowerer.pointer(source, dtype), offset)
        values: list[SSAValue] = []
        for k, (base, index) in enumerate(
            _block_rows(lowerer, op, dtype, result.count, ptr, op.block_stride, op.repeat_stride)
        ):
            bound = lowerer.const(min(result.count - k * width, width))
            vreg = VRegType(mlir_type(dtype))
            values.append(lowerer.emit(Vgather2Op(base, index, bound, vreg)).results[0])
        _define(lowerer, op.results[0], values)
        return
    if mode == "unpack":
        memory = _element(source, dtype)
        ptr = lowerer.pointer(source, memory)
        dist = f"UNPK_B{memory.bits}"
        values = [
            lowerer.emit(
                VldsOp(ptr, lowerer.index_add(offset, k * width), VRegType(mlir_type(dtype)), dist)
            ).results[0]
            for k in range(register_count(result.count, result.bits, Layout.CONTIGUOUS))
        ]
        _define(lowerer, op.results[0], values)
        return
    ptr = lowerer.pointer(source, dtype)
    if mode == "brc" and groups is None:
        made = lowerer.emit(VldsOp(ptr, offset, VRegType(mlir_type(dtype)), f"BRC_B{dtype.bits}"))
        _define(lowerer, op.results[0], [made.results[0]] * _count(result))
        return
    if mode == "dintlv" or isinstance(op, VmiDeinterleaveLoadOp):
        stream = _continuous(lowerer, ptr, offset, 2 * result.count, dtype)
        even: list[SSAValue] = []
        odd: list[SSAValue] = []
        for j in range(0, len(stream), 2):
            pair = lowerer.emit(VDintlvOp(stream[j], stream[j + 1])).results
            even.append(pair[0])
            odd.append(pair[1])
        _define(lowerer, op.results[0], even)
        _define(lowerer, op.results[1], odd)
        return
    stride = op.operands[2] if len(op.operands) > 2 and groups is not None else None
    if isinstance(op, VmiMaskedLoadOp):
        _masked_load(lowerer, op, ptr, offset, dtype)
        return
    if groups is None or isinstance(op, VmiLoadOp):
        _define(lowerer, op.results[0], _continuous(lowerer, ptr, offset, result.count, dtype))
        return
    size = result.count // groups
    broadcast = mode == "brc" or isinstance(op, VmiGroupBroadcastLoadOp)
    if broadcast and stride is None:  # every row at the first element
        made = lowerer.emit(VldsOp(ptr, offset, VRegType(mlir_type(dtype)), f"BRC_B{dtype.bits}"))
        _define(lowerer, op.results[0], [made.results[0]] * _count(result))
        return
    values: list[SSAValue] = []
    if stride is not None and size % width == 0 and not broadcast:  # whole registers: vlds
        for k in range(_count(result)):
            row, within = divmod(k * width, size)
            at = offset
            if row:
                scaled = lowerer.emit(arith.MuliOp(stride, lowerer.const(row))).results[0]
                at = lowerer.emit(arith.AddiOp(offset, scaled)).results[0]
            at = lowerer.index_add(at, within)
            values.append(lowerer.emit(VldsOp(ptr, at, VRegType(mlir_type(dtype)))).results[0])
        _define(lowerer, op.results[0], values)
        return
    base = lowerer.advance(ptr, offset)
    for k in range(_count(result)):
        index = _offsets(lowerer, dtype, k * width, size, stride, result.count, broadcast)
        bound = lowerer.const(min(result.count - k * width, width))
        values.append(
            lowerer.emit(Vgather2Op(base, index, bound, VRegType(mlir_type(dtype)))).results[0]
        )
    _define(lowerer, op.results[0], values)


def _count(type: VmiVRegType) -> int:
    return register_count(type.count, type.bits, Layout.CONTIGUOUS)


def _define(lowerer: Lowerer, value: SSAValue, values: list[SSAValue]) -> None:
    type = vreg_type(value)
    lowerer.define(value, Regs(values, Layout.CONTIGUOUS, type.count, type.dtype))


def _continuous(
    lowerer: Lowerer, ptr: SSAValue, offset: SSAValue, lanes: int, dtype: DType
) -> list[SSAValue]:
    width = lanes_per_register(dtype.bits)
    vreg = VRegType(mlir_type(dtype))
    values: list[SSAValue] = []
    for k in range(register_count(lanes, dtype.bits, Layout.CONTIGUOUS)):
        remaining = lanes - k * width
        if remaining >= width:
            load = VldsOp(ptr, lowerer.index_add(offset, k * width), vreg)
        else:
            index = lowerer.lane_index(dtype_named(f"ui{dtype.bits}"))
            load = Vgather2Op(_at(lowerer, ptr, offset, k * width), index,
                              lowerer.const(remaining), vreg)  # fmt: skip
        values.append(lowerer.emit(load).results[0])
    return values


def _masked_load(
    lowerer: Lowerer, op: VmiMaskedLoadOp, ptr: SSAValue, offset: SSAValue, dtype: DType
) -> None:
    result = vreg_type(op.result)
    width = lanes_per_register(dtype.bits)
    parts = masks.parts(lowerer, op.mask, dtype.bits, Layout.CONTIGUOUS)
    passthru = lowerer.get(op.passthru, Layout.CONTIGUOUS)
    values: list[SSAValue] = []
    for k, mask in enumerate(parts):
        index = lowerer.lane_index(dtype_named(f"ui{dtype.bits}"))
        gathered = lowerer.emit(Vgather2Op(_at(lowerer, ptr, offset, k * width), index, mask,
                                           VRegType(mlir_type(dtype)))).results[0]  # fmt: skip
        values.append(lowerer.emit(VSelOp(gathered, passthru.values[k], mask)).results[0])
    _define(lowerer, op.result, values)
    _ = result


def store(lowerer: Lowerer, op: MemoryOp) -> None:
    data = op.data()
    dtype, width = data.dtype, lanes_per_register(data.bits)
    value = op.operands[0]
    is_vstore = isinstance(op, VmiVstoreOp)
    if is_vstore and op.block_stride is not None:
        _block_strided_store(lowerer, op, op.values[0], op.block_stride, op.repeat_stride)
        return
    count = len(op.values) if isinstance(op, VmiVstoreOp) else 1
    if isinstance(op, VmiInterleaveStoreOp):
        count = 2
    destination = op.operands[count]
    offset = op.operands[count + 1]
    groups = op.group if is_vstore else op.attr_int("num_groups")
    if isinstance(op, VmiCompressStoreOp):
        _compress_store(lowerer, op, dtype, lowerer.pointer(destination, dtype), offset)
        return
    if count == 2:  # interleaved: low[i] at 2i, high[i] at 2i + 1
        low = lowerer.get(op.operands[0], Layout.CONTIGUOUS).values
        high = lowerer.get(op.operands[1], Layout.CONTIGUOUS).values
        stream: list[SSAValue] = []
        for a, b in zip(low, high, strict=True):
            stream.extend(lowerer.emit(VIntlvOp(a, b)).results)
        ptr = lowerer.pointer(destination, dtype)
        _store_continuous(lowerer, stream, ptr, offset, 2 * data.count, dtype, None)
        return
    regs = lowerer.get(value, Layout.CONTIGUOUS)
    mask = cast("SSAValue | None", getattr(op, "mask", None))
    mask_parts = None if mask is None else masks.parts(lowerer, mask, data.bits, Layout.CONTIGUOUS)
    if groups is None or isinstance(op, VmiStoreOp | VmiMaskedStoreOp):
        ptr = lowerer.pointer(destination, dtype)
        _store_continuous(lowerer, regs.values, ptr, offset, data.count, dtype, mask_parts)
        return
    size = data.count // groups
    stride = op.operands[count + 2]
    if packed_byte_store(destination.type, data) or dtype.bits == 8:
        _store_byte_groups(lowerer, op, regs.values, destination, offset, size, stride)
        return
    ptr = lowerer.advance(lowerer.pointer(destination, dtype), offset)
    for k, v in enumerate(regs.values):
        index = _offsets(lowerer, dtype, k * width, size, stride, data.count)
        bound = lowerer.const(min(data.count - k * width, width))
        lowerer.emit(VscatterOp(v, ptr, index, bound))


def _store_byte_groups(
    lowerer: Lowerer,
    op: MemoryOp,
    values: list[SSAValue],
    destination: SSAValue,
    offset: SSAValue,
    size: int,
    stride: SSAValue,
) -> None:
    """A group store of bytes: 8-bit lanes, or the low byte of 32-bit lanes (PTOAS's packed
    byte group store), by b8 `vscatter`s (request r stores byte lane 2r at its 16-bit offset)."""
    data = op.data()
    byte = _element(destination, data.dtype)
    if data.bits == 8:
        byte = dtype_named("ui8")
        halves, step = _spread(lowerer, values), lanes_per_register(16)
    else:
        halves, step = [_low_bytes(lowerer, v, byte) for v in values], lanes_per_register(32)
    base = lowerer.advance(lowerer.pointer(destination, byte), offset)
    ui16 = dtype_named("ui16")
    for j, v in enumerate(halves):
        first = j * step
        if first < data.count:
            index = _offsets(lowerer, ui16, first, size, stride, min(data.count, first + step))
            lowerer.emit(VscatterOp(v, base, index, lowerer.const(min(data.count - first, step))))


def _spread(lowerer: Lowerer, values: list[SSAValue]) -> list[SSAValue]:
    """Each 8-bit register, read as ui8, as two whose even byte lanes 2r hold its lanes r and
    128 + r (`vintlv` of the register with itself)."""
    byte = VRegType(mlir_type(dtype_named("ui8")))
    spread: list[SSAValue] = []
    for v in values:
        if v.type != byte:
            v = lowerer.emit(VBitcastOp(v, byte)).results[0]
        spread.extend(lowerer.emit(VIntlvOp(v, v)).results)
    return spread


def _low_bytes(lowerer: Lowerer, value: SSAValue, byte: DType) -> SSAValue:
    """32-bit lanes r as the even byte lanes 2r of a `byte` register: `vpack` to 16-bit lanes
    (their low halves), read as bytes (little-endian: byte 2r is the low byte of lane r)."""
    half = VRegType(mlir_type(dtype_named("ui16")))
    low = lowerer.emit(VPackOp(value, "LOWER", half)).results[0]
    return lowerer.emit(VBitcastOp(low, VRegType(mlir_type(byte)))).results[0]


def block_strided_store(lowerer: Lowerer, op: VmiVsstbOp) -> None:
    """`vsstb`: the block stride form of `vstore` with a repeat stride of 0, a block
    written where its first lane's mask bit is on."""
    _block_strided_store(lowerer, op, op.value, op.block_stride, None)


def _block_strided_store(
    lowerer: Lowerer,
    op: MemoryOp,
    value: SSAValue,
    block_stride: SSAValue,
    repeat_stride: SSAValue | None,
) -> None:
    """A `vscatter` per register at `_block_rows`' offsets, under the lane mask (`vstore`)
    or its blocks' first lanes (`vsstb`, by `vselr`). The per-lane scatter writes exactly
    the lanes the VMI op does; PTOAS issues `vsstb`, whose mask governs whole blocks."""
    data = vreg_type(value)
    dtype, width = data.dtype, lanes_per_register(data.bits)
    regs = lowerer.get(value, Layout.CONTIGUOUS)
    mask = cast("SSAValue | None", getattr(op, "mask", None))
    parts = None if mask is None else masks.parts(lowerer, mask, dtype.bits, Layout.CONTIGUOUS)
    if parts is not None and isinstance(op, VmiVsstbOp):
        per_block = 32 // (dtype.bits // 8)
        parts = [_first_of_block(lowerer, part, dtype, per_block) for part in parts]
    ptr = lowerer.advance(lowerer.pointer(op.operands[1], dtype), op.operands[2])
    full = lowerer.all_true(dtype.bits)
    rows = _block_rows(lowerer, op, dtype, data.count, ptr, block_stride, repeat_stride)
    for k, (v, (base, index)) in enumerate(zip(regs.values, rows, strict=True)):
        active = _tail(lowerer, data.count, k, width, dtype.bits)
        if parts is not None:
            active = lowerer.emit(PAndOp(active, parts[k], full)).results[0]
        lowerer.emit(VscatterOp(v, base, index, active))


def _block_rows(
    lowerer: Lowerer,
    op: MemoryOp,
    dtype: DType,
    lanes: int,
    ptr: SSAValue,
    block_stride: SSAValue,
    repeat_stride: SSAValue | None,
) -> list[tuple[SSAValue, SSAValue]]:
    """Per register, its base pointer and per-lane element offsets: 32-byte blocks of
    E = 32 / element bytes lanes `block_stride` blocks apart (rows of E lanes
    `block_stride * E` elements apart, `_offsets`); register r continues the blocks, or
    starts `r * repeat_stride` blocks on. Offsets are lanes of the data's width (a run-time
    stride is not checked); 8-bit lanes are refused (a b8 gather or scatter moves even
    byte lanes only)."""
    if dtype.bits == 8:
        raise lowerer.fail(f"{op.name}: block-strided access to 8-bit lanes has no lowering "
                           "here")  # fmt: skip
    per_block, width = 32 // (dtype.bits // 8), lanes_per_register(dtype.bits)
    blocks = lowerer.emit(arith.IndexCastOp(block_stride, lowerer.const(0).type)).results[0]
    stride = lowerer.emit(arith.MuliOp(blocks, lowerer.const(per_block))).results[0]
    rows: list[tuple[SSAValue, SSAValue]] = []
    for k in range(register_count(lanes, dtype.bits, Layout.CONTIGUOUS)):
        base, start = ptr, k * width
        if repeat_stride is not None:
            repeat = lowerer.emit(arith.IndexCastOp(repeat_stride, lowerer.const(0).type))
            step = lowerer.emit(arith.MuliOp(repeat.results[0], lowerer.const(k * per_block)))
            base, start = lowerer.advance(ptr, step.results[0]), 0
        rows.append((base, _offsets(lowerer, dtype, start, per_block, stride, lanes)))
    return rows


def _first_of_block(lowerer: Lowerer, part: SSAValue, dtype: DType, per_block: int) -> SSAValue:
    """Lane i on where lane `i - i % per_block` of `part` is: the mask as 0/1 lanes,
    `vselr` by the lane index with its low bits cleared, compared with 0."""
    lanes = dtype_named(f"ui{dtype.bits}")
    scalar = IntegerType(dtype.bits)
    full = lowerer.all_true(dtype.bits)
    ones = lowerer.emit(VSelOp(lowerer.splat(1, lanes), lowerer.splat(0, lanes), part)).results[0]
    index = lowerer.lane_index(lanes)
    clear = (1 << dtype.bits) - per_block
    first = lowerer.emit(VAndsOp(index, lowerer.const(_signed(clear, dtype.bits), scalar),
                                 full)).results[0]  # fmt: skip
    picked = lowerer.emit(VSelrOp(ones, first)).results[0]
    zero = lowerer.const(0, scalar)
    return lowerer.emit(VCmpsOp(picked, zero, full, CmpMode.NE)).results[0]


def _signed(value: int, bits: int) -> int:
    return value - (1 << bits) if value >= 1 << (bits - 1) else value


def _compress_store(
    lowerer: Lowerer, op: VmiCompressStoreOp, dtype: DType, ptr: SSAValue, offset: SSAValue
) -> None:
    """One register: `vsqz` packs the active lanes at the front; `vsqz` of ones under the
    same mask marks the first popcount lanes, the mask of a `vscatter` at any offset (8-bit
    lanes: a `vsts`, at an aligned offset). PTOAS stores with `vstur`, which takes the count
    from the squeeze. Several registers would need each
    register's count as a scalar offset: refused, as PTOAS refuses them."""
    regs = lowerer.get(op.value, Layout.CONTIGUOUS)
    if len(regs.values) != 1:
        raise lowerer.fail(f"{op.name} of {regs.lanes} lanes (several registers) has no "
                           "lowering here")  # fmt: skip
    bits = dtype.bits
    part = masks.parts(lowerer, op.mask, bits, Layout.CONTIGUOUS)[0]
    full = lowerer.all_true(bits)
    if regs.lanes < regs.width:
        tail = lowerer.prefix(lowerer.const(regs.lanes, i32), bits)
        part = lowerer.emit(PAndOp(part, tail, full)).results[0]
    packed = lowerer.emit(VSqzOp(regs.values[0], part)).results[0]
    counter = dtype_named(f"ui{bits}")
    ones = lowerer.emit(VSqzOp(lowerer.splat(1, counter), part)).results[0]
    zero = lowerer.const(0, IntegerType(bits))
    first = lowerer.emit(VCmpsOp(ones, zero, full, CmpMode.NE)).results[0]
    if bits == 8:  # a b8 vscatter stores even byte lanes only: an (aligned) masked vsts
        lowerer.emit(VstsOp(packed, ptr, offset, first))
        return
    index = lowerer.lane_index(counter)
    lowerer.emit(VscatterOp(packed, _at(lowerer, ptr, offset, 0), index, first))


def _store_continuous(
    lowerer: Lowerer,
    values: list[SSAValue],
    ptr: SSAValue,
    offset: SSAValue,
    lanes: int,
    dtype: DType,
    mask_parts: list[SSAValue] | None,
) -> None:
    width = lanes_per_register(dtype.bits)
    for k, v in enumerate(values):
        remaining = lanes - k * width
        if remaining <= 0:
            break
        if remaining >= width:
            mask = mask_parts[k] if mask_parts is not None else lowerer.all_true(dtype.bits)
            lowerer.emit(VstsOp(v, ptr, lowerer.index_add(offset, k * width), mask))
            continue
        tail = _tail(lowerer, lanes, k, width, dtype.bits)
        if mask_parts is not None:
            tail = lowerer.emit(PAndOp(tail, mask_parts[k], lowerer.all_true(dtype.bits))).results[
                0
            ]
        if dtype.bits == 8:  # a b8 vscatter stores even byte lanes only: a masked vsts
            lowerer.emit(VstsOp(v, ptr, lowerer.index_add(offset, k * width), tail))
            continue
        index = lowerer.lane_index(dtype_named(f"ui{dtype.bits}"))
        lowerer.emit(VscatterOp(v, _at(lowerer, ptr, offset, k * width), index, tail))


def indexed(lowerer: Lowerer, op: IndexedOp) -> None:
    data = op.data()
    dtype = data.dtype
    if isinstance(op, VmiVgatherbOp):
        raise lowerer.fail(f"{op.name} has no lowering here")
    is_gather = isinstance(op, VmiVgatherOp | VmiGatherOp)
    offsets_value = op.operands[1] if is_gather else op.operands[2]
    offsets = lowerer.get(offsets_value, Layout.CONTIGUOUS)
    mask = op.operands[2] if is_gather else op.operands[3]
    if dtype.bits == 8 and offsets.dtype.bits == 16:
        (_gather_bytes if is_gather else _scatter_bytes)(lowerer, op, offsets.values, mask)
        return
    if offsets.dtype.bits != dtype.bits:
        raise lowerer.fail(f"{op.name}: {offsets.dtype.bits}-bit offsets for {dtype.bits}-bit "
                           "data have no lowering here")  # fmt: skip
    parts = masks.parts(lowerer, mask, dtype.bits, Layout.CONTIGUOUS)
    vreg = VRegType(mlir_type(dtype))
    if is_gather:
        ptr = lowerer.pointer(op.operands[0], dtype)
        passthru = (lowerer.get(op.operands[3], Layout.CONTIGUOUS)
                    if isinstance(op, VmiGatherOp) else None)  # fmt: skip
        values: list[SSAValue] = []
        for k, m in enumerate(parts):
            made = lowerer.emit(Vgather2Op(ptr, offsets.values[k], m, vreg)).results[0]
            if passthru is not None:
                made = lowerer.emit(VSelOp(made, passthru.values[k], m)).results[0]
            values.append(made)
        _define(lowerer, op.results[0], values)
        return
    regs = lowerer.get(op.operands[0], Layout.CONTIGUOUS)
    ptr = lowerer.pointer(op.operands[1], dtype)
    for k, m in enumerate(parts):
        lowerer.emit(VscatterOp(regs.values[k], ptr, offsets.values[k], m))


def _gather_bytes(lowerer: Lowerer, op: IndexedOp, offsets: list[SSAValue], mask: SSAValue) -> None:
    """8-bit lanes gathered at 16-bit offsets: per 128 lanes a `vgather2` of bytes into
    16-bit lanes (zero-extended) under the `punpack` half of the b8 mask, narrowed into the
    LOWER or HIGHER half of a byte register (`vpack`) and the halves joined (`vor`)."""
    dtype = op.data().dtype
    ptr = lowerer.pointer(op.operands[0], dtype_named("ui8"))
    parts = masks.parts(lowerer, mask, 8, Layout.CONTIGUOUS)
    passthru = (lowerer.get(op.operands[3], Layout.CONTIGUOUS)
                if isinstance(op, VmiGatherOp) else None)  # fmt: skip
    wide, byte = (VRegType(mlir_type(dtype_named(n))) for n in ("ui16", "ui8"))
    values: list[SSAValue] = []
    for k, m in enumerate(parts):
        made: SSAValue | None = None
        for j, part in enumerate(("LOWER", "HIGHER")[: len(offsets) - 2 * k]):
            half = lowerer.emit(PUnpackOp(m, part, MaskType(16))).results[0]
            got = lowerer.emit(Vgather2Op(ptr, offsets[2 * k + j], half, wide)).results[0]
            narrow = lowerer.emit(VPackOp(got, part, byte)).results[0]
            made = narrow if made is None else lowerer.emit(
                VOrOp(made, narrow, lowerer.all_true(8))).results[0]  # fmt: skip
        assert made is not None
        if dtype.name != "ui8":
            made = lowerer.emit(VBitcastOp(made, VRegType(mlir_type(dtype)))).results[0]
        if passthru is not None:
            made = lowerer.emit(VSelOp(made, passthru.values[k], m)).results[0]
        values.append(made)
    _define(lowerer, op.results[0], values)


def _scatter_bytes(
    lowerer: Lowerer, op: IndexedOp, offsets: list[SSAValue], mask: SSAValue
) -> None:
    """8-bit lanes scattered at 16-bit offsets: per data register, two b8 `vscatter`s of its
    lanes spread to the even bytes, each under the half of its b8 mask `punpack` widens."""
    regs = lowerer.get(op.operands[0], Layout.CONTIGUOUS)
    ptr = lowerer.pointer(op.operands[1], dtype_named("ui8"))
    parts = masks.parts(lowerer, mask, 8, Layout.CONTIGUOUS)
    halves = _spread(lowerer, regs.values)
    for j, v in enumerate(halves):
        if j < len(offsets):
            part = "HIGHER" if j % 2 else "LOWER"
            half = lowerer.emit(PUnpackOp(parts[j // 2], part, MaskType(16))).results[0]
            lowerer.emit(VscatterOp(v, ptr, offsets[j], half))


_ = mask_type
