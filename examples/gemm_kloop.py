"""examples/gemm_kloop_ssa.mlir built from Python (pto_dialect.builder): C = A . B on the
cube with K in a loop, the f32 accumulator carried through `tmatmul.acc`. Its module is
the MLIR file's, op for op (test/unit/test_builder.py compares them).

    python examples/gemm_kloop.py            # prints the module
"""

from __future__ import annotations

from typing import Any

from xdsl.dialects.builtin import ModuleOp, f16, f32

from pto_dialect.attrs import BLayout, Location, SLayout
from pto_dialect.builder import Kernel, Value, ptr, tile

M, K, N, BLOCK = 32, 128, 32, 32
COL, ROW = BLayout.COL_MAJOR, BLayout.ROW_MAJOR
MAT_A = tile(f16, M, BLOCK, loc=Location.MAT, blayout=COL, slayout=SLayout.ROW_MAJOR)
MAT_B = tile(f16, BLOCK, N, loc=Location.MAT, blayout=ROW, slayout=SLayout.COL_MAJOR)
LEFT = tile(f16, M, BLOCK, loc=Location.LEFT, blayout=COL, slayout=SLayout.ROW_MAJOR)
RIGHT = tile(f16, BLOCK, N, loc=Location.RIGHT, blayout=ROW, slayout=SLayout.COL_MAJOR)
ACC = tile(f32, M, N, loc=Location.ACC, blayout=COL, slayout=SLayout.ROW_MAJOR, fractal=1024)


def build(target: str = "a5") -> ModuleOp:
    k = Kernel("gemm", {"a": ptr(f16), "b": ptr(f16), "c": ptr(f32)}, target=target)
    a, b, c = k.args
    c0, c1, c4, c32, c128 = k.index(0, 1, K // BLOCK, BLOCK, K)
    va = k.tensor_view(a, [c32, c128], [c128, c1], name="va")
    vb = k.tensor_view(b, [c128, c32], [c32, c1], name="vb")
    vc = k.tensor_view(c, [c32, c32], [c32, c1], name="vc")

    def block_product(off: Value, suffix: str) -> tuple[Any, Any]:
        """The k block at `off`: A's columns and B's rows, moved into L0A and L0B."""
        pa = k.partition(va, [c0, off], [c32, c32], name=f"pa{suffix}")
        pb = k.partition(vb, [off, c0], [c32, c32], name=f"pb{suffix}")
        ma = k.tload(pa, result=MAT_A, name=f"ma{suffix}")
        mb = k.tload(pb, result=MAT_B, name=f"mb{suffix}")
        return k.tmov(ma, result=LEFT, name=f"l{suffix}"), k.tmov(
            mb, result=RIGHT, name=f"r{suffix}"
        )

    l0, r0 = block_product(c0, "0")
    first = k.tmatmul(l0, r0, result=ACC, name="first")
    with k.loop(c1, c4, c1, carry=[first], name="k", carry_names=["part"]) as loop:
        off = k.arith("mul", loop.iv, c32, name="off")
        left, right = block_product(off, "")
        loop.yield_(k.tmatmul_acc(loop.carried[0], left, right, result=ACC, name="next"))
    (total,) = loop.results
    total.ssa.name_hint = "sum"
    pc = k.partition(vc, [c0, c0], [c32, c32], name="pc")
    k.tstore(total, pc)
    return k.finish()


if __name__ == "__main__":
    print(build())
