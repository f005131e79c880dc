"""examples/stream_add_ssa.mlir built from Python (pto_dialect.builder): c = a + b over
`tiles` tiles of rows x cols f32 in a loop (two tloads, a tadd and a tstore per tile). With
the defaults its module is the MLIR file's, op for op (test/unit/test_builder.py);
benchmarks/bench_kernels.py builds its streaming kernels the same way.

    python examples/stream_add.py            # prints the module
"""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp, f32

from pto_dialect.builder import Kernel, ptr


def build(tiles: int = 16, rows: int = 32, cols: int = 32, target: str = "a2a3") -> ModuleOp:
    k = Kernel("stream", {"a": ptr(f32), "b": ptr(f32), "c": ptr(f32)}, target=target)
    a, b, c = k.args
    c0, c1 = k.index(0, 1)
    n = k.constant(tiles, name="tiles")
    r = k.constant(rows, name="rows")
    w = k.constant(cols, name="cols")
    total = k.constant(tiles * rows, name="total")
    views = [k.tensor_view(p, [total, w], [w, c1], name=f"v{p.ssa.name_hint}") for p in (a, b, c)]
    with k.loop(c0, n, c1, name="i") as loop:
        row = k.arith("mul", loop.iv, r, name="row")
        pa, pb, pc = (
            k.partition(v, [row, c0], [r, w], name=f"p{x}")
            for v, x in zip(views, "abc", strict=True)
        )
        ta = k.tload(pa, name="ta")
        tb = k.tload(pb, name="tb")
        k.tstore(k.tadd(ta, tb, name="tc"), pc)
    return k.finish()


if __name__ == "__main__":
    print(build())
