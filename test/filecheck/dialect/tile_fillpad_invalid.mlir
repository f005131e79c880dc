// RUN: pto-opt %s --split-input-file --verify-diagnostics

// DPS form only
func.func @case0(%a: !pto.tile<loc=vec, dtype=f32, rows=8, cols=16>) {
  // expected-error @+1 {{pto.tfillpad takes its destination as outs(...) (DPS form only)}}
  %r = pto.tfillpad %a : !pto.tile<loc=vec, dtype=f32, rows=8, cols=16> -> !pto.tile<loc=vec, dtype=f32, rows=8, cols=16, pad=1>
  func.return
}

// -----

// dst's pad is the fill value
func.func @case1(%a: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16>) {
  // expected-error @+1 {{pto.tfillpad dst pad must not be null: it is the value filled in}}
  pto.tfillpad ins(%a : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16>) outs(%a : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16>)
  func.return
}

// -----

// src and dst share the element type
func.func @case2(%a: !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=16>, %b: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, pad=1>) {
  // expected-error @+1 {{pto.tfillpad dst dtype f32 must equal the src dtype i32}}
  pto.tfillpad ins(%a : !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=16>) outs(%b : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, pad=1>)
  func.return
}

// -----

// 1-, 2- or 4-byte elements
func.func @case3(%a: !pto.tile_buf<loc=vec, dtype=i64, rows=8, cols=16>, %b: !pto.tile_buf<loc=vec, dtype=i64, rows=8, cols=16, pad=1>) {
  // expected-error @+1 {{pto.tfillpad dtype i64 is not supported on target cpu}}
  pto.tfillpad ins(%a : !pto.tile_buf<loc=vec, dtype=i64, rows=8, cols=16>) outs(%b : !pto.tile_buf<loc=vec, dtype=i64, rows=8, cols=16, pad=1>)
  func.return
}

// -----

// a mat tfillpad keeps src's shape
func.func @case4(%a: !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, blayout=col_major, slayout=row_major>, %b: !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=16, blayout=col_major, slayout=row_major>) {
  // expected-error @+1 {{pto.tfillpad dst shape 32x16 must equal the src shape 16x16}}
  pto.tfillpad ins(%a : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, blayout=col_major, slayout=row_major>) outs(%b : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=16, blayout=col_major, slayout=row_major>)
  func.return
}

// -----

// a vec tfillpad is the expand form when the shapes differ: dst at least src
func.func @case4b(%a: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %b: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, pad=1>) {
  // expected-error @+1 {{pto.tfillpad dst shape 8x16 must be at least the src shape 16x16}}
  pto.tfillpad ins(%a : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) outs(%b : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, pad=1>)
  func.return
}

// -----

// tfillpad_expand: dst at least src
func.func @case5(%a: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %b: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, pad=1>) {
  // expected-error @+1 {{pto.tfillpad_expand dst shape 8x16 must be at least the src shape 16x16}}
  pto.tfillpad_expand ins(%a : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) outs(%b : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, pad=1>)
  func.return
}

// -----

// expand and inplace are vec only
func.func @case6(%a: !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, blayout=col_major, slayout=row_major>) {
  // expected-error @+1 {{pto.tfillpad_inplace dst must be in loc=vec, got loc=mat}}
  pto.tfillpad_inplace ins(%a : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, blayout=col_major, slayout=row_major>) outs(%a : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, blayout=col_major, slayout=row_major>)
  func.return
}

// -----

// src in dst's location
func.func @case7(%a: !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, blayout=col_major, slayout=row_major>, %b: !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, pad=1>) {
  // expected-error @+1 {{pto.tfillpad src must be in loc=vec, got loc=mat}}
  pto.tfillpad ins(%a : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, blayout=col_major, slayout=row_major>) outs(%b : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, pad=1>)
  func.return
}

// -----

// a mat tile fills zero
func.func @case8(%a: !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, blayout=col_major, slayout=row_major, pad=2>) {
  // expected-error @+1 {{pto.tfillpad of a loc=mat tile fills zero: dst pad must be null or zero}}
  pto.tfillpad ins(%a : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, blayout=col_major, slayout=row_major, pad=2>) outs(%a : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, blayout=col_major, slayout=row_major, pad=2>)
  func.return
}

// -----

// a mat tile is nZ
func.func @case9(%a: !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, blayout=row_major, slayout=col_major>) {
  // expected-error @+1 {{pto.tfillpad src (loc=mat) needs blayout=col_major, slayout=row_major}}
  pto.tfillpad ins(%a : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, blayout=row_major, slayout=col_major>) outs(%a : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, blayout=row_major, slayout=col_major>)
  func.return
}
