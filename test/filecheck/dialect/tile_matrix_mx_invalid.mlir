// RUN: pto-opt %s --split-input-file --verify-diagnostics

// One case per verifier rule of the MX matrix forms (tmatmul.mx, tgemv.mx and their .acc/.bias).

// MX forms exist on A5 only: no (C, A, B) triple on a2a3
!a = !pto.tile_buf<loc=left, dtype=f8E4M3FN, rows=16, cols=64, blayout=col_major, slayout=row_major>
!sa = !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=16, cols=2, blayout=row_major, slayout=row_major, fractal=32>
!b = !pto.tile_buf<loc=right, dtype=f8E5M2, rows=64, cols=16, blayout=row_major, slayout=col_major>
!sb = !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=2, cols=16, blayout=col_major, slayout=col_major, fractal=32>
!c = !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
!bias = !pto.tile_buf<loc=bias, dtype=f32, rows=1, cols=16>
!av = !pto.tile_buf<loc=left, dtype=f8E4M3FN, rows=16, cols=64, v_row=1, blayout=col_major, slayout=row_major>
!sav = !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=16, cols=2, v_row=1, blayout=row_major, slayout=row_major, fractal=32>
!ta = !pto.tile<loc=left, dtype=f8E4M3FN, rows=16, cols=64, blayout=col_major, slayout=row_major>
!tsa = !pto.tile<loc=scaling, dtype=!pto.f8E8M0, rows=16, cols=2, blayout=row_major, slayout=row_major, fractal=32>
!tb = !pto.tile<loc=right, dtype=f8E5M2, rows=64, cols=16, blayout=row_major, slayout=col_major>
!tsb = !pto.tile<loc=scaling, dtype=!pto.f8E8M0, rows=2, cols=16, blayout=col_major, slayout=col_major, fractal=32>
!tc = !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
!sf16 = !pto.tile_buf<loc=scaling, dtype=f16, rows=16, cols=16, blayout=row_major, slayout=row_major, fractal=32>
!sa4 = !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=16, cols=32, v_col=4, blayout=row_major, slayout=row_major, fractal=32>
!a16 = !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=64, blayout=col_major, slayout=row_major>
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%a: !a, %sa: !sa, %b: !b, %sb: !sb, %c: !c) {
    // expected-error @+1 {{pto.tmatmul.mx (C, A, B) = (f32, f8E4M3FN, f8E5M2) is not supported on target a2a3 (supported: none)}}
    pto.tmatmul.mx ins(%a, %sa, %b, %sb : !a, !sa, !b, !sb) outs(%c : !c)
    func.return
  }
}

// -----

// a scale tile lives in loc=scaling
!a = !pto.tile_buf<loc=left, dtype=f8E4M3FN, rows=16, cols=64, blayout=col_major, slayout=row_major>
!sa = !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=16, cols=2, blayout=row_major, slayout=row_major, fractal=32>
!b = !pto.tile_buf<loc=right, dtype=f8E5M2, rows=64, cols=16, blayout=row_major, slayout=col_major>
!sb = !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=2, cols=16, blayout=col_major, slayout=col_major, fractal=32>
!c = !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
!bias = !pto.tile_buf<loc=bias, dtype=f32, rows=1, cols=16>
!av = !pto.tile_buf<loc=left, dtype=f8E4M3FN, rows=16, cols=64, v_row=1, blayout=col_major, slayout=row_major>
!sav = !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=16, cols=2, v_row=1, blayout=row_major, slayout=row_major, fractal=32>
!ta = !pto.tile<loc=left, dtype=f8E4M3FN, rows=16, cols=64, blayout=col_major, slayout=row_major>
!tsa = !pto.tile<loc=scaling, dtype=!pto.f8E8M0, rows=16, cols=2, blayout=row_major, slayout=row_major, fractal=32>
!tb = !pto.tile<loc=right, dtype=f8E5M2, rows=64, cols=16, blayout=row_major, slayout=col_major>
!tsb = !pto.tile<loc=scaling, dtype=!pto.f8E8M0, rows=2, cols=16, blayout=col_major, slayout=col_major, fractal=32>
!tc = !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
!sf16 = !pto.tile_buf<loc=scaling, dtype=f16, rows=16, cols=16, blayout=row_major, slayout=row_major, fractal=32>
!sa4 = !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=16, cols=32, v_col=4, blayout=row_major, slayout=row_major, fractal=32>
!a16 = !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=64, blayout=col_major, slayout=row_major>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !a, %sa: !c, %b: !b, %sb: !sb, %c: !c) {
    // expected-error @+1 {{pto.tmatmul.mx a_scale must be in loc=scaling, got loc=acc}}
    pto.tmatmul.mx ins(%a, %sa, %b, %sb : !a, !c, !b, !sb) outs(%c : !c)
    func.return
  }
}

// -----

// a_scale is m x ceil(k/32)
!a = !pto.tile_buf<loc=left, dtype=f8E4M3FN, rows=16, cols=64, blayout=col_major, slayout=row_major>
!sa = !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=16, cols=2, blayout=row_major, slayout=row_major, fractal=32>
!b = !pto.tile_buf<loc=right, dtype=f8E5M2, rows=64, cols=16, blayout=row_major, slayout=col_major>
!sb = !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=2, cols=16, blayout=col_major, slayout=col_major, fractal=32>
!c = !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
!bias = !pto.tile_buf<loc=bias, dtype=f32, rows=1, cols=16>
!av = !pto.tile_buf<loc=left, dtype=f8E4M3FN, rows=16, cols=64, v_row=1, blayout=col_major, slayout=row_major>
!sav = !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=16, cols=2, v_row=1, blayout=row_major, slayout=row_major, fractal=32>
!ta = !pto.tile<loc=left, dtype=f8E4M3FN, rows=16, cols=64, blayout=col_major, slayout=row_major>
!tsa = !pto.tile<loc=scaling, dtype=!pto.f8E8M0, rows=16, cols=2, blayout=row_major, slayout=row_major, fractal=32>
!tb = !pto.tile<loc=right, dtype=f8E5M2, rows=64, cols=16, blayout=row_major, slayout=col_major>
!tsb = !pto.tile<loc=scaling, dtype=!pto.f8E8M0, rows=2, cols=16, blayout=col_major, slayout=col_major, fractal=32>
!tc = !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
!sf16 = !pto.tile_buf<loc=scaling, dtype=f16, rows=16, cols=16, blayout=row_major, slayout=row_major, fractal=32>
!sa4 = !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=16, cols=32, v_col=4, blayout=row_major, slayout=row_major, fractal=32>
!a16 = !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=64, blayout=col_major, slayout=row_major>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !a, %sa: !sa4, %b: !b, %sb: !sb, %c: !c) {
    // expected-error @+1 {{pto.tmatmul.mx a_scale valid shape 16x4 must be 16x2 (one scale per 32 k)}}
    pto.tmatmul.mx ins(%a, %sa, %b, %sb : !a, !sa4, !b, !sb) outs(%c : !c)
    func.return
  }
}

// -----

// f16 operands have no MX form
!a = !pto.tile_buf<loc=left, dtype=f8E4M3FN, rows=16, cols=64, blayout=col_major, slayout=row_major>
!sa = !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=16, cols=2, blayout=row_major, slayout=row_major, fractal=32>
!b = !pto.tile_buf<loc=right, dtype=f8E5M2, rows=64, cols=16, blayout=row_major, slayout=col_major>
!sb = !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=2, cols=16, blayout=col_major, slayout=col_major, fractal=32>
!c = !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
!bias = !pto.tile_buf<loc=bias, dtype=f32, rows=1, cols=16>
!av = !pto.tile_buf<loc=left, dtype=f8E4M3FN, rows=16, cols=64, v_row=1, blayout=col_major, slayout=row_major>
!sav = !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=16, cols=2, v_row=1, blayout=row_major, slayout=row_major, fractal=32>
!ta = !pto.tile<loc=left, dtype=f8E4M3FN, rows=16, cols=64, blayout=col_major, slayout=row_major>
!tsa = !pto.tile<loc=scaling, dtype=!pto.f8E8M0, rows=16, cols=2, blayout=row_major, slayout=row_major, fractal=32>
!tb = !pto.tile<loc=right, dtype=f8E5M2, rows=64, cols=16, blayout=row_major, slayout=col_major>
!tsb = !pto.tile<loc=scaling, dtype=!pto.f8E8M0, rows=2, cols=16, blayout=col_major, slayout=col_major, fractal=32>
!tc = !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
!sf16 = !pto.tile_buf<loc=scaling, dtype=f16, rows=16, cols=16, blayout=row_major, slayout=row_major, fractal=32>
!sa4 = !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=16, cols=32, v_col=4, blayout=row_major, slayout=row_major, fractal=32>
!a16 = !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=64, blayout=col_major, slayout=row_major>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !a16, %sa: !sa, %b: !b, %sb: !sb, %c: !c) {
    // expected-error @+1 {{pto.tmatmul.mx (C, A, B) = (f32, f16, f8E5M2) is not supported on target a5 (supported: (f32, f4E1M2x2, f4E1M2x2), (f32, f4E1M2x2, f4E2M1x2), (f32, f4E2M1x2, f4E1M2x2), (f32, f4E2M1x2, f4E2M1x2), (f32, f8E4M3FN, f8E4M3FN), (f32, f8E4M3FN, f8E5M2), (f32, f8E5M2, f8E4M3FN), (f32, f8E5M2, f8E5M2))}}
    pto.tmatmul.mx ins(%a, %sa, %b, %sb : !a16, !sa, !b, !sb) outs(%c : !c)
    func.return
  }
}
