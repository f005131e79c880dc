// ARGS: rand:128x512xf16:1 rand:512x128xf16:2 zeros:128x128xf32
// C = A . B on the cube at Level 1 with K in a loop: A (128x512 f16) and B (512x128 f16) go
// GM -> L1 -> L0A/L0B one 64-wide k step at a time (tload, tmov), the first step's tmatmul
// starts the f32 accumulator, tmatmul.acc adds the other seven, one tstore writes C (128x128
// f32). pto-pipeline double-buffers the L1 and L0 tiles (pto-multi-buffer), synchronises
// MTE2, MTE1, M and FIX, and lowers every op to the cube's micro-ops (pto-lower-matrix);
// the M pipe is the loop's bound. bf16 -> f32 and i8 -> i32 are the same kernel with the
// element types replaced (test/unit/test_lower_matrix.py runs all three on A2/A3 and A5).
!mat_a = !pto.tile<loc=mat, dtype=f16, rows=128, cols=64, v_row=128, v_col=64, blayout=col_major, slayout=row_major>
!mat_b = !pto.tile<loc=mat, dtype=f16, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=col_major>
!left = !pto.tile<loc=left, dtype=f16, rows=128, cols=64, v_row=128, v_col=64, blayout=col_major, slayout=row_major>
!right = !pto.tile<loc=right, dtype=f16, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=col_major>
!acc = !pto.tile<loc=acc, dtype=f32, rows=128, cols=128, v_row=128, v_col=128, blayout=col_major, slayout=row_major, fractal=1024>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @gemm(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %c: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cblocks = arith.constant 8 : index
    %ck = arith.constant 64 : index
    %ra = arith.constant 128 : index
    %ka = arith.constant 512 : index
    %va = pto.make_tensor_view %a, shape = [%ra, %ka], strides = [%ka, %c1] : !pto.tensor_view<?x?xf16>
    %rb = arith.constant 512 : index
    %kb = arith.constant 128 : index
    %vb = pto.make_tensor_view %b, shape = [%rb, %kb], strides = [%kb, %c1] : !pto.tensor_view<?x?xf16>
    %rc = arith.constant 128 : index
    %kc = arith.constant 128 : index
    %vc = pto.make_tensor_view %c, shape = [%rc, %kc], strides = [%kc, %c1] : !pto.tensor_view<?x?xf32>
    %sra0 = arith.constant 128 : index
    %sca0 = arith.constant 64 : index
    %pa0 = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%sra0, %sca0] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<128x64xf16>
    %srb0 = arith.constant 64 : index
    %scb0 = arith.constant 128 : index
    %pb0 = pto.partition_view %vb, offsets = [%c0, %c0], sizes = [%srb0, %scb0] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x128xf16>
    %ma0 = pto.tload %pa0 : !pto.partition_tensor_view<128x64xf16> -> !mat_a
    %mb0 = pto.tload %pb0 : !pto.partition_tensor_view<64x128xf16> -> !mat_b
    %l0 = pto.tmov %ma0 : !mat_a -> !left
    %r0 = pto.tmov %mb0 : !mat_b -> !right
    %first = pto.tmatmul %l0, %r0 : (!left, !right) -> !acc
    %sum = scf.for %i = %c1 to %cblocks step %c1 iter_args(%part = %first) -> (!acc) {
    %off = arith.muli %i, %ck : index
    %sra = arith.constant 128 : index
    %sca = arith.constant 64 : index
    %pa = pto.partition_view %va, offsets = [%c0, %off], sizes = [%sra, %sca] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<128x64xf16>
    %srb = arith.constant 64 : index
    %scb = arith.constant 128 : index
    %pb = pto.partition_view %vb, offsets = [%off, %c0], sizes = [%srb, %scb] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x128xf16>
    %ma = pto.tload %pa : !pto.partition_tensor_view<128x64xf16> -> !mat_a
    %mb = pto.tload %pb : !pto.partition_tensor_view<64x128xf16> -> !mat_b
    %l = pto.tmov %ma : !mat_a -> !left
    %r = pto.tmov %mb : !mat_b -> !right
    %next = pto.tmatmul.acc %part, %l, %r : (!acc, !left, !right) -> !acc
    scf.yield %next : !acc
    }
    %src = arith.constant 128 : index
    %scc = arith.constant 128 : index
    %pc = pto.partition_view %vc, offsets = [%c0, %c0], sizes = [%src, %scc] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<128x128xf32>
    pto.tstore %sum, %pc : !acc, !pto.partition_tensor_view<128x128xf32>
    func.return
  }
}
