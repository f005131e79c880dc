func.func @k(%p: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %v = pto.make_tensor_view %p, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
  %t = pto.tload %pv : !pto.partition_tensor_view<16x16xf32> -> !pto.tile<loc=vec, dtype=f32, rows=2147483648, cols=4294967296, v_row=16, v_col=16>
  func.return
}
