// RUN: pto-opt %s --split-input-file --verify-diagnostics

// trowsum: src in loc=vec (trowsum.md: TileType::Vec)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s: !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=16>, %t: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_col=1>) {
    // expected-error @+1 {{pto.trowsum src must be in loc=vec, got loc=mat}}
    pto.trowsum ins(%s, %t : !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=16>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_col=1>)
    func.return
  }
}

// -----

// trowmax: tmp in loc=vec
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %t: !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_col=1>) {
    // expected-error @+1 {{pto.trowmax tmp must be in loc=vec, got loc=mat}}
    pto.trowmax ins(%s, %t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=16>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_col=1>)
    func.return
  }
}

// -----

// trowmin: src ND (row-major, none_box)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, blayout=col_major>, %t: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_col=1>) {
    // expected-error @+1 {{pto.trowmin src must be ND (blayout=row_major, slayout=none_box), got blayout=col_major, slayout=none_box}}
    pto.trowmin ins(%s, %t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, blayout=col_major>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_col=1>)
    func.return
  }
}

// -----

// trowsum: dst ND or DN with one column
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %t: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_col=1, blayout=col_major>) {
    // expected-error @+1 {{pto.trowsum dst must be ND (blayout=row_major, slayout=none_box) or DN with one column (blayout=col_major, slayout=none_box, cols=1), got blayout=col_major, slayout=none_box, cols=8}}
    pto.trowsum ins(%s, %t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_col=1, blayout=col_major>)
    func.return
  }
}

// -----

// trowmax: dst has src's element type
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %t: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_col=1>) {
    // expected-error @+1 {{pto.trowmax dst dtype f16 must equal the src dtype f32}}
    pto.trowmax ins(%s, %t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) outs(%d : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_col=1>)
    func.return
  }
}

// -----

// trowmin: tmp has src's element type
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %t: !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_col=1>) {
    // expected-error @+1 {{pto.trowmin tmp dtype f16 must equal the src dtype f32}}
    pto.trowmin ins(%s, %t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_col=1>)
    func.return
  }
}

// -----

// trowsum: A2/A3 types half, float, int32, int16 (no int64)
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%s: !pto.tile_buf<loc=vec, dtype=i64, rows=16, cols=16>, %t: !pto.tile_buf<loc=vec, dtype=i64, rows=16, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=i64, rows=16, cols=4, v_col=1>) {
    // expected-error @+1 {{pto.trowsum dtype i64 is not supported on target a2a3 (supported: f16, f32, i16, i32)}}
    pto.trowsum ins(%s, %t : !pto.tile_buf<loc=vec, dtype=i64, rows=16, cols=16>, !pto.tile_buf<loc=vec, dtype=i64, rows=16, cols=16>) outs(%d : !pto.tile_buf<loc=vec, dtype=i64, rows=16, cols=4, v_col=1>)
    func.return
  }
}

// -----

// trowmax: A5 adds int8 but no bf16
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s: !pto.tile_buf<loc=vec, dtype=bf16, rows=16, cols=16>, %t: !pto.tile_buf<loc=vec, dtype=bf16, rows=16, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=bf16, rows=16, cols=16, v_col=1>) {
    // expected-error @+1 {{pto.trowmax dtype bf16 is not supported on target a5 (supported: f16, f32, i16, i32, i64, i8, ui64, ui8)}}
    pto.trowmax ins(%s, %t : !pto.tile_buf<loc=vec, dtype=bf16, rows=16, cols=16>, !pto.tile_buf<loc=vec, dtype=bf16, rows=16, cols=16>) outs(%d : !pto.tile_buf<loc=vec, dtype=bf16, rows=16, cols=16, v_col=1>)
    func.return
  }
}

// -----

// trowprod: half, float, int32, int16 only
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s: !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=32>, %t: !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=32>, %d: !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=32, v_col=1>) {
    // expected-error @+1 {{pto.trowprod dtype i8 is not supported on target a5 (supported: f16, f32, i16, i32)}}
    pto.trowprod ins(%s, %t : !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=32>, !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=32>) outs(%d : !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=32, v_col=1>)
    func.return
  }
}

// -----

// trowsum: dst valid rows == src valid rows
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %t: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=8, v_col=1>) {
    // expected-error @+1 {{pto.trowsum dst valid rows 8 must equal the src valid rows 16}}
    pto.trowsum ins(%s, %t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=8, v_col=1>)
    func.return
  }
}

// -----

// trowmax: src valid columns != 0
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_col=0>, %t: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_col=1>) {
    // expected-error @+1 {{pto.trowmax src valid cols must not be 0 (the reduction needs an element)}}
    pto.trowmax ins(%s, %t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_col=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_col=1>)
    func.return
  }
}

// -----

// trowsum: src and an optional tmp (PTOAS kernels leave tmp out), nothing more
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_col=1>) {
    // expected-error @+1 {{pto.trowsum expects src and an optional tmp, got 3 sources}}
    pto.trowsum ins(%s, %s, %s : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_col=1>)
    func.return
  }
}

// -----

// tcolprod: A2/A3 half, float, int16, int32 (tcolprod.md), no bf16
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%s: !pto.tile_buf<loc=vec, dtype=bf16, rows=16, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=bf16, rows=1, cols=16>) {
    // expected-error @+1 {{pto.tcolprod dtype bf16 is not supported on target a2a3 (supported: f16, f32, i16, i32)}}
    pto.tcolprod ins(%s : !pto.tile_buf<loc=vec, dtype=bf16, rows=16, cols=16>) outs(%d : !pto.tile_buf<loc=vec, dtype=bf16, rows=1, cols=16>)
    func.return
  }
}

// -----

// trowmin: dst in loc=vec (trowmin.md: TileType::Vec)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %d: !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=8, v_col=1>) {
    // expected-error @+1 {{pto.trowmin dst must be in loc=vec, got loc=mat}}
    pto.trowmin ins(%s, %s : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) outs(%d : !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=8, v_col=1>)
    func.return
  }
}
