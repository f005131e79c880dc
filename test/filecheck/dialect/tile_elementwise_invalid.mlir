// RUN: pto-opt %s --split-input-file --verify-diagnostics

// TileData::Loc == TileType::Vec (sources)
func.func @case0(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, %b: !pto.tile<loc=mat, dtype=f32, rows=16, cols=16>) {
  // expected-error @+1 {{pto.tsub src1 must be in loc=vec, got loc=mat}}
  %x = pto.tsub %a, %b : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile<loc=mat, dtype=f32, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
  func.return
}

// -----

// TileData::Loc == TileType::Vec (destination)
func.func @case1(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) {
  // expected-error @+1 {{pto.tabs dst must be in loc=vec, got loc=mat}}
  %x = pto.tabs %a : !pto.tile<loc=vec, dtype=f32, rows=16, cols=16> -> !pto.tile<loc=mat, dtype=f32, rows=16, cols=16>
  func.return
}

// -----

// TileData::isRowMajor
func.func @case2(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, blayout=col_major>, %b: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) {
  // expected-error @+1 {{pto.tmul src0 must be row-major (blayout=row_major), got blayout=col_major}}
  %x = pto.tmul %a, %b : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16, blayout=col_major>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
  func.return
}

// -----

// all tiles share one element type
func.func @case3(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, %b: !pto.tile<loc=vec, dtype=f16, rows=16, cols=16>) {
  // expected-error @+1 {{pto.tadd src1 dtype f16 must equal the dst dtype f32}}
  %x = pto.tadd %a, %b : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile<loc=vec, dtype=f16, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
  func.return
}

// -----

// all tiles share one element type (unary)
func.func @case4(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) {
  // expected-error @+1 {{pto.tabs src dtype f32 must equal the dst dtype f16}}
  %x = pto.tabs %a : !pto.tile<loc=vec, dtype=f32, rows=16, cols=16> -> !pto.tile<loc=vec, dtype=f16, rows=16, cols=16>
  func.return
}

// -----

// tadd A2/A3 table: no i8
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @case5(%a: !pto.tile<loc=vec, dtype=i8, rows=16, cols=32>, %b: !pto.tile<loc=vec, dtype=i8, rows=16, cols=32>) {
    // expected-error @+1 {{pto.tadd dtype i8 is not supported on target a2a3 (supported: f16, f32, i16, i32)}}
    %x = pto.tadd %a, %b : (!pto.tile<loc=vec, dtype=i8, rows=16, cols=32>, !pto.tile<loc=vec, dtype=i8, rows=16, cols=32>) -> !pto.tile<loc=vec, dtype=i8, rows=16, cols=32>
    func.return
  }
}

// -----

// tadd A5 table accepts fp8, tsub A5 checks do not
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @case6(%a: !pto.tile<loc=vec, dtype=f8E4M3FN, rows=16, cols=32>, %b: !pto.tile<loc=vec, dtype=f8E4M3FN, rows=16, cols=32>) {
    // expected-error @+1 {{pto.tsub dtype f8E4M3FN is not supported on target a5 (supported: bf16, f16, f32, i16, i32, i64, i8, ui16, ui32, ui64, ui8)}}
    %x = pto.tsub %a, %b : (!pto.tile<loc=vec, dtype=f8E4M3FN, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f8E4M3FN, rows=16, cols=32>) -> !pto.tile<loc=vec, dtype=f8E4M3FN, rows=16, cols=32>
    func.return
  }
}

// -----

// tmul A5 checks: no 8-bit types
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @case7(%a: !pto.tile<loc=vec, dtype=ui8, rows=16, cols=32>, %b: !pto.tile<loc=vec, dtype=ui8, rows=16, cols=32>) {
    // expected-error @+1 {{pto.tmul dtype ui8 is not supported on target a5 (supported: bf16, f16, f32, i16, i32, i64, ui16, ui32, ui64)}}
    %x = pto.tmul %a, %b : (!pto.tile<loc=vec, dtype=ui8, rows=16, cols=32>, !pto.tile<loc=vec, dtype=ui8, rows=16, cols=32>) -> !pto.tile<loc=vec, dtype=ui8, rows=16, cols=32>
    func.return
  }
}

// -----

// tdiv A2A3 checks: half and float only
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @case8(%a: !pto.tile<loc=vec, dtype=i32, rows=16, cols=16>, %b: !pto.tile<loc=vec, dtype=i32, rows=16, cols=16>) {
    // expected-error @+1 {{pto.tdiv dtype i32 is not supported on target a2a3 (supported: f16, f32)}}
    %x = pto.tdiv %a, %b : (!pto.tile<loc=vec, dtype=i32, rows=16, cols=16>, !pto.tile<loc=vec, dtype=i32, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=i32, rows=16, cols=16>
    func.return
  }
}

// -----

// tmax A2A3 checks
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @case9(%a: !pto.tile<loc=vec, dtype=ui16, rows=16, cols=16>, %b: !pto.tile<loc=vec, dtype=ui16, rows=16, cols=16>) {
    // expected-error @+1 {{pto.tmax dtype ui16 is not supported on target a2a3 (supported: f16, f32, i16, i32)}}
    %x = pto.tmax %a, %b : (!pto.tile<loc=vec, dtype=ui16, rows=16, cols=16>, !pto.tile<loc=vec, dtype=ui16, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=ui16, rows=16, cols=16>
    func.return
  }
}

// -----

// tmin A5 checks (pto-isa a5/TMin.hpp): no fp8
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @case10(%a: !pto.tile<loc=vec, dtype=f8E4M3FN, rows=16, cols=32>, %b: !pto.tile<loc=vec, dtype=f8E4M3FN, rows=16, cols=32>) {
    // expected-error @+1 {{pto.tmin dtype f8E4M3FN is not supported on target a5 (supported: bf16, f16, f32, i16, i32, i64, i8, ui16, ui32, ui64, ui8)}}
    %x = pto.tmin %a, %b : (!pto.tile<loc=vec, dtype=f8E4M3FN, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f8E4M3FN, rows=16, cols=32>) -> !pto.tile<loc=vec, dtype=f8E4M3FN, rows=16, cols=32>
    func.return
  }
}

// -----

// tabs NPU checks: float and half only
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @case11(%a: !pto.tile<loc=vec, dtype=i16, rows=16, cols=16>) {
    // expected-error @+1 {{pto.tabs dtype i16 is not supported on target a2a3 (supported: f16, f32)}}
    %x = pto.tabs %a : !pto.tile<loc=vec, dtype=i16, rows=16, cols=16> -> !pto.tile<loc=vec, dtype=i16, rows=16, cols=16>
    func.return
  }
}

// -----

// src0, src1 and dst have the same validRow/validCol (static sizes)
func.func @case12(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, %b: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, v_row=8>) {
  // expected-error @+1 {{pto.tsub src1 valid shape 8x16 must equal the dst valid shape 16x16}}
  %x = pto.tsub %a, %b : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, v_row=8>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
  func.return
}

// -----

// tabs: src and dst valid regions agree
func.func @case13(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) {
  // expected-error @+1 {{pto.tabs src valid shape 16x16 must equal the dst valid shape 8x16}}
  %x = pto.tabs %a : !pto.tile<loc=vec, dtype=f32, rows=16, cols=16> -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, v_row=8>
  func.return
}

// -----

// DPS form takes tile buffers only
func.func @case14(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, %b: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) {
  // expected-error @+1 {{pto.tadd in DPS form takes !pto.tile_buf operands, not !pto.tile}}
  pto.tadd ins(%a, %b : !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) outs(%b : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>)
  func.return
}

// -----

// exactly one destination
func.func @case15(%a: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) {
  // expected-error @+1 {{pto.tadd needs exactly one destination: an outs(...) buffer (DPS form) or a result (SSA form)}}
  "pto.tadd"(%a, %a) <{operandSegmentSizes = array<i32: 2, 0>}> : (!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) -> ()
  func.return
}

// -----

// txor.md, Temporary Space (A2A3): XOR goes through a scratch tile
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @txor_no_tmp(%a: !pto.tile<loc=vec, dtype=i16, rows=16, cols=16>) {
    // expected-error @+1 {{pto.txor needs a tmp operand on target a2a3 (txor.md: A2A3 computes XOR through a scratch tile)}}
    %x = pto.txor %a, %a : (!pto.tile<loc=vec, dtype=i16, rows=16, cols=16>, !pto.tile<loc=vec, dtype=i16, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=i16, rows=16, cols=16>
    func.return
  }
}

// -----

// tand (A2A3): integral types only (4-byte ones too, as pto-isa's a2a3 TAnd computes them)
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @tand_f32(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) {
    // expected-error @+1 {{pto.tand dtype f32 is not supported on target a2a3 (supported: i16, i32, i8, ui16, ui32, ui8)}}
    %x = pto.tand %a, %a : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
    func.return
  }
}

// -----

// tnot (A2A3): integral types only (docs/decisions.md)
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @tnot_f32(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) {
    // expected-error @+1 {{pto.tnot dtype f32 is not supported on target a2a3 (supported: i16, i32, i8, ui16, ui32, ui8)}}
    %x = pto.tnot %a : !pto.tile<loc=vec, dtype=f32, rows=16, cols=16> -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
    func.return
  }
}
