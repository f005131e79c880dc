// pto-lower-tile-to-vector diagnostics of the expansions: one per refusal.
// RUN: pto-opt %s --split-input-file -p pto-lower-tile-to-vector --verify-diagnostics

// Integer division: vdiv has no integer form.
func.func @int_div() {
  %a0 = arith.constant 0 : i64
  %x = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=i32, rows=4, cols=128, v_row=4, v_col=128>
  %a1 = arith.constant 4096 : i64
  %r = pto.alloc_tile addr = %a1 : !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=1, v_row=4, v_col=1, blayout=col_major>
  // expected-error @+1 {{pto-lower-tile-to-vector: pto.trowexpanddiv: i32 on target cpu has no exact vector lowering: pto.vdiv does not support i32 as one instruction (A5's integer vdiv is PTOAS's software sequence)}}
  pto.trowexpanddiv ins(%x, %r : !pto.tile_buf<loc=vec, dtype=i32, rows=4, cols=128, v_row=4, v_col=128>, !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=1, v_row=4, v_col=1, blayout=col_major>) outs(%x : !pto.tile_buf<loc=vec, dtype=i32, rows=4, cols=128, v_row=4, v_col=128>)
  func.return
}

// -----

// The per-row operand overlaps dst: a later row would read what an earlier one wrote.
func.func @overlap() {
  %a0 = arith.constant 0 : i64
  %x = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=128, v_row=3, v_col=100>
  %a1 = arith.constant 512 : i64
  %r = pto.alloc_tile addr = %a1 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=1, v_row=3, v_col=1, blayout=col_major>
  // expected-error @+1 {{pto-lower-tile-to-vector: pto.trowexpandadd: src1 %r (bytes [512, 544)) overlaps dst %x (bytes [0, 2048)) whose values later rows or chunks still read}}
  pto.trowexpandadd ins(%x, %r : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=128, v_row=3, v_col=100>, !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=1, v_row=3, v_col=1, blayout=col_major>) outs(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=128, v_row=3, v_col=100>)
  func.return
}

// -----

// A col-major per-row buffer without a planned address.
func.func @unplanned() {
  %a0 = arith.constant 0 : i64
  %x = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=128, v_row=3, v_col=100>
  %r = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=1, v_row=3, v_col=1, blayout=col_major>
  // expected-error @+1 {{pto-lower-tile-to-vector: pto.trowexpandmul: src1 tile buffer %r has no planned address: run pto-plan-memory first}}
  pto.trowexpandmul ins(%x, %r : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=128, v_row=3, v_col=100>, !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=1, v_row=3, v_col=1, blayout=col_major>) outs(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=128, v_row=3, v_col=100>)
  func.return
}
