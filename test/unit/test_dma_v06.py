"""The v0.6 DMA surface in the interpreter: grouped transfers, UB block copies, stride registers.

References are byte loops written from the manual's mechanism text (docs/isa/scalar/ops/
dma-copy/): row (i_0, ..., i_k) of a grouped transfer starts at base + sum(i_j * stride_j);
`mte_ub_ub` bursts are `len_burst` 32-byte blocks followed by `gap` blocks.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

import numpy as np
import pytest

from interpreters.api import PtoRunError, parse, run

UB_BASE = 0


def consts(values: Sequence[int]) -> str:
    return "\n".join(f"    %c{v} = arith.constant {v} : i64" for v in sorted(set(values)))


def rows(base: int, levels: Sequence[tuple[int, int]]) -> list[int]:
    """Row starts of a nest (innermost first), outermost level slowest."""
    ranges = [range(count) for count, _ in reversed(levels)]
    strides = [stride for _, stride in reversed(levels)]
    return [
        base + sum(i * s for i, s in zip(idx, strides, strict=True)) for idx in product(*ranges)
    ]


def clause(keyword: str, group: tuple[int, int, int]) -> str:
    return f"{keyword}(%c{group[0]}, %c{group[1]}, %c{group[2]})"


ROUND_TRIPS = [
    # length, load groups (count, gm stride, ub stride), store groups (count, ub, gm stride)
    (64, [(2, 64, 64)], [(2, 64, 64)]),
    (32, [(3, 96, 32), (2, 320, 128)], [(3, 32, 128), (2, 96, 512)]),
    (16, [(2, 48, 32), (2, 16, 64), (2, 400, 128)], [(2, 32, 16), (2, 64, 40), (2, 128, 200)]),
    (8, [(4, 8, 32)], [(2, 64, 8), (2, 32, 100)]),
]


@pytest.mark.parametrize(("length", "load", "store"), ROUND_TRIPS)
def test_grouped_gm_ub_gm_round_trip_matches_the_nested_loops(
    length: int, load: list[tuple[int, int, int]], store: list[tuple[int, int, int]]
) -> None:
    numbers = {0, length} | {v for g in load + store for v in g}
    types_in = ", loop i64, i64, i64" * (len(load) - 1)
    types_out = ", loop i64, i64, i64" * (len(store) - 1)
    text = f"""
func.func @k(%src: !pto.ptr<i8>, %dst: !pto.ptr<i8>) {{
{consts(sorted(numbers))}
    %ub = pto.castptr %c0 : i64 -> !pto.ptr<i8, ub>
    pto.mte_gm_ub %src, %ub, %c0, %c{length} {clause("nburst", load[0])} \
{" ".join(clause("loop", g) for g in load[1:])}
      : !pto.ptr<i8>, !pto.ptr<i8, ub>, i64, i64, i64, i64, i64{types_in}
    pto.barrier #pto.pipe<PIPE_ALL>
    pto.mte_ub_gm %ub, %dst, %c{length} {clause("nburst", store[0])} \
{" ".join(clause("loop", g) for g in store[1:])}
      : !pto.ptr<i8, ub>, !pto.ptr<i8>, i64, i64, i64, i64{types_out}
    func.return
}}"""
    src = np.random.default_rng(length).integers(-128, 127, 4096, dtype=np.int8)
    dst = np.zeros(4096, np.int8)
    result = run(parse(text, target="a5"), src, dst)

    ub = bytearray(4096)
    for g, u in zip(
        rows(0, [(c, s) for c, s, _ in load]), rows(0, [(c, d) for c, _, d in load]), strict=True
    ):
        ub[u : u + length] = src[g : g + length].tobytes()
    want = bytearray(4096)
    for u, g in zip(
        rows(0, [(c, s) for c, s, _ in store]), rows(0, [(c, d) for c, _, d in store]), strict=True
    ):
        want[g : g + length] = ub[u : u + length]
    assert result["dst"].tobytes() == bytes(want)
    assert not result.hazards


def test_pad_fills_each_ub_row_to_its_32_byte_boundary_with_the_pad_value() -> None:
    # 2 rows of 5 f16 (10 bytes), 1 left and 2 right pad elements: 16 bytes, padded to 32
    text = f"""
func.func @k(%src: !pto.ptr<f16>, %dst: !pto.ptr<f16>) {{
{consts([0, 1, 2, 10, 32, 64])}
    %pad = arith.constant -2.5 : f16
    %ub = pto.castptr %c0 : i64 -> !pto.ptr<f16, ub>
    pto.mte_gm_ub %src, %ub, %c0, %c10 nburst(%c2, %c10, %c32) pad(%pad, %c1, %c2)
      : !pto.ptr<f16>, !pto.ptr<f16, ub>, i64, i64, i64, i64, i64, pad f16, i64, i64
    pto.barrier #pto.pipe<PIPE_ALL>
    pto.mte_ub_gm %ub, %dst, %c64 nburst(%c1, %c64, %c64)
      : !pto.ptr<f16, ub>, !pto.ptr<f16>, i64, i64, i64, i64
    func.return
}}"""
    src = np.arange(1, 11, dtype=np.float16)
    result = run(parse(text, target="a5"), src, np.zeros(32, np.float16))
    want = np.full((2, 16), -2.5, np.float16)
    want[0, 1:6] = src[:5]
    want[1, 1:6] = src[5:]
    np.testing.assert_array_equal(result["dst"], want.ravel())


def test_without_pad_the_ub_bytes_past_each_row_are_left_alone() -> None:
    text = f"""
func.func @k(%src: !pto.ptr<i8>, %dst: !pto.ptr<i8>) {{
{consts([0, 1, 8, 32, 64])}
    %ub = pto.castptr %c0 : i64 -> !pto.ptr<i8, ub>
    pto.mte_gm_ub %src, %ub, %c0, %c64 nburst(%c1, %c64, %c64)
      : !pto.ptr<i8>, !pto.ptr<i8, ub>, i64, i64, i64, i64, i64
    pto.mte_gm_ub %dst, %ub, %c0, %c8 nburst(%c1, %c8, %c32)
      : !pto.ptr<i8>, !pto.ptr<i8, ub>, i64, i64, i64, i64, i64
    pto.barrier #pto.pipe<PIPE_ALL>
    pto.mte_ub_gm %ub, %src, %c64 nburst(%c1, %c64, %c64)
      : !pto.ptr<i8, ub>, !pto.ptr<i8>, i64, i64, i64, i64
    func.return
}}"""
    src = np.arange(64, dtype=np.int8)
    dst = np.full(64, -1, np.int8)
    result = run(parse(text, target="a5"), src, dst)
    want = np.arange(64, dtype=np.int8)
    want[:8] = -1
    np.testing.assert_array_equal(result["src"], want)


def test_mte_ub_ub_counts_lengths_and_gaps_in_32_byte_blocks() -> None:
    # 4 rows of 16 i16 (one block each) in UB; copy rows 2 and 3, 1 block each, skipping 0
    # source blocks and leaving 1 destination block between them, then read 4 blocks back
    text = f"""
func.func @k(%src: !pto.ptr<i16>, %dst: !pto.ptr<i16>) {{
{consts([0, 1, 2, 4, 64, 128, 256])}
    %ub = pto.castptr %c0 : i64 -> !pto.ptr<i16, ub>
    %from = pto.castptr %c64 : i64 -> !pto.ptr<i16, ub>
    %to = pto.castptr %c256 : i64 -> !pto.ptr<i16, ub>
    pto.mte_gm_ub %src, %ub, %c0, %c128 nburst(%c1, %c128, %c128)
      : !pto.ptr<i16>, !pto.ptr<i16, ub>, i64, i64, i64, i64, i64
    pto.barrier #pto.pipe<PIPE_ALL>
    pto.mte_ub_ub %from, %to, %c1 nburst(%c2, %c0, %c1)
      : !pto.ptr<i16, ub>, !pto.ptr<i16, ub>, i64, i64, i64, i64
    pto.barrier #pto.pipe<PIPE_ALL>
    pto.mte_ub_gm %to, %dst, %c128 nburst(%c1, %c128, %c128)
      : !pto.ptr<i16, ub>, !pto.ptr<i16>, i64, i64, i64, i64
    func.return
}}"""
    src = np.arange(64, dtype=np.int16)
    result = run(parse(text, target="a5"), src, np.full(64, 7, np.int16))
    want = np.zeros((4, 16), np.int16)  # UB starts zeroed
    want[0] = src[32:48]
    want[2] = src[48:64]
    np.testing.assert_array_equal(result["dst"], want.ravel())


def test_copy_ubuf_to_ubuf_is_mte_ub_ub_with_a_stream_id() -> None:
    text = f"""
func.func @k(%src: !pto.ptr<i16>, %dst: !pto.ptr<i16>) {{
{consts([0, 1, 2, 64, 128, 256])}
    %ub = pto.castptr %c0 : i64 -> !pto.ptr<i16, ub>
    %to = pto.castptr %c256 : i64 -> !pto.ptr<i16, ub>
    pto.mte_gm_ub %src, %ub, %c0, %c128 nburst(%c1, %c128, %c128)
      : !pto.ptr<i16>, !pto.ptr<i16, ub>, i64, i64, i64, i64, i64
    pto.barrier #pto.pipe<PIPE_ALL>
    pto.copy_ubuf_to_ubuf %ub, %to, %c0, %c2, %c1, %c1, %c0
      : !pto.ptr<i16, ub>, !pto.ptr<i16, ub>, i64, i64, i64, i64, i64
    pto.barrier #pto.pipe<PIPE_ALL>
    pto.mte_ub_gm %to, %dst, %c64 nburst(%c1, %c64, %c64)
      : !pto.ptr<i16, ub>, !pto.ptr<i16>, i64, i64, i64, i64
    func.return
}}"""
    src = np.arange(64, dtype=np.int16)
    result = run(parse(text, target="a5"), src, np.zeros(32, np.int16))
    np.testing.assert_array_equal(result["dst"], np.concatenate([src[0:16], src[32:48]]))


def test_legacy_copies_loop_with_the_stride_registers_like_the_grouped_form() -> None:
    body = """
    %ub = pto.castptr %c0 : i64 -> !pto.ptr<i8, ub>
    {load}
    pto.barrier #pto.pipe<PIPE_ALL>
    pto.mte_ub_gm %ub, %dst, %c512 nburst(%c1, %c512, %c512)
      : !pto.ptr<i8, ub>, !pto.ptr<i8>, i64, i64, i64, i64
    func.return
}}"""
    head = f"""
func.func @k(%src: !pto.ptr<i8>, %dst: !pto.ptr<i8>) {{
{consts([0, 1, 2, 3, 16, 32, 40, 64, 192, 200, 512])}
    %false = arith.constant false"""
    legacy = """pto.set_loop_size_outtoub %c3, %c2 : i64, i64
    pto.set_loop1_stride_outtoub %c40, %c64 : i64, i64
    pto.set_loop2_stride_outtoub %c200, %c192 : i64, i64
    pto.copy_gm_to_ubuf %src, %ub, %c0, %c2, %c16, %c0, %c0, %false, %c0, %c16, %c32
      : !pto.ptr<i8>, !pto.ptr<i8, ub>, i64, i64, i64, i64, i64, i1, i64, i64, i64"""
    grouped = """pto.mte_gm_ub %src, %ub, %c0, %c16 nburst(%c2, %c16, %c32)
      loop(%c3, %c40, %c64) loop(%c2, %c200, %c192)
      : !pto.ptr<i8>, !pto.ptr<i8, ub>, i64, i64, i64, i64, i64, loop i64, i64, i64,
        loop i64, i64, i64"""
    src = np.random.default_rng(3).integers(-128, 127, 1024, dtype=np.int8)
    out: dict[str, np.ndarray] = {}
    for name, load in (("legacy", legacy), ("grouped", grouped)):
        text = head + body.replace("{load}", load).replace("}}", "}")
        out[name] = run(parse(text, target="a5"), src, np.zeros(512, np.int8))["dst"]
    np.testing.assert_array_equal(out["legacy"], out["grouped"])
    ub = bytearray(512)
    for g, u in zip(
        rows(0, [(2, 16), (3, 40), (2, 200)]), rows(0, [(2, 32), (3, 64), (2, 192)]), strict=True
    ):
        ub[u : u + 16] = src[g : g + 16].tobytes()
    assert out["grouped"].tobytes() == bytes(ub)


def test_a_grouped_transfer_costs_what_the_same_bytes_cost_as_copy_gm_to_ubuf() -> None:
    head = f"""
func.func @k(%src: !pto.ptr<f32>) {{
{consts([0, 1, 4, 128, 512])}
    %false = arith.constant false
    %ub = pto.castptr %c0 : i64 -> !pto.ptr<f32, ub>
"""
    grouped = """    pto.mte_gm_ub %src, %ub, %c0, %c128 nburst(%c4, %c128, %c128)
      : !pto.ptr<f32>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64
    func.return
}"""
    legacy = """    pto.copy_gm_to_ubuf %src, %ub, %c0, %c4, %c128, %c0, %c0, %false, %c0,
        %c128, %c128
      : !pto.ptr<f32>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, i1, i64, i64, i64
    func.return
}"""
    src = np.zeros(128, np.float32)
    cycles = [run(parse(head + tail, target="a2a3"), src).cycles for tail in (grouped, legacy)]
    assert cycles[0] == cycles[1]
    assert cycles[0] is not None and cycles[0] > 512 // 128


def test_a_grouped_load_races_an_unsynchronised_vector_read() -> None:
    text = f"""
func.func @k(%src: !pto.ptr<f32>) {{
{consts([0, 1, 256])}
    %ub = pto.castptr %c0 : i64 -> !pto.ptr<f32, ub>
    %i = arith.constant 0 : index
    pto.mte_gm_ub %src, %ub, %c0, %c256 nburst(%c1, %c256, %c256)
      : !pto.ptr<f32>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64
    %v = pto.vlds %ub[%i] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
    func.return
}}"""
    result = run(parse(text, target="a5"), np.zeros(64, np.float32))
    assert result.hazards


@pytest.mark.parametrize(
    ("transfer", "message"),
    [
        (
            "pto.mte_gm_ub %src, %ub, %c0, %c64 nburst(%c2, %c64, %c32)",
            "ub destination rows overlap",
        ),
        ("pto.mte_gm_ub %src, %ub, %c0, %c64 nburst(%c2, %c64, %c80)", "not a multiple of 32"),
        ("pto.mte_gm_ub %src, %ub, %c0, %c64 nburst(%c65536, %c64, %c64)", "exceeds 16 bits"),
        ("pto.mte_gm_ub %src, %ub, %c0, %c64 nburst(%c2, %c64, %c262144)", "outside ub"),
    ],
)
def test_grouped_transfer_rule_violations_are_runtime_errors(transfer: str, message: str) -> None:
    text = f"""
func.func @k(%src: !pto.ptr<i8>) {{
{consts([0, 2, 32, 64, 80, 65536, 262144])}
    %ub = pto.castptr %c0 : i64 -> !pto.ptr<i8, ub>
    {transfer} : !pto.ptr<i8>, !pto.ptr<i8, ub>, i64, i64, i64, i64, i64
    func.return
}}"""
    with pytest.raises(PtoRunError, match=message):
        run(parse(text, target="a5"), np.zeros(1 << 17, np.int8))


def test_a_level_that_steps_neither_side_writes_its_row_once() -> None:
    """nburst(2, 0, 0) copies the same source row onto the same destination row twice: the
    same bytes as once, not an overlap error (PTOAS's board-tested tilelang_st tgemv_mx)."""
    text = f"""
func.func @k(%src: !pto.ptr<i8>, %dst: !pto.ptr<i8>) {{
{consts([0, 1, 2, 64])}
    %ub = pto.castptr %c0 : i64 -> !pto.ptr<i8, ub>
    pto.mte_gm_ub %src, %ub, %c0, %c64 nburst(%c2, %c0, %c0)
      : !pto.ptr<i8>, !pto.ptr<i8, ub>, i64, i64, i64, i64, i64
    pto.barrier #pto.pipe<PIPE_ALL>
    pto.mte_ub_gm %ub, %dst, %c64 nburst(%c1, %c0, %c0)
      : !pto.ptr<i8, ub>, !pto.ptr<i8>, i64, i64, i64, i64
    func.return
}}"""
    data = np.arange(64, dtype=np.int8)
    result = run(parse(text, target="a5"), data, np.zeros(64, np.int8))
    assert np.array_equal(result.outputs[1], data)


def test_a_nest_of_more_rows_than_the_destination_holds_is_an_error_not_a_hang() -> None:
    text = f"""
func.func @k(%src: !pto.ptr<i8>) {{
{consts([0, 32, 65535, 2097151])}
    %ub = pto.castptr %c0 : i64 -> !pto.ptr<i8, ub>
    pto.mte_gm_ub %src, %ub, %c0, %c32 nburst(%c65535, %c0, %c32)
      loop(%c2097151, %c0, %c0) loop(%c2097151, %c0, %c0)
      : !pto.ptr<i8>, !pto.ptr<i8, ub>, i64, i64, i64, i64, i64, loop i64, i64, i64,
        loop i64, i64, i64
    func.return
}}"""
    with pytest.raises(PtoRunError, match="do not fit disjointly in ub"):
        run(parse(text, target="a5"), np.zeros(64, np.int8))
