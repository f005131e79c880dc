// pto-lower-matrix diagnostics: one per rule the cube micro-ops impose on a lowered kernel.
// RUN: pto-opt %s --split-input-file -p "pto-lower-matrix{strict=true}" --verify-diagnostics

// An 8-bit B in an NZ L1 tile: its transposing load moves 32-column boxes, but n = 16 spans
// one 16-column box of L0B.
!mb = !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=32, v_row=32, v_col=16, blayout=col_major, slayout=row_major>
!r = !pto.tile_buf<loc=right, dtype=i8, rows=32, cols=32, v_row=32, v_col=16, blayout=row_major, slayout=col_major>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @nz_i8() {
    %a0 = arith.constant 0 : i64
    %mb = pto.alloc_tile addr = %a0 : !mb
    %r = pto.alloc_tile addr = %a0 : !r
    // expected-error @+1 {{pto-lower-matrix: pto.tmov: a transposing L1 -> L0B load of i8 moves 32 columns a box, which does not divide the 16 columns of n = 16 in 16-column boxes: use a ZN L1 tile}}
    pto.tmov ins(%mb : !mb) outs(%r : !r)
    func.return
  }
}

// -----

// a's k (its valid columns) and b's (its valid rows) differ.
!l = !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major>
!r = !pto.tile_buf<loc=right, dtype=f16, rows=32, cols=16, v_row=24, v_col=16, blayout=row_major, slayout=col_major>
!acc = !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @k() {
    %a0 = arith.constant 0 : i64
    %l = pto.alloc_tile addr = %a0 : !l
    %r = pto.alloc_tile addr = %a0 : !r
    %acc = pto.alloc_tile addr = %a0 : !acc
    // expected-error @+1 {{pto-lower-matrix: pto.tmatmul: a's valid columns 32 and b's valid rows 24 differ: the cube reads both as k}}
    pto.tmatmul ins(%l, %r : !l, !r) outs(%acc : !acc)
    func.return
  }
}

// -----

// The accumulator's valid region is not m x n.
!l = !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, v_row=10, v_col=32, blayout=col_major, slayout=row_major>
!r = !pto.tile_buf<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>
!acc = !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @acc() {
    %a0 = arith.constant 0 : i64
    %l = pto.alloc_tile addr = %a0 : !l
    %r = pto.alloc_tile addr = %a0 : !r
    %acc = pto.alloc_tile addr = %a0 : !acc
    // expected-error @+1 {{pto-lower-matrix: pto.tmatmul: the accumulator's valid region 16x16 is not m x n = 10x16: the cube lays L0C out by m}}
    pto.tmatmul ins(%l, %r : !l, !r) outs(%acc : !acc)
    func.return
  }
}

// -----

// A .acc into another buffer stays at tile level, but its accumulators' valid rows (10) leave
// a 16-row box of the 32-row tile unused, where the micro-ops lay L0C out by 10 rows.
!l = !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=32, v_row=10, v_col=32, blayout=col_major, slayout=row_major>
!r = !pto.tile_buf<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>
!acc = !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=16, v_row=10, v_col=16, blayout=col_major, slayout=row_major, fractal=1024>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @apart() {
    %a0 = arith.constant 0 : i64
    %a4096 = arith.constant 4096 : i64
    %l = pto.alloc_tile addr = %a0 : !l
    %r = pto.alloc_tile addr = %a0 : !r
    %c = pto.alloc_tile addr = %a0 : !acc
    %d = pto.alloc_tile addr = %a4096 : !acc
    // expected-error @+1 {{pto-lower-matrix: pto.tmatmul.acc: stays at tile level (the pass has no lowering for it), but its acc tile (32x16, valid 10x16) is laid out differently by the cube micro-ops: give it the cube's format and a valid region that fills its boxes, or keep the kernel at tile level (pto-pipeline{lower-matrix=false})}}
    pto.tmatmul.acc ins(%c, %l, %r : !acc, !l, !r) outs(%d : !acc)
    func.return
  }
}

// -----

// Valid sizes known only at run time.
!l = !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, v_row=?, v_col=32, blayout=col_major, slayout=row_major>
!r = !pto.tile_buf<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>
!acc = !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @dynamic(%m: index) {
    %a0 = arith.constant 0 : i64
    %l = pto.alloc_tile addr = %a0 valid_row = %m : !l
    %r = pto.alloc_tile addr = %a0 : !r
    %acc = pto.alloc_tile addr = %a0 : !acc
    // expected-error @+1 {{pto-lower-matrix: pto.tmatmul: the left tile's valid sizes must be known at compile time (the cube micro-ops' m, n, k and box counts are fixed per instruction)}}
    pto.tmatmul ins(%l, %r : !l, !r) outs(%acc : !acc)
    func.return
  }
}
