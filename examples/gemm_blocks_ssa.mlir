// ARGS: rand:256x256xf16:1 rand:256x256xf16:2 zeros:256x256xf32
// A multi-block GEMM: C (256x256 f32) = A (256x256 f16) . B (256x256 f16) in 128x128 tiles,
// block b (get_block_idx) computing tile (b / 2, b % 2) with K in four 64-wide steps as in
// gemm_cube_ssa.mlir. Run all four blocks: pto-run --blocks 4.
!mat_a = !pto.tile<loc=mat, dtype=f16, rows=128, cols=64, v_row=128, v_col=64, blayout=col_major, slayout=row_major>
!mat_b = !pto.tile<loc=mat, dtype=f16, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=col_major>
!left = !pto.tile<loc=left, dtype=f16, rows=128, cols=64, v_row=128, v_col=64, blayout=col_major, slayout=row_major>
!right = !pto.tile<loc=right, dtype=f16, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=col_major>
!acc = !pto.tile<loc=acc, dtype=f32, rows=128, cols=128, v_row=128, v_col=128, blayout=col_major, slayout=row_major, fractal=1024>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @gemm(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %c: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cblocks = arith.constant 4 : index
    %ck = arith.constant 64 : index
    %ra = arith.constant 256 : index
    %ka = arith.constant 256 : index
    %va = pto.make_tensor_view %a, shape = [%ra, %ka], strides = [%ka, %c1] : !pto.tensor_view<?x?xf16>
    %rb = arith.constant 256 : index
    %kb = arith.constant 256 : index
    %vb = pto.make_tensor_view %b, shape = [%rb, %kb], strides = [%kb, %c1] : !pto.tensor_view<?x?xf16>
    %rc = arith.constant 256 : index
    %kc = arith.constant 256 : index
    %vc = pto.make_tensor_view %c, shape = [%rc, %kc], strides = [%kc, %c1] : !pto.tensor_view<?x?xf32>
    %block = pto.get_block_idx
    %bi = arith.index_cast %block : i64 to index
    %gn = arith.constant 2 : index
    %bm = arith.divui %bi, %gn : index
    %bn = arith.remui %bi, %gn : index
    %tm = arith.constant 128 : index
    %tn = arith.constant 128 : index
    %row0 = arith.muli %bm, %tm : index
    %col0 = arith.muli %bn, %tn : index
    %sra0 = arith.constant 128 : index
    %sca0 = arith.constant 64 : index
    %pa0 = pto.partition_view %va, offsets = [%row0, %c0], sizes = [%sra0, %sca0] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<128x64xf16>
    %srb0 = arith.constant 64 : index
    %scb0 = arith.constant 128 : index
    %pb0 = pto.partition_view %vb, offsets = [%c0, %col0], sizes = [%srb0, %scb0] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x128xf16>
    %ma0 = pto.tload %pa0 : !pto.partition_tensor_view<128x64xf16> -> !mat_a
    %mb0 = pto.tload %pb0 : !pto.partition_tensor_view<64x128xf16> -> !mat_b
    %l0 = pto.tmov %ma0 : !mat_a -> !left
    %r0 = pto.tmov %mb0 : !mat_b -> !right
    %first = pto.tmatmul %l0, %r0 : (!left, !right) -> !acc
    %sum = scf.for %i = %c1 to %cblocks step %c1 iter_args(%part = %first) -> (!acc) {
    %off = arith.muli %i, %ck : index
    %sra = arith.constant 128 : index
    %sca = arith.constant 64 : index
    %pa = pto.partition_view %va, offsets = [%row0, %off], sizes = [%sra, %sca] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<128x64xf16>
    %srb = arith.constant 64 : index
    %scb = arith.constant 128 : index
    %pb = pto.partition_view %vb, offsets = [%off, %col0], sizes = [%srb, %scb] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x128xf16>
    %ma = pto.tload %pa : !pto.partition_tensor_view<128x64xf16> -> !mat_a
    %mb = pto.tload %pb : !pto.partition_tensor_view<64x128xf16> -> !mat_b
    %l = pto.tmov %ma : !mat_a -> !left
    %r = pto.tmov %mb : !mat_b -> !right
    %next = pto.tmatmul.acc %part, %l, %r : (!acc, !left, !right) -> !acc
    scf.yield %next : !acc
    }
    %src = arith.constant 128 : index
    %scc = arith.constant 128 : index
    %pc = pto.partition_view %vc, offsets = [%row0, %col0], sizes = [%src, %scc] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<128x128xf32>
    pto.tstore %sum, %pc : !acc, !pto.partition_tensor_view<128x128xf32>
    func.return
  }
}
