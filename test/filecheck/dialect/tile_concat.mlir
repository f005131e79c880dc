// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

!h = !pto.tile_buf<loc=vec, dtype=i16, rows=32, cols=16, v_row=32, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
!w = !pto.tile_buf<loc=vec, dtype=i16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
!a = !pto.tile<loc=vec, dtype=f32, rows=4, cols=16, v_row=4, v_col=8>
!b = !pto.tile<loc=vec, dtype=f32, rows=4, cols=16>

// CHECK-LABEL: func.func @concat
// CHECK-NEXT: pto.tconcat ins(%x, %y : !pto.tile_buf<loc=vec, dtype=i16, rows=32, cols=16{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%z : !pto.tile_buf<loc=vec, dtype=i16, rows=32, cols=32{{.*}}>)
// CHECK-NEXT: %0 = pto.tconcat %p, %p : (!pto.tile<loc=vec, dtype=f32, rows=4, cols=16, v_row=4, v_col=8{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<loc=vec, dtype=f32, rows=4, cols=16, v_row=4, v_col=16{{.*}}>
// GENERIC: "pto.tconcat"(%x, %y, %z) <{operandSegmentSizes = array<i32: 2, 1>}>
// GENERIC: "pto.tconcat"(%p, %p) <{operandSegmentSizes = array<i32: 2, 0>}>
func.func @concat(%x: !h, %y: !h, %z: !w, %p: !a) {
  pto.tconcat ins(%x, %y : !h, !h) outs(%z : !w)
  %0 = pto.tconcat %p, %p : (!a, !a) -> !b
  func.return
}

!d = !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
!n = !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=8, v_row=8, v_col=1>

// The indexed form (PTOAS's tconcatidx): per-row byte counts in column 0 of the index tiles.
// CHECK-LABEL: func.func @concat_idx
// CHECK-NEXT: pto.tconcatidx ins(%a, %b, %i, %j : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64{{.*}}>, !pto.tile_buf<{{.*}}>, !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=8, v_row=8, v_col=1{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%c : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64{{.*}}>)
// GENERIC: "pto.tconcatidx"(%a, %b, %i, %j, %c) <{operandSegmentSizes = array<i32: 4, 1>}>
func.func @concat_idx(%a: !d, %b: !d, %i: !n, %j: !n, %c: !d) {
  pto.tconcatidx ins(%a, %b, %i, %j : !d, !d, !n, !n) outs(%c : !d)
  func.return
}
