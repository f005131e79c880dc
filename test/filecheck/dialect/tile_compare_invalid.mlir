// RUN: pto-opt %s --split-input-file --verify-diagnostics

// tcmp.md A2/A3 input types: int32_t, half, float
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%a: !pto.tile<loc=vec, dtype=i16, rows=16, cols=16>) {
    // expected-error @+1 {{pto.tcmp dtype i16 is not supported on target a2a3 (supported: f16, f32, i32)}}
    %x = pto.tcmp %a, %a : (!pto.tile<loc=vec, dtype=i16, rows=16, cols=16>, !pto.tile<loc=vec, dtype=i16, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=2>
    func.return
  }
}

// -----

// tcmp.md A2/A3 output predicate dtype: uint8_t
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) {
    // expected-error @+1 {{pto.tcmp dst dtype ui32 must be an integer of 8 bits (the packed predicate on a2a3)}}
    %x = pto.tcmp %a, %a : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=ui32, rows=16, cols=8, v_row=16, v_col=1>
    func.return
  }
}

// -----

// the predicate tile holds integers
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) {
    // expected-error @+1 {{pto.tcmp dst dtype f32 must be an integer of 8 or 32 bits (the packed predicate on a5)}}
    %x = pto.tcmp %a, %a : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=1>
    func.return
  }
}

// -----

// cpu/TCmp.h: an 8-bit mask takes the A2/A3 input types only
builtin.module attributes {pto.target_arch = "cpu"} {
  func.func @f(%a: !pto.tile<loc=vec, dtype=bf16, rows=16, cols=16>) {
    // expected-error @+1 {{pto.tcmp with an 8-bit mask compares only f16, f32, i32 (cpu/TCmp.h: the uint8_t mask takes the A2/A3 types), got bf16}}
    %x = pto.tcmp %a, %a : (!pto.tile<loc=vec, dtype=bf16, rows=16, cols=16>, !pto.tile<loc=vec, dtype=bf16, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=2>
    func.return
  }
}

// -----

// tcmp.md: src0 valid rows == dst valid rows
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) {
    // expected-error @+1 {{pto.tcmp dst valid rows 8 must equal the src0 valid rows 16}}
    %x = pto.tcmp %a, %a : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=ui8, rows=16, cols=32, v_row=8, v_col=2>
    func.return
  }
}

// -----

// the packed predicate of 16 columns needs 2 bytes per row
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) {
    // expected-error @+1 {{pto.tcmp dst valid cols 1 must hold ceil(16 / 8) = 2 8-bit words: the packed predicate of src0's 16x16 region}}
    %x = pto.tcmp %a, %a : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=1>
    func.return
  }
}

// -----

// the SSA result's packed width is static
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) {
    // expected-error @+1 {{pto.tcmp result valid cols must be static: the packed width is not derived from a dynamic source}}
    %x = pto.tcmp %a, %a : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=?>
    func.return
  }
}

// -----

// tcmp.md: src0 and src1 have one element type
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, %b: !pto.tile<loc=vec, dtype=f16, rows=16, cols=16>) {
    // expected-error @+1 {{pto.tcmp src1 dtype f16 must equal the src0 dtype f32}}
    %x = pto.tcmp %a, %b : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile<loc=vec, dtype=f16, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=2>
    func.return
  }
}

// -----

// tcmp compares two tiles (a scalar is pto.tcmps)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, %s: f32) {
    // expected-error @+1 {{pto.tcmp src1 must be a tile, got f32 (use pto.tcmps)}}
    %x = pto.tcmp %a, %s : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, f32) -> !pto.tile<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=2>
    func.return
  }
}

// -----

// tcmp.md: tiles in vec
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.tile<loc=mat, dtype=f32, rows=16, cols=16>) {
    // expected-error @+1 {{pto.tcmp src0 must be in loc=vec, got loc=mat}}
    %x = pto.tcmp %a, %a : (!pto.tile<loc=mat, dtype=f32, rows=16, cols=16>, !pto.tile<loc=mat, dtype=f32, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=2>
    func.return
  }
}

// -----

// tcmp.md: row-major src1
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, %b: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, blayout=col_major>) {
    // expected-error @+1 {{pto.tcmp src1 must be row-major (blayout=row_major), got blayout=col_major}}
    %x = pto.tcmp %a, %b : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, blayout=col_major>) -> !pto.tile<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=2>
    func.return
  }
}

// -----

// tcmps.md A2A3 types: no bf16
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%a: !pto.tile<loc=vec, dtype=bf16, rows=16, cols=16>, %s: bf16) {
    // expected-error @+1 {{pto.tcmps dtype bf16 is not supported on target a2a3 (supported: f16, f32, i16, i32, ui16)}}
    %x = pto.tcmps %a, %s : (!pto.tile<loc=vec, dtype=bf16, rows=16, cols=16>, bf16) -> !pto.tile<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=2>
    func.return
  }
}

// -----

// tcmps: the scalar has the tile's element type
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, %s: f16) {
    // expected-error @+1 {{pto.tcmps scalar type f16 must be the tile element type f32}}
    %x = pto.tcmps %a, %s : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, f16) -> !pto.tile<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=2>
    func.return
  }
}

// -----

// tcmps.md tile form: src0 and src1 have one element type
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, %b: !pto.tile<loc=vec, dtype=i32, rows=16, cols=16>) {
    // expected-error @+1 {{pto.tcmps src1 dtype i32 must equal the src0 dtype f32}}
    %x = pto.tcmps %a, %b : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile<loc=vec, dtype=i32, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=2>
    func.return
  }
}

// -----

// tsel.md mask encoding: packed predicate bits in an integer tile
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%m: !pto.tile<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=1>, %a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) {
    // expected-error @+1 {{pto.tsel mask dtype f32 must be an integer of 8 or 16 or 32 bits (the packed predicate it reads)}}
    %x = pto.tsel %m, %a, %a : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=1>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
    func.return
  }
}

// -----

// tsel: the mask covers dst's valid rows
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%m: !pto.tile<loc=vec, dtype=ui8, rows=16, cols=32, v_row=8, v_col=2>, %a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) {
    // expected-error @+1 {{pto.tsel mask valid rows 8 must cover the dst valid rows 16}}
    %x = pto.tsel %m, %a, %a : (!pto.tile<loc=vec, dtype=ui8, rows=16, cols=32, v_row=8, v_col=2>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
    func.return
  }
}

// -----

// tsel: the mask covers dst's packed columns
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%m: !pto.tile<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=1>, %a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) {
    // expected-error @+1 {{pto.tsel mask valid cols 1 must cover ceil(16 / 8) = 2 words of 8-bit predicates}}
    %x = pto.tsel %m, %a, %a : (!pto.tile<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=1>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
    func.return
  }
}

// -----

// tsel.md: dst, src0 and src1 have one element type
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%m: !pto.tile<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=2>, %a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, %b: !pto.tile<loc=vec, dtype=i32, rows=16, cols=16>) {
    // expected-error @+1 {{pto.tsel src1 dtype i32 must equal the src0 dtype f32}}
    %x = pto.tsel %m, %a, %b : (!pto.tile<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=2>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile<loc=vec, dtype=i32, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
    func.return
  }
}

// -----

// tsel.md A2A3 implementation checks: 2- or 4-byte types
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%m: !pto.tile<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=2>, %a: !pto.tile<loc=vec, dtype=i8, rows=16, cols=32, v_row=16, v_col=16>) {
    // expected-error @+1 {{pto.tsel dtype i8 is not supported on target a2a3 (supported: bf16, f16, f32, i16, i32, ui16, ui32)}}
    %x = pto.tsel %m, %a, %a : (!pto.tile<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=2>, !pto.tile<loc=vec, dtype=i8, rows=16, cols=32, v_row=16, v_col=16>, !pto.tile<loc=vec, dtype=i8, rows=16, cols=32, v_row=16, v_col=16>) -> !pto.tile<loc=vec, dtype=i8, rows=16, cols=32, v_row=16, v_col=16>
    func.return
  }
}

// -----

// tsel.md: row-major tiles
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%m: !pto.tile<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=2>, %a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, %b: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, blayout=col_major>) {
    // expected-error @+1 {{pto.tsel src1 must be row-major (blayout=row_major), got blayout=col_major}}
    %x = pto.tsel %m, %a, %b : (!pto.tile<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=2>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, blayout=col_major>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
    func.return
  }
}

// -----

// the optional tmp tile lives in vec
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%m: !pto.tile_buf<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=2>, %a: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %t: !pto.tile_buf<loc=mat, dtype=ui32, rows=1, cols=16>) {
    // expected-error @+1 {{pto.tsel tmp must be in loc=vec, got loc=mat}}
    pto.tsel ins(%m, %a, %a, %t : !pto.tile_buf<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=2>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile_buf<loc=mat, dtype=ui32, rows=1, cols=16>) outs(%a : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>)
    func.return
  }
}

// -----

// tsels.md A5 implementation checks: no bf16
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%m: !pto.tile<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=2>, %a: !pto.tile<loc=vec, dtype=bf16, rows=16, cols=16>, %s: bf16) {
    // expected-error @+1 {{pto.tsels dtype bf16 is not supported on target a5 (supported: f16, f32, i16, i32, i64, i8, ui16, ui32, ui64, ui8)}}
    %x = pto.tsels %m, %a, %s : (!pto.tile<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=2>, !pto.tile<loc=vec, dtype=bf16, rows=16, cols=16>, bf16) -> !pto.tile<loc=vec, dtype=bf16, rows=16, cols=16>
    func.return
  }
}

// -----

// tsels.md: src valid region equals dst's
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%m: !pto.tile<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=2>, %a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, v_row=8>, %s: f32) {
    // expected-error @+1 {{pto.tsels src valid shape 8x16 must equal the dst valid shape 16x16}}
    %x = pto.tsels %m, %a, %s : (!pto.tile<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=2>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, v_row=8>, f32) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
    func.return
  }
}

// -----

// tsels: the scalar has the tile's element type
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%m: !pto.tile<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=2>, %a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, %s: i32) {
    // expected-error @+1 {{pto.tsels scalar type i32 must be the tile element type f32}}
    %x = pto.tsels %m, %a, %s : (!pto.tile<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=2>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, i32) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
    func.return
  }
}

// -----

// tsels: the last source is the scalar
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%m: !pto.tile<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=2>, %a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) {
    // expected-error @+1 {{pto.tsels scalar must be a scalar, got !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>}}
    %x = pto.tsels %m, %a, %a : (!pto.tile<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=2>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
    func.return
  }
}
