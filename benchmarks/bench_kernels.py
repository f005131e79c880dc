"""Level-1 kernels the benchmarks build, with the Python kernel builder (pto_dialect.builder)."""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp, f32

from pto_dialect.builder import Kernel, Value, ptr


def streaming_kernel(
    tiles: int = 16, rows: int = 32, cols: int = 32, target: str = "a2a3"
) -> ModuleOp:
    """`c[i] = a[i] + b[i]` over `tiles` tiles of rows x cols f32: a loop of two tloads, a tadd
    and a tstore on SSA tiles (Level 1; examples/stream_add.py)."""
    k = Kernel("stream", {"a": ptr(f32), "b": ptr(f32), "c": ptr(f32)}, target=target)
    c0, c1 = k.index(0, 1)
    n, r, w = k.index(tiles, rows, cols)
    total = k.constant(tiles * rows)
    views = [k.tensor_view(p, [total, w], [w, c1]) for p in k.args]
    with k.loop(c0, n, c1) as loop:
        row = loop.iv * r
        pa, pb, pc = (k.partition(v, [row, c0], [r, w]) for v in views)
        k.tstore(k.tload(pa) + k.tload(pb), pc)
    return k.finish()


def streaming_softmax_kernel(
    tiles: int = 64, rows: int = 64, cols: int = 128, target: str = "a2a3"
) -> ModuleOp:
    """Row softmax of `tiles` tiles of rows x cols f32 (examples/softmax.py in a loop): per
    tile a tload, trowmax, trowexpand + trowexpandsub, texp, trowsum, trowexpand +
    trowexpanddiv and a tstore, on SSA tiles (Level 1); arguments x, y."""
    k = Kernel("softmax", {"x": ptr(f32), "y": ptr(f32)}, target=target)
    c0, c1 = k.index(0, 1)
    n, r, w = k.index(tiles, rows, cols)
    total = k.constant(tiles * rows)
    vx, vy = (k.tensor_view(p, [total, w], [w, c1]) for p in k.args)
    with k.loop(c0, n, c1) as loop:
        row = loop.iv * r
        px, py = (k.partition(v, [row, c0], [r, w]) for v in (vx, vy))
        tx = k.tload(px)
        d = k.trowexpandsub(tx, k.trowexpand(k.trowmax(tx, tx)))
        e = k.texp(d)
        k.tstore(k.trowexpanddiv(e, k.trowexpand(k.trowsum(e, e))), py)
    return k.finish()


def chain_kernel(ops: int, target: str = "a5") -> ModuleOp:
    """A straight-line Level-1 kernel of about `ops` tile ops: blocks of tload, tload, tadd,
    tabs, tmul, tstore over rows of two 8x8-tile inputs, with a loop over two tiles every
    fourth block, so that every pass meets loops too."""
    k = Kernel("chain", {"a": ptr(f32), "b": ptr(f32), "c": ptr(f32)}, target=target)
    consts = k.index(*range(65))
    c0, c1, c2, c8 = consts[0], consts[1], consts[2], consts[8]
    total = k.constant(520)
    views = [k.tensor_view(p, [total, c8], [c8, c1]) for p in k.args]

    def block(row: Value) -> None:
        pa, pb, pc = (k.partition(v, [row, c0], [c8, c8]) for v in views)
        x, y = k.tload(pa), k.tload(pb)
        k.tstore(abs(x + y) * y, pc)

    for b in range(max(1, ops // 6)):
        if b % 4 == 3:
            with k.loop(c0, c2, c1) as loop:
                block((loop.iv + consts[b % 64]) * c8)
        else:
            block(consts[b % 64] * c8)
    return k.finish()
