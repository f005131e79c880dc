// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

!t = !pto.tile<loc=vec, dtype=f32, rows=8, cols=16>
!p = !pto.tile<loc=vec, dtype=f32, rows=8, cols=16, v_row=5, v_col=16>
!b = !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=32>
!pb = !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=32, v_row=8, v_col=7>
!db = !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=32, v_row=?, v_col=?>

// CHECK-LABEL: func.func @partial
// CHECK-NEXT: %0 = pto.tpartadd %a, %q : (!pto.tile<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile<loc=vec, dtype=f32, rows=8, cols=16, v_row=5, v_col=16{{.*}}>) -> !pto.tile<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=16{{.*}}>
// CHECK-NEXT: %1 = pto.tpartmul %q, %a : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: %2 = pto.tpartmax %a, %a : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: %3 = pto.tpartmin %q, %a : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: pto.tpartadd ins(%x, %y : !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=32{{.*}}>, !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=32, v_row=8, v_col=7{{.*}}>) outs(%x : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tpartmul ins(%y, %x : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%z : !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=32, v_row=?, v_col=?{{.*}}>)
// CHECK-NEXT: pto.tpartmax ins(%x, %y : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%x : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tpartmin ins(%x, %y : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%x : !pto.tile_buf<{{.*}}>)
// GENERIC: "pto.tpartadd"(%a, %q) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tpartmul"(%q, %a) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tpartmax"(%a, %a) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tpartmin"(%q, %a) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tpartadd"(%x, %y, %x) <{operandSegmentSizes = array<i32: 2, 1>}>
// GENERIC: "pto.tpartmul"(%y, %x, %z) <{operandSegmentSizes = array<i32: 2, 1>}>
// GENERIC: "pto.tpartmax"(%x, %y, %x) <{operandSegmentSizes = array<i32: 2, 1>}>
// GENERIC: "pto.tpartmin"(%x, %y, %x) <{operandSegmentSizes = array<i32: 2, 1>}>
func.func @partial(%a: !t, %q: !p, %x: !b, %y: !pb, %z: !db) {
  %0 = pto.tpartadd %a, %q : (!t, !p) -> !t
  %1 = pto.tpartmul %q, %a : (!p, !t) -> !t
  %2 = pto.tpartmax %a, %a : (!t, !t) -> !t
  %3 = pto.tpartmin %q, %a : (!p, !t) -> !t
  pto.tpartadd ins(%x, %y : !b, !pb) outs(%x : !b)
  pto.tpartmul ins(%y, %x : !pb, !b) outs(%z : !db)
  pto.tpartmax ins(%x, %y : !b, !pb) outs(%x : !b)
  pto.tpartmin ins(%x, %y : !b, !pb) outs(%x : !b)
  func.return
}
