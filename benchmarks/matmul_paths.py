"""Simulated cycles of f32 GEMV and small matmuls on the vector unit and on the cube.

    python benchmarks/matmul_paths.py [--quick]

For each (m, k, n) and target, two Level-1 kernels computing C = A . B (f32, GM -> GM) go
through `pto-pipeline` and run under pto-run's cycle model (`interpreters.api.run`):

- vector: tload A, B into UB (loc=vec), the vector-unit tmatmul / tgemv lowered by
  `pto-pipeline{matmul-on-vector=true}`, tstore C from UB;
- cube: tload A, B into L1 (loc=mat), tmov to L0A / L0B, tmatmul / tgemv into L0C (acc),
  tstore C from L0C.

It prints both totals, the vector path's register tile and CI, and which path is faster;
the last lines give the crossover per target. Shapes whose operands do not fit a buffer
(UB for the vector path, L0A/L0B for the cube path) in one piece are left out. The cube
kernel's m is padded to the 16-row box of its left tile (a GEMV uses one valid row).
"""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass

from interpreters.api import apply_pipeline, parse, run

TARGETS = ("a2a3", "a5", "cpu")
UB_BYTES = 192 * 1024
"""The smallest UB of the targets (A2A3, pto_dialect/targets.py)."""
L0_BYTES = 64 * 1024
"""L0A / L0B of A2A3 (pto_dialect/targets.py)."""


def _views(m: int, k: int, n: int) -> tuple[str, str]:
    """The tensor views of A (m x k), B (k x n), C (m x n) and the lines making them."""
    head: list[str] = []
    parts: list[str] = []
    for name, rows, cols in (("a", m, k), ("b", k, n), ("c", m, n)):
        head.append(
            f"    %v{name} = pto.make_tensor_view %{name}p, shape = [%r{name}, %k{name}], "
            f"strides = [%k{name}, %c1] : !pto.tensor_view<?x?xf32>\n"
            f"    %p{name} = pto.partition_view %v{name}, offsets = [%c0, %c0], sizes = "
            f"[%r{name}, %k{name}] : !pto.tensor_view<?x?xf32> -> "
            f"!pto.partition_tensor_view<{rows}x{cols}xf32>\n"
        )
        parts.append(
            f"    %r{name} = arith.constant {rows} : index\n"
            f"    %k{name} = arith.constant {cols} : index\n"
        )
    return "".join(parts), "".join(head)


def _kernel(body: str, m: int, k: int, n: int, target: str, types: str) -> str:
    sizes, views = _views(m, k, n)
    return (
        f"{types}"
        f'builtin.module attributes {{pto.target_arch = "{target}"}} {{\n'
        "  func.func @mm(%ap: !pto.ptr<f32>, %bp: !pto.ptr<f32>, %cp: !pto.ptr<f32>) {\n"
        "    %c0 = arith.constant 0 : index\n    %c1 = arith.constant 1 : index\n"
        f"{sizes}{views}{body}    func.return\n  }}\n}}\n"
    )


def _op(m: int) -> str:
    return "pto.tgemv" if m == 1 else "pto.tmatmul"


def vector_kernel(m: int, k: int, n: int, target: str) -> str:
    types = (
        f"!a = !pto.tile<loc=vec, dtype=f32, rows={m}, cols={k}>\n"
        f"!b = !pto.tile<loc=vec, dtype=f32, rows={k}, cols={n}>\n"
        f"!c = !pto.tile<loc=vec, dtype=f32, rows={m}, cols={n}>\n"
    )
    body = (
        f"    %a = pto.tload %pa : !pto.partition_tensor_view<{m}x{k}xf32> -> !a\n"
        f"    %b = pto.tload %pb : !pto.partition_tensor_view<{k}x{n}xf32> -> !b\n"
        f"    %c = {_op(m)} %a, %b : (!a, !b) -> !c\n"
        f"    pto.tstore %c, %pc : !c, !pto.partition_tensor_view<{m}x{n}xf32>\n"
    )
    return _kernel(body, m, k, n, target, types)


def cube_kernel(m: int, k: int, n: int, target: str) -> str:
    rows = -(-m // 16) * 16
    nz = "blayout=col_major, slayout=row_major"
    zn = "blayout=row_major, slayout=col_major"
    valid = f"v_row={m}, v_col={k}"
    types = (
        f"!ma = !pto.tile<loc=mat, dtype=f32, rows={rows}, cols={k}, {valid}, {nz}>\n"
        f"!mb = !pto.tile<loc=mat, dtype=f32, rows={k}, cols={n}, {zn}>\n"
        f"!l = !pto.tile<loc=left, dtype=f32, rows={rows}, cols={k}, {valid}, {nz}>\n"
        f"!r = !pto.tile<loc=right, dtype=f32, rows={k}, cols={n}, {zn}>\n"
        f"!acc = !pto.tile<loc=acc, dtype=f32, rows={rows}, cols={n}, v_row={m}, v_col={n}, "
        f"{nz}, fractal=1024>\n"
    )
    body = (
        f"    %ma = pto.tload %pa : !pto.partition_tensor_view<{m}x{k}xf32> -> !ma\n"
        f"    %mb = pto.tload %pb : !pto.partition_tensor_view<{k}x{n}xf32> -> !mb\n"
        "    %l = pto.tmov %ma : !ma -> !l\n"
        "    %r = pto.tmov %mb : !mb -> !r\n"
        f"    %acc = {_op(m)} %l, %r : (!l, !r) -> !acc\n"
        f"    pto.tstore %acc, %pc : !acc, !pto.partition_tensor_view<{m}x{n}xf32>\n"
    )
    return _kernel(body, m, k, n, target, types)


@dataclass(frozen=True)
class Row:
    m: int
    k: int
    n: int
    target: str
    vector: int
    cube: int
    tile: str


def cycles(text: str, pipeline: str, m: int, k: int, n: int) -> tuple[int, str, bytes]:
    """Total cycles of the lowered kernel on random inputs, the register tile reported and
    the bytes of C."""
    module = parse(text, name="bench.mlir")
    apply_pipeline(module, pipeline)
    tile = re.search(r'pto.matmul_tile = "([^"]*)"', str(module))
    args = [f"rand:{m}x{k}xf32:1", f"rand:{k}x{n}xf32:2", f"zeros:{m}x{n}xf32"]
    result = run(module, *args)
    assert not result.hazards, [h.message for h in result.hazards]
    total = result.cycles
    assert total is not None
    c = result.outputs[-1]
    assert c is not None
    return total, tile.group(1) if tile else "", c.tobytes()


def fits(m: int, k: int, n: int) -> bool:
    rows = -(-m // 16) * 16
    ub = 4 * (m * k + k * n + m * n)
    return ub <= UB_BYTES and 4 * rows * k <= L0_BYTES and 4 * k * n <= L0_BYTES


def measure(m: int, k: int, n: int, target: str) -> Row:
    vec, tile, vec_c = cycles(
        vector_kernel(m, k, n, target), "pto-pipeline{matmul-on-vector=true}", m, k, n
    )
    cube, _, cube_c = cycles(cube_kernel(m, k, n, target), "pto-pipeline", m, k, n)
    assert vec_c == cube_c, f"{target} {m}x{k}x{n}: the two paths give different bytes"
    return Row(m, k, n, target, vec, cube, tile)


def shapes(quick: bool) -> list[tuple[int, int, int]]:
    sizes = (16, 64) if quick else (16, 64, 128)
    ms = (1, 16) if quick else (1, 16, 64)
    found = [(m, k, n) for m in ms for k in sizes for n in sizes]
    return [s for s in found if fits(*s)]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few shapes only")
    parser.add_argument("--target", choices=TARGETS, action="append")
    args = parser.parse_args()
    targets = args.target or list(TARGETS)
    print(f"{'target':6} {'m':>4} {'k':>4} {'n':>4} {'vector':>9} {'cube':>9} {'v/c':>6}  "
          "faster  vector register tile")  # fmt: skip
    rows: list[Row] = []
    for target in targets:
        for m, k, n in shapes(args.quick):
            row = measure(m, k, n, target)
            rows.append(row)
            faster = "vector" if row.vector < row.cube else "cube"
            print(
                f"{target:6} {m:4d} {k:4d} {n:4d} {row.vector:9d} {row.cube:9d} "
                f"{row.vector / row.cube:6.2f}  {faster:6}  {row.tile}",
                flush=True,
            )
    print("\ncrossover (shapes where the vector path takes fewer cycles):")
    for target in targets:
        wins = [r for r in rows if r.target == target and r.vector < r.cube]
        listed = ", ".join(f"{r.m}x{r.k}x{r.n}" for r in wins) or "none"
        print(f"  {target}: {listed}")


if __name__ == "__main__":
    main()
