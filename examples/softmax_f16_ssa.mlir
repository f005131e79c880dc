// ARGS: rand:64x128xf16:1 zeros:64x128xf16
// Row softmax of a 64x128 f16 tile with f32 arithmetic at Level 1 (SSA tile values): tcvt
// widens x to f32 (exact), the softmax of softmax_ssa.mlir runs in f32 (row max, subtract,
// exp, row sum, divide), and tcvt rounds the result to f16 (RINT). Every op lowers to vector
// micro-ops on every target (vcvt, vcmax, vsub, vexp, vcadd, vdiv).
!h = !pto.tile<loc=vec, dtype=f16, rows=64, cols=128>
!tile = !pto.tile<loc=vec, dtype=f32, rows=64, cols=128>
!row = !pto.tile<loc=vec, dtype=f32, rows=64, cols=8, v_row=64, v_col=1>
!blk = !pto.tile<loc=vec, dtype=f32, rows=64, cols=8>
!view = !pto.partition_tensor_view<64x128xf16>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @softmax_f16(%x: !pto.ptr<f16>, %y: !pto.ptr<f16>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %vx = pto.make_tensor_view %x, shape = [%c64, %c128], strides = [%c128, %c1] : !pto.tensor_view<?x?xf16>
    %vy = pto.make_tensor_view %y, shape = [%c64, %c128], strides = [%c128, %c1] : !pto.tensor_view<?x?xf16>
    %px = pto.partition_view %vx, offsets = [%c0, %c0], sizes = [%c64, %c128] : !pto.tensor_view<?x?xf16> -> !view
    %py = pto.partition_view %vy, offsets = [%c0, %c0], sizes = [%c64, %c128] : !pto.tensor_view<?x?xf16> -> !view
    %th = pto.tload %px : !view -> !h
    %tx = pto.tcvt %th {rmode = #pto.round_mode<RINT>} : !h -> !tile
    %m = pto.trowmax %tx, %tx : (!tile, !tile) -> !row
    %mb = pto.trowexpand %m : !row -> !blk
    %d = pto.trowexpandsub %tx, %mb : (!tile, !blk) -> !tile
    %e = pto.texp %d : !tile -> !tile
    %s = pto.trowsum %e, %e : (!tile, !tile) -> !row
    %sb = pto.trowexpand %s : !row -> !blk
    %p = pto.trowexpanddiv %e, %sb : (!tile, !blk) -> !tile
    %res = pto.tcvt %p {rmode = #pto.round_mode<RINT>} : !tile -> !h
    pto.tstore %res, %py : !h, !view
    func.return
  }
}
