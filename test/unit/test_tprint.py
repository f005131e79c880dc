"""`tprint`: the page's format (a2a3/TPrint.hpp) written by hand for small tiles, through
the Python API (`Result.printed`) and `pto-run` (stdout), before and after `pto-pipeline`."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from interpreters.api import apply_pipeline, parse, run
from interpreters.commands import runner

KERNEL = """
builtin.module attributes {{pto.target_arch = "{target}"}} {{
  func.func @k(%x: !pto.ptr<{t}>) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = arith.constant {vr} : index
    %c = arith.constant {vc} : index
    %s = arith.constant {cols} : index
    %v = pto.make_tensor_view %x, shape = [%r, %c], strides = [%s, %c1]
        : !pto.tensor_view<?x?x{t}>
    %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%r, %c]
        : !pto.tensor_view<?x?x{t}> -> !pto.partition_tensor_view<{vr}x{vc}x{t}>
    %t = pto.tload %p : !pto.partition_tensor_view<{vr}x{vc}x{t}>
        -> !pto.tile<loc=vec, dtype={t}, rows={rows}, cols={cols}, v_row={vr}, v_col={vc}>
    pto.tprint %t : !pto.tile<loc=vec, dtype={t}, rows={rows}, cols={cols}, v_row={vr}, v_col={vc}>
    func.return
  }}
}}
"""


def kernel(target: str, t: str, rows: int, cols: int, vr: int, vc: int) -> str:
    return KERNEL.format(target=target, t=t, rows=rows, cols=cols, vr=vr, vc=vc)


PARTIAL = (
    "=== [TPRINT Tile] Data Type: float32, Layout: ND, TileType: Vec ===\n"
    "  Shape: [2, 8], Valid Shape: [1, 3]\n"
    "  0.5000  -1.2500   3.0000|   0.0000   0.0000   0.0000   0.0000   0.0000\n"
    "-------- -------- --------| -------- -------- -------- -------- --------\n"
    "  0.0000   0.0000   0.0000|   0.0000   0.0000   0.0000   0.0000   0.0000\n"
)


@pytest.mark.parametrize("target", ["a2a3", "a5", "cpu"])
def test_partial_tile_marks_the_valid_region(target: str) -> None:
    """`|` after the last valid column of every row, dashes after the last valid row; the
    rest of the tile (zeros: a fresh tile) is printed too."""
    gm = np.zeros((1, 8), np.float32)
    gm[0, :3] = [0.5, -1.25, 3.0]
    result = run(parse(kernel(target, "f32", 2, 8, 1, 3)), gm)
    assert result.printed == PARTIAL


def test_full_integer_tile_has_no_marks() -> None:
    gm = np.array([[-128, 0, 127, 5] * 8], np.int8)
    printed = run(parse(kernel("a5", "i8", 1, 32, 1, 32)), gm).printed
    lines = printed.splitlines()
    assert lines[0] == "=== [TPRINT Tile] Data Type: int8, Layout: ND, TileType: Vec ==="
    assert lines[1] == "  Shape: [1, 32], Valid Shape: [1, 32]"
    assert lines[2] == " ".join(["    -128", "       0", "     127", "       5"] * 8)
    assert len(lines) == 3


def test_unsigned_and_half_values() -> None:
    gm = np.array([[4294967295, 7] + [0] * 6], np.uint32)
    assert (
        run(parse(kernel("a5", "ui32", 1, 8, 1, 8)), gm)
        .printed.splitlines()[2]
        .startswith("4294967295        7")
    )
    half = np.array([[np.inf, -np.inf, np.nan, 65504.0] + [0] * 12], np.float16)
    line = run(parse(kernel("a5", "f16", 1, 16, 1, 16)), half).printed.splitlines()[2]
    assert line.startswith("     inf     -inf      nan 65504.0000")


def test_the_pipeline_keeps_the_print(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """After pto-pipeline (DPS, planned, synchronised) the same text, on pto-run's stdout."""
    module = apply_pipeline(parse(kernel("a5", "f32", 2, 8, 1, 3)), "pto-pipeline")
    assert "pto.tprint ins(" in str(module)
    path = tmp_path / "k.mlir"
    path.write_text(str(module))
    array = np.zeros((1, 8), np.float32)
    array[0, :3] = [0.5, -1.25, 3.0]
    np.save(tmp_path / "x.npy", array)
    assert runner.main([str(path), "--arg", str(tmp_path / "x.npy")]) == 0
    assert capsys.readouterr().out == PARTIAL


SCRATCH = """
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @k(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %v = pto.make_tensor_view %x, shape = [%c1, %c8], strides = [%c8, %c1]
        : !pto.tensor_view<?x?xf32>
    %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c1, %c4]
        : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1x4xf32>
    %w = pto.make_tensor_view %y, shape = [%c2, %c8], strides = [%c8, %c1]
        : !pto.tensor_view<?x?xf32>
    %q = pto.partition_view %w, offsets = [%c0, %c0], sizes = [%c2, %c8]
        : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<2x8xf32>
    %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8, v_row=1, v_col=4>
    pto.tload ins(%p : !pto.partition_tensor_view<1x4xf32>)
        outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8, v_row=1, v_col=4>)
    pto.tprint ins(%t, %q : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8, v_row=1, v_col=4>,
        !pto.partition_tensor_view<2x8xf32>) {printFormat = #pto<print_format width8_precision2>}
    func.return
  }
}
"""


def test_scratch_and_format() -> None:
    """`TPRINT<Width8_Precision2>(src, tmp)` of a vec tile: the tile, then the tile's 1x8
    elements at the scratch's start, both `%8.2f` (a2a3/TPrint.hpp)."""
    x = np.array([[1.5, -2.25, 3.0, 4.0, 9.0, 9.0, 9.0, 9.0]], np.float32)
    y = np.arange(16, dtype=np.float32).reshape(2, 8) / 4
    header = (
        "=== [TPRINT Tile] Data Type: float32, Layout: ND, TileType: Vec ===\n"
        "  Shape: [1, 8], Valid Shape: [1, 4]\n"
    )
    tile = "    1.50    -2.25     3.00     4.00|     0.00     0.00     0.00     0.00\n"
    scratch = "    0.00     0.25     0.50     0.75|     1.00     1.25     1.50     1.75\n"
    assert run(parse(SCRATCH), x, y).printed == header + tile + header + scratch


SCALAR = """
func.func @k(%i: i16, %f: f32) {
  pto.print ins("[%5d]", %i : i16)
  pto.print ins("[%u]", %i : i16)
  pto.print ins("[%04x]", %i : i16)
  pto.print ins("%.2f%%\\n", %f : f32)
  pto.print ins("%e ", %f : f32)
  pto.print ins("", %f : f32)
  %n = arith.constant -1 : index
  pto.print ins(" %lx", %n : index)
  return
}
"""


def test_print_formats_one_scalar_as_printf() -> None:
    """`pto.print` (PTOAS PrintOp -> cce::printf): C's conversions, an unsigned one printing
    the bits of the scalar's width; an empty format is %f."""
    printed = run(parse(SCALAR), -2, 1234.5).printed
    assert printed == "[   -2][65534][fffe]1234.50%\n1.234500e+03 1234.500000 ffffffffffffffff"
