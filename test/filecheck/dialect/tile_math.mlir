// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

!v = !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>
!vb = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32>
!i = !pto.tile<loc=vec, dtype=i32, rows=16, cols=32>
!ib = !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=32>
!m = !pto.tile<loc=vec, dtype=ui8, rows=17, cols=32, v_row=17, v_col=32>
!mb = !pto.tile_buf<loc=vec, dtype=ui8, rows=17, cols=32>

// CHECK-LABEL: func.func @math_ssa
// CHECK-NEXT: %0 = pto.texp %a : !pto.tile<loc=vec, dtype=f32, rows=16, cols=32{{.*}}> -> !pto.tile<{{.*}}>
// CHECK-NEXT: %1 = pto.tlog %a : !pto.tile<loc=vec, dtype=f32, rows=16, cols=32{{.*}}> -> !pto.tile<{{.*}}>
// CHECK-NEXT: %2 = pto.tsqrt %a : !pto.tile<loc=vec, dtype=f32, rows=16, cols=32{{.*}}> -> !pto.tile<{{.*}}>
// CHECK-NEXT: %3 = pto.trsqrt %a : !pto.tile<loc=vec, dtype=f32, rows=16, cols=32{{.*}}> -> !pto.tile<{{.*}}>
// CHECK-NEXT: %4 = pto.trecip %a : !pto.tile<loc=vec, dtype=f32, rows=16, cols=32{{.*}}> -> !pto.tile<{{.*}}>
// CHECK-NEXT: %5 = pto.trelu %a : !pto.tile<loc=vec, dtype=f32, rows=16, cols=32{{.*}}> -> !pto.tile<{{.*}}>
// CHECK-NEXT: %6 = pto.tpow %a, %a : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: %7 = pto.tfmod %a, %a : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: %8 = pto.taddc %a, %a, %a : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: %9 = pto.tsubc %a, %a, %a : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// GENERIC-LABEL: "func.func"() <{sym_name = "math_ssa"
// GENERIC: "pto.texp"(%a) <{operandSegmentSizes = array<i32: 1, 0>}>
// GENERIC: "pto.tlog"(%a) <{operandSegmentSizes = array<i32: 1, 0>}>
// GENERIC: "pto.tsqrt"(%a) <{operandSegmentSizes = array<i32: 1, 0>}>
// GENERIC: "pto.trsqrt"(%a) <{operandSegmentSizes = array<i32: 1, 0>}>
// GENERIC: "pto.trecip"(%a) <{operandSegmentSizes = array<i32: 1, 0>}>
// GENERIC: "pto.trelu"(%a) <{operandSegmentSizes = array<i32: 1, 0>}>
// GENERIC: "pto.tpow"(%a, %a) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tfmod"(%a, %a) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.taddc"(%a, %a, %a) <{operandSegmentSizes = array<i32: 3, 0>}>
// GENERIC: "pto.tsubc"(%a, %a, %a) <{operandSegmentSizes = array<i32: 3, 0>}>
func.func @math_ssa(%a: !v) {
  %0 = pto.texp %a : !v -> !v
  %1 = pto.tlog %a : !v -> !v
  %2 = pto.tsqrt %a : !v -> !v
  %3 = pto.trsqrt %a : !v -> !v
  %4 = pto.trecip %a : !v -> !v
  %5 = pto.trelu %a : !v -> !v
  %6 = pto.tpow %a, %a : (!v, !v) -> !v
  %7 = pto.tfmod %a, %a : (!v, !v) -> !v
  %8 = pto.taddc %a, %a, %a : (!v, !v, !v) -> !v
  %9 = pto.tsubc %a, %a, %a : (!v, !v, !v) -> !v
  func.return
}

// CHECK-LABEL: func.func @math_dps
// CHECK-NEXT: pto.texp ins(%a : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32{{.*}}>) outs(%b : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tlog ins(%a : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32{{.*}}>) outs(%b : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tsqrt ins(%a : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32{{.*}}>) outs(%b : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.trsqrt ins(%a : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32{{.*}}>) outs(%b : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.trecip ins(%a : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32{{.*}}>) outs(%b : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.trelu ins(%a : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32{{.*}}>) outs(%b : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.trsqrt ins(%a, %t : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%b : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tprelu ins(%a, %t, %m : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>, !pto.tile_buf<loc=vec, dtype=ui8{{.*}}>) outs(%b : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tpow ins(%i, %j : !pto.tile_buf<loc=vec, dtype=i32{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%k : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tfmod ins(%i, %j : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%k : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.trem ins(%i, %j, %l : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%k : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.taddc ins(%i, %j, %l : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%k : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tsubc ins(%i, %j, %l : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%k : !pto.tile_buf<{{.*}}>)
// GENERIC-LABEL: "func.func"() <{sym_name = "math_dps"
// GENERIC: "pto.texp"(%a, %b) <{operandSegmentSizes = array<i32: 1, 1>}>
// GENERIC: "pto.tlog"(%a, %b) <{operandSegmentSizes = array<i32: 1, 1>}>
// GENERIC: "pto.tsqrt"(%a, %b) <{operandSegmentSizes = array<i32: 1, 1>}>
// GENERIC: "pto.trsqrt"(%a, %b) <{operandSegmentSizes = array<i32: 1, 1>}>
// GENERIC: "pto.trecip"(%a, %b) <{operandSegmentSizes = array<i32: 1, 1>}>
// GENERIC: "pto.trelu"(%a, %b) <{operandSegmentSizes = array<i32: 1, 1>}>
// GENERIC: "pto.trsqrt"(%a, %t, %b) <{operandSegmentSizes = array<i32: 2, 1>}>
// GENERIC: "pto.tprelu"(%a, %t, %m, %b) <{operandSegmentSizes = array<i32: 3, 1>}>
// GENERIC: "pto.tpow"(%i, %j, %k) <{operandSegmentSizes = array<i32: 2, 1>}>
// GENERIC: "pto.tfmod"(%i, %j, %k) <{operandSegmentSizes = array<i32: 2, 1>}>
// GENERIC: "pto.trem"(%i, %j, %l, %k) <{operandSegmentSizes = array<i32: 3, 1>}>
// GENERIC: "pto.taddc"(%i, %j, %l, %k) <{operandSegmentSizes = array<i32: 3, 1>}>
// GENERIC: "pto.tsubc"(%i, %j, %l, %k) <{operandSegmentSizes = array<i32: 3, 1>}>
func.func @math_dps(%a: !vb, %b: !vb, %t: !vb, %m: !mb, %i: !ib, %j: !ib, %k: !ib, %l: !ib) {
  pto.texp ins(%a : !vb) outs(%b : !vb)
  pto.tlog ins(%a : !vb) outs(%b : !vb)
  pto.tsqrt ins(%a : !vb) outs(%b : !vb)
  pto.trsqrt ins(%a : !vb) outs(%b : !vb)
  pto.trecip ins(%a : !vb) outs(%b : !vb)
  pto.trelu ins(%a : !vb) outs(%b : !vb)
  pto.trsqrt ins(%a, %t : !vb, !vb) outs(%b : !vb)
  pto.tprelu ins(%a, %t, %m : !vb, !vb, !mb) outs(%b : !vb)
  pto.tpow ins(%i, %j : !ib, !ib) outs(%k : !ib)
  pto.tfmod ins(%i, %j : !ib, !ib) outs(%k : !ib)
  pto.trem ins(%i, %j, %l : !ib, !ib, !ib) outs(%k : !ib)
  pto.taddc ins(%i, %j, %l : !ib, !ib, !ib) outs(%k : !ib)
  pto.tsubc ins(%i, %j, %l : !ib, !ib, !ib) outs(%k : !ib)
  func.return
}

// The PTOAS test kernels' spellings: tprelu's tmp in i8, trem's tmp of dst's type.
// CHECK-LABEL: func.func @ptoas_forms
// CHECK: pto.tprelu ins(%{{.*}}, %{{.*}}, %{{.*}} : {{.*}}dtype=i8{{.*}}) outs(
// GENERIC-LABEL: "func.func"() <{sym_name = "ptoas_forms"
// GENERIC: "pto.tprelu"
func.func @ptoas_forms(%s0: !pto.tile_buf<loc=vec, dtype=f32, rows=256, cols=224, v_row=256, v_col=200, blayout=row_major, slayout=none_box, fractal=512, pad=0>, %s1: !pto.tile_buf<loc=vec, dtype=f32, rows=256, cols=224, v_row=256, v_col=200, blayout=row_major, slayout=none_box, fractal=512, pad=0>, %tmp: !pto.tile_buf<loc=vec, dtype=i8, rows=257, cols=224, v_row=257, v_col=200, blayout=row_major, slayout=none_box, fractal=512, pad=0>, %d: !pto.tile_buf<loc=vec, dtype=f32, rows=256, cols=224, v_row=256, v_col=200, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {
  pto.tprelu ins(%s0, %s1, %tmp : !pto.tile_buf<loc=vec, dtype=f32, rows=256, cols=224, v_row=256, v_col=200, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=256, cols=224, v_row=256, v_col=200, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=i8, rows=257, cols=224, v_row=257, v_col=200, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=256, cols=224, v_row=256, v_col=200, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  func.return
}
