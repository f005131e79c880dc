// ARGS: rand:32x32xf16:1 rand:32x256xf16:2 rand:256x32xf16:3 zeros:32x64xf32 zeros:32x64xf16 zeros:32x32xf32 zeros:32x32xf32
// Flash attention at Level 1, one function for both kinds of core (FlashAttention-2's loop):
// O = softmax(Q K^T / sqrt(32)) V for 32 queries of head size 32 over 256 keys, in four
// blocks of 64 keys. Per block j the cube multiplies S = Q K_j^T (f16 in, f32 in L0C), the
// vector unit keeps the running row max m and row sum l (online softmax) and makes
// P = exp(S / sqrt(32) - m) in f16, the cube multiplies P V_j, and the vector unit rescales
// the output O = O * exp(m_old - m) + P V_j; after the loop O / l is stored. The arguments:
// q (32x32), kt (K transposed, 32x256), v (256x32), the GM work spaces s_ws, p_ws, o_ws of
// the tiles one kind of core hands to the other, and out (32x32 f32). Run on one core as it
// stands; `pto-pipeline` (pto-split-cube-vector first) makes a cube kernel and a vector
// kernel of it with FFTS flags around each hand-over, and gives the same bytes of out.
// With `--blocks N` block b takes queries [32 b, 32 b + 32) (q, the work spaces and out of
// 32 N rows; K and V shared): each block's AIC and two AIVs, N blocks side by side.
!mq = !pto.tile<loc=mat, dtype=f16, rows=32, cols=32, blayout=col_major, slayout=row_major>
!lq = !pto.tile<loc=left, dtype=f16, rows=32, cols=32, blayout=col_major, slayout=row_major>
!mk = !pto.tile<loc=mat, dtype=f16, rows=32, cols=64, blayout=row_major, slayout=col_major>
!rk = !pto.tile<loc=right, dtype=f16, rows=32, cols=64, blayout=row_major, slayout=col_major>
!accs = !pto.tile<loc=acc, dtype=f32, rows=32, cols=64, blayout=col_major, slayout=row_major, fractal=1024>
!mp = !pto.tile<loc=mat, dtype=f16, rows=32, cols=64, blayout=col_major, slayout=row_major>
!lp = !pto.tile<loc=left, dtype=f16, rows=32, cols=64, blayout=col_major, slayout=row_major>
!mv = !pto.tile<loc=mat, dtype=f16, rows=64, cols=32, blayout=row_major, slayout=col_major>
!rv = !pto.tile<loc=right, dtype=f16, rows=64, cols=32, blayout=row_major, slayout=col_major>
!acco = !pto.tile<loc=acc, dtype=f32, rows=32, cols=32, blayout=col_major, slayout=row_major, fractal=1024>
!s = !pto.tile<loc=vec, dtype=f32, rows=32, cols=64>
!p = !pto.tile<loc=vec, dtype=f16, rows=32, cols=64>
!o = !pto.tile<loc=vec, dtype=f32, rows=32, cols=32>
!row = !pto.tile<loc=vec, dtype=f32, rows=32, cols=8, v_row=32, v_col=1>
!blk = !pto.tile<loc=vec, dtype=f32, rows=32, cols=8>
!t16 = !pto.tensor_view<?x?xf16>
!t32 = !pto.tensor_view<?x?xf32>
!q_w = !pto.partition_tensor_view<32x32xf16>
!k_w = !pto.partition_tensor_view<32x64xf16>
!v_w = !pto.partition_tensor_view<64x32xf16>
!s_w = !pto.partition_tensor_view<32x64xf32>
!p_w = !pto.partition_tensor_view<32x64xf16>
!o_w = !pto.partition_tensor_view<32x32xf32>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @flash_attention(%q: !pto.ptr<f16>, %kt: !pto.ptr<f16>, %v: !pto.ptr<f16>, %s_ws: !pto.ptr<f32>, %p_ws: !pto.ptr<f16>, %o_ws: !pto.ptr<f32>, %out: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c256 = arith.constant 256 : index
    %scale = arith.constant 0.176776695 : f32
    %neg_inf = arith.constant 0xFF800000 : f32
    %b = pto.get_block_idx
    %nb = pto.get_block_num
    %bi = arith.index_cast %b : i64 to index
    %nbi = arith.index_cast %nb : i64 to index
    %row = arith.muli %bi, %c32 : index
    %rows = arith.muli %nbi, %c32 : index
    %zero = arith.constant 0.0 : f32
    %vq = pto.make_tensor_view %q, shape = [%rows, %c32], strides = [%c32, %c1] : !t16
    %vk = pto.make_tensor_view %kt, shape = [%c32, %c256], strides = [%c256, %c1] : !t16
    %vv = pto.make_tensor_view %v, shape = [%c256, %c32], strides = [%c32, %c1] : !t16
    %vs = pto.make_tensor_view %s_ws, shape = [%rows, %c64], strides = [%c64, %c1] : !t32
    %vp = pto.make_tensor_view %p_ws, shape = [%rows, %c64], strides = [%c64, %c1] : !t16
    %vo = pto.make_tensor_view %o_ws, shape = [%rows, %c32], strides = [%c32, %c1] : !t32
    %vout = pto.make_tensor_view %out, shape = [%rows, %c32], strides = [%c32, %c1] : !t32
    %wq = pto.partition_view %vq, offsets = [%row, %c0], sizes = [%c32, %c32] : !t16 -> !q_w
    %ws = pto.partition_view %vs, offsets = [%row, %c0], sizes = [%c32, %c64] : !t32 -> !s_w
    %wp = pto.partition_view %vp, offsets = [%row, %c0], sizes = [%c32, %c64] : !t16 -> !p_w
    %wo = pto.partition_view %vo, offsets = [%row, %c0], sizes = [%c32, %c32] : !t32 -> !o_w
    %wout = pto.partition_view %vout, offsets = [%row, %c0], sizes = [%c32, %c32] : !t32 -> !o_w
    %tq = pto.tload %wq : !q_w -> !mq
    %lq = pto.tmov %tq : !mq -> !lq
    %m0 = pto.texpands %neg_inf : f32 -> !row
    %l0 = pto.texpands %zero : f32 -> !row
    %o0 = pto.texpands %zero : f32 -> !o
    %m, %l, %acc = scf.for %j = %c0 to %c4 step %c1 iter_args(%m_i = %m0, %l_i = %l0, %o_i = %o0) -> (!row, !row, !o) {
      %col = arith.muli %j, %c64 : index
      // cube: S = Q K_j^T, handed over through s_ws
      %wk = pto.partition_view %vk, offsets = [%c0, %col], sizes = [%c32, %c64] : !t16 -> !k_w
      %tk = pto.tload %wk : !k_w -> !mk
      %rk = pto.tmov %tk : !mk -> !rk
      %sj = pto.tmatmul %lq, %rk : (!lq, !rk) -> !accs
      pto.tstore %sj, %ws : !accs, !s_w
      // vector: online softmax of the block
      %x = pto.tload %ws : !s_w -> !s
      %xs = pto.tmuls %x, %scale : (!s, f32) -> !s
      %bmax = pto.trowmax %xs, %xs : (!s, !s) -> !row
      %m_new = pto.tmax %m_i, %bmax : (!row, !row) -> !row
      %dm = pto.tsub %m_i, %m_new : (!row, !row) -> !row
      %alpha = pto.texp %dm : !row -> !row
      %mb = pto.trowexpand %m_new : !row -> !blk
      %d = pto.trowexpandsub %xs, %mb : (!s, !blk) -> !s
      %pj = pto.texp %d : !s -> !s
      %psum = pto.trowsum %pj, %pj : (!s, !s) -> !row
      %l_old = pto.tmul %l_i, %alpha : (!row, !row) -> !row
      %l_new = pto.tadd %l_old, %psum : (!row, !row) -> !row
      %p16 = pto.tcvt %pj {rmode = #pto.round_mode<RINT>} : !s -> !p
      pto.tstore %p16, %wp : !p, !p_w
      // cube: P V_j, handed back through o_ws
      %tp = pto.tload %wp : !p_w -> !mp
      %lp = pto.tmov %tp : !mp -> !lp
      %wv = pto.partition_view %vv, offsets = [%col, %c0], sizes = [%c64, %c32] : !t16 -> !v_w
      %tv = pto.tload %wv : !v_w -> !mv
      %rv = pto.tmov %tv : !mv -> !rv
      %pv = pto.tmatmul %lp, %rv : (!lp, !rv) -> !acco
      pto.tstore %pv, %wo : !acco, !o_w
      // vector: O = O * exp(m_old - m) + P V_j
      %y = pto.tload %wo : !o_w -> !o
      %ab = pto.trowexpand %alpha : !row -> !blk
      %os = pto.trowexpandmul %o_i, %ab : (!o, !blk) -> !o
      %o_new = pto.tadd %os, %y : (!o, !o) -> !o
      scf.yield %m_new, %l_new, %o_new : !row, !row, !o
    }
    %lb = pto.trowexpand %l : !row -> !blk
    %res = pto.trowexpanddiv %acc, %lb : (!o, !blk) -> !o
    pto.tstore %res, %wout : !o, !o_w
    func.return
  }
}
