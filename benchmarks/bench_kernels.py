"""Level-1 kernels the pass benchmarks build (text, parsed by the caller)."""

from __future__ import annotations


def streaming_kernel(tiles: int = 16, rows: int = 32, cols: int = 32, target: str = "a2a3") -> str:
    """`c[i] = a[i] + b[i]` over `tiles` tiles of rows x cols f32: a loop of two tloads, a tadd
    and a tstore on SSA tiles (Level 1)."""
    tile = f"!pto.tile<loc=vec, dtype=f32, rows={rows}, cols={cols}>"
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
    return f"""builtin.module attributes {{pto.target_arch = "{target}"}} {{
  func.func @stream(%a: !pto.ptr<f32>, %b: !pto.ptr<f32>, %c: !pto.ptr<f32>) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tiles = arith.constant {tiles} : index
    %rows = arith.constant {rows} : index
    %cols = arith.constant {cols} : index
    %total = arith.constant {tiles * rows} : index
{views}    scf.for %i = %c0 to %tiles step %c1 {{
      %row = arith.muli %i, %rows : index
{parts}      %ta = pto.tload %pa : {view} -> {tile}
      %tb = pto.tload %pb : {view} -> {tile}
      %tc = pto.tadd %ta, %tb : ({tile}, {tile}) -> {tile}
      pto.tstore %tc, %pc : {tile}, {view}
    }}
    func.return
  }}
}}
"""


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
) -> str:
    """Row softmax of `tiles` tiles of rows x cols f32 (examples/softmax_ssa.mlir in a loop):
    per tile a tload, trowmax, trowexpand + trowexpandsub, texp, trowsum, trowexpand +
    trowexpanddiv and a tstore, on SSA tiles (Level 1); arguments x, y."""
    tile = f"!pto.tile<loc=vec, dtype=f32, rows={rows}, cols={cols}>"
    row = f"!pto.tile<loc=vec, dtype=f32, rows={rows}, cols=8, v_row={rows}, v_col=1>"
    blk = f"!pto.tile<loc=vec, dtype=f32, rows={rows}, cols=8>"
    view = f"!pto.partition_tensor_view<{rows}x{cols}xf32>"
    tv = "!pto.tensor_view<?x?xf32>"
    return f"""builtin.module attributes {{pto.target_arch = "{target}"}} {{
  func.func @softmax(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tiles = arith.constant {tiles} : index
    %rows = arith.constant {rows} : index
    %cols = arith.constant {cols} : index
    %total = arith.constant {tiles * rows} : index
    %vx = pto.make_tensor_view %x, shape = [%total, %cols], strides = [%cols, %c1] : {tv}
    %vy = pto.make_tensor_view %y, shape = [%total, %cols], strides = [%cols, %c1] : {tv}
    scf.for %i = %c0 to %tiles step %c1 {{
      %r = arith.muli %i, %rows : index
      %px = pto.partition_view %vx, offsets = [%r, %c0], sizes = [%rows, %cols] : {tv} -> {view}
      %py = pto.partition_view %vy, offsets = [%r, %c0], sizes = [%rows, %cols] : {tv} -> {view}
      %tx = pto.tload %px : {view} -> {tile}
      %m = pto.trowmax %tx, %tx : ({tile}, {tile}) -> {row}
      %mb = pto.trowexpand %m : {row} -> {blk}
      %d = pto.trowexpandsub %tx, %mb : ({tile}, {blk}) -> {tile}
      %e = pto.texp %d : {tile} -> {tile}
      %s = pto.trowsum %e, %e : ({tile}, {tile}) -> {row}
      %sb = pto.trowexpand %s : {row} -> {blk}
      %res = pto.trowexpanddiv %e, %sb : ({tile}, {blk}) -> {tile}
      pto.tstore %res, %py : {tile}, {view}
    }}
    func.return
  }}
}}
"""


def chain_kernel(ops: int, target: str = "a5") -> str:
    """A straight-line Level-1 kernel of about `ops` tile ops: blocks of
    tload, tload, tadd, tabs, tmul, tstore over rows of two 8x8-tile inputs, with a loop
    over two tiles every fourth block, so that every pass meets loops too."""
    tile = "!pto.tile<loc=vec, dtype=f32, rows=8, cols=8>"
    view = "!pto.partition_tensor_view<8x8xf32>"
    blocks = max(1, ops // 6)
    lines: list[str] = []
    for k in range(blocks):
        looped = k % 4 == 3
        indent = "      " if looped else "    "
        row = f"%r{k}"
        if looped:
            lines.append(f"    scf.for %i{k} = %c0 to %c2 step %c1 {{")
            lines.append(f"      %o{k} = arith.addi %i{k}, %c{k % 64} : index")
            lines.append(f"      {row} = arith.muli %o{k}, %c8 : index")
        else:
            lines.append(f"    {row} = arith.muli %c{k % 64}, %c8 : index")
        for x in "abc":
            lines.append(
                f"{indent}%p{x}{k} = pto.partition_view %v{x}, offsets = [{row}, %c0], "
                f"sizes = [%c8, %c8] : !pto.tensor_view<?x?xf32> -> {view}"
            )
        lines += [
            f"{indent}%x{k} = pto.tload %pa{k} : {view} -> {tile}",
            f"{indent}%y{k} = pto.tload %pb{k} : {view} -> {tile}",
            f"{indent}%s{k} = pto.tadd %x{k}, %y{k} : ({tile}, {tile}) -> {tile}",
            f"{indent}%t{k} = pto.tabs %s{k} : {tile} -> {tile}",
            f"{indent}%u{k} = pto.tmul %t{k}, %y{k} : ({tile}, {tile}) -> {tile}",
            f"{indent}pto.tstore %u{k}, %pc{k} : {tile}, {view}",
        ]
        if looped:
            lines.append("    }")
    consts = "".join(f"    %c{i} = arith.constant {i} : index\n" for i in range(65))
    views = "".join(
        f"    %v{x} = pto.make_tensor_view %{x}, shape = [%rows, %c8], strides = [%c8, %c1]"
        " : !pto.tensor_view<?x?xf32>\n"
        for x in "abc"
    )
    body = "\n".join(lines)
    return f"""builtin.module attributes {{pto.target_arch = "{target}"}} {{
  func.func @chain(%a: !pto.ptr<f32>, %b: !pto.ptr<f32>, %c: !pto.ptr<f32>) {{
{consts}    %rows = arith.constant 520 : index
{views}{body}
    func.return
  }}
}}
"""
