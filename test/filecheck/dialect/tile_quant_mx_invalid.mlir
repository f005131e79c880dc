// RUN: pto-opt %s --split-input-file --verify-diagnostics

// One case per verifier rule of tquant.mx (PTOAS PTO.cpp TQuantMxOp::verify).

// outs are dst, exp, max, scaling and the optional exp_zz
builtin.module attributes {pto.target_arch = "a5"} {
func.func @f(%x: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>, %d: !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64>, %e: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, %m: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tquant.mx takes ins(%src) outs(%dst, %exp, %max, %scaling[, %exp_zz])}}
  pto.tquant.mx ins(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>) outs(%d, %e, %m : !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64>, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>) {quant_type = #pto<quant_type MXFP8>}
  func.return
}
}

// -----

// A5 and the CPU simulator only
builtin.module attributes {pto.target_arch = "a2a3"} {
func.func @f(%x: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>, %d: !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64>, %e: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, %m: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, %s: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tquant.mx is only supported on A5 (and the CPU simulator)}}
  pto.tquant.mx ins(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>) outs(%d, %e, %m, %s : !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64>, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>) {quant_type = #pto<quant_type MXFP8>}
  func.return
}
}

// -----

// every tile is a vec tile
builtin.module attributes {pto.target_arch = "a5"} {
func.func @f(%x: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>, %d: !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64>, %e: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, %m: !pto.tile_buf<loc=mat, dtype=f32, rows=1, cols=32>, %s: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tquant.mx max must be in loc=vec, got loc=mat}}
  pto.tquant.mx ins(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>) outs(%d, %e, %m, %s : !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64>, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, !pto.tile_buf<loc=mat, dtype=f32, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>) {quant_type = #pto<quant_type MXFP8>}
  func.return
}
}

// -----

// every tile is ND
builtin.module attributes {pto.target_arch = "a5"} {
func.func @f(%x: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>, %d: !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64>, %e: !pto.tile_buf<loc=vec, dtype=ui8, rows=32, cols=32, blayout=col_major>, %m: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, %s: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tquant.mx exp must be an ND tile (row_major, none_box)}}
  pto.tquant.mx ins(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>) outs(%d, %e, %m, %s : !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64>, !pto.tile_buf<loc=vec, dtype=ui8, rows=32, cols=32, blayout=col_major>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>) {quant_type = #pto<quant_type MXFP8>}
  func.return
}
}

// -----

// static shapes
builtin.module attributes {pto.target_arch = "a5"} {
func.func @f(%x: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>, %d: !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64>, %e: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, %m: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, %s: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32, v_row=?, v_col=?>) {
  // expected-error @+1 {{pto.tquant.mx scaling needs static shapes}}
  pto.tquant.mx ins(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>) outs(%d, %e, %m, %s : !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64>, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32, v_row=?, v_col=?>) {quant_type = #pto<quant_type MXFP8>}
  func.return
}
}

// -----

// an MX quant_type
builtin.module attributes {pto.target_arch = "a5"} {
func.func @f(%x: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>, %d: !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64>, %e: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, %m: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, %s: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tquant.mx quant_type must be MXFP8 or MXFP4_E2M1}}
  pto.tquant.mx ins(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>) outs(%d, %e, %m, %s : !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64>, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>) {quant_type = #pto<quant_type INT8_SYM>}
  func.return
}
}

// -----

// interleave goes with axis0
builtin.module attributes {pto.target_arch = "a5"} {
func.func @f(%x: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>, %d: !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64>, %e: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, %m: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, %s: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tquant.mx interleave needs grpAxis = axis0}}
  pto.tquant.mx ins(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>) outs(%d, %e, %m, %s : !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64>, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>) {quant_type = #pto<quant_type MXFP8>, interleave = true}
  func.return
}
}

// -----

// exp_zz goes with axis1
builtin.module attributes {pto.target_arch = "a5"} {
func.func @f(%x: !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=32>, %d: !pto.tile_buf<loc=vec, dtype=i8, rows=64, cols=32>, %e: !pto.tile_buf<loc=vec, dtype=ui8, rows=2, cols=32>, %m: !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=32>, %s: !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=32>, %z: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tquant.mx exp_zz (deprecated) needs grpAxis = axis1}}
  pto.tquant.mx ins(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=32>) outs(%d, %e, %m, %s, %z : !pto.tile_buf<loc=vec, dtype=i8, rows=64, cols=32>, !pto.tile_buf<loc=vec, dtype=ui8, rows=2, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=32>, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>) {quant_type = #pto<quant_type MXFP8>, grpAxis = #pto<mx_group_axis axis0>, storeMode = #pto<vec_store_mode nz>}
  func.return
}
}

// -----

// exp_zz and storeMode together
builtin.module attributes {pto.target_arch = "a5"} {
func.func @f(%x: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>, %d: !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64>, %e: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, %m: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, %s: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, %z: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tquant.mx exp_zz and storeMode go together}}
  pto.tquant.mx ins(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>) outs(%d, %e, %m, %s, %z : !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64>, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>) {quant_type = #pto<quant_type MXFP8>}
  func.return
}
}

// -----

// the storeMode form is OCP
builtin.module attributes {pto.target_arch = "a5"} {
func.func @f(%x: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>, %d: !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64>, %e: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, %m: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, %s: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, %z: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tquant.mx the storeMode form takes the OCP scale algorithm}}
  pto.tquant.mx ins(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>) outs(%d, %e, %m, %s, %z : !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64>, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>) {quant_type = #pto<quant_type MXFP8>, quantScaleAlg = #pto<quant_scale_alg nv>, storeMode = #pto<vec_store_mode nz>}
  func.return
}
}

// -----

// f32, f16 or bf16 sources
builtin.module attributes {pto.target_arch = "a5"} {
func.func @f(%x: !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=64>, %d: !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64>, %e: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, %m: !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=32>, %s: !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tquant.mx src dtype i32 must be f32, f16 or bf16}}
  pto.tquant.mx ins(%x : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=64>) outs(%d, %e, %m, %s : !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64>, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=32>) {quant_type = #pto<quant_type MXFP8>}
  func.return
}
}

// -----

// exponent bytes
builtin.module attributes {pto.target_arch = "a5"} {
func.func @f(%x: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>, %d: !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64>, %e: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, %m: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, %s: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tquant.mx exp dtype f32 must be i8 or ui8}}
  pto.tquant.mx ins(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>) outs(%d, %e, %m, %s : !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>) {quant_type = #pto<quant_type MXFP8>}
  func.return
}
}

// -----

// max in the source type
builtin.module attributes {pto.target_arch = "a5"} {
func.func @f(%x: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>, %d: !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64>, %e: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, %m: !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=32>, %s: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tquant.mx max dtype f16 must equal the src dtype f32}}
  pto.tquant.mx ins(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>) outs(%d, %e, %m, %s : !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64>, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>) {quant_type = #pto<quant_type MXFP8>}
  func.return
}
}

// -----

// MXFP4 writes packed E2M1
builtin.module attributes {pto.target_arch = "a5"} {
func.func @f(%x: !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64>, %d: !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64>, %e: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, %m: !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=32>, %s: !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tquant.mx MXFP4_E2M1 dst dtype must be f4E2M1x2, got i8}}
  pto.tquant.mx ins(%x : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64>) outs(%d, %e, %m, %s : !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64>, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=32>) {quant_type = #pto<quant_type MXFP4_E2M1>}
  func.return
}
}

// -----

// MXFP4 from 16-bit floats
builtin.module attributes {pto.target_arch = "a5"} {
func.func @f(%x: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>, %d: !pto.tile_buf<loc=vec, dtype=!pto.f4E2M1x2, rows=16, cols=32>, %e: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, %m: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, %s: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tquant.mx MXFP4_E2M1 src dtype must be f16 or bf16}}
  pto.tquant.mx ins(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>) outs(%d, %e, %m, %s : !pto.tile_buf<loc=vec, dtype=!pto.f4E2M1x2, rows=16, cols=32>, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>) {quant_type = #pto<quant_type MXFP4_E2M1>}
  func.return
}
}

// -----

// MXFP8 writes bytes
builtin.module attributes {pto.target_arch = "a5"} {
func.func @f(%x: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>, %d: !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64>, %e: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, %m: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, %s: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tquant.mx MXFP8 dst dtype f16 must be i8 or ui8}}
  pto.tquant.mx ins(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>) outs(%d, %e, %m, %s : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64>, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>) {quant_type = #pto<quant_type MXFP8>}
  func.return
}
}

// -----

// whole groups
builtin.module attributes {pto.target_arch = "a5"} {
func.func @f(%x: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=48>, %d: !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64, v_row=16, v_col=48>, %e: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, %m: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, %s: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tquant.mx src valid cols 48 must be a multiple of 32}}
  pto.tquant.mx ins(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=48>) outs(%d, %e, %m, %s : !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64, v_row=16, v_col=48>, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>) {quant_type = #pto<quant_type MXFP8>}
  func.return
}
}

// -----

// dst holds every value
builtin.module attributes {pto.target_arch = "a5"} {
func.func @f(%x: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>, %d: !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64, v_row=8, v_col=64>, %e: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, %m: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, %s: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tquant.mx dst valid shape 8x64 must be 16x64}}
  pto.tquant.mx ins(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>) outs(%d, %e, %m, %s : !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64, v_row=8, v_col=64>, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>) {quant_type = #pto<quant_type MXFP8>}
  func.return
}
}

// -----

// interleave needs row pairs of groups
builtin.module attributes {pto.target_arch = "a5"} {
func.func @f(%x: !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32>, %d: !pto.tile_buf<loc=vec, dtype=i8, rows=32, cols=32>, %e: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=64, v_row=1, v_col=64>, %m: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, %s: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tquant.mx interleave needs src valid rows a multiple of 64}}
  pto.tquant.mx ins(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32>) outs(%d, %e, %m, %s : !pto.tile_buf<loc=vec, dtype=i8, rows=32, cols=32>, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=64, v_row=1, v_col=64>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>) {quant_type = #pto<quant_type MXFP8>, grpAxis = #pto<mx_group_axis axis0>, interleave = true}
  func.return
}
}

// -----

// interleaved exponents are [M/64, 2N]
builtin.module attributes {pto.target_arch = "a5"} {
func.func @f(%x: !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=32>, %d: !pto.tile_buf<loc=vec, dtype=i8, rows=64, cols=32>, %e: !pto.tile_buf<loc=vec, dtype=ui8, rows=2, cols=32>, %m: !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=32>, %s: !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=32>) {
  // expected-error @+1 {{pto.tquant.mx interleaved exp valid shape 2x32 must be 1x64}}
  pto.tquant.mx ins(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=32>) outs(%d, %e, %m, %s : !pto.tile_buf<loc=vec, dtype=i8, rows=64, cols=32>, !pto.tile_buf<loc=vec, dtype=ui8, rows=2, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=32>) {quant_type = #pto<quant_type MXFP8>, grpAxis = #pto<mx_group_axis axis0>, interleave = true}
  func.return
}
}

// -----

// group tiles are [M, N/32] or flat
builtin.module attributes {pto.target_arch = "a5"} {
func.func @f(%x: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>, %d: !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64>, %e: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, %m: !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=32, v_row=2, v_col=16>, %s: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tquant.mx max valid shape 2x16 must be 16x2 or 1x32}}
  pto.tquant.mx ins(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>) outs(%d, %e, %m, %s : !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64>, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=32, v_row=2, v_col=16>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>) {quant_type = #pto<quant_type MXFP8>}
  func.return
}
}

// -----

// exp_zz holds every group
builtin.module attributes {pto.target_arch = "a5"} {
func.func @f(%x: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>, %d: !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64>, %e: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, %m: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, %s: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, %z: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=64>) {
  // expected-error @+1 {{pto.tquant.mx exp_zz must hold the 32 group exponents}}
  pto.tquant.mx ins(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>) outs(%d, %e, %m, %s, %z : !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64>, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=64>) {quant_type = #pto<quant_type MXFP8>, storeMode = #pto<vec_store_mode nz>}
  func.return
}
}

// -----

// tmov X-to-ZZ: X-to-ZZ is A5's
builtin.module attributes {pto.target_arch = "a2a3"} {
func.func @f(%s: !pto.tile_buf<loc=vec, dtype=ui8, rows=2, cols=64>, %d: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=128, blayout=row_major, slayout=row_major>, %t: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tmov X-to-ZZ is only supported on A5}}
  pto.tmov ins(%s, %t : !pto.tile_buf<loc=vec, dtype=ui8, rows=2, cols=64>, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>) outs(%d : !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=128, blayout=row_major, slayout=row_major>) {grpAxis = #pto<mx_group_axis axis0>}
  func.return
}
}

// -----

// tmov X-to-ZZ: one element type
builtin.module attributes {pto.target_arch = "a5"} {
func.func @f(%s: !pto.tile_buf<loc=vec, dtype=ui8, rows=2, cols=64>, %d: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=128, blayout=row_major, slayout=row_major>, %t: !pto.tile_buf<loc=vec, dtype=!pto.hif8, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tmov X-to-ZZ src, dst and tmp share one element type}}
  pto.tmov ins(%s, %t : !pto.tile_buf<loc=vec, dtype=ui8, rows=2, cols=64>, !pto.tile_buf<loc=vec, dtype=!pto.hif8, rows=1, cols=32>) outs(%d : !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=128, blayout=row_major, slayout=row_major>) {grpAxis = #pto<mx_group_axis axis0>}
  func.return
}
}

// -----

// tmov X-to-ZZ: ui8, hif8 or f8E8M0
builtin.module attributes {pto.target_arch = "a5"} {
func.func @f(%s: !pto.tile_buf<loc=vec, dtype=i8, rows=2, cols=64>, %d: !pto.tile_buf<loc=vec, dtype=i8, rows=1, cols=128, blayout=row_major, slayout=row_major>, %t: !pto.tile_buf<loc=vec, dtype=i8, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tmov X-to-ZZ element type must be ui8, hif8 or f8E8M0, got i8}}
  pto.tmov ins(%s, %t : !pto.tile_buf<loc=vec, dtype=i8, rows=2, cols=64>, !pto.tile_buf<loc=vec, dtype=i8, rows=1, cols=32>) outs(%d : !pto.tile_buf<loc=vec, dtype=i8, rows=1, cols=128, blayout=row_major, slayout=row_major>) {grpAxis = #pto<mx_group_axis axis0>}
  func.return
}
}

// -----

// tmov X-to-ZZ: an ND source
builtin.module attributes {pto.target_arch = "a5"} {
func.func @f(%s: !pto.tile_buf<loc=vec, dtype=ui8, rows=2, cols=64, blayout=row_major, slayout=row_major>, %d: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=128, blayout=row_major, slayout=row_major>, %t: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tmov X-to-ZZ src must be ND (row_major, none_box)}}
  pto.tmov ins(%s, %t : !pto.tile_buf<loc=vec, dtype=ui8, rows=2, cols=64, blayout=row_major, slayout=row_major>, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>) outs(%d : !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=128, blayout=row_major, slayout=row_major>) {grpAxis = #pto<mx_group_axis axis0>}
  func.return
}
}

// -----

// tmov X-to-ZZ: a ZZ destination
builtin.module attributes {pto.target_arch = "a5"} {
func.func @f(%s: !pto.tile_buf<loc=vec, dtype=ui8, rows=2, cols=64>, %d: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=128>, %t: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tmov X-to-ZZ dst must be boxed row_major / row_major (the ZZ box)}}
  pto.tmov ins(%s, %t : !pto.tile_buf<loc=vec, dtype=ui8, rows=2, cols=64>, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>) outs(%d : !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=128>) {grpAxis = #pto<mx_group_axis axis0>}
  func.return
}
}

// -----

// tmov X-to-ZZ: as many exponents
builtin.module attributes {pto.target_arch = "a5"} {
func.func @f(%s: !pto.tile_buf<loc=vec, dtype=ui8, rows=2, cols=64>, %d: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=256, blayout=row_major, slayout=row_major>, %t: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tmov X-to-ZZ src and dst must hold as many exponents}}
  pto.tmov ins(%s, %t : !pto.tile_buf<loc=vec, dtype=ui8, rows=2, cols=64>, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>) outs(%d : !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=256, blayout=row_major, slayout=row_major>) {grpAxis = #pto<mx_group_axis axis0>}
  func.return
}
}

// -----

// tmov X-to-ZZ: DN: row pairs
builtin.module attributes {pto.target_arch = "a5"} {
func.func @f(%s: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=128>, %d: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=128, blayout=row_major, slayout=row_major>, %t: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tmov DN-to-ZZ src valid rows 1 must be an even count >= 2}}
  pto.tmov ins(%s, %t : !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=128>, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>) outs(%d : !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=128, blayout=row_major, slayout=row_major>) {grpAxis = #pto<mx_group_axis axis0>}
  func.return
}
}

// -----

// tmov X-to-ZZ: grpAxis only with a tmp
builtin.module attributes {pto.target_arch = "a5"} {
func.func @f(%s: !pto.tile_buf<loc=vec, dtype=ui8, rows=2, cols=64>, %d: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=128, blayout=row_major, slayout=row_major>) {
  // expected-error @+1 {{pto.tmov grpAxis belongs to the X-to-ZZ form (a vec tmp tile)}}
  pto.tmov ins(%s : !pto.tile_buf<loc=vec, dtype=ui8, rows=2, cols=64>) outs(%d : !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=128, blayout=row_major, slayout=row_major>) {grpAxis = #pto<mx_group_axis axis0>}
  func.return
}
}
