// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

!v = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32>
!i = !pto.tile_buf<loc=vec, dtype=ui32, rows=16, cols=32>
!pv = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=8, v_col=32>
!pi = !pto.tile_buf<loc=vec, dtype=ui32, rows=16, cols=32, v_row=8, v_col=32>
!h = !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32>
!hi = !pto.tile_buf<loc=vec, dtype=i16, rows=16, cols=32>

// CHECK-LABEL: func.func @part_arg
// CHECK-NEXT: pto.tpartargmax ins(%a, %b, %ai, %bi : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=16, v_col=32{{.*}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=8, v_col=32{{.*}}>, !pto.tile_buf<loc=vec, dtype=ui32{{.*}}>, !pto.tile_buf<loc=vec, dtype=ui32, rows=16, cols=32, v_row=8, v_col=32{{.*}}>) outs(%d, %di : !pto.tile_buf<loc=vec, dtype=f32{{.*}}>, !pto.tile_buf<loc=vec, dtype=ui32{{.*}}>)
// CHECK-NEXT: pto.tpartargmin ins(%h0, %h1, %hi0, %hi1 : !pto.tile_buf<loc=vec, dtype=f16{{.*}}>, !pto.tile_buf<{{.*}}>, !pto.tile_buf<loc=vec, dtype=i16{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%h0, %hi0 : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>)
// GENERIC: "pto.tpartargmax"(%a, %b, %ai, %bi, %d, %di) <{operandSegmentSizes = array<i32: 4, 2>}>
// GENERIC: "pto.tpartargmin"(%h0, %h1, %hi0, %hi1, %h0, %hi0) <{operandSegmentSizes = array<i32: 4, 2>}>
func.func @part_arg(%a: !v, %b: !pv, %ai: !i, %bi: !pi, %d: !v, %di: !i, %h0: !h, %h1: !h, %hi0: !hi, %hi1: !hi) {
  pto.tpartargmax ins(%a, %b, %ai, %bi : !v, !pv, !i, !pi) outs(%d, %di : !v, !i)
  pto.tpartargmin ins(%h0, %h1, %hi0, %hi1 : !h, !h, !hi, !hi) outs(%h0, %hi0 : !h, !hi)
  func.return
}
