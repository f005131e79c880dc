// ARGS: rand:1x32xf16:1 rand:32x32xf16:2 rand:1x32xf32:3 zeros:1x32xf32
// y = bias + x . W at Level 1 on A5: x (1x32 f16), W (32x32 f16) and the f32 bias go GM -> L1
// (tload, MTE2), L1 -> L0A/L0B/bias (tmov, MTE1), the cube (tgemv.bias, M) and L0C -> GM
// (tstore, FIX). pto-pipeline plans every buffer and orders the four pipes with flags.
!mat_a = !pto.tile<loc=mat, dtype=f16, rows=16, cols=32, v_row=1, v_col=32, blayout=col_major, slayout=row_major>
!mat_b = !pto.tile<loc=mat, dtype=f16, rows=32, cols=32, blayout=row_major, slayout=col_major>
!mat_bias = !pto.tile<loc=mat, dtype=f32, rows=1, cols=32>
!left = !pto.tile<loc=left, dtype=f16, rows=16, cols=32, v_row=1, v_col=32, blayout=col_major, slayout=row_major>
!right = !pto.tile<loc=right, dtype=f16, rows=32, cols=32, blayout=row_major, slayout=col_major>
!bias = !pto.tile<loc=bias, dtype=f32, rows=1, cols=32>
!acc = !pto.tile<loc=acc, dtype=f32, rows=16, cols=32, v_row=1, v_col=32, blayout=col_major, slayout=row_major, fractal=1024>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @gemv_bias(%x: !pto.ptr<f16>, %w: !pto.ptr<f16>, %b: !pto.ptr<f32>, %y: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %vx = pto.make_tensor_view %x, shape = [%c1, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf16>
    %vw = pto.make_tensor_view %w, shape = [%c32, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf16>
    %vb = pto.make_tensor_view %b, shape = [%c1, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf32>
    %vy = pto.make_tensor_view %y, shape = [%c1, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf32>
    %px = pto.partition_view %vx, offsets = [%c0, %c0], sizes = [%c1, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<1x32xf16>
    %pw = pto.partition_view %vw, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<32x32xf16>
    %pb = pto.partition_view %vb, offsets = [%c0, %c0], sizes = [%c1, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1x32xf32>
    %py = pto.partition_view %vy, offsets = [%c0, %c0], sizes = [%c1, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1x32xf32>
    %ma = pto.tload %px : !pto.partition_tensor_view<1x32xf16> -> !mat_a
    %mb = pto.tload %pw : !pto.partition_tensor_view<32x32xf16> -> !mat_b
    %mbias = pto.tload %pb : !pto.partition_tensor_view<1x32xf32> -> !mat_bias
    %l = pto.tmov %ma : !mat_a -> !left
    %r = pto.tmov %mb : !mat_b -> !right
    %bb = pto.tmov %mbias : !mat_bias -> !bias
    %acc = pto.tgemv.bias %l, %r, %bb : (!left, !right, !bias) -> !acc
    pto.tstore %acc, %py : !acc, !pto.partition_tensor_view<1x32xf32>
    func.return
  }
}
