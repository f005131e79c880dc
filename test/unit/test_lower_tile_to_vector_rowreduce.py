"""pto-lower-tile-to-vector on the row reductions, by translation validation on every target
(the kernels, random bit patterns and footprint checks of test_lower_tile_to_vector.py):
the same output bytes before and after the pass, vector code that reads only the op's
buffers and writes only dst's valid column."""

from __future__ import annotations

import functools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import legal_dtypes
from test_lower_tile_to_vector import Case, Kernel, Tile, block, lanes, lower, validate
from xdsl.utils.exceptions import PassFailedException

from pto_dialect.dtypes import DType, dtype_named
from pto_dialect.ops import tile_row_reduce
from pto_dialect.ops.tile_row_reduce import RowReduceTileOp
from pto_dialect.targets import profile

TARGETS = ("a2a3", "a5", "cpu")
LOWERED = ("trowsum", "trowmax", "trowmin")
VECTOR_OP = {"trowsum": "vcadd", "trowmax": "vcmax", "trowmin": "vcmin"}
"""The cross-lane reduction each op needs (its record's REDUCE_OP)."""


def lowerable(op: str, dtype: DType, target: str) -> bool:
    legal = functools.partial(legal_dtypes, profile(target))
    return dtype in legal(op) and dtype in legal(VECTOR_OP[op])


def combinations() -> list[tuple[str, str]]:
    return [
        (op, d.name)
        for op in LOWERED
        for d in sorted({d for t in TARGETS for d in legal_dtypes(profile(t), op)}, key=str)
        if any(lowerable(op, d, t) for t in TARGETS)
    ]


def row_cases(op: str, dtype: DType) -> list[Case]:
    """(src, tmp, dst): one partial register, several registers with a tail, exactly one
    register, a source read past its buffer's end, dynamic rows and columns, in place."""
    n, b = lanes(dtype), block(dtype)
    wide = 2 * n + 2 * b

    def case(src: Tile, dst: Tile) -> Case:
        return Case(op, (src, Tile(src.rows, src.cols), dst))

    return [
        case(Tile(3, b, (3, 5)), Tile(3, b, (3, 1))),
        case(Tile(4, wide, (4, 2 * n + 3)), Tile(5, b, (4, 1))),
        case(Tile(2, n), Tile(2, b, (2, 1))),
        case(Tile(2, n + b, (2, n + b)), Tile(2, b, (2, 1))),
        case(Tile(5, wide, (4, n + 7), True), Tile(5, b, (4, 1), True)),
        Case(op, (Tile(3, 2 * b, (3, 2 * b)), Tile(3, 2 * b), Tile(3, 2 * b, (3, 1), alias=0))),
    ]


def check(kernel: Kernel, targets: list[str]) -> None:
    validate(kernel, targets)
    for target in targets:
        module = kernel.module(target)
        lower(module)
        assert not [o for o in module.walk() if isinstance(o, RowReduceTileOp)]


@pytest.mark.parametrize(("op", "dtype"), combinations())
def test_row_reductions_outputs_unchanged(op: str, dtype: str):
    dt = dtype_named(dtype)
    check(Kernel(dt, row_cases(op, dt)), [t for t in TARGETS if lowerable(op, dt, t)])


def test_lowered_code_uses_the_cross_lane_reductions():
    dt = dtype_named("f32")
    module = Kernel(dt, [row_cases("trowmax", dt)[1]]).module("a5")
    lower(module)
    names = {o.name for o in module.walk()}
    assert {"pto.vcmax", "pto.vmax", "pto.vbr", "pto.vsts"} <= names


def test_refusals_are_diagnostics():
    """trowprod (no cross-lane product) and a type without a vector reduction (A5 i8
    trowmax: vcmax has no 8-bit form) stop the pass with a one-line reason."""
    i8, f32 = dtype_named("i8"), dtype_named("f32")
    cases = [
        (Kernel(f32, [Case("trowprod", (Tile(2, 8), Tile(2, 8), Tile(2, 8, (2, 1))))]),
         "no vector micro-op multiplies across lanes"),
        (Kernel(i8, [Case("trowmax", (Tile(2, 32), Tile(2, 32), Tile(2, 32, (2, 1))))]),
         "pto.vcmax does not support i8"),
    ]  # fmt: skip
    for kernel, reason in cases:
        with pytest.raises(PassFailedException) as info:
            lower(kernel.module("a5"))
        assert reason in str(info.value) and "\n" not in str(info.value)


PAIRS = [
    (t, op)
    for t in TARGETS
    for op in LOWERED
    if any(lowerable(op, d, t) for d in legal_dtypes(profile(t), op))
]


@st.composite
def random_cases(draw: st.DrawFn) -> tuple[Kernel, str]:
    target, op = draw(st.sampled_from(PAIRS))
    legal = [d for d in legal_dtypes(profile(target), op) if lowerable(op, d, target)]
    dtype = draw(st.sampled_from(sorted(legal, key=str)))
    n, b = lanes(dtype), block(dtype)
    rows = draw(st.integers(1, 5))
    width = b * draw(st.integers(1, 3 * n // b + 1))
    vr, vc = draw(st.integers(1, rows)), draw(st.integers(1, width))
    dynamic = draw(st.booleans())
    src = Tile(rows, width, (vr, vc), dynamic)
    dst = Tile(draw(st.integers(vr, vr + 2)), b * draw(st.integers(1, 2)), (vr, 1), dynamic)
    case = Case(op, (src, Tile(rows, width), dst))
    return Kernel(dtype, [case], draw(st.integers(0, 9))), target


@settings(max_examples=25, deadline=None)
@given(random_cases())
def test_random_row_reductions(drawn: tuple[Kernel, str]):
    kernel, target = drawn
    check(kernel, [target])


def test_every_row_reduction_is_lowered_or_refused():
    for op in tile_row_reduce.OPS:
        assert issubclass(op, RowReduceTileOp)
        short = op.name.removeprefix("pto.")
        assert (short in LOWERED) != (op.REFUSED is not None), op.name


@pytest.mark.parametrize("target", TARGETS)
def test_dn_destination_is_refused(target: str):
    """A DN dst of one column (col_major, cols=1) holds its results 4 bytes apart, which an
    aligned pto.vsts cannot write: a one-line diagnostic (docs/passes.md)."""
    f32 = dtype_named("f32")
    kernel = Kernel(f32, [Case("trowsum", (Tile(5, 72), Tile(5, 72), Tile(8, 8, (5, 1))))])
    nd = "!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=5, v_col=1>"
    dn = "!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=1, v_row=5, v_col=1, blayout=col_major>"
    assert nd in kernel.text
    kernel.text = kernel.text.replace(nd, dn)
    with pytest.raises(PassFailedException) as info:
        lower(kernel.module(target))
    assert "DN dst" in str(info.value) and "\n" not in str(info.value)
