// RUN: pto-opt %s --split-input-file --verify-diagnostics

!v = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32>
!i = !pto.tile_buf<loc=vec, dtype=ui32, rows=16, cols=32>

// two destinations, DPS
func.func @case0(%a: !v, %ai: !i) {
  // expected-error @+1 {{pto.tpartargmax writes a value tile and an index tile: use the DPS form outs(%dstVal, %dstIdx)}}
  pto.tpartargmax ins(%a, %a, %ai, %ai : !v, !v, !i, !i) outs(%a : !v)
  func.return
}

// -----

!v = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32>
!i = !pto.tile_buf<loc=vec, dtype=ui32, rows=16, cols=32>

// four sources
func.func @case1(%a: !v, %ai: !i) {
  // expected-error @+1 {{pto.tpartargmin expects ins(%src0Val, %src1Val, %src0Idx, %src1Idx), got 3 sources}}
  pto.tpartargmin ins(%a, %a, %ai : !v, !v, !i) outs(%a, %ai : !v, !i)
  func.return
}

// -----

!v = !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=32, blayout=col_major, slayout=row_major>
!w = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32>
!i = !pto.tile_buf<loc=vec, dtype=ui32, rows=16, cols=32>

// loc=vec
func.func @case2(%a: !v, %w: !w, %ai: !i) {
  // expected-error @+1 {{pto.tpartargmax src0Val must be in loc=vec, got loc=mat}}
  pto.tpartargmax ins(%a, %w, %ai, %ai : !v, !w, !i, !i) outs(%w, %ai : !w, !i)
  func.return
}

// -----

!v = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32>
!h = !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32>
!i = !pto.tile_buf<loc=vec, dtype=ui32, rows=16, cols=32>

// one value type
func.func @case3(%a: !v, %h: !h, %ai: !i) {
  // expected-error @+1 {{pto.tpartargmax src1Val dtype f16 must equal the dstVal dtype f32}}
  pto.tpartargmax ins(%a, %h, %ai, %ai : !v, !h, !i, !i) outs(%a, %ai : !v, !i)
  func.return
}

// -----

!v = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32>
!i = !pto.tile_buf<loc=vec, dtype=ui32, rows=16, cols=32>
!j = !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=32>

// one index type
func.func @case4(%a: !v, %ai: !i, %aj: !j) {
  // expected-error @+1 {{pto.tpartargmax src0Idx dtype i32 must equal the dstIdx dtype ui32}}
  pto.tpartargmax ins(%a, %a, %aj, %ai : !v, !v, !j, !i) outs(%a, %ai : !v, !i)
  func.return
}

// -----

// A5 values: half or float (a5/TPartArgBinOps.hpp)
builtin.module attributes {pto.target_arch = "a5"} {
func.func @case5(%a: !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=32>, %ai: !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=32>) {
  // expected-error @+1 {{pto.tpartargmin dtype i32 is not supported on target a5 (supported: f16, f32)}}
  pto.tpartargmin ins(%a, %a, %ai, %ai : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=32>, !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=32>, !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=32>, !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=32>) outs(%a, %ai : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=32>, !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=32>)
  func.return
}
}

// -----

!v = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32>
!i = !pto.tile_buf<loc=vec, dtype=i16, rows=16, cols=32>

// float values take 32-bit indices
func.func @case6(%a: !v, %ai: !i) {
  // expected-error @+1 {{pto.tpartargmax index dtype i16 must be a 32-bit integer for f32 values}}
  pto.tpartargmax ins(%a, %a, %ai, %ai : !v, !v, !i, !i) outs(%a, %ai : !v, !i)
  func.return
}

// -----

!v = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32>
!i = !pto.tile_buf<loc=vec, dtype=ui32, rows=16, cols=32>
!pi = !pto.tile_buf<loc=vec, dtype=ui32, rows=16, cols=32, v_row=8, v_col=32>

// each index tile has its value tile's valid shape
func.func @case7(%a: !v, %ai: !i, %pi: !pi) {
  // expected-error @+1 {{pto.tpartargmax src1Idx valid shape 8x32 must be the src1Val valid shape 16x32}}
  pto.tpartargmax ins(%a, %a, %ai, %pi : !v, !v, !i, !pi) outs(%a, %ai : !v, !i)
  func.return
}

// -----

!v = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32>
!p = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=8, v_col=32>
!q = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=16, v_col=16>
!i = !pto.tile_buf<loc=vec, dtype=ui32, rows=16, cols=32>
!pi = !pto.tile_buf<loc=vec, dtype=ui32, rows=16, cols=32, v_row=8, v_col=32>
!qi = !pto.tile_buf<loc=vec, dtype=ui32, rows=16, cols=32, v_row=16, v_col=16>

// one source's valid shape is dst's, the other's within it
func.func @case8(%a: !v, %p: !p, %q: !q, %ai: !i, %pi: !pi, %qi: !qi) {
  // expected-error @+1 {{pto.tpartargmax valid shapes src0 8x32, src1 16x16, dst 16x32: one source's valid shape must equal dst's and the other must not exceed it}}
  pto.tpartargmax ins(%p, %q, %pi, %qi : !p, !q, !pi, !qi) outs(%a, %ai : !v, !i)
  func.return
}
