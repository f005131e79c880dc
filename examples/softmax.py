"""examples/softmax_ssa.mlir built from Python (pto_dialect.builder): the row softmax of a
64x128 f32 tile, m = rowmax(x); e = exp(x - m); y = e / rowsum(e). Its module is the MLIR
file's, op for op (test/unit/test_builder.py compares them).

    python examples/softmax.py            # prints the module
"""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp, f32

from pto_dialect.builder import Kernel, ptr


def build(target: str = "a5") -> ModuleOp:
    k = Kernel("softmax", {"x": ptr(f32), "y": ptr(f32)}, target=target)
    x, y = k.args
    c0, c1, c64, c128 = k.index(0, 1, 64, 128)
    vx = k.tensor_view(x, [c64, c128], [c128, c1], name="vx")
    vy = k.tensor_view(y, [c64, c128], [c128, c1], name="vy")
    px = k.partition(vx, [c0, c0], [c64, c128], name="px")
    py = k.partition(vy, [c0, c0], [c64, c128], name="py")
    tx = k.tload(px, name="tx")
    m = k.trowmax(tx, tx, name="m")  # one value per row: a 64x8 tile, valid 64x1
    mb = k.trowexpand(m, name="mb")  # each row's 32-byte block filled with it
    d = k.trowexpandsub(tx, mb, name="d")
    e = k.texp(d, name="e")
    s = k.trowsum(e, e, name="s")
    sb = k.trowexpand(s, name="sb")
    res = k.trowexpanddiv(e, sb, name="res")
    k.tstore(res, py)
    return k.finish()


if __name__ == "__main__":
    print(build())
