"""Arg-reductions in the interpreter against element-by-element references of A5's loops
(pto-isa a5/TRowReduceIdx.hpp, TColReduceIdx.hpp): rows per register, the first lane of the
register's extremum (a NaN wins inside a register), a later register only where strictly
better; columns row by row, a later row only where strictly better. Ties keep the first."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import build_tile_op, run_tile_op
from support import vec_tile_type as tile_type
from test_lower_tile_to_vector import CONTEXT, lower

from interpreters.engine.source import parse_module
from interpreters.machine.core import Machine
from interpreters.ops.tile_arg_reduce import TileArgReduceFunctions
from pto_dialect.dtypes import F16, F32, I32, U32, DType
from pto_dialect.ops.tile_arg_reduce import (
    ArgReduceTileOp,
    TColArgMaxOp,
    TColArgMinOp,
    TRowArgMaxOp,
    TRowArgMinOp,
)
from pto_dialect.records import Effect
from pto_dialect.targets import A2A3, A5, CPU, TargetProfile

TARGETS = (A2A3, A5, CPU)
SPECIALS = (0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 2.0)


def is_nan(x: Any) -> bool:
    return bool(np.isnan(np.float64(x)))


def better(new: Any, old: Any, largest: bool) -> bool:
    """The strict comparison: False with a NaN on either side."""
    if is_nan(new) or is_nan(old):
        return False
    return bool(new > old) if largest else bool(new < old)


def register_best(values: list[Any], largest: bool) -> tuple[Any, int]:
    """vcmax/vcmin of one register's active lanes: the first NaN, else the first extremum."""
    for lane, v in enumerate(values):
        if is_nan(v):
            return v, lane
    best, where = values[0], 0
    for lane, v in enumerate(values):
        if better(v, best, largest):
            best, where = v, lane
    return best, where


def ref_row(row: list[Any], lanes: int, largest: bool) -> int:
    best: Any = -np.inf if largest else np.inf
    index = 0
    for start in range(0, len(row), lanes):
        value, lane = register_best(row[start : start + lanes], largest)
        if better(value, best, largest):
            best, index = value, start + lane
    return index


def ref_col(column: list[Any], largest: bool) -> int:
    best, index = column[0], 0
    for i, v in enumerate(column[1:], start=1):
        if better(v, best, largest):
            best, index = v, i
    return index


def run(target: TargetProfile, op: type[ArgReduceTileOp], src: np.ndarray, dtype: DType,
        valid: tuple[int, int], index: DType) -> np.ndarray:  # fmt: skip
    rows, cols = src.shape
    s_type = tile_type(dtype, rows, cols, valid)
    if op.ROW:
        d_type, d_valid = tile_type(index, rows, 8, (valid[0], 1)), (valid[0], 1)
    else:
        d_type, d_valid = tile_type(index, 1, cols, (1, valid[1])), (1, valid[1])
    machine = Machine(target)
    built = build_tile_op(target, op, [s_type, s_type], d_type)
    tiles = [machine.tile_at(s_type, None, *valid), machine.tile_at(s_type, None, *valid),
             machine.tile_at(d_type, None, *d_valid)]  # fmt: skip
    tiles[0].set(src)
    run_tile_op(TileArgReduceFunctions(machine), built, tiles)
    out = tiles[2].get()
    return out[: valid[0], 0] if op.ROW else out[0, : valid[1]]


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_arg_reductions_against_references(data: st.DataObject):
    target = data.draw(st.sampled_from(TARGETS))
    op = data.draw(st.sampled_from([TRowArgMaxOp, TRowArgMinOp, TColArgMaxOp, TColArgMinOp]))
    dtype = data.draw(st.sampled_from([F32, F16]))
    index = data.draw(st.sampled_from([I32, U32]))
    lanes = 256 // dtype.bytes
    rows = data.draw(st.integers(1, 4))
    cols = (32 // dtype.bytes) * data.draw(st.integers(1, 2 * lanes * dtype.bytes // 32 + 1))
    valid = (data.draw(st.integers(1, rows)), data.draw(st.integers(1, cols)))
    pool = st.one_of(st.sampled_from(SPECIALS), st.integers(-3, 3).map(float))
    flat = data.draw(st.lists(pool, min_size=rows * cols, max_size=rows * cols))
    src = np.array(flat, dtype.numpy).reshape(rows, cols)
    got = run(target, op, src, dtype, valid, index)
    region = src[: valid[0], : valid[1]]
    if op.ROW:
        want = [ref_row(list(r), lanes, op.LARGEST) for r in region]
    else:
        want = [ref_col(list(c), op.LARGEST) for c in region.T]
    assert [int(v) for v in got] == want


def test_ties_keep_the_first_and_registers_compare_strictly():
    row = np.zeros((1, 128), np.float32)
    row[0, [5, 70]] = 9.0  # equal maxima in registers 0 and 1: the first
    assert int(run(A5, TRowArgMaxOp, row, F32, (1, 128), I32)[0]) == 5
    row[0, 70] = np.nan  # register 1's vcmax is NaN: not strictly better, dropped
    assert int(run(A5, TRowArgMaxOp, row, F32, (1, 128), I32)[0]) == 5
    col = np.array([[1.0] * 8, [3.0] * 8, [3.0] * 8, [np.nan] * 8], np.float32)
    assert [int(v) for v in run(A2A3, TColArgMaxOp, col, F32, (4, 8), U32)] == [1] * 8


@pytest.mark.parametrize("op", [TRowArgMinOp, TColArgMaxOp])
def test_without_tmp(op: type[ArgReduceTileOp]) -> None:
    """PTOAS's level-2 form without `tmp` (implicit_tmp_arg_reductions): the same indices."""
    src = np.array([[3.0, -1.0, 7.0, 2.0] * 4, [0.5, 9.0, -4.0, 1.0] * 4], np.float32)
    s_type = tile_type(F32, 2, 16, (2, 16))
    d_type = tile_type(I32, 2, 8, (2, 1)) if op.ROW else tile_type(I32, 1, 16, (1, 16))
    machine = Machine(A2A3)
    built = build_tile_op(A2A3, op, [s_type], d_type)
    assert built.operand_effects() == (Effect.READ, Effect.WRITE)
    d_valid = d_type.valid_shape
    tiles = [machine.tile_at(s_type, None, 2, 16), machine.tile_at(d_type, None, *d_valid)]
    tiles[0].set(src)
    run_tile_op(TileArgReduceFunctions(machine), built, tiles)
    out = tiles[1].get()
    if op.ROW:
        assert out[:2, 0].tolist() == [1, 2]  # the first minimum of each row
    else:
        assert out[0, :16].tolist() == [0, 1, 0, 0] * 4  # the row of each column's maximum


def _planned(op: str, dst: str) -> str:
    src = "!pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=8>"
    return f"""builtin.module attributes {{pto.target_arch = "a5"}} {{
  func.func @k() {{
    %a0 = arith.constant 0 : i64
    %a1 = arith.constant 1024 : i64
    %a2 = arith.constant 2048 : i64
    %s = pto.alloc_tile addr = %a0 : {src}
    %t = pto.alloc_tile addr = %a1 : {src}
    %d = pto.alloc_tile addr = %a2 : {dst}
    pto.{op} ins(%s, %t : {src}, {src}) outs(%d : {dst})
    func.return
  }}
}}
"""


def test_lowering_takes_nd_and_dn_row_arg_dsts():
    """trowargmax: lowered with an ND dst, and with a DN one (its indices 4 bytes apart)
    through one-point stores."""
    row = _planned("trowargmax", "!pto.tile_buf<loc=vec, dtype=i32, rows=2, cols=8, v_col=1>")
    dn = "!pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=1, v_row=2, blayout=col_major>"
    for text in (row, _planned("trowargmax", dn)):
        module = parse_module(CONTEXT, text, "k.mlir")
        lower(module)
        assert not [o for o in module.walk() if isinstance(o, TRowArgMaxOp)]
    assert '"1PT_B32"' in str(module)


def _col_arg_kernel(op: str, dtype: DType, index: DType, rows: int, valid: tuple[int, int],
                    dynamic: bool = False) -> Any:  # fmt: skip
    """A lowering kernel (test_lower_tile_to_vector.Kernel) whose dst alloc is retyped to
    the index type over the same bytes (loaded and stored as the source type)."""
    from test_lower_tile_to_vector import Case, Kernel, Tile

    cols = 64 + 16
    src = Tile(rows, cols, valid, dynamic)
    kernel = Kernel(dtype, [Case(op, (src, Tile(rows, cols), Tile(1, cols, (1, valid[1]))))])
    t = dtype.name
    vdst = f"!pto.tile_buf<loc=vec, dtype={t}, rows=1, cols={cols}, v_row=1, v_col={valid[1]}>"
    assert vdst in kernel.text
    kernel.text = kernel.text.replace(vdst, vdst.replace(f"dtype={t}", f"dtype={index.name}"))
    return kernel


@pytest.mark.parametrize("target", ["a2a3", "a5", "cpu"])
@pytest.mark.parametrize("op", ["tcolargmax", "tcolargmin"])
def test_column_arg_reductions_lowered_unchanged(target: str, op: str):
    """32-bit sources: the compare/select loop gives the tile op's bytes (random bits with
    NaN, ±0, ±inf and ties), static and dynamic, one row and several."""
    from test_lower_tile_to_vector import validate

    types = {"a2a3": (F32, U32)}.get(target, (F32, I32, U32))
    for dtype in types:
        for index in (I32, U32):
            for rows, valid, dynamic in ((5, (5, 70), False), (4, (1, 9), False),
                                         (6, (4, 65), True)):  # fmt: skip
                validate(_col_arg_kernel(op, dtype, index, rows, valid, dynamic), [target])


def _narrow_col_arg_kernel(op: str, dtype: DType, index: DType, rows: int,
                           valid: tuple[int, int], dynamic: bool) -> Any:  # fmt: skip
    """As `_col_arg_kernel` for an 8- or 16-bit source: dst is built as a row of the
    source type wide enough for `valid[1]` 4-byte indices (the bytes the footprint check
    allows), then retyped to the index type over the same bytes."""
    from test_lower_tile_to_vector import Case, Kernel, Tile

    lanes = 256 // dtype.bytes
    cols = lanes + 32 // dtype.bytes
    scale = 4 // dtype.bytes
    src = Tile(rows, cols, valid, dynamic)
    dst = Tile(1, cols * scale, (1, valid[1] * scale))
    kernel = Kernel(dtype, [Case(op, (src, Tile(rows, cols), dst))], seed=rows)
    typ = f"dtype={dtype.name}, rows=1, cols={cols * scale}, v_row=1, v_col={valid[1] * scale}>"
    assert typ in kernel.text
    retyped = f"dtype={index.name}, rows=1, cols={cols}, v_row=1, v_col={valid[1]}>"
    kernel.text = kernel.text.replace(typ, retyped)
    return kernel


@pytest.mark.parametrize("target", ["a2a3", "a5", "cpu"])
@pytest.mark.parametrize("op", ["tcolargmax", "tcolargmin"])
def test_narrow_column_arg_reductions_lowered_unchanged(target: str, op: str):
    """8- and 16-bit sources: indices in i16 registers (split by punpack for 8-bit), widened
    by vzunpack, give the tile op's bytes (random bits: ties are frequent in 8 bits), static
    and dynamic, several registers with a tail, one row."""
    from test_lower_tile_to_vector import lower, validate

    from pto_dialect.dtypes import dtype_named

    names = {"a2a3": ("f16", "ui16")}.get(target, ("i8", "ui8", "i16", "ui16", "f16"))
    for name in names:
        dtype = dtype_named(name)
        lanes = 256 // dtype.bytes
        for index in (I32, U32):
            for rows, valid, dynamic in ((5, (5, lanes + 3), False), (3, (1, 9), False),
                                         (6, (4, lanes // 2 + 1), True)):  # fmt: skip
                kernel = _narrow_col_arg_kernel(op, dtype, index, rows, valid, dynamic)
                validate(kernel, [target])
                module = kernel.module(target)
                lower(module)
                assert not [o for o in module.walk() if isinstance(o, ArgReduceTileOp)]
