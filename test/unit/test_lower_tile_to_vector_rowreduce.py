"""pto-lower-tile-to-vector on the row reductions, by translation validation on every target
(the kernels, random bit patterns and footprint checks of test_lower_tile_to_vector.py):
the same output bytes before and after the pass, vector code that reads only the op's
buffers and writes only dst's valid column."""

from __future__ import annotations

import functools
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import legal_dtypes
from test_lower_tile_to_vector import Case, Kernel, Tile, block, lanes, lower, validate
from xdsl.utils.exceptions import PassFailedException

from interpreters.launching.execute import run_function
from interpreters.machine.pipes import UntrackedPipes
from pto_dialect.dtypes import DType, dtype_named
from pto_dialect.ops import tile_row_reduce
from pto_dialect.ops.tile_arg_reduce import ArgReduceTileOp
from pto_dialect.ops.tile_row_reduce import RowReduceTileOp
from pto_dialect.targets import profile

TARGETS = ("a2a3", "a5", "cpu")
LOWERED = ("trowsum", "trowmax", "trowmin", "trowprod")
VECTOR_OP = {"trowsum": "vcadd", "trowmax": "vcmax", "trowmin": "vcmin", "trowprod": "vmul"}
"""The vector op each needs on the element type (the cross-lane reduction; trowprod: vmul)."""


WIDENED = {"i8": "i16", "ui8": "ui16"}
"""8-bit trowmax/trowmin reduce in 16-bit lanes."""


def lowerable(op: str, dtype: DType, target: str) -> bool:
    legal = functools.partial(legal_dtypes, profile(target))
    wide = WIDENED.get(dtype.name) if op in ("trowmax", "trowmin") else None
    reduced = dtype_named(wide) if wide is not None else dtype
    return dtype in legal(op) and reduced in legal(VECTOR_OP[op])


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


def test_byte_extrema_reduce_in_16_bit_lanes():
    """A5 i8 trowmin: both halves of a register sign-extended, reduced as i16."""
    dt = dtype_named("i8")
    module = Kernel(dt, [row_cases("trowmin", dt)[1]]).module("a5")
    lower(module)
    names = {o.name for o in module.walk()}
    assert {"pto.vsunpack", "pto.vmin", "pto.vcmin", "pto.vbitcast", "pto.vsts"} <= names


def test_lowered_product_folds_with_vintlv():
    """trowprod multiplies lane by lane, then folds the register with vintlv + vmul."""
    dt = dtype_named("f16")
    module = Kernel(dt, [row_cases("trowprod", dt)[1]]).module("a5")
    lower(module)
    names = {o.name for o in module.walk()}
    assert {"pto.vmul", "pto.vsel", "pto.vintlv", "pto.vsts"} <= names
    assert "pto.trowprod" not in names


def a5_row_product(src: np.ndarray) -> np.ndarray:
    """Reference for trowprod (pto-isa a5/TRowProd.hpp, written out): registers of N lanes
    (padded with 1) multiplied lane by lane in register order, then the register folded in
    halves, lane i times lane i + M/2, every product in the element type."""
    n = 256 // src.itemsize
    count = -(-src.shape[1] // n)
    padded = np.ones((src.shape[0], count * n), src.dtype)
    padded[:, : src.shape[1]] = src
    acc = np.ones((src.shape[0], n), src.dtype)
    with np.errstate(all="ignore"):
        for k in range(count):
            acc = (acc * padded[:, k * n : (k + 1) * n]).astype(src.dtype)
        while acc.shape[1] > 1:
            half = acc.shape[1] // 2
            acc = (acc[:, :half] * acc[:, half:]).astype(src.dtype)
    return acc[:, 0]


@pytest.mark.parametrize("dtype", ["f16", "f32", "i16", "i32"])
def test_product_order_is_a5s(dtype: str):
    """Factors near 1 (odd integers), whose rounded product depends on the order: the tile
    op and its lowering both give the bytes of the A5 order, on every target."""
    dt = dtype_named(dtype)
    n, b = lanes(dt), block(dt)
    cols = 2 * n + 3 * b
    case = Case("trowprod", (Tile(3, cols), Tile(3, cols), Tile(3, b, (3, 1))))
    kernel = Kernel(dt, [case])
    rng = np.random.default_rng(7)
    if dt.is_float:
        factors = rng.uniform(0.97, 1.03, (3, cols))
    else:
        factors = rng.choice([1, -1, 3, -3, 5], (3, cols))
    kernel.arrays[0] = factors.astype(dt.numpy)
    want = a5_row_product(kernel.arrays[0])
    for target in TARGETS:
        module = kernel.module(target)
        before = run_function(module, kernel.args(), pipes=UntrackedPipes()).outputs()[2]
        lower(module)
        after = run_function(module, kernel.args(), pipes=UntrackedPipes()).outputs()[2]
        for got in (before, after):
            assert got is not None
            assert np.asarray(got)[:, 0].tobytes() == want.tobytes(), target


def test_refusals_are_diagnostics():
    """A type without a vector reduction (A5 i64 trowmax: vcmax has no 64-bit form) stops
    the pass with a one-line reason."""
    i64 = dtype_named("i64")
    cases = [
        (Kernel(i64, [Case("trowmax", (Tile(2, 8), Tile(2, 8), Tile(2, 8, (2, 1))))]),
         "pto.vcmax does not support i64"),
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


@pytest.mark.parametrize("op", ["trowsum", "trowmax"])
def test_dn_destination_takes_one_point_stores(op: str):
    """A DN dst of one column (col_major, cols=1, as PyPTO's rmsnorm writes its row sums)
    holds its results 4 bytes apart: each row's result is stored with 1PT_B32 (lane 0 to
    an element-aligned address, as pto-isa's A5 TRowReduce), the same bytes everywhere."""
    f32 = dtype_named("f32")
    kernel = Kernel(f32, [Case(op, (Tile(5, 72, (5, 70)), Tile(5, 72), Tile(8, 1, (5, 1))))])
    column = re.compile(r"(!pto\.tile_buf<loc=vec, dtype=f32, rows=8, cols=1[^>]*)>")
    kernel.text, count = column.subn(r"\1, blayout=col_major>", kernel.text)
    assert count >= 2  # the tile and the valid-region view the kernel fills it through
    validate(kernel, list(TARGETS))
    module = kernel.module("a5")
    lower(module)
    assert '"1PT_B32"' in str(module) and f"pto.{op}" not in str(module)


# ---- row arg-reductions -----------------------------------------------------------------

ARG_OPS = ("trowargmax", "trowargmin")


def arg_kernel(op: str, dtype: DType, index: DType, tiles: tuple[Tile, Tile], seed: int,
               ties: bool = False) -> Kernel:  # fmt: skip
    """(src, dst) as a Kernel whose (static) dst holds `index` over the same bytes: a row
    of `cols` f16 is `cols / 2` i32, one valid column; `ties`: the source drawn from a few
    values (repeated maxima and minima across registers, NaN, ±inf)."""
    src, dst = tiles
    dst = Tile(dst.rows, dst.cols * dtype.bytes // 4, (dst.region[0], 1), dtype=index)
    kernel = Kernel(dtype, [Case(op, (src, Tile(src.rows, src.cols), dst))], seed)
    retyped = f"dtype={index.name}, rows={dst.rows}, cols={dst.cols}, v_row={dst.region[0]}, "
    assert retyped + "v_col=1>" in kernel.text
    if ties:
        rng = np.random.default_rng(seed)
        alphabet = np.array([1.0, 2.0, -2.0, -0.0, 0.0], dtype.numpy)
        values = alphabet[rng.integers(0, 5, (src.rows, src.cols))]
        values[0, rng.integers(0, src.cols)] = np.nan  # a register whose vcmax/vcmin is NaN
        values[-1, : src.cols // 2] = np.inf  # the row's maximum in its first registers
        kernel.arrays[0] = values
    return kernel


def arg_cases(dtype: DType) -> list[tuple[Tile, Tile]]:
    """One partial register, several with a tail, exactly one, a source read past its
    buffer's end, dynamic source rows and columns."""
    n, b = lanes(dtype), block(dtype)
    wide = 2 * n + 2 * b
    return [
        (Tile(3, b, (3, 5)), Tile(3, b, (3, 1))),
        (Tile(4, wide, (4, 2 * n + 3)), Tile(5, b, (4, 1))),
        (Tile(2, n), Tile(2, b, (2, 1))),
        (Tile(2, n + b, (2, n + b)), Tile(2, 2 * b, (2, 1))),
        (Tile(5, wide, (4, n + 7), True), Tile(5, b, (4, 1))),
    ]


def check_arg(kernel: Kernel, target: str) -> None:
    validate(kernel, [target])
    module = kernel.module(target)
    lower(module)
    assert not [o for o in module.walk() if isinstance(o, ArgReduceTileOp)]


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("op", ARG_OPS)
@pytest.mark.parametrize("dtype", ["f16", "f32"])
def test_row_arg_reductions_outputs_unchanged(target: str, op: str, dtype: str):
    """Random bits and few-valued sources (ties within and across registers, NaN, ±inf):
    the lowered loop gives the tile op's indices, i32 and ui32, on every target."""
    dt = dtype_named(dtype)
    for k, tiles in enumerate(arg_cases(dt)):
        for index in (dtype_named("i32"), dtype_named("ui32")):
            for ties in (False, True):
                check_arg(arg_kernel(op, dt, index, tiles, k, ties), target)


def test_lowered_row_arg_moves_the_index_with_vdintlv():
    dt = dtype_named("f16")
    module = arg_kernel("trowargmin", dt, dtype_named("i32"), arg_cases(dt)[1], 0).module("a5")
    lower(module)
    names = {o.name for o in module.walk()}
    assert {"pto.vcmin", "pto.vdintlv", "pto.vbitcast", "pto.pbitcast", "pto.vsel"} <= names


@st.composite
def random_arg_cases(draw: st.DrawFn) -> tuple[Kernel, str]:
    target = draw(st.sampled_from(TARGETS))
    op = draw(st.sampled_from(ARG_OPS))
    dtype = dtype_named(draw(st.sampled_from(["f16", "f32"])))
    index = dtype_named(draw(st.sampled_from(["i32", "ui32"])))
    n, b = lanes(dtype), block(dtype)
    rows = draw(st.integers(1, 5))
    width = b * draw(st.integers(1, 3 * n // b + 1))
    vr, vc = draw(st.integers(1, rows)), draw(st.integers(1, width))
    src = Tile(rows, width, (vr, vc), draw(st.booleans()))
    dst = Tile(draw(st.integers(vr, vr + 2)), b * draw(st.integers(1, 2)), (vr, 1))
    seed, ties = draw(st.integers(0, 9)), draw(st.booleans())
    return arg_kernel(op, dtype, index, (src, dst), seed, ties), target


@settings(max_examples=15, deadline=None)
@given(random_arg_cases())
def test_random_row_arg_reductions(drawn: tuple[Kernel, str]):
    kernel, target = drawn
    check_arg(kernel, target)


@pytest.mark.parametrize("op", ARG_OPS)
def test_dn_arg_destination_takes_one_point_stores(op: str):
    """The row arg-reductions store each row's index to a DN dst with 1PT_B32 too."""
    f32, i32 = dtype_named("f32"), dtype_named("i32")
    kernel = arg_kernel(op, f32, i32, (Tile(5, 72, (5, 70)), Tile(8, 1, (5, 1))), 2)
    column = re.compile(r"(!pto\.tile_buf<loc=vec, dtype=i32, rows=8, cols=1[^>]*)>")
    kernel.text, count = column.subn(r"\1, blayout=col_major>", kernel.text)
    assert count >= 2
    for target in TARGETS:
        check_arg(kernel, target)
    module = kernel.module("a5")
    lower(module)
    assert '"1PT_B32"' in str(module)
