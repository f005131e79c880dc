// Tile and view types that differ in any parameter are different types: every check that
// compares types (func.return, scf.yield, operand type annotations) tells them apart.
// RUN: pto-opt %s --split-input-file --verify-diagnostics | filecheck %s

// func.return of a tile whose valid rows differ from the function's result type
func.func @ret(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, v_row=8> {
  // expected-error-re @+1 {{Expected arguments to have the same types as the function output types: expected [!pto.tile<loc=vec, dtype=f32, rows=16, cols=16, v_row=8, v_col=16, {{.*}}>], got [!pto.tile<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, {{.*}}>]}}
  func.return %a : !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
}

// -----

// func.return of a tile buffer with another element type
func.func @ret_buf(%a: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16> {
  // expected-error-re @+1 {{Expected arguments to have the same types as the function output types: expected [!pto.tile_buf<loc=vec, dtype=f16, {{.*}}>], got [!pto.tile_buf<loc=vec, dtype=f32, {{.*}}>]}}
  func.return %a : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>
}

// -----

// scf.for yielding a tile with another pad value than its iter_arg
func.func @loop(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, %b: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, pad=1>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error-re @+1 {{Expected yield arg #0 to be !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, {{.*}}, pad=0>, but got !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, {{.*}}, pad=1>. scf.yield of scf.for must match loop-carried variable types.}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %a) -> (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) {
    scf.yield %b : !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, pad=1>
  }
  func.return
}

// -----

// an operand annotated with a type other than its own (pad=1, defined with pad=0)
func.func @annot(%p: !pto.partition_tensor_view<16x16xf32>) {
  %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>
  // expected-error-re @+1 {{operand is used with type !pto.tile_buf<{{.*}}pad=1>, but has been previously used or defined with type !pto.tile_buf<{{.*}}pad=0>}}
  pto.tload ins(%p : !pto.partition_tensor_view<16x16xf32>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, pad=1>)
  func.return
}

// -----

// a view operand annotated with another shape
func.func @annot_view(%p: !pto.partition_tensor_view<16x16xf32>) {
  %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>
  // expected-error @+1 {{operand is used with type !pto.partition_tensor_view<16x32xf32>, but has been previously used or defined with type !pto.partition_tensor_view<16x16xf32>}}
  pto.tload ins(%p : !pto.partition_tensor_view<16x32xf32>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>)
  func.return
}

// -----

// The short spelling and the full one are the same type.
// CHECK: func.func @same(%a: !pto.tile<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> !pto.tile<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0> {
// CHECK-NEXT: func.return %a : !pto.tile<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
func.func @same(%a: !pto.tile<loc=vec, dtype=f32, rows=32, cols=32>) -> !pto.tile<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0> {
  func.return %a : !pto.tile<vec, 32x32xf32>
}
