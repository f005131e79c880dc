// RUN: pto-opt %s --split-input-file --verify-diagnostics

// loc=vec for dst
func.func @case0(%s: i32) {
  // expected-error @+1 {{pto.tci dst must be in loc=vec, got loc=mat}}
  %x = pto.tci %s : i32 -> !pto.tile<loc=mat, dtype=i32, rows=1, cols=16>
  func.return
}

// -----

// tci element types: i32 ui32 i16 ui16
func.func @case1(%s: f32) {
  // expected-error @+1 {{pto.tci dst dtype f32 is not supported on target cpu (supported: i16, i32, ui16, ui32)}}
  %x = pto.tci %s : f32 -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=16>
  func.return
}

// -----

// start has the element type
func.func @case2(%s: i16) {
  // expected-error @+1 {{pto.tci start type i16 must be the element type i32}}
  %x = pto.tci %s : i16 -> !pto.tile<loc=vec, dtype=i32, rows=1, cols=16>
  func.return
}

// -----

// start is a scalar
func.func @case3(%s: !pto.tile<loc=vec, dtype=i32, rows=1, cols=16>) {
  // expected-error @+1 {{pto.tci start must be a scalar, got a tile}}
  %x = pto.tci %s : !pto.tile<loc=vec, dtype=i32, rows=1, cols=16> -> !pto.tile<loc=vec, dtype=i32, rows=1, cols=16>
  func.return
}

// -----

// TCI: Rows == 1
func.func @case4(%s: i32) {
  // expected-error @+1 {{pto.tci dst must have 1 row (TCI: Rows == 1), got 2}}
  %x = pto.tci %s : i32 -> !pto.tile<loc=vec, dtype=i32, rows=2, cols=16>
  func.return
}

// -----

// SSA result needs a static valid shape
func.func @case6(%s: i32) {
  // expected-error @+1 {{pto.tci in SSA form needs a static valid shape}}
  %x = pto.tci %s : i32 -> !pto.tile<loc=vec, dtype=i32, rows=1, cols=16, v_row=1, v_col=?>
  func.return
}

// -----

// tmp in loc=vec
func.func @case7(%s: i32, %t: !pto.tile_buf<loc=mat, dtype=f32, rows=1, cols=512>, %d: !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=16>) {
  // expected-error @+1 {{pto.tci tmp must be in loc=vec, got loc=mat}}
  pto.tci ins(%s, %t : i32, !pto.tile_buf<loc=mat, dtype=f32, rows=1, cols=512>) outs(%d : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=16>)
  func.return
}

// -----

// A2/A3: tmp of a 4-byte type
module attributes {pto.target_arch = "a2a3"} {
func.func @case8(%s: i32, %t: !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=1024>, %d: !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=16>) {
  // expected-error @+1 {{pto.tci tmp dtype f16 must be a 4-byte type on target a2a3 (f32, i32 or ui32)}}
  pto.tci ins(%s, %t : i32, !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=1024>) outs(%d : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=16>)
  func.return
}
}

// -----

// A2/A3: tmp of at least 1792 bytes for b16
module attributes {pto.target_arch = "a2a3"} {
func.func @case9(%s: i16, %t: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256>, %d: !pto.tile_buf<loc=vec, dtype=i16, rows=1, cols=16>) {
  // expected-error @+1 {{pto.tci tmp of 1024 bytes is too small on target a2a3: i16 elements need 1792 bytes}}
  pto.tci ins(%s, %t : i16, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256>) outs(%d : !pto.tile_buf<loc=vec, dtype=i16, rows=1, cols=16>)
  func.return
}
}

// -----

// ttri element types per target (A2/A3: no bf16)
module attributes {pto.target_arch = "a2a3"} {
func.func @case10(%s: i32) {
  // expected-error @+1 {{pto.ttri dst dtype bf16 is not supported on target a2a3}}
  %x = pto.ttri %s : i32 -> !pto.tile<loc=vec, dtype=bf16, rows=16, cols=16>
  func.return
}
}

// -----

// ttri diagonal is a signless integer
func.func @case11(%s: f32) {
  // expected-error @+1 {{pto.ttri diagonal must be a signless integer, got f32}}
  %x = pto.ttri %s : f32 -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
  func.return
}

// -----

// ttri diagonal is a C++ int
func.func @case12(%s: i64) {
  // expected-error @+1 {{pto.ttri diagonal must be at most 32 bits (C++ int), got i64}}
  %x = pto.ttri %s : i64 -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
  func.return
}

// -----

// isUpperOrLower must be 0 or 1
func.func @case13(%s: i32) {
  // expected-error @+1 {{pto.ttri upperOrLower must be 0 (lower) or 1 (upper), got 2}}
  %x = pto.ttri %s {upperOrLower = 2 : i32} : i32 -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
  func.return
}

// -----

// TTRI: isRowMajor
func.func @case14(%s: i32) {
  // expected-error @+1 {{pto.ttri dst must be row-major (TTRI: isRowMajor)}}
  %x = pto.ttri %s : i32 -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, blayout=col_major>
  func.return
}

// -----

// ttri loc=vec
func.func @case15(%s: i32) {
  // expected-error @+1 {{pto.ttri dst must be in loc=vec, got loc=mat}}
  %x = pto.ttri %s : i32 -> !pto.tile<loc=mat, dtype=f32, rows=16, cols=16>
  func.return
}

// -----

// vci: integer, f16 or f32 elements
func.func @case16(%s: bf16) {
  pto.vecscope {
    // expected-error @+1 {{pto.vci element type bf16 is not supported on target cpu (supported: f16, f32, i16, i32, i8, ui16, ui32, ui8)}}
    %x = pto.vci %s : bf16 -> !pto.vreg<128xbf16>
  }
  func.return
}

// -----

// vci: the index has the element type
func.func @case17(%s: i16) {
  pto.vecscope {
    // expected-error @+1 {{pto.vci index type i16 must be the element type i32}}
    %x = pto.vci %s : i16 -> !pto.vreg<64xi32>
  }
  func.return
}

// -----

// vci: order ASC or DESC
func.func @case18(%s: i32) {
  pto.vecscope {
    // expected-error @+1 {{pto.vci order "UP" must be "ASC" or "DESC"}}
    %x = pto.vci %s {order = "UP"} : i32 -> !pto.vreg<64xi32>
  }
  func.return
}

// -----

// trandom: no A2/A3 implementation
module attributes {pto.target_arch = "a2a3"} {
func.func @case100(%s: i32, %w: i64) {
  // expected-error @+1 {{pto.trandom dst dtype i32 is not supported on target a2a3 (supported: none)}}
  %x = pto.trandom %s, %s, %s, %s, %s, %s : (i32, i32, i32, i32, i32, i32) -> !pto.tile<loc=vec, dtype=i32, rows=2, cols=64>
  func.return
}
}

// -----

// trandom: int32_t or uint32_t
func.func @case101(%s: i32, %w: i64) {
  // expected-error @+1 {{pto.trandom dst dtype f32 is not supported on target cpu (supported: i32, ui32)}}
  %x = pto.trandom %s, %s, %s, %s, %s, %s : (i32, i32, i32, i32, i32, i32) -> !pto.tile<loc=vec, dtype=f32, rows=2, cols=64>
  func.return
}

// -----

// trandom: Rounds is 7 or 10
func.func @case102(%s: i32, %w: i64) {
  // expected-error @+1 {{pto.trandom rounds must be 7 or 10, got 8}}
  %x = pto.trandom %s, %s, %s, %s, %s, %s {rounds = 8 : i32} : (i32, i32, i32, i32, i32, i32) -> !pto.tile<loc=vec, dtype=i32, rows=2, cols=64>
  func.return
}

// -----

// trandom: row-major
func.func @case103(%s: i32, %w: i64) {
  // expected-error @+1 {{pto.trandom dst must be row-major (TRANDOM: isRowMajor)}}
  %x = pto.trandom %s, %s, %s, %s, %s, %s : (i32, i32, i32, i32, i32, i32) -> !pto.tile<loc=vec, dtype=i32, rows=8, cols=2, blayout=col_major>
  func.return
}

// -----

// trandom: key and counter words are uint32_t
func.func @case104(%s: i32, %w: i64) {
  // expected-error @+1 {{pto.trandom counter3 must be an i32 (a uint32_t word), got i64}}
  %x = pto.trandom %s, %s, %s, %s, %s, %w : (i32, i32, i32, i32, i32, i64) -> !pto.tile<loc=vec, dtype=i32, rows=2, cols=64>
  func.return
}

// -----

// trandom: six scalars
func.func @case105(%s: i32, %w: i64) {
  // expected-error @+1 {{pto.trandom expects 6 source operand(s), got 5}}
  %x = pto.trandom %s, %s, %s, %s, %s : (i32, i32, i32, i32, i32) -> !pto.tile<loc=vec, dtype=i32, rows=2, cols=64>
  func.return
}
