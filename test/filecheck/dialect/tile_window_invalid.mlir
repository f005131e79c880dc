// RUN: pto-opt %s --split-input-file --verify-diagnostics

// the location pair must be one the target implements
func.func @pair(%a: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>, %b: !pto.tile_buf<loc=left, dtype=f32, rows=8, cols=64>, %r: index) {
  // expected-error @+1 {{pto.textract from loc=vec to loc=left is not supported on target cpu}}
  pto.textract ins(%a, %r, %r : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>, index, index) outs(%b : !pto.tile_buf<loc=left, dtype=f32, rows=8, cols=64>)
  func.return
}

// -----

// A2/A3 inserts only acc->mat and vec->vec
builtin.module attributes {pto.target_arch = "a2a3"} {
func.func @pair_a2a3(%a: !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>, %b: !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32>, %r: index) {
  // expected-error @+1 {{pto.tinsert from loc=vec to loc=mat is not supported on target a2a3 (supported: acc->mat, vec->vec)}}
  pto.tinsert ins(%a, %r, %r : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>, index, index) outs(%b : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32>)
  func.return
}
}

// -----

// the indices are index or integer values
func.func @index(%a: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>, %b: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>, %r: index, %f: f32) {
  // expected-error @+1 {{pto.textract indexCol must be an index or integer, got f32}}
  pto.textract ins(%a, %r, %f : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>, index, f32) outs(%b : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>)
  func.return
}

// -----

// element types of the pages
func.func @dtype(%a: !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=64>, %b: !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=64>, %r: index) {
  // expected-error @+1 {{pto.textract src dtype i32 is not supported on target cpu}}
  pto.textract ins(%a, %r, %r : !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=64>, index, index) outs(%b : !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=64>)
  func.return
}

// -----

// dst keeps src's element type (an accumulator may convert)
func.func @same_dtype(%a: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>, %b: !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=64>, %r: index) {
  // expected-error @+1 {{pto.tinsert dst dtype f16 must be f32 for a vec src of f32}}
  pto.tinsert ins(%a, %r, %r : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>, index, index) outs(%b : !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=64>)
  func.return
}

// -----

// textract: the window (dst) fits in src
func.func @fits_extract(%a: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>, %b: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>, %r: index) {
  // expected-error @+1 {{pto.textract dst shape 16x64 must fit in the src shape 8x64}}
  pto.textract ins(%a, %r, %r : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>, index, index) outs(%b : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>)
  func.return
}

// -----

// tinsert: the window (src) fits in dst
func.func @fits_insert(%a: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=128>, %b: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>, %r: index) {
  // expected-error @+1 {{pto.tinsert src shape 8x128 must fit in the dst shape 8x64}}
  pto.tinsert ins(%a, %r, %r : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=128>, index, index) outs(%b : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>)
  func.return
}

// -----

// A5: a mat source feeding left/right is boxed (zN or nZ)
builtin.module attributes {pto.target_arch = "a5"} {
func.func @layout(%a: !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32>, %b: !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, blayout=row_major, slayout=row_major>, %r: index) {
  // expected-error @+1 {{pto.textract src (loc=mat) feeding loc=left needs blayout=row_major with slayout=col_major or blayout=col_major with slayout=row_major on target a5, got blayout=row_major, slayout=none_box}}
  pto.textract ins(%a, %r, %r : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32>, index, index) outs(%b : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, blayout=row_major, slayout=row_major>)
  func.return
}
}

// -----

// A5: a 1-row mat source into left (the vector form) moves whole 512-byte fractals
builtin.module attributes {pto.target_arch = "a5"} {
func.func @vector_form(%a: !pto.tile_buf<loc=mat, dtype=f16, rows=1, cols=384>, %b: !pto.tile_buf<loc=left, dtype=f16, rows=1, cols=256, blayout=col_major, slayout=row_major>, %r: index) {
  // expected-error @+1 {{pto.textract of a 1-row src into loc=left (A5's vector form) copies 512-byte fractals: src cols 384 must be a multiple of 256}}
  pto.textract ins(%a, %r, %r : !pto.tile_buf<loc=mat, dtype=f16, rows=1, cols=384>, index, index) outs(%b : !pto.tile_buf<loc=left, dtype=f16, rows=1, cols=256, blayout=col_major, slayout=row_major>)
  func.return
}
}

// -----

// A5: a right destination is zN (pto-isa TileRight; PTOAS's textract verifier)
builtin.module attributes {pto.target_arch = "a5"} {
func.func @dst_layout(%a: !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, blayout=col_major, slayout=row_major>, %b: !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>, %r: index) {
  // expected-error @+1 {{pto.textract dst (loc=right) needs blayout=row_major, slayout=col_major on target a5, got blayout=col_major, slayout=row_major}}
  pto.textract ins(%a, %r, %r : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, blayout=col_major, slayout=row_major>, index, index) outs(%b : !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>)
  func.return
}
}

// -----

// A2/A3: no fp8 element types (PTOAS's textract verifier: i8/f16/bf16/f32)
builtin.module attributes {pto.target_arch = "a2a3"} {
func.func @fp8(%a: !pto.tile_buf<loc=vec, dtype=f8E4M3FN, rows=8, cols=64>, %r: index) {
  // expected-error @+1 {{pto.textract src dtype f8E4M3FN is not supported on target a2a3 (supported: bf16, f16, f32, i8)}}
  pto.textract ins(%a, %r, %r : !pto.tile_buf<loc=vec, dtype=f8E4M3FN, rows=8, cols=64>, index, index) outs(%a : !pto.tile_buf<loc=vec, dtype=f8E4M3FN, rows=8, cols=64>)
  func.return
}
}

// -----

// a left destination's slayout is row_major (its blayout is the target's: PTOAS's parser)
func.func @left_slayout(%a: !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, blayout=col_major, slayout=row_major>, %b: !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=col_major>, %r: index) {
  // expected-error @+1 {{pto.textract dst (loc=left) needs slayout=row_major, got slayout=col_major}}
  pto.textract ins(%a, %r, %r : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, blayout=col_major, slayout=row_major>, index, index) outs(%b : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=col_major>)
  func.return
}
