// RUN: pto-opt %s | filecheck %s

// PTOAS's parser gives a loc=left tile_buf its target's blayout whatever the text says
// (test/lit/pto/left_blayout_parser_a5.pto): an A5 kernel may write the A2/A3 zZ spelling.
// CHECK: pto.tmatmul ins(%a, %b : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32{{.*}}blayout=row_major, slayout=row_major
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @zz_left_on_a5(%a: !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, blayout=row_major, slayout=row_major>, %b: !pto.tile_buf<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>, %c: !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>) {
    pto.tmatmul ins(%a, %b : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, blayout=row_major, slayout=row_major>, !pto.tile_buf<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>) outs(%c : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>)
    func.return
  }
}
