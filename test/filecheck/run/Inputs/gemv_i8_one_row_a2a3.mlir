// An int8 GEMV on A2/A3 with a 1-row left tile in A2/A3's TileLeft layout (zZ: row-major boxes
// of 16x32 int8, here cut to the one row), K = 64, N = 32, an int32 accumulator.
!left = !pto.tile_buf<loc=left, dtype=i8, rows=1, cols=64, blayout=row_major, slayout=row_major>
!right = !pto.tile_buf<loc=right, dtype=i8, rows=64, cols=32, blayout=row_major, slayout=col_major>
!acc = !pto.tile_buf<loc=acc, dtype=i32, rows=1, cols=32, blayout=col_major, slayout=row_major, fractal=1024>
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @gemv_i8(%a: !left, %b: !right, %c: !acc) {
    pto.tgemv ins(%a, %b : !left, !right) outs(%c : !acc)
    func.return
  }
}
