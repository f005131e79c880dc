// RUN: pto-opt %s --split-input-file --verify-diagnostics

// TileLeft::Loc == Left
func.func @f0(%a: !pto.tile<loc=mat, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>, %b: !pto.tile<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>) {
  // expected-error @+1 {{pto.tmatmul a must be in loc=left, got loc=mat}}
  %x = pto.tmatmul %a, %b : (!pto.tile<loc=mat, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>, !pto.tile<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>) -> !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
  func.return
}

// -----

// TileRight::Loc == Right
func.func @f1(%a: !pto.tile<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>, %b: !pto.tile<loc=mat, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>) {
  // expected-error @+1 {{pto.tmatmul b must be in loc=right, got loc=mat}}
  %x = pto.tmatmul %a, %b : (!pto.tile<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>, !pto.tile<loc=mat, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>) -> !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
  func.return
}

// -----

// TileRes::Loc == Acc
func.func @f2(%a: !pto.tile<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>, %b: !pto.tile<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>) {
  // expected-error @+1 {{pto.tmatmul dst must be in loc=acc, got loc=vec}}
  %x = pto.tmatmul %a, %b : (!pto.tile<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>, !pto.tile<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
  func.return
}

// -----

// Bias tile location must be TileType::Bias
func.func @f3(%a: !pto.tile<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>, %b: !pto.tile<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>, %bias: !pto.tile<loc=vec, dtype=f32, rows=1, cols=16>) {
  // expected-error @+1 {{pto.tmatmul.bias bias must be in loc=bias, got loc=vec}}
  %x = pto.tmatmul.bias %a, %b, %bias : (!pto.tile<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>, !pto.tile<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>, !pto.tile<loc=vec, dtype=f32, rows=1, cols=16>) -> !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
  func.return
}

// -----

// acc_in lives in the accumulator
func.func @f4(%c: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, %a: !pto.tile<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>, %b: !pto.tile<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>) {
  // expected-error @+1 {{pto.tmatmul.acc acc_in must be in loc=acc, got loc=vec}}
  %x = pto.tmatmul.acc %c, %a, %b : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>, !pto.tile<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>) -> !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
  func.return
}

// -----

// TileLeft::Rows == TileRes::Rows
func.func @f5(%a: !pto.tile<loc=left, dtype=f16, rows=32, cols=32, blayout=col_major, slayout=row_major>, %b: !pto.tile<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>) {
  // expected-error @+1 {{pto.tmatmul a rows 32 must equal the dst rows 16 (TileLeft::Rows == TileRes::Rows)}}
  %x = pto.tmatmul %a, %b : (!pto.tile<loc=left, dtype=f16, rows=32, cols=32, blayout=col_major, slayout=row_major>, !pto.tile<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>) -> !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
  func.return
}

// -----

// TileLeft::Cols == TileRight::Rows
func.func @f6(%a: !pto.tile<loc=left, dtype=f16, rows=16, cols=16, blayout=col_major, slayout=row_major>, %b: !pto.tile<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>) {
  // expected-error @+1 {{pto.tmatmul a cols 16 must equal the b rows 32 (TileLeft::Cols == TileRight::Rows)}}
  %x = pto.tmatmul %a, %b : (!pto.tile<loc=left, dtype=f16, rows=16, cols=16, blayout=col_major, slayout=row_major>, !pto.tile<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>) -> !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
  func.return
}

// -----

// TileRight::Cols == TileRes::Cols
func.func @f7(%a: !pto.tile<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>, %b: !pto.tile<loc=right, dtype=f16, rows=32, cols=32, blayout=row_major, slayout=col_major>) {
  // expected-error @+1 {{pto.tmatmul b cols 32 must equal the dst cols 16 (TileRight::Cols == TileRes::Cols)}}
  %x = pto.tmatmul %a, %b : (!pto.tile<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>, !pto.tile<loc=right, dtype=f16, rows=32, cols=32, blayout=row_major, slayout=col_major>) -> !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
  func.return
}

// -----

// Bias tile must be configured as a single row
func.func @f8(%a: !pto.tile<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>, %b: !pto.tile<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>, %bias: !pto.tile<loc=bias, dtype=f32, rows=2, cols=16>) {
  // expected-error @+1 {{pto.tmatmul.bias bias must be a single row, got rows=2}}
  %x = pto.tmatmul.bias %a, %b, %bias : (!pto.tile<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>, !pto.tile<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>, !pto.tile<loc=bias, dtype=f32, rows=2, cols=16>) -> !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
  func.return
}

// -----

// Bias tile datatype must exactly match TileRes::DType: seed 000's example (half bias, float
// accumulator) violates its own rule
func.func @f9(%a: !pto.tile<loc=left, dtype=f16, rows=16, cols=16, v_row=1, blayout=col_major, slayout=row_major>, %b: !pto.tile<loc=right, dtype=f16, rows=16, cols=16, blayout=row_major, slayout=col_major>, %bias: !pto.tile<loc=bias, dtype=f16, rows=1, cols=16>) {
  // expected-error @+1 {{pto.tgemv.bias bias dtype f16 must equal the accumulator dtype f32}}
  %x = pto.tgemv.bias %a, %b, %bias : (!pto.tile<loc=left, dtype=f16, rows=16, cols=16, v_row=1, blayout=col_major, slayout=row_major>, !pto.tile<loc=right, dtype=f16, rows=16, cols=16, blayout=row_major, slayout=col_major>, !pto.tile<loc=bias, dtype=f16, rows=1, cols=16>) -> !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, v_row=1, blayout=col_major, slayout=row_major, fractal=1024>
  func.return
}

// -----

// acc_in carries the accumulator dtype
func.func @f10(%c: !pto.tile<loc=acc, dtype=i32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>, %a: !pto.tile<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>, %b: !pto.tile<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>) {
  // expected-error @+1 {{pto.tmatmul.acc acc_in dtype i32 must equal the accumulator dtype f32}}
  %x = pto.tmatmul.acc %c, %a, %b : (!pto.tile<loc=acc, dtype=i32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>, !pto.tile<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>, !pto.tile<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>) -> !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
  func.return
}

// -----

// acc_in is the accumulator tile
func.func @f11(%c: !pto.tile<loc=acc, dtype=f32, rows=32, cols=16, blayout=col_major, slayout=row_major, fractal=1024>, %a: !pto.tile<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>, %b: !pto.tile<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>) {
  // expected-error @+1 {{pto.tmatmul.acc acc_in shape 32x16 must equal the dst shape 16x16}}
  %x = pto.tmatmul.acc %c, %a, %b : (!pto.tile<loc=acc, dtype=f32, rows=32, cols=16, blayout=col_major, slayout=row_major, fractal=1024>, !pto.tile<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>, !pto.tile<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>) -> !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
  func.return
}

// -----

// A2A3 (C, A, B) triples: no fp8
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f12(%a: !pto.tile<loc=left, dtype=f8E4M3FN, rows=16, cols=32, blayout=col_major, slayout=row_major>, %b: !pto.tile<loc=right, dtype=f8E4M3FN, rows=32, cols=32, blayout=row_major, slayout=col_major>) {
    // expected-error @+1 {{pto.tmatmul (C, A, B) = (f32, f8E4M3FN, f8E4M3FN) is not supported on target a2a3 (supported: (f32, bf16, bf16), (f32, f16, f16), (f32, f32, f32), (i32, i8, i8))}}
    %x = pto.tmatmul %a, %b : (!pto.tile<loc=left, dtype=f8E4M3FN, rows=16, cols=32, blayout=col_major, slayout=row_major>, !pto.tile<loc=right, dtype=f8E4M3FN, rows=32, cols=32, blayout=row_major, slayout=col_major>) -> !pto.tile<loc=acc, dtype=f32, rows=16, cols=32, blayout=col_major, slayout=row_major, fractal=1024>
    func.return
  }
}

// -----

// A5: an int8 product accumulates in int32
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f13(%a: !pto.tile<loc=left, dtype=i8, rows=16, cols=32, blayout=col_major, slayout=row_major>, %b: !pto.tile<loc=right, dtype=i8, rows=32, cols=32, blayout=row_major, slayout=col_major>) {
    // expected-error @+1 {{pto.tmatmul (C, A, B) = (f32, i8, i8) is not supported on target a5 (supported: (f32, bf16, bf16), (f32, f16, f16), (f32, f32, f32), (f32, f8E4M3FN, f8E4M3FN), (f32, f8E4M3FN, f8E5M2), (f32, f8E5M2, f8E4M3FN), (f32, f8E5M2, f8E5M2), (f32, hif8, hif8), (i32, i8, i8))}}
    %x = pto.tmatmul %a, %b : (!pto.tile<loc=left, dtype=i8, rows=16, cols=32, blayout=col_major, slayout=row_major>, !pto.tile<loc=right, dtype=i8, rows=32, cols=32, blayout=row_major, slayout=col_major>) -> !pto.tile<loc=acc, dtype=f32, rows=16, cols=32, blayout=col_major, slayout=row_major, fractal=1024>
    func.return
  }
}

// -----

// A5 Left: !isRowMajor, SFractal == RowMajor (the A2/A3 zZ left tile is rejected)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f14(%a: !pto.tile<loc=left, dtype=f16, rows=16, cols=32, blayout=row_major, slayout=row_major>, %b: !pto.tile<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>) {
    // expected-error @+1 {{pto.tmatmul a (loc=left) needs blayout=col_major, slayout=row_major on target a5, got blayout=row_major, slayout=row_major}}
    %x = pto.tmatmul %a, %b : (!pto.tile<loc=left, dtype=f16, rows=16, cols=32, blayout=row_major, slayout=row_major>, !pto.tile<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>) -> !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
    func.return
  }
}

// -----

// A5 Right: isRowMajor, SFractal == ColMajor
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f15(%a: !pto.tile<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>, %b: !pto.tile<loc=right, dtype=f16, rows=32, cols=16, blayout=col_major, slayout=row_major>) {
    // expected-error @+1 {{pto.tmatmul b (loc=right) needs blayout=row_major, slayout=col_major on target a5, got blayout=col_major, slayout=row_major}}
    %x = pto.tmatmul %a, %b : (!pto.tile<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>, !pto.tile<loc=right, dtype=f16, rows=32, cols=16, blayout=col_major, slayout=row_major>) -> !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
    func.return
  }
}

// -----

// A5 Acc: !isRowMajor, SFractal == RowMajor
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f16(%a: !pto.tile<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>, %b: !pto.tile<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>) {
    // expected-error @+1 {{pto.tmatmul dst (loc=acc) needs blayout=col_major, slayout=row_major on target a5, got blayout=row_major, slayout=row_major}}
    %x = pto.tmatmul %a, %b : (!pto.tile<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>, !pto.tile<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>) -> !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=row_major, slayout=row_major, fractal=1024>
    func.return
  }
}

// -----

// GEMV: m must be 1 (checked when the left valid rows are static)
func.func @f17(%a: !pto.tile<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>, %b: !pto.tile<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>) {
  // expected-error @+1 {{pto.tgemv a must have one valid row (m must be 1), got v_row=16}}
  %x = pto.tgemv %a, %b : (!pto.tile<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>, !pto.tile<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>) -> !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
  func.return
}

// -----

// GEMV: k (b valid rows) in [1, 4095]
func.func @gemv_k(%a: !pto.tile<loc=left, dtype=f16, rows=16, cols=4096, v_row=1, blayout=col_major, slayout=row_major>, %b: !pto.tile<loc=right, dtype=f16, rows=4096, cols=16, blayout=row_major, slayout=col_major>) {
  // expected-error @+1 {{pto.tgemv k = 4096 (b v_row) must lie in [1, 4095]}}
  %x = pto.tgemv %a, %b : (!pto.tile<loc=left, dtype=f16, rows=16, cols=4096, v_row=1, blayout=col_major, slayout=row_major>, !pto.tile<loc=right, dtype=f16, rows=4096, cols=16, blayout=row_major, slayout=col_major>) -> !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
  func.return
}

// -----

// matmul: m (a valid rows) in [1, 4095]
func.func @matmul_m(%a: !pto.tile<loc=left, dtype=f16, rows=4096, cols=32, blayout=col_major, slayout=row_major>, %b: !pto.tile<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>) {
  // expected-error @+1 {{pto.tmatmul m = 4096 (a v_row) must lie in [1, 4095]}}
  %x = pto.tmatmul %a, %b : (!pto.tile<loc=left, dtype=f16, rows=4096, cols=32, blayout=col_major, slayout=row_major>, !pto.tile<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>) -> !pto.tile<loc=acc, dtype=f32, rows=4096, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
  func.return
}

// -----

// DPS form takes tile buffers only
func.func @f20(%a: !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>, %b: !pto.tile<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>, %c: !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>) {
  // expected-error @+1 {{pto.tmatmul in DPS form takes !pto.tile_buf operands, not !pto.tile}}
  pto.tmatmul ins(%a, %b : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>, !pto.tile<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>) outs(%c : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>)
  func.return
}

// -----

// operand count
func.func @f21(%a: !pto.tile<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>, %b: !pto.tile<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>) {
  // expected-error @+1 {{pto.tmatmul.bias expects 3 source operand(s), got 2}}
  %x = "pto.tmatmul.bias"(%a, %b) <{operandSegmentSizes = array<i32: 2, 0>}> : (!pto.tile<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>, !pto.tile<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>) -> !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
  func.return
}

// -----

// A5 Left tile_buf: its blayout is the target's (PTOAS's parser), its slayout must be row_major
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @left_buf_slayout(%a: !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, blayout=row_major, slayout=col_major>, %b: !pto.tile_buf<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>, %c: !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>) {
    // expected-error @+1 {{pto.tmatmul a (loc=left) needs blayout=row_major, slayout=row_major on target a5, got blayout=row_major, slayout=col_major}}
    pto.tmatmul ins(%a, %b : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, blayout=row_major, slayout=col_major>, !pto.tile_buf<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>) outs(%c : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>)
    func.return
  }
}
