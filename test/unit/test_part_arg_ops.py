"""`tpartargmax` / `tpartargmin`: element-type tables from pto-isa's static_asserts, and
semantics against a per-element reference written from the implementations' compares
(A2/A3 `vcmp_ge`/`vcmp_le` keeping src0, A5 `vcmp_gt`/`vcmp_lt` taking src1, the CPU
simulator's `src0 > src1`), with ties and NaNs, on both partial-validity patterns.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from support import context
from xdsl.dialects import arith

from interpreters.engine.source import parse_module
from interpreters.launching.args import Arg, ArrayArg
from interpreters.launching.execute import run_function
from interpreters.machine.pipes import UntrackedPipes
from pto_dialect.dtypes import dtype_named
from pto_dialect.ops.tile_part_arg import PART_ARG_VALUES
from pto_dialect.targets import profile

CONTEXT = context(arith.Arith)
ROWS, COLS = 4, 64


def test_value_types_per_target() -> None:
    """a2a3/TPartArgOp.hpp and a5/TPartArgBinOps.hpp: half or float; cpu/TPartOp.hpp's list."""
    want = {"a2a3": "f16 f32", "a5": "f16 f32", "cpu": "i32 i16 f16 bf16 f32 i8 ui8"}
    for target, names in want.items():
        got = PART_ARG_VALUES[profile(target).arch]
        assert got == {dtype_named(n) for n in names.split()}


def kernel(op: str, target: str, value: str, index: str, regions: list[tuple[int, int]]) -> str:
    """Six GM buffers loaded whole; the op on valid sub-regions; every buffer stored back."""
    types = [value, value, index, index, value, index]
    valid = [regions[0], regions[1], regions[0], regions[1], regions[2], regions[2]]
    lines: list[str] = []
    views: list[str] = []
    for k, t in enumerate(types):
        full = f"!pto.tile_buf<loc=vec, dtype={t}, rows={ROWS}, cols={COLS}>"
        view = f"!pto.partition_tensor_view<{ROWS}x{COLS}x{t}>"
        part = full.replace(">", f", v_row={valid[k][0]}, v_col={valid[k][1]}>")
        views.append(part)
        lines += [
            f"%w{k} = pto.make_tensor_view %g{k}, shape = [%r, %c], strides = [%c, %c1]"
            f" : !pto.tensor_view<?x?x{t}>",
            f"%p{k} = pto.partition_view %w{k}, offsets = [%c0, %c0], sizes = [%r, %c]"
            f" : !pto.tensor_view<?x?x{t}> -> {view}",
            f"%a{k} = arith.constant {k * ROWS * COLS * 4} : i64",
            f"%f{k} = pto.alloc_tile addr = %a{k} : {full}",
            f"%t{k} = pto.alloc_tile addr = %a{k} : {part}",
            f"pto.tload ins(%p{k} : {view}) outs(%f{k} : {full})",
        ]
    lines.append("pto.barrier #pto.pipe<PIPE_ALL>")
    lines.append(
        f"pto.{op} ins(%t0, %t1, %t2, %t3 : {', '.join(views[:4])}) "
        f"outs(%t4, %t5 : {views[4]}, {views[5]})"
    )
    lines.append("pto.barrier #pto.pipe<PIPE_ALL>")
    for k, t in enumerate(types):
        full = f"!pto.tile_buf<loc=vec, dtype={t}, rows={ROWS}, cols={COLS}>"
        lines.append(f"pto.tstore ins(%f{k} : {full}) outs(%p{k} : "
                     f"!pto.partition_tensor_view<{ROWS}x{COLS}x{t}>)")  # fmt: skip
    params = ", ".join(f"%g{k}: !pto.ptr<{t}>" for k, t in enumerate(types))
    body = "".join(f"    {line}\n" for line in lines)
    return (
        f'builtin.module attributes {{pto.target_arch = "{target}"}} {{\n'
        f"  func.func @kernel({params}) {{\n"
        "    %c0 = arith.constant 0 : index\n    %c1 = arith.constant 1 : index\n"
        f"    %r = arith.constant {ROWS} : index\n    %c = arith.constant {COLS} : index\n"
        f"{body}    func.return\n  }}\n}}\n"
    )


def wins_src1(op: str, target: str, a: float, b: float) -> bool:
    """Whether src1's pair is taken where both are valid (a: src0's value, b: src1's)."""
    if target == "a5":  # vcmp_gt(src1, src0) / vcmp_lt, then vsel(src1, src0)
        return b > a if op == "tpartargmax" else b < a
    if target == "a2a3":  # vcmp_ge(src0, src1) / vcmp_le, then vsel(src0, src1)
        return not (a >= b) if op == "tpartargmax" else not (a <= b)
    return not (a > b) if op == "tpartargmax" else not (a < b)  # cpu/TPartArgMax.hpp


PATTERNS = [
    [(4, 64), (3, 40), (4, 64)],  # src0 is dst's region, src1 within it
    [(2, 64), (4, 64), (4, 64)],  # src1 is dst's region, src0 short of rows
]


@pytest.mark.parametrize("target", ["a2a3", "a5", "cpu"])
@pytest.mark.parametrize("op", ["tpartargmax", "tpartargmin"])
def test_semantics(op: str, target: str) -> None:
    rng = np.random.default_rng(7)
    for pattern, (value, index) in zip(PATTERNS, [("f32", "ui32"), ("f16", "i16")], strict=True):
        vt, it = dtype_named(value).numpy, dtype_named(index).numpy
        src = [rng.integers(-3, 4, (ROWS, COLS)).astype(vt) for _ in range(2)]
        src[0][0, :4] = [np.nan, 1, np.nan, 2]  # NaNs against numbers and each other
        src[1][0, :4] = [1, np.nan, np.nan, 2]
        idx = [rng.integers(0, 1000, (ROWS, COLS)).astype(it) for _ in range(2)]
        dst = [np.full((ROWS, COLS), 9, vt), np.full((ROWS, COLS), 7, it)]
        arrays = [*src, *idx, *dst]
        text = kernel(op, target, value, index, pattern)
        module = parse_module(CONTEXT, text, "kernel.mlir")
        module.verify()
        args: list[Arg] = [ArrayArg(a.copy()) for a in arrays]
        outs = run_function(module, args, pipes=UntrackedPipes()).outputs()
        got_val, got_idx = outs[4], outs[5]
        assert got_val is not None and got_idx is not None
        want_val, want_idx = dst[0].copy(), dst[1].copy()
        (r0, c0), (r1, c1), (rd, cd) = pattern
        for i in range(rd):
            for j in range(cd):
                in0, in1 = i < r0 and j < c0, i < r1 and j < c1
                take1 = in1 and (not in0 or wins_src1(op, target, float(src[0][i, j]),
                                                      float(src[1][i, j])))  # fmt: skip
                k = 1 if take1 else 0
                want_val[i, j], want_idx[i, j] = src[k][i, j], idx[k][i, j]
        assert np.array_equal(got_idx, want_idx), (op, target, value)
        nan = np.isnan(want_val.astype(np.float64))
        assert np.array_equal(nan, np.isnan(got_val.astype(np.float64)))
        assert np.array_equal(got_val[~nan], want_val[~nan]), (op, target, value)
        for k in range(4):  # sources untouched
            out = outs[k]
            assert out is not None and np.array_equal(out, arrays[k], equal_nan=k < 2)
        assert not math.isnan(float(got_val[3, 63]))
