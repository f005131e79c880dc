"""UB <-> vector register moves (seed 002): every load and store distribution, in numpy.

Every function takes the UB (`Bytes`, as the machine's `Memory` is), the effective byte
address and the register values, checks the mode's alignment and the bounds of the bytes
it touches, and returns the loaded registers (loads) or writes the memory in place
(stores), together with the byte ranges `[start, end)` it really touched (masked-off lanes
and inactive blocks touch nothing). Registers are 256 bytes; modes work on the raw bits (no
conversion), in lane units of the mode's width. The per-target difference is the scatter
aliasing rule (`SCATTER_RULES`).

The unaligned streams keep their state in `AlignState` (the `!pto.align` value):
`prime`/`load_unaligned` for vldas/vldus, `store_unaligned`/`flush` for the store side.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np
from xdsl.ir import Operation

from interpreters.engine.errors import PtoRuntimeError, check
from interpreters.engine.source import where
from interpreters.semantics.vector_arith import lane_prefix
from pto_dialect.attrs import LoadDist, LoadX2Dist, StoreDist, StoreX2Dist, StrideMode, TargetArch
from pto_dialect.dtypes import DType

VREG_BYTES = 256
BLOCK = 32
"""Bytes of a UB block: the unit of alignment, of block-strided moves and of vgatherb."""
BLOCKS = VREG_BYTES // BLOCK

Ranges = list[tuple[int, int]]


class Bytes(Protocol):
    """A byte-addressed memory as these functions see it (`machine.memory.Memory` is one)."""

    @property
    def name(self) -> str: ...

    @property
    def data(self) -> np.ndarray[tuple[int], np.dtype[np.uint8]]: ...

    @property
    def size(self) -> int: ...

    @property
    def extent(self) -> str:
        """The memory for messages: its name and size."""
        ...


_UINT = {1: np.dtype(np.uint8), 2: np.dtype(np.uint16), 4: np.dtype(np.uint32),
         8: np.dtype(np.uint64)}  # fmt: skip


def _units(raw: np.ndarray, nbytes: int) -> np.ndarray:
    """Raw bytes (or a register) as unsigned units of `nbytes`."""
    return np.ascontiguousarray(raw).view(np.uint8).view(_UINT[nbytes])


def _as_lanes(units: np.ndarray, lane: DType) -> np.ndarray:
    return np.ascontiguousarray(units).view(np.uint8).view(lane.numpy)


def runs(starts: np.ndarray, width: int) -> Ranges:
    """Byte ranges covered by units of `width` bytes at `starts`, merged where they touch."""
    if starts.size == 0:
        return []
    s = np.unique(starts.astype(np.int64))
    breaks = np.flatnonzero(s[1:] > s[:-1] + width) + 1
    firsts = np.concatenate(([0], breaks))
    lasts = np.concatenate((breaks - 1, [s.size - 1]))
    return [(int(s[a]), int(s[b]) + width) for a, b in zip(firsts, lasts, strict=True)]


def active_runs(address: int, active: np.ndarray, width: int) -> Ranges:
    """Byte ranges of the runs of True in `active`, lane e being bytes
    [address + e * width, address + (e + 1) * width) (`runs` for sorted, unique lanes)."""
    edges = np.flatnonzero(np.diff(active.astype(np.int8), prepend=0, append=0))
    return [(address + int(a) * width, address + int(b) * width) for a, b in edges.reshape(-1, 2)]


# ----------------------------------------------------------------------------------------
# Checks
# ----------------------------------------------------------------------------------------


def check_aligned(address: int, align: int, rule: str) -> None:
    """`address` is a multiple of `align` bytes; `rule` names who requires it."""
    if address % align:  # (these checks run per vector op: no message unless it fails)
        raise PtoRuntimeError(
            f"{rule} needs a {align}-byte aligned UB address; byte address {address} is not"
        )


def check_span(memory: Bytes, start: int, nbytes: int, what: str) -> None:
    """Bytes [start, start + nbytes) lie inside `memory`."""
    if start < 0 or start + nbytes > memory.size:
        raise PtoRuntimeError(
            f"{what} touches bytes [{start}, {start + nbytes}) outside {memory.extent}"
        )


def _check_units(memory: Bytes, starts: np.ndarray, width: int, what: str) -> None:
    """Every unit of `width` bytes at `starts` lies inside `memory` (one message, first bad)."""
    if starts.size == 0:
        return
    bad = np.flatnonzero((starts < 0) | (starts + width > memory.size))
    if bad.size:
        first = int(starts[bad[0]])
        check_span(memory, first, width, f"{what} (lane/block {int(bad[0])})")


def _read(memory: Bytes, start: int, nbytes: int, what: str) -> np.ndarray:
    check_span(memory, start, nbytes, what)
    return memory.data[start : start + nbytes].copy()


# ----------------------------------------------------------------------------------------
# Contiguous loads (vlds) and dual loads (vldsx2)
# ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Form:
    """Alignment and footprint of a distribution mode (syntax notes, section F: PTOAS
    VPTOMemoryDist table). `align`/`footprint` None: the element size."""

    align: int | None
    footprint: int | None


LOAD_FORMS: dict[LoadDist, Form] = {
    LoadDist.NORM: Form(BLOCK, VREG_BYTES),
    LoadDist.BRC_B8: Form(None, 1),  # BRC_Bn reads n bits, aligned as the lanes
    LoadDist.BRC_B16: Form(None, 2),
    LoadDist.BRC_B32: Form(None, 4),
    LoadDist.US_B8: Form(BLOCK, VREG_BYTES // 2),
    LoadDist.US_B16: Form(BLOCK, VREG_BYTES // 2),
    LoadDist.DS_B8: Form(BLOCK, 2 * VREG_BYTES),
    LoadDist.DS_B16: Form(BLOCK, 2 * VREG_BYTES),
    LoadDist.UNPK_B8: Form(BLOCK, VREG_BYTES // 2),
    LoadDist.UNPK_B16: Form(BLOCK, VREG_BYTES // 2),
    LoadDist.UNPK_B32: Form(BLOCK, VREG_BYTES // 2),
    LoadDist.SPLT4CHN_B8: Form(BLOCK, VREG_BYTES),
    LoadDist.SPLT2CHN_B8: Form(BLOCK, VREG_BYTES),
    LoadDist.SPLT2CHN_B16: Form(BLOCK, VREG_BYTES),
    LoadDist.DINTLV_B32: Form(BLOCK, 2 * VREG_BYTES),
    LoadDist.BLK: Form(BLOCK, BLOCK),
    LoadDist.BRC_BLK: Form(BLOCK, BLOCK),
    LoadDist.E2B_B16: Form(16, 16),  # 8 elements, each over a block
    LoadDist.E2B_B32: Form(BLOCK, BLOCK),
    LoadDist.UNPK4: Form(BLOCK, VREG_BYTES // 4),
}
X2_FORM = Form(BLOCK, 2 * VREG_BYTES)
"""vldsx2 / vstsx2: two registers to or from 512 contiguous bytes."""

STORE_FORMS: dict[StoreDist, Form] = {
    StoreDist.NORM_B8: Form(BLOCK, VREG_BYTES),
    StoreDist.NORM_B16: Form(BLOCK, VREG_BYTES),
    StoreDist.NORM_B32: Form(BLOCK, VREG_BYTES),
    StoreDist.PK_B16: Form(BLOCK, VREG_BYTES // 2),
    StoreDist.PK_B32: Form(BLOCK, VREG_BYTES // 2),
    StoreDist.PK_B64: Form(BLOCK, VREG_BYTES // 2),
    StoreDist.PK4_B32: Form(BLOCK, VREG_BYTES // 4),
    StoreDist.ONE_PT_B8: Form(None, 1),  # 1PT_Bn writes lane 0 only
    StoreDist.ONE_PT_B16: Form(None, 2),
    StoreDist.ONE_PT_B32: Form(None, 4),
    StoreDist.MRG4CHN_B8: Form(BLOCK, VREG_BYTES),
    StoreDist.MRG2CHN_B8: Form(BLOCK, VREG_BYTES),
    StoreDist.MRG2CHN_B16: Form(BLOCK, VREG_BYTES),
}

_X2_UNIT_BYTES: dict[LoadX2Dist | StoreX2Dist, int] = {
    LoadX2Dist.DINTLV_B8: 1, LoadX2Dist.DINTLV_B16: 2, LoadX2Dist.DINTLV_B32: 4,
    StoreX2Dist.INTLV_B8: 1, StoreX2Dist.INTLV_B16: 2, StoreX2Dist.INTLV_B32: 4,
}  # fmt: skip

_PACK_BYTES = {
    StoreDist.PK_B16: 2, StoreDist.PK_B32: 4, StoreDist.PK_B64: 8, StoreDist.PK4_B32: 4,
}  # fmt: skip

_CHANNELS = {
    LoadDist.SPLT4CHN_B8: 4, LoadDist.SPLT2CHN_B8: 2, LoadDist.SPLT2CHN_B16: 2,
    StoreDist.MRG4CHN_B8: 4, StoreDist.MRG2CHN_B8: 2, StoreDist.MRG2CHN_B16: 2,
}  # fmt: skip


def _form_checks(
    memory: Bytes, address: int, form: Form, element: int, what: str, mode: object
) -> int:
    """Alignment and bounds of a contiguous form (`what` `mode` names it in a message,
    formatted only on failure: the checks run per vector op); the footprint in bytes."""
    footprint = form.footprint or element
    if address % (form.align or element) or address < 0 or address + footprint > memory.size:
        rule = f"{what} {mode}"
        check_aligned(address, form.align or element, rule)
        check_span(memory, address, footprint, rule)
    return footprint


def vlds(
    memory: Bytes, address: int, mode: LoadDist, lane: DType, unit: DType
) -> tuple[np.ndarray, Ranges]:
    """`pto.vlds`: one register of `lane` elements; `unit` is the UB element type."""
    nbytes = _form_checks(memory, address, LOAD_FORMS[mode], lane.bytes, "vlds dist", mode)
    raw = memory.data[address : address + nbytes].copy()
    lanes = VREG_BYTES // lane.bytes
    match mode:
        case LoadDist.NORM:  # the common case: the copied bytes are the lanes
            return raw.view(lane.numpy), [(address, address + nbytes)]
        case LoadDist.BRC_B8 | LoadDist.BRC_B16 | LoadDist.BRC_B32:
            out = np.tile(raw, VREG_BYTES // nbytes)  # the first n bits in every n-bit unit
        case LoadDist.US_B8 | LoadDist.US_B16:
            out = np.repeat(_units(raw, lane.bytes), 2)  # dst[2i] = dst[2i+1] = UB[base + i]
        case LoadDist.DS_B8 | LoadDist.DS_B16 | LoadDist.DINTLV_B32:
            out = _units(raw, lane.bytes)[0::2]  # dst[i] = UB[base + 2i]
        case LoadDist.UNPK_B8 | LoadDist.UNPK_B16 | LoadDist.UNPK_B32:
            wide = _UINT[2 * unit.bytes]  # zero-extend n-bit UB elements to 2n bits
            out = _units(raw, unit.bytes).astype(wide)
        case LoadDist.UNPK4:  # bytes zero-extended to 32 bits
            out = _units(raw, 1).astype(_UINT[4])
        case LoadDist.SPLT4CHN_B8 | LoadDist.SPLT2CHN_B8 | LoadDist.SPLT2CHN_B16:
            k = _CHANNELS[mode]  # channel c of pixel j -> lane c * (N / k) + j
            out = _units(raw, lane.bytes).reshape(lanes // k, k).T.reshape(-1)
        case LoadDist.BLK | LoadDist.BRC_BLK:
            out = np.tile(raw, BLOCKS)  # the 32-byte block in every block of the register
        case LoadDist.E2B_B16 | LoadDist.E2B_B32:  # element k over block k
            out = np.repeat(_units(raw, lane.bytes), BLOCK // lane.bytes)
    return _as_lanes(out, lane), [(address, address + nbytes)]


def vldsx2(
    memory: Bytes, address: int, mode: LoadX2Dist, lane: DType
) -> tuple[np.ndarray, np.ndarray, Ranges]:
    """`pto.vldsx2`: deinterleave 512 bytes into (low, high)."""
    nbytes = _form_checks(memory, address, X2_FORM, lane.bytes, "vldsx2", mode)
    raw = memory.data[address : address + nbytes].copy()
    if mode is LoadX2Dist.BDINTLV:
        blocks = raw.reshape(2 * BLOCKS, BLOCK)  # even blocks -> low, odd blocks -> high
        low, high = blocks[0::2].reshape(-1), blocks[1::2].reshape(-1)
    else:  # n-bit units, whatever the lanes: low[i] = UB[base + 2i], high[i] = UB[base + 2i + 1]
        units = _units(raw, _X2_UNIT_BYTES[mode])
        low, high = units[0::2], units[1::2]
    return _as_lanes(low, lane), _as_lanes(high, lane), [(address, address + nbytes)]


# ----------------------------------------------------------------------------------------
# Contiguous stores (vsts) and dual stores (vstsx2)
# ----------------------------------------------------------------------------------------


def _write_units(memory: Bytes, address: int, units: np.ndarray, active: np.ndarray) -> Ranges:
    """Write unit e of `units` at `address + e * size` where `active[e]`."""
    size = units.dtype.itemsize
    view = memory.data[address : address + units.size * size].view(units.dtype)
    if active is lane_prefix(active.size, active.size) or active.all():  # one range
        view[...] = units
        return [(address, address + units.size * size)]
    view[active] = units[active]
    return active_runs(address, active, size)


_NORM_STORES = frozenset((StoreDist.NORM_B8, StoreDist.NORM_B16, StoreDist.NORM_B32))


def vsts(
    memory: Bytes, address: int, value: np.ndarray, mask: np.ndarray, mode: StoreDist
) -> Ranges:
    """`pto.vsts`: store the active lanes of `value` (mask lane i gates lane i)."""
    lane = value.dtype.itemsize
    _form_checks(memory, address, STORE_FORMS[mode], lane, "vsts dist", mode)
    if mode in _NORM_STORES and mask is lane_prefix(mask.size, mask.size):  # the common case
        raw = (value if value.flags.c_contiguous else np.ascontiguousarray(value)).view(np.uint8)
        memory.data[address : address + raw.size] = raw
        return [(address, address + raw.size)]
    units = _units(value, lane)
    match mode:
        case StoreDist.NORM_B8 | StoreDist.NORM_B16 | StoreDist.NORM_B32:
            return _write_units(memory, address, units, mask)
        case StoreDist.PK_B16 | StoreDist.PK_B32 | StoreDist.PK_B64 | StoreDist.PK4_B32:
            size = _PACK_BYTES[mode]  # UB[base + j] = low half (PK4: quarter) of unit j
            kept = size // 4 if mode is StoreDist.PK4_B32 else size // 2
            packed = _units(value, size).astype(_UINT[kept])
            step = size * mask.size // VREG_BYTES  # the predicate read for n-bit data
            return _write_units(memory, address, packed, mask[::step])
        case StoreDist.ONE_PT_B8 | StoreDist.ONE_PT_B16 | StoreDist.ONE_PT_B32:
            return _write_units(memory, address, units[:1], np.ones(1, bool))  # mask ignored
        case StoreDist.MRG4CHN_B8 | StoreDist.MRG2CHN_B8 | StoreDist.MRG2CHN_B16:
            k = _CHANNELS[mode]  # UB element j * k + c = lane c * (N / k) + j
            merged = units.reshape(k, units.size // k).T.reshape(-1)
            # the predicate applies after the merge, at pixel (k-element) granularity
            pixel_on = mask[0::k]
            return _write_units(memory, address, merged, np.repeat(pixel_on, k))


def vstsx2(
    memory: Bytes,
    address: int,
    low: np.ndarray,
    high: np.ndarray,
    mask: np.ndarray,
    mode: StoreX2Dist,
) -> Ranges:
    """`pto.vstsx2`: UB[base + 2i] = low[i], UB[base + 2i + 1] = high[i] where mask[i]."""
    lane = low.dtype.itemsize
    _form_checks(memory, address, X2_FORM, lane, "vstsx2", mode)
    unit = _X2_UNIT_BYTES[mode]  # n-bit units, whatever the lanes
    merged = np.stack((_units(low, unit), _units(high, unit)), axis=1).reshape(-1)
    # unit j of low/high follows the mask lane holding its first byte
    gate = mask[np.arange(VREG_BYTES // unit) * unit * mask.size // VREG_BYTES]
    return _write_units(memory, address, merged, np.repeat(gate, 2))


# ----------------------------------------------------------------------------------------
# Fixed-stride and block-strided forms
# ----------------------------------------------------------------------------------------

_STRIDE = re.compile(r"STRIDE_S(\d+)_B(\d+)")


def stride_pattern(mode: StrideMode) -> tuple[int, int]:
    """(stride in units, unit bytes) of `STRIDE_S<k>_B<w>`."""
    found = _STRIDE.fullmatch(mode.value)
    assert found is not None
    return int(found.group(1)), int(found.group(2)) // 8


def _stride_starts(
    memory: Bytes, address: int, mode: StrideMode, lane: DType, what: str
) -> tuple[np.ndarray, int]:
    k, size = stride_pattern(mode)
    check(
        lane.bytes <= size,
        f"{what} {mode} moves {8 * size}-bit units; {lane} elements are wider",
    )
    check_aligned(address, BLOCK, f"{what} {mode}")
    starts = address + np.arange(VREG_BYTES // size, dtype=np.int64) * (k * size)
    _check_units(memory, starts, size, f"{what} {mode}")
    return starts, size


def vsld(memory: Bytes, address: int, mode: StrideMode, lane: DType) -> tuple[np.ndarray, Ranges]:
    """`pto.vsld STRIDE_S<k>_B<w>`: unit i of the register = UB unit at base + i * k units."""
    starts, size = _stride_starts(memory, address, mode, lane, "vsld")
    raw = memory.data[starts[:, None] + np.arange(size)].reshape(-1)
    return _as_lanes(raw, lane), runs(starts, size)


def vsst(memory: Bytes, address: int, value: np.ndarray, mode: StrideMode, lane: DType) -> Ranges:
    """`pto.vsst STRIDE_S<k>_B<w>`: UB unit at base + i * k units = unit i of the register."""
    starts, size = _stride_starts(memory, address, mode, lane, "vsst")
    memory.data[starts[:, None] + np.arange(size)] = _units(value, 1).reshape(-1, size)
    return runs(starts, size)


def block_strides(control: int) -> tuple[int, int]:
    """(block stride, repeat stride) in 32-byte blocks of the i32 control word of
    vsldb/vsstb: bits [31:16] block stride, bits [15:0] repeat stride, both unsigned
    (PTOAS VPTOCANN900LLVMEmitter.cpp packBlockRepeatStride: `block << 16 | repeat`;
    pto-isa npu/a5/TMov.hpp: `(blockStride << 16) | repeatStride`)."""
    word = control & 0xFFFFFFFF
    return word >> 16, word & 0xFFFF


def stride_pair(block: int, repeat: int) -> tuple[int, int]:
    """(block stride, repeat stride) of PTOAS's two i16 operands, read as unsigned."""
    return block & 0xFFFF, repeat & 0xFFFF


def block_mask(mask: np.ndarray) -> np.ndarray:
    """Which of the 8 blocks participate: the mask read at b32 granularity (PTOAS `pg_b32[blk]`):
    for a mask of W-bit lanes, block `blk` follows mask lane `blk * 32 / W` (the last axis
    is the mask: leading axes are as many masks)."""
    step = mask.shape[-1] // (VREG_BYTES // 4)  # b32 lane blk = bit 4*blk = mask lane blk*32/W
    return mask[..., 0 : BLOCKS * step : step]


def block_offsets(block: int, first: int) -> np.ndarray:
    """Byte offsets of the 8 blocks from the base: UB block `first + b * block`."""
    return (first + np.arange(BLOCKS, dtype=np.int64) * block) * BLOCK


def _block_starts(memory: Bytes, address: int, block: int, first: int, what: str) -> np.ndarray:
    """Byte addresses of the 8 blocks: UB block `first + b * block` after `address`."""
    check_aligned(address, BLOCK, what)
    return address + block_offsets(block, first)


def vsldb(
    memory: Bytes, address: int, strides: tuple[int, int], mask: np.ndarray, lane: DType
) -> tuple[np.ndarray, Ranges]:
    """`pto.vsldb`: dst block b = UB block at base + (repeat + b * block) * 32 if active, else 0
    (`strides` = (block, repeat))."""
    block, repeat = strides
    starts = _block_starts(memory, address, block, repeat, "vsldb")
    active = block_mask(mask)
    _check_units(memory, starts[active], BLOCK, "vsldb")
    out = np.zeros((BLOCKS, BLOCK), dtype=np.uint8)
    idx = starts[active][:, None] + np.arange(BLOCK)
    out[active] = memory.data[idx]
    return _as_lanes(out.reshape(-1), lane), runs(starts[active], BLOCK)


def vsstb(
    memory: Bytes, address: int, strides: tuple[int, int], mask: np.ndarray, value: np.ndarray,
    post_update: bool = False,
) -> tuple[Ranges, int]:  # fmt: skip
    """`pto.vsstb`: UB block at base + (repeat + b * block) * 32 = block b, for active blocks.

    Post-update (the hardware's POST_UPDATE, as pto-isa npu/a5/TMov.hpp's ND->NZ loop uses it):
    block b goes to base + b * block * 32 and the base advances by repeat * 32 bytes. Returns
    the written ranges and the byte advance of the base (0 without post-update)."""
    block, repeat = strides
    first = 0 if post_update else repeat
    starts = _block_starts(memory, address, block, first, "vsstb")
    active = block_mask(mask)
    _check_units(memory, starts[active], BLOCK, "vsstb")
    blocks = _units(value, 1).reshape(BLOCKS, BLOCK)
    memory.data[starts[active][:, None] + np.arange(BLOCK)] = blocks[active]
    return runs(starts[active], BLOCK), repeat * BLOCK if post_update else 0


# ----------------------------------------------------------------------------------------
# Gathers and scatter
# ----------------------------------------------------------------------------------------


def lanes_below(count: int, lanes: int, what: str) -> np.ndarray:
    """Active lanes of an `%active_lanes` bound: the first min(count, lanes)."""
    check(count >= 0, f"{what} active_lanes must not be negative, got {count}")
    return np.arange(lanes) < count


def _indices(offsets: np.ndarray) -> np.ndarray:
    """Offsets as unsigned integers (the manual's `unsigned(offsets[i])`)."""
    return _units(offsets, offsets.dtype.itemsize).astype(np.int64)


def gather(
    memory: Bytes, address: int, offsets: np.ndarray, active: np.ndarray, lane: DType,
    what: str,
) -> tuple[np.ndarray, Ranges]:  # fmt: skip
    """vgather2 / vgather2_bc: dst[i] = UB[base + offsets[i] * sizeof(T)] if active, else 0."""
    size = lane.bytes
    check_aligned(address, size, f"{what} on {lane} elements")
    starts = address + _indices(offsets)[active] * size
    _check_units(memory, starts, size, what)
    out = np.zeros((active.size, size), dtype=np.uint8)
    out[active] = memory.data[starts[:, None] + np.arange(size)]
    return _as_lanes(out.reshape(-1), lane), runs(starts, size)


def gather_blocks(
    memory: Bytes, address: int, offsets: np.ndarray, active: np.ndarray, lane: DType
) -> tuple[np.ndarray, Ranges]:
    """vgatherb: dst block b = UB[base + offsets[b]] (32 bytes, byte offset) for the active
    blocks (`active`: one flag per block), zero for the others."""
    check_aligned(address, BLOCK, "vgatherb base")
    byte_offsets = _indices(offsets)[:BLOCKS][active]
    bad = np.flatnonzero(byte_offsets % BLOCK)
    if bad.size:
        raise PtoRuntimeError(
            f"vgatherb block offsets must be 32-byte aligned; offset {int(byte_offsets[bad[0]])} "
            f"of block {int(np.flatnonzero(active)[bad[0]])} is not"
        )
    starts = address + byte_offsets
    _check_units(memory, starts, BLOCK, "vgatherb")
    out = np.zeros((BLOCKS, BLOCK), dtype=np.uint8)
    out[active] = memory.data[starts[:, None] + np.arange(BLOCK)]
    return _as_lanes(out.reshape(-1), lane), runs(starts, BLOCK)


@dataclass(frozen=True)
class ScatterRule:
    """What a scatter does when active lanes address the same element."""

    aliasing_is_error: bool
    source: str


SCATTER_RULES: dict[TargetArch, ScatterRule] = {
    TargetArch.A2A3: ScatterRule(
        True, "seed 002 vscatter: on A2/A3 scatter aliases are illegal and must not occur"
    ),
    TargetArch.A5: ScatterRule(
        False, "seed 002 vscatter: on A5 the lane with the numerically lowest index wins"
    ),
    TargetArch.CPU: ScatterRule(False, "the CPU simulator follows A5 (seed 000)"),
}


def scatter(
    memory: Bytes, address: int, value: np.ndarray, offsets: np.ndarray, active: np.ndarray,
    arch: TargetArch,
) -> Ranges:  # fmt: skip
    """vscatter: UB[base + offsets[i] * sizeof(T)] = value[i] for the active lanes."""
    size = value.dtype.itemsize
    check_aligned(address, size, f"vscatter on {size * 8}-bit elements")
    lanes = np.flatnonzero(active)
    starts = address + _indices(offsets)[lanes] * size
    _check_units(memory, starts, size, "vscatter")
    unique, first, counts = np.unique(starts, return_index=True, return_counts=True)
    if SCATTER_RULES[arch].aliasing_is_error and np.any(counts > 1):
        dup = unique[counts > 1][0]
        clash = lanes[starts == dup]
        raise PtoRuntimeError(
            f"vscatter lanes {int(clash[0])} and {int(clash[1])} both write byte {int(dup)}: "
            f"aliasing scatter indices are illegal on {arch.value}"
        )
    winners = lanes[first]  # np.unique's first occurrence: the lowest active lane
    idx = unique[:, None] + np.arange(size)
    memory.data[idx] = _units(value, 1).reshape(-1, size)[winners]
    return runs(unique, size)


# ----------------------------------------------------------------------------------------
# Unaligned streams and the alignment state
# ----------------------------------------------------------------------------------------


@dataclass(eq=False)
class AlignState:
    """A `!pto.align` value: the alignment buffer of an unaligned load or store stream.

    Load side (vldas/vldus): `primed` is the 32-byte block the buffer holds and `held` its
    bytes as they were read. Store side (vstu/vstus/vstur): `pending` are the bytes not yet
    committed, ending at byte `position` of `memory` (where the next stored byte goes); `ar`
    is the vstur address register (bytes from its base). A store state is consumed by the
    next step of its stream or by a flush; `consumed_by` names that op.
    """

    memory: Bytes | None = None
    primed: int | None = None
    held: np.ndarray | None = None
    position: int | None = None
    pending: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.uint8))
    ar: int = 0
    origin: Operation | None = None
    consumed_by: Operation | None = None

    @property
    def is_load(self) -> bool:
        return self.primed is not None

    def describe(self) -> str:
        if self.origin is None:
            return "an alignment state"
        return f"the alignment state of {where(self.origin)}"


def prime(
    memory: Bytes, address: int, origin: Operation | None = None
) -> tuple[AlignState, Ranges]:
    """vldas: hold the 32-byte block containing `address` (it need not be aligned)."""
    block = address - address % BLOCK
    held = _read(memory, block, BLOCK, "vldas priming load")
    return AlignState(memory, primed=block, held=held, origin=origin), [(block, block + BLOCK)]


def load_unaligned(
    memory: Bytes, address: int, state: AlignState, origin: Operation | None = None
) -> tuple[np.ndarray, AlignState, Ranges]:
    """vldus: the 256 bytes at `address`; the first block comes from the primed state, the
    rest from memory; the new state holds the block containing `address + 256`."""
    check(
        state.is_load,
        f"vldus needs an alignment state primed by pto.vldas, but got {state.describe()}, "
        "which belongs to an unaligned store stream (missing pto.vldas?)",
    )
    block = address - address % BLOCK
    check(
        state.primed == block and state.memory is memory and state.held is not None,
        f"vldus at byte {address} of {memory.name} needs the alignment state primed for its "
        f"32-byte block at byte {block} (by pto.vldas or the previous vldus of the stream), "
        f"but {state.describe()} holds the block at byte {state.primed}"
        + ("" if state.memory is None else f" of {state.memory.name}"),
    )
    assert state.held is not None
    check_span(memory, address, VREG_BYTES, "vldus")
    head = state.held[address - block :]
    tail_end = address + VREG_BYTES
    out = np.concatenate((head, memory.data[block + BLOCK : tail_end]))
    next_block = tail_end - tail_end % BLOCK
    fetched_end = min(next_block + BLOCK, memory.size)
    held = None  # the next block lies beyond the memory: nothing is prefetched
    if next_block + BLOCK <= memory.size:
        held = memory.data[next_block : next_block + BLOCK].copy()
    new = AlignState(memory, primed=next_block, held=held, origin=origin)
    reads = [(block + BLOCK, fetched_end)] if fetched_end > block + BLOCK else []
    return out, new, reads


def start_store(state: AlignState) -> AlignState:
    """The store-side state a step continues: a load state starts an empty stream."""
    if state.is_load:
        return AlignState(origin=state.origin)
    if state.consumed_by is not None:
        raise PtoRuntimeError(
            f"{state.describe()} was already consumed by {where(state.consumed_by)}: thread "
            "the align result of each unaligned store into the next one"
        )
    return state


def store_unaligned(
    memory: Bytes, address: int, payload: np.ndarray, state: AlignState, op: Operation,
    ar: int | None = None,
) -> tuple[AlignState, Ranges]:  # fmt: skip
    """One unaligned store step: `payload` bytes at `address`. Whole 32-byte blocks (from the
    start of the buffered bytes) are written; the bytes after the last block boundary stay
    buffered in the returned state. The stream must be contiguous while bytes are buffered."""
    state = start_store(state)
    check_span(memory, address, payload.size, op.name)
    if state.pending.size:
        check(
            state.memory is memory and state.position == address,
            f"unaligned store at byte {address} of {memory.name} does not continue the stream "
            f"of {state.describe()}, whose buffered bytes end at byte {state.position}"
            + ("" if state.memory is None else f" of {state.memory.name}"),
        )
        start = address - state.pending.size
        combined = np.concatenate((state.pending, payload))
    else:
        start = address
        combined = payload
    end = address + payload.size
    cut = end - end % BLOCK
    writes: Ranges = []
    if cut > start:
        memory.data[start:cut] = combined[: cut - start]
        writes.append((start, cut))
        pending = combined[cut - start :].copy()
    else:
        pending = combined.copy()
    state.consumed_by = op
    new = AlignState(memory, position=end, pending=pending, origin=op,
                     ar=state.ar if ar is None else ar)  # fmt: skip
    return new, writes


def flush(memory: Bytes, address: int, state: AlignState, op: Operation) -> Ranges:
    """vsta/vstas/vstar: write the buffered bytes; `address` must be the stream's position."""
    state = start_store(state)
    if not state.pending.size:
        state.consumed_by = op
        return []
    check(
        state.memory is memory and state.position == address,
        f"flush at byte {address} of {memory.name} does not match the post-updated address of "
        f"the unaligned store stream of {state.describe()} (byte {state.position}"
        + ("" if state.memory is None else f" of {state.memory.name}")
        + ")",
    )
    state.consumed_by = op
    start = address - state.pending.size
    memory.data[start:address] = state.pending
    return [(start, address)]
