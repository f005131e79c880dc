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

// the second source is the GM scratch (the C++ API's GlobalTensor tmp)
func.func @case2(%t: !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=8>) {
  // expected-error @+1 {{pto.tprint tmp must be a GM tensor view (the C++ API's GlobalTensor), got !pto.tile_buf}}
  pto.tprint ins(%t, %t : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=8>, !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=8>)
  func.return
}

// -----

// the scratch holds the whole tile (rows x cols) of src's element type
func.func @case2b(%t: !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=8>, %g: !pto.partition_tensor_view<2x8xf32>) {
  // expected-error @+1 {{pto.tprint tmp holds 16 elements but the tile has 32 (its rows x cols are printed from it)}}
  pto.tprint ins(%t, %g : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=8>, !pto.partition_tensor_view<2x8xf32>)
  func.return
}

// -----

// three sources
func.func @case2c(%t: !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=8>, %g: !pto.partition_tensor_view<4x8xf32>) {
  // expected-error @+1 {{pto.tprint expects src and an optional tmp, got 3 sources}}
  pto.tprint ins(%t, %g, %g : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=8>, !pto.partition_tensor_view<4x8xf32>, !pto.partition_tensor_view<4x8xf32>)
  func.return
}

// -----

// a tile (the page's GlobalTensor form is not supported)
func.func @case3(%s: f32) {
  // expected-error @+1 {{pto.tprint src must be a !pto.tile or !pto.tile_buf}}
  pto.tprint %s : f32
  func.return
}

// -----

// pto.print: one conversion (cce::printf reads one argument)
func.func @print_two(%i: i32) {
  // expected-error @+1 {{pto.print format 'a=%d b=%d' must hold one conversion for its scalar (cce::printf reads one argument), got 2}}
  pto.print ins("a=%d b=%d", %i : i32)
  func.return
}

// -----

// pto.print: the conversion prints the scalar's kind (an empty format is %f)
func.func @print_kind(%i: i32) {
  // expected-error @+1 {{pto.print format conversion %f does not print i32 (one of %d, %i, %u, %o, %x, %X, %c)}}
  pto.print ins("", %i : i32)
  func.return
}
