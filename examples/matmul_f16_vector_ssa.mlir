// ARGS: rand:40x32xf16:1 rand:32x80xf16:2 zeros:40x80xf32
// C = A . B on the vector unit with f16 inputs and an f32 result: tmatmul on loc=vec
// tiles; pto-pipeline{matmul-on-vector=true} widens each row of B (unpacking load and
// vcvt f16 -> f32) and each broadcast element of A (BRC_B16 and vcvt) as it loads them,
// exactly, then accumulates in f32 as the f32 example does (80 columns: 64 and a tail of 16).
!a = !pto.tile<loc=vec, dtype=f16, rows=40, cols=32>
!b = !pto.tile<loc=vec, dtype=f16, rows=32, cols=80>
!c = !pto.tile<loc=vec, dtype=f32, rows=40, cols=80>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @matmul_f16(%ap: !pto.ptr<f16>, %bp: !pto.ptr<f16>, %cp: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c40 = arith.constant 40 : index
    %c80 = arith.constant 80 : index
    %va = pto.make_tensor_view %ap, shape = [%c40, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf16>
    %vb = pto.make_tensor_view %bp, shape = [%c32, %c80], strides = [%c80, %c1] : !pto.tensor_view<?x?xf16>
    %vc = pto.make_tensor_view %cp, shape = [%c40, %c80], strides = [%c80, %c1] : !pto.tensor_view<?x?xf32>
    %pa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c40, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<40x32xf16>
    %pb = pto.partition_view %vb, offsets = [%c0, %c0], sizes = [%c32, %c80] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<32x80xf16>
    %pc = pto.partition_view %vc, offsets = [%c0, %c0], sizes = [%c40, %c80] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<40x80xf32>
    %a = pto.tload %pa : !pto.partition_tensor_view<40x32xf16> -> !a
    %b = pto.tload %pb : !pto.partition_tensor_view<32x80xf16> -> !b
    %c = pto.tmatmul %a, %b : (!a, !b) -> !c
    pto.tstore %c, %pc : !c, !pto.partition_tensor_view<40x80xf32>
    func.return
  }
}
