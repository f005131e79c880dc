"""The A5 MX matmul as PTOAS's board-tested tilelang_st kernels (`tmatmul_mx`, `tgemv_mx`) build
it: operands and E8M0 scales moved GM -> L1 -> L0A / L0B (and the L0A / L0B MX buffers) by the
raw transfers, then the tile op `tmatmul.mx` / `tgemv.mx` on tiles at those addresses, whose
`loc=scaling` tiles hold nothing. Expected values are numpy's product of the decoded operands
scaled by 2^(scale - 127) per group of 32 k; the GM scale layouts are the board golden scripts'
(`convert_scale_a_format`: 16 x 2 fragments, row blocks first; `convert_scale_b_format`: per
16 columns, each column's two groups adjacent)."""

from __future__ import annotations

from typing import cast

import ml_dtypes
import numpy as np
import pytest

from interpreters import api
from pto_dialect.memory_types import MemorySpace, PtrType

E2M1 = np.array([0, 0.5, 1, 1.5, 2, 3, 4, 6], np.float32)
"""OCP FP4 E2M1 magnitudes by a code's low three bits (bit 3 the sign)."""


def _tile(
    loc: str, dtype: str, rows: int, cols: int, layout: str, fractal: int, v_col: int = 0
) -> str:
    return (
        f"!pto.tile_buf<loc={loc}, dtype={dtype}, rows={rows}, cols={cols}, v_row={rows}, "
        f"v_col={v_col or cols}, {layout}, fractal={fractal}, pad=0>"
    )


NZ, ZN = "blayout=col_major, slayout=row_major", "blayout=row_major, slayout=col_major"


def _kernel(
    op: str, dtype: str, mkn: tuple[int, int, int], bytes_a: int, bytes_b: int, cols_b: int = 0
) -> str:
    """The board kernel's shape: raw loads, then `op` on tiles at address 0. A lies in GM as
    its L1 NZ boxes (rows of k values that fill one 32-byte box row), B as k x n rows moved
    to L0B by a transposing load (its tile declared `cols_b` columns, n valid); the
    accumulator tile is declared with fractal=512."""
    m, k, n = mkn
    g = -(-k // 32)
    left = _tile("left", dtype, m, k, NZ, 512)
    right = _tile("right", dtype, k, cols_b or n, ZN, 512, n)
    a_scale = _tile("scaling", "f16", m, g, "blayout=row_major, slayout=row_major", 32)
    b_scale = _tile("scaling", "f16", g, n, "blayout=col_major, slayout=col_major", 32)
    acc = _tile("acc", "f32", m, n, NZ, 512)
    ptr = f"!pto.ptr<{dtype}, gm>"
    l1, i4 = f"!pto.ptr<{dtype}, l1>", "i64, i64, i64, i64"
    to_a, to_b = f"{l1}, !pto.ptr<{dtype}, l0a>, {i4}", f"{l1}, !pto.ptr<{dtype}, l0b>, {i4}"
    burst = "nburst(%c1, %c0, %c0)"
    column = max(m, 16)  # L0C's box columns are 16 rows tall
    scale_a, scale_b = -(-m // 16) * 16 * g, -(-n // 16) * 16 * g  # whole fragments
    values = {0, 1, m, k, n, column, bytes_a, bytes_b, 4096, 8192, 12288, scale_a, scale_b}
    consts = "\n".join(f"  %c{v} = arith.constant {v} : i64" for v in sorted(values))
    at = {"a": 0, "sa": 4096, "b": 8192, "sb": 12288}
    casts = "\n".join(f"  %l1_{r} = pto.castptr %c{a} : i64 -> {l1}" for r, a in at.items())
    return f"""module attributes {{pto.target_arch = "a5"}} {{
func.func @k(%a: {ptr}, %b: {ptr}, %sa: {ptr}, %sb: {ptr}, %c: !pto.ptr<f32, gm>) {{
{consts}
{casts}
  %lhs = pto.alloc_tile addr = %c0 : {left}
  %asc = pto.alloc_tile addr = %c0 : {a_scale}
  %rhs = pto.alloc_tile addr = %c0 : {right}
  %bsc = pto.alloc_tile addr = %c0 : {b_scale}
  %dst = pto.alloc_tile addr = %c0 : {acc}
  %l0a = pto.tile_buf_addr %lhs : {left} -> !pto.ptr<{dtype}, l0a>
  %l0b = pto.tile_buf_addr %rhs : {right} -> !pto.ptr<{dtype}, l0b>
  %l0c = pto.tile_buf_addr %dst : {acc} -> !pto.ptr<f32, l0c>
  pto.mte_gm_l1 %a, %l1_a, %c{bytes_a} {burst} : {ptr}, {l1}, {i4}
  pto.mte_gm_l1 %sa, %l1_sa, %c{scale_a} {burst} : {ptr}, {l1}, {i4}
  pto.mte_gm_l1 %b, %l1_b, %c{bytes_b} {burst} : {ptr}, {l1}, {i4}
  pto.mte_gm_l1 %sb, %l1_sb, %c{scale_b} {burst} : {ptr}, {l1}, {i4}
  pto.set_flag["PIPE_MTE2", "PIPE_MTE1", "EVENT_ID0"]
  pto.wait_flag["PIPE_MTE2", "PIPE_MTE1", "EVENT_ID0"]
  pto.mte_l1_l0a %l1_a, %l0a, %c{m}, %c{k}, %c0, %c0 : {to_a}
  pto.mte_l1_l0b %l1_b, %l0b, %c{k}, %c{n}, %c0, %c0 {{transpose = true}} : {to_b}
  pto.mte_l1_l0a_mx %l1_sa, %l0a, %c{m}, %c{k}, %c0, %c0 : {to_a}
  pto.mte_l1_l0b_mx %l1_sb, %l0b, %c{k}, %c{n}, %c0, %c0 : {to_b}
  pto.set_flag["PIPE_MTE1", "PIPE_M", "EVENT_ID0"]
  pto.wait_flag["PIPE_MTE1", "PIPE_M", "EVENT_ID0"]
  {op} ins(%lhs, %asc, %rhs, %bsc : {left}, {a_scale}, {right}, {b_scale}) outs(%dst : {acc})
  pto.set_flag["PIPE_M", "PIPE_FIX", "EVENT_ID1"]
  pto.wait_flag["PIPE_M", "PIPE_FIX", "EVENT_ID1"]
  pto.mte_l0c_gm %l0c, %c, %c{m}, %c{n}, %c{column}, %c{n}, %c0, %c0, nz2nd
    : !pto.ptr<f32, l0c>, !pto.ptr<f32, gm>, {i4}, i64, i64
  func.return
}}
}}"""


def _e2m1(codes: np.ndarray) -> np.ndarray:
    return np.where(codes & 8, -1, 1) * E2M1[codes & 7]


def _pack(values: np.ndarray) -> np.ndarray:
    """Rows of 4-bit codes packed in pairs, the first in the low nibble."""
    return (values[:, 0::2] | values[:, 1::2] << 4).reshape(-1)


def _scales(rng: np.random.Generator, shape: tuple[int, int]) -> np.ndarray:
    return rng.integers(125, 130, shape).astype(np.uint8)


def _run(text: str, a: np.ndarray, b: np.ndarray, sa: np.ndarray, sb: np.ndarray,
         m: int, n: int) -> np.ndarray:  # fmt: skip
    module = api.parse(text)
    buffers = [np.zeros(16384, np.uint8) for _ in range(4)]
    for buf, data in zip(buffers, (a, b, sa, sb), strict=True):
        flat = np.ascontiguousarray(data).view(np.uint8).reshape(-1)
        buf[: flat.size] = flat
    kind = cast(PtrType, api.parameters(module)[0].type).element
    assert kind is not None
    out = np.zeros(m * n, np.float32)
    result = api.run(module, *(buf.view(kind.numpy) for buf in buffers), out)
    return np.asarray(result.outputs[-1]).view(np.float32)[: m * n].reshape(m, n)


def test_fp4_tmatmul_mx_reads_the_mx_buffers_and_a_transposed_b() -> None:
    """FP4 E2M1 16 x 64 x 64: B's k x n rows pack pairs along n in GM and L1; the transposing
    L1 -> L0B load turns them value by value into L0B's pairs along k (pto-isa
    `load_cbuf_to_cb_s4` with transpose); the scales come from the MX buffers."""
    m, k, n = 16, 64, 64
    rng = np.random.default_rng(3)
    codes_a = rng.integers(0, 16, (m, k)).astype(np.uint8)
    codes_b = rng.integers(0, 16, (k, n)).astype(np.uint8)
    gm_a = codes_a[:, 0::2] | codes_a[:, 1::2] << 4  # the board's pack_two_fp4: along rows
    gm_b = codes_b[:, 0::2] | codes_b[:, 1::2] << 4
    sa, sb = _scales(rng, (m, k // 32)), _scales(rng, (k // 32, n))
    gm_sa = sa.reshape(m // 16, 16, 1, 2).transpose(0, 2, 1, 3)
    gm_sb = sb.reshape(1, 2, n // 16, 16).transpose(2, 0, 3, 1)
    text = _kernel("pto.tmatmul.mx", "!pto.f4E2M1x2", (m, k, n), gm_a.size, gm_b.size)
    got = _run(text, gm_a, gm_b, gm_sa, gm_sb, m, n)
    groups = np.arange(k) // 32
    want = (_e2m1(codes_a) * np.exp2(sa[:, groups] - 127.0)) @ (
        _e2m1(codes_b) * np.exp2(sb[groups, :] - 127.0)
    )
    assert np.array_equal(got, want.astype(np.float32))


@pytest.mark.parametrize(("gemv", "cols_b"), [(False, 0), (True, 0), (False, 64)])
def test_fp8_mx_scales_of_a_gemv_row_are_contiguous(gemv: bool, cols_b: int) -> None:
    """k = 128 (4 groups): a GEMV's A scales lie in a row (the board's 1 x 1024 tgemv_mx loads
    32 of them as one 32-byte fragment); a matmul's in 16 x 2 fragments. A right tile declared
    wider than n is read as `mad_mx` reads n columns (the board's 200 x 192 x 95 case)."""
    m, k, n = (1, 128, 32) if gemv else (16, 128, 32)
    rng = np.random.default_rng(4)
    a = rng.integers(-8, 9, (m, k)).astype(np.float32)
    b = rng.integers(-8, 9, (k, n)).astype(np.float32)
    sa, sb = _scales(rng, (m, k // 32)), _scales(rng, (k // 32, n))
    if gemv:
        gm_a, gm_sa = a, sa  # the row and its scales as they are
    else:  # A's NZ boxes of 16 x 32 values; scales in 16 x 2 fragments
        gm_a = a.reshape(m, k // 32, 32).transpose(1, 0, 2)
        gm_sa = sa.reshape(m // 16, 16, 2, 2).transpose(0, 2, 1, 3)
    gm_sb = sb.reshape(2, 2, n // 16, 16).transpose(2, 0, 3, 1)  # B's k x n rows: 32 bytes
    f8 = ml_dtypes.float8_e4m3fn
    op = "pto.tgemv.mx" if gemv else "pto.tmatmul.mx"
    text = _kernel(op, "f8E4M3FN", (m, k, n), a.size, b.size, cols_b)
    got = _run(text, gm_a.astype(f8), b.astype(f8), gm_sa, gm_sb, m, n)
    groups = np.arange(k) // 32
    want = (a * np.exp2(sa[:, groups] - 127.0)) @ (b * np.exp2(sb[groups, :] - 127.0))
    assert np.array_equal(got, want.astype(np.float32))


def test_s4_transposing_load_transposes_values() -> None:
    """load_cbuf_to_cb_s4 with transpose 1 over 4 x 1 boxes: L1's 64 x 64 values (rows of 32
    bytes, low nibble first) reach L0B as the transposed 64 x 64 values, packed the same way."""
    text = """module attributes {pto.target_arch = "a5"} {
  func.func @k(%gm: !pto.ptr<ui8, gm>) {
    %c0 = arith.constant 0 : i64
    %c1 = arith.constant 1 : i64
    %c4 = arith.constant 4 : i64
    %c2048 = arith.constant 2048 : i64
    %l1 = pto.castptr %c0 : i64 -> !pto.ptr<ui8, l1>
    %s = pto.castptr %c0 : i64 -> !pto.ptr<!pto.f4E2M1x2, l1>
    %b = pto.castptr %c0 : i64 -> !pto.ptr<!pto.f4E2M1x2, l0b>
    pto.mte_gm_l1 %gm, %l1, %c2048 nburst(%c1, %c0, %c0)
      : !pto.ptr<ui8, gm>, !pto.ptr<ui8, l1>, i64, i64, i64, i64
    pto.barrier #pto.pipe<PIPE_ALL>
    pto.load_cbuf_to_cb_s4 %s, %b, %c0, %c0, %c4, %c1, %c4, %c4, %c1
      : !pto.ptr<!pto.f4E2M1x2, l1>, !pto.ptr<!pto.f4E2M1x2, l0b>, i64, i64, i64, i64, i64, i64, i64
    return
  }
}"""
    values = np.random.default_rng(5).integers(0, 16, (64, 64)).astype(np.uint8)
    result = api.run(api.parse(text), _pack(values))
    l0b = result.report.machine.memories[MemorySpace.L0B].data
    assert np.array_equal(l0b[:2048], _pack(values.T.copy()))
