// RUN: pto-opt %s --split-input-file --verify-diagnostics

// TileType::Vec for src (trowexpand.md)
func.func @case0(%s: !pto.tile<loc=mat, dtype=f32, rows=16, cols=1, blayout=col_major>) {
  // expected-error @+1 {{pto.trowexpand src must be in loc=vec, got loc=mat}}
  %x = pto.trowexpand %s : !pto.tile<loc=mat, dtype=f32, rows=16, cols=1, blayout=col_major> -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>
  func.return
}

// -----

// TileType::Vec for dst
func.func @case1(%s: !pto.tile<loc=vec, dtype=f32, rows=16, cols=1, blayout=col_major>) {
  // expected-error @+1 {{pto.trowexpand dst must be in loc=vec, got loc=mat}}
  %x = pto.trowexpand %s : !pto.tile<loc=vec, dtype=f32, rows=16, cols=1, blayout=col_major> -> !pto.tile<loc=mat, dtype=f32, rows=16, cols=64>
  func.return
}

// -----

// dst layout ND (trowexpand.md)
func.func @case2(%s: !pto.tile<loc=vec, dtype=f32, rows=16, cols=1, blayout=col_major>) {
  // expected-error @+1 {{pto.trowexpand dst must be ND (blayout=row_major, slayout=none_box), got blayout=col_major, slayout=none_box}}
  %x = pto.trowexpand %s : !pto.tile<loc=vec, dtype=f32, rows=16, cols=1, blayout=col_major> -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=64, blayout=col_major>
  func.return
}

// -----

// dst dtype == src dtype
func.func @case3(%s: !pto.tile<loc=vec, dtype=f32, rows=16, cols=1, blayout=col_major>) {
  // expected-error @+1 {{pto.trowexpand dst dtype f16 must equal the src dtype f32}}
  %x = pto.trowexpand %s : !pto.tile<loc=vec, dtype=f32, rows=16, cols=1, blayout=col_major> -> !pto.tile<loc=vec, dtype=f16, rows=16, cols=64>
  func.return
}

// -----

// element types: b8/b16/b32 (trowexpand.md)
func.func @case4(%s: !pto.tile<loc=vec, dtype=i64, rows=16, cols=1, blayout=col_major>) {
  // expected-error @+1 {{pto.trowexpand dtype i64 is not supported on target cpu}}
  %x = pto.trowexpand %s : !pto.tile<loc=vec, dtype=i64, rows=16, cols=1, blayout=col_major> -> !pto.tile<loc=vec, dtype=i64, rows=16, cols=64>
  func.return
}

// -----

// src SLayout::NoneBox (a2a3/a5 TRowExpand.hpp)
func.func @case5(%s: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, slayout=row_major>) {
  // expected-error @+1 {{pto.trowexpand src must not be boxed (slayout=none_box)}}
  %x = pto.trowexpand %s : !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, slayout=row_major> -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>
  func.return
}

// -----

// src valid rows == dst valid rows (TRowExpand.hpp)
func.func @case6(%s: !pto.tile<loc=vec, dtype=f32, rows=8, cols=1, blayout=col_major>) {
  // expected-error @+1 {{pto.trowexpand src valid rows 8 must equal the dst valid rows 16}}
  %x = pto.trowexpand %s : !pto.tile<loc=vec, dtype=f32, rows=8, cols=1, blayout=col_major> -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>
  func.return
}

// -----


// src valid cols == dst valid cols (TColExpand.hpp)
func.func @case8(%s: !pto.tile<loc=vec, dtype=f32, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tcolexpand src valid cols 32 must equal the dst valid cols 64}}
  %x = pto.tcolexpand %s : !pto.tile<loc=vec, dtype=f32, rows=1, cols=32> -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>
  func.return
}

// -----

// tcolexpand src ND (TColExpand.hpp)
func.func @case9(%s: !pto.tile<loc=vec, dtype=f32, rows=8, cols=64, v_row=1, v_col=64, blayout=col_major>) {
  // expected-error @+1 {{pto.tcolexpand src must be ND (blayout=row_major, slayout=none_box), got blayout=col_major, slayout=none_box}}
  %x = pto.tcolexpand %s : !pto.tile<loc=vec, dtype=f32, rows=8, cols=64, v_row=1, v_col=64, blayout=col_major> -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>
  func.return
}

// -----

// TileType::Vec (fused forms)
func.func @case10(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>, %b: !pto.tile<loc=mat, dtype=f32, rows=16, cols=1, blayout=col_major>) {
  // expected-error @+1 {{pto.trowexpandsub src1 must be in loc=vec, got loc=mat}}
  %x = pto.trowexpandsub %a, %b : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=64>, !pto.tile<loc=mat, dtype=f32, rows=16, cols=1, blayout=col_major>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>
  func.return
}

// -----

// dst.DType == src0.DType == src1.DType
func.func @case11(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>, %b: !pto.tile<loc=vec, dtype=f16, rows=16, cols=1, blayout=col_major>) {
  // expected-error @+1 {{pto.trowexpandmul src1 dtype f16 must equal the dst dtype f32}}
  %x = pto.trowexpandmul %a, %b : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=64>, !pto.tile<loc=vec, dtype=f16, rows=16, cols=1, blayout=col_major>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>
  func.return
}

// -----

// no boxed operand
func.func @case12(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=64, slayout=row_major>, %b: !pto.tile<loc=vec, dtype=f32, rows=16, cols=1, blayout=col_major>) {
  // expected-error @+1 {{pto.trowexpandadd src0 must not be boxed (slayout=none_box)}}
  %x = pto.trowexpandadd %a, %b : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=64, slayout=row_major>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=1, blayout=col_major>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>
  func.return
}

// -----

// TileDataDst::isRowMajor
func.func @case13(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>, %b: !pto.tile<loc=vec, dtype=f32, rows=16, cols=1, blayout=col_major>) {
  // expected-error @+1 {{pto.trowexpanddiv dst must be row-major (blayout=row_major), got blayout=col_major}}
  %x = pto.trowexpanddiv %a, %b : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=64>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=1, blayout=col_major>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=64, blayout=col_major>
  func.return
}

// -----

// element types on A2/A3: half, float, int16, int32
module attributes {pto.target_arch = "a2a3"} {
func.func @case14(%a: !pto.tile<loc=vec, dtype=ui16, rows=16, cols=64>, %b: !pto.tile<loc=vec, dtype=ui16, rows=16, cols=1, blayout=col_major>) {
  // expected-error @+1 {{pto.trowexpandmax dtype ui16 is not supported on target a2a3}}
  %x = pto.trowexpandmax %a, %b : (!pto.tile<loc=vec, dtype=ui16, rows=16, cols=64>, !pto.tile<loc=vec, dtype=ui16, rows=16, cols=1, blayout=col_major>) -> !pto.tile<loc=vec, dtype=ui16, rows=16, cols=64>
  func.return
}
}

// -----

// expdif: half or float
func.func @case15(%a: !pto.tile<loc=vec, dtype=i32, rows=16, cols=64>, %c: !pto.tile<loc=vec, dtype=i32, rows=1, cols=64>) {
  // expected-error @+1 {{pto.tcolexpandexpdif dtype i32 is not supported on target cpu}}
  %x = pto.tcolexpandexpdif %a, %c : (!pto.tile<loc=vec, dtype=i32, rows=16, cols=64>, !pto.tile<loc=vec, dtype=i32, rows=1, cols=64>) -> !pto.tile<loc=vec, dtype=i32, rows=16, cols=64>
  func.return
}

// -----

// the full operand must be RowMajor
func.func @case16(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=64, blayout=col_major>, %b: !pto.tile<loc=vec, dtype=f32, rows=16, cols=64, blayout=col_major>) {
  // expected-error @+1 {{pto.trowexpandmin src1 (the full operand) must be row-major (blayout=row_major), got blayout=col_major}}
  %x = pto.trowexpandmin %a, %b : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=64, blayout=col_major>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=64, blayout=col_major>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>
  func.return
}

// -----

// exactly one operand has dst's valid shape
func.func @case17(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=1, blayout=col_major>, %b: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>) {
  // expected-error @+1 {{pto.trowexpandsub src1 (the full operand) valid shape 16x32 must equal the dst valid shape 16x64}}
  %x = pto.trowexpandsub %a, %b : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=1, blayout=col_major>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>
  func.return
}

// -----

// the expanded operand's valid rows == dst valid rows
func.func @case18(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>, %b: !pto.tile<loc=vec, dtype=f32, rows=8, cols=1, blayout=col_major>) {
  // expected-error @+1 {{pto.trowexpandsub src1 (the per-row operand) valid rows 8 must equal the dst valid rows 16}}
  %x = pto.trowexpandsub %a, %b : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=64>, !pto.tile<loc=vec, dtype=f32, rows=8, cols=1, blayout=col_major>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>
  func.return
}

// -----

// Mode 1: ColMajor expanded operand has valid column count 1
func.func @case19(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>, %b: !pto.tile<loc=vec, dtype=f32, rows=16, cols=2, blayout=col_major>) {
  // expected-error @+1 {{pto.trowexpandsub src1 (the per-row operand) is col-major (Mode 1: one value per row): its valid cols must be 1, got 2}}
  %x = pto.trowexpandsub %a, %b : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=64>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=2, blayout=col_major>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>
  func.return
}

// -----

// Mode 2: RowMajor expanded operand has 32 / sizeof(T) valid columns
func.func @case20(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>, %b: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) {
  // expected-error @+1 {{pto.trowexpandsub src1 (the per-row operand) is row-major (Mode 2: one 32-byte block per row): its valid cols must be 8, got 16}}
  %x = pto.trowexpandsub %a, %b : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=64>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>
  func.return
}

// -----

// tmp is a vec tile
func.func @case21(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>, %b: !pto.tile<loc=vec, dtype=f32, rows=16, cols=1, blayout=col_major>, %t: !pto.tile<loc=mat, dtype=f32, rows=16, cols=64>) {
  // expected-error @+1 {{pto.trowexpandmul tmp must be in loc=vec, got loc=mat}}
  %x = pto.trowexpandmul %a, %b, %t : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=64>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=1, blayout=col_major>, !pto.tile<loc=mat, dtype=f32, rows=16, cols=64>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>
  func.return
}

// -----

// tmp has the element type
func.func @case22(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>, %b: !pto.tile<loc=vec, dtype=f32, rows=16, cols=1, blayout=col_major>, %t: !pto.tile<loc=vec, dtype=f16, rows=16, cols=64>) {
  // expected-error @+1 {{pto.trowexpandmul tmp dtype f16 must equal the dst dtype f32}}
  %x = pto.trowexpandmul %a, %b, %t : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=64>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=1, blayout=col_major>, !pto.tile<loc=vec, dtype=f16, rows=16, cols=64>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>
  func.return
}

// -----

// operand count
func.func @case24(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>) {
  // expected-error @+1 {{pto.trowexpandadd expects src0, src1 and an optional tmp, got 1 sources}}
  %x = pto.trowexpandadd %a : !pto.tile<loc=vec, dtype=f32, rows=16, cols=64> -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>
  func.return
}

// -----

// tcolexpand*: src0 row-major (TColExpandBinOp.hpp)
func.func @case25(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=64, blayout=col_major>, %c: !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>) {
  // expected-error @+1 {{pto.tcolexpandadd src0 must be row-major (blayout=row_major), got blayout=col_major}}
  %x = pto.tcolexpandadd %a, %c : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=64, blayout=col_major>, !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>
  func.return
}

// -----

// tcolexpand*: src1 row-major
func.func @case26(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>, %c: !pto.tile<loc=vec, dtype=f32, rows=8, cols=64, v_row=1, v_col=64, blayout=col_major>) {
  // expected-error @+1 {{pto.tcolexpandsub src1 must be row-major (blayout=row_major), got blayout=col_major}}
  %x = pto.tcolexpandsub %a, %c : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=64>, !pto.tile<loc=vec, dtype=f32, rows=8, cols=64, v_row=1, v_col=64, blayout=col_major>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>
  func.return
}

// -----

// tcolexpand*: src0 has dst's valid shape
func.func @case27(%a: !pto.tile<loc=vec, dtype=f32, rows=8, cols=64>, %c: !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>) {
  // expected-error @+1 {{pto.tcolexpandmul src0 valid shape 8x64 must equal the dst valid shape 16x64}}
  %x = pto.tcolexpandmul %a, %c : (!pto.tile<loc=vec, dtype=f32, rows=8, cols=64>, !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>
  func.return
}

// -----

// tcolexpand*: src1 valid cols == dst valid cols
func.func @case28(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>, %c: !pto.tile<loc=vec, dtype=f32, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tcolexpanddiv src1 valid cols 32 must equal the dst valid cols 64}}
  %x = pto.tcolexpanddiv %a, %c : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=64>, !pto.tile<loc=vec, dtype=f32, rows=1, cols=32>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>
  func.return
}

// -----

// tcolexpand* takes two sources
func.func @case29(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>, %c: !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>) {
  // expected-error @+1 {{pto.tcolexpandmax expects 2 source operand(s), got 3}}
  %x = pto.tcolexpandmax %a, %c, %c : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=64>, !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>
  func.return
}

// -----

// precisionType is a div_precision
func.func @case30(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>, %b: !pto.tile<loc=vec, dtype=f32, rows=16, cols=1, blayout=col_major>) {
  // expected-error @+1 {{pto.trowexpanddiv precisionType must be a #pto.div_precision<default|high_precision>, got 1 : i32}}
  %x = pto.trowexpanddiv %a, %b {precisionType = 1 : i32} : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=64>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=1, blayout=col_major>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>
  func.return
}

// -----

// high_precision needs tmp (PTOAS TRowExpandDivOp::verify)
func.func @case31(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>, %b: !pto.tile<loc=vec, dtype=f32, rows=16, cols=1, blayout=col_major>) {
  // expected-error @+1 {{pto.trowexpanddiv with precisionType high_precision needs a tmp operand}}
  %x = pto.trowexpanddiv %a, %b {precisionType = #pto<div_precision high_precision>} : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=64>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=1, blayout=col_major>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>
  func.return
}
