// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// PTOAS's explicit multi-buffering: the compact and the verbose spelling of
// !pto.multi_tile_buf, an optional placement, alloc_multi_tile with and without addr and
// valid sizes, and multi_tile_get of a constant and of a run-time slot. Printed verbose.
// CHECK-LABEL: func.func @slots
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %c2 = arith.constant 2 : index
// CHECK-NEXT:    %base = arith.constant 4096 : i64
// CHECK-NEXT:    %mb = pto.alloc_multi_tile : !pto.multi_tile_buf<!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, count=2>
// CHECK-NEXT:    %mc = pto.alloc_multi_tile addr = %base : !pto.multi_tile_buf<!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, count=4, placement=static>
// CHECK-NEXT:    %md = pto.alloc_multi_tile valid_row = %c1 valid_col = %c2 : !pto.multi_tile_buf<!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>, count=3>
// CHECK-NEXT:    %s0 = pto.multi_tile_get %mb[%c0] : !pto.multi_tile_buf<!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, {{.*}}>, count=2> -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, {{.*}}>
// CHECK-NEXT:    %k = arith.remui %c1, %c2 : index
// CHECK-NEXT:    %s1 = pto.multi_tile_get %mc[%k] {note = "dynamic"} : !pto.multi_tile_buf<{{.*}}, count=4, placement=static> -> !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, {{.*}}>
// CHECK-NEXT:    func.return
// GENERIC: "pto.alloc_multi_tile"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> !pto.multi_tile_buf<!pto.tile_buf<loc=vec, dtype=f16, {{.*}}>, count=2>
// GENERIC: "pto.alloc_multi_tile"(%base) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !pto.multi_tile_buf<{{.*}}, count=4, placement=static>
// GENERIC: "pto.multi_tile_get"(%mb, %c0) : (!pto.multi_tile_buf<{{.*}}, count=2>, index) -> !pto.tile_buf<{{.*}}>
func.func @slots() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %base = arith.constant 4096 : i64
  %mb = pto.alloc_multi_tile : !pto.multi_tile_buf<vec, 16x16xf16, count=2>
  %mc = pto.alloc_multi_tile addr = %base : !pto.multi_tile_buf<!pto.tile_buf<vec, 8x16xf32>, count=4, placement=static>
  %md = pto.alloc_multi_tile valid_row = %c1 valid_col = %c2 : !pto.multi_tile_buf<vec, 8x16xf32, valid=?x?, count=3>
  %s0 = pto.multi_tile_get %mb[%c0] : !pto.multi_tile_buf<vec, 16x16xf16, count=2> -> !pto.tile_buf<vec, 16x16xf16>
  %k = arith.remui %c1, %c2 : index
  %s1 = pto.multi_tile_get %mc[%k] {note = "dynamic"} : !pto.multi_tile_buf<vec, 8x16xf32, count=4, placement=static> -> !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16>
  func.return
}
