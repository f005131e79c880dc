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


def streaming_kernel_dps(
    tiles: int = 16, rows: int = 32, cols: int = 32, target: str = "a2a3"
) -> str:
    """`streaming_kernel` as users write it in DPS form (PTOAS's auto mode, the model kernels
    of its test/samples): three `pto.alloc_tile`s without addresses before the loop, DPS
    tload, tadd, tstore in it, no synchronisation."""
    buf = f"!pto.tile_buf<loc=vec, dtype=f32, rows={rows}, cols={cols}>"
    view = f"!pto.partition_tensor_view<{rows}x{cols}xf32>"
    views = "".join(
        f"    %v{x} = pto.make_tensor_view %{x}, shape = [%total, %cols], strides = [%cols, %c1]"
        " : !pto.tensor_view<?x?xf32>\n"
        for x in "abc"
    )
    parts = "".join(
        f"      %p{x} = pto.partition_view %v{x}, offsets = [%row, %c0], sizes = [%rows, %cols]"
        f" : !pto.tensor_view<?x?xf32> -> {view}\n"
        for x in "abc"
    )
    allocs = "".join(f"    %t{x} = pto.alloc_tile : {buf}\n" for x in "abc")
    return f"""builtin.module attributes {{pto.target_arch = "{target}"}} {{
  func.func @stream(%a: !pto.ptr<f32>, %b: !pto.ptr<f32>, %c: !pto.ptr<f32>) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tiles = arith.constant {tiles} : index
    %rows = arith.constant {rows} : index
    %cols = arith.constant {cols} : index
    %total = arith.constant {tiles * rows} : index
{views}{allocs}    scf.for %i = %c0 to %tiles step %c1 {{
      %row = arith.muli %i, %rows : index
{parts}      pto.tload ins(%pa : {view}) outs(%ta : {buf})
      pto.tload ins(%pb : {view}) outs(%tb : {buf})
      pto.tadd ins(%ta, %tb : {buf}, {buf}) outs(%tc : {buf})
      pto.tstore ins(%tc : {buf}) outs(%pc : {view})
    }}
    func.return
  }}
}}
"""


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
