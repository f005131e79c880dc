// RUN: pto-opt %s --split-input-file --verify-diagnostics

// TileType::Vec for src
func.func @case0(%s: !pto.tile<loc=mat, dtype=f32, rows=16, cols=16>) {
  // expected-error @+1 {{pto.tcolmin src must be in loc=vec, got loc=mat}}
  %x = pto.tcolmin %s : !pto.tile<loc=mat, dtype=f32, rows=16, cols=16> -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=16>
  func.return
}

// -----

// TileType::Vec for dst
func.func @case1(%s: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) {
  // expected-error @+1 {{pto.tcolmax dst must be in loc=vec, got loc=mat}}
  %x = pto.tcolmax %s : !pto.tile<loc=vec, dtype=f32, rows=16, cols=16> -> !pto.tile<loc=mat, dtype=f32, rows=1, cols=16>
  func.return
}

// -----

// ND layout: isRowMajor
func.func @case2(%s: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, blayout=col_major>) {
  // expected-error @+1 {{pto.tcolmin src must be ND (blayout=row_major, slayout=none_box), got blayout=col_major, slayout=none_box}}
  %x = pto.tcolmin %s : !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, blayout=col_major> -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=16>
  func.return
}

// -----

// ND layout: SLayout::NoneBox
func.func @case3(%s: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) {
  // expected-error @+1 {{pto.tcolsum dst must be ND (blayout=row_major, slayout=none_box), got blayout=row_major, slayout=row_major}}
  %x = pto.tcolsum %s : !pto.tile<loc=vec, dtype=f32, rows=16, cols=16> -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, slayout=row_major>
  func.return
}

// -----

// dst.DType == src.DType
func.func @case4(%s: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) {
  // expected-error @+1 {{pto.tcolmin dst dtype f16 must equal the src dtype f32}}
  %x = pto.tcolmin %s : !pto.tile<loc=vec, dtype=f32, rows=16, cols=16> -> !pto.tile<loc=vec, dtype=f16, rows=1, cols=16>
  func.return
}

// -----

// A2A3 tcolmin types: half, float, int16_t, int32_t (seed 001)
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @case5(%s: !pto.tile<loc=vec, dtype=i8, rows=16, cols=32>) {
    // expected-error @+1 {{pto.tcolmin dtype i8 is not supported on target a2a3 (supported: f16, f32, i16, i32)}}
    %x = pto.tcolmin %s : !pto.tile<loc=vec, dtype=i8, rows=16, cols=32> -> !pto.tile<loc=vec, dtype=i8, rows=1, cols=32>
    func.return
  }
}

// -----

// A2A3 tcolmax types
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @case6(%s: !pto.tile<loc=vec, dtype=bf16, rows=16, cols=16>) {
    // expected-error @+1 {{pto.tcolmax dtype bf16 is not supported on target a2a3 (supported: f16, f32, i16, i32)}}
    %x = pto.tcolmax %s : !pto.tile<loc=vec, dtype=bf16, rows=16, cols=16> -> !pto.tile<loc=vec, dtype=bf16, rows=1, cols=16>
    func.return
  }
}

// -----

// A2A3 tcolsum types
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @case7(%s: !pto.tile<loc=vec, dtype=ui16, rows=16, cols=16>) {
    // expected-error @+1 {{pto.tcolsum dtype ui16 is not supported on target a2a3 (supported: f16, f32, i16, i32)}}
    %x = pto.tcolsum %s : !pto.tile<loc=vec, dtype=ui16, rows=16, cols=16> -> !pto.tile<loc=vec, dtype=ui16, rows=1, cols=16>
    func.return
  }
}

// -----

// A5 tcolmin types (seed 001): no 64-bit integers
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @case8(%s: !pto.tile<loc=vec, dtype=i64, rows=16, cols=16>) {
    // expected-error @+1 {{pto.tcolmin dtype i64 is not supported on target a5 (supported: bf16, f16, f32, i16, i32, i8, ui16, ui32, ui8)}}
    %x = pto.tcolmin %s : !pto.tile<loc=vec, dtype=i64, rows=16, cols=16> -> !pto.tile<loc=vec, dtype=i64, rows=1, cols=16>
    func.return
  }
}

// -----

// src.GetValidCol() == dst.GetValidCol() (static sizes)
func.func @case9(%s: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) {
  // expected-error @+1 {{pto.tcolmin dst valid cols 8 must equal the src valid cols 16}}
  %x = pto.tcolmin %s : !pto.tile<loc=vec, dtype=f32, rows=16, cols=16> -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=16, v_col=8>
  func.return
}

// -----

// tcolsum: isBinary accumulates through a vec tmp tile (PTOAS's level 2 may omit it)
func.func @case10(%s: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, %m: !pto.tile<loc=mat, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major>) {
  %ok = pto.tcolsum %s {isBinary = true} : !pto.tile<loc=vec, dtype=f32, rows=16, cols=16> -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=16>
  // expected-error @+1 {{pto.tcolsum tmp must be in loc=vec, got loc=mat}}
  %x = pto.tcolsum %s, %m {isBinary = true} : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile<loc=mat, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major>) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=16>
  func.return
}

// -----

// tcolsum: tmp has the src dtype
func.func @case11(%s: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, %t: !pto.tile<loc=vec, dtype=f16, rows=16, cols=16>) {
  // expected-error @+1 {{pto.tcolsum tmp dtype f16 must equal the src dtype f32}}
  %x = pto.tcolsum %s, %t {isBinary = true} : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile<loc=vec, dtype=f16, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=16>
  func.return
}

// -----

// tcolsum: tmp is a Vec tile
func.func @case12(%s: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, %t: !pto.tile<loc=mat, dtype=f32, rows=16, cols=16>) {
  // expected-error @+1 {{pto.tcolsum tmp must be in loc=vec, got loc=mat}}
  %x = pto.tcolsum %s, %t : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile<loc=mat, dtype=f32, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=16>
  func.return
}

// -----

// tcolsum: at most src and tmp
func.func @case13(%s: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, %t: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, %u: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) {
  // expected-error @+1 {{pto.tcolsum expects src and an optional tmp, got 3 sources}}
  %x = pto.tcolsum %s, %t, %u : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=16>
  func.return
}

// -----

// SSA form takes !pto.tile values
func.func @case14(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) {
  // expected-error @+1 {{pto.tcolmin in SSA form takes !pto.tile operands, not !pto.tile_buf}}
  %x = pto.tcolmin %s : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16> -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=16>
  func.return
}
