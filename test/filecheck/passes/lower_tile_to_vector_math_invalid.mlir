// pto-lower-tile-to-vector refusals of elementwise math ops (tile_math.py): each names the op and why.
// RUN: pto-opt %s --split-input-file -p pto-lower-tile-to-vector --verify-diagnostics
// tpow: no vector sequence computes the single rounding of the tile op (NOT_LOWERED).
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @kernel() {
    %a0 = arith.constant 0 : i64
    %x = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
    %a1 = arith.constant 4096 : i64
    %y = pto.alloc_tile addr = %a1 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
    %a2 = arith.constant 8192 : i64
    %d = pto.alloc_tile addr = %a2 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
    // expected-error @+1 {{pto-lower-tile-to-vector: pto.tpow: tpow has no exact vector sequence: exp(exp * ln(base)) rounds three times and differs from the single rounding of pow; integer powers have no vector op}}
    pto.tpow ins(%x, %y : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>, !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>)
    func.return
  }
}

// -----

// tfmod: the exact remainder needs an exact truncated quotient (NOT_LOWERED).
builtin.module attributes {pto.target_arch = "cpu"} {
  func.func @kernel() {
    %a0 = arith.constant 0 : i64
    %x = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
    %a1 = arith.constant 4096 : i64
    %y = pto.alloc_tile addr = %a1 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
    %a2 = arith.constant 8192 : i64
    %d = pto.alloc_tile addr = %a2 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
    // expected-error @+1 {{pto-lower-tile-to-vector: pto.tfmod: no exact vector sequence: the exact remainder needs an exact truncated quotient, and vdiv/vmul/vsub round at each step}}
    pto.tfmod ins(%x, %y : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>, !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>)
    func.return
  }
}

// -----

// trem: the exact remainder needs an exact truncated quotient (NOT_LOWERED).
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @kernel() {
    %a0 = arith.constant 0 : i64
    %x = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
    %a1 = arith.constant 4096 : i64
    %y = pto.alloc_tile addr = %a1 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
    %a2 = arith.constant 8192 : i64
    %t = pto.alloc_tile addr = %a2 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
    %a3 = arith.constant 12288 : i64
    %d = pto.alloc_tile addr = %a3 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
    // expected-error @+1 {{pto-lower-tile-to-vector: pto.trem: no exact vector sequence: the exact remainder needs an exact truncated quotient, and vdiv/vmul/vsub round at each step}}
    pto.trem ins(%x, %y, %t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>, !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>, !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>)
    func.return
  }
}

// -----

// tprelu on A2/A3 passes src0 > 0 only; vprelu passes src0 >= 0 (the ±0 lanes differ).
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @kernel() {
    %a0 = arith.constant 0 : i64
    %x = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
    %a1 = arith.constant 4096 : i64
    %y = pto.alloc_tile addr = %a1 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
    %a2 = arith.constant 8192 : i64
    %t = pto.alloc_tile addr = %a2 : !pto.tile_buf<loc=vec, dtype=ui8, rows=9, cols=64>
    %a3 = arith.constant 12288 : i64
    %d = pto.alloc_tile addr = %a3 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
    // expected-error @+1 {{pto-lower-tile-to-vector: pto.tprelu: tprelu on target a2a3 passes src0 > 0 only, but vprelu passes src0 >= 0: they differ on ±0 lanes, and no exact select is available}}
    pto.tprelu ins(%x, %y, %t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>, !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>, !pto.tile_buf<loc=vec, dtype=ui8, rows=9, cols=64>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>)
    func.return
  }
}
