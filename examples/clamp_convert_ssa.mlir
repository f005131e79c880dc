// ARGS: rand:32x32xf32:1 rand:32x32xf32:2 rand:32x32xf32:3 zeros:32x32xi8
// q = int8(half(clamp(x, lo, hi))) on 32x32 tiles, written at Level 1 (SSA tile values):
// tmax/tmin clamp x between the bound tiles lo and hi, tcvt rounds the f32 result to f16
// (RINT, ties to even) and the f16 values to int8 (ROUND, ties away from zero) with
// saturation: values beyond [-128, 127] become -128 or 127, NaN becomes 0.
!f32 = !pto.tile<loc=vec, dtype=f32, rows=32, cols=32>
!f16 = !pto.tile<loc=vec, dtype=f16, rows=32, cols=32>
!i8 = !pto.tile<loc=vec, dtype=i8, rows=32, cols=32>
!part = !pto.partition_tensor_view<32x32xf32>
!part8 = !pto.partition_tensor_view<32x32xi8>
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @clamp_convert(%x: !pto.ptr<f32>, %lo: !pto.ptr<f32>, %hi: !pto.ptr<f32>, %q: !pto.ptr<i8>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %vx = pto.make_tensor_view %x, shape = [%c32, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf32>
    %vlo = pto.make_tensor_view %lo, shape = [%c32, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf32>
    %vhi = pto.make_tensor_view %hi, shape = [%c32, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf32>
    %vq = pto.make_tensor_view %q, shape = [%c32, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xi8>
    %px = pto.partition_view %vx, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x?xf32> -> !part
    %plo = pto.partition_view %vlo, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x?xf32> -> !part
    %phi = pto.partition_view %vhi, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x?xf32> -> !part
    %pq = pto.partition_view %vq, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x?xi8> -> !part8
    %tx = pto.tload %px : !part -> !f32
    %tlo = pto.tload %plo : !part -> !f32
    %thi = pto.tload %phi : !part -> !f32
    %above = pto.tmax %tx, %tlo : (!f32, !f32) -> !f32
    %clamped = pto.tmin %above, %thi : (!f32, !f32) -> !f32
    %half = pto.tcvt %clamped {rmode = #pto.round_mode<RINT>} : !f32 -> !f16
    %int8 = pto.tcvt %half {rmode = #pto<round_mode ROUND>, satmode = #pto<saturation_mode ON>} : !f16 -> !i8
    pto.tstore %int8, %pq : !i8, !part8
    func.return
  }
}
