// RUN: pto-opt %s --split-input-file --verify-diagnostics

// two offsets and two sizes
func.func @case0(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32>, %b: !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, blayout=col_major, slayout=row_major>, %o: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %m = arith.constant -1 : index
  // expected-error @+1 {{pto.subview takes 2 offsets and 2 sizes, got 1 and 2}}
  %v = pto.subview %s[%c0] sizes [8, 8] : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32> -> !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
  func.return
}

// -----

// positive sizes
func.func @case1(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32>, %b: !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, blayout=col_major, slayout=row_major>, %o: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %m = arith.constant -1 : index
  // expected-error @+1 {{pto.subview sizes must be positive, got 0x8}}
  %v = pto.subview %s[%c0, %c0] sizes [0, 8] : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32> -> !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8, v_row=0>
  func.return
}

// -----

// constant offsets are non-negative
func.func @case2(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32>, %b: !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, blayout=col_major, slayout=row_major>, %o: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %m = arith.constant -1 : index
  // expected-error @+1 {{pto.subview row offset must be non-negative, got -1}}
  %v = pto.subview %s[%m, %c0] sizes [8, 8] : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32> -> !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
  func.return
}

// -----

// the window lies within the source (constant offsets)
func.func @case3(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32>, %b: !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, blayout=col_major, slayout=row_major>, %o: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %m = arith.constant -1 : index
  // expected-error @+1 {{pto.subview col window 8..40 exceeds the source's 32 cols}}
  %v = pto.subview %s[%c0, %c8] sizes [8, 32] : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32> -> !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=32>
  func.return
}

// -----

// the result's shape is the sizes
func.func @case4(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32>, %b: !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, blayout=col_major, slayout=row_major>, %o: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %m = arith.constant -1 : index
  // expected-error @+1 {{pto.subview result shape 8x16 must equal the sizes 8x8}}
  %v = pto.subview %s[%c0, %c0] sizes [8, 8] : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32> -> !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16>
  func.return
}

// -----

// the result keeps the element type
func.func @case5(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32>, %b: !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, blayout=col_major, slayout=row_major>, %o: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %m = arith.constant -1 : index
  // expected-error @+1 {{pto.subview result dtype f16 must equal the source dtype f32}}
  %v = pto.subview %s[%c0, %c0] sizes [8, 16] : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32> -> !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=16>
  func.return
}

// -----

// the result keeps the location
func.func @case6(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32>, %b: !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, blayout=col_major, slayout=row_major>, %o: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %m = arith.constant -1 : index
  // expected-error @+1 {{pto.subview result loc=mat must equal the source loc=vec}}
  %v = pto.subview %s[%c0, %c0] sizes [8, 8] : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32> -> !pto.tile_buf<loc=mat, dtype=f32, rows=8, cols=8>
  func.return
}

// -----

// the result keeps the layout
func.func @case7(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32>, %b: !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, blayout=col_major, slayout=row_major>, %o: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %m = arith.constant -1 : index
  // expected-error @+1 {{pto.subview result layout (blayout, slayout, fractal, pad) must equal the source's}}
  %v = pto.subview %s[%c0, %c0] sizes [8, 8] : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32> -> !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, pad=1>
  func.return
}

// -----

// without valid operands the result's valid shape is static
func.func @case8(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32>, %b: !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, blayout=col_major, slayout=row_major>, %o: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %m = arith.constant -1 : index
  // expected-error @+1 {{pto.subview result valid_row ? must be static and within the size 8 when no valid operand gives it}}
  %v = pto.subview %s[%c0, %c0] sizes [8, 8] : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32> -> !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=?, v_col=8>
  func.return
}

// -----

// constant valid operands lie within the sizes
func.func @case9(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32>, %b: !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, blayout=col_major, slayout=row_major>, %o: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %m = arith.constant -1 : index
  // expected-error @+1 {{pto.subview valid_row 9 must be within 0..8}}
  %v = pto.subview %s[%c0, %c0] sizes [8, 8] valid [%c9, %c8] : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32> -> !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=8, v_col=8>
  func.return
}

// -----

// the result's valid shape is that of the valid operands
func.func @case10(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32>, %b: !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, blayout=col_major, slayout=row_major>, %o: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %m = arith.constant -1 : index
  // expected-error @+1 {{pto.subview result valid_col 8 must be that of the valid operand (?)}}
  %v = pto.subview %s[%c0, %c0] sizes [8, 8] valid [%c0, %o] : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32> -> !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=0, v_col=8>
  func.return
}

// -----

// a boxed view covers whole boxes
func.func @case11(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32>, %b: !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, blayout=col_major, slayout=row_major>, %o: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %m = arith.constant -1 : index
  // expected-error @+1 {{pto.subview of a boxed tile must cover whole 16x16 boxes: sizes 16x16 and constant offsets must be multiples of the box}}
  %v = pto.subview %b[%c0, %c8] sizes [16, 16] : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, blayout=col_major, slayout=row_major> -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, blayout=col_major, slayout=row_major>
  func.return
}

// -----

// treshape keeps the kind of tile type
func.func @reshape_kind(%a: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16>) {
  // expected-error @+1 {{pto.treshape result must be a pto.tile_buf like its source, got pto.tile}}
  %0 = pto.treshape %a : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16> -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=8>
  func.return
}

// -----

// treshape keeps the location
func.func @reshape_loc(%a: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16>) {
  // expected-error @+1 {{pto.treshape result loc=mat must equal the source loc=vec}}
  %0 = pto.treshape %a : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16> -> !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=8>
  func.return
}

// -----

// treshape keeps the byte size
func.func @reshape_bytes(%a: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16>) {
  // expected-error @+1 {{pto.treshape result of 256 bytes must have the source's 512 bytes}}
  %0 = pto.treshape %a : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16> -> !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=16>
  func.return
}

// -----

// treshape does not box or unbox
func.func @reshape_box(%a: !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16>) {
  // expected-error @+1 {{pto.treshape cannot change between boxed and unboxed layouts (source slayout=none_box, result slayout=row_major)}}
  %0 = pto.treshape %a : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16> -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, blayout=col_major, slayout=row_major>
  func.return
}
