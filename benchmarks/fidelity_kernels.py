"""The kernel of each profiled case: per pto-isa test runner (`runTAdd`, ...; A5 tables
`vf:OP`), the tile op on tiles of the case's shape and element types, as MLIR text with its
arguments and the pipe whose cycles are compared."""

from __future__ import annotations

import re
from collections.abc import Callable

from fidelity_cases import CTYPES, FLOAT, Case

from pto_dialect.attrs import Pipe


def _vec(dtype: str, rows: int, cols: int, vrows: int, vcols: int) -> str:
    return (f"!pto.tile_buf<loc=vec, dtype={dtype}, rows={rows}, cols={cols}, v_row={vrows}, "
            f"v_col={vcols}>")  # fmt: skip


def _module(body: str, params: str = "") -> str:
    return (f'builtin.module attributes {{pto.target_arch = "a2a3"}} {{\n'
            f"  func.func @k({params}) {{\n{body}    func.return\n  }}\n}}\n")  # fmt: skip


def elementwise(op: str, arity: int, shape: Callable[[tuple[str, ...]], tuple[int, ...]],
                scalar: bool = False, dynamic: bool = True,
                ) -> Callable[[Case], tuple[str, list[str], Pipe]]:  # fmt: skip
    """A kernel of one elementwise tile op (`arity` tile sources, optionally a scalar) on
    tiles whose valid shape is `?` (`dynamic`, as pto-isa's a2a3 cases declare them:
    `Tile<..., -1, -1>`) or static."""

    def build(case: Case) -> tuple[str, list[str], Pipe]:
        dtype = CTYPES[case.args[0]]
        rows, cols, vrows, vcols = shape(case.args)
        if dynamic:  # Tile<..., -1, -1> set to the valid shape at run time
            tile = (f"!pto.tile_buf<loc=vec, dtype={dtype}, rows={rows}, cols={cols}, "
                    f"v_row=?, v_col=?>")  # fmt: skip
            body = (f"    %r = arith.constant {vrows} : index\n"
                    f"    %c = arith.constant {vcols} : index\n")  # fmt: skip
            alloc = "pto.alloc_tile valid_row = %r valid_col = %c"
        else:
            tile, body, alloc = _vec(dtype, rows, cols, vrows, vcols), "", "pto.alloc_tile"
        body += "".join(f"    %t{i} = {alloc} : {tile}\n" for i in range(arity + 1))
        ins = ", ".join(f"%t{i}" for i in range(arity))
        types = ", ".join([tile] * arity)
        params = ""
        if scalar:
            params = f"%s: {dtype}"
            ins, types = f"{ins}, %s", f"{types}, {dtype}"
        body += f"    pto.{op} ins({ins} : {types}) outs(%t{arity} : {tile})\n"
        return _module(body, params), ["1:" + dtype] if scalar else [], Pipe.V

    return build


def _scalar_first(op: str) -> Callable[[Case], tuple[str, list[str], Pipe]]:
    """The scalar-tile form (`scalar op tile`) of a tile-scalar op."""
    build = elementwise(op, 1, _valid, scalar=True)

    def swapped(case: Case) -> tuple[str, list[str], Pipe]:
        text, args, pipe = build(case)
        text = re.sub(r"ins\((%t0), %s : ([^,]+), (\w+)\)", r"ins(%s, \1 : \3, \2)", text)
        return text, args, pipe

    return swapped


def tsel(case: Case) -> tuple[str, list[str], Pipe]:
    """<T, rows, cols>: dst, src0, src1 rows x cols, a ui8 mask of rows x 32-byte rows."""
    dtype, rows, cols = CTYPES[case.args[0]], int(case.args[1]), int(case.args[2])
    mask_cols = -(-(cols // 8) // 32) * 32

    def dyn(t: str, r: int, c: int) -> str:
        return f"!pto.tile_buf<loc=vec, dtype={t}, rows={r}, cols={c}, v_row=?, v_col=?>"

    tile, mask = dyn(dtype, rows, cols), dyn("ui8", rows, mask_cols)
    sel = f"    pto.tsel ins(%m, %t0, %t1 : {mask}, {tile}, {tile}) outs(%t2 : {tile})\n"
    body = (f"    %r = arith.constant {rows} : index\n    %c = arith.constant {cols} : index\n"
            f"    %mc = arith.constant {mask_cols} : index\n"
            f"    %m = pto.alloc_tile valid_row = %r valid_col = %mc : {mask}\n"
            + "".join(f"    %t{i} = pto.alloc_tile valid_row = %r valid_col = %c : {tile}\n"
                      for i in range(3)) + sel)  # fmt: skip
    return _module(body), [], Pipe.V


def tsort32(case: Case) -> tuple[str, list[str], Pipe]:
    """<T, index type, rows, cols>: (value, index) pairs of 8 bytes a pair into dst."""
    dtype, idx = CTYPES[case.args[0]], CTYPES[case.args[1]]
    rows, cols = int(case.args[2]), int(case.args[3])
    pairs = cols * 8 // {"f32": 4, "f16": 2}[dtype]
    src, index = _vec(dtype, rows, cols, rows, cols), _vec(idx, rows, cols, rows, cols)
    dst = _vec(dtype, rows, pairs, rows, pairs)
    body = (f"    %s = pto.alloc_tile : {src}\n    %i = pto.alloc_tile : {index}\n"
            f"    %d = pto.alloc_tile : {dst}\n"
            f"    pto.tsort32 ins(%s, %i : {src}, {index}) outs(%d : {dst})\n")  # fmt: skip
    return _module(body), [], Pipe.V


_LAYOUT = {"RowMajor": "row_major", "ColMajor": "col_major", "NoneBox": "none_box"}


def tmov(case: Case) -> tuple[str, list[str], Pipe]:
    """<T, rows, cols, valid rows, valid cols, src loc, blayout, slayout, dst loc, ...>:
    a vec -> vec move between layouts (dst's valid region `?`)."""
    dtype, rows, cols, vr, vc = CTYPES[case.args[0]], *(int(a) for a in case.args[1:5])
    layouts = [(case.args[6], case.args[7]), (case.args[9], case.args[10])]

    def tile(layout: tuple[str, str], valid: str) -> str:
        blayout, slayout = (_LAYOUT.get(x, x.lower()) for x in layout)
        return (f"!pto.tile_buf<loc=vec, dtype={dtype}, rows={rows}, cols={cols}, {valid}, "
                f"blayout={blayout}, slayout={slayout}>")  # fmt: skip

    src, dst = tile(layouts[0], f"v_row={vr}, v_col={vc}"), tile(layouts[1], "v_row=?, v_col=?")
    body = (f"    %r = arith.constant {vr} : index\n    %c = arith.constant {vc} : index\n"
            f"    %s = pto.alloc_tile : {src}\n"
            f"    %d = pto.alloc_tile valid_row = %r valid_col = %c : {dst}\n"
            f"    pto.tmov ins(%s : {src}) outs(%d : {dst})\n")  # fmt: skip
    return _module(body), [], Pipe.V


def col_reduce(
    op: str, binary_at: int | None = None
) -> Callable[[Case], tuple[str, list[str], Pipe]]:
    def build(case: Case) -> tuple[str, list[str], Pipe]:
        dtype = CTYPES[case.args[0]]
        rows, cols = int(case.args[1]), int(case.args[2])
        src, dst = _vec(dtype, rows, cols, rows, cols), _vec(dtype, 1, cols, 1, cols)
        body = f"    %s = pto.alloc_tile : {src}\n    %d = pto.alloc_tile : {dst}\n"
        if binary_at is not None and case.args[binary_at] == "true":
            tmp = _vec(dtype, max(rows // 2, 1), cols, max(rows // 2, 1), cols)
            body += (f"    %t = pto.alloc_tile : {tmp}\n    pto.{op} ins(%s, %t "
                     f"{{isBinary = true}} : {src}, {tmp}) outs(%d : {dst})\n")  # fmt: skip
        else:
            body += f"    pto.{op} ins(%s : {src}) outs(%d : {dst})\n"
        return _module(body), [], Pipe.V

    return build


def tile_op(op: str, tiles: Callable[[tuple[str, ...]], list[str]], sources: int,
            ) -> Callable[[Case], tuple[str, list[str], Pipe]]:  # fmt: skip
    """A kernel of one vector tile op on the tiles `tiles(args)` gives (types, the last one
    the destination; the first `sources` ones its ins)."""

    def build(case: Case) -> tuple[str, list[str], Pipe]:
        types = tiles(case.args)
        body = "".join(f"    %t{i} = pto.alloc_tile : {t}\n" for i, t in enumerate(types))
        ins = ", ".join(f"%t{i}" for i in range(sources))
        body += (f"    pto.{op} ins({ins} : {', '.join(types[:sources])}) "
                 f"outs(%t{len(types) - 1} : {types[-1]})\n")  # fmt: skip
        return _module(body), [], Pipe.V

    return build


def _row_reduce(args: tuple[str, ...]) -> list[str]:  # <T, rows, cols>: src, tmp, dst
    dtype, rows, cols = CTYPES[args[0]], int(args[1]), int(args[2])
    full = _vec(dtype, rows, cols, rows, cols)
    return [full, full, _vec(dtype, rows, cols, rows, 1)]


def _row_expand(args: tuple[str, ...]) -> list[str]:  # <T, rows, cols>: src column, dst
    dtype, rows, cols = CTYPES[args[0]], int(args[1]), int(args[2])
    return [_vec(dtype, rows, cols, rows, 1), _vec(dtype, rows, cols, rows, cols)]


def _convert(args: tuple[str, ...]) -> list[str]:  # <DstT, SrcT, rows, cols>
    rows, cols = int(args[2]), int(args[3])
    return [_vec(CTYPES[args[1]], rows, cols, rows, cols),
            _vec(CTYPES[args[0]], rows, cols, rows, cols)]  # fmt: skip


def _up(x: int, to: int) -> int:
    return -(-x // to) * to


def matmul(case: Case) -> tuple[str, list[str], Pipe]:
    out, a, b = (CTYPES[t] for t in case.args[:3])
    m, k, n = (int(x) for x in case.args[3:6])
    reps = int(case.args[6]) if case.runner.endswith("SplitK") else 1
    k0 = 32 // {"f32": 4, "f16": 2}.get(a, 1)  # the boxes: 16 rows, 32 bytes of K
    left = (f"!pto.tile_buf<loc=left, dtype={a}, rows={_up(m, 16)}, cols={_up(k, k0)}, "
            f"v_row={m}, v_col={k}, blayout=col_major, slayout=row_major>")  # fmt: skip
    right = (f"!pto.tile_buf<loc=right, dtype={b}, rows={_up(k, k0)}, cols={_up(n, 16)}, "
             f"v_row={k}, v_col={n}, blayout=row_major, slayout=col_major>")  # fmt: skip
    acc = (
        f"!pto.tile_buf<loc=acc, dtype={out}, rows={_up(m, 16)}, cols={_up(n, 16)}, "
        f"v_row={m}, v_col={n}, blayout=col_major, slayout=row_major, fractal=1024>"
    )
    body = (f"    %a = pto.alloc_tile : {left}\n    %b = pto.alloc_tile : {right}\n"
            f"    %c = pto.alloc_tile : {acc}\n"
            f"    pto.tmatmul ins(%a, %b : {left}, {right}) outs(%c : {acc})\n")  # fmt: skip
    for _ in range(reps - 1):
        body += f"    pto.tmatmul.acc ins(%c, %a, %b : {acc}, {left}, {right}) outs(%c : {acc})\n"
    return _module(body), [], Pipe.M


def tload_nd(case: Case) -> tuple[str, list[str], Pipe]:
    """<T, shape0..4, tile rows, tile cols, dyn, pad, g0, g1, g2, valid cols>: a row-major
    tile of tile rows / (shape0 shape1 shape2) rows a GM matrix, from the 5-D view
    shape0 x shape1 x shape2 x rows x shape4 (pto-isa's TLOAD: one copy per leading index)."""
    dtype = CTYPES[case.args[0]]
    outer = [int(x) for x in case.args[1:4]]
    trows, tcols = int(case.args[6]), int(case.args[7])
    cols = int(case.args[13])
    sub = trows // (outer[0] * outer[1] * outer[2])
    shape = [*outer, sub, int(case.args[5])]
    return _tload(dtype, shape, trows, tcols, trows, cols, "row_major")


def tload_dn(case: Case) -> tuple[str, list[str], Pipe]:
    """<T, shape0..4, tile rows, tile cols, dyn, pad, g0, g1, g2, valid rows, valid cols>:
    a col-major tile of tile cols / (shape0 shape1 shape2) columns a GM matrix (DN view)."""
    dtype = CTYPES[case.args[0]]
    outer = [int(x) for x in case.args[1:4]]
    trows, tcols = int(case.args[6]), int(case.args[7])
    vrows, vcols = int(case.args[13]), int(case.args[14])
    sub = tcols // (outer[0] * outer[1] * outer[2])
    shape = [*outer, int(case.args[4]), sub]
    return _tload(dtype, shape, trows, tcols, vrows, vcols, "col_major")


def _tload(dtype: str, shape: list[int], trows: int, tcols: int, rows: int, cols: int,
           blayout: str) -> tuple[str, list[str], Pipe]:  # fmt: skip
    tile = (f"!pto.tile_buf<loc=vec, dtype={dtype}, rows={trows}, cols={tcols}, v_row={rows}, "
            f"v_col={cols}, blayout={blayout}>")  # fmt: skip
    dims = "x".join(str(d) for d in shape)
    view = f"!pto.partition_tensor_view<{dims}x{dtype}>"
    strides = [1] * 5
    if blayout == "row_major":
        for k in range(3, -1, -1):
            strides[k] = strides[k + 1] * shape[k + 1]
    else:  # DN: dim 3 (rows) contiguous, dim 4 (columns) a row apart
        strides[4], strides[2] = shape[3], shape[3] * shape[4]
        strides[1], strides[0] = strides[2] * shape[2], strides[2] * shape[2] * shape[1]
    consts = sorted({0, *shape, *strides})
    body = "".join(f"    %c{n} = arith.constant {n} : index\n" for n in consts)
    sizes = ", ".join(f"%c{d}" for d in shape)
    tv = f"!pto.tensor_view<{'x'.join('?' * 5)}x{dtype}>"
    body += (
        f"    %v = pto.make_tensor_view %g, shape = [{sizes}], strides = "
        f"[{', '.join(f'%c{d}' for d in strides)}] : {tv}\n"
        f"    %p = pto.partition_view %v, offsets = [{', '.join(['%c0'] * 5)}], sizes = [{sizes}]"
        f" : {tv} -> {view}\n"
        f"    %t = pto.alloc_tile : {tile}\n"
        f"    pto.tload ins(%p : {view}) outs(%t : {tile})\n"
    )
    total = 1
    for d in shape:
        total *= d
    return _module(body, f"%g: !pto.ptr<{dtype}>"), [f"zeros:{total}x{dtype}"], Pipe.MTE2


def tload_conv(case: Case) -> tuple[str, list[str], Pipe]:
    """A TLOAD into a mat tile (GM -> L1, MTE2) of a conv tile's bytes: the same bytes as a
    2-D tload of rows of C0 = 32 bytes (this project has no NC1HWC0 / fractal-Z conv tiles;
    the transfer's cost depends only on its bytes). `runTloadConv<T, N, C1, H, W, ...>`,
    `runTloadConvFractalZ5D<T, C1, H, W, N, ...>`."""
    dtype = CTYPES[case.args[0]]
    c0 = 32 // SIZES[dtype]
    n, c1, h, w = (int(x) for x in case.args[1:5])
    rows = n * c1 * h * w
    tile = f"!pto.tile_buf<loc=mat, dtype={dtype}, rows={rows}, cols={c0}>"
    view = f"!pto.partition_tensor_view<{rows}x{c0}x{dtype}>"
    body = (
        f"    %c0 = arith.constant 0 : index\n    %c1 = arith.constant 1 : index\n"
        f"    %r = arith.constant {rows} : index\n    %n = arith.constant {c0} : index\n"
        f"    %v = pto.make_tensor_view %g, shape = [%r, %n], strides = [%n, %c1] : "
        f"!pto.tensor_view<?x?x{dtype}>\n"
        f"    %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%r, %n] : "
        f"!pto.tensor_view<?x?x{dtype}> -> {view}\n"
        f"    %t = pto.alloc_tile : {tile}\n"
        f"    pto.tload ins(%p : {view}) outs(%t : {tile})\n"
    )
    return _module(body, f"%g: !pto.ptr<{dtype}>"), [f"zeros:{rows}x{c0}x{dtype}"], Pipe.MTE2


SIZES = {"f32": 4, "f16": 2, "i32": 4, "i16": 2, "ui8": 1, "i8": 1, "ui32": 4, "ui16": 2}


def _full(args: tuple[str, ...]) -> tuple[int, ...]:  # <T, rows, cols, ...>
    rows, cols = int(args[1]), int(args[2])
    return rows, cols, rows, cols


def _valid(args: tuple[str, ...]) -> tuple[int, ...]:  # <T, rows, vrows, cols, vcols, ...>
    return int(args[1]), int(args[3]), int(args[2]), int(args[4])


KERNELS: dict[str, Callable[[Case], tuple[str, list[str], Pipe]]] = {
    "runTAdd": elementwise("tadd", 2, _full),
    "runTSub": elementwise("tsub", 2, _full),
    "runTMul": elementwise("tmul", 2, _full),
    "runTDiv": elementwise("tdiv", 2, _valid),
    "runTAbs": elementwise("tabs", 1, _full),
    "runTMax": elementwise("tmax", 2, _valid),
    "runTMin": elementwise("tmin", 2, _valid),
    "runTExp": elementwise("texp", 1, _full),
    "runTSqrt": elementwise("tsqrt", 1, _full),
    "runTAddS": elementwise("tadds", 1, _valid, scalar=True),
    "runTMulS": elementwise("tmuls", 1, _valid, scalar=True),
    "runTDivS_TileScalar": elementwise("tdivs", 1, _valid, scalar=True),
    "runTMins": elementwise("tmins", 1, _full, scalar=True),
    "runTColMax": col_reduce("tcolmax"),
    "runTColMin": col_reduce("tcolmin"),
    "runTColSum": col_reduce("tcolsum", binary_at=3),
    "runTRsqrt": elementwise("trsqrt", 1, _valid),
    "runTRowMax": tile_op("trowmax", _row_reduce, 2),
    "runTRowMin": tile_op("trowmin", _row_reduce, 2),
    "runTRowSum": tile_op("trowsum", _row_reduce, 2),
    "runTRowExpand": tile_op("trowexpand", _row_expand, 1),
    "runTCvt": tile_op("tcvt", _convert, 1),
    "runTMatmul": matmul,
    "runTMatmulSplitK": matmul,
    "runTLoadND": tload_nd,
    "runTloadConv": tload_conv,
    "runTloadConvFractalZ5D": tload_conv,
    "runTLoadDN": tload_dn,
    "runTDivS_ScalarTile": _scalar_first("tdivs"),
    "runTSel": tsel,
    "runTSort32": tsort32,
    "runTMov": tmov,
}
"""How each pto-isa test runner's template arguments map to a kernel of this project."""


def _a5_shape(args: tuple[str, ...]) -> tuple[int, ...]:
    """<T, rows, cols, figure, ...> or <T, rows, cols, valid rows, valid cols, figure, ...>."""
    rows, cols = int(args[1]), int(args[2])
    if FLOAT.fullmatch(args[3]):
        return rows, cols, rows, cols
    return rows, cols, int(args[3]), int(args[4])


def a5_tcvt(case: Case) -> tuple[str, list[str], Pipe]:
    """(src, dst, rows, cols, valid rows, valid cols, ...): one tcvt between static tiles of
    the case's shape; a packed FP4 tile counts its columns in bytes (two values a byte)."""
    src, dst = case.args[0], case.args[1]
    rows, cols, vrows, vcols = (int(x) for x in case.args[2:6])

    def tile(dtype: str) -> str:
        per = 2 if "f4E" in dtype else 1
        return _vec(dtype, rows, cols // per, vrows, vcols // per)

    body = (f"    %s = pto.alloc_tile : {tile(src)}\n    %d = pto.alloc_tile : {tile(dst)}\n"
            f"    pto.tcvt ins(%s : {tile(src)}) outs(%d : {tile(dst)})\n")  # fmt: skip
    return _module(body), [], Pipe.V


def a5_tsel(case: Case) -> tuple[str, list[str], Pipe]:
    """<T, rows, cols, valid rows, valid cols, ...>: dst, src0, src1 of the case's shape and a
    ui8 mask of one bit an element, its rows 32-byte aligned."""
    dtype = CTYPES[case.args[0]]
    rows, cols, vrows, vcols = _a5_shape(case.args)
    mask_cols = -(-(cols // 8) // 32) * 32
    tile = _vec(dtype, rows, cols, vrows, vcols)
    mask = _vec("ui8", rows, mask_cols, vrows, mask_cols)
    sel = f"    pto.tsel ins(%m, %t0, %t1 : {mask}, {tile}, {tile}) outs(%t2 : {tile})\n"
    tiles = "".join(f"    %t{i} = pto.alloc_tile : {tile}\n" for i in range(3))
    body = f"    %m = pto.alloc_tile : {mask}\n{tiles}{sel}"
    return _module(body), [], Pipe.V


A5_KERNELS: dict[str, Callable[[Case], tuple[str, list[str], Pipe]]] = {
    "runTAdd": elementwise("tadd", 2, _a5_shape, dynamic=False),
    "runTSub": elementwise("tsub", 2, _a5_shape, dynamic=False),
    "runTMul": elementwise("tmul", 2, _a5_shape, dynamic=False),
    "runTNeg": elementwise("tneg", 1, _a5_shape, dynamic=False),
    **{
        f"vf:{op.upper()}": elementwise(op, 1, _a5_shape, dynamic=False)
        for op in ("tneg", "texp", "tsqrt", "trsqrt", "trecip")
    },
    **{
        f"vf:{op.upper()}": elementwise(op, 1, _a5_shape, scalar=True, dynamic=False)
        for op in ("tmins", "tdivs")
    },
    "vf:TCVT": a5_tcvt,
    "vf:TSEL": a5_tsel,
}
"""The A5 fit cases (st_a5_fit): the same tile ops on the a5 target."""

TABLES = {"a2a3": KERNELS, "a5": A5_KERNELS}
