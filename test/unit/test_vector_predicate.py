"""Predicate algebra and predicate loads/stores, run by the interpreter on whole kernels.

Each kernel copies 256 input bytes GM -> UB (bytes [0, 256)), runs a vecscope, and copies
UB bytes [256, 512) back to GM. The references are written from the bit layout PTOAS's
board-tested cases (test/vpto/cases/micro-op/{materialization-predicate,
predicate-load-store}) state: lane i of a bW mask is register bit i * W / 8, NORM stores 32
bytes of the 256 register bits (little-endian bit order), PK the even bits in 16 bytes, US
loads 16 bytes doubling each bit, DS 64 bytes keeping every other bit. They never call
the code under test.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import val
from vector_memory_rig import Rig, ub_ptr
from xdsl.dialects.builtin import i32

from interpreters.api import PtoRunError, parse, run
from interpreters.ops.vector_predicate import VectorPredicateFunctions
from pto_dialect.dtypes import F32, U16, U32
from pto_dialect.ops.vector_load import VldasOp
from pto_dialect.ops.vector_predicate_memory import PstuOp
from pto_dialect.ops.vector_store_unaligned import VstasOp
from pto_dialect.targets import A5
from pto_dialect.vector_types import AlignType, MaskType

_KERNEL = """builtin.module attributes {{pto.target_arch = "{target}"}} {{
  func.func @kernel(%gin: !pto.ptr, %gout: !pto.ptr, %n: i32, %k: i32) {{
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %c8_i64 = arith.constant 8 : i64
    %c32_i64 = arith.constant 32 : i64
    %c256_i64 = arith.constant 256 : i64
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c96 = arith.constant 96 : index
    %c256 = arith.constant 256 : index
    %c288 = arith.constant 288 : index
    %c320 = arith.constant 320 : index
    %c352 = arith.constant 352 : index
    %c0_i32 = arith.constant 0 : i32
    %false = arith.constant false
    %ub = pto.castptr %c0_i64 : i64 -> !pto.ptr<ui8, ub>
    %ub_in = pto.castptr %c0_i64 : i64 -> !pto.ptr
    %ub_out = pto.castptr %c256_i64 : i64 -> !pto.ptr
    pto.set_loop_size_outtoub %c1_i64, %c1_i64 : i64, i64
    pto.copy_gm_to_ubuf %gin, %ub_in, %c0_i64, %c1_i64, %c256_i64,
      %c0_i64, %c0_i64, %false, %c0_i64, %c256_i64, %c256_i64
      : !pto.ptr, !pto.ptr, i64, i64, i64, i64, i64, i1, i64, i64, i64
    pto.set_flag["PIPE_MTE2", "PIPE_V", "EVENT_ID0"]
    pto.wait_flag["PIPE_MTE2", "PIPE_V", "EVENT_ID0"]
    pto.vecscope {{
{body}
    }}
    pto.set_flag["PIPE_V", "PIPE_MTE3", "EVENT_ID0"]
    pto.wait_flag["PIPE_V", "PIPE_MTE3", "EVENT_ID0"]
    pto.set_loop_size_ubtoout %c1_i64, %c1_i64 : i64, i64
    pto.copy_ubuf_to_gm %ub_out, %gout, %c0_i64, %c1_i64, %c256_i64,
      %c0_i64, %c256_i64, %c256_i64
      : !pto.ptr, !pto.ptr, i64, i64, i64, i64, i64, i64
    pto.barrier #pto.pipe
    func.return
  }}
}}
"""


def kernel_out(body: str, data: np.ndarray | None = None, n: int = 0, k: int = 0,
               target: str = "a5") -> np.ndarray:  # fmt: skip
    module = parse(_KERNEL.format(target=target, body=body))
    gin = np.zeros(256, np.uint8) if data is None else data
    result = run(module, gin, np.zeros(256, np.uint8), np.int32(n), np.int32(k))
    assert result.hazards == []
    return np.asarray(result.outputs[1]).view(np.uint8)


def bits_to_bytes(bits: list[bool] | list[int] | np.ndarray, size: int) -> np.ndarray:
    """Bytes holding `bits` (bit k = bit k % 8 of byte k // 8), zero padded to `size`."""
    out = np.zeros(size, np.uint8)
    for k, bit in enumerate(bits):
        if bit:
            out[k // 8] |= 1 << (k % 8)
    return out


def lane_bits(active: list[bool] | np.ndarray, granularity: int) -> np.ndarray:
    """The 256 register bits of a mask of `granularity` bits with lanes `active`."""
    bits = np.zeros(256, np.uint8)
    step = granularity // 8
    for i, on in enumerate(active):
        bits[i * step] = int(on)
    return bits


def out_mask(bits: int) -> str:
    return f"!pto.mask<b{bits}>"


def store(value: str, bits: int, at: str = "%c256", dist: str = "NORM") -> str:
    types = f"{out_mask(bits)}, !pto.ptr<ui8, ub>, index"
    return f'      pto.psts {value}, %ub[{at}], "{dist}" : {types}'


def plt(name: str, bits: int, count: str) -> str:
    return f"      {name}, {name}_n = pto.plt_b{bits} {count} : i32 -> {out_mask(bits)}, i32"


# ---- algebra ----------------------------------------------------------------------------

Lane = Callable[[bool, bool, bool], bool]
LOGIC: dict[str, Lane] = {
    "pand": lambda a, b, m: a and b and m,
    "por": lambda a, b, m: (a or b) and m,
    "pxor": lambda a, b, m: (a != b) and m,
    "psel": lambda a, b, m: a if m else b,
}


@settings(max_examples=25, deadline=None)
@given(
    op=st.sampled_from(sorted(LOGIC)),
    bits=st.sampled_from([8, 16, 32]),
    n=st.integers(-3, 300),
    k=st.integers(-3, 300),
    pattern=st.sampled_from(["PAT_ALL", "PAT_M3", "PAT_H", "PAT_VL16", "PAT_ALLF"]),
)
def test_binary_algebra(op: str, bits: int, n: int, k: int, pattern: str) -> None:
    lanes = 2048 // bits
    t = out_mask(bits)
    body = "\n".join([
        plt("%a", bits, "%n"),
        plt("%b", bits, "%k"),
        f'      %m = pto.pset_b{bits} "{pattern}" : {t}',
        f"      %r = pto.{op} %a, %b, %m : {t}, {t}, {t} -> {t}",
        store("%r", bits),
    ])  # fmt: skip
    a = [i < n for i in range(lanes)]
    b = [i < k for i in range(lanes)]
    m = {
        "PAT_ALL": [True] * lanes,
        "PAT_ALLF": [False] * lanes,
        "PAT_M3": [i % 3 == 0 for i in range(lanes)],
        "PAT_H": [i < lanes // 2 for i in range(lanes)],
        "PAT_VL16": [i < 16 for i in range(lanes)],
    }[pattern]
    want = [LOGIC[op](x, y, z) for x, y, z in zip(a, b, m, strict=True)]
    expected = np.zeros(256, np.uint8)
    expected[:32] = bits_to_bytes(lane_bits(want, bits), 32)
    assert np.array_equal(kernel_out(body, n=n, k=k), expected)


def test_pnot_of_a_prefix_is_the_board_case() -> None:
    """PTOAS pnot case: pnot(plt_b32 13, PAT_ALL) stores words 0, 0x11100000, 0x11111111..."""
    body = "\n".join([
        '      %all = pto.pset_b32 "PAT_ALL" : !pto.mask<b32>',
        plt("%h", 32, "%n"),
        "      %r = pto.pnot %h, %all : !pto.mask<b32>, !pto.mask<b32> -> !pto.mask<b32>",
        store("%r", 32),
    ])  # fmt: skip
    words = kernel_out(body, n=13)[:32].view(np.uint32)
    assert list(words) == [0, 0x11100000] + [0x11111111] * 6


# ---- pack / unpack, interleave ------------------------------------------------------------


def test_ppack_punpack_round_trip_same_type() -> None:
    """PTOAS ppack-punpack-nontrivial: PAT_M4 at b32 packs to 0x01010101 x 4 and unpacks back."""
    body = "\n".join([
        '      %s = pto.pset_b32 "PAT_M4" : !pto.mask<b32>',
        '      %p = pto.ppack %s, "LOWER" : !pto.mask<b32> -> !pto.mask<b32>',
        '      %u = pto.punpack %p, "LOWER" : !pto.mask<b32> -> !pto.mask<b32>',
        store("%p", 32),
        store("%u", 32, "%c288"),
    ])  # fmt: skip
    words = kernel_out(body)[:64].view(np.uint32)
    assert list(words) == [0x01010101] * 4 + [0] * 4 + [0x00010001] * 8


def test_same_granularity_ppack_keeps_the_bits_between_lanes() -> None:
    """vpto-dev/PTOAS 2026-06 board case ppack-punpack: PAT_ALL at b32 packs to 0x55555555
    x 4 (bits between the b32 lanes) and unpacks to 0x11111111 x 8."""
    body = "\n".join([
        '      %s = pto.pset_b32 "PAT_ALL" : !pto.mask<b32>',
        '      %p = pto.ppack %s, "LOWER" : !pto.mask<b32> -> !pto.mask<b32>',
        '      %u = pto.punpack %p, "LOWER" : !pto.mask<b32> -> !pto.mask<b32>',
        store("%p", 32),
        store("%u", 32, "%c288"),
    ])  # fmt: skip
    words = kernel_out(body)[:64].view(np.uint32)
    assert list(words) == [0x55555555] * 4 + [0] * 4 + [0x11111111] * 8


def test_pbitcast_keeps_the_register_image_for_pack_and_unpack() -> None:
    """tonibohnlein/PTOAS 2026-08 test/dsl-st/predicate_pack.py: an all-ones b8 mask seen as
    b32 stores 0xFF x 32; ppack LOWER/HIGHER keep one half of it, punpack gives 0x55 x 32."""
    b32 = "!pto.mask<b32> -> !pto.mask<b32>"
    body = "\n".join([
        '      %b = pto.pset_b8 "PAT_ALL" : !pto.mask<b8>',
        "      %a = pto.pbitcast %b : !pto.mask<b8> -> !pto.mask<b32>",
        f'      %lo = pto.ppack %a, "LOWER" : {b32}',
        f'      %hi = pto.ppack %a, "HIGHER" : {b32}',
        f'      %u = pto.punpack %hi, "HIGHER" : {b32}',
        store("%a", 32),
        store("%lo", 32, "%c288"),
        store("%hi", 32, "%c320"),
        store("%u", 32, "%c352"),
    ])  # fmt: skip
    out = kernel_out(body)[:128]
    half = [0xFF] * 16
    assert list(out) == [0xFF] * 32 + half + [0] * 16 + [0] * 16 + half + [0x55] * 32


@pytest.mark.parametrize("part", ["LOWER", "HIGHER"])
@pytest.mark.parametrize(("src", "dst"), [(32, 16), (16, 8)])
def test_ppack_narrowing_keeps_every_lane(part: str, src: int, dst: int) -> None:
    """ppack bW -> b(W/2): source lane i becomes lane i (LOWER) or N + i (HIGHER)."""
    lanes = 2048 // src
    body = "\n".join([
        plt("%a", src, "%n"),
        f'      %p = pto.ppack %a, "{part}" : {out_mask(src)} -> {out_mask(dst)}',
        store("%p", dst),
    ])  # fmt: skip
    n = lanes - 5
    result = np.zeros(2 * lanes, bool)
    start = 0 if part == "LOWER" else lanes
    result[start : start + n] = True
    expected = bits_to_bytes(lane_bits(result, dst), 32)
    assert np.array_equal(kernel_out(body, n=n)[:32], expected)


@pytest.mark.parametrize("part", ["LOWER", "HIGHER"])
def test_punpack_widening(part: str) -> None:
    """punpack b16 -> b32: lane i of the result is lane i (LOWER) or 64 + i (HIGHER)."""
    body = "\n".join([
        '      %a = pto.pset_b16 "PAT_M3" : !pto.mask<b16>',
        f'      %u = pto.punpack %a, "{part}" : !pto.mask<b16> -> !pto.mask<b32>',
        store("%u", 32),
    ])  # fmt: skip
    offset = 0 if part == "LOWER" else 64
    want = [(i + offset) % 3 == 0 for i in range(64)]
    assert np.array_equal(kernel_out(body)[:32], bits_to_bytes(lane_bits(want, 32), 32))


def test_pintlv_b16_is_the_board_case() -> None:
    """PTOAS pintlv_b16-nontrivial: VL8 with M4 gives word 286593301 then 262148 x 15."""
    body = "\n".join([
        '      %l = pto.pset_b16 "PAT_VL8" : !pto.mask<b16>',
        '      %r = pto.pset_b16 "PAT_M4" : !pto.mask<b16>',
        "      %lo, %hi = pto.pintlv_b16 %l, %r : !pto.mask<b16>, !pto.mask<b16> -> "
        "!pto.mask<b16>, !pto.mask<b16>",
        store("%lo", 16),
        store("%hi", 16, "%c288"),
    ])  # fmt: skip
    words = kernel_out(body)[:64].view(np.uint32)
    assert list(words) == [286593301] + [262148] * 15


def test_pdintlv_b8_is_the_board_case() -> None:
    """PTOAS pdintlv_b8-nontrivial: low 15, 0, 0, 0, 0x55555555 x 4; high 15, 0 x 7."""
    body = "\n".join([
        '      %l = pto.pset_b8 "PAT_VL8" : !pto.mask<b8>',
        '      %r = pto.pset_b8 "PAT_M4" : !pto.mask<b8>',
        "      %lo, %hi = pto.pdintlv_b8 %l, %r : !pto.mask<b8>, !pto.mask<b8> -> "
        "!pto.mask<b8>, !pto.mask<b8>",
        store("%lo", 8),
        store("%hi", 8, "%c288"),
    ])  # fmt: skip
    words = kernel_out(body)[:64].view(np.uint32)
    assert list(words) == [15, 0, 0, 0] + [0x55555555] * 4 + [15] + [0] * 7


@pytest.mark.parametrize("bits", [8, 16, 32])
def test_pge_tail_mask_is_the_board_case(bits: int) -> None:
    pge = f'      %m = pto.pge_b{bits} "PAT_VL8" : {out_mask(bits)}'
    body = "\n".join([pge, store("%m", bits)])
    assert np.array_equal(kernel_out(body)[:32], bits_to_bytes(lane_bits([True] * 8, bits), 32))


# ---- loads and stores -----------------------------------------------------------------------


@settings(max_examples=20, deadline=None)
@given(data=st.binary(min_size=256, max_size=256), bits=st.sampled_from([8, 16, 32]))
def test_plds_norm_psts_norm_keeps_the_lane_bits(data: bytes, bits: int) -> None:
    raw = np.frombuffer(data, np.uint8).copy()
    t = out_mask(bits)
    body = "\n".join([
        f'      %m = pto.plds %ub[%c32], "NORM" : !pto.ptr<ui8, ub>, index -> {t}',
        store("%m", bits),
    ])  # fmt: skip
    stored_bits = np.unpackbits(raw[32:64], bitorder="little")
    keep = np.zeros(256, np.uint8)
    keep[:: bits // 8] = stored_bits[:: bits // 8]
    expected = np.zeros(256, np.uint8)
    expected[:32] = np.packbits(keep, bitorder="little")
    assert np.array_equal(kernel_out(body, raw), expected)


def test_psts_pk_plds_us_is_the_board_case() -> None:
    """PTOAS psts-pk-plds-us: plt_b8 171, PK store, US load, NORM store."""
    body = "\n".join([
        plt("%s", 8, "%n"),
        store("%s", 8, "%c64", "PK"),
        '      %l = pto.plds %ub[%c64], "US" : !pto.ptr<ui8, ub>, index -> !pto.mask<b8>',
        store("%l", 8),
    ])  # fmt: skip
    prefix = np.arange(256) < 171
    expected = np.repeat(prefix[::2], 2)
    assert np.array_equal(kernel_out(body, n=171)[:32], bits_to_bytes(expected, 32))


def test_psts_norm_plds_ds_is_the_board_case() -> None:
    """PTOAS psts-norm-plds-ds: plt_b8 175 at +32, zeros at +64, DS load from +32."""
    body = "\n".join([
        plt("%s", 8, "%n"),
        plt("%z", 8, "%c0_i32"),
        store("%s", 8, "%c32"),
        store("%z", 8, "%c64"),
        '      %l = pto.plds %ub[%c32], "DS" : !pto.ptr<ui8, ub>, index -> !pto.mask<b8>',
        store("%l", 8),
    ])  # fmt: skip
    source = np.concatenate([np.arange(256) < 175, np.zeros(256, bool)])
    assert np.array_equal(kernel_out(body, n=175)[:32], bits_to_bytes(source[::2], 32))


def test_pst_pld_count_eight_byte_units() -> None:
    """pld/pst: the address is base + areg * 8 bytes; psti/pldi a constant count of their
    DIST's units (NORM: 32 bytes; PTOAS predicate_offset_index_semantics_vpto_llvm.pto)."""
    body = "\n".join([
        plt("%s", 16, "%n"),
        '      pto.pst %s, %ub, %k, "NORM" : !pto.mask<b16>, !pto.ptr<ui8, ub>, i32',
        '      %l = pto.pld %ub, %k, "NORM" : !pto.ptr<ui8, ub>, i32 -> !pto.mask<b16>',
        "      %c10 = arith.constant 10 : index",
        '      pto.psti %l, %ub[%c10], "NORM" : !pto.mask<b16>, !pto.ptr<ui8, ub>, index',
        '      %i = pto.pldi %ub[%c10], "NORM" : !pto.ptr<ui8, ub>, index -> !pto.mask<b16>',
        store("%i", 16),
    ])  # fmt: skip
    out = kernel_out(body, n=37, k=12)  # 12 * 8 = byte 96
    want = bits_to_bytes(lane_bits([i < 37 for i in range(128)], 16), 32)
    assert np.array_equal(out[:32], want)
    assert np.array_equal(out[64:96], want)  # the psti image at byte 10 * 32 = out + 64


def test_misaligned_predicate_store_is_a_run_time_error() -> None:
    body = "\n".join([
        plt("%s", 8, "%n"),
        "      %c4 = arith.constant 4 : index",
        store("%s", 8, "%c4"),
    ])  # fmt: skip
    with pytest.raises(PtoRunError, match="8-byte aligned UB address; byte address 4"):
        kernel_out(body)


# ---- pstu: the unaligned store stream -------------------------------------------------------


def test_pstu_streams_one_bit_per_lane_and_advances_the_base() -> None:
    """PTOAS pstu case: plt_b32 13 then plt_b32 7 stream 8 packed bytes each (b16: 16)."""
    rig = Rig(A5)
    rig.interpreter.register_implementations(VectorPredicateFunctions(rig.machine))
    for bits, first, second in ((32, 13, 7), (16, 1, 127)):
        ptr_type = ub_ptr(U32 if bits == 32 else U16)
        pstu = PstuOp(val(AlignType()), val(MaskType(bits)), val(ptr_type))
        lanes = 2048 // bits
        (state,) = rig.interpreter.run_op(VldasOp(val(ub_ptr(F32))), (rig.ptr(512, F32),))
        dtype = U32 if bits == 32 else U16
        base = rig.ptr(512, dtype)
        expected = bytearray(rig.snapshot())
        for count in (first, second):
            mask = np.arange(lanes) < count
            state, base = rig.interpreter.run_op(pstu, (state, mask, base))
        flush = VstasOp(val(AlignType()), val(ptr_type), val(i32))
        rig.interpreter.run_op(flush, (state, base, 0))
        nbytes = lanes // 8
        assert base.offset == 512 + 2 * nbytes
        for k, count in enumerate((first, second)):
            lane_on = [i < count for i in range(lanes)]
            expected[512 + k * nbytes : 512 + (k + 1) * nbytes] = bits_to_bytes(
                lane_on, nbytes
            ).tobytes()
        assert rig.snapshot() == bytes(expected)


def test_the_manual_plain_forms_read_and_write_at_the_pointer() -> None:
    """`pto.plds %p : P -> M` / `pto.psts %m, %p : M, P`: offset 0, NORM (plds.md, psts.md)."""
    raw = np.arange(256, dtype=np.uint8)
    body = "\n".join([
        "      %in = pto.castptr %c0_i64 : i64 -> !pto.ptr<i64, ub>",
        "      %out = pto.castptr %c256_i64 : i64 -> !pto.ptr<i64, ub>",
        "      %m = pto.plds %in : !pto.ptr<i64, ub> -> !pto.mask<b16>",
        "      pto.psts %m, %out : !pto.mask<b16>, !pto.ptr<i64, ub>",
    ])  # fmt: skip
    bits = np.unpackbits(raw[:32], bitorder="little")
    bits[1::2] = 0  # a b16 mask keeps its lanes' bits
    assert np.array_equal(kernel_out(body, raw)[:32], np.packbits(bits, bitorder="little"))
