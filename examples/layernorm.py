"""examples/layernorm_ssa.mlir built from Python (pto_dialect.builder): layer normalisation
over the rows of a 64x128 f32 tile, y = (x - mu) * rsqrt(var + eps) * gamma + beta. Its
module is the MLIR file's, op for op (test/unit/test_builder.py compares them).

    python examples/layernorm.py            # prints the module
"""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp, f32

from pto_dialect.builder import Kernel, ptr

ROWS, COLS = 64, 128


def build(target: str = "a5") -> ModuleOp:
    params = {"x": ptr(f32), "gamma": ptr(f32), "beta": ptr(f32), "y": ptr(f32)}
    k = Kernel("layernorm", params, target=target)
    x, gamma, beta, y = k.args
    c0, c1, c64, c128 = k.index(0, 1, ROWS, COLS)
    inv_c = k.constant(1 / COLS, f32, name="inv_c")
    eps = k.constant(1e-5, f32, name="eps")
    vx = k.tensor_view(x, [c64, c128], [c128, c1], name="vx")
    vg = k.tensor_view(gamma, [c1, c128], [c128, c1], name="vg")
    vb = k.tensor_view(beta, [c1, c128], [c128, c1], name="vb")
    vy = k.tensor_view(y, [c64, c128], [c128, c1], name="vy")
    px = k.partition(vx, [c0, c0], [c64, c128], name="px")
    pg = k.partition(vg, [c0, c0], [c1, c128], name="pg")
    pb = k.partition(vb, [c0, c0], [c1, c128], name="pb")
    py = k.partition(vy, [c0, c0], [c64, c128], name="py")
    tx = k.tload(px, name="tx")
    tg = k.tload(pg, name="tg")
    tb = k.tload(pb, name="tb")
    mu = k.tmuls(k.trowsum(tx, tx, name="sum"), inv_c, name="mu")  # row statistics: 64x8
    xc = k.trowexpandsub(tx, k.trowexpand(mu, name="mub"), name="xc")
    sq = k.tmul(xc, xc, name="sq")
    var = k.tmuls(k.trowsum(sq, sq, name="ssq"), inv_c, name="var")
    rstd = k.trsqrt(k.tadds(var, eps, name="vare"), name="rstd")
    xn = k.trowexpandmul(xc, k.trowexpand(rstd, name="rb"), name="xn")
    res = k.tcolexpandadd(k.tcolexpandmul(xn, tg, name="xg"), tb, name="res")
    k.tstore(res, py)
    return k.finish()


if __name__ == "__main__":
    print(build())
