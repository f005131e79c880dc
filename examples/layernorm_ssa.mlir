// ARGS: rand:64x128xf32:1 rand:1x128xf32:2 rand:1x128xf32:3 zeros:64x128xf32
// Layer normalisation over the rows of a 64x128 f32 tile at Level 1 (SSA tile values):
//   mu = rowsum(x) / C; xc = x - mu; var = rowsum(xc * xc) / C
//   y = xc * rsqrt(var + eps) * gamma + beta          (C = 128, eps = 1e-5)
// Row statistics live in column 0 of 64x8 tiles (valid 64x1): tmuls / tadds / trsqrt act on
// them, trowexpand fills each row's 32-byte block for trowexpandsub / trowexpandmul (Mode 2);
// gamma and beta are 1x128 rows broadcast down the columns by tcolexpandmul / tcolexpandadd.
// Every op lowers to vector micro-ops on every target.
!tile = !pto.tile<loc=vec, dtype=f32, rows=64, cols=128>
!row = !pto.tile<loc=vec, dtype=f32, rows=64, cols=8, v_row=64, v_col=1>
!blk = !pto.tile<loc=vec, dtype=f32, rows=64, cols=8>
!vec = !pto.tile<loc=vec, dtype=f32, rows=1, cols=128>
!view = !pto.partition_tensor_view<64x128xf32>
!vview = !pto.partition_tensor_view<1x128xf32>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @layernorm(%x: !pto.ptr<f32>, %gamma: !pto.ptr<f32>, %beta: !pto.ptr<f32>, %y: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %inv_c = arith.constant 0.0078125 : f32
    %eps = arith.constant 1.0e-05 : f32
    %vx = pto.make_tensor_view %x, shape = [%c64, %c128], strides = [%c128, %c1] : !pto.tensor_view<?x?xf32>
    %vg = pto.make_tensor_view %gamma, shape = [%c1, %c128], strides = [%c128, %c1] : !pto.tensor_view<?x?xf32>
    %vb = pto.make_tensor_view %beta, shape = [%c1, %c128], strides = [%c128, %c1] : !pto.tensor_view<?x?xf32>
    %vy = pto.make_tensor_view %y, shape = [%c64, %c128], strides = [%c128, %c1] : !pto.tensor_view<?x?xf32>
    %px = pto.partition_view %vx, offsets = [%c0, %c0], sizes = [%c64, %c128] : !pto.tensor_view<?x?xf32> -> !view
    %pg = pto.partition_view %vg, offsets = [%c0, %c0], sizes = [%c1, %c128] : !pto.tensor_view<?x?xf32> -> !vview
    %pb = pto.partition_view %vb, offsets = [%c0, %c0], sizes = [%c1, %c128] : !pto.tensor_view<?x?xf32> -> !vview
    %py = pto.partition_view %vy, offsets = [%c0, %c0], sizes = [%c64, %c128] : !pto.tensor_view<?x?xf32> -> !view
    %tx = pto.tload %px : !view -> !tile
    %tg = pto.tload %pg : !vview -> !vec
    %tb = pto.tload %pb : !vview -> !vec
    %sum = pto.trowsum %tx, %tx : (!tile, !tile) -> !row
    %mu = pto.tmuls %sum, %inv_c : (!row, f32) -> !row
    %mub = pto.trowexpand %mu : !row -> !blk
    %xc = pto.trowexpandsub %tx, %mub : (!tile, !blk) -> !tile
    %sq = pto.tmul %xc, %xc : (!tile, !tile) -> !tile
    %ssq = pto.trowsum %sq, %sq : (!tile, !tile) -> !row
    %var = pto.tmuls %ssq, %inv_c : (!row, f32) -> !row
    %vare = pto.tadds %var, %eps : (!row, f32) -> !row
    %rstd = pto.trsqrt %vare : !row -> !row
    %rb = pto.trowexpand %rstd : !row -> !blk
    %xn = pto.trowexpandmul %xc, %rb : (!tile, !blk) -> !tile
    %xg = pto.tcolexpandmul %xn, %tg : (!tile, !vec) -> !tile
    %res = pto.tcolexpandadd %xg, %tb : (!tile, !vec) -> !tile
    pto.tstore %res, %py : !tile, !view
    func.return
  }
}
