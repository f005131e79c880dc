// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// Operand layouts follow the A5 rules (the default cpu target follows A5).
!l = !pto.tile<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>
!r = !pto.tile<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>
!c = !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
!bias = !pto.tile<loc=bias, dtype=f32, rows=1, cols=16>
!lv = !pto.tile<loc=left, dtype=f16, rows=16, cols=32, v_row=1, blayout=col_major, slayout=row_major>
!cv = !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, v_row=1, blayout=col_major, slayout=row_major, fractal=1024>
!lb = !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>
!rb = !pto.tile_buf<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>
!cb = !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
!biasb = !pto.tile_buf<loc=bias, dtype=f32, rows=1, cols=16>
!lvb = !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, v_row=1, blayout=col_major, slayout=row_major>
!cvb = !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=1, blayout=col_major, slayout=row_major, fractal=1024>

// CHECK-LABEL: func.func @matmul_ssa
// CHECK-NEXT: %0 = pto.tmatmul %a, %b : (!pto.tile<loc=left, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile<loc=right, dtype=f16, rows=32, cols=16, v_row=32, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>) -> !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
// CHECK-NEXT: %1 = pto.tmatmul.acc %0, %a, %b : (!pto.tile<loc=acc{{.*}}>, !pto.tile<loc=left{{.*}}>, !pto.tile<loc=right{{.*}}>) -> !pto.tile<loc=acc{{.*}}>
// CHECK-NEXT: %2 = pto.tmatmul.bias %a, %b, %bias : (!pto.tile<loc=left{{.*}}>, !pto.tile<loc=right{{.*}}>, !pto.tile<loc=bias, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> !pto.tile<loc=acc{{.*}}>
// CHECK-NEXT: %3 = pto.tgemv %av, %b : (!pto.tile<loc=left, dtype=f16, rows=16, cols=32, v_row=1, v_col=32{{.*}}>, !pto.tile<loc=right{{.*}}>) -> !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, v_row=1, v_col=16{{.*}}>
// CHECK-NEXT: %4 = pto.tgemv.acc %3, %av, %b : (!pto.tile<loc=acc{{.*}}>, !pto.tile<loc=left{{.*}}>, !pto.tile<loc=right{{.*}}>) -> !pto.tile<loc=acc{{.*}}>
// CHECK-NEXT: %5 = pto.tgemv.bias %av, %b, %bias : (!pto.tile<loc=left{{.*}}>, !pto.tile<loc=right{{.*}}>, !pto.tile<loc=bias{{.*}}>) -> !pto.tile<loc=acc{{.*}}>
// GENERIC-LABEL: "func.func"() <{sym_name = "matmul_ssa"
// GENERIC: "pto.tmatmul"(%a, %b) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tmatmul.acc"(%0, %a, %b) <{operandSegmentSizes = array<i32: 3, 0>}>
// GENERIC: "pto.tmatmul.bias"(%a, %b, %bias) <{operandSegmentSizes = array<i32: 3, 0>}>
// GENERIC: "pto.tgemv"(%av, %b) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tgemv.acc"(%3, %av, %b) <{operandSegmentSizes = array<i32: 3, 0>}>
// GENERIC: "pto.tgemv.bias"(%av, %b, %bias) <{operandSegmentSizes = array<i32: 3, 0>}>
func.func @matmul_ssa(%a: !l, %b: !r, %bias: !bias, %av: !lv) {
  %0 = pto.tmatmul %a, %b : (!l, !r) -> !c
  %1 = pto.tmatmul.acc %0, %a, %b : (!c, !l, !r) -> !c
  %2 = pto.tmatmul.bias %a, %b, %bias : (!l, !r, !bias) -> !c
  %3 = pto.tgemv %av, %b : (!lv, !r) -> !cv
  %4 = pto.tgemv.acc %3, %av, %b : (!cv, !lv, !r) -> !cv
  %5 = pto.tgemv.bias %av, %b, %bias : (!lv, !r, !bias) -> !cv
  func.return
}

// CHECK-LABEL: func.func @matmul_dps
// CHECK-NEXT: pto.tmatmul ins(%a, %b : !pto.tile_buf<loc=left{{.*}}>, !pto.tile_buf<loc=right{{.*}}>) outs(%c : !pto.tile_buf<loc=acc{{.*}}>)
// CHECK-NEXT: pto.tmatmul.acc ins(%c, %a, %b : !pto.tile_buf<loc=acc{{.*}}>, !pto.tile_buf<loc=left{{.*}}>, !pto.tile_buf<loc=right{{.*}}>) outs(%c : !pto.tile_buf<loc=acc{{.*}}>)
// CHECK-NEXT: pto.tmatmul.bias ins(%a, %b, %bias : !pto.tile_buf<loc=left{{.*}}>, !pto.tile_buf<loc=right{{.*}}>, !pto.tile_buf<loc=bias{{.*}}>) outs(%c : !pto.tile_buf<loc=acc{{.*}}>)
// CHECK-NEXT: pto.tgemv ins(%av, %b : !pto.tile_buf<loc=left{{.*}}>, !pto.tile_buf<loc=right{{.*}}>) outs(%cv : !pto.tile_buf<loc=acc{{.*}}>)
// CHECK-NEXT: pto.tgemv.acc ins(%cv, %av, %b : !pto.tile_buf<loc=acc{{.*}}>, !pto.tile_buf<loc=left{{.*}}>, !pto.tile_buf<loc=right{{.*}}>) outs(%cv : !pto.tile_buf<loc=acc{{.*}}>)
// CHECK-NEXT: pto.tgemv.bias ins(%av, %b, %bias : !pto.tile_buf<loc=left{{.*}}>, !pto.tile_buf<loc=right{{.*}}>, !pto.tile_buf<loc=bias{{.*}}>) outs(%cv : !pto.tile_buf<loc=acc{{.*}}>)
// GENERIC-LABEL: "func.func"() <{sym_name = "matmul_dps"
// GENERIC: "pto.tmatmul"(%a, %b, %c) <{operandSegmentSizes = array<i32: 2, 1>}>
// GENERIC: "pto.tmatmul.acc"(%c, %a, %b, %c) <{operandSegmentSizes = array<i32: 3, 1>}>
// GENERIC: "pto.tmatmul.bias"(%a, %b, %bias, %c) <{operandSegmentSizes = array<i32: 3, 1>}>
// GENERIC: "pto.tgemv"(%av, %b, %cv) <{operandSegmentSizes = array<i32: 2, 1>}>
// GENERIC: "pto.tgemv.acc"(%cv, %av, %b, %cv) <{operandSegmentSizes = array<i32: 3, 1>}>
// GENERIC: "pto.tgemv.bias"(%av, %b, %bias, %cv) <{operandSegmentSizes = array<i32: 3, 1>}>
func.func @matmul_dps(%a: !lb, %b: !rb, %c: !cb, %bias: !biasb, %av: !lvb, %cv: !cvb) {
  pto.tmatmul ins(%a, %b : !lb, !rb) outs(%c : !cb)
  pto.tmatmul.acc ins(%c, %a, %b : !cb, !lb, !rb) outs(%c : !cb)
  pto.tmatmul.bias ins(%a, %b, %bias : !lb, !rb, !biasb) outs(%c : !cb)
  pto.tgemv ins(%av, %b : !lvb, !rb) outs(%cv : !cvb)
  pto.tgemv.acc ins(%cv, %av, %b : !cvb, !lvb, !rb) outs(%cv : !cvb)
  pto.tgemv.bias ins(%av, %b, %bias : !lvb, !rb, !biasb) outs(%cv : !cvb)
  func.return
}

// Seed 000 (pto.tgemv.bias), AS Level 1 and AS Level 2 lines with concrete types: a 1x16
// half GEMV against a 16x16 right tile with a float bias (the rule: bias dtype == acc dtype).
// CHECK-LABEL: func.func @seed_000
// CHECK-NEXT: %c = pto.tgemv.bias %a, %b, %bias : (!pto.tile<loc=left, dtype=f16, rows=16, cols=16, v_row=1, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile<loc=bias, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, v_row=1, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
// CHECK-NEXT: pto.tgemv.bias ins(%ab, %bb, %biasb : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=1, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=bias, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%cb : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=1, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>)
func.func @seed_000(%a: !pto.tile<loc=left, dtype=f16, rows=16, cols=16, v_row=1, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, %b: !pto.tile<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, %bias: !pto.tile<loc=bias, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, %ab: !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=1, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, %bb: !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, %biasb: !pto.tile_buf<loc=bias, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, %cb: !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=1, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {
  %c = pto.tgemv.bias %a, %b, %bias : (!pto.tile<loc=left, dtype=f16, rows=16, cols=16, v_row=1, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile<loc=bias, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) -> !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, v_row=1, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  pto.tgemv.bias ins(%ab, %bb, %biasb : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=1, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=bias, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%cb : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=1, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>)
  func.return
}

// A2/A3 does not constrain operand layouts: the A2/A3 default left tile (zZ) is accepted.
// CHECK-LABEL: func.func @a2a3_layouts
// CHECK-NEXT: pto.tmatmul %a, %b : (!pto.tile<loc=left, dtype=i8, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=row_major{{.*}}>, !pto.tile<loc=right, dtype=i8{{.*}}>) -> !pto.tile<loc=acc, dtype=i32{{.*}}>
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @a2a3_layouts(%a: !pto.tile<loc=left, dtype=i8, rows=16, cols=32, blayout=row_major, slayout=row_major>, %b: !pto.tile<loc=right, dtype=i8, rows=32, cols=16, blayout=row_major, slayout=col_major>) {
    %c = pto.tmatmul %a, %b : (!pto.tile<loc=left, dtype=i8, rows=16, cols=32, blayout=row_major, slayout=row_major>, !pto.tile<loc=right, dtype=i8, rows=32, cols=16, blayout=row_major, slayout=col_major>) -> !pto.tile<loc=acc, dtype=i32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
    func.return
  }
}
