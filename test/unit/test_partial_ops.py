"""The partial elementwise ops (`tpartadd tpartmul tpartmax tpartmin`): element-type tables
from the pages, semantics against a per-element Python reference (the pages' formula, the
operand order of each target's implementation, 0 where neither source is valid on the CPU),
and `pto-lower-tile-to-vector` by translation validation on every target.

Each kernel loads random bytes (with ±0, ±inf, NaNs and integer limits) into three whole
planned buffers, runs one op on static or dynamic valid regions and stores every buffer:
dst's bytes outside its valid region and both sources must survive.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import context, legal_dtypes
from test_lower_tile_to_vector import random_array
from xdsl.dialects import arith, scf
from xdsl.passes import PassPipeline
from xdsl.utils.exceptions import PassFailedException

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.source import parse_module
from interpreters.launching.args import Arg, ArrayArg, ScalarArg
from interpreters.launching.execute import KernelError, run_function
from interpreters.machine.pipes import UntrackedPipes
from passes.lower_tile_to_vector.lower import LowerTileToVectorPass
from pto_dialect.dtypes import DType, dtype_named
from pto_dialect.ops.tile_partial import PartialTileOp
from pto_dialect.ops.vecscope import VecScopeOp
from pto_dialect.targets import profile

CONTEXT = context(arith.Arith, scf.Scf)
TARGETS = ("a2a3", "a5", "cpu")
OPS = ("tpartadd", "tpartmul", "tpartmax", "tpartmin")
VECTOR = {"tpartadd": "vadd", "tpartmul": "vmul", "tpartmax": "vmax", "tpartmin": "vmin"}

# ---- element-type tables, from the pages and cpu/TPartOp.hpp ------------------------------

A2A3 = "i32 i16 f16 f32"
A5 = {  # the pages; pto-isa a5 TPartAdd/TPartMax/TPartMin also 64-bit integers
    "tpartadd": "ui8 i8 ui16 i16 ui32 i32 f16 f32 bf16 i64 ui64",
    "tpartmul": "ui8 i8 ui16 i16 ui32 i32 f16 f32 bf16",
    "tpartmax": "i8 ui8 i16 ui16 i32 ui32 f16 bf16 f32 i64 ui64",
    "tpartmin": "i8 ui8 i16 ui16 i32 ui32 f16 bf16 f32 i64 ui64",
}
CPU = "i32 i16 f16 bf16 f32 i8 ui8"


@pytest.mark.parametrize("op", OPS)
def test_dtype_tables(op: str) -> None:
    for target, names in (("a2a3", A2A3), ("a5", A5[op]), ("cpu", CPU)):
        assert legal_dtypes(profile(target), op) == {dtype_named(n) for n in names.split()}


# ---- the reference ----------------------------------------------------------------------------


def wrap(value: int, dtype: DType) -> int:
    value %= 1 << dtype.bits
    if dtype.is_signed and value >= 1 << (dtype.bits - 1):
        value -= 1 << dtype.bits
    return value


def reference_op(op: str, a: Any, b: Any, dtype: DType) -> Any:
    """One element: exact arithmetic rounded once; `a > b ? a : b` (a NaN operand: NaN)."""
    if dtype.is_int:
        x, y = int(a), int(b)
        value = {"tpartadd": x + y, "tpartmul": x * y, "tpartmax": x if x > y else y,
                 "tpartmin": x if x < y else y}[op]  # fmt: skip
        return wrap(value, dtype)
    x, y = float(a), float(b)
    if op in ("tpartmax", "tpartmin"):
        if math.isnan(x) or math.isnan(y):
            return math.nan
        pick = x > y if op == "tpartmax" else x < y
        return a if pick else b
    with np.errstate(all="ignore"):
        exact = np.float64(x) + np.float64(y) if op == "tpartadd" else np.float64(x) * y
    return np.array([exact]).astype(dtype.numpy)[0]


def swapped(target: str, dst: tuple[int, int], s0: tuple[int, int], s1: tuple[int, int]) -> bool:
    """A2/A3 (npu/a2a3/TPartAdd.hpp, TPartOp.hpp): the full source is passed as S0 (src0
    first); S1 short of columns runs `Op(S1, S0)`, short of rows `Op(S0, S1)`."""
    if target != "a2a3":
        return False
    full_is_src0 = s0 == dst
    partial = s1 if full_is_src0 else s0
    col_short = partial[1] < dst[1]
    s0_first = not col_short  # Op(S0, S1) unless S1 is short of columns
    return s0_first != full_is_src0


def reference(op: str, target: str, dtype: DType, arrays: list[np.ndarray],
              regions: list[tuple[int, int]]) -> np.ndarray:  # fmt: skip
    src0, src1, dst = arrays
    r0, r1, rd = regions
    want = dst.copy()
    swap = swapped(target, rd, r0, r1)
    for i in range(rd[0]):
        for j in range(rd[1]):
            in0 = i < r0[0] and j < r0[1]
            in1 = i < r1[0] and j < r1[1]
            if in0 and in1:
                a, b = (src1[i, j], src0[i, j]) if swap else (src0[i, j], src1[i, j])
                want[i, j] = reference_op(op, a, b, dtype)
            elif in0:
                want[i, j] = src0[i, j]
            elif in1:
                want[i, j] = src1[i, j]
            elif target == "a5" and op in EXTREME:
                want[i, j] = extreme(dtype, EXTREME[op])
            else:
                want[i, j] = 0
    return want


EXTREME = {"tpartmax": False, "tpartmin": True}
"""A5 (PTOAS's TileLib `pad_min`/`pad_max`): cells neither source covers hold the lowest
(tpartmax) or highest (tpartmin) finite value."""


def extreme(dtype: DType, highest: bool) -> Any:
    """Written out per type: FLT_MAX 3.4028234663852886e38, 65504, bf16 0x7F7F; int limits."""
    if dtype.is_float:
        value = {"f32": 3.4028234663852886e38, "f16": 65504.0, "bf16": 3.3895313892515355e38}
        v = value[dtype.name]
        return np.array([v if highest else -v]).astype(dtype.numpy)[0]
    low, high = -(1 << (dtype.bits - 1)), (1 << (dtype.bits - 1)) - 1
    if not dtype.is_signed:
        low, high = 0, (1 << dtype.bits) - 1
    return high if highest else low


def same(got: np.ndarray, want: np.ndarray, dtype: DType) -> bool:
    """Bits equal; where the reference is a NaN, any NaN."""
    if dtype.is_float:
        with np.errstate(invalid="ignore"):
            nan = np.isnan(want.astype(np.float64))
            if not np.array_equal(nan, np.isnan(got.astype(np.float64))):
                return False
        return np.array_equal(got[~nan].view(np.uint8), want[~nan].view(np.uint8))
    return np.array_equal(got.view(np.uint8), want.view(np.uint8))


# ---- kernels ------------------------------------------------------------------------------


def kernel(op: str, target: str, dtype: DType, shape: tuple[int, int],
           regions: list[tuple[int, int]], dynamic: list[bool]) -> str:  # fmt: skip
    t, (rows, cols) = dtype.name, shape
    full = f"!pto.tile_buf<loc=vec, dtype={t}, rows={rows}, cols={cols}>"
    view = f"!pto.partition_tensor_view<{rows}x{cols}x{t}>"
    params: list[str] = []
    lines: list[str] = []
    types: list[str] = []
    for k in range(3):
        vr, vc = ("?", "?") if dynamic[k] else regions[k]
        typ = full.replace(">", f", v_row={vr}, v_col={vc}>")
        types.append(typ)
        params.append(f"%g{k}: !pto.ptr<{t}>")
        sizes = ""
        if dynamic[k]:
            params += [f"%vr{k}: index", f"%vc{k}: index"]
            sizes = f" valid_row = %vr{k} valid_col = %vc{k}"
        lines += [
            f"%w{k} = pto.make_tensor_view %g{k}, shape = [%r, %k], strides = [%k, %c1]"
            f" : !pto.tensor_view<?x?x{t}>",
            f"%p{k} = pto.partition_view %w{k}, offsets = [%c0, %c0], sizes = [%r, %k]"
            f" : !pto.tensor_view<?x?x{t}> -> {view}",
            f"%a{k} = arith.constant {k * rows * cols * dtype.bytes} : i64",
            f"%f{k} = pto.alloc_tile addr = %a{k} : {full}",
            f"%t{k} = pto.alloc_tile addr = %a{k}{sizes} : {typ}",
            f"pto.tload ins(%p{k} : {view}) outs(%f{k} : {full})",
        ]
    lines.append("pto.barrier #pto.pipe<PIPE_ALL>")
    lines.append(f"pto.{op} ins(%t0, %t1 : {types[0]}, {types[1]}) outs(%t2 : {types[2]})")
    lines.append("pto.barrier #pto.pipe<PIPE_ALL>")
    lines += [f"pto.tstore ins(%f{k} : {full}) outs(%p{k} : {view})" for k in range(3)]
    body = "".join(f"    {line}\n" for line in lines)
    return (
        f'builtin.module attributes {{pto.target_arch = "{target}"}} {{\n'
        f"  func.func @kernel({', '.join(params)}) {{\n"
        "    %c0 = arith.constant 0 : index\n    %c1 = arith.constant 1 : index\n"
        f"    %r = arith.constant {rows} : index\n    %k = arith.constant {cols} : index\n"
        f"{body}    func.return\n  }}\n}}\n"
    )


def run(text: str, arrays: list[np.ndarray], regions: list[tuple[int, int]],
        dynamic: list[bool], lowered: bool) -> list[np.ndarray]:  # fmt: skip
    module = parse_module(CONTEXT, text, "kernel.mlir")
    module.verify()
    if lowered:
        PassPipeline((LowerTileToVectorPass(),)).apply(CONTEXT, module)
        module.verify()
        assert any(isinstance(o, VecScopeOp) for o in module.walk())
        assert not any(isinstance(o, PartialTileOp) for o in module.walk())
    args: list[Arg] = []
    for k in range(3):
        args.append(ArrayArg(arrays[k].copy()))
        if dynamic[k]:
            args += [ScalarArg(n, "index") for n in regions[k]]
    outs = run_function(module, args, pipes=UntrackedPipes()).outputs()
    return [o for o in outs if o is not None]


def lowerable(op: str, dtype: DType, target: str) -> bool:
    return dtype in legal_dtypes(profile(target), VECTOR[op])


@st.composite
def cases(draw: st.DrawFn) -> tuple[str, str, DType, tuple[int, int], list[tuple[int, int]],
                                     list[bool], int]:  # fmt: skip
    target = draw(st.sampled_from(TARGETS))
    op = draw(st.sampled_from(OPS))
    dtype = draw(st.sampled_from(sorted(legal_dtypes(profile(target), op), key=str)))
    rows = draw(st.integers(1, 5))
    cols = (32 // dtype.bytes) * draw(st.integers(1, 2 * 256 // 32 // dtype.bytes + 1))
    dst = (draw(st.integers(0, rows)), draw(st.integers(0, cols)))
    small = (draw(st.integers(0, dst[0])), draw(st.integers(0, dst[1])))
    any_pattern = target == "cpu" or (target == "a5" and op in EXTREME)
    if any_pattern and draw(st.booleans()):  # holes filled with 0 (CPU) or an extreme (A5)
        bound = (rows, cols) if target == "cpu" else dst  # A5: both within dst
        other = (draw(st.integers(0, bound[0])), draw(st.integers(0, bound[1])))
        pair = [small, other]
    else:
        pair = [dst, small]
    if draw(st.booleans()):
        pair.reverse()
    dynamic = [draw(st.booleans()) for _ in range(3)]
    return target, op, dtype, (rows, cols), [*pair, dst], dynamic, draw(st.integers(0, 99))


@settings(max_examples=60, deadline=None)
@given(case=cases())
def test_reference_and_lowering(
    case: tuple[str, str, DType, tuple[int, int], list[tuple[int, int]], list[bool], int],
) -> None:
    target, op, dtype, shape, regions, dynamic, seed = case
    rng = np.random.default_rng(seed)
    arrays = [random_array(rng, dtype, shape) for _ in range(3)]
    text = kernel(op, target, dtype, shape, regions, dynamic)
    got = run(text, arrays, regions, dynamic, lowered=False)
    assert np.array_equal(got[0].view(np.uint8), arrays[0].view(np.uint8))
    assert np.array_equal(got[1].view(np.uint8), arrays[1].view(np.uint8))
    assert same(got[2], reference(op, target, dtype, arrays, regions), dtype)
    if not lowerable(op, dtype, target):
        with pytest.raises(PassFailedException, match=f"does not support {dtype}"):
            run(text, arrays, regions, dynamic, lowered=True)
        return
    if target == "a2a3" and dtype.is_float and any(dynamic):
        with pytest.raises(PassFailedException, match="operand order of the float op"):
            run(text, arrays, regions, dynamic, lowered=True)
        return
    lowered = run(text, arrays, regions, dynamic, lowered=True)
    for a, b in zip(lowered, got, strict=True):
        assert np.array_equal(a.view(np.uint8), b.view(np.uint8))


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("op", ["tpartmax", "tpartmin", "tpartadd"])
def test_operand_order_on_signed_zeros_and_nans(target: str, op: str) -> None:
    """±0 and NaN pairs tell which operand comes first: per target and pattern (src1 short
    of rows, of columns, and the mirrored patterns)."""
    dtype = dtype_named("f32")
    values = np.array([0.0, -0.0, np.nan, 1.0], np.float32)
    a = np.tile(values, (4, 4)).reshape(4, 16)
    b = np.tile(values[[1, 0, 3, 2]], (4, 4)).reshape(4, 16)
    nan_b = b.view(np.uint32).copy()
    nan_b[np.isnan(b)] |= 5  # another payload
    b = nan_b.view(np.float32)
    dst = np.zeros((4, 16), np.float32)
    for regions in ([(4, 16), (2, 16), (4, 16)], [(4, 16), (4, 7), (4, 16)],
                    [(2, 16), (4, 16), (4, 16)], [(4, 7), (4, 16), (4, 16)]):  # fmt: skip
        text = kernel(op, target, dtype, (4, 16), regions, [False] * 3)
        got = run(text, [a, b, dst], regions, [False] * 3, lowered=False)[2]
        want = reference(op, target, dtype, [a, b, dst], regions)
        assert same(got, want, dtype), (regions, got, want)
        lowered = run(text, [a, b, dst], regions, [False] * 3, lowered=True)[2]
        assert np.array_equal(lowered.view(np.uint8), got.view(np.uint8))


@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_unsupported_pattern_fails_at_run_time(target: str) -> None:
    """NPU targets: no source with dst's valid region is a run-time error (the PTO_ASSERT);
    the CPU fills the hole with zeros."""
    dtype = dtype_named("f32")
    regions = [(2, 16), (4, 8), (4, 16)]
    text = kernel("tpartadd", target, dtype, (4, 16), regions, [True, True, False])
    arrays = [np.ones((4, 16), np.float32)] * 3
    with pytest.raises((PtoRuntimeError, KernelError), match="one source's valid region"):
        run(text, arrays, regions, [True, True, False], lowered=False)
    cpu = text.replace(f'"{target}"', '"cpu"')
    got = run(cpu, arrays, regions, [True, True, False], lowered=False)[2]
    assert got[3, 12] == 0 and got[1, 12] == 1 and got[3, 3] == 1 and got[1, 3] == 2
    if target == "a5":  # tpartmax: any sources within dst, holes at -FLT_MAX (TileLib)
        text = kernel("tpartmax", target, dtype, (4, 16), regions, [True, True, False])
        for lowered in (False, True):
            got = run(text, arrays, regions, [True, True, False], lowered=lowered)[2]
            assert got[3, 12] == np.float32(-3.4028234663852886e38) and got[1, 3] == 1
