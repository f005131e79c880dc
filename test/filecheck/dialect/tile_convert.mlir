// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

!f = !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
!h = !pto.tile<loc=vec, dtype=f16, rows=16, cols=16>
!c = !pto.tile<loc=vec, dtype=i8, rows=16, cols=32, v_row=16, v_col=16>
!c32 = !pto.tile<loc=vec, dtype=i8, rows=16, cols=32>
!hb = !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>
!fb = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>
!ib = !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=16>

// Both attribute spellings parse (PTOAS `#pto<round_mode X>` with the manual's CAST_ prefix,
// and the dialect's `#pto.round_mode<X>`); both print in the dialect's form.
// CHECK-LABEL: func.func @tcvt_ssa
// CHECK-NEXT: %0 = pto.tcvt %a {rmode = #pto.round_mode<FLOOR>} : !pto.tile<loc=vec, dtype=f32, rows=16, cols=16{{.*}}> -> !pto.tile<loc=vec, dtype=f16, rows=16, cols=16{{.*}}>
// CHECK-NEXT: %1 = pto.tcvt %a {rmode = #pto.round_mode<RINT>} : !pto.tile<{{.*}}> -> !pto.tile<{{.*}}>
// CHECK-NEXT: %2 = pto.tcvt %a {rmode = #pto.round_mode<ODD>, satmode = #pto.saturation_mode<OFF>} : !pto.tile<{{.*}}> -> !pto.tile<{{.*}}>
// CHECK-NEXT: %3 = pto.tcvt %0 {rmode = #pto.round_mode<ROUND>, satmode = #pto.saturation_mode<ON>} : !pto.tile<{{.*}}dtype=f16{{.*}}> -> !pto.tile<{{.*}}dtype=i8{{.*}}>
// CHECK-NEXT: %4 = pto.tcvt %a : !pto.tile<{{.*}}> -> !pto.tile<{{.*}}dtype=f32{{.*}}>
// CHECK-NEXT: %5 = pto.tcvt %a {rmode = #pto.round_mode<TRUNC>} : !pto.tile<{{.*}}> -> !pto.tile<{{.*}}>
// CHECK-NEXT: %6 = pto.tcvt %a {rmode = #pto.round_mode<CEIL>} : !pto.tile<{{.*}}> -> !pto.tile<{{.*}}>
// CHECK-NEXT: %7 = pto.tcvt %a {rmode = #pto.round_mode<NONE>} : !pto.tile<{{.*}}> -> !pto.tile<{{.*}}>
// GENERIC-LABEL: "func.func"() <{sym_name = "tcvt_ssa"
// GENERIC: "pto.tcvt"(%a) <{operandSegmentSizes = array<i32: 1, 0>}> {rmode = #pto.round_mode<FLOOR>}
// GENERIC: "pto.tcvt"(%0) <{operandSegmentSizes = array<i32: 1, 0>}> {rmode = #pto.round_mode<ROUND>, satmode = #pto.saturation_mode<ON>}
func.func @tcvt_ssa(%a: !f) {
  %0 = pto.tcvt %a {rmode = #pto<round_mode CAST_FLOOR>} : !f -> !h
  %1 = pto.tcvt %a {rmode = #pto.round_mode<CAST_RINT>} : !f -> !h
  %2 = pto.tcvt %a {rmode = #pto.round_mode<ODD>, sat_mode = #pto<saturation_mode OFF>} : !f -> !h
  %3 = pto.tcvt %0 {rmode = #pto<round_mode ROUND>, satmode = #pto.saturation_mode<ON>} : !h -> !c
  %4 = pto.tcvt %a : !f -> !f
  %5 = pto.tcvt %a {rmode = #pto.round_mode<TRUNC>} : !f -> !h
  %6 = pto.tcvt %a {rmode = #pto<round_mode CEIL>} : !f -> !h
  %7 = pto.tcvt %a {rmode = #pto<round_mode NONE>} : !f -> !h
  func.return
}

// The DPS form keeps the attributes inside ins(...), as the manual and PTOAS print them;
// an optional tmp tile follows the source.
// CHECK-LABEL: func.func @tcvt_dps
// CHECK-NEXT: pto.tcvt ins(%f {rmode = #pto.round_mode<TRUNC>, satmode = #pto.saturation_mode<OFF>} : !pto.tile_buf<{{.*}}dtype=f32{{.*}}>) outs(%i : !pto.tile_buf<{{.*}}dtype=i32{{.*}}>)
// CHECK-NEXT: pto.tcvt ins(%f, %i : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%h : !pto.tile_buf<{{.*}}dtype=f16{{.*}}>)
// CHECK-NEXT: pto.tcvt ins(%h {rmode = #pto.round_mode<CEIL>} : !pto.tile_buf<{{.*}}>) outs(%f : !pto.tile_buf<{{.*}}>)
// GENERIC: "pto.tcvt"(%f, %i) <{operandSegmentSizes = array<i32: 1, 1>}> {rmode = #pto.round_mode<TRUNC>, satmode = #pto.saturation_mode<OFF>}
// GENERIC: "pto.tcvt"(%f, %i, %h) <{operandSegmentSizes = array<i32: 2, 1>}>
func.func @tcvt_dps(%f: !fb, %h: !hb, %i: !ib) {
  pto.tcvt ins(%f {rmode = #pto<round_mode CAST_TRUNC>, satmode = #pto<saturation_mode OFF>} : !fb) outs(%i : !ib)
  pto.tcvt ins(%f, %i : !fb, !ib) outs(%h : !hb)
  pto.tcvt ins(%h : !hb) outs(%f : !fb) {rmode = #pto.round_mode<CEIL>}
  func.return
}
