"""Ops PTOAS kernels use that issue 25 added, run through the Python API on small kernels and
checked against references written element by element: scalar loads and stores, local
arrays, valid shapes set at run time, single tile elements, `ttrans`, `mgather`/`mscatter`,
`compact=2` (row_plus_one) tiles and `tstore` with `atomicType = atomic_add`."""

from __future__ import annotations

import numpy as np
import pytest

from interpreters import api
from interpreters.machine.dma_transfer import combine_atomic
from interpreters.semantics import gm_gather

_VEC = "!pto.tile_buf<loc=vec, dtype={t}, rows={r}, cols={c}, v_row={vr}, v_col={vc}{extra}>"


def vec(t: str, r: int, c: int, vr: object = None, vc: object = None, extra: str = "") -> str:
    return _VEC.format(t=t, r=r, c=c, vr=r if vr is None else vr, vc=c if vc is None else vc,
                       extra=extra)  # fmt: skip


def view(arg: str, t: str, r: int, c: int, name: str) -> str:
    """A 2-D row-major partition view `%{name}` of the GM pointer `%{arg}`."""
    return (
        f"%{name}_tv = pto.make_tensor_view %{arg}, shape = [%c{r}, %c{c}], strides = "
        f"[%c{c}, %c1] : !pto.tensor_view<?x?x{t}>\n"
        f"    %{name} = pto.partition_view %{name}_tv, offsets = [%c0, %c0], sizes = "
        f"[%c{r}, %c{c}] : !pto.tensor_view<?x?x{t}> -> !pto.partition_tensor_view<{r}x{c}x{t}>"
    )


def kernel(params: str, body: str, target: str = "a5") -> api.ModuleOp:
    consts = "\n".join(
        f"    %c{n} = arith.constant {n} : index" for n in (0, 1, 2, 3, 4, 8, 9, 16, 32, 64)
    )
    text = (
        f'module attributes {{pto.target_arch = "{target}"}} {{\n  func.func @k({params}) {{\n'
        f"{consts}\n    {body}\n    return\n  }}\n}}\n"
    )
    return api.parse(text)


def test_load_store_scalar_and_local_arrays() -> None:
    m = kernel(
        "%p: !pto.ptr<i32>, %q: !pto.ptr<f16>",
        """%x = pto.load_scalar %p[%c2] : !pto.ptr<i32> -> i32
    %a = pto.declare_local_array -> !pto.local_array<2x3xi32>
    pto.local_array_set %a[%c1, %c2], %x : !pto.local_array<2x3xi32>, i32
    %y = pto.local_array_get %a[%c1, %c2] : !pto.local_array<2x3xi32> -> i32
    %z = pto.local_array_get %a[%c0, %c0] : !pto.local_array<2x3xi32> -> i32
    %s = arith.addi %y, %z : i32
    pto.store_scalar %s, %p[%c0] : !pto.ptr<i32>, i32
    %h = pto.load_scalar %q[%c1] : !pto.ptr<f16> -> f16
    pto.store_scalar %h, %q[%c3] : !pto.ptr<f16>, f16""",
    )
    p = np.array([5, 6, -7, 8], np.int32)
    q = np.array([1.0, 2.5, 3.0, 4.0], np.float16)
    out = api.run(m, p, q)
    assert out[0].tolist() == [-7, 6, -7, 8]  # an uninitialised local element reads 0
    assert out[1].tolist() == [1.0, 2.5, 3.0, 2.5]


def test_scalar_access_past_the_last_page_is_an_error() -> None:
    """A GM buffer ends on a page (docs/machine.md): element 4 of a 4-element buffer reads the
    page's zeros, element 1024 (byte 4096) is past its only 4096-byte page."""
    body = """%x = pto.load_scalar %p[%c4] : !pto.ptr<i32> -> i32
    pto.store_scalar %x, %p[%c0] : !pto.ptr<i32>, i32"""
    out = api.run(kernel("%p: !pto.ptr<i32>", body), np.full(4, 9, np.int32))
    assert out[0].tolist() == [0, 9, 9, 9]
    far = """%c1024 = arith.constant 1024 : index
    %x = pto.load_scalar %p[%c1024] : !pto.ptr<i32> -> i32"""
    with pytest.raises(api.PtoRunError, match=r"byte 4096\) is outside"):
        api.run(kernel("%p: !pto.ptr<i32>", far), np.zeros(4, np.int32))


def test_scalar_and_pointer_types_must_agree() -> None:
    with pytest.raises(api.PtoVerifyError, match="must equal the pointer's element type i32"):
        kernel("%p: !pto.ptr<i32>", "%x = pto.load_scalar %p[%c0] : !pto.ptr<i32> -> f32")


def test_set_validshape_tsetval_tgetval() -> None:
    """tsetval/tgetval address storage elements; set_validshape changes what tstore writes."""
    t = vec("f32", 4, 8, "?", "?")
    m = kernel(
        "%src: !pto.ptr<f32>, %dst: !pto.ptr<f32>",
        f"""{view("src", "f32", 4, 8, "a")}
    {view("dst", "f32", 2, 4, "b")}
    %t = pto.alloc_tile valid_row = %c4 valid_col = %c8 : {t}
    pto.tload ins(%a : !pto.partition_tensor_view<4x8xf32>) outs(%t : {t})
    %v = pto.tgetval ins(%t, %c9 : {t}, index) outs : f32
    pto.tsetval ins(%c0, %v : index, f32) outs(%t : {t})
    pto.set_validshape %t, %c2, %c4 : {t}
    %r, %c = pto.get_validshape %t : {t}
    pto.tstore ins(%t : {t}) outs(%b : !pto.partition_tensor_view<2x4xf32>)""",
    )
    src = np.arange(32, dtype=np.float32)
    out = api.run(m, src, np.zeros(8, np.float32))[1]
    want: np.ndarray = src.reshape(4, 8)[:2, :4].copy()
    want[0, 0] = src[9]
    assert np.array_equal(out.reshape(2, 4), want)


def test_set_validshape_needs_a_dynamic_valid_shape() -> None:
    t = vec("f32", 4, 8)
    with pytest.raises(api.PtoVerifyError, match="needs a tile with a dynamic valid shape"):
        kernel("", f"%t = pto.alloc_tile : {t}\n    pto.set_validshape %t, %c2, %c4 : {t}")


@pytest.mark.parametrize(("t", "numpy"), [("f32", "float32"), ("i16", "int16")])
def test_ttrans(t: str, numpy: str) -> None:
    src_t = vec(t, 16, 16, 3, 16)
    m = kernel(
        f"%src: !pto.ptr<{t}>, %dst: !pto.ptr<{t}>",
        f"""{view("src", t, 3, 16, "a")}
    {view("dst", t, 16, 16, "b")}
    %s = pto.alloc_tile : {src_t}
    %tmp = pto.alloc_tile : {src_t}
    %d = pto.alloc_tile : {vec(t, 16, 16)}
    pto.tload ins(%a : !pto.partition_tensor_view<3x16x{t}>) outs(%s : {src_t})
    pto.ttrans ins(%s, %tmp : {src_t}, {src_t}) outs(%d : {vec(t, 16, 16)})
    pto.tstore ins(%d : {vec(t, 16, 16)}) outs(%b : !pto.partition_tensor_view<16x16x{t}>)""",
    )
    src = np.arange(48, dtype=np.dtype(numpy))
    out = api.run(m, src, np.full(256, 7, np.dtype(numpy)))[1].reshape(16, 16)
    want = np.zeros((16, 16), np.dtype(numpy))  # the rest of a fresh tile: zeros
    for i in range(3):
        for j in range(16):
            want[j, i] = src[i * 16 + j]
    assert np.array_equal(out, want)


def _gather_reference(
    table: np.ndarray, idx: np.ndarray, rows: int, cols: int, mode: str, oob: str
) -> np.ndarray:
    out = np.zeros((rows, cols), table.dtype)
    flat, n_rows = table.reshape(-1), table.shape[0]
    for r in range(rows):
        for c in range(cols):
            i = int(idx.reshape(-1)[r]) if mode == "row" else int(idx[r, c])
            cap = n_rows if mode == "row" else flat.size
            if oob == "clamp":
                i = min(i, cap - 1)
            elif oob == "wrap":
                i %= cap
            elif i >= cap:  # zero
                continue
            out[r, c] = table[i, c] if mode == "row" else flat[i]
    return out


@pytest.mark.parametrize("mode", ["row", "elem"])
@pytest.mark.parametrize("oob", ["clamp", "wrap", "zero"])
def test_mgather_semantics(mode: str, oob: str) -> None:
    rng = np.random.default_rng(len(mode) + len(oob))
    table = rng.integers(-50, 50, (6, 8)).astype(np.int16)
    idx = rng.integers(0, 70 if mode == "elem" else 9, (4, 8)).astype(np.int32)
    if mode == "row":
        idx = idx[:1, :4]
    got = gm_gather.gather(table, idx, (4, 8), mode, oob)
    assert np.array_equal(got, _gather_reference(table, idx, 4, 8, mode, oob))


@pytest.mark.parametrize(("atomic", "oob"), [("none", "skip"), ("add", "wrap"), ("max", "clamp")])
def test_mscatter_semantics(atomic: str, oob: str) -> None:
    rng = np.random.default_rng(len(atomic))
    table = rng.integers(-9, 9, (5, 4)).astype(np.int32)
    src = rng.integers(-9, 9, (3, 4)).astype(np.int32)
    idx = np.array([[3, 7, 3, 0], [1, 19, 20, 3], [0, 0, 25, 2]], np.int32)
    want = table.copy().reshape(-1)
    for r in range(3):
        for c in range(4):
            i = int(idx[r, c])
            if i >= want.size:
                if oob == "skip":
                    continue
                i = want.size - 1 if oob == "clamp" else i % want.size
            v = int(src[r, c])
            want[i] = {"none": v, "add": want[i] + v, "max": max(want[i], v)}[atomic]
    gm_gather.scatter(src, table, idx, (3, 4), "elem", oob, atomic)
    assert np.array_equal(table.reshape(-1), want)


def test_mgather_row_kernel_and_undefined_oob() -> None:
    idx_t, dst_t = vec("i32", 1, 8), vec("f32", 4, 8)
    m = kernel(
        "%tab: !pto.ptr<f32>, %ix: !pto.ptr<i32>, %out: !pto.ptr<f32>",
        f"""{view("tab", "f32", 8, 8, "t")}
    {view("ix", "i32", 1, 8, "i")}
    {view("out", "f32", 4, 8, "o")}
    %it = pto.alloc_tile : {idx_t}
    %d = pto.alloc_tile : {dst_t}
    pto.tload ins(%i : !pto.partition_tensor_view<1x8xi32>) outs(%it : {idx_t})
    pto.mgather ins(%t, %it : !pto.partition_tensor_view<8x8xf32>, {idx_t}) outs(%d : {dst_t})
    pto.tstore ins(%d : {dst_t}) outs(%o : !pto.partition_tensor_view<4x8xf32>)""",
    )
    table = np.arange(64, dtype=np.float32)
    out = api.run(m, table, np.array([5, 0, 7, 2, 0, 0, 0, 0], np.int32), np.zeros(32, np.float32))
    assert np.array_equal(out[2].reshape(4, 8), table.reshape(8, 8)[[5, 0, 7, 2]])
    with pytest.raises(api.PtoRunError, match="index 9 is past the table's 8 rows"):
        api.run(m, table, np.array([5, 9, 0, 0, 0, 0, 0, 0], np.int32), np.zeros(32, np.float32))


def test_mgather_from_a_gm_memref_table() -> None:
    """A static GM memref is the table's view, as for tload (PTOAS's `mgather_dps` of early
    2026 took a memref table)."""
    idx_t, dst_t = vec("i32", 1, 8), vec("f32", 4, 8)
    gm = "memref<8x8xf32, #pto.address_space<gm>>"
    m = kernel(
        f"%t: {gm}, %ix: !pto.ptr<i32>, %out: !pto.ptr<f32>",
        f"""{view("ix", "i32", 1, 8, "i")}
    {view("out", "f32", 4, 8, "o")}
    %it = pto.alloc_tile : {idx_t}
    %d = pto.alloc_tile : {dst_t}
    pto.tload ins(%i : !pto.partition_tensor_view<1x8xi32>) outs(%it : {idx_t})
    pto.mgather_dps ins(%t, %it : {gm}, {idx_t}) outs(%d : {dst_t})
    pto.tstore ins(%d : {dst_t}) outs(%o : !pto.partition_tensor_view<4x8xf32>)""",
    )
    assert "pto.mgather ins(%t, %it : memref<8x8xf32" in str(m)
    table = np.arange(64, dtype=np.float32)
    out = api.run(m, table, np.array([6, 1, 1, 3, 0, 0, 0, 0], np.int32), np.zeros(32, np.float32))
    assert np.array_equal(out[2].reshape(4, 8), table.reshape(8, 8)[[6, 1, 1, 3]])


def test_row_plus_one_tile_round_trips_through_gm() -> None:
    """A compact=2 tile keeps one padding element per row; loads and stores see the data."""
    t = vec("f32", 4, 8, extra=", compact=2")
    m = kernel(
        "%src: !pto.ptr<f32>, %dst: !pto.ptr<f32>",
        f"""{view("src", "f32", 4, 8, "a")}
    {view("dst", "f32", 4, 8, "b")}
    %c0_i64 = arith.constant 0 : i64
    %t = pto.alloc_tile addr = %c0_i64 : {t}
    %p = pto.tile_buf_addr %t : {t} -> !pto.ptr<f32, ub>
    pto.tload ins(%a : !pto.partition_tensor_view<4x8xf32>) outs(%t : {t})
    %x = pto.load_scalar %p[%c16] : !pto.ptr<f32, ub> -> f32
    pto.tstore ins(%t : {t}) outs(%b : !pto.partition_tensor_view<4x8xf32>)
    pto.store_scalar %x, %dst[%c0] : !pto.ptr<f32>, f32""",
    )
    src = np.arange(32, dtype=np.float32)
    out = api.run(m, src, np.zeros(32, np.float32))[1]
    want = src.copy()
    want[0] = src[15]  # storage element 16 is row 1, column 7 (rows are 9 long)
    assert np.array_equal(out, want)


def test_tstore_atomic_add() -> None:
    t = vec("f32", 2, 8)
    m = kernel(
        "%src: !pto.ptr<f32>, %dst: !pto.ptr<f32>",
        f"""{view("src", "f32", 2, 8, "a")}
    {view("dst", "f32", 2, 8, "b")}
    %t = pto.alloc_tile : {t}
    pto.tload ins(%a : !pto.partition_tensor_view<2x8xf32>) outs(%t : {t})
    pto.tstore ins(%t : {t}) outs(%b : !pto.partition_tensor_view<2x8xf32>)
        {{atomicType = #pto<atomic_type atomic_add>}}""",
    )
    src = np.arange(16, dtype=np.float32)
    out = api.run(m, src, np.full(16, 0.5, np.float32))[1]
    assert np.array_equal(out, src + 0.5)


def test_ptrtoint_inttoptr_round_trip_and_valid_sizes() -> None:
    t = vec("f32", 4, 8, "?", "?")
    m = kernel(
        "%p: !pto.ptr<i32>",
        f"""%a = pto.ptrtoint %p : !pto.ptr<i32> -> i64
    %c4_i64 = arith.constant 4 : i64
    %b = arith.addi %a, %c4_i64 : i64
    %q = pto.inttoptr %b : i64 -> !pto.ptr<i32>
    %t = pto.alloc_tile valid_row = %c3 valid_col = %c8 : {t}
    %r = pto.tile_valid_rows %t
    %c = pto.tile_valid_cols %t : {t} -> index
    %s = arith.addi %r, %c : index
    %v = arith.index_cast %s : index to i32
    pto.store_scalar %v, %q[%c1] : !pto.ptr<i32>, i32""",
    )
    out = api.run(m, np.zeros(4, np.int32))[0]
    assert out.tolist() == [0, 0, 11, 0]  # 4 bytes on, then element 1: element 2


@pytest.mark.parametrize(("target", "rows"), [("a5", 8), ("a2a3", 4), ("cpu", 4)])
def test_tprefetch(target: str, rows: int) -> None:
    """NPU: the view's rows in chunks of the tile's rows, each to the tile's start (the last
    chunk wins); CPU: the valid region from GM element r * cols + c."""
    t = vec("f32", 4, 8)
    m = kernel(
        "%src: !pto.ptr<f32>, %dst: !pto.ptr<f32>",
        f"""{view("src", "f32", rows, 8, "a")}
    {view("dst", "f32", 4, 8, "b")}
    %t = pto.alloc_tile : {t}
    pto.tprefetch ins(%a : !pto.partition_tensor_view<{rows}x8xf32>) outs(%t : {t})
    pto.tstore ins(%t : {t}) outs(%b : !pto.partition_tensor_view<4x8xf32>)""",
        target,
    )
    src = np.arange(64, dtype=np.float32)
    out = api.run(m, src, np.zeros(32, np.float32))[1].reshape(4, 8)
    want = np.zeros((4, 8), np.float32)
    first = rows - 4 if target != "cpu" else 0  # the last chunk of 4 rows
    for r in range(4):
        for c in range(8):
            want[r, c] = src[(first + r) * 8 + c]
    assert np.array_equal(out, want)


def test_tprefetch_from_a_gm_memref() -> None:
    """A static GM memref is a view of its whole shape, as in tload (vpto-dev's
    low_precision_globaltensor_emitc_a5)."""
    t = vec("f32", 4, 8)
    m = kernel(
        "%src: memref<4x8xf32, #pto.address_space<gm>>, %dst: !pto.ptr<f32>",
        f"""{view("dst", "f32", 4, 8, "b")}
    %t = pto.alloc_tile : {t}
    pto.tprefetch ins(%src : memref<4x8xf32, #pto.address_space<gm>>) outs(%t : {t})
    pto.tstore ins(%t : {t}) outs(%b : !pto.partition_tensor_view<4x8xf32>)""",
        "a5",
    )
    src = np.arange(32, dtype=np.float32)
    out = api.run(m, src, np.zeros(32, np.float32))[1]
    assert np.array_equal(out, src)


def test_tassign_views_the_bytes_at_its_address() -> None:
    t = vec("f32", 4, 8)
    m = kernel(
        "%src: !pto.ptr<f32>, %dst: !pto.ptr<f32>",
        f"""{view("src", "f32", 4, 8, "a")}
    {view("dst", "f32", 4, 8, "b")}
    %c0_i64 = arith.constant 0 : i64
    %c128_i64 = arith.constant 128 : i64
    %t = pto.alloc_tile addr = %c0_i64 : {t}
    pto.tload ins(%a : !pto.partition_tensor_view<4x8xf32>) outs(%t : {t})
    %u = pto.tassign %t, %c128_i64 : {t} -> {t}
    %v = pto.tassign %u, %c0_i64 : {t} -> {t}
    pto.tstore ins(%v : {t}) outs(%b : !pto.partition_tensor_view<4x8xf32>)""",
    )
    src = np.arange(32, dtype=np.float32)
    assert np.array_equal(api.run(m, src, np.zeros(32, np.float32))[1], src)


def test_fusion_region_runs_its_block_and_gives_what_it_yields() -> None:
    m = kernel(
        "%p: !pto.ptr<i32>",
        """%r = pto.fusion_region {
      %x = pto.load_scalar %p[%c1] : !pto.ptr<i32> -> i32
      %y = arith.addi %x, %x : i32
      pto.yield(%y) : (i32) -> ()
    } : i32
    pto.store_scalar %r, %p[%c0] : !pto.ptr<i32>, i32""",
    )
    assert api.run(m, np.array([0, 21], np.int32))[0].tolist() == [42, 21]


@pytest.mark.parametrize(("atomic", "dtype"), [("add", "i16"), ("max", "f32"), ("min", "i32")])
def test_dma_store_atomic(atomic: str, dtype: str) -> None:
    rng = np.random.default_rng(len(atomic))
    numpy = np.dtype({"i16": "int16", "f32": "float32", "i32": "int32"}[dtype])
    gm = rng.integers(-20000, 20000, 32).astype(numpy)
    ub = rng.integers(-20000, 20000, 32).astype(numpy)
    target = gm.copy().view(np.uint8).reshape(2, -1)
    combine_atomic(target, ub.view(np.uint8).reshape(2, -1), atomic, dtype)
    for i in range(32):  # element by element, wrapping like the hardware's integer add
        a, b = gm[i].item(), ub[i].item()
        want = {"add": a + b, "max": max(a, b), "min": min(a, b)}[atomic]
        assert target.reshape(-1).view(numpy)[i] == np.array(want).astype(numpy)


def test_ctrl_register_keeps_what_the_kernel_sets() -> None:
    m = kernel(
        "%p: !pto.ptr<i64>",
        """%a = pto.get_ctrl : i64
    %one = arith.constant 576460752303423488 : i64
    %b = arith.ori %a, %one : i64
    pto.set_ctrl %b : i64
    %c = pto.get_ctrl : i64
    pto.store_scalar %a, %p[%c0] : !pto.ptr<i64>, i64
    pto.store_scalar %c, %p[%c1] : !pto.ptr<i64>, i64""",
    )
    assert api.run(m, np.zeros(2, np.int64))[0].tolist() == [0, 1 << 59]


def test_sbitset_sets_and_clears_one_bit_of_a_64_bit_word() -> None:
    """PTOAS's `sbitset1 %ctrl, 48` (a5 fixpipe kernels) and `sbitset0`; bit 63 makes the
    i64 negative (two's complement)."""
    m = kernel(
        "%p: !pto.ptr<i64>",
        """%a = arith.constant 5 : i64
    %b48 = arith.constant 48 : i64
    %b63 = arith.constant 63 : i64
    %b0 = arith.constant 0 : i64
    %s = pto.sbitset1 %a, %b48 : i64, i64 -> i64
    %t = pto.sbitset1 %s, %b63 : i64, i64 -> i64
    %u = pto.sbitset0 %t, %b0 : i64, i64 -> i64
    pto.store_scalar %s, %p[%c0] : !pto.ptr<i64>, i64
    pto.store_scalar %t, %p[%c1] : !pto.ptr<i64>, i64
    pto.store_scalar %u, %p[%c2] : !pto.ptr<i64>, i64""",
    )
    got = api.run(m, np.zeros(3, np.int64))[0].view(np.uint64).tolist()
    assert got == [5 + 2**48, 5 + 2**48 + 2**63, 4 + 2**48 + 2**63]


def test_scf_for_result_type_without_parentheses() -> None:
    """MLIR's `-> i32` after iter_args (PTOAS kernels write it) parses as `-> (i32)`."""
    m = kernel(
        "%p: !pto.ptr<i32>",
        """%z = arith.constant 5 : i32
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %z) -> i32 {
      %b = arith.addi %a, %a : i32
      scf.yield %b : i32
    }
    pto.store_scalar %r, %p[%c0] : !pto.ptr<i32>, i32""",
    )
    assert api.run(m, np.zeros(1, np.int32))[0].tolist() == [80]


def test_tpow_with_a_tmp_tile() -> None:
    """tpow takes the C++ API's tmp as a third source (PTOAS kernels pass it)."""
    t = vec("f32", 2, 8)
    m = kernel(
        "%a: !pto.ptr<f32>, %b: !pto.ptr<f32>",
        f"""{view("a", "f32", 2, 8, "va")}
    {view("b", "f32", 2, 8, "vb")}
    %x = pto.alloc_tile : {t}
    %tmp = pto.alloc_tile : {t}
    %d = pto.alloc_tile : {t}
    pto.tload ins(%va : !pto.partition_tensor_view<2x8xf32>) outs(%x : {t})
    pto.tpow ins(%x, %x, %tmp : {t}, {t}, {t}) outs(%d : {t})
    pto.tstore ins(%d : {t}) outs(%vb : !pto.partition_tensor_view<2x8xf32>)""",
    )
    base = np.linspace(0.5, 2.0, 16, dtype=np.float32)
    out = api.run(m, base, np.zeros(16, np.float32))[1]
    assert np.allclose(out, [float(v) ** float(v) for v in base], rtol=1e-6)


def test_insert_sync_orders_the_scalar_units_accesses() -> None:
    """tgetval/tsetval and load_scalar/store_scalar run on PIPE_S: pto-insert-sync orders them
    against the DMA pipes, and the synchronised kernel runs without a hazard."""
    t = vec("f32", 1, 8)
    body = f"""{view("p", "f32", 1, 8, "pv")}
    %t = pto.alloc_tile : {t}
    pto.tload ins(%pv : !pto.partition_tensor_view<1x8xf32>) outs(%t : {t})
    %v = pto.tgetval ins(%t, %c1 : {t}, index) outs : f32
    pto.tsetval ins(%c0, %v : index, f32) outs(%t : {t})
    pto.tstore ins(%t : {t}) outs(%pv : !pto.partition_tensor_view<1x8xf32>)
    %x = pto.load_scalar %p[%c0] : !pto.ptr<f32> -> f32
    pto.store_scalar %x, %p[%c2] : !pto.ptr<f32>, f32"""
    src = np.arange(8, dtype=np.float32)
    assert api.run(kernel("%p: !pto.ptr<f32>", body), src).hazards
    synced = api.apply_pipeline(kernel("%p: !pto.ptr<f32>", body), "pto-insert-sync")
    result = api.run(synced, src)
    assert not result.hazards
    assert result[0].tolist() == [1, 1, 1, 3, 4, 5, 6, 7]
