// ARGS: rand:40x24xf32:1 rand:24x72xf32:2 zeros:40x72xf32
// C = A . B on the vector unit: A (40x24 f32) and B (24x72 f32) loaded into UB (loc=vec
// tiles), so tmatmul is in its vector-unit form; pto-pipeline{matmul-on-vector=true} lowers
// it to blocks of R rows of C held in vector registers (72 columns: one full register and
// a masked tail of 8).
!a = !pto.tile<loc=vec, dtype=f32, rows=40, cols=24>
!b = !pto.tile<loc=vec, dtype=f32, rows=24, cols=72>
!c = !pto.tile<loc=vec, dtype=f32, rows=40, cols=72>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @matmul(%ap: !pto.ptr<f32>, %bp: !pto.ptr<f32>, %cp: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c24 = arith.constant 24 : index
    %c40 = arith.constant 40 : index
    %c72 = arith.constant 72 : index
    %va = pto.make_tensor_view %ap, shape = [%c40, %c24], strides = [%c24, %c1] : !pto.tensor_view<?x?xf32>
    %vb = pto.make_tensor_view %bp, shape = [%c24, %c72], strides = [%c72, %c1] : !pto.tensor_view<?x?xf32>
    %vc = pto.make_tensor_view %cp, shape = [%c40, %c72], strides = [%c72, %c1] : !pto.tensor_view<?x?xf32>
    %pa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c40, %c24] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<40x24xf32>
    %pb = pto.partition_view %vb, offsets = [%c0, %c0], sizes = [%c24, %c72] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<24x72xf32>
    %pc = pto.partition_view %vc, offsets = [%c0, %c0], sizes = [%c40, %c72] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<40x72xf32>
    %a = pto.tload %pa : !pto.partition_tensor_view<40x24xf32> -> !a
    %b = pto.tload %pb : !pto.partition_tensor_view<24x72xf32> -> !b
    %c = pto.tmatmul %a, %b : (!a, !b) -> !c
    pto.tstore %c, %pc : !c, !pto.partition_tensor_view<40x72xf32>
    func.return
  }
}
