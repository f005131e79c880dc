"""`pto-run --arg SPEC` parsing (interpreters/launching/args.py)."""

from __future__ import annotations

import numpy as np
import pytest

from interpreters.launching.args import ArgError, ArrayArg, ScalarArg, declared_args, parse_spec


@pytest.mark.parametrize("name", ["i8", "ui8", "i16", "ui16", "i32", "ui32", "i64", "ui64"])
def test_random_integers_cover_their_whole_range(name: str):
    arg = parse_spec(f"rand:4096x{name}:3")
    assert isinstance(arg, ArrayArg)
    info = np.iinfo(arg.array.dtype)
    bits = name.lstrip("ui")
    assert arg.array.dtype.name == (f"uint{bits}" if name.startswith("u") else f"int{bits}")
    # uniform over the range: both halves of it are drawn
    middle = info.min / 2 + info.max / 2
    assert (arg.array < middle).any() and (arg.array > middle).any()


def test_random_arrays_are_reproducible_by_seed():
    a, b, c = (parse_spec(s) for s in ("rand:8xf32:1", "rand:8xf32:1", "rand:8xf32:2"))
    assert isinstance(a, ArrayArg) and isinstance(b, ArrayArg) and isinstance(c, ArrayArg)
    assert np.array_equal(a.array, b.array) and not np.array_equal(a.array, c.array)
    assert ((a.array >= -1) & (a.array < 1)).all()


def test_scalars_and_errors():
    assert parse_spec("16:index") == ScalarArg(16, "index")
    assert parse_spec("2.5:f32") == ScalarArg(2.5, "f32")
    with pytest.raises(ArgError, match="unknown element type 'q7'"):
        parse_spec("zeros:4xq7")
    with pytest.raises(ArgError, match="'x' is not an integer"):
        parse_spec("x:i32")


def test_a_kernel_declares_its_arguments_on_its_first_line() -> None:
    text = "// ARGS: rand:4xf32:1 zeros:4xf32 2:index\nfunc.func @k() { func.return }\n"
    assert declared_args(text) == ["rand:4xf32:1", "zeros:4xf32", "2:index"]
    assert declared_args("func.func @k() { func.return }\n// ARGS: zeros:4xf32\n") is None


def test_arange_counts_in_row_major_order_and_wraps_integers() -> None:
    grid = parse_spec("arange:2x3xui32")
    assert isinstance(grid, ArrayArg)
    assert grid.array.dtype == np.uint32 and grid.array.tolist() == [[0, 1, 2], [3, 4, 5]]
    small = parse_spec("arange:260xi8")
    assert isinstance(small, ArrayArg)
    assert small.array[127] == 127 and small.array[128] == -128 and small.array[256] == 0
