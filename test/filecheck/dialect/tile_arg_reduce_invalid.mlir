// RUN: pto-opt %s --split-input-file --verify-diagnostics

// trowargmax: src, tmp, dst in loc=vec
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s: !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=16>, %t: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=8, v_col=1>) {
    // expected-error @+1 {{pto.trowargmax src must be in loc=vec, got loc=mat}}
    pto.trowargmax ins(%s, %t : !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=16>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) outs(%d : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=8, v_col=1>)
    func.return
  }
}

// -----

// trowargmin: source half or float (trowargmin.md)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s: !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=16>, %t: !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=8, v_col=1>) {
    // expected-error @+1 {{pto.trowargmin dtype i32 is not supported on target a5 (supported: f16, f32)}}
    pto.trowargmin ins(%s, %t : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=16>, !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=16>) outs(%d : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=8, v_col=1>)
    func.return
  }
}

// -----

// trowargmax: dst of int32_t or uint32_t indices
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %t: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=i16, rows=16, cols=16, v_col=1>) {
    // expected-error @+1 {{pto.trowargmax dst dtype i16 must be an index type (i32 or ui32)}}
    pto.trowargmax ins(%s, %t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) outs(%d : !pto.tile_buf<loc=vec, dtype=i16, rows=16, cols=16, v_col=1>)
    func.return
  }
}

// -----

// trowargmax: src ND
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, blayout=col_major>, %t: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=8, v_col=1>) {
    // expected-error @+1 {{pto.trowargmax src must be ND (blayout=row_major, slayout=none_box), got blayout=col_major, slayout=none_box}}
    pto.trowargmax ins(%s, %t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, blayout=col_major>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) outs(%d : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=8, v_col=1>)
    func.return
  }
}

// -----

// trowargmin: dst DN of one column or ND of one valid column
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %t: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=8, v_col=2>) {
    // expected-error @+1 {{pto.trowargmin dst must be DN with one column (blayout=col_major, cols=1) or ND with one valid column, got blayout=row_major, slayout=none_box, cols=8, v_col=2}}
    pto.trowargmin ins(%s, %t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) outs(%d : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=8, v_col=2>)
    func.return
  }
}

// -----

// trowargmax: dst valid rows == src valid rows
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %t: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=8, v_row=4, v_col=1>) {
    // expected-error @+1 {{pto.trowargmax dst valid rows 4 must equal the src valid rows 16}}
    pto.trowargmax ins(%s, %t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) outs(%d : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=8, v_row=4, v_col=1>)
    func.return
  }
}

// -----

// trowargmax: src valid rows != 0
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=0>, %t: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=8, v_row=0, v_col=1>) {
    // expected-error @+1 {{pto.trowargmax src valid rows must not be 0 (the reduction needs an element)}}
    pto.trowargmax ins(%s, %t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) outs(%d : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=8, v_row=0, v_col=1>)
    func.return
  }
}

// -----

// tcolargmax: A2/A3 sources half, float, uint16, uint32 (no int32)
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%s: !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=16>, %t: !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=16>) {
    // expected-error @+1 {{pto.tcolargmax dtype i32 is not supported on target a2a3 (supported: f16, f32, ui16, ui32)}}
    pto.tcolargmax ins(%s, %t : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=16>, !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=16>) outs(%d : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=16>)
    func.return
  }
}

// -----

// tcolargmin: src non-fractal
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major>, %t: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=16>) {
    // expected-error @+1 {{pto.tcolargmin src must be non-fractal (slayout=none_box), got slayout=row_major}}
    pto.tcolargmin ins(%s, %t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) outs(%d : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=16>)
    func.return
  }
}

// -----

// tcolargmax: dst ND
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %t: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=16, v_row=1, blayout=col_major>) {
    // expected-error @+1 {{pto.tcolargmax dst must be ND (blayout=row_major, slayout=none_box), got blayout=col_major, slayout=none_box}}
    pto.tcolargmax ins(%s, %t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) outs(%d : !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=16, v_row=1, blayout=col_major>)
    func.return
  }
}

// -----

// tcolargmax: dst valid rows == 1
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %t: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=i32, rows=2, cols=16>) {
    // expected-error @+1 {{pto.tcolargmax dst valid rows must be 1, got 2}}
    pto.tcolargmax ins(%s, %t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) outs(%d : !pto.tile_buf<loc=vec, dtype=i32, rows=2, cols=16>)
    func.return
  }
}

// -----

// tcolargmin: dst valid cols == src valid cols
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %t: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=16, v_col=8>) {
    // expected-error @+1 {{pto.tcolargmin dst valid cols 8 must equal the src valid cols 16}}
    pto.tcolargmin ins(%s, %t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) outs(%d : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=16, v_col=8>)
    func.return
  }
}

// -----

// tcolargmax: A2/A3 tmp has src's element type
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %t: !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=16>) {
    // expected-error @+1 {{pto.tcolargmax tmp dtype f16 must equal the src dtype f32}}
    pto.tcolargmax ins(%s, %t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>) outs(%d : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=16>)
    func.return
  }
}

// -----

// tcolargmin: tmp in loc=vec
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %t: !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=16>) {
    // expected-error @+1 {{pto.tcolargmin tmp must be in loc=vec, got loc=mat}}
    pto.tcolargmin ins(%s, %t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=16>) outs(%d : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=16>)
    func.return
  }
}
