// ARGS: rand:64x512xf32:1 zeros:64x1xf32 zeros:64x1xf32
// Online-softmax statistics of 64 rows of 512 f32 at Level 1 (SSA tile values): a loop over
// four 64x128 tiles carries the running row max m and row sum l (flash-attention's update):
//   m' = max(m, rowmax(x_j));  l' = l * exp(m - m') + rowsum(exp(x_j - m'))
// from m = -inf, l = 0; the result is m and l with l = sum_j exp(x_j - m) over the whole row.
// Row statistics live in column 0 of 64x8 tiles (valid 64x1); trowexpand fills each row's
// 32-byte block for trowexpandsub (Mode 2). Every op lowers to vector micro-ops on every
// target; the loop-carried m and l stay in their buffers (not multi-buffered).
!tile = !pto.tile<loc=vec, dtype=f32, rows=64, cols=128>
!row = !pto.tile<loc=vec, dtype=f32, rows=64, cols=8, v_row=64, v_col=1>
!blk = !pto.tile<loc=vec, dtype=f32, rows=64, cols=8>
!view = !pto.partition_tensor_view<64x128xf32>
!rview = !pto.partition_tensor_view<64x1xf32>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @online_softmax(%x: !pto.ptr<f32>, %m_out: !pto.ptr<f32>, %l_out: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c512 = arith.constant 512 : index
    %neg_inf = arith.constant 0xFF800000 : f32
    %zero = arith.constant 0.0 : f32
    %vx = pto.make_tensor_view %x, shape = [%c64, %c512], strides = [%c512, %c1] : !pto.tensor_view<?x?xf32>
    %vm = pto.make_tensor_view %m_out, shape = [%c64, %c1], strides = [%c1, %c1] : !pto.tensor_view<?x?xf32>
    %vl = pto.make_tensor_view %l_out, shape = [%c64, %c1], strides = [%c1, %c1] : !pto.tensor_view<?x?xf32>
    %m0 = pto.texpands %neg_inf : f32 -> !row
    %l0 = pto.texpands %zero : f32 -> !row
    %m, %l = scf.for %j = %c0 to %c4 step %c1 iter_args(%m_i = %m0, %l_i = %l0) -> (!row, !row) {
      %col = arith.muli %j, %c128 : index
      %px = pto.partition_view %vx, offsets = [%c0, %col], sizes = [%c64, %c128] : !pto.tensor_view<?x?xf32> -> !view
      %tx = pto.tload %px : !view -> !tile
      %tmax = pto.trowmax %tx, %tx : (!tile, !tile) -> !row
      %m_new = pto.tmax %m_i, %tmax : (!row, !row) -> !row
      %dm = pto.tsub %m_i, %m_new : (!row, !row) -> !row
      %scale = pto.texp %dm : !row -> !row
      %l_scaled = pto.tmul %l_i, %scale : (!row, !row) -> !row
      %mb = pto.trowexpand %m_new : !row -> !blk
      %d = pto.trowexpandsub %tx, %mb : (!tile, !blk) -> !tile
      %e = pto.texp %d : !tile -> !tile
      %s = pto.trowsum %e, %e : (!tile, !tile) -> !row
      %l_new = pto.tadd %l_scaled, %s : (!row, !row) -> !row
      scf.yield %m_new, %l_new : !row, !row
    }
    %pm = pto.partition_view %vm, offsets = [%c0, %c0], sizes = [%c64, %c1] : !pto.tensor_view<?x?xf32> -> !rview
    %pl = pto.partition_view %vl, offsets = [%c0, %c0], sizes = [%c64, %c1] : !pto.tensor_view<?x?xf32> -> !rview
    pto.tstore %m, %pm : !row, !rview
    pto.tstore %l, %pl : !row, !rview
    func.return
  }
}
