// ARGS: rand:16x32xf32:1 zeros:1x32xf32
// Column sums of a 16x32 f32 matrix whose last 4 columns are padding (valid 16x28),
// written at Level 1: out[0, j] = sum_i in[i, j], row 0 first, for j < 28.
!in_tile = !pto.tile<loc=vec, dtype=f32, rows=16, cols=32, v_row=16, v_col=28>
!out_tile = !pto.tile<loc=vec, dtype=f32, rows=1, cols=32, v_row=1, v_col=28>
!in_part = !pto.partition_tensor_view<16x28xf32>
!out_part = !pto.partition_tensor_view<1x28xf32>
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @colsum(%src: !pto.ptr<f32>, %dst: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c28 = arith.constant 28 : index
    %c32 = arith.constant 32 : index
    %vs = pto.make_tensor_view %src, shape = [%c16, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf32>
    %vd = pto.make_tensor_view %dst, shape = [%c1, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf32>
    %ps = pto.partition_view %vs, offsets = [%c0, %c0], sizes = [%c16, %c28] : !pto.tensor_view<?x?xf32> -> !in_part
    %pd = pto.partition_view %vd, offsets = [%c0, %c0], sizes = [%c1, %c28] : !pto.tensor_view<?x?xf32> -> !out_part
    %t = pto.tload %ps : !in_part -> !in_tile
    %s = pto.tcolsum %t : !in_tile -> !out_tile
    pto.tstore %s, %pd : !out_tile, !out_part
    func.return
  }
}
