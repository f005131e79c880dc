"""The data-rearrangement micro-ops against references written from their pages.

Each reference is the page's C loop (or, where a board-tested PTOAS kernel overrides the
page, that kernel's golden rule) over Python ints: the bit patterns of the lanes, so float
payloads (NaN, -0.0) must move bit-exactly. Every element type of each op's record on every
target, random bits, and edge masks and amounts from hypothesis.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from vector_arith_rig import build
from xdsl.dialects.builtin import IndexType, ModuleOp, i16, i64
from xdsl.interpreter import Interpreter, PythonValues
from xdsl.ir import Attribute, Operation, SSAValue

from interpreters.engine.errors import PtoRuntimeError
from interpreters.machine.core import Machine
from interpreters.ops.vector_rearrange import VectorRearrangeFunctions
from pto_dialect.dtypes import DType, dtype_named, mlir_type
from pto_dialect.memory_types import MemorySpace, PtrType
from pto_dialect.ops.vector_common import VectorPipeOp
from pto_dialect.ops.vector_rearrange import (
    VDintlvOp,
    VDintlvV2Op,
    VIntlvOp,
    VIntlvV2Op,
    VPackOp,
    VPermOp,
    VSelrOp,
    VSelrV2Op,
    VShiftOp,
    VSlideOp,
    VSqzOp,
    VSunpackOp,
    VTransposeOp,
    VUsqzOp,
    VZunpackOp,
)
from pto_dialect.targets import A2A3, A5, CPU, TargetProfile
from pto_dialect.vector_types import MaskType, VRegType

TARGETS = (A2A3, A5, CPU)
Bits = list[int]
"""The lanes of a vreg as the unsigned integers of their bit patterns."""

# ---- running one op ------------------------------------------------------------------------


def vreg(dtype: DType) -> VRegType:
    return VRegType(mlir_type(dtype))


def lanes(dtype: DType) -> int:
    return 2048 // dtype.bits


MACHINES = {target.name: Machine(target) for target in TARGETS}


def run(target: TargetProfile, op: Operation, args: Sequence[Any]) -> PythonValues:
    interpreter = Interpreter(ModuleOp([]))
    interpreter.register_implementations(VectorRearrangeFunctions(MACHINES[target.name]))
    return interpreter.run_op(op, tuple(args))


def to_array(bits: Bits, dtype: DType) -> np.ndarray:
    unsigned = np.array(bits, dtype=np.dtype(f"u{dtype.bytes}"))
    return unsigned.view(dtype.numpy)


def to_bits(values: np.ndarray) -> Bits:
    return [int(x) for x in values.view(np.dtype(f"u{values.dtype.itemsize}"))]


def cases(op: type[VectorPipeOp]) -> list[Any]:
    return [
        pytest.param(target, dtype, id=f"{target.name}-{dtype.name}")
        for target in TARGETS
        for dtype in sorted(op.legal_dtypes(target), key=lambda d: d.name)
    ]


def lane_bits(dtype: DType) -> st.SearchStrategy[Bits]:
    """N lanes of random bits, with the edge patterns (0, all ones, sign bit) likely."""
    top = (1 << dtype.bits) - 1
    edge = st.sampled_from([0, top, 1 << (dtype.bits - 1), (1 << (dtype.bits - 1)) - 1])
    lane = st.one_of(edge, st.integers(0, top))
    return st.lists(lane, min_size=lanes(dtype), max_size=lanes(dtype))


def masks(dtype: DType) -> st.SearchStrategy[list[bool]]:
    n = lanes(dtype)
    return st.one_of(
        st.just([True] * n), st.just([False] * n), st.lists(st.booleans(), min_size=n, max_size=n)
    )


def signed(bits: int, width: int) -> int:
    return bits - (1 << width) if bits >> (width - 1) else bits


# ---- references: the pages' loops over bit patterns -------------------------------------------


def ref_intlv(lhs: Bits, rhs: Bits) -> tuple[Bits, Bits]:
    """vintlv.md: low = {lhs[0], rhs[0], lhs[1], ...}, high = {lhs[N/2], rhs[N/2], ...}."""
    n = len(lhs)
    low: Bits = []
    high: Bits = []
    for k in range(n // 2):
        low += [lhs[k], rhs[k]]
        high += [lhs[n // 2 + k], rhs[n // 2 + k]]
    return low, high


def ref_dintlv(lhs: Bits, rhs: Bits) -> tuple[Bits, Bits]:
    """vdintlv.md: low = the even positions of the stream lhs ++ rhs, high = the odd ones."""
    stream = lhs + rhs
    return [stream[2 * i] for i in range(len(lhs))], [stream[2 * i + 1] for i in range(len(lhs))]


def ref_slide(src0: Bits, src1: Bits, amt: int) -> Bits:
    """vslide.md: tmp[0..2N-1] = {src1, src0}; dst[i] = tmp[amt + i]."""
    tmp = src1 + src0
    return [tmp[amt + i] for i in range(len(src0))]


def ref_shift(src: Bits, amt: int) -> Bits:
    """vshift.md: dst[i] = (i >= amt) ? src[i - amt] : 0."""
    return [src[i - amt] if i >= amt else 0 for i in range(len(src))]


def ref_select(src: Bits, index: Bits) -> Bits:
    """vperm.md: dst[i] = src[index[i] % N] (the index lanes as unsigned bits)."""
    return [src[index[i] % len(src)] for i in range(len(src))]


def ref_sqz(src: Bits, mask: list[bool]) -> Bits:
    """vsqz.md: the active lanes in order, then zeros."""
    dst: Bits = []
    for i in range(len(src)):
        if mask[i]:
            dst.append(src[i])
    return dst + [0] * (len(src) - len(dst))


def ref_usqz(mask: list[bool], width: int) -> Bits:
    """PTOAS vusqz kernels' golden: dst[0] = 0, dst[i] = dst[i-1] + mask[i-1] (mod 2^width)."""
    dst = [0]
    for i in range(1, len(mask)):
        dst.append((dst[-1] + (1 if mask[i - 1] else 0)) % (1 << width))
    return dst


def ref_pack(src: Bits, high: bool, src_width: int) -> Bits:
    """PTOAS vpack kernels' golden: the source truncated into one half, zeros in the other."""
    narrow = [x % (1 << (src_width // 2)) for x in src]
    zeros = [0] * len(src)
    return zeros + narrow if high else narrow + zeros


def ref_unpack(src: Bits, part: int, sign: bool, width: int) -> Bits:
    """vsunpack.md / vzunpack.md: dst[i] = extend(src[part_offset + i]), i < N/2."""
    half = len(src) // 2
    chosen = src[part * half : (part + 1) * half]
    values = [signed(x, width) if sign else x for x in chosen]
    return [v % (1 << (2 * width)) for v in values]


# ---- the ops against the references --------------------------------------------------------


@pytest.mark.parametrize(("target", "dtype"), cases(VIntlvOp))
@settings(max_examples=5, deadline=None)
@given(data=st.data())
def test_interleave_pairs(target: TargetProfile, dtype: DType, data: st.DataObject) -> None:
    lhs, rhs = data.draw(lane_bits(dtype)), data.draw(lane_bits(dtype))
    args = [to_array(lhs, dtype), to_array(rhs, dtype)]
    for cls, ref in ((VIntlvOp, ref_intlv), (VDintlvOp, ref_dintlv)):
        op = build(target, [vreg(dtype)] * 2, cls)
        low, high = run(target, op, args)
        assert (to_bits(low), to_bits(high)) == ref(lhs, rhs), cls.name
    for cls, ref in ((VIntlvV2Op, ref_intlv), (VDintlvV2Op, ref_dintlv)):
        for index, part in enumerate(("LOWER", "HIGHER")):
            op = build(target, [vreg(dtype)] * 2, partial(cls, part=part))
            (result,) = run(target, op, args)
            assert to_bits(result) == ref(lhs, rhs)[index], (cls.name, part)


@pytest.mark.parametrize(("target", "dtype"), cases(VSlideOp))
@settings(max_examples=5, deadline=None)
@given(data=st.data())
def test_slide_and_shift(target: TargetProfile, dtype: DType, data: st.DataObject) -> None:
    n = lanes(dtype)
    src0, src1 = data.draw(lane_bits(dtype)), data.draw(lane_bits(dtype))
    amt = data.draw(st.one_of(st.sampled_from([0, 1, n - 1, n]), st.integers(0, n)))
    slide = build(target, [vreg(dtype)] * 2 + [i16], VSlideOp)
    (result,) = run(target, slide, [to_array(src0, dtype), to_array(src1, dtype), amt])
    assert to_bits(result) == ref_slide(src0, src1, amt)
    shift_amt = data.draw(st.one_of(st.just(n + 5), st.integers(0, n)))
    shift = build(target, [vreg(dtype), i16], VShiftOp)
    (result,) = run(target, shift, [to_array(src0, dtype), shift_amt])
    assert to_bits(result) == ref_shift(src0, shift_amt)


@pytest.mark.parametrize(("target", "dtype"), cases(VPermOp))
@settings(max_examples=5, deadline=None)
@given(data=st.data())
def test_lane_select(target: TargetProfile, dtype: DType, data: st.DataObject) -> None:
    """vperm, vselr and vselrv2 (PTOAS: `src1` is the index) with unsigned and signed index
    lanes, in range and out of range."""
    src = data.draw(lane_bits(dtype))
    index_kind = data.draw(st.sampled_from(["ui", "i"]))
    index_dtype = dtype_named(f"{index_kind}{dtype.bits}")
    index = data.draw(lane_bits(index_dtype))
    args = [to_array(src, dtype), to_array(index, index_dtype)]
    for cls in (VPermOp, VSelrOp, VSelrV2Op):
        op = build(target, [vreg(dtype), vreg(index_dtype)], cls)
        (result,) = run(target, op, args)
        assert to_bits(result) == ref_select(src, index), cls.name


@pytest.mark.parametrize(("target", "dtype"), cases(VSqzOp))
@settings(max_examples=5, deadline=None)
@given(data=st.data())
def test_squeeze(target: TargetProfile, dtype: DType, data: st.DataObject) -> None:
    src, mask = data.draw(lane_bits(dtype)), data.draw(masks(dtype))
    op = build(target, [vreg(dtype), MaskType(dtype.bits)], VSqzOp)
    (result,) = run(target, op, [to_array(src, dtype), np.array(mask, dtype=np.bool_)])
    assert to_bits(result) == ref_sqz(src, mask)


def _usqz_with_src(src: SSAValue, mask: SSAValue) -> VUsqzOp:
    return VUsqzOp(mask, src)


@pytest.mark.parametrize(("target", "dtype"), cases(VUsqzOp))
@settings(max_examples=5, deadline=None)
@given(data=st.data())
def test_prefix_count(target: TargetProfile, dtype: DType, data: st.DataObject) -> None:
    """Both spellings: PTOAS's `%src, %mask` (src ignored) and the manual's `%mask`."""
    src, mask = data.draw(lane_bits(dtype)), data.draw(masks(dtype))
    bools = np.array(mask, dtype=np.bool_)
    with_src = build(target, [vreg(dtype), MaskType(dtype.bits)], _usqz_with_src)
    (result,) = run(target, with_src, [to_array(src, dtype), bools])
    assert to_bits(result) == ref_usqz(mask, dtype.bits)
    mask_only = build(
        target, [MaskType(dtype.bits)], partial(VUsqzOp, src=None, result_type=vreg(dtype))
    )
    (result,) = run(target, mask_only, [bools])
    assert to_bits(result) == ref_usqz(mask, dtype.bits)


@pytest.mark.parametrize(("target", "dtype"), cases(VPackOp))
@settings(max_examples=5, deadline=None)
@given(data=st.data())
def test_pack(target: TargetProfile, dtype: DType, data: st.DataObject) -> None:
    narrow = VRegType(mlir_type(dtype_named(f"ui{dtype.bits // 2}")))
    src = data.draw(lane_bits(dtype))
    for high in (False, True):
        part = "HIGHER" if high else "LOWER"
        op = build(target, [vreg(dtype)], partial(VPackOp, part=part, result_type=narrow))
        (result,) = run(target, op, [to_array(src, dtype)])
        assert to_bits(result) == ref_pack(src, high, dtype.bits), part


def _wide_types(dtype: DType) -> list[DType]:
    return [dtype_named(f"{kind}{2 * dtype.bits}") for kind in ("i", "ui")]


@pytest.mark.parametrize(("target", "dtype"), cases(VSunpackOp))
@settings(max_examples=5, deadline=None)
@given(data=st.data())
def test_unpack(target: TargetProfile, dtype: DType, data: st.DataObject) -> None:
    src = data.draw(lane_bits(dtype))
    wide = data.draw(st.sampled_from(_wide_types(dtype)))
    part = data.draw(st.sampled_from([0, 1]))
    for cls, sign in ((VSunpackOp, True), (VZunpackOp, False)):
        op = build(target, [vreg(dtype), IndexType()], partial(cls, result_type=vreg(wide)))
        (result,) = run(target, op, [to_array(src, dtype), part])
        assert result.dtype == wide.numpy
        assert to_bits(result) == ref_unpack(src, part, sign, dtype.bits), cls.name


# ---- run-time rules --------------------------------------------------------------------------

F32 = VRegType(mlir_type(dtype_named("f32")))
_ZEROS = np.zeros(64, dtype=np.float32)


@pytest.mark.parametrize(
    ("types", "make", "args", "message"),
    [
        pytest.param([F32, F32, i16], VSlideOp, [_ZEROS, _ZEROS, 65], "outside", id="slide-65"),
        pytest.param([F32, F32, i16], VSlideOp, [_ZEROS, _ZEROS, -1], "outside", id="slide-neg"),
        pytest.param([F32, i16], VShiftOp, [_ZEROS, -3], "negative", id="shift-neg"),
    ],
)  # fmt: skip
def test_amount_out_of_range(
    types: list[Attribute], make: Callable[..., Operation], args: list[Any], message: str
) -> None:
    op = build(A5, types, make)
    with pytest.raises(PtoRuntimeError, match=message):
        run(A5, op, args)


@pytest.mark.parametrize("part", [2, -1])
def test_unpack_part_out_of_range(part: int) -> None:
    i16v, i32v = (VRegType(mlir_type(dtype_named(n))) for n in ("i16", "i32"))
    op = build(A5, [i16v, IndexType()], partial(VSunpackOp, result_type=i32v))
    with pytest.raises(PtoRuntimeError, match=r"must be 0 \(lower half\) or 1 \(upper half\)"):
        run(A5, op, [np.zeros(128, dtype=np.int16), part])


def test_board_vusqz_positions() -> None:
    """The PTOAS vusqz-nontrivial-mask kernel's rule on its active positions: lane i holds
    how many of the positions lie before i."""
    positions = [1, 4, 5, 9, 12, 16, 21, 24, 29, 33, 36, 40, 45, 49, 54, 60]
    mask = np.zeros(64, dtype=np.bool_)
    mask[positions] = True
    i32v = VRegType(mlir_type(dtype_named("i32")))
    op = build(A5, [MaskType(32)], partial(VUsqzOp, src=None, result_type=i32v))
    (result,) = run(A5, op, [mask])
    expected = [sum(1 for p in positions if p < lane) for lane in range(64)]
    assert result.tolist() == expected


def test_vtranspose_does_not_run() -> None:
    """Its config word is unpublished: a run stops with a diagnostic, it never guesses."""
    ub_f16 = PtrType(mlir_type(dtype_named("f16")), MemorySpace.UB)
    op = build(A5, [ub_f16, ub_f16, i64], VTransposeOp)
    with pytest.raises(PtoRuntimeError, match="config word is not published"):
        run(A5, op, [None, None, 0])
