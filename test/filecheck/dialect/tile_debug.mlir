// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// CHECK-LABEL: func.func @print
// CHECK-NEXT: pto.tprint %t : !pto.tile<loc=vec, dtype=f32, rows=4, cols=8, v_row=4, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: pto.tprint ins(%b : !pto.tile_buf<loc=vec, dtype=ui16, rows=2, cols=16{{.*}}>)
// GENERIC: "pto.tprint"(%t) <{operandSegmentSizes = array<i32: 1, 0>}> : (!pto.tile<{{.*}}>) -> ()
// CHECK-NEXT: pto.tprint ins(%b, %g : !pto.tile_buf<{{.*}}>, !pto.partition_tensor_view<2x16xui16>) {printFormat = #pto.print_format<width10_precision6>}
// GENERIC: "pto.tprint"(%b) <{operandSegmentSizes = array<i32: 1, 0>}> : (!pto.tile_buf<{{.*}}>) -> ()
// GENERIC: "pto.tprint"(%b, %g) <{operandSegmentSizes = array<i32: 2, 0>}> {printFormat = #pto.print_format<width10_precision6>} : (!pto.tile_buf<{{.*}}>, !pto.partition_tensor_view<2x16xui16>) -> ()
func.func @print(%t: !pto.tile<loc=vec, dtype=f32, rows=4, cols=8>, %b: !pto.tile_buf<loc=vec, dtype=ui16, rows=2, cols=16>, %g: !pto.partition_tensor_view<2x16xui16>) {
  pto.tprint %t : !pto.tile<loc=vec, dtype=f32, rows=4, cols=8>
  pto.tprint ins(%b : !pto.tile_buf<loc=vec, dtype=ui16, rows=2, cols=16>)
  pto.tprint ins(%b, %g : !pto.tile_buf<loc=vec, dtype=ui16, rows=2, cols=16>, !pto.partition_tensor_view<2x16xui16>) {printFormat = #pto<print_format width10_precision6>}
  func.return
}

// pto.print (PTOAS PrintOp, cce::printf of one scalar)
// CHECK-LABEL: func.func @print_scalar
// CHECK-NEXT: pto.print ins("x=%d", %i : i32)
// CHECK-NEXT: pto.print ins("", %f : f16)
// GENERIC: "pto.print"(%i) <{format = "x=%d"}> : (i32) -> ()
func.func @print_scalar(%i: i32, %f: f16) {
  pto.print ins("x=%d", %i : i32)
  pto.print ins("", %f : f16)
  func.return
}
