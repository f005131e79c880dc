// ARGS: rand:16x32xf16:1 rand:32x32xf16:2 rand:1x32xf32:3 zeros:16x32xf32
// y = bias + x . W for a 1x32 f16 row vector and a 32x32 f16 matrix, f32 accumulator (A5 layouts).
!left = !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, v_row=1, v_col=32, blayout=col_major, slayout=row_major>
!right = !pto.tile_buf<loc=right, dtype=f16, rows=32, cols=32, blayout=row_major, slayout=col_major>
!bias = !pto.tile_buf<loc=bias, dtype=f32, rows=1, cols=32>
!acc = !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=32, v_row=1, v_col=32, blayout=col_major, slayout=row_major, fractal=1024>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @gemv_bias(%a: !left, %b: !right, %bias: !bias, %c: !acc) {
    pto.tgemv.bias ins(%a, %b, %bias : !left, !right, !bias) outs(%c : !acc)
    func.return
  }
}
