"""The PTOAS load/store forms in the interpreter, against per-element references.

Post-update vlds/vsts/vsstb, vsldb/vsstb with two i16 strides, two-result vldus and the
masked gathers/scatter. References are Python loops over single lanes or blocks written from
the PTOAS micro-ISA text (docs/isa/micro-isa/03-vector-load-store.md) and the facts its
board-tested kernels fix (test/vpto/cases/micro-op/vector-load-store/*-post-update); they
never call the code under test.
"""

from __future__ import annotations

import numpy as np
import pytest
from support import val
from vector_memory_rig import Rig, elem, random_vreg, spans, ub_ptr, vreg
from xdsl.dialects.builtin import IndexType, i16, i32

from interpreters.machine.memory import Pointer
from pto_dialect.dtypes import F16, F32, I16, I32, U8, DType
from pto_dialect.ops.vector_load import (
    Vgather2Op,
    VgatherbOp,
    VldasOp,
    VldsOp,
    VldsX2Op,
    VldusOp,
    VsldbOp,
)
from pto_dialect.ops.vector_store import VscatterOp, VsstbOp, VstsOp, VstsX2Op
from pto_dialect.vector_types import AlignType, MaskType


def block_flags(active: list[int]) -> np.ndarray:
    """A b32 mask whose lane b is on for the listed blocks."""
    mask = np.zeros(64, bool)
    mask[active] = True
    return mask


# ---- post-update vlds / vsts --------------------------------------------------------------


@pytest.mark.parametrize("lane", [F32, I16])
def test_vlds_post_update_loads_at_the_base_and_advances_it(lane: DType):
    rig = Rig()
    op = VldsOp(val(ub_ptr(lane)), val(IndexType()), vreg(lane), "NORM", post_update=True)
    mem = rig.snapshot()
    vec, nxt = rig.run(op, rig.ptr(512, lane), 64)
    assert vec.tobytes() == elem(mem, 512, 256)  # the base itself, not base + offset
    assert nxt == Pointer(rig.ub, 512 + 64 * lane.bytes, lane)
    vec2, _ = rig.run(op, nxt, 64)  # the kernel's loop: yield the updated base
    assert vec2.tobytes() == elem(mem, 512 + 64 * lane.bytes, 256)


def test_vlds_without_post_update_still_adds_the_offset():
    rig = Rig()
    op = VldsOp(val(ub_ptr(F32)), val(IndexType()), vreg(F32))
    mem = rig.snapshot()
    (vec,) = rig.run(op, rig.ptr(512, F32), 64)
    assert vec.tobytes() == elem(mem, 512 + 256, 256)


def test_vsts_post_update_stores_at_the_base_and_advances_it():
    rig = Rig()
    value = random_vreg(rig.rng, F32)
    mask = np.zeros(64, bool)
    mask[:10] = True
    op = VstsOp(
        val(vreg(F32)), val(ub_ptr(F32)), val(IndexType()), val(MaskType(32)), post_update=True
    )
    before = bytearray(rig.snapshot())
    (nxt,) = rig.run(op, value, rig.ptr(1024, F32), 64, mask)
    before[1024 : 1024 + 40] = value.tobytes()[:40]
    assert rig.snapshot() == bytes(before)
    assert nxt == Pointer(rig.ub, 1024 + 256, F32)


# ---- vsldb / vsstb with two i16 strides -----------------------------------------------------


def test_vsldb_i16_strides_match_the_packed_word():
    rig = Rig()
    block, repeat = 2, 4  # the board kernel's strides
    pair = VsldbOp(val(ub_ptr(F32)), [val(i16), val(i16)], val(MaskType(32)), vreg(F32))
    word = VsldbOp(val(ub_ptr(F32)), val(i32), val(MaskType(32)), vreg(F32))
    mem = rig.snapshot()
    mask = block_flags([0, 1, 2, 5, 7])
    (got,) = rig.run(pair, rig.ptr(64, F32), block, repeat, mask)
    expected = b"".join(
        elem(mem, 64 + (repeat + b * block) * 32, 32) if mask[b] else bytes(32) for b in range(8)
    )
    assert got.tobytes() == expected
    (packed,) = rig.run(word, rig.ptr(64, F32), block << 16 | repeat, mask)
    assert packed.tobytes() == expected


def test_vsstb_post_update_places_blocks_from_the_base_and_advances_by_repeat():
    rig = Rig()
    value = random_vreg(rig.rng, F32)
    block, repeat = 2, 4
    op = VsstbOp(
        val(vreg(F32)),
        val(ub_ptr(F32)),
        [val(i16), val(i16)],
        val(MaskType(32)),
        post_update=True,
    )
    before = bytearray(rig.snapshot())
    (nxt,) = rig.run(op, value, rig.ptr(4096, F32), block, repeat, np.ones(64, bool))
    for b in range(8):
        a = 4096 + b * block * 32
        before[a : a + 32] = value.tobytes()[b * 32 : (b + 1) * 32]
    assert rig.snapshot() == bytes(before)
    assert nxt == Pointer(rig.ub, 4096 + repeat * 32, F32)


def test_vsstb_post_update_round_trip_of_the_board_kernel():
    """vsstb-post-update: store (2, 4) with post-update, read back (2, 4) from the updated
    base: the first four blocks come back as the value's blocks 4..7 (its golden.py)."""
    rig = Rig()
    rig.ub.data[4096 : 4096 + 1024] = 0
    value = random_vreg(rig.rng, F32)
    store = VsstbOp(val(vreg(F32)), val(ub_ptr(F32)), [val(i16), val(i16)], val(MaskType(32)), True)
    load = VsldbOp(val(ub_ptr(F32)), [val(i16), val(i16)], val(MaskType(32)), vreg(F32))
    full = np.ones(64, bool)
    (nxt,) = rig.run(store, value, rig.ptr(4096, F32), 2, 4, full)
    (back,) = rig.run(load, nxt, 2, 4, full)
    assert back.tobytes()[:128] == value.tobytes()[128:]
    assert back.tobytes()[128:] == bytes(128)


def test_vsstb_without_post_update_adds_the_repeat_stride():
    rig = Rig()
    value = random_vreg(rig.rng, F32)
    op = VsstbOp(val(vreg(F32)), val(ub_ptr(F32)), [val(i16), val(i16)], val(MaskType(32)))
    before = bytearray(rig.snapshot())
    assert rig.run(op, value, rig.ptr(4096, F32), 3, 1, block_flags([0, 6])) == ()
    for b in (0, 6):
        a = 4096 + (1 + b * 3) * 32
        before[a : a + 32] = value.tobytes()[b * 32 : (b + 1) * 32]
    assert rig.snapshot() == bytes(before)


# ---- vldus without base_out --------------------------------------------------------------


def test_two_result_vldus_loads_like_the_three_result_form():
    rig = Rig()
    prime = VldasOp(val(ub_ptr(F32)))
    two = VldusOp(val(ub_ptr(F32)), val(AlignType()), vreg(F32), base_out=False)
    mem = rig.snapshot()
    start = rig.ptr(36, F32)
    (state,) = rig.run(prime, start)
    results = rig.run(two, start, state)
    assert len(results) == 2
    assert results[0].tobytes() == elem(mem, 36, 256)


# ---- masked gathers and scatter ------------------------------------------------------------


def test_vgather2_with_a_mask_reads_the_on_lanes_only():
    rig = Rig()
    offsets = rig.rng.integers(0, 300, 64).astype(np.uint32)
    mask = np.zeros(64, bool)
    mask[[0, 3, 4, 40, 63]] = True
    offsets[~mask] = 2**31  # off lanes are neither read nor checked
    op = Vgather2Op(val(ub_ptr(F32)), val(vreg(I32)), val(MaskType(32)), vreg(F32))
    mem = rig.snapshot()
    (got,) = rig.run(op, rig.ptr(128, F32), offsets.view(np.int32), mask)
    expected = b"".join(
        elem(mem, 128 + int(offsets[i]) * 4, 4) if mask[i] else bytes(4) for i in range(64)
    )
    assert got.tobytes() == expected


def test_vgatherb_with_a_mask_gathers_the_on_blocks():
    rig = Rig()
    offsets = np.zeros(64, dtype=np.int32)
    offsets[:8] = [0, 320, 64, 2048, 32, 7, 4000 - 4000 % 32, 160]  # block 5 is off: not checked
    mask = block_flags([0, 1, 3, 6])
    op = VgatherbOp(val(ub_ptr(F32)), val(vreg(I32)), val(MaskType(32)), vreg(F32))
    mem = rig.snapshot()
    (got,) = rig.run(op, rig.ptr(1024, F32), offsets, mask)
    expected = b"".join(
        elem(mem, 1024 + int(offsets[b]), 32) if mask[b] else bytes(32) for b in range(8)
    )
    assert got.tobytes() == expected
    assert spans(rig.last()[2]) == sorted(
        (1024 + int(offsets[b]), 1024 + int(offsets[b]) + 32) for b in (0, 1, 3, 6)
    )


def test_vscatter_with_a_mask_writes_the_on_lanes_only():
    rig = Rig()
    value = random_vreg(rig.rng, F32)
    offsets = np.arange(64, dtype=np.int32)[::-1].copy()
    mask = np.zeros(64, bool)
    mask[::5] = True
    op = VscatterOp(val(vreg(F32)), val(ub_ptr(F32)), val(vreg(I32)), val(MaskType(32)))
    before = bytearray(rig.snapshot())
    rig.run(op, value, rig.ptr(2048, F32), offsets, mask)
    for i in range(64):
        if mask[i]:
            a = 2048 + (63 - i) * 4
            before[a : a + 4] = value.tobytes()[i * 4 : i * 4 + 4]
    assert rig.snapshot() == bytes(before)


# ---- distributions of the board-tested kernels ------------------------------------------------


@pytest.mark.parametrize(("dist", "nbytes"), [("BRC_B8", 1), ("BRC_B16", 2), ("BRC_B32", 4)])
def test_broadcast_repeats_the_first_n_bits_in_f32_lanes(dist: str, nbytes: int):
    rig = Rig()
    op = VldsOp(val(ub_ptr(F32)), val(IndexType()), vreg(F32), dist)
    mem = rig.snapshot()
    (got,) = rig.run(op, rig.ptr(256, F32), 64)
    assert got.tobytes() == elem(mem, 512, nbytes) * (256 // nbytes)
    assert spans(rig.last()[2]) == [(512, 512 + nbytes)]


def test_brc_blk_repeats_the_first_block():
    rig = Rig()
    op = VldsOp(val(ub_ptr(U8)), val(IndexType()), vreg(U8), "BRC_BLK")
    mem = rig.snapshot()
    (got,) = rig.run(op, rig.ptr(0, U8), 96)
    assert got.tobytes() == elem(mem, 96, 32) * 8


def test_unpk_b16_into_f16_lanes_puts_each_half_in_an_even_lane():
    rig = Rig()
    op = VldsOp(val(ub_ptr(F16)), val(IndexType()), vreg(F16), "UNPK_B16")
    mem = rig.snapshot()
    (got,) = rig.run(op, rig.ptr(0, F16), 64)  # 64 halves from byte 128
    expected = b"".join(elem(mem, 128 + 2 * i, 2) + bytes(2) for i in range(64))
    assert got.tobytes() == expected


def test_pk_b64_keeps_the_even_f32_lanes_under_a_b32_mask():
    rig = Rig()
    value = random_vreg(rig.rng, F32)
    mask = np.zeros(64, bool)
    mask[: 2 * 20] = True  # 64-bit unit j follows b32 lane 2j: units 0..19
    mask[41] = True  # an odd lane alone gates nothing
    op = VstsOp(val(vreg(F32)), val(ub_ptr(F32)), val(IndexType()), val(MaskType(32)), "PK_B64")
    before = bytearray(rig.snapshot())
    rig.run(op, value, rig.ptr(1024, F32), 0, mask)
    raw = value.tobytes()
    for j in range(20):
        before[1024 + 4 * j : 1024 + 4 * j + 4] = raw[8 * j : 8 * j + 4]
    assert rig.snapshot() == bytes(before)


def test_pk_b32_on_f16_lanes_keeps_the_even_halves():
    rig = Rig()
    value = random_vreg(rig.rng, F16)
    op = VstsOp(val(vreg(F16)), val(ub_ptr(F16)), val(IndexType()), val(MaskType(32)), "PK_B32")
    before = bytearray(rig.snapshot())
    rig.run(op, value, rig.ptr(2048, F16), 0, np.ones(64, bool))
    raw = value.tobytes()
    for j in range(64):
        before[2048 + 2 * j : 2048 + 2 * j + 2] = raw[4 * j : 4 * j + 2]
    assert rig.snapshot() == bytes(before)


def test_pk_b16_through_an_i16_pointer_counts_the_offset_in_i16():
    rig = Rig()
    value = random_vreg(rig.rng, I16)
    op = VstsOp(val(vreg(I16)), val(ub_ptr(I16)), val(IndexType()), val(MaskType(16)), "PK_B16")
    before = bytearray(rig.snapshot())
    rig.run(op, value, rig.ptr(0, I16), 128, np.ones(128, bool))  # byte 256
    raw = value.tobytes()
    for j in range(128):
        before[256 + j] = raw[2 * j]
    assert rig.snapshot() == bytes(before)


@pytest.mark.parametrize(("dist", "lane"), [("1PT_B16", I16), ("1PT_B32", F32), ("1PT_B8", U8)])
def test_one_point_store_writes_lane_0_only_whatever_the_mask(dist: str, lane: DType):
    rig = Rig()
    value = random_vreg(rig.rng, lane)
    op = VstsOp(
        val(vreg(lane)), val(ub_ptr(lane)), val(IndexType()), val(MaskType(lane.bits)), dist
    )
    before = bytearray(rig.snapshot())
    rig.run(op, value, rig.ptr(512, lane), 0, np.zeros(2048 // lane.bits, bool))
    before[512 : 512 + lane.bytes] = value.tobytes()[: lane.bytes]
    assert rig.snapshot() == bytes(before)


def test_dintlv_b8_then_intlv_b8_on_f32_registers_round_trips():
    """vldsx2-vstsx2-b8-f32 (PTOAS, board-tested): byte (de)interleave of f32 registers."""
    rig = Rig()
    load = VldsX2Op(val(ub_ptr(F32)), val(IndexType()), vreg(F32), "DINTLV_B8")
    mem = rig.snapshot()
    low, high = rig.run(load, rig.ptr(0, F32), 128)  # bytes 512..1023
    src = elem(mem, 512, 512)
    assert low.tobytes() == bytes(src[0::2]) and high.tobytes() == bytes(src[1::2])
    store = VstsX2Op(
        val(vreg(F32)), val(vreg(F32)), val(ub_ptr(F32)), val(IndexType()), "INTLV_B8",
        val(MaskType(32)),
    )  # fmt: skip
    mask = np.ones(64, bool)
    mask[63] = False  # b32 lane 63 gates bytes 252..255 of low and of high
    before = bytearray(rig.snapshot())
    rig.run(store, low, high, rig.ptr(4096, F32), 0, mask)
    before[4096 : 4096 + 504] = src[:504]
    assert rig.snapshot() == bytes(before)
