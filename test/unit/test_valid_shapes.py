"""Where a tile's valid shape comes from for the lowerings (passes/valid_shapes.py), in a
function of several blocks: a `pto.set_validshape` in a block that branches to the op's
block is a diagnostic, not the alloc's sizes (fuzz find: pto-lower-dma stored 8 x 64
elements of a tile whose valid shape the run had set to 3 x 16)."""

from __future__ import annotations

import pytest

from interpreters.api import PtoPassError, apply_pipeline, parse

TILE = "!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64, v_row=?, v_col=?>"


def _kernel(entry: str, second: str) -> str:
    return f"""
!v = !pto.tensor_view<?x?xf32>
!p = !pto.partition_tensor_view<8x64xf32>
func.func @k(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %vy = pto.make_tensor_view %y, shape = [%c8, %c64], strides = [%c64, %c1] : !v
  %py = pto.partition_view %vy, offsets = [%c0, %c0], sizes = [%c8, %c64] : !v -> !p
  %a = arith.constant 0 : i64
  %t = pto.alloc_tile addr = %a valid_row = %c8 valid_col = %c64 : {TILE}
  {entry}
  cf.br ^bb1
^bb1:
  {second}
  pto.tstore ins(%t : {TILE}) outs(%py : !p)
  func.return
}}"""


SET = f"pto.set_validshape %t, %c3, %c16 : {TILE}"


def test_a_set_validshape_in_a_block_before_a_branch_is_a_diagnostic_at_the_op() -> None:
    module = parse(_kernel(SET, ""), name="k.mlir", target="a5")
    with pytest.raises(PtoPassError, match="set_validshape in a block that may branch") as err:
        apply_pipeline(module, "pto-lower-dma")
    assert str(err.value).startswith("k.mlir:19:3: error: pto-lower-dma: pto.tstore")


def test_a_set_validshape_earlier_in_the_ops_own_block_still_holds() -> None:
    module = parse(_kernel("", SET), name="k.mlir", target="a5")
    lowered = str(apply_pipeline(module, "pto-lower-dma"))
    assert "pto.tstore" not in lowered and "pto.mte_ub_gm" in lowered
