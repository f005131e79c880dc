// RUN: pto-opt %s --split-input-file --verify-diagnostics

// loc=vec for every tile
func.func @case0(%a: !pto.tile<loc=mat, dtype=f32, rows=8, cols=16>, %b: !pto.tile<loc=vec, dtype=f32, rows=8, cols=16>) {
  // expected-error @+1 {{pto.tpartadd src0 must be in loc=vec, got loc=mat}}
  %x = pto.tpartadd %a, %b : (!pto.tile<loc=mat, dtype=f32, rows=8, cols=16>, !pto.tile<loc=vec, dtype=f32, rows=8, cols=16>) -> !pto.tile<loc=vec, dtype=f32, rows=8, cols=16>
  func.return
}

// -----

// dst, src0 and src1 use the same element type
func.func @case1(%a: !pto.tile<loc=vec, dtype=f32, rows=8, cols=16>, %b: !pto.tile<loc=vec, dtype=f16, rows=8, cols=16>) {
  // expected-error @+1 {{pto.tpartmul src1 dtype f16 must equal the dst dtype f32}}
  %x = pto.tpartmul %a, %b : (!pto.tile<loc=vec, dtype=f32, rows=8, cols=16>, !pto.tile<loc=vec, dtype=f16, rows=8, cols=16>) -> !pto.tile<loc=vec, dtype=f32, rows=8, cols=16>
  func.return
}

// -----

// A2/A3 element types: int32, int16, half, float
builtin.module attributes {pto.target_arch = "a2a3"} {
func.func @case2(%a: !pto.tile<loc=vec, dtype=bf16, rows=8, cols=16>) {
  // expected-error @+1 {{pto.tpartmax dtype bf16 is not supported on target a2a3 (supported: f16, f32, i16, i32)}}
  %x = pto.tpartmax %a, %a : (!pto.tile<loc=vec, dtype=bf16, rows=8, cols=16>, !pto.tile<loc=vec, dtype=bf16, rows=8, cols=16>) -> !pto.tile<loc=vec, dtype=bf16, rows=8, cols=16>
  func.return
}
}

// -----

// CPU simulator (TPartCheck): no 16/32-bit unsigned types
func.func @case3(%a: !pto.tile<loc=vec, dtype=ui32, rows=8, cols=16>) {
  // expected-error @+1 {{pto.tpartmin dtype ui32 is not supported on target cpu}}
  %x = pto.tpartmin %a, %a : (!pto.tile<loc=vec, dtype=ui32, rows=8, cols=16>, !pto.tile<loc=vec, dtype=ui32, rows=8, cols=16>) -> !pto.tile<loc=vec, dtype=ui32, rows=8, cols=16>
  func.return
}

// -----

// A2/A3: isRowMajor
builtin.module attributes {pto.target_arch = "a2a3"} {
func.func @case4(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=8, blayout=col_major>) {
  // expected-error @+1 {{pto.tpartadd src0 must be row-major (blayout=row_major), got blayout=col_major}}
  %x = pto.tpartadd %a, %a : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=8, blayout=col_major>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=8, blayout=col_major>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=8, blayout=col_major>
  func.return
}
}

// -----

// A2/A3 and A5: one source's valid shape equals dst's, the other does not exceed it
builtin.module attributes {pto.target_arch = "a5"} {
func.func @case5(%a: !pto.tile<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=8>, %b: !pto.tile<loc=vec, dtype=f32, rows=8, cols=16, v_row=4, v_col=16>) {
  // expected-error @+1 {{pto.tpartadd valid shapes src0 8x8, src1 4x16, dst 8x16: on target a5 one source's valid shape must equal dst's and the other must not exceed it}}
  %x = pto.tpartadd %a, %b : (!pto.tile<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=8>, !pto.tile<loc=vec, dtype=f32, rows=8, cols=16, v_row=4, v_col=16>) -> !pto.tile<loc=vec, dtype=f32, rows=8, cols=16>
  func.return
}
}

// -----

// A5 tpartmax/tpartmin: any sources within dst (PTOAS's TileLib), but none beyond it
builtin.module attributes {pto.target_arch = "a5"} {
func.func @case5b(%a: !pto.tile<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=8>, %b: !pto.tile<loc=vec, dtype=f32, rows=8, cols=16, v_row=4, v_col=16>) {
  %ok = pto.tpartmax %a, %b : (!pto.tile<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=8>, !pto.tile<loc=vec, dtype=f32, rows=8, cols=16, v_row=4, v_col=16>) -> !pto.tile<loc=vec, dtype=f32, rows=8, cols=16>
  // expected-error @+1 {{pto.tpartmin valid shapes src0 8x8, src1 4x16, dst 8x12: on target a5 neither source's valid shape may exceed dst's}}
  %x = pto.tpartmin %a, %b : (!pto.tile<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=8>, !pto.tile<loc=vec, dtype=f32, rows=8, cols=16, v_row=4, v_col=16>) -> !pto.tile<loc=vec, dtype=f32, rows=8, cols=16, v_col=12>
  func.return
}
}

// -----

// SSA result: a static valid shape
func.func @case6(%a: !pto.tile<loc=vec, dtype=f32, rows=8, cols=16>) {
  // expected-error @+1 {{pto.tpartadd in SSA form needs a static valid shape}}
  %x = pto.tpartadd %a, %a : (!pto.tile<loc=vec, dtype=f32, rows=8, cols=16>, !pto.tile<loc=vec, dtype=f32, rows=8, cols=16>) -> !pto.tile<loc=vec, dtype=f32, rows=8, cols=16, v_row=?, v_col=16>
  func.return
}

// -----

// two sources
func.func @case7(%a: !pto.tile<loc=vec, dtype=f32, rows=8, cols=16>) {
  // expected-error @+1 {{pto.tpartadd expects 2 source operand(s), got 1}}
  %x = pto.tpartadd %a : !pto.tile<loc=vec, dtype=f32, rows=8, cols=16> -> !pto.tile<loc=vec, dtype=f32, rows=8, cols=16>
  func.return
}
