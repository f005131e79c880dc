"""Translation validation of the tgather lowering (vgather2 loops): a Level-1 kernel of
the index form over several rows with a partial valid region, before `pto-pipeline` and
after each of its passes, gives the same bytes on every target; where the index width
differs from the data width the op stays a tile op and the kernel still agrees."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from support import parse_kernel
from test_pipeline_validation import through_pipeline

from interpreters.launching.execute import run_function
from pto_dialect.ops.tile_gather import TGatherOp
from pto_dialect.ops.vector_load import Vgather2Op

_KERNEL = """
!src = !pto.tile<loc=vec, dtype={t}, rows=4, cols=64>
!idx = !pto.tile<loc=vec, dtype={i}, rows=3, cols=64, v_row=3, v_col=48>
!tmp = !pto.tile<loc=vec, dtype={i}, rows=3, cols=48>
!dst = !pto.tile<loc=vec, dtype={t}, rows=3, cols=64, v_row=3, v_col=48>
!sp = !pto.partition_tensor_view<4x64x{t}>
!ip = !pto.partition_tensor_view<3x48x{i}>
!dp = !pto.partition_tensor_view<3x48x{t}>
!tv = !pto.tensor_view<?x?x{t}>
!iv = !pto.tensor_view<?x?x{i}>
builtin.module attributes {{pto.target_arch = "{target}"}} {{
  func.func @gather(%src: !pto.ptr<{t}>, %idx: !pto.ptr<{i}>, %dst: !pto.ptr<{t}>) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c48 = arith.constant 48 : index
    %c64 = arith.constant 64 : index
    %vs = pto.make_tensor_view %src, shape = [%c4, %c64], strides = [%c64, %c1] : !tv
    %vi = pto.make_tensor_view %idx, shape = [%c3, %c64], strides = [%c64, %c1] : !iv
    %vd = pto.make_tensor_view %dst, shape = [%c3, %c64], strides = [%c64, %c1] : !tv
    %ps = pto.partition_view %vs, offsets = [%c0, %c0], sizes = [%c4, %c64] : !tv -> !sp
    %pi = pto.partition_view %vi, offsets = [%c0, %c0], sizes = [%c3, %c48] : !iv -> !ip
    %pd = pto.partition_view %vd, offsets = [%c0, %c0], sizes = [%c3, %c48] : !tv -> !dp
    %s = pto.tload %ps : !sp -> !src
    %i = pto.tload %pi : !ip -> !idx
    %t = pto.tload %pi : !ip -> !tmp
    %g = pto.tgather %s, %i, %t : (!src, !idx, !tmp) -> !dst
    pto.tstore %g, %pd : !dst, !dp
    func.return
  }}
}}
"""

NUMPY: dict[str, type[np.generic]] = {
    "f32": np.float32, "f16": np.float16, "i32": np.int32,
    "ui32": np.uint32, "i16": np.int16, "ui16": np.uint16,
}  # fmt: skip

CASES = [
    (target, data, index)
    for target in ("a2a3", "a5", "cpu")
    for data, index in (("f32", "i32"), ("f16", "i32"), ("f32", "ui32"))
] + [("a5", "f16", "ui16"), ("cpu", "f16", "i16")]


@pytest.mark.parametrize(("target", "data", "index"), CASES)
def test_gather_pipeline_preserves_outputs(
    tmp_path: Path, target: str, data: str, index: str
) -> None:
    rng = np.random.default_rng(3)
    src = rng.standard_normal((4, 64)).astype(NUMPY[data])
    positions = rng.integers(0, 256, (3, 64))
    idx = positions.astype(NUMPY[index])
    np.save(tmp_path / "src.npy", src)
    np.save(tmp_path / "idx.npy", idx)
    args = [str(tmp_path / "src.npy"), str(tmp_path / "idx.npy"), f"zeros:3x64x{data}"]
    module = parse_kernel(_KERNEL.format(t=data, i=index, target=target))
    reference = run_function(module, args)
    expected = src.reshape(-1)[positions[:, :48]]
    out = reference.outputs()[2]
    assert out is not None and np.array_equal(out[:, :48], expected)
    through_pipeline(module, args, reference)
    ops = [type(op) for op in module.walk()]
    lowered = data[1:] == index.lstrip("ui")
    assert (Vgather2Op in ops) == lowered and (TGatherOp in ops) != lowered
