"""Vector loads and stores in the interpreter (seed 002), against per-element references.

The references are Python loops over single elements written from the manual's C semantics
(seed 002 tables, the PTOAS micro-ISA pseudo-code for block/gather forms) and from the
documented choices of docs/machine.md; they never call the code under test.
"""

from __future__ import annotations

import numpy as np
import pytest
from support import val
from vector_memory_rig import (
    TARGETS,
    Rig,
    elem,
    lanes,
    legal,
    random_vreg,
    spans,
    tail_mask,
    ub_ptr,
    vreg,
    written_spans,
)
from xdsl.dialects.builtin import IndexType, i32

from interpreters.engine.errors import PtoRuntimeError
from interpreters.machine import costs
from interpreters.machine.memory import Pointer
from interpreters.semantics import vector_memory as vm
from pto_dialect.attrs import (
    LoadDist,
    LoadX2Dist,
    Location,
    Pipe,
    StoreDist,
    StoreX2Dist,
    StrideMode,
    TargetArch,
)
from pto_dialect.dtypes import F32, I8, I16, I32, U8, U16, U32, DType
from pto_dialect.ops.vector_load import (
    Vgather2BcOp,
    Vgather2Op,
    VgatherbOp,
    VldsOp,
    VldsX2Op,
    VsldbOp,
    VsldOp,
)
from pto_dialect.ops.vector_store import (
    VscatterOp,
    VsstbOp,
    VsstOp,
    VstsOp,
    VstsX2Op,
)
from pto_dialect.targets import A2A3, A5, CPU, TargetProfile
from pto_dialect.vector_types import MaskType

# ----------------------------------------------------------------------------------------
# vlds: every distribution mode x every legal lane type x every target
# ----------------------------------------------------------------------------------------

WIDTH_MODES: dict[LoadDist, int | None] = {
    LoadDist.NORM: None,
    LoadDist.BRC_B8: 8, LoadDist.BRC_B16: 16, LoadDist.BRC_B32: 32,
    LoadDist.US_B8: 8, LoadDist.US_B16: 16,
    LoadDist.DS_B8: 8, LoadDist.DS_B16: 16,
    LoadDist.UNPK_B8: 16, LoadDist.UNPK_B16: 32, LoadDist.UNPK_B32: 64,
    LoadDist.SPLT4CHN_B8: 8, LoadDist.SPLT2CHN_B8: 8, LoadDist.SPLT2CHN_B16: 16,
    LoadDist.DINTLV_B32: 32,
    LoadDist.BLK: None,
}  # fmt: skip


def ref_vlds(mem: bytes, a: int, mode: LoadDist, lane: DType) -> tuple[bytes, int]:
    """Loaded bytes and bytes read, from the seed 002 C semantics (one lane at a time)."""
    s, n = lane.bytes, lanes(lane)
    out = b""
    name = mode.value
    if mode is LoadDist.NORM:
        for i in range(n):
            out += elem(mem, a + i * s, s)  # dst[i] = UB[base + i]
        return out, 256
    if name.startswith("BRC"):
        for _ in range(n):
            out += elem(mem, a, s)  # dst[i] = UB[base]
        return out, s
    if name.startswith("US"):
        for i in range(n):
            out += elem(mem, a + (i // 2) * s, s)  # dst[2i] = dst[2i+1] = UB[base + i]
        return out, 128
    if name.startswith("DS") or mode is LoadDist.DINTLV_B32:
        for i in range(n):
            out += elem(mem, a + 2 * i * s, s)  # dst[i] = UB[base + 2i]
        return out, 512
    if name.startswith("UNPK"):
        half = s // 2
        for i in range(n):  # zero-extend the half-width UB element i
            out += int.from_bytes(elem(mem, a + i * half, half), "little").to_bytes(s, "little")
        return out, 128
    if name.startswith("SPLT"):
        k = 4 if "4CHN" in name else 2
        for i in range(n):  # lane c * (N / k) + j holds channel c of pixel j
            c, j = divmod(i, n // k)
            out += elem(mem, a + (j * k + c) * s, s)
        return out, 256
    assert mode is LoadDist.BLK
    for i in range(n):
        out += elem(mem, a + (i * s) % 32, s)  # the 32-byte block in every block
    return out, 32


def vlds_cases() -> list[tuple[TargetProfile, LoadDist, DType]]:
    cases: list[tuple[TargetProfile, LoadDist, DType]] = []
    for target in TARGETS:
        for mode, bits in WIDTH_MODES.items():
            for dtype in legal(target, "vlds", bits):
                cases.append((target, mode, dtype))
    return cases


@pytest.mark.parametrize(("target", "mode", "lane"), vlds_cases(),
                         ids=lambda x: str(getattr(x, "name", x)))  # fmt: skip
def test_vlds_every_mode_and_type(target: TargetProfile, mode: LoadDist, lane: DType):
    rig = Rig(target, seed=lane.bits + len(mode.value))
    unpack = mode.value.startswith("UNPK")
    ub_type = {16: U8, 32: U16, 64: U32}[lane.bits] if unpack else lane
    align = lane.bytes if mode.value.startswith("BRC") else 32
    base, offset = 1024, 3 * align // ub_type.bytes  # [%off] counts UB elements
    op = VldsOp(val(ub_ptr(ub_type)), val(IndexType()), vreg(lane), mode)
    mem = rig.snapshot()
    (result,) = rig.run(op, rig.ptr(base, ub_type), offset)
    address = base + offset * ub_type.bytes
    expected, nbytes = ref_vlds(mem, address, mode, lane)
    assert result.dtype == lane.numpy and result.size == lanes(lane)
    assert result.tobytes() == expected
    assert rig.snapshot() == mem  # a load writes nothing
    _, pipe, reads, writes, cycles = rig.last()
    assert pipe is Pipe.V and writes == []
    assert spans(reads) == [(address, address + nbytes)]
    assert cycles == costs.vector_cycles(target, VldsOp, lane)


def test_vlds_untyped_pointer_is_placed_in_ub_and_offsets_count_lane_elements():
    rig = Rig()
    op = VldsOp(val(ub_ptr(None)), val(IndexType()), vreg(F32))
    mem = rig.snapshot()
    (result,) = rig.run(op, Pointer(None, 256, None), 64)
    assert result.tobytes() == mem[512:768]
    assert rig.last()[2][0].memory is rig.ub


def test_vlds_unpk_with_an_untyped_pointer_counts_ub_elements():
    rig = Rig()
    op = VldsOp(val(ub_ptr(None)), val(IndexType()), vreg(I32), LoadDist.UNPK_B16)
    mem = rig.snapshot()
    (result,) = rig.run(op, Pointer(None, 0, None), 16)  # 16 x 2 bytes
    assert result.tobytes() == ref_vlds(mem, 32, LoadDist.UNPK_B16, I32)[0]


def test_vlds_unpk_zero_extends_negative_values():
    rig = Rig()
    rig.ub.data[0:2] = np.array([-3], dtype=np.int16).view(np.uint8)
    op = VldsOp(val(ub_ptr(I16)), val(IndexType()), vreg(I32), LoadDist.UNPK_B16)
    (result,) = rig.run(op, rig.ptr(0, I16), 0)
    assert result[0] == 65533


@pytest.mark.parametrize(
    ("mode", "address", "message"),
    [
        (LoadDist.NORM, 1040, "vlds dist NORM needs a 32-byte aligned UB address"),
        (LoadDist.DS_B16, 1026, "vlds dist DS_B16 needs a 32-byte aligned UB address"),
        (LoadDist.BRC_B16, 1025, "vlds dist BRC_B16 needs a 2-byte aligned UB address"),
    ],
)
def test_vlds_alignment_rules_name_the_mode(mode: LoadDist, address: int, message: str):
    rig = Rig()
    op = VldsOp(val(ub_ptr(None)), val(IndexType()), vreg(I16), mode)
    with pytest.raises(PtoRuntimeError, match=message):
        rig.run(op, rig.ptr(address, None), 0)


def test_vlds_brc_needs_only_element_alignment():
    rig = Rig()
    op = VldsOp(val(ub_ptr(I16)), val(IndexType()), vreg(I16), LoadDist.BRC_B16)
    (result,) = rig.run(op, rig.ptr(1026, I16), 0)
    assert np.all(result == result[0])


def test_a5_runs_address_all_of_ub_beyond_the_planning_budget():
    """buffer_limits.hpp: 256 KiB of UB on A5 (PTOAS's board-tested cv-mixed kernels write up
    to byte 262,144); memory planning gives tiles 248 KiB of it; A2/A3 has 192 KiB."""
    assert A5.capacities[Location.VEC] == 248 * 1024
    for target, size in ((A5, 256 * 1024), (CPU, 256 * 1024), (A2A3, 192 * 1024)):
        rig = Rig(target)
        assert rig.ub.size == size
        op = VldsOp(val(ub_ptr(F32)), val(IndexType()), vreg(F32))
        (result,) = rig.run(op, rig.ptr(size - 256, F32), 0)
        assert result.tobytes() == rig.ub.data[size - 256 :].tobytes()


def test_vlds_out_of_bounds_names_the_memory():
    rig = Rig()
    size = rig.ub.size
    op = VldsOp(val(ub_ptr(F32)), val(IndexType()), vreg(F32))
    with pytest.raises(PtoRuntimeError, match=rf"outside ub \({size} bytes\)"):
        rig.run(op, rig.ptr(size - 128, F32), 0)
    with pytest.raises(PtoRuntimeError, match="outside ub"):
        rig.run(op, rig.ptr(0, F32), -8)


# ----------------------------------------------------------------------------------------
# vldsx2 / vstsx2
# ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("lane", [I8, U8, I16, U16, I32, U32, F32])
def test_vldsx2_dintlv_takes_even_and_odd_elements(lane: DType):
    rig = Rig(A5)
    mode = LoadX2Dist(f"DINTLV_B{lane.bits}")
    op = VldsX2Op(val(ub_ptr(lane)), val(IndexType()), vreg(lane), mode)
    mem = rig.snapshot()
    low, high = rig.run(op, rig.ptr(64, lane), 0)
    s = lane.bytes
    assert low.tobytes() == b"".join(elem(mem, 64 + 2 * i * s, s) for i in range(lanes(lane)))
    assert high.tobytes() == b"".join(
        elem(mem, 64 + (2 * i + 1) * s, s) for i in range(lanes(lane))
    )
    assert spans(rig.last()[2]) == [(64, 576)]


def test_vldsx2_bdintlv_splits_even_and_odd_blocks():
    rig = Rig()
    op = VldsX2Op(val(ub_ptr(F32)), val(IndexType()), vreg(F32), LoadX2Dist.BDINTLV)
    mem = rig.snapshot()
    low, high = rig.run(op, rig.ptr(0, F32), 8)
    assert low.tobytes() == b"".join(elem(mem, 32 + 64 * b, 32) for b in range(8))
    assert high.tobytes() == b"".join(elem(mem, 64 + 64 * b, 32) for b in range(8))


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
@pytest.mark.parametrize("bits", [8, 16, 32])
def test_vstsx2_interleaves_the_active_pairs(target: TargetProfile, bits: int):
    for lane in legal(target, "vstsx2", bits):
        rig = Rig(target, seed=bits)
        n = lanes(lane)
        lo, hi = random_vreg(rig.rng, lane), random_vreg(rig.rng, lane)
        mask = tail_mask(n, n - 5)
        op = VstsX2Op(val(vreg(lane)), val(vreg(lane)), val(ub_ptr(lane)), val(IndexType()),
                      StoreX2Dist(f"INTLV_B{bits}"), val(MaskType(bits)))  # fmt: skip
        expected = bytearray(rig.snapshot())
        s, base = lane.bytes, 96
        touched: list[int] = []
        for i in range(n):
            if mask[i]:  # UB[base + 2i] = low[i]; UB[base + 2i + 1] = high[i]
                expected[base + 2 * i * s : base + (2 * i + 1) * s] = lo[i : i + 1].tobytes()
                expected[base + (2 * i + 1) * s : base + (2 * i + 2) * s] = hi[i : i + 1].tobytes()
                touched += range(base + 2 * i * s, base + (2 * i + 2) * s)
        rig.run(op, lo, hi, rig.ptr(base, lane), 0, mask)
        assert rig.snapshot() == bytes(expected)
        assert spans(rig.last()[3]) == written_spans(touched)


# ----------------------------------------------------------------------------------------
# vsts: NORM, PK, MRG with masks
# ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_vsts_norm_writes_only_active_lanes(target: TargetProfile):
    for lane in legal(target, "vsts"):
        if lane.bits not in (8, 16, 32):
            continue
        rig = Rig(target, seed=lane.bits)
        n = lanes(lane)
        value = random_vreg(rig.rng, lane)
        mask = rig.rng.random(n) < 0.6
        mask[-7:] = False  # a tail
        op = VstsOp(val(vreg(lane)), val(ub_ptr(lane)), val(IndexType()),
                    val(MaskType(lane.bits)))  # fmt: skip
        base, offset = 2048, 64 // lane.bytes
        expected = bytearray(rig.snapshot())
        s, a = lane.bytes, base + 64
        touched: list[int] = []
        for i in range(n):
            if mask[i]:  # UB[base + i] = src[i]
                expected[a + i * s : a + (i + 1) * s] = value[i : i + 1].tobytes()
                touched += range(a + i * s, a + (i + 1) * s)
        rig.run(op, value, rig.ptr(base, lane), offset, mask)
        assert rig.snapshot() == bytes(expected), lane
        _, pipe, reads, writes, cycles = rig.last()
        assert pipe is Pipe.V and reads == []
        assert spans(writes) == written_spans(touched)
        assert cycles == costs.vector_cycles(target, VstsOp, lane)


def test_vsts_seed_tail_mask_writes_the_first_lanes_only():
    rig = Rig()
    value = np.arange(64, dtype=np.float32)
    op = VstsOp(val(vreg(F32)), val(ub_ptr(None)), val(IndexType()), val(MaskType(32)))
    before = rig.snapshot()
    rig.run(op, -value, Pointer(None, 0, None), 0, tail_mask(64, 10))
    assert np.array_equal(rig.ub.data[:40].view(np.float32), -value[:10])
    assert rig.snapshot()[40:] == before[40:]
    assert spans(rig.last()[3]) == [(0, 40)]


@pytest.mark.parametrize(("mode", "lane", "narrow"), [
    (StoreDist.PK_B16, I16, U8), (StoreDist.PK_B16, U16, I8),
    (StoreDist.PK_B32, I32, I16), (StoreDist.PK_B32, F32, U16),
])  # fmt: skip
def test_vsts_pk_keeps_the_low_half_of_active_lanes(mode: StoreDist, lane: DType, narrow: DType):
    rig = Rig()
    n = lanes(lane)
    value = random_vreg(rig.rng, lane)
    mask = tail_mask(n, n - 3)
    op = VstsOp(val(vreg(lane)), val(ub_ptr(narrow)), val(IndexType()),
                val(MaskType(lane.bits)), mode)  # fmt: skip
    expected = bytearray(rig.snapshot())
    h = narrow.bytes
    for i in range(n):
        if mask[i]:  # UB_narrow[base + i] = truncate(src[i])
            bits = int.from_bytes(value[i : i + 1].tobytes(), "little")
            expected[256 + i * h : 256 + (i + 1) * h] = (bits % (1 << (8 * h))).to_bytes(
                h, "little"
            )
    rig.run(op, value, rig.ptr(256, narrow), 0, mask)
    assert rig.snapshot() == bytes(expected)
    assert spans(rig.last()[3]) == [(256, 256 + (n - 3) * h)]


@pytest.mark.parametrize(("mode", "lane", "k"), [
    (StoreDist.MRG4CHN_B8, U8, 4), (StoreDist.MRG2CHN_B8, I8, 2), (StoreDist.MRG2CHN_B16, U16, 2),
])  # fmt: skip
def test_vsts_mrg_interleaves_planes_and_masks_whole_pixels(mode: StoreDist, lane: DType, k: int):
    rig = Rig(A5)
    n, s = lanes(lane), lane.bytes
    value = random_vreg(rig.rng, lane)
    mask = rig.rng.random(n) < 0.5
    op = VstsOp(val(vreg(lane)), val(ub_ptr(lane)), val(IndexType()),
                val(MaskType(lane.bits)), mode)  # fmt: skip
    expected = bytearray(rig.snapshot())
    for e in range(n):  # UB element j*k + c = plane c element j; pixel j gated by mask[j*k]
        j, c = divmod(e, k)
        if mask[j * k]:
            expected[512 + e * s : 512 + (e + 1) * s] = value[c * (n // k) + j].tobytes()
    rig.run(op, value, rig.ptr(512, lane), 0, mask)
    assert rig.snapshot() == bytes(expected)


def test_split_load_then_merge_store_round_trips():
    rig = Rig()
    load = VldsOp(val(ub_ptr(U8)), val(IndexType()), vreg(U8), LoadDist.SPLT4CHN_B8)
    store = VstsOp(val(vreg(U8)), val(ub_ptr(U8)), val(IndexType()), val(MaskType(8)),
                   StoreDist.MRG4CHN_B8)  # fmt: skip
    (planes,) = rig.run(load, rig.ptr(0, U8), 0)
    assert np.array_equal(planes[:64], rig.ub.data[0:256:4])  # the R plane
    rig.run(store, planes, rig.ptr(1024, U8), 0, np.ones(256, bool))
    assert np.array_equal(rig.ub.data[1024:1280], rig.ub.data[0:256])


def test_vsts_misaligned_store_fails_before_writing():
    rig = Rig()
    op = VstsOp(val(vreg(F32)), val(ub_ptr(F32)), val(IndexType()), val(MaskType(32)))
    before = rig.snapshot()
    with pytest.raises(PtoRuntimeError, match="vsts dist NORM_B32 needs a 32-byte aligned"):
        rig.run(op, np.zeros(64, np.float32), rig.ptr(0, F32), 1, np.ones(64, bool))
    assert rig.snapshot() == before
    # masked-off lanes do not make an out-of-bounds address legal
    with pytest.raises(PtoRuntimeError, match="outside ub"):
        end = rig.ub.size - 128
        rig.run(op, np.zeros(64, np.float32), rig.ptr(end, F32), 0, tail_mask(64, 1))


# ----------------------------------------------------------------------------------------
# vsld / vsst fixed strides
# ----------------------------------------------------------------------------------------

STRIDES = {StrideMode.STRIDE_S3_B16: (3, 2), StrideMode.STRIDE_S4_B64: (4, 8),
           StrideMode.STRIDE_S8_B32: (8, 4), StrideMode.STRIDE_S2_B64: (2, 8)}  # fmt: skip


@pytest.mark.parametrize("mode", list(StrideMode))
@pytest.mark.parametrize("lane", [I16, F32, U8])
def test_vsld_and_vsst_fixed_strides(mode: StrideMode, lane: DType):
    k, u = STRIDES[mode]
    rig = Rig()
    load = VsldOp(val(ub_ptr(lane)), val(IndexType()), vreg(lane), mode)
    store = VsstOp(val(vreg(lane)), val(ub_ptr(lane)), val(IndexType()), mode)
    if lane.bytes > u:
        with pytest.raises(PtoRuntimeError, match="elements are wider"):
            rig.run(load, rig.ptr(0, lane), 0)
        return
    mem = rig.snapshot()
    (result,) = rig.run(load, rig.ptr(64, lane), 0)
    units = [elem(mem, 64 + i * k * u, u) for i in range(256 // u)]  # unit i at base + i*k
    assert result.tobytes() == b"".join(units)
    reads = spans(rig.last()[2])
    assert sum(e - s for s, e in reads) == 256
    value = random_vreg(rig.rng, lane)
    expected = bytearray(rig.snapshot())
    raw = value.tobytes()
    for i in range(256 // u):
        expected[3072 + i * k * u : 3072 + i * k * u + u] = raw[i * u : (i + 1) * u]
    rig.run(store, value, rig.ptr(3072, lane), 0)
    assert rig.snapshot() == bytes(expected)


# ----------------------------------------------------------------------------------------
# vsldb / vsstb block strides
# ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("lane", [F32, I16, U8])
def test_vsldb_loads_active_blocks_and_zeroes_the_others(lane: DType):
    rig = Rig(A2A3)
    block_stride, repeat_stride = 3, 5
    # the word is block << 16 | repeat (PTOAS packBlockRepeatStride, pto-isa a5 TMov.hpp)
    control = (block_stride << 16) | repeat_stride
    n = lanes(lane)
    mask = np.zeros(n, bool)
    per_b32 = n // 64
    active_blocks = [0, 2, 3, 7]
    for blk in active_blocks:  # pg_b32[blk]: b32 lane blk = mask lane blk * 32 / W
        mask[blk * per_b32] = True
    op = VsldbOp(val(ub_ptr(lane)), val(i32), val(MaskType(lane.bits)), vreg(lane))
    mem = rig.snapshot()
    (result,) = rig.run(op, rig.ptr(128, lane), control, mask)
    expected = b""
    for blk in range(8):
        a = 128 + (repeat_stride + blk * block_stride) * 32
        expected += elem(mem, a, 32) if blk in active_blocks else bytes(32)
    assert result.tobytes() == expected
    assert spans(rig.last()[2]) == [
        (128 + (repeat_stride + b * block_stride) * 32,
         128 + (repeat_stride + b * block_stride) * 32 + 32) for b in active_blocks
    ]  # fmt: skip


def test_vsldb_inactive_blocks_may_lie_outside_ub():
    rig = Rig()
    size = rig.ub.size
    op = VsldbOp(val(ub_ptr(F32)), val(i32), val(MaskType(32)), vreg(F32))
    control = 0x7FFF << 16  # block stride 32767 blocks: blocks 1.. are far out of UB
    (result,) = rig.run(op, rig.ptr(0, F32), control, tail_mask(64, 1))
    assert result[8:].tobytes() == bytes(224)
    with pytest.raises(PtoRuntimeError, match=rf"vsldb \(lane/block 1\) .* outside ub \({size}"):
        rig.run(op, rig.ptr(0, F32), control, tail_mask(64, 2))


def test_vsstb_writes_only_active_blocks_with_negative_control_word():
    rig = Rig()
    value = random_vreg(rig.rng, I32)
    control = -65535  # as i32: 0xFFFF0001 -> block stride 65535, repeat stride 1
    op = VsstbOp(val(vreg(I32)), val(ub_ptr(I32)), val(i32), val(MaskType(32)))
    with pytest.raises(PtoRuntimeError, match="outside ub"):
        rig.run(op, value, rig.ptr(0, I32), control, np.ones(64, bool))
    before = bytearray(rig.snapshot())
    mask = np.zeros(64, bool)
    mask[[1, 6]] = True
    rig.run(op, value, rig.ptr(64, I32), 2 << 16, mask)  # block stride 2, repeat 0
    for blk in (1, 6):
        a = 64 + blk * 2 * 32
        before[a : a + 32] = value.tobytes()[blk * 32 : blk * 32 + 32]
    assert rig.snapshot() == bytes(before)


# ----------------------------------------------------------------------------------------
# Gathers
# ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_vgather2_reads_active_lanes_and_zero_fills_the_rest(target: TargetProfile):
    for lane in legal(target, "vgather2"):
        if lane.bits not in (8, 16, 32):
            continue
        rig = Rig(target, seed=lane.bits)
        n, s = lanes(lane), lane.bytes
        index_type = {8: U8, 16: U16, 32: U32}[lane.bits]
        offsets = rig.rng.integers(0, 200, n).astype(index_type.numpy)
        op = Vgather2Op(val(ub_ptr(lane)), val(vreg(index_type)), val(IndexType()), vreg(lane))
        mem = rig.snapshot()
        active = n - 9
        (result,) = rig.run(op, rig.ptr(256, lane), offsets, active)
        expected = b"".join(
            elem(mem, 256 + int(offsets[i]) * s, s) if i < active else bytes(s) for i in range(n)
        )
        assert result.tobytes() == expected, lane
        touched = [256 + int(offsets[i]) * s + b for i in range(active) for b in range(s)]
        assert spans(rig.last()[2]) == written_spans(touched)


def test_vgather2_offsets_are_unsigned_and_active_lanes_clamp():
    rig = Rig()
    offsets = np.full(64, -1, dtype=np.int32)  # 2**32 - 1: inactive lanes are not checked
    offsets[:2] = [3, 0]
    op = Vgather2Op(val(ub_ptr(F32)), val(vreg(I32)), val(IndexType()), vreg(F32))
    (result,) = rig.run(op, rig.ptr(0, F32), offsets, 2)
    assert result[0:1].tobytes() == bytes(rig.ub.data[12:16]) and not result[2:].any()
    far = (2**32 - 1) * 4
    with pytest.raises(PtoRuntimeError, match=rf"vgather2 \(lane/block 2\) touches bytes \[{far},"):
        rig.run(op, rig.ptr(0, F32), offsets, 1000)  # clamped to the 64 lanes
    with pytest.raises(PtoRuntimeError, match="must not be negative"):
        rig.run(op, rig.ptr(0, F32), offsets, -1)


def test_vgather2_bc_follows_the_mask():
    rig = Rig()
    offsets = np.arange(64, dtype=np.uint32)[::-1].copy()
    mask = np.zeros(64, bool)
    mask[::3] = True
    op = Vgather2BcOp(val(ub_ptr(F32)), val(vreg(U32)), val(MaskType(32)), vreg(F32))
    (result,) = rig.run(op, rig.ptr(0, F32), offsets, mask)
    data = rig.ub.data[:256].view(np.float32)
    for i in range(64):
        got = result[i : i + 1].tobytes()
        assert got == (data[63 - i : 64 - i].tobytes() if mask[i] else bytes(4))
    assert len(rig.last()[2]) == int(mask.sum())  # one unit per active lane, none adjacent


def test_vgatherb_gathers_32_byte_blocks_by_byte_offset():
    rig = Rig()
    offsets = np.zeros(64, dtype=np.uint32)
    offsets[:8] = [0, 320, 64, 2048, 32, 96, 4000 - 4000 % 32, 160]
    op = VgatherbOp(val(ub_ptr(F32)), val(vreg(U32)), val(IndexType()), vreg(F32))
    mem = rig.snapshot()
    (result,) = rig.run(op, rig.ptr(1024, F32), offsets, 5)
    expected = b"".join(
        elem(mem, 1024 + int(offsets[b]), 32) if b < 5 else bytes(32) for b in range(8)
    )
    assert result.tobytes() == expected
    offsets[1] = 36
    with pytest.raises(PtoRuntimeError, match="offset 36 of block 1 is not"):
        rig.run(op, rig.ptr(1024, F32), offsets, 5)
    with pytest.raises(PtoRuntimeError, match="vgatherb base needs a 32-byte aligned"):
        rig.run(op, rig.ptr(1028, F32), offsets, 1)


# ----------------------------------------------------------------------------------------
# Scatter: aliasing per target
# ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
@pytest.mark.parametrize("lane", [I16, F32])  # b8 values: test_micro_extra (16-bit offsets)
def test_vscatter_writes_active_lanes(target: TargetProfile, lane: DType):
    rig = Rig(target, seed=3)
    n, s = lanes(lane), lane.bytes
    index_type = {16: U16, 32: U32}[lane.bits]
    offsets = rig.rng.permutation(n).astype(index_type.numpy)  # distinct indices
    value = random_vreg(rig.rng, lane)
    active = n // 2 + 1
    op = VscatterOp(val(vreg(lane)), val(ub_ptr(lane)), val(vreg(index_type)), val(IndexType()))
    expected = bytearray(rig.snapshot())
    touched: list[int] = []
    for i in range(active):  # UB[base + offsets[i] * sizeof(T)] = src[i]
        a = 512 + int(offsets[i]) * s
        expected[a : a + s] = value[i : i + 1].tobytes()
        touched += range(a, a + s)
    rig.run(op, value, rig.ptr(512, lane), offsets, active)
    assert rig.snapshot() == bytes(expected)
    assert spans(rig.last()[3]) == written_spans(touched)


def test_vscatter_aliasing_is_an_error_on_a2a3():
    rig = Rig(A2A3)
    offsets = np.arange(64, dtype=np.uint32)
    offsets[40] = 7
    op = VscatterOp(val(vreg(F32)), val(ub_ptr(F32)), val(vreg(U32)), val(IndexType()))
    value = np.arange(64, dtype=np.float32)
    before = rig.snapshot()
    with pytest.raises(PtoRuntimeError, match="lanes 7 and 40 both write byte 28: aliasing"):
        rig.run(op, value, rig.ptr(0, F32), offsets, 64)
    assert rig.snapshot() == before
    rig.run(op, value, rig.ptr(0, F32), offsets, 40)  # lane 40 inactive: no alias


@pytest.mark.parametrize("target", [A5, CPU], ids=lambda t: t.name)
def test_vscatter_lowest_lane_wins_on_a5(target: TargetProfile):
    rig = Rig(target)
    offsets = np.array([5, 2, 5, 5, 2] + [10 + i for i in range(59)], dtype=np.uint32)
    op = VscatterOp(val(vreg(I32)), val(ub_ptr(I32)), val(vreg(U32)), val(IndexType()))
    value = np.arange(100, 164, dtype=np.int32)
    rig.run(op, value, rig.ptr(0, I32), offsets, 64)
    words = rig.ub.data[:256].view(np.int32)
    assert words[5] == 100 and words[2] == 101
    assert vm.SCATTER_RULES[TargetArch.A2A3].aliasing_is_error
    assert not vm.SCATTER_RULES[TargetArch.A5].aliasing_is_error
