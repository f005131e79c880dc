// ARGS: rand:64x128xf32:1 zeros:64x128xf32
// Row softmax over a 64x128 f32 tile at Level 1 (SSA tile values):
//   m = rowmax(x); e = exp(x - m); y = e / rowsum(e)
// trowmax and trowsum write one value per row into column 0 of a 64x8 tile (valid 64x1);
// trowexpand fills each row's 32-byte block with it (valid 64x8), the per-row operand of
// trowexpandsub / trowexpanddiv (the manual's Mode 2). Every op lowers to vector micro-ops
// on every target (vcmax, vlds BRC, vsub, vexp, vcadd, vdiv).
!tile = !pto.tile<loc=vec, dtype=f32, rows=64, cols=128>
!row = !pto.tile<loc=vec, dtype=f32, rows=64, cols=8, v_row=64, v_col=1>
!blk = !pto.tile<loc=vec, dtype=f32, rows=64, cols=8>
!view = !pto.partition_tensor_view<64x128xf32>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @softmax(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %vx = pto.make_tensor_view %x, shape = [%c64, %c128], strides = [%c128, %c1] : !pto.tensor_view<?x?xf32>
    %vy = pto.make_tensor_view %y, shape = [%c64, %c128], strides = [%c128, %c1] : !pto.tensor_view<?x?xf32>
    %px = pto.partition_view %vx, offsets = [%c0, %c0], sizes = [%c64, %c128] : !pto.tensor_view<?x?xf32> -> !view
    %py = pto.partition_view %vy, offsets = [%c0, %c0], sizes = [%c64, %c128] : !pto.tensor_view<?x?xf32> -> !view
    %tx = pto.tload %px : !view -> !tile
    %m = pto.trowmax %tx, %tx : (!tile, !tile) -> !row
    %mb = pto.trowexpand %m : !row -> !blk
    %d = pto.trowexpandsub %tx, %mb : (!tile, !blk) -> !tile
    %e = pto.texp %d : !tile -> !tile
    %s = pto.trowsum %e, %e : (!tile, !tile) -> !row
    %sb = pto.trowexpand %s : !row -> !blk
    %res = pto.trowexpanddiv %e, %sb : (!tile, !blk) -> !tile
    pto.tstore %res, %py : !tile, !view
    func.return
  }
}
