// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// The DPS spellings PTOAS kernels write (the compact tile syntax too).
!s = !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=256, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
!d = !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=256, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=3>
!m = !pto.tile_buf<loc=mat, dtype=bf16, rows=16, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
!e = !pto.tile_buf<vec, 16x32xf32, pad=2>

// CHECK-LABEL: func.func @fillpad
// CHECK-NEXT: pto.tfillpad ins(%s : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=256, v_row=?, v_col=?{{.*}}pad=0>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=256, v_row=?, v_col=?{{.*}}pad=3>)
// CHECK-NEXT: pto.tfillpad ins(%m : !pto.tile_buf<loc=mat{{.*}}>) outs(%m : !pto.tile_buf<loc=mat{{.*}}>)
// CHECK-NEXT: pto.tfillpad_expand ins(%s : !pto.tile_buf<{{.*}}>) outs(%e : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256{{.*}}pad=2>)
// CHECK-NEXT: pto.tfillpad_inplace ins(%d : !pto.tile_buf<{{.*}}>) outs(%d : !pto.tile_buf<{{.*}}>)
// GENERIC: "pto.tfillpad"(%s, %d) <{operandSegmentSizes = array<i32: 1, 1>}>
// GENERIC: "pto.tfillpad"(%m, %m) <{operandSegmentSizes = array<i32: 1, 1>}>
// GENERIC: "pto.tfillpad_expand"(%s, %e) <{operandSegmentSizes = array<i32: 1, 1>}>
// GENERIC: "pto.tfillpad_inplace"(%d, %d) <{operandSegmentSizes = array<i32: 1, 1>}>
func.func @fillpad(%s: !s, %d: !d, %m: !m, %e: !pto.tile_buf<vec, 16x256xf32, pad=2>) {
  pto.tfillpad ins(%s : !s) outs(%d : !d)
  pto.tfillpad ins(%m : !m) outs(%m : !m)
  pto.tfillpad_expand ins(%s : !s)
                      outs(%e : !pto.tile_buf<vec, 16x256xf32, pad=2>)
  pto.tfillpad_inplace ins(%d : !d) outs(%d : !d)
  func.return
}
