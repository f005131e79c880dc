"""`thistogram` against a per-element Python reference of cpu/THistogram.hpp's rules: per
valid src row, a cumulative 256-bin count of one byte among the elements whose higher
bytes match the filters (uint16: byte 0 filtered by row r's idx byte; uint32: the cascade
of idx rows 0, 1, 2), on A5 and the CPU, with partial valid regions; the rows of dst past
src's valid rows and the bins past 255 keep their bytes."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from interpreters.api import parse, run


def reference(src: np.ndarray, idx: np.ndarray, byte: int, wide: bool) -> list[list[int]]:
    out: list[list[int]] = []
    rows: list[list[int]] = src.tolist()
    for r, row in enumerate(rows):
        counts = [0] * 256
        for value in row:
            if wide:
                ok = all(
                    ((value >> (8 * (3 - k))) & 0xFF) == int(idx[k, 0]) for k in range(3 - byte)
                )
            else:
                ok = byte == 1 or ((value >> 8) & 0xFF) == int(idx[r, 0])
            if ok:
                counts[(value >> (8 * byte)) & 0xFF] += 1
        total, cumulative = 0, list[int]()
        for c in counts:
            total += c
            cumulative.append(total)
        out.append(cumulative)
    return out


def kernel(target: str, wide: bool, rows: int, cols: int, valid: tuple[int, int],
           byte: int) -> str:  # fmt: skip
    t = "ui32" if wide else "ui16"
    vr, vc = valid
    itile = ("!pto.tile<loc=vec, dtype=ui8, rows=4, cols=32, v_row=3, v_col=1>" if wide else
             f"!pto.tile<loc=vec, dtype=ui8, rows=32, cols=1, v_row={vr}, v_col=1, "
             "blayout=col_major>")  # fmt: skip
    irows = 3 if wide else vr
    stile = f"!pto.tile<loc=vec, dtype={t}, rows={rows}, cols={cols}, v_row={vr}, v_col={vc}>"
    dtile = f"!pto.tile<loc=vec, dtype=ui32, rows={rows}, cols=256, v_row={vr}, v_col=256>"
    return f"""builtin.module attributes {{pto.target_arch = "{target}"}} {{
  func.func @k(%s: !pto.ptr<{t}>, %i: !pto.ptr<ui8>, %d: !pto.ptr<ui32>) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %vr = arith.constant {vr} : index
    %vc = arith.constant {vc} : index
    %ir = arith.constant {irows} : index
    %k = arith.constant {cols} : index
    %b = arith.constant 256 : index
    %vs = pto.make_tensor_view %s, shape = [%vr, %vc], strides = [%vc, %c1]
        : !pto.tensor_view<?x?x{t}>
    %ps = pto.partition_view %vs, offsets = [%c0, %c0], sizes = [%vr, %vc]
        : !pto.tensor_view<?x?x{t}> -> !pto.partition_tensor_view<{vr}x{vc}x{t}>
    %vi = pto.make_tensor_view %i, shape = [%ir, %c1], strides = [%c1, %c1]
        : !pto.tensor_view<?x?xui8>
    %pi = pto.partition_view %vi, offsets = [%c0, %c0], sizes = [%ir, %c1]
        : !pto.tensor_view<?x?xui8> -> !pto.partition_tensor_view<{irows}x1xui8>
    %vd = pto.make_tensor_view %d, shape = [%vr, %b], strides = [%b, %c1]
        : !pto.tensor_view<?x?xui32>
    %pd = pto.partition_view %vd, offsets = [%c0, %c0], sizes = [%vr, %b]
        : !pto.tensor_view<?x?xui32> -> !pto.partition_tensor_view<{vr}x256xui32>
    %ts = pto.tload %ps : !pto.partition_tensor_view<{vr}x{vc}x{t}> -> {stile}
    %ti = pto.tload %pi : !pto.partition_tensor_view<{irows}x1xui8> -> {itile}
    %h = pto.thistogram %ts, %ti {{byte = {byte} : i32}} : ({stile}, {itile}) -> {dtile}
    pto.tstore %h, %pd : {dtile}, !pto.partition_tensor_view<{vr}x256xui32>
    func.return
  }}
}}
"""


@settings(max_examples=30, deadline=None)
@given(target=st.sampled_from(["a5", "cpu"]), wide=st.booleans(), rows=st.integers(1, 4),
       width=st.integers(1, 6), data=st.data())  # fmt: skip
def test_reference(target: str, wide: bool, rows: int, width: int, data: st.DataObject) -> None:
    cols = (8 if wide else 16) * width
    valid = (data.draw(st.integers(1, rows)), data.draw(st.integers(1, cols)))
    byte = data.draw(st.sampled_from([0, 1, 2, 3] if wide else [0, 1]))
    rng = np.random.default_rng(data.draw(st.integers(0, 999)))
    numpy_t = np.uint32 if wide else np.uint16
    # few distinct high bytes, so that the filters pass some elements
    src = rng.integers(0, 1 << (32 if wide else 16), valid, dtype=np.uint64).astype(numpy_t)
    high = rng.integers(0, 3, valid).astype(numpy_t)
    shift = 24 if wide else 8
    src = (src & numpy_t((1 << shift) - 1)) | (high << numpy_t(shift))
    if wide:
        src[:, ::2] = (src[:, ::2] & numpy_t(0xFF0000FF)) | numpy_t(0x00010200)
        idx = np.array([[1], [1], [2]], np.uint8)
    else:
        idx = rng.integers(0, 3, (valid[0], 1)).astype(np.uint8)
    gm = np.zeros((valid[0], 256), np.uint32)
    got = run(parse(kernel(target, wide, rows, cols, valid, byte)), src, idx, gm).outputs[2]
    assert got.tolist() == reference(src, idx, byte, wide)
