// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// PTOAS's spelling, with and without `valid [...]` and with the result type inferred.
!src = !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
!bx = !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, blayout=col_major, slayout=row_major>

// CHECK-LABEL: func.func @subview
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c5 = arith.constant 5 : index
// CHECK-NEXT: %0 = pto.subview %s[%c0, %o] sizes [16, 16] : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32{{.*}}> -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: %1 = pto.subview %s[%o, %c0] sizes [5, 32] valid [%c5, %o] : !pto.tile_buf<{{.*}}> -> !pto.tile_buf<loc=vec, dtype=f32, rows=5, cols=32, v_row=5, v_col=?{{.*}}>
// CHECK-NEXT: %2 = pto.subview %s[%c0, %c0] sizes [8, 8] : !pto.tile_buf<{{.*}}> -> !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=8, v_col=8{{.*}}>
// CHECK-NEXT: %3 = pto.subview %b[%c0, %o] sizes [16, 32] : !pto.tile_buf<{{.*}}> -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// GENERIC: "pto.subview"(%s, %c0, %o) <{sizes = [16 : i64, 16 : i64], operandSegmentSizes = array<i32: 1, 2, 0, 0>}>
// GENERIC: "pto.subview"(%s, %o, %c0, %c5, %o) <{sizes = [5 : i64, 32 : i64], operandSegmentSizes = array<i32: 1, 2, 1, 1>}>
func.func @subview(%s: !src, %b: !bx, %o: index) {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %0 = pto.subview %s[%c0, %o] sizes [16, 16] : !src -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %1 = pto.subview %s[%o, %c0] sizes [5, 32] valid [%c5, %o] : !src -> !pto.tile_buf<loc=vec, dtype=f32, rows=5, cols=32, v_row=5, v_col=?>
  %2 = pto.subview %s[%c0, %c0] sizes [8, 8] :
    !src
  %3 = pto.subview %b[%c0, %o] sizes [16, 32] : !bx -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>
  func.return
}

// treshape: PTOAS's spelling (tile buffers) and the manual's SSA form (tiles).
!col = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>
// CHECK-LABEL: func.func @reshape
// CHECK-NEXT: %0 = pto.treshape %c : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major{{.*}}> -> !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major{{.*}}>
// CHECK-NEXT: %1 = pto.treshape %s : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32{{.*}}> -> !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=16{{.*}}>
// CHECK-NEXT: %2 = pto.treshape %t : !pto.tile<loc=vec, dtype=f16, rows=16, cols=32{{.*}}> -> !pto.tile<loc=vec, dtype=i32, rows=16, cols=16{{.*}}>
// GENERIC: "pto.treshape"(%c) : (!pto.tile_buf<{{.*}}>) -> !pto.tile_buf<{{.*}}>
func.func @reshape(%c: !col, %s: !src, %t: !pto.tile<loc=vec, dtype=f16, rows=16, cols=32>) {
  %0 = pto.treshape %c : !col -> !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %1 = pto.treshape %s : !pto.tile_buf<vec, 32x32xf32> -> !pto.tile_buf<vec, 64x16xf32>
  %2 = pto.treshape %t : !pto.tile<loc=vec, dtype=f16, rows=16, cols=32> -> !pto.tile<loc=vec, dtype=i32, rows=16, cols=16>
  func.return
}
