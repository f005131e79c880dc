"""Simulated cycles of GEMV and small matmuls on the vector unit and on the cube.

    python benchmarks/matmul_paths.py [--quick] [--dtype f32|f16|bf16|i8]

For each (m, k, n) and target, two Level-1 kernels computing C = A . B (GM -> GM; A and B
of `--dtype`, C of its accumulator type: f32, or i32 for i8) go through `pto-pipeline` and
run under pto-run's cycle model (`interpreters.api.run`):

- vector: tload A, B into UB (loc=vec), the vector-unit tmatmul / tgemv lowered by
  `pto-pipeline{matmul-on-vector=true}`, tstore C from UB;
- cube: tload A, B into L1 (loc=mat), tmov to L0A / L0B, tmatmul / tgemv into L0C (acc),
  tstore C from L0C, lowered by `pto-pipeline` to the cube's micro-ops (`pto-lower-matrix`);
  the `tile` column is the same kernel kept at tile level (`lower-matrix=false`).

It prints the totals, the vector path's register tile and CI, and which path is faster;
the last lines give the crossover per target. Shapes whose operands do not fit a buffer
(UB for the vector path, L0A/L0B for the cube path) in one piece are left out. The cube
kernel's m is padded to the 16-row box of its left tile (a GEMV uses one valid row).
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence
from dataclasses import dataclass

from interpreters.api import apply_pipeline, parse, run
from pto_dialect.dtypes import F32, I8, I32, DType, dtype_named

TARGETS = ("a2a3", "a5", "cpu")
UB_BYTES = 192 * 1024
"""The smallest UB of the targets (A2A3, pto_dialect/targets.py)."""
L0_BYTES = 64 * 1024
"""L0A / L0B of A2A3 (pto_dialect/targets.py)."""


def accumulator(dtype: DType) -> DType:
    return I32 if dtype == I8 else F32


def _views(m: int, k: int, n: int, dtype: DType) -> tuple[str, str]:
    """The tensor views of A (m x k), B (k x n), C (m x n) and the lines making them."""
    head: list[str] = []
    parts: list[str] = []
    acc = accumulator(dtype)
    for name, rows, cols, t in (("a", m, k, dtype), ("b", k, n, dtype), ("c", m, n, acc)):
        head.append(
            f"    %v{name} = pto.make_tensor_view %{name}p, shape = [%r{name}, %k{name}], "
            f"strides = [%k{name}, %c1] : !pto.tensor_view<?x?x{t}>\n"
            f"    %p{name} = pto.partition_view %v{name}, offsets = [%c0, %c0], sizes = "
            f"[%r{name}, %k{name}] : !pto.tensor_view<?x?x{t}> -> "
            f"!pto.partition_tensor_view<{rows}x{cols}x{t}>\n"
        )
        parts.append(
            f"    %r{name} = arith.constant {rows} : index\n"
            f"    %k{name} = arith.constant {cols} : index\n"
        )
    return "".join(parts), "".join(head)


def _kernel(body: str, m: int, k: int, n: int, target: str, types: str, dtype: DType) -> str:
    sizes, views = _views(m, k, n, dtype)
    t, acc = dtype, accumulator(dtype)
    return (
        f"{types}"
        f'builtin.module attributes {{pto.target_arch = "{target}"}} {{\n'
        f"  func.func @mm(%ap: !pto.ptr<{t}>, %bp: !pto.ptr<{t}>, %cp: !pto.ptr<{acc}>) {{\n"
        "    %c0 = arith.constant 0 : index\n    %c1 = arith.constant 1 : index\n"
        f"{sizes}{views}{body}    func.return\n  }}\n}}\n"
    )


def _op(m: int) -> str:
    return "pto.tgemv" if m == 1 else "pto.tmatmul"


def vector_kernel(m: int, k: int, n: int, target: str, dtype: DType = F32) -> str:
    t, acc = dtype, accumulator(dtype)
    types = (
        f"!a = !pto.tile<loc=vec, dtype={t}, rows={m}, cols={k}>\n"
        f"!b = !pto.tile<loc=vec, dtype={t}, rows={k}, cols={n}>\n"
        f"!c = !pto.tile<loc=vec, dtype={acc}, rows={m}, cols={n}>\n"
    )
    body = (
        f"    %a = pto.tload %pa : !pto.partition_tensor_view<{m}x{k}x{t}> -> !a\n"
        f"    %b = pto.tload %pb : !pto.partition_tensor_view<{k}x{n}x{t}> -> !b\n"
        f"    %c = {_op(m)} %a, %b : (!a, !b) -> !c\n"
        f"    pto.tstore %c, %pc : !c, !pto.partition_tensor_view<{m}x{n}x{acc}>\n"
    )
    return _kernel(body, m, k, n, target, types, dtype)


def cube_kernel(m: int, k: int, n: int, target: str, dtype: DType = F32) -> str:
    t, acc = dtype, accumulator(dtype)
    rows = -(-m // 16) * 16
    nz = "blayout=col_major, slayout=row_major"
    zn = "blayout=row_major, slayout=col_major"
    valid = f"v_row={m}, v_col={k}"
    types = (
        f"!ma = !pto.tile<loc=mat, dtype={t}, rows={rows}, cols={k}, {valid}, {nz}>\n"
        f"!mb = !pto.tile<loc=mat, dtype={t}, rows={k}, cols={n}, {zn}>\n"
        f"!l = !pto.tile<loc=left, dtype={t}, rows={rows}, cols={k}, {valid}, {nz}>\n"
        f"!r = !pto.tile<loc=right, dtype={t}, rows={k}, cols={n}, {zn}>\n"
        f"!acc = !pto.tile<loc=acc, dtype={acc}, rows={rows}, cols={n}, v_row={m}, v_col={n}, "
        f"{nz}, fractal=1024>\n"
    )
    body = (
        f"    %ma = pto.tload %pa : !pto.partition_tensor_view<{m}x{k}x{t}> -> !ma\n"
        f"    %mb = pto.tload %pb : !pto.partition_tensor_view<{k}x{n}x{t}> -> !mb\n"
        "    %l = pto.tmov %ma : !ma -> !l\n"
        "    %r = pto.tmov %mb : !mb -> !r\n"
        f"    %acc = {_op(m)} %l, %r : (!l, !r) -> !acc\n"
        f"    pto.tstore %acc, %pc : !acc, !pto.partition_tensor_view<{m}x{n}x{acc}>\n"
    )
    return _kernel(body, m, k, n, target, types, dtype)


@dataclass(frozen=True)
class Row:
    m: int
    k: int
    n: int
    target: str
    vector: int
    cube: int
    cube_tile_level: int
    tile: str


def cycles(
    text: str, pipeline: str, m: int, k: int, n: int, dtype: DType = F32
) -> tuple[int, str, bytes]:
    """Total cycles of the lowered kernel on random inputs, the register tile reported and
    the bytes of C."""
    module = parse(text, name="bench.mlir")
    apply_pipeline(module, pipeline)
    tile = re.search(r'pto.matmul_tile = "([^"]*)"', str(module))
    t, acc = dtype, accumulator(dtype)
    args = [f"rand:{m}x{k}x{t}:1", f"rand:{k}x{n}x{t}:2", f"zeros:{m}x{n}x{acc}"]
    result = run(module, *args)
    assert not result.hazards, [h.message for h in result.hazards]
    total = result.cycles
    assert total is not None
    c = result.outputs[-1]
    assert c is not None
    return total, tile.group(1) if tile else "", c.tobytes()


def fits(m: int, k: int, n: int, dtype: DType = F32) -> bool:
    rows = -(-m // 16) * 16
    size = dtype.bytes
    ub = size * (m * k + k * n) + 4 * m * n
    return ub <= UB_BYTES and size * rows * k <= L0_BYTES and size * k * n <= L0_BYTES


def measure(m: int, k: int, n: int, target: str, dtype: DType = F32) -> Row:
    vec, tile, vec_c = cycles(
        vector_kernel(m, k, n, target, dtype),
        "pto-pipeline{matmul-on-vector=true}",
        *(m, k, n, dtype),
    )
    kernel = cube_kernel(m, k, n, target, dtype)
    cube, _, cube_c = cycles(kernel, "pto-pipeline", m, k, n, dtype)
    kept, _, kept_c = cycles(kernel, "pto-pipeline{lower-matrix=false}", m, k, n, dtype)
    assert vec_c == cube_c == kept_c, f"{target} {m}x{k}x{n}: the paths give different bytes"
    return Row(m, k, n, target, vec, cube, kept, tile)


def shapes(quick: bool, dtype: DType = F32) -> list[tuple[int, int, int]]:
    sizes = (16, 64) if quick else (16, 64, 128)
    ms = (1, 16) if quick else (1, 16, 64)
    found = [(m, k, n) for m in ms for k in sizes for n in sizes]
    # a row of an i8 tile is at least 32 elements (32-byte rows)
    unit = 32 // dtype.bytes if dtype.bytes < 2 else 1
    return [s for s in found if fits(*s, dtype) and s[1] % unit == 0 and s[2] % unit == 0]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few shapes only")
    parser.add_argument("--target", choices=TARGETS, action="append")
    parser.add_argument("--dtype", choices=("f32", "f16", "bf16", "i8"), default="f32")
    parser.add_argument("--smoke", action="store_true", help="one shape on a5: does it run")
    args = parser.parse_args(argv)
    targets = ["a5"] if args.smoke else args.target or list(TARGETS)
    dtype = dtype_named(args.dtype)
    print(f"{'target':6} {'m':>4} {'k':>4} {'n':>4} {'vector':>9} {'cube':>9} {'tile':>9} "
          f"{'v/c':>6}  faster  vector register tile")  # fmt: skip
    rows: list[Row] = []
    for target in targets:
        for m, k, n in shapes(args.quick or args.smoke, dtype)[: 1 if args.smoke else None]:
            row = measure(m, k, n, target, dtype)
            rows.append(row)
            faster = "vector" if row.vector < row.cube else "cube"
            print(
                f"{target:6} {m:4d} {k:4d} {n:4d} {row.vector:9d} {row.cube:9d} "
                f"{row.cube_tile_level:9d} {row.vector / row.cube:6.2f}  {faster:6}  {row.tile}",
                flush=True,
            )
    print("\ncrossover (shapes where the vector path takes fewer cycles):")
    for target in targets:
        wins = [r for r in rows if r.target == target and r.vector < r.cube]
        listed = ", ".join(f"{r.m}x{r.k}x{r.n}" for r in wins) or "none"
        print(f"  {target}: {listed}")


if __name__ == "__main__":
    main()
