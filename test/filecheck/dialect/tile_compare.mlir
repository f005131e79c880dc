// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

!f = !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
!m8 = !pto.tile<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=2>
!fb = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>
!mb = !pto.tile_buf<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=2>
!tb = !pto.tile_buf<loc=vec, dtype=ui32, rows=1, cols=16>

// The compare mode in both spellings (PTOAS `#pto<cmp gt>`, the manual's `#pto.cmp<GT>`).
// CHECK-LABEL: func.func @compare_select_ssa
// CHECK-NEXT: %m = pto.tcmp %a, %b {cmpMode = #pto.cmp<GT>} : (!pto.tile<{{.*}}dtype=f32{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=2{{.*}}>
// CHECK-NEXT: %n = pto.tcmps %a, %s {cmpMode = #pto.cmp<LE>} : (!pto.tile<{{.*}}>, f32) -> !pto.tile<{{.*}}>
// CHECK-NEXT: %o = pto.tcmps %a, %b {cmpMode = #pto.cmp<NE>} : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: %p = pto.tcmp %a, %b : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: %x = pto.tsel %m, %a, %b : (!pto.tile<{{.*}}dtype=ui8{{.*}}>, !pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}dtype=f32{{.*}}>
// CHECK-NEXT: %y = pto.tsels %n, %a, %s : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>, f32) -> !pto.tile<{{.*}}>
// GENERIC-LABEL: "func.func"() <{sym_name = "compare_select_ssa"
// GENERIC: "pto.tcmp"(%a, %b) <{operandSegmentSizes = array<i32: 2, 0>}> {cmpMode = #pto.cmp<GT>}
// GENERIC: "pto.tcmps"(%a, %s) <{operandSegmentSizes = array<i32: 2, 0>}> {cmpMode = #pto.cmp<LE>}
// GENERIC: "pto.tsel"(%m, %a, %b) <{operandSegmentSizes = array<i32: 3, 0>}>
// GENERIC: "pto.tsels"(%n, %a, %s) <{operandSegmentSizes = array<i32: 3, 0>}>
func.func @compare_select_ssa(%a: !f, %b: !f, %s: f32) {
  %m = pto.tcmp %a, %b {cmpMode = #pto<cmp gt>} : (!f, !f) -> !m8
  %n = pto.tcmps %a, %s {cmpMode = #pto.cmp<LE>} : (!f, f32) -> !m8
  %o = pto.tcmps %a, %b {cmpMode = #pto<cmp ne>} : (!f, !f) -> !m8
  %p = pto.tcmp %a, %b : (!f, !f) -> !m8
  %x = pto.tsel %m, %a, %b : (!m8, !f, !f) -> !f
  %y = pto.tsels %n, %a, %s : (!m8, !f, f32) -> !f
  func.return
}

// DPS: attributes inside ins(...); tsel takes an optional tmp last, tsels before the scalar
// (the PTOAS order).
// CHECK-LABEL: func.func @compare_select_dps
// CHECK-NEXT: pto.tcmp ins(%a, %b {cmpMode = #pto.cmp<EQ>} : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%m : !pto.tile_buf<{{.*}}dtype=ui8{{.*}}>)
// CHECK-NEXT: pto.tcmps ins(%a, %s {cmpMode = #pto.cmp<LT>} : !pto.tile_buf<{{.*}}>, f32) outs(%m : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tsel ins(%m, %a, %b : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%c : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tsel ins(%m, %a, %b, %t : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}dtype=ui32{{.*}}>) outs(%c : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tsels ins(%m, %a, %s : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>, f32) outs(%c : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tsels ins(%m, %a, %t, %s : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>, f32) outs(%c : !pto.tile_buf<{{.*}}>)
// GENERIC: "pto.tcmp"(%a, %b, %m) <{operandSegmentSizes = array<i32: 2, 1>}> {cmpMode = #pto.cmp<EQ>}
// GENERIC: "pto.tsels"(%m, %a, %t, %s, %c) <{operandSegmentSizes = array<i32: 4, 1>}>
func.func @compare_select_dps(%a: !fb, %b: !fb, %c: !fb, %m: !mb, %t: !tb, %s: f32) {
  pto.tcmp ins(%a, %b {cmpMode = #pto<cmp eq>} : !fb, !fb) outs(%m : !mb)
  pto.tcmps ins(%a, %s {cmpMode = #pto<cmp lt>} : !fb, f32) outs(%m : !mb)
  pto.tsel ins(%m, %a, %b : !mb, !fb, !fb) outs(%c : !fb)
  pto.tsel ins(%m, %a, %b, %t : !mb, !fb, !fb, !tb) outs(%c : !fb)
  pto.tsels ins(%m, %a, %s : !mb, !fb, f32) outs(%c : !fb)
  pto.tsels ins(%m, %a, %t, %s : !mb, !fb, !tb, f32) outs(%c : !fb)
  func.return
}
