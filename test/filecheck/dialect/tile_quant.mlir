// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

!f = !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>
!p = !pto.tile<loc=vec, dtype=f32, rows=16, cols=1, blayout=col_major>
!q = !pto.tile<loc=vec, dtype=i8, rows=16, cols=32>
!fb = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32>
!pb = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8>
!ub = !pto.tile_buf<loc=vec, dtype=ui8, rows=16, cols=32>
!hb = !pto.tile_buf<loc=vec, dtype=i16, rows=16, cols=32>

// CHECK-LABEL: func.func @quant
// CHECK-NEXT: %0 = pto.tquant %x, %s {quant_type = #pto.quant_type<INT8_SYM>} : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=32{{.*}}>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=1{{.*}}blayout=col_major{{.*}}>) -> !pto.tile<loc=vec, dtype=i8, rows=16, cols=32{{.*}}>
// CHECK-NEXT: %1 = pto.tdequant %0, %s, %s : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<loc=vec, dtype=f32{{.*}}>
// CHECK-NEXT: pto.tquant ins(%xb, %sb : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%u8 : !pto.tile_buf<loc=vec, dtype=i8{{.*}}>) {quant_type = #pto.quant_type<INT8_SYM>}
// CHECK-NEXT: pto.tquant ins(%xb, %sb, %sb : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%ub : !pto.tile_buf<loc=vec, dtype=ui8{{.*}}>) {quant_type = #pto.quant_type<INT8_ASYM>}
// CHECK-NEXT: pto.tquant ins(%xb, %sb : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%u8, %xb : !pto.tile_buf<loc=vec, dtype=i8{{.*}}>, !pto.tile_buf<loc=vec, dtype=f32{{.*}}>) {quant_type = #pto.quant_type<INT8_SYM>}
// CHECK-NEXT: pto.tdequant ins(%hb, %sb, %sb : !pto.tile_buf<loc=vec, dtype=i16{{.*}}>, !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%xb : !pto.tile_buf<loc=vec, dtype=f32{{.*}}>)
// GENERIC: "pto.tquant"(%x, %s) <{operandSegmentSizes = array<i32: 2, 0>}> {quant_type = #pto.quant_type<INT8_SYM>}
// GENERIC: "pto.tdequant"(%0, %s, %s) <{operandSegmentSizes = array<i32: 3, 0>}>
// GENERIC: "pto.tquant"(%xb, %sb, %u8) <{operandSegmentSizes = array<i32: 2, 1>}> {quant_type = #pto.quant_type<INT8_SYM>}
// GENERIC: "pto.tquant"(%xb, %sb, %sb, %ub) <{operandSegmentSizes = array<i32: 3, 1>}> {quant_type = #pto.quant_type<INT8_ASYM>}
// GENERIC: "pto.tquant"(%xb, %sb, %u8, %xb) <{operandSegmentSizes = array<i32: 2, 2>}> {quant_type = #pto.quant_type<INT8_SYM>}
// GENERIC: "pto.tdequant"(%hb, %sb, %sb, %xb) <{operandSegmentSizes = array<i32: 3, 1>}>
func.func @quant(%x: !f, %s: !p, %xb: !fb, %sb: !pb, %u8: !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=32>, %ub: !ub, %hb: !hb) {
  %0 = pto.tquant %x, %s {quant_type = #pto<quant_type INT8_SYM>} : (!f, !p) -> !q
  %1 = pto.tdequant %0, %s, %s : (!q, !p, !p) -> !f
  pto.tquant ins(%xb, %sb : !fb, !pb) outs(%u8 : !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=32>) {quant_type = #pto<quant_type INT8_SYM>}
  pto.tquant ins(%xb, %sb, %sb : !fb, !pb, !pb) outs(%ub : !ub) {quant_type = #pto.quant_type<INT8_ASYM>}
  pto.tquant ins(%xb, %sb : !fb, !pb) outs(%u8, %xb : !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=32>, !fb) {quant_type = #pto<quant_type INT8_SYM>}
  pto.tdequant ins(%hb, %sb, %sb : !hb, !pb, !pb) outs(%xb : !fb)
  func.return
}
