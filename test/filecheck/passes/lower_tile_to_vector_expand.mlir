// pto-lower-tile-to-vector on the row and column expansions: a broadcasting vlds per row
// (BRC_B<bits> for one value per row, BLK for a 32-byte block per row), or the column
// chunk loaded once per chunk, then the op's vector chain and masked stores.
// RUN: xdsl-opt %s --split-input-file -p pto-lower-tile-to-vector | filecheck %s
// RUN: xdsl-opt %s --split-input-file -p pto-lower-tile-to-vector > %t.once
// RUN: xdsl-opt %s --split-input-file -p pto-lower-tile-to-vector,pto-lower-tile-to-vector > %t.twice
// RUN: diff %t.once %t.twice

// Mode 1: row i's value of the col-major per-row tile is at element i.
// CHECK-LABEL: func.func @row_sub
// CHECK:         pto.vecscope {
// CHECK-NEXT:      scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:        %[[S:.*]] = pto.vlds %r_ub[%[[I]]] {dist = "BRC_B32"}
// CHECK:             scf.for
// CHECK:               %[[V:.*]] = pto.vlds %x_ub
// CHECK-NEXT:          %[[D:.*]] = pto.vsub %[[V]], %[[S]], %mask
// CHECK-NEXT:          pto.vsts %[[D]], %y_ub
// CHECK-NOT:     pto.trowexpandsub
func.func @row_sub() {
  %a0 = arith.constant 0 : i64
  %x = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=128, v_row=3, v_col=100>
  %a1 = arith.constant 4096 : i64
  %r = pto.alloc_tile addr = %a1 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=1, v_row=3, v_col=1, blayout=col_major>
  %a2 = arith.constant 8192 : i64
  %y = pto.alloc_tile addr = %a2 : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=128, v_row=3, v_col=100>
  pto.trowexpandsub ins(%x, %r : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=128, v_row=3, v_col=100>, !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=1, v_row=3, v_col=1, blayout=col_major>) outs(%y : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=128, v_row=3, v_col=100>)
  func.return
}

// -----

// Mode 2: row i's 32-byte block, repeated in every block of the register; expdif is vsub
// then vexp; a per-row src0 is the left operand.
// CHECK-LABEL: func.func @row_blocks
// CHECK:         %[[S:.*]] = pto.vlds %b_ub[%{{.*}}] {dist = "BLK"}
// CHECK:         %[[D:.*]] = pto.vsub %{{.*}}, %[[S]], %mask
// CHECK-NEXT:    %[[E:.*]] = pto.vexp %[[D]], %mask
// CHECK:         %[[T:.*]] = pto.vlds %r_ub[%{{.*}}] {dist = "BRC_B32"}
// CHECK:         %[[Q:.*]] = pto.vdiv %[[T]], %{{.*}}, %mask
// CHECK-NOT:     pto.trowexpand
func.func @row_blocks() {
  %a0 = arith.constant 0 : i64
  %x = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=128, v_row=3, v_col=100>
  %a1 = arith.constant 4096 : i64
  %b = pto.alloc_tile addr = %a1 : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=8, v_row=3, v_col=8>
  %a2 = arith.constant 6144 : i64
  %r = pto.alloc_tile addr = %a2 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=1, v_row=3, v_col=1, blayout=col_major>
  %a3 = arith.constant 8192 : i64
  %y = pto.alloc_tile addr = %a3 : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=128, v_row=3, v_col=100>
  pto.trowexpandexpdif ins(%x, %b : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=128, v_row=3, v_col=100>, !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=8, v_row=3, v_col=8>) outs(%y : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=128, v_row=3, v_col=100>)
  pto.trowexpanddiv ins(%r, %x : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=1, v_row=3, v_col=1, blayout=col_major>, !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=128, v_row=3, v_col=100>) outs(%y : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=128, v_row=3, v_col=100>)
  func.return
}

// -----

// Columns: src1's chunk is loaded once, outside the loop over the rows.
// CHECK-LABEL: func.func @col_mul
// CHECK:         pto.vecscope {
// CHECK-NEXT:      scf.for %[[OFF:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK-NEXT:        %mask, %next = pto.plt_b32
// CHECK-NEXT:        %[[S:.*]] = pto.vlds %c_ub[%[[OFF]]]
// CHECK-NEXT:        scf.for
// CHECK:               %[[V:.*]] = pto.vlds %x_ub
// CHECK-NEXT:          %[[P:.*]] = pto.vmul %[[V]], %[[S]], %mask
// CHECK-NEXT:          pto.vsts %[[P]], %x_ub
// CHECK:         pto.vecscope {
// CHECK:             %[[T:.*]] = pto.vlds %c_ub
// CHECK:               pto.vsts %[[T]], %y_ub
// CHECK-NOT:     pto.tcolexpand
func.func @col_mul() {
  %a0 = arith.constant 0 : i64
  %x = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=128, v_row=3, v_col=100>
  %a1 = arith.constant 4096 : i64
  %c = pto.alloc_tile addr = %a1 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128, v_row=1, v_col=100>
  %a2 = arith.constant 8192 : i64
  %y = pto.alloc_tile addr = %a2 : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=128, v_row=3, v_col=100>
  pto.tcolexpandmul ins(%x, %c : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=128, v_row=3, v_col=100>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128, v_row=1, v_col=100>) outs(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=128, v_row=3, v_col=100>)
  pto.tcolexpand ins(%c : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128, v_row=1, v_col=100>) outs(%y : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=128, v_row=3, v_col=100>)
  func.return
}
