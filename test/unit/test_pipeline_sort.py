"""Translation validation of the sort lowering: Level-1 kernels of `tsort32` and `tmrgsort`
(both formats, exhausted or not, f32 and f16, several rows with one broadcast index row)
run before `pto-pipeline` and after each of its passes give the same bytes on every target;
after `pto-insert-sync` no hazard is left and every inserted wait is needed. The lowered
kernel holds the accelerator ops (`vbitsort`, `vmrgsort4`) and no sort tile op.

The inputs have many ties, signed zeros and NaNs, so the tie rules are exercised; the top-k
case is checked against numpy's stable argsort as well.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from support import context, parse_kernel, without_wait
from test_pipeline_validation import same_outputs
from xdsl.dialects import arith, scf

from interpreters.execute import run_function
from interpreters.pipes import UntrackedPipes
from passes.insert_sync import InsertSyncPass
from passes.pipeline import pipeline_passes
from pto_dialect.ops.sync import WaitFlagOp
from pto_dialect.ops.tile_sort import TMrgSortOp, TSort32Op
from pto_dialect.ops.vector_sort import VBitSortOp, VMrgSort4Op

TARGETS = ("a2a3", "a5", "cpu")

_KERNEL = """
!src = !pto.tile<loc=vec, dtype={t}, rows={rows}, cols={cols}>
!idx = !pto.tile<loc=vec, dtype=ui32, rows=1, cols={cols}>
!pairs = !pto.tile<loc=vec, dtype={t}, rows={rows}, cols={pcols}>
!row = !pto.tile<loc=vec, dtype={t}, rows=1, cols={pcols}>
!half = !pto.tile<loc=vec, dtype={t}, rows=1, cols={hcols}>
!top = !pto.tile<loc=vec, dtype={t}, rows=1, cols={kcols}>
!sp = !pto.partition_tensor_view<{rows}x{cols}x{t}>
!ip = !pto.partition_tensor_view<1x{cols}xui32>
!pp = !pto.partition_tensor_view<{rows}x{pcols}x{t}>
!rp = !pto.partition_tensor_view<1x{pcols}x{t}>
!hp = !pto.partition_tensor_view<1x{hcols}x{t}>
!kp = !pto.partition_tensor_view<1x{kcols}x{t}>
!tv = !pto.tensor_view<?x?x{t}>
!tu = !pto.tensor_view<?x?xui32>
builtin.module attributes {{pto.target_arch = "{target}"}} {{
  func.func @sort(%src: !pto.ptr<{t}>, %idx: !pto.ptr<ui32>, %pairs: !pto.ptr<{t}>,
                  %merged: !pto.ptr<{t}>, %top: !pto.ptr<{t}>) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cr = arith.constant {rows} : index
    %cc = arith.constant {cols} : index
    %cp = arith.constant {pcols} : index
    %ch = arith.constant {hcols} : index
    %ck = arith.constant {kcols} : index
    %bl = arith.constant {block} : i32
    %vs = pto.make_tensor_view %src, shape = [%cr, %cc], strides = [%cc, %c1] : !tv
    %vi = pto.make_tensor_view %idx, shape = [%c1, %cc], strides = [%cc, %c1] : !tu
    %vp = pto.make_tensor_view %pairs, shape = [%cr, %cp], strides = [%cp, %c1] : !tv
    %vm = pto.make_tensor_view %merged, shape = [%c1, %cp], strides = [%cp, %c1] : !tv
    %vt = pto.make_tensor_view %top, shape = [%c1, %ck], strides = [%ck, %c1] : !tv
    %ps = pto.partition_view %vs, offsets = [%c0, %c0], sizes = [%cr, %cc] : !tv -> !sp
    %pi = pto.partition_view %vi, offsets = [%c0, %c0], sizes = [%c1, %cc] : !tu -> !ip
    %pp = pto.partition_view %vp, offsets = [%c0, %c0], sizes = [%cr, %cp] : !tv -> !pp
    %p0 = pto.partition_view %vp, offsets = [%c0, %c0], sizes = [%c1, %cp] : !tv -> !rp
    %a0 = pto.partition_view %vp, offsets = [%c0, %c0], sizes = [%c1, %ch] : !tv -> !hp
    %a1 = pto.partition_view %vp, offsets = [%c1, %c0], sizes = [%c1, %ch] : !tv -> !hp
    %pm = pto.partition_view %vm, offsets = [%c0, %c0], sizes = [%c1, %cp] : !tv -> !rp
    %pt = pto.partition_view %vt, offsets = [%c0, %c0], sizes = [%c1, %ck] : !tv -> !kp
    %s = pto.tload %ps : !sp -> !src
    %i = pto.tload %pi : !ip -> !idx
    %sorted = pto.tsort32 %s, %i : (!src, !idx) -> !pairs
    pto.tstore %sorted, %pp : !pairs, !pp
    %row = pto.tload %p0 : !rp -> !row
    %m = pto.tmrgsort %row, %bl : (!row, i32) -> !row
    pto.tstore %m, %pm : !row, !rp
    %l0 = pto.tload %a0 : !hp -> !half
    %l1 = pto.tload %a1 : !hp -> !half
    %t = pto.tmrgsort %l0, %l1, %m {{exhausted = {exhausted}}} : (!half, !half, !row) -> !top
    pto.tstore %t, %pt : !top, !kp
    func.return
  }}
}}
"""


def kernel(target: str, dtype: str, rows: int, exhausted: bool) -> str:
    cols = 128
    coef = 2 if dtype == "f32" else 4
    pcols = cols * coef
    block = 32 * coef  # one tsort32 block of pairs per merge list
    return _KERNEL.format(
        t=dtype, rows=rows, cols=cols, pcols=pcols, hcols=pcols // 4, kcols=pcols // 4,
        block=block, target=target, exhausted=str(exhausted).lower(),
    )  # fmt: skip


def arrays(tmp: Path, dtype: str, rows: int, seed: int) -> list[str]:
    rng = np.random.default_rng(seed)
    pool = np.array([3.0, 1.0, 0.5, 0.0, -0.0, -1.0, np.inf, -np.inf, np.nan])
    src = rng.choice(pool, (rows, 128)).astype(np.float32 if dtype == "f32" else np.float16)
    idx = rng.permutation(128).astype(np.uint32).reshape(1, 128)
    np.save(tmp / "src.npy", src)
    np.save(tmp / "idx.npy", idx)
    coef = 2 if dtype == "f32" else 4
    return [str(tmp / "src.npy"), str(tmp / "idx.npy"), f"zeros:{rows}x{128 * coef}x{dtype}",
            f"zeros:1x{128 * coef}x{dtype}", f"zeros:1x{32 * coef}x{dtype}"]  # fmt: skip


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize(("dtype", "rows", "exhausted"), [("f32", 2, False), ("f16", 3, True)])
def test_sort_pipeline_preserves_outputs(
    tmp_path: Path, target: str, dtype: str, rows: int, exhausted: bool
) -> None:
    text = kernel(target, dtype, rows, exhausted)
    args = arrays(tmp_path, dtype, rows, seed=rows)
    module = parse_kernel(text)
    reference = run_function(module, args)
    assert reference.hazards == []
    ctx = context(arith.Arith, scf.Scf)
    synced = False
    for stage in pipeline_passes():
        stage.apply(ctx, module)
        module.verify()
        synced |= isinstance(stage, InsertSyncPass)
        result = run_function(module, args, pipes=None if synced else UntrackedPipes())
        same_outputs(result, reference, stage.name)
        if synced:
            assert [h.message for h in result.hazards] == [], f"after {stage.name}"
    ops = [type(op) for op in module.walk()]
    assert TSort32Op not in ops and TMrgSortOp not in ops
    assert VBitSortOp in ops and VMrgSort4Op in ops
    final = str(module)
    for index in range(sum(op is WaitFlagOp for op in ops)):
        assert run_function(without_wait(final, index), args).hazards, f"wait #{index}"


def test_top_k_against_stable_argsort(tmp_path: Path) -> None:
    """tsort32 then tmrgsort (format 1) of one row: the row sorted descending, ties by
    position (numpy's stable argsort of -x over values without NaN)."""
    text = kernel("a5", "f32", 2, False)
    args = arrays(tmp_path, "f32", 2, seed=7)
    src = np.load(tmp_path / "src.npy")
    src[np.isnan(src)] = 2.0
    np.save(tmp_path / "src.npy", src)
    idx = np.load(tmp_path / "idx.npy")[0]
    merged = run_function(parse_kernel(text), args).outputs()[3]
    assert merged is not None
    order = np.argsort(-(src[0].astype(np.float64) + 0.0), kind="stable")
    assert np.array_equal(merged[0, 0::2], src[0][order])
    assert np.array_equal(merged[0].view(np.uint32)[1::2], idx[order])
