"""`pto.init_align` starts an unaligned store stream with nothing buffered (manual:
align-type.md): the stream stores exactly as one primed by `vldas` does."""

from __future__ import annotations

import numpy as np
import pytest

from interpreters.api import PtoParseError, parse, run

KERNEL = """
module attributes {pto.target_arch = "a5"} {
func.func @k(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : i64
  %c1i = arith.constant 1 : i64
  %c256 = arith.constant 256 : i64
  %c512 = arith.constant 512 : i64
  %c129 = arith.constant 129 : i32
  %i0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c65 = arith.constant 65 : index
  %ub = pto.castptr %c0 : i64 -> !pto.ptr<f32, ub>
  pto.mte_gm_ub %x, %ub, %c0, %c256 nburst(%c1i, %c256, %c256)
    : !pto.ptr<f32>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64
  pto.barrier #pto.pipe<PIPE_ALL>
  pto.vecscope {
    %v = pto.vlds %ub[%i0] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
    %dst = pto.addptr %ub, %c65 : !pto.ptr<f32, ub> -> !pto.ptr<f32, ub>
    %a = START
    %a2, %p2 = pto.vstu %a, %dst, %v, %ub, %c1 : !pto.align, !pto.ptr<f32, ub>, !pto.vreg<64xf32>, !pto.ptr<f32, ub>, index -> !pto.align, !pto.ptr<f32, ub>
    pto.vstas %a2, %ub, %c129 : !pto.align, !pto.ptr<f32, ub>, i32
  }
  pto.barrier #pto.pipe<PIPE_ALL>
  pto.mte_ub_gm %ub, %y, %c512 nburst(%c1i, %c512, %c512)
    : !pto.ptr<f32, ub>, !pto.ptr<f32>, i64, i64, i64, i64
  func.return
}
}"""  # noqa: E501


@pytest.mark.parametrize(
    "start",
    ["pto.init_align : !pto.align", "pto.vldas %ub : !pto.ptr<f32, ub> -> !pto.align"],
)
def test_a_store_stream_from_init_align_stores_the_vector_at_its_unaligned_address(
    start: str,
) -> None:
    x = np.arange(1, 65, dtype=np.float32)
    result = run(parse(KERNEL.replace("START", start)), x, np.zeros(128, np.float32))
    want = np.zeros(129, np.float32)
    want[:64] = x  # the loaded row
    want[65:] = x  # the vector stored from byte 260 (element 65) on
    np.testing.assert_array_equal(result["y"], want[:128])
    assert not result.hazards


def test_init_align_gives_an_align_carrier() -> None:
    with pytest.raises(PtoParseError, match=r"should be of base attribute pto\.align"):
        parse("%a = pto.init_align : !pto.mask<b32>")
