// ARGS: rand:1x128xf32:1 arange:1x128xui32 zeros:1x16xf32
// Top-8 of one row of 128 f32 values with their column indices, at Level 1 (SSA tile
// values): tsort32 sorts each block of 32 (value, index) pairs in descending value order
// (ties keep their input order), tmrgsort with blockLen 64 (32 f32 pairs) merges the four
// sorted blocks into one, and the first 8 pairs are stored: out[0, 2k] is the k-th largest
// value, out[0, 2k + 1] the bits of its ui32 index. The lowering turns the sorts into the
// sort accelerator's vbitsort and vmrgsort4 on every target.
!vals = !pto.tile<loc=vec, dtype=f32, rows=1, cols=128>
!idx = !pto.tile<loc=vec, dtype=ui32, rows=1, cols=128>
!pairs = !pto.tile<loc=vec, dtype=f32, rows=1, cols=256>
!top = !pto.tile<loc=vec, dtype=f32, rows=1, cols=256, v_row=1, v_col=16>
!vp = !pto.partition_tensor_view<1x128xf32>
!ip = !pto.partition_tensor_view<1x128xui32>
!tp = !pto.partition_tensor_view<1x16xf32>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @topk(%x: !pto.ptr<f32>, %i: !pto.ptr<ui32>, %out: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c128 = arith.constant 128 : index
    %block = arith.constant 64 : i32
    %vx = pto.make_tensor_view %x, shape = [%c1, %c128], strides = [%c128, %c1] : !pto.tensor_view<?x?xf32>
    %vi = pto.make_tensor_view %i, shape = [%c1, %c128], strides = [%c128, %c1] : !pto.tensor_view<?x?xui32>
    %vo = pto.make_tensor_view %out, shape = [%c1, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %px = pto.partition_view %vx, offsets = [%c0, %c0], sizes = [%c1, %c128] : !pto.tensor_view<?x?xf32> -> !vp
    %pi = pto.partition_view %vi, offsets = [%c0, %c0], sizes = [%c1, %c128] : !pto.tensor_view<?x?xui32> -> !ip
    %po = pto.partition_view %vo, offsets = [%c0, %c0], sizes = [%c1, %c16] : !pto.tensor_view<?x?xf32> -> !tp
    %tx = pto.tload %px : !vp -> !vals
    %ti = pto.tload %pi : !ip -> !idx
    %blocks = pto.tsort32 %tx, %ti : (!vals, !idx) -> !pairs
    %sorted = pto.tmrgsort %blocks, %block : (!pairs, i32) -> !pairs
    %first = pto.tmov %sorted : !pairs -> !top
    pto.tstore %first, %po : !top, !tp
    func.return
  }
}
