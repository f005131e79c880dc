// RUN: pto-opt %s --split-input-file --verify-diagnostics

// TileData::Loc == TileType::Vec (texp.md)
builtin.module attributes {pto.target_arch = "cpu"} {
  func.func @f(%s0: !pto.tile<loc=mat, dtype=f32, rows=16, cols=32>) {
    // expected-error @+1 {{pto.texp src must be in loc=vec, got loc=mat}}
    %x = pto.texp %s0 : !pto.tile<loc=mat, dtype=f32, rows=16, cols=32> -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>
    func.return
  }
}

// -----

// row-major tiles (tlog.md)
builtin.module attributes {pto.target_arch = "cpu"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32, blayout=col_major>) {
    // expected-error @+1 {{pto.tlog src must be row-major (blayout=row_major), got blayout=col_major}}
    %x = pto.tlog %s0 : !pto.tile<loc=vec, dtype=f32, rows=16, cols=32, blayout=col_major> -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>
    func.return
  }
}

// -----

// src and dst share one element type (tsqrt.md)
builtin.module attributes {pto.target_arch = "cpu"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=f16, rows=16, cols=32>) {
    // expected-error @+1 {{pto.tsqrt src dtype f16 must equal the dst dtype f32}}
    %x = pto.tsqrt %s0 : !pto.tile<loc=vec, dtype=f16, rows=16, cols=32> -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>
    func.return
  }
}

// -----

// src valid region equals dst's (tsqrt.md, Runtime)
builtin.module attributes {pto.target_arch = "cpu"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32, v_row=8, v_col=32>) {
    // expected-error @+1 {{pto.tsqrt src valid shape 8x32 must equal the dst valid shape 16x32}}
    %x = pto.tsqrt %s0 : !pto.tile<loc=vec, dtype=f32, rows=16, cols=32, v_row=8, v_col=32> -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>
    func.return
  }
}

// -----

// texp: float or half only (texp.md)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=i32, rows=16, cols=32>) {
    // expected-error @+1 {{pto.texp dtype i32 is not supported on target a5 (supported: f16, f32)}}
    %x = pto.texp %s0 : !pto.tile<loc=vec, dtype=i32, rows=16, cols=32> -> !pto.tile<loc=vec, dtype=i32, rows=16, cols=32>
    func.return
  }
}

// -----

// tlog: float or half only (tlog.md)
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=bf16, rows=16, cols=32>) {
    // expected-error @+1 {{pto.tlog dtype bf16 is not supported on target a2a3 (supported: f16, f32)}}
    %x = pto.tlog %s0 : !pto.tile<loc=vec, dtype=bf16, rows=16, cols=32> -> !pto.tile<loc=vec, dtype=bf16, rows=16, cols=32>
    func.return
  }
}

// -----

// tsqrt: float or half only (tsqrt.md)
builtin.module attributes {pto.target_arch = "cpu"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=i32, rows=16, cols=32>) {
    // expected-error @+1 {{pto.tsqrt dtype i32 is not supported on target cpu (supported: f16, f32)}}
    %x = pto.tsqrt %s0 : !pto.tile<loc=vec, dtype=i32, rows=16, cols=32> -> !pto.tile<loc=vec, dtype=i32, rows=16, cols=32>
    func.return
  }
}

// -----

// trsqrt: float or half only (trsqrt.md)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=bf16, rows=16, cols=32>) {
    // expected-error @+1 {{pto.trsqrt dtype bf16 is not supported on target a5 (supported: f16, f32)}}
    %x = pto.trsqrt %s0 : !pto.tile<loc=vec, dtype=bf16, rows=16, cols=32> -> !pto.tile<loc=vec, dtype=bf16, rows=16, cols=32>
    func.return
  }
}

// -----

// trecip: float or half only (trecip.md)
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=i32, rows=16, cols=32>) {
    // expected-error @+1 {{pto.trecip dtype i32 is not supported on target a2a3 (supported: f16, f32)}}
    %x = pto.trecip %s0 : !pto.tile<loc=vec, dtype=i32, rows=16, cols=32> -> !pto.tile<loc=vec, dtype=i32, rows=16, cols=32>
    func.return
  }
}

// -----

// trelu: half, float, int32_t (trelu.md)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=i16, rows=16, cols=32>) {
    // expected-error @+1 {{pto.trelu dtype i16 is not supported on target a5 (supported: f16, f32, i32)}}
    %x = pto.trelu %s0 : !pto.tile<loc=vec, dtype=i16, rows=16, cols=32> -> !pto.tile<loc=vec, dtype=i16, rows=16, cols=32>
    func.return
  }
}

// -----

// tprelu: half, float (tprelu.md)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=bf16, rows=16, cols=32>, %s1: !pto.tile<loc=vec, dtype=bf16, rows=16, cols=32>, %s2: !pto.tile<loc=vec, dtype=ui8, rows=16, cols=32>) {
    // expected-error @+1 {{pto.tprelu dtype bf16 is not supported on target a5 (supported: f16, f32)}}
    %x = pto.tprelu %s0, %s1, %s2 : (!pto.tile<loc=vec, dtype=bf16, rows=16, cols=32>, !pto.tile<loc=vec, dtype=bf16, rows=16, cols=32>, !pto.tile<loc=vec, dtype=ui8, rows=16, cols=32>) -> !pto.tile<loc=vec, dtype=bf16, rows=16, cols=32>
    func.return
  }
}

// -----

// tpow A2/A3: no half (npu/a2a3/TPow.hpp)
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=f16, rows=16, cols=32>, %s1: !pto.tile<loc=vec, dtype=f16, rows=16, cols=32>) {
    // expected-error @+1 {{pto.tpow dtype f16 is not supported on target a2a3 (supported: f32, i16, i32, i8, ui16, ui32, ui8)}}
    %x = pto.tpow %s0, %s1 : (!pto.tile<loc=vec, dtype=f16, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f16, rows=16, cols=32>) -> !pto.tile<loc=vec, dtype=f16, rows=16, cols=32>
    func.return
  }
}

// -----

// tpow A5: no bf16 with the DEFAULT algorithm (tpow.md)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=bf16, rows=16, cols=32>, %s1: !pto.tile<loc=vec, dtype=bf16, rows=16, cols=32>) {
    // expected-error @+1 {{pto.tpow dtype bf16 is not supported on target a5 (supported: f16, f32, i16, i32, i8, ui16, ui32, ui8)}}
    %x = pto.tpow %s0, %s1 : (!pto.tile<loc=vec, dtype=bf16, rows=16, cols=32>, !pto.tile<loc=vec, dtype=bf16, rows=16, cols=32>) -> !pto.tile<loc=vec, dtype=bf16, rows=16, cols=32>
    func.return
  }
}

// -----

// tfmod A2/A3: float only (npu/a2a3/TFmod.hpp)
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=i32, rows=16, cols=32>, %s1: !pto.tile<loc=vec, dtype=i32, rows=16, cols=32>) {
    // expected-error @+1 {{pto.tfmod dtype i32 is not supported on target a2a3 (supported: f32)}}
    %x = pto.tfmod %s0, %s1 : (!pto.tile<loc=vec, dtype=i32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=i32, rows=16, cols=32>) -> !pto.tile<loc=vec, dtype=i32, rows=16, cols=32>
    func.return
  }
}

// -----

// tfmod A5: no 8-bit types (npu/a5/TFMod.hpp)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=i8, rows=16, cols=32>, %s1: !pto.tile<loc=vec, dtype=i8, rows=16, cols=32>) {
    // expected-error @+1 {{pto.tfmod dtype i8 is not supported on target a5 (supported: f16, f32, i16, i32, ui16, ui32)}}
    %x = pto.tfmod %s0, %s1 : (!pto.tile<loc=vec, dtype=i8, rows=16, cols=32>, !pto.tile<loc=vec, dtype=i8, rows=16, cols=32>) -> !pto.tile<loc=vec, dtype=i8, rows=16, cols=32>
    func.return
  }
}

// -----

// trem A2/A3: float, int32_t (trem.md)
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=f16, rows=16, cols=32>, %s1: !pto.tile<loc=vec, dtype=f16, rows=16, cols=32>, %s2: !pto.tile<loc=vec, dtype=f16, rows=16, cols=32>) {
    // expected-error @+1 {{pto.trem dtype f16 is not supported on target a2a3 (supported: f32, i32)}}
    %x = pto.trem %s0, %s1, %s2 : (!pto.tile<loc=vec, dtype=f16, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f16, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f16, rows=16, cols=32>) -> !pto.tile<loc=vec, dtype=f16, rows=16, cols=32>
    func.return
  }
}

// -----

// taddc: the element types of tadd (no fp8)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=f8E4M3FN, rows=16, cols=32>, %s1: !pto.tile<loc=vec, dtype=f8E4M3FN, rows=16, cols=32>, %s2: !pto.tile<loc=vec, dtype=f8E4M3FN, rows=16, cols=32>) {
    // expected-error @+1 {{pto.taddc dtype f8E4M3FN is not supported on target a5 (supported: bf16, f16, f32, i16, i32, i8, ui8)}}
    %x = pto.taddc %s0, %s1, %s2 : (!pto.tile<loc=vec, dtype=f8E4M3FN, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f8E4M3FN, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f8E4M3FN, rows=16, cols=32>) -> !pto.tile<loc=vec, dtype=f8E4M3FN, rows=16, cols=32>
    func.return
  }
}

// -----

// tsubc: the element types of tsub and tadd
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=ui16, rows=16, cols=32>, %s1: !pto.tile<loc=vec, dtype=ui16, rows=16, cols=32>, %s2: !pto.tile<loc=vec, dtype=ui16, rows=16, cols=32>) {
    // expected-error @+1 {{pto.tsubc dtype ui16 is not supported on target a5 (supported: f16, f32, i16, i32, i8, ui8)}}
    %x = pto.tsubc %s0, %s1, %s2 : (!pto.tile<loc=vec, dtype=ui16, rows=16, cols=32>, !pto.tile<loc=vec, dtype=ui16, rows=16, cols=32>, !pto.tile<loc=vec, dtype=ui16, rows=16, cols=32>) -> !pto.tile<loc=vec, dtype=ui16, rows=16, cols=32>
    func.return
  }
}

// -----

// taddc: src2 valid region equals dst's
builtin.module attributes {pto.target_arch = "cpu"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s1: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s2: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32, v_row=4, v_col=32>) {
    // expected-error @+1 {{pto.taddc src2 valid shape 4x32 must equal the dst valid shape 16x32}}
    %x = pto.taddc %s0, %s1, %s2 : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=32, v_row=4, v_col=32>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>
    func.return
  }
}

// -----

// tsubc: src2 shares the element type
builtin.module attributes {pto.target_arch = "cpu"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s1: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s2: !pto.tile<loc=vec, dtype=f16, rows=16, cols=32>) {
    // expected-error @+1 {{pto.tsubc src2 dtype f16 must equal the dst dtype f32}}
    %x = pto.tsubc %s0, %s1, %s2 : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f16, rows=16, cols=32>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>
    func.return
  }
}

// -----

// taddc takes three sources
builtin.module attributes {pto.target_arch = "cpu"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s1: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>) {
    // expected-error @+1 {{pto.taddc expects 3 source operand(s), got 2}}
    %x = pto.taddc %s0, %s1 : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>
    func.return
  }
}

// -----

// trsqrt: src and an optional tmp
builtin.module attributes {pto.target_arch = "cpu"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s1: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s2: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>) {
    // expected-error @+1 {{pto.trsqrt expects src and an optional tmp, got 3 sources}}
    %x = pto.trsqrt %s0, %s1, %s2 : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>
    func.return
  }
}

// -----

// trsqrt tmp: dst's element type (A2/A3 fills it with 1.0)
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s1: !pto.tile<loc=vec, dtype=f16, rows=16, cols=32>) {
    // expected-error @+1 {{pto.trsqrt tmp dtype f16 must equal the dst dtype f32}}
    %x = pto.trsqrt %s0, %s1 : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f16, rows=16, cols=32>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>
    func.return
  }
}

// -----

// trsqrt tmp: a vec tile
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s1: !pto.tile<loc=mat, dtype=f32, rows=16, cols=32>) {
    // expected-error @+1 {{pto.trsqrt tmp must be in loc=vec, got loc=mat}}
    %x = pto.trsqrt %s0, %s1 : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=mat, dtype=f32, rows=16, cols=32>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>
    func.return
  }
}

// -----

// trsqrt tmp: row-major
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s1: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32, blayout=col_major>) {
    // expected-error @+1 {{pto.trsqrt tmp must be row-major (blayout=row_major), got blayout=col_major}}
    %x = pto.trsqrt %s0, %s1 : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=32, blayout=col_major>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>
    func.return
  }
}

// -----

// trecip A2/A3: src and dst not in the same memory (trecip.md)
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%s0: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32>, %d: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32>) {
    // expected-error @+1 {{pto.trecip src and dst must be different tiles on target a2a3 (trecip.md: A3's TRECIP does not support src and dst in the same memory)}}
    pto.trecip ins(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32>)
    func.return
  }
}

// -----

// tprelu takes src0, src1 and a tmp that PTOAS's level-2 form may omit
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s1: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>) {
    %ok = pto.tprelu %s0, %s1 : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>
    // expected-error @+1 {{pto.tprelu expects src0, src1 and an optional tmp, got 1 sources}}
    %x = pto.tprelu %s0 : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=32>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>
    func.return
  }
}

// -----

// tprelu A2/A3 tmp: an 8-bit integer mask (tprelu.md)
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s1: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s2: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>) {
    // expected-error @+1 {{pto.tprelu tmp dtype must be an 8-bit integer on target a2a3 (tprelu.md: uint8_t comparison mask), got f32}}
    %x = pto.tprelu %s0, %s1, %s2 : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>
    func.return
  }
}

// -----

// tprelu A2/A3 tmp: more rows than dst's valid rows (the mask row follows them)
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s1: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s2: !pto.tile<loc=vec, dtype=ui8, rows=16, cols=32>) {
    // expected-error @+1 {{pto.tprelu tmp rows 16 must exceed the dst valid rows 16 on target a2a3 (the select mask goes in tmp row 16)}}
    %x = pto.tprelu %s0, %s1, %s2 : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=ui8, rows=16, cols=32>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>
    func.return
  }
}

// -----

// tprelu A2/A3 tmp: row-major
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s1: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s2: !pto.tile<loc=vec, dtype=ui8, rows=32, cols=32, blayout=col_major>) {
    // expected-error @+1 {{pto.tprelu tmp must be row-major (blayout=row_major), got blayout=col_major}}
    %x = pto.tprelu %s0, %s1, %s2 : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=ui8, rows=32, cols=32, blayout=col_major>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>
    func.return
  }
}

// -----

// tprelu tmp: a vec tile
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s1: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s2: !pto.tile<loc=mat, dtype=ui8, rows=16, cols=32>) {
    // expected-error @+1 {{pto.tprelu tmp must be in loc=vec, got loc=mat}}
    %x = pto.tprelu %s0, %s1, %s2 : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=mat, dtype=ui8, rows=16, cols=32>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>
    func.return
  }
}

// -----

// tprelu A2/A3: src0, src1, tmp and dst do not overlap (tprelu.md)
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%s0: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32>, %t: !pto.tile_buf<loc=vec, dtype=ui8, rows=17, cols=32>, %d: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32>) {
    // expected-error @+1 {{pto.tprelu src0, src1, tmp and dst must be four different tiles on target a2a3 (tprelu.md: they must not overlap)}}
    pto.tprelu ins(%s0, %s0, %t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile_buf<loc=vec, dtype=ui8, rows=17, cols=32>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32>)
    func.return
  }
}

// -----

// trem takes src0, src1 and a tmp that PTOAS's level-2 form may omit
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s1: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>) {
    %ok = pto.trem %s0, %s1 : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>
    // expected-error @+1 {{pto.trem expects src0, src1 and an optional tmp, got 1 sources}}
    %x = pto.trem %s0 : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=32>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>
    func.return
  }
}

// -----

// trem A2/A3 tmp: dst's element type (trem.md)
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s1: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s2: !pto.tile<loc=vec, dtype=i32, rows=16, cols=32>) {
    // expected-error @+1 {{pto.trem tmp dtype i32 must equal the dst dtype f32}}
    %x = pto.trem %s0, %s1, %s2 : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=i32, rows=16, cols=32>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>
    func.return
  }
}

// -----

// trem A2/A3 tmp: at least 2 valid rows (trem.md)
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s1: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s2: !pto.tile<loc=vec, dtype=f32, rows=1, cols=32>) {
    // expected-error @+1 {{pto.trem tmp valid rows 1 must be at least 2 on target a2a3 (trem.md: row 0 for intermediates, row 1 for the mask)}}
    %x = pto.trem %s0, %s1, %s2 : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=1, cols=32>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>
    func.return
  }
}

// -----

// trem A2/A3 tmp: at least dst's valid columns (trem.md)
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s1: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s2: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) {
    // expected-error @+1 {{pto.trem tmp valid shape 16x16 must have at least the dst valid columns 32 on target a2a3 (trem.md)}}
    %x = pto.trem %s0, %s1, %s2 : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>
    func.return
  }
}

// -----

// trem A2/A3 tmp: row-major
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s1: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s2: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32, blayout=col_major>) {
    // expected-error @+1 {{pto.trem tmp must be row-major (blayout=row_major), got blayout=col_major}}
    %x = pto.trem %s0, %s1, %s2 : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=32, blayout=col_major>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>
    func.return
  }
}

// -----

// trem tmp: a vec tile
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s1: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s2: !pto.tile<loc=mat, dtype=f32, rows=16, cols=32>) {
    // expected-error @+1 {{pto.trem tmp must be in loc=vec, got loc=mat}}
    %x = pto.trem %s0, %s1, %s2 : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=mat, dtype=f32, rows=16, cols=32>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>
    func.return
  }
}

// -----

// tpow: base and exp share the element type
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s1: !pto.tile<loc=vec, dtype=f16, rows=16, cols=32>) {
    // expected-error @+1 {{pto.tpow exp dtype f16 must equal the dst dtype f32}}
    %x = pto.tpow %s0, %s1 : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f16, rows=16, cols=32>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>
    func.return
  }
}

// -----

// tfmod: src1 valid region equals dst's
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s0: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s1: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32, v_row=16, v_col=16>) {
    // expected-error @+1 {{pto.tfmod src1 valid shape 16x16 must equal the dst valid shape 16x32}}
    %x = pto.tfmod %s0, %s1 : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=32, v_row=16, v_col=16>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>
    func.return
  }
}
