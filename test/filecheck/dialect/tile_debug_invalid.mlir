// RUN: pto-opt %s --split-input-file --verify-diagnostics

// tprint.md: float, half, int8..int32, uint8..uint32 (no bf16)
func.func @case0(%t: !pto.tile<loc=vec, dtype=bf16, rows=4, cols=16>) {
  // expected-error @+1 {{pto.tprint src dtype bf16 is not supported on target cpu}}
  pto.tprint %t : !pto.tile<loc=vec, dtype=bf16, rows=4, cols=16>
  func.return
}

// -----

// a loc=vec tile (Acc/Mat tiles need a GM scratch: not supported)
func.func @case1(%t: !pto.tile<loc=mat, dtype=f32, rows=16, cols=16>) {
  // expected-error @+1 {{pto.tprint src must be in loc=vec, got loc=mat}}
  pto.tprint %t : !pto.tile<loc=mat, dtype=f32, rows=16, cols=16>
  func.return
}

// -----

// one source
func.func @case2(%t: !pto.tile<loc=vec, dtype=f32, rows=4, cols=8>) {
  // expected-error @+1 {{pto.tprint expects 1 source operand(s), got 2}}
  pto.tprint %t, %t : !pto.tile<loc=vec, dtype=f32, rows=4, cols=8>, !pto.tile<loc=vec, dtype=f32, rows=4, cols=8>
  func.return
}

// -----

// a tile (the page's GlobalTensor form is not supported)
func.func @case3(%s: f32) {
  // expected-error @+1 {{pto.tprint src must be a !pto.tile or !pto.tile_buf}}
  pto.tprint %s : f32
  func.return
}
