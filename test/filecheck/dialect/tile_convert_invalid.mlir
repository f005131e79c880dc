// RUN: pto-opt %s --split-input-file --verify-diagnostics

// tcvt.md: the tile location must be vec
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.tile<dtype=f32, rows=16, cols=16, loc=mat>) {
    // expected-error @+1 {{pto.tcvt src must be in loc=vec, got loc=mat}}
    %x = pto.tcvt %a : !pto.tile<loc=mat, dtype=f32, rows=16, cols=16> -> !pto.tile<loc=vec, dtype=f16, rows=16, cols=16>
    func.return
  }
}

// -----

// tcvt.md (PTOAS): row-major tiles
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) {
    // expected-error @+1 {{pto.tcvt dst must be row-major (blayout=row_major), got blayout=col_major}}
    %x = pto.tcvt %a : !pto.tile<loc=vec, dtype=f32, rows=16, cols=16> -> !pto.tile<loc=vec, dtype=f16, rows=16, cols=16, blayout=col_major>
    func.return
  }
}

// -----

// tcvt.md supported conversions: no f32 -> i8
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) {
    // expected-error @+1 {{pto.tcvt cannot convert f32 to i8 on target a5 (tcvt.md supported conversions; from f32: bf16, f16, f32, f8E4M3FN, f8E5M2, hif8, i16, i32, i64)}}
    %x = pto.tcvt %a : !pto.tile<loc=vec, dtype=f32, rows=16, cols=16> -> !pto.tile<loc=vec, dtype=i8, rows=16, cols=32, v_row=16, v_col=16>
    func.return
  }
}

// -----

// tcvt.md supported conversions: A2A3 has no fp8 destination
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) {
    // expected-error @+1 {{pto.tcvt cannot convert f32 to f8E4M3FN on target a2a3 (tcvt.md supported conversions; from f32: bf16, f16, f32, i16, i32, i64)}}
    %x = pto.tcvt %a : !pto.tile<loc=vec, dtype=f32, rows=16, cols=16> -> !pto.tile<loc=vec, dtype=f8E4M3FN, rows=16, cols=32, v_row=16, v_col=16>
    func.return
  }
}

// -----

// the round mode must be supported for the pair: ODD only narrows floats
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) {
    // expected-error @+1 {{pto.tcvt round mode ODD is not supported for f32 -> i32 (ODD applies only to float -> narrower float conversions)}}
    %x = pto.tcvt %a {rmode = #pto<round_mode ODD>} : !pto.tile<loc=vec, dtype=f32, rows=16, cols=16> -> !pto.tile<loc=vec, dtype=i32, rows=16, cols=16>
    func.return
  }
}

// -----

// tcvt.md: compatible declared shapes
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) {
    // expected-error @+1 {{pto.tcvt src shape 16x16 must equal the dst shape 16x32 (tcvt.md: compatible declared shapes)}}
    %x = pto.tcvt %a : !pto.tile<loc=vec, dtype=f32, rows=16, cols=16> -> !pto.tile<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=16>
    func.return
  }
}

// -----

// tcvt.md: compatible valid regions
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, v_row=8>) {
    // expected-error @+1 {{pto.tcvt src valid shape 8x16 must equal the dst valid shape 16x16}}
    %x = pto.tcvt %a : !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, v_row=8> -> !pto.tile<loc=vec, dtype=f16, rows=16, cols=16>
    func.return
  }
}

// -----

// the optional tmp tile lives in vec
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%a: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %t: !pto.tile_buf<loc=mat, dtype=i32, rows=16, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>) {
    // expected-error @+1 {{pto.tcvt tmp must be in loc=vec, got loc=mat}}
    pto.tcvt ins(%a, %t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile_buf<loc=mat, dtype=i32, rows=16, cols=16>) outs(%d : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>)
    func.return
  }
}

// -----

// at most src and tmp
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>) {
    // expected-error @+1 {{pto.tcvt expects src and an optional tmp, got 3 sources}}
    pto.tcvt ins(%a, %a, %a : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) outs(%d : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>)
    func.return
  }
}

// -----

// bf16 -> FP4: an FP4 tile's column is a pair of values, so dst has half src's columns
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.tile_buf<loc=vec, dtype=bf16, rows=16, cols=32>, %d: !pto.tile_buf<loc=vec, dtype=!pto.f4E1M2x2, rows=16, cols=32>) {
    // expected-error @+1 {{pto.tcvt dst shape 16x32 must be 16x16, src's 16x32 with 1/2 x the columns (bf16 -> f4E1M2x2: FP4 holds two values a byte)}}
    pto.tcvt ins(%a : !pto.tile_buf<loc=vec, dtype=bf16, rows=16, cols=32>) outs(%d : !pto.tile_buf<loc=vec, dtype=!pto.f4E1M2x2, rows=16, cols=32>)
    func.return
  }
}
