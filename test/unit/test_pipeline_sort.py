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
from support import context, each_wait_removed, parse_kernel
from test_pipeline_validation import same_outputs, through_pipeline
from xdsl.dialects import arith, scf

from interpreters.launching.execute import run_function
from interpreters.machine.pipes import UntrackedPipes
from passes.pipeline import PipelinePass
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
    through_pipeline(module, args, reference)
    ops = [type(op) for op in module.walk()]
    assert TSort32Op not in ops and TMrgSortOp not in ops
    assert VBitSortOp in ops and VMrgSort4Op in ops
    for index in each_wait_removed(module):
        assert run_function(module, args).hazards, f"wait #{index}"


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


_DPS_LISTS = """
!l = !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64>
!t = !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128>
!lp = !pto.partition_tensor_view<1x64xf32>
!tp = !pto.partition_tensor_view<1x128xf32>
!tv = !pto.tensor_view<?x?xf32>
!ex = vector<4xi16>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @m(%a: !pto.ptr<f32>, %b: !pto.ptr<f32>, %o: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %ex = arith.constant dense<0> : vector<4xi16>
    %va = pto.make_tensor_view %a, shape = [%c1, %c64], strides = [%c64, %c1] : !tv
    %vb = pto.make_tensor_view %b, shape = [%c1, %c64], strides = [%c64, %c1] : !tv
    %vo = pto.make_tensor_view %o, shape = [%c1, %c128], strides = [%c128, %c1] : !tv
    %pa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c1, %c64] : !tv -> !lp
    %pb = pto.partition_view %vb, offsets = [%c0, %c0], sizes = [%c1, %c64] : !tv -> !lp
    %po = pto.partition_view %vo, offsets = [%c0, %c0], sizes = [%c1, %c128] : !tv -> !tp
    %la = pto.alloc_tile : !l
    %lb = pto.alloc_tile : !l
    %tmp = pto.alloc_tile : !t
    %dst = pto.alloc_tile : !t
    pto.tload ins(%pa : !lp) outs(%la : !l)
    pto.tload ins(%pb : !lp) outs(%lb : !l)
    pto.tmrgsort ins(%la, %lb, %tmp {exhausted = true} : !l, !l, !t) outs(%dst, %ex : !t, !ex)
    pto.tstore ins(%dst : !t) outs(%po : !tp)
    func.return
  }
}
"""


def test_ptoas_dps_lists_with_executed_constant(tmp_path: Path) -> None:
    """PTOAS's DPS format 2 (`outs(%dst, %executed)`, executed a dense vector<4xi16>
    constant) runs, lowered by pto-pipeline to the same bytes: the exhausted merge."""
    rng = np.random.default_rng(11)
    lists: list[np.ndarray] = []
    for k in range(2):
        row = np.zeros((1, 64), np.float32)
        row[0, 0::2] = np.sort(rng.integers(0, 9, 32))[::-1]
        row.view(np.uint32)[0, 1::2] = np.arange(32) + 100 * k
        np.save(tmp_path / f"l{k}.npy", row)
        lists.append(row)
    args = [str(tmp_path / "l0.npy"), str(tmp_path / "l1.npy"), "zeros:1x128xf32"]
    module = parse_kernel(_DPS_LISTS)
    reference = run_function(module, args, pipes=UntrackedPipes())
    merged = [(float(v), int(i)) for row in lists
              for v, i in zip(row[0, 0::2], row.view(np.uint32)[0, 1::2], strict=True)]  # fmt: skip
    heads = [merged[:32], merged[32:]]
    out = reference.outputs()[2]
    assert out is not None
    taken: list[tuple[float, int]] = []
    while all(heads) and len(taken) < 64:
        k = 0 if heads[0][0][0] >= heads[1][0][0] else 1
        taken.append(heads[k].pop(0))
    words = out.view(np.uint32)[0, 1::2]
    got = [(float(v), int(i)) for v, i in zip(out[0, 0::2], words, strict=True)]
    assert got[: len(taken)] == taken
    PipelinePass().apply(context(arith.Arith, scf.Scf), module)
    lowered = run_function(module, args)
    assert lowered.hazards == []
    same_outputs(lowered, reference, "pto-pipeline")
