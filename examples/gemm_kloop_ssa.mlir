// ARGS: rand:32x128xf16:1 rand:128x32xf16:2 zeros:32x32xf32
// C = A . B on the cube at Level 1, K in a loop: A (32x128 f16) and B (128x32 f16) go
// GM -> L1 -> L0A/L0B one 32-wide k block at a time; the first block's tmatmul starts the
// f32 accumulator, which the loop carries through tmatmul.acc over the other three blocks
// before one tstore writes C (32x32 f32). pto-pipeline plans and synchronises it.
!mat_a = !pto.tile<loc=mat, dtype=f16, rows=32, cols=32, blayout=col_major, slayout=row_major>
!mat_b = !pto.tile<loc=mat, dtype=f16, rows=32, cols=32, blayout=row_major, slayout=col_major>
!left = !pto.tile<loc=left, dtype=f16, rows=32, cols=32, blayout=col_major, slayout=row_major>
!right = !pto.tile<loc=right, dtype=f16, rows=32, cols=32, blayout=row_major, slayout=col_major>
!acc = !pto.tile<loc=acc, dtype=f32, rows=32, cols=32, blayout=col_major, slayout=row_major, fractal=1024>
!pv = !pto.partition_tensor_view<32x32xf16>
!pc = !pto.partition_tensor_view<32x32xf32>
!tv = !pto.tensor_view<?x?xf16>
!tc = !pto.tensor_view<?x?xf32>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @gemm(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %c: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %va = pto.make_tensor_view %a, shape = [%c32, %c128], strides = [%c128, %c1] : !tv
    %vb = pto.make_tensor_view %b, shape = [%c128, %c32], strides = [%c32, %c1] : !tv
    %vc = pto.make_tensor_view %c, shape = [%c32, %c32], strides = [%c32, %c1] : !tc
    %pa0 = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c32, %c32] : !tv -> !pv
    %pb0 = pto.partition_view %vb, offsets = [%c0, %c0], sizes = [%c32, %c32] : !tv -> !pv
    %ma0 = pto.tload %pa0 : !pv -> !mat_a
    %mb0 = pto.tload %pb0 : !pv -> !mat_b
    %l0 = pto.tmov %ma0 : !mat_a -> !left
    %r0 = pto.tmov %mb0 : !mat_b -> !right
    %first = pto.tmatmul %l0, %r0 : (!left, !right) -> !acc
    %sum = scf.for %k = %c1 to %c4 step %c1 iter_args(%part = %first) -> (!acc) {
      %off = arith.muli %k, %c32 : index
      %pa = pto.partition_view %va, offsets = [%c0, %off], sizes = [%c32, %c32] : !tv -> !pv
      %pb = pto.partition_view %vb, offsets = [%off, %c0], sizes = [%c32, %c32] : !tv -> !pv
      %ma = pto.tload %pa : !pv -> !mat_a
      %mb = pto.tload %pb : !pv -> !mat_b
      %l = pto.tmov %ma : !mat_a -> !left
      %r = pto.tmov %mb : !mat_b -> !right
      %next = pto.tmatmul.acc %part, %l, %r : (!acc, !left, !right) -> !acc
      scf.yield %next : !acc
    }
    %pc = pto.partition_view %vc, offsets = [%c0, %c0], sizes = [%c32, %c32] : !tc -> !pc
    pto.tstore %sum, %pc : !acc, !pc
    func.return
  }
}
