// RUN: %roundtrip %s | filecheck %s
// RUN: %roundtrip %s --print-op-generic | filecheck %s --check-prefix=GENERIC

!v = !pto.tile<loc=vec, dtype=f32, rows=32, cols=32>
!vb = !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32>

// CHECK-LABEL: func.func @tadd
// CHECK: %c = pto.tadd %a, %a : (!pto.tile<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK: pto.tadd ins(%b, %b : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%b : !pto.tile_buf<{{.*}}>)
// GENERIC: "pto.tadd"(%a, %a) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tadd"(%b, %b, %b) <{operandSegmentSizes = array<i32: 2, 1>}>
func.func @tadd(%a: !v, %b: !vb) {
  %c = pto.tadd %a, %a : (!v, !v) -> !v
  pto.tadd ins(%b, %b : !vb, !vb) outs(%b : !vb)
  func.return
}
