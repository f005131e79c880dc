// RUN: pto-opt %s --split-input-file --verify-diagnostics

// tsort32: TileType::Vec for src
func.func @case0(%s: !pto.tile<loc=mat, dtype=f32, rows=1, cols=64>, %i: !pto.tile<loc=vec, dtype=ui32, rows=1, cols=64>) {
  // expected-error @+1 {{pto.tsort32 src must be in loc=vec, got loc=mat}}
  %x = pto.tsort32 %s, %i : (!pto.tile<loc=mat, dtype=f32, rows=1, cols=64>, !pto.tile<loc=vec, dtype=ui32, rows=1, cols=64>) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=128>
  func.return
}

// -----

// tsort32: TileType::Vec for idx
func.func @case1(%s: !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, %i: !pto.tile<loc=mat, dtype=ui32, rows=1, cols=64>) {
  // expected-error @+1 {{pto.tsort32 idx must be in loc=vec, got loc=mat}}
  %x = pto.tsort32 %s, %i : (!pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, !pto.tile<loc=mat, dtype=ui32, rows=1, cols=64>) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=128>
  func.return
}

// -----

// tsort32: TileType::Vec for dst
func.func @case2(%s: !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, %i: !pto.tile<loc=vec, dtype=ui32, rows=1, cols=64>) {
  // expected-error @+1 {{pto.tsort32 dst must be in loc=vec, got loc=mat}}
  %x = pto.tsort32 %s, %i : (!pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, !pto.tile<loc=vec, dtype=ui32, rows=1, cols=64>) -> !pto.tile<loc=mat, dtype=f32, rows=1, cols=128>
  func.return
}

// -----

// tsort32: row-major tiles
func.func @case3(%s: !pto.tile<loc=vec, dtype=f32, rows=8, cols=64, blayout=col_major>, %i: !pto.tile<loc=vec, dtype=ui32, rows=1, cols=64>) {
  // expected-error @+1 {{pto.tsort32 src must be ND (blayout=row_major, slayout=none_box), got blayout=col_major}}
  %x = pto.tsort32 %s, %i : (!pto.tile<loc=vec, dtype=f32, rows=8, cols=64, blayout=col_major>, !pto.tile<loc=vec, dtype=ui32, rows=1, cols=64>) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=128>
  func.return
}

// -----

// tsort32: dst and src element types match
func.func @case4(%s: !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, %i: !pto.tile<loc=vec, dtype=ui32, rows=1, cols=64>) {
  // expected-error @+1 {{pto.tsort32 dst dtype f16 must equal the src dtype f32}}
  %x = pto.tsort32 %s, %i : (!pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, !pto.tile<loc=vec, dtype=ui32, rows=1, cols=64>) -> !pto.tile<loc=vec, dtype=f16, rows=1, cols=256>
  func.return
}

// -----

// tsort32: half or float values
func.func @case5(%s: !pto.tile<loc=vec, dtype=i32, rows=1, cols=64>, %i: !pto.tile<loc=vec, dtype=ui32, rows=1, cols=64>) {
  // expected-error @+1 {{pto.tsort32 dtype i32 is not supported on target cpu}}
  %x = pto.tsort32 %s, %i : (!pto.tile<loc=vec, dtype=i32, rows=1, cols=64>, !pto.tile<loc=vec, dtype=ui32, rows=1, cols=64>) -> !pto.tile<loc=vec, dtype=i32, rows=1, cols=128>
  func.return
}

// -----

// tsort32: uint32 indices
func.func @case6(%s: !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, %i: !pto.tile<loc=vec, dtype=i16, rows=1, cols=64>) {
  // expected-error @+1 {{pto.tsort32 idx dtype i16 must be ui32 (or i32)}}
  %x = pto.tsort32 %s, %i : (!pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, !pto.tile<loc=vec, dtype=i16, rows=1, cols=64>) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=128>
  func.return
}

// -----

// tsort32: an SSA result holds one 8-byte pair per src element (R x 2C for float)
func.func @case7(%s: !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, %i: !pto.tile<loc=vec, dtype=ui32, rows=1, cols=64>) {
  // expected-error @+1 {{pto.tsort32 result valid cols 64 must be at least 2 x the src valid cols 64 (one 8-byte pair per element; only a DPS dst may be narrower, the pairs running on past its rows)}}
  %x = pto.tsort32 %s, %i : (!pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, !pto.tile<loc=vec, dtype=ui32, rows=1, cols=64>) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>
  func.return
}

// -----

// tsort32: dst rows are the src rows
func.func @case8(%s: !pto.tile<loc=vec, dtype=f32, rows=2, cols=64>, %i: !pto.tile<loc=vec, dtype=ui32, rows=2, cols=64>) {
  // expected-error @+1 {{pto.tsort32 dst valid rows 1 must equal the src valid rows 2}}
  %x = pto.tsort32 %s, %i : (!pto.tile<loc=vec, dtype=f32, rows=2, cols=64>, !pto.tile<loc=vec, dtype=ui32, rows=2, cols=64>) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=128>
  func.return
}

// -----

// tsort32: idx has one row or the src rows
func.func @case9(%s: !pto.tile<loc=vec, dtype=f32, rows=3, cols=64>, %i: !pto.tile<loc=vec, dtype=ui32, rows=2, cols=64>) {
  // expected-error @+1 {{pto.tsort32 idx valid rows 2 must be 1 (one index row for all rows) or the src valid rows 3}}
  %x = pto.tsort32 %s, %i : (!pto.tile<loc=vec, dtype=f32, rows=3, cols=64>, !pto.tile<loc=vec, dtype=ui32, rows=2, cols=64>) -> !pto.tile<loc=vec, dtype=f32, rows=3, cols=128>
  func.return
}

// -----

// tsort32: idx covers the src columns
func.func @case10(%s: !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, %i: !pto.tile<loc=vec, dtype=ui32, rows=1, cols=64, v_col=32>) {
  // expected-error @+1 {{pto.tsort32 idx valid cols 32 must equal the src valid cols 64}}
  %x = pto.tsort32 %s, %i : (!pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, !pto.tile<loc=vec, dtype=ui32, rows=1, cols=64, v_col=32>) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=128>
  func.return
}

// -----

// tsort32: tmp of the value type
func.func @case12(%s: !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, %i: !pto.tile<loc=vec, dtype=ui32, rows=1, cols=64>, %t: !pto.tile<loc=vec, dtype=f16, rows=1, cols=64>) {
  // expected-error @+1 {{pto.tsort32 tmp dtype f16 must equal the src dtype f32}}
  %x = pto.tsort32 %s, %i, %t : (!pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, !pto.tile<loc=vec, dtype=ui32, rows=1, cols=64>, !pto.tile<loc=vec, dtype=f16, rows=1, cols=64>) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=128>
  func.return
}

// -----

// tsort32: tmp >= tmpSize elements (A2/A3 and CPU; A5 does not size it)
func.func @case13(%s: !pto.tile<loc=vec, dtype=f32, rows=1, cols=64, v_col=40>, %i: !pto.tile<loc=vec, dtype=ui32, rows=1, cols=64, v_col=40>, %t: !pto.tile<loc=vec, dtype=f32, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tsort32 tmp has 32 cols but needs 64 (tmpSize for 40 src cols)}}
  %x = pto.tsort32 %s, %i, %t : (!pto.tile<loc=vec, dtype=f32, rows=1, cols=64, v_col=40>, !pto.tile<loc=vec, dtype=ui32, rows=1, cols=64, v_col=40>, !pto.tile<loc=vec, dtype=f32, rows=1, cols=32>) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=128, v_col=80>
  func.return
}

// -----

// tmrgsort: Rows == 1
func.func @case14(%s: !pto.tile<loc=vec, dtype=f32, rows=2, cols=256, v_row=1>) {
  %c = arith.constant 64 : i32
  // expected-error @+1 {{pto.tmrgsort src must have rows = 1, got rows = 2}}
  %x = pto.tmrgsort %s, %c : (!pto.tile<loc=vec, dtype=f32, rows=2, cols=256, v_row=1>, i32) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=256>
  func.return
}

// -----

// tmrgsort: TileType::Vec
func.func @case15(%s: !pto.tile<loc=vec, dtype=f32, rows=1, cols=256>) {
  %c = arith.constant 64 : i32
  // expected-error @+1 {{pto.tmrgsort dst must be in loc=vec, got loc=mat}}
  %x = pto.tmrgsort %s, %c : (!pto.tile<loc=vec, dtype=f32, rows=1, cols=256>, i32) -> !pto.tile<loc=mat, dtype=f32, rows=1, cols=256>
  func.return
}

// -----

// tmrgsort: one element type
func.func @case16(%s: !pto.tile<loc=vec, dtype=f16, rows=1, cols=256>) {
  %c = arith.constant 64 : i32
  // expected-error @+1 {{pto.tmrgsort src dtype f16 must equal the dst dtype f32}}
  %x = pto.tmrgsort %s, %c : (!pto.tile<loc=vec, dtype=f16, rows=1, cols=256>, i32) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=256>
  func.return
}

// -----

// tmrgsort: half or float
func.func @case17(%s: !pto.tile<loc=vec, dtype=i32, rows=1, cols=256>) {
  %c = arith.constant 64 : i32
  // expected-error @+1 {{pto.tmrgsort dtype i32 is not supported on target cpu}}
  %x = pto.tmrgsort %s, %c : (!pto.tile<loc=vec, dtype=i32, rows=1, cols=256>, i32) -> !pto.tile<loc=vec, dtype=i32, rows=1, cols=256>
  func.return
}

// -----

// tmrgsort format 1: src/dst cols match
func.func @case18(%s: !pto.tile<loc=vec, dtype=f32, rows=1, cols=256>) {
  %c = arith.constant 64 : i32
  // expected-error @+1 {{pto.tmrgsort dst valid cols 128 must equal the src valid cols 256}}
  %x = pto.tmrgsort %s, %c : (!pto.tile<loc=vec, dtype=f32, rows=1, cols=256>, i32) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=256, v_col=128>
  func.return
}

// -----

// tmrgsort format 1: blockLen a multiple of 64
func.func @case19(%s: !pto.tile<loc=vec, dtype=f32, rows=1, cols=256>) {
  %c = arith.constant 96 : i32
  // expected-error @+1 {{pto.tmrgsort blockLen 96 must be a positive multiple of 64}}
  %x = pto.tmrgsort %s, %c : (!pto.tile<loc=vec, dtype=f32, rows=1, cols=256>, i32) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=256>
  func.return
}

// -----

// tmrgsort format 1: validCol a multiple of blockLen * 4
func.func @case20(%s: !pto.tile<loc=vec, dtype=f32, rows=1, cols=256>) {
  %c = arith.constant 128 : i32
  // expected-error @+1 {{pto.tmrgsort src valid cols 256 must be a multiple of 4 x blockLen (512) in SSA form (the DPS form leaves the tail unwritten)}}
  %x = pto.tmrgsort %s, %c : (!pto.tile<loc=vec, dtype=f32, rows=1, cols=256>, i32) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=256>
  func.return
}

// -----

// tmrgsort format 1: no exhausted attribute
func.func @case21(%s: !pto.tile<loc=vec, dtype=f32, rows=1, cols=256>) {
  %c = arith.constant 64 : i32
  // expected-error @+1 {{pto.tmrgsort format 1 (src, blockLen) takes no exhausted attribute}}
  %x = pto.tmrgsort %s, %c {exhausted = true} : (!pto.tile<loc=vec, dtype=f32, rows=1, cols=256>, i32) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=256>
  func.return
}

// -----

// tmrgsort format 1: repeatTimes <= 255
func.func @case22(%s: !pto.tile<loc=vec, dtype=f32, rows=1, cols=65536>) {
  %c = arith.constant 64 : i32
  // expected-error @+1 {{pto.tmrgsort repeat count 256 (src valid cols / (4 x blockLen)) must be in [1, 255]}}
  %x = pto.tmrgsort %s, %c : (!pto.tile<loc=vec, dtype=f32, rows=1, cols=65536>, i32) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=65536>
  func.return
}

// -----

// tmrgsort format 2: tmp.cols >= dst.cols
func.func @case23(%a: !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, %b: !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, %t: !pto.tile<loc=vec, dtype=f32, rows=1, cols=128>) {
  // expected-error @+1 {{pto.tmrgsort tmp cols 128 must be >= the dst cols 256}}
  %x = pto.tmrgsort %a, %b, %t {exhausted = false} : (!pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, !pto.tile<loc=vec, dtype=f32, rows=1, cols=128>) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=256>
  func.return
}

// -----

// tmrgsort format 2: tmp holds the merged pairs (the lists' valid cols)
func.func @case24(%a: !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, %b: !pto.tile<loc=vec, dtype=f32, rows=1, cols=128>, %t: !pto.tile<loc=vec, dtype=f32, rows=1, cols=128>) {
  // expected-error @+1 {{pto.tmrgsort tmp cols 128 must be >= the lists' valid cols together (192)}}
  %x = pto.tmrgsort %a, %b, %t {exhausted = false} : (!pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, !pto.tile<loc=vec, dtype=f32, rows=1, cols=128>, !pto.tile<loc=vec, dtype=f32, rows=1, cols=128>) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>
  func.return
}

// -----

// tmrgsort format 2: whole pairs per list
func.func @case25(%a: !pto.tile<loc=vec, dtype=f32, rows=1, cols=64, v_col=7>, %b: !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, %t: !pto.tile<loc=vec, dtype=f32, rows=1, cols=128>) {
  // expected-error @+1 {{pto.tmrgsort src0 valid cols 7 must be a multiple of 2 (whole f32 pairs)}}
  %x = pto.tmrgsort %a, %b, %t {exhausted = false} : (!pto.tile<loc=vec, dtype=f32, rows=1, cols=64, v_col=7>, !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, !pto.tile<loc=vec, dtype=f32, rows=1, cols=128>) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=128>
  func.return
}

// -----

// tmrgsort format 2: tmp and src0 fit UB (TMrgSort.hpp CheckOverMemory)
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @case_ub(%a: !pto.tile<loc=vec, dtype=f32, rows=1, cols=32768>, %b: !pto.tile<loc=vec, dtype=f32, rows=1, cols=16384>, %t: !pto.tile<loc=vec, dtype=f32, rows=1, cols=49152>) {
    // expected-error @+1 {{pto.tmrgsort tmp and src0 take 327680 bytes, which must fit UB (196608 bytes)}}
    %x = pto.tmrgsort %a, %b, %t {exhausted = false} : (!pto.tile<loc=vec, dtype=f32, rows=1, cols=32768>, !pto.tile<loc=vec, dtype=f32, rows=1, cols=16384>, !pto.tile<loc=vec, dtype=f32, rows=1, cols=49152>) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=32768>
    func.return
  }
}

// -----

// tmrgsort format 2: 2 to 4 lists and a tmp
func.func @case27(%a: !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, %b: !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>) {
  // expected-error @+1 {{pto.tmrgsort format 2 expects 2 to 4 lists and a tmp tile}}
  %x = pto.tmrgsort %a, %b : (!pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=128>
  func.return
}

// -----

// tmrgsort: at most 4 lists
func.func @case28(%a: !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>) {
  // expected-error @+1 {{pto.tmrgsort expects ins(%src, %blockLen) or 2 to 4 lists and a tmp, got 6 sources}}
  %x = pto.tmrgsort %a, %a, %a, %a, %a, %a : (!pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=128>
  func.return
}

// -----

// tmrgsort SSA form: one result (the counts are read with pto.get_vms4_sr)
func.func @case29(%a: !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, %b: !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, %t: !pto.tile<loc=vec, dtype=f32, rows=1, cols=128>) {
  // expected-error @+1 {{pto.tmrgsort in SSA form has one result, the merged tile; read the executed counts with pto.get_vms4_sr}}
  %x, %e = pto.tmrgsort %a, %b, %t {exhausted = false} : (!pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, !pto.tile<loc=vec, dtype=f32, rows=1, cols=128>) -> (!pto.tile<loc=vec, dtype=f32, rows=1, cols=128>, vector<4xi16>)
  func.return
}

// -----

// tmrgsort format 2: executed is vector<4xi16>
func.func @case30(%a: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64>, %b: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64>, %t: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128>, %d: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128>, %e: vector<4xi32>) {
  // expected-error @+1 {{pto.tmrgsort executed must be vector<4xi16>, got vector<4xi32>}}
  pto.tmrgsort ins(%a, %b, %t {exhausted = false} : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128>) outs(%d, %e : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128>, vector<4xi32>)
  func.return
}

// -----

// tmrgsort format 1: no executed operand
func.func @case31(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256>, %d: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256>, %e: vector<4xi16>) {
  %c = arith.constant 64 : i32
  // expected-error @+1 {{pto.tmrgsort format 1 (src, blockLen) has no executed operand}}
  pto.tmrgsort ins(%s, %c : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256>, i32) outs(%d, %e : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256>, vector<4xi16>)
  func.return
}

// -----

// tmrgsort no_tmp (PTOAS level 2): format 2's lists only
func.func @no_tmp_single(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256>, %c: i32) {
  // expected-error @+1 {{pto.tmrgsort no_tmp takes format 2's 2 to 4 lists and no tmp tile}}
  pto.tmrgsort ins(%s, %c no_tmp : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256>, i32) outs(%s : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256>)
  func.return
}
