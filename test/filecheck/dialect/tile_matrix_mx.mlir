// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// The MX forms: a scale tile (loc=scaling, one E8M0 per 32 k) after each of a and b, in
// PTOAS's operand order (PTOOps.td TMatmulMxOp: a, a_scale, b, b_scale).
// CHECK-LABEL: func.func @mx_dps
// CHECK-NEXT: pto.tmatmul.mx ins(%a, %sa, %b, %sb : !pto.tile_buf<loc=left, dtype=f8E4M3FN{{.*}}>, !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=16, cols=2{{.*}}>, !pto.tile_buf<loc=right, dtype=f8E5M2{{.*}}>, !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=2, cols=16{{.*}}>) outs(%c : !pto.tile_buf<loc=acc{{.*}}>)
// CHECK-NEXT: pto.tmatmul.mx.acc ins(%c, %a, %sa, %b, %sb : !pto.tile_buf<loc=acc{{.*}}>) outs(%c : !pto.tile_buf<loc=acc{{.*}}>)
// CHECK-NEXT: pto.tmatmul.mx.bias ins(%a, %sa, %b, %sb, %bias : {{.*}}, !pto.tile_buf<loc=bias{{.*}}>) outs(%c : !pto.tile_buf<loc=acc{{.*}}>)
// CHECK-NEXT: pto.tgemv.mx ins(%av, %sav, %b, %sb : !pto.tile_buf<loc=left, dtype=f8E4M3FN, rows=16, cols=64, v_row=1{{.*}}>) outs(%c : !pto.tile_buf<loc=acc{{.*}}>)
// CHECK-NEXT: pto.tgemv.mx.acc ins(%c, %av, %sav, %b, %sb : {{.*}}) outs(%c : !pto.tile_buf<loc=acc{{.*}}>)
// CHECK-NEXT: pto.tgemv.mx.bias ins(%av, %sav, %b, %sb, %bias : {{.*}}) outs(%c : !pto.tile_buf<loc=acc{{.*}}>)
// CHECK-LABEL: func.func @mx_ssa
// CHECK-NEXT: %0 = pto.tmatmul.mx %a, %sa, %b, %sb : (!pto.tile<loc=left{{.*}}>, !pto.tile<loc=scaling{{.*}}>, !pto.tile<loc=right{{.*}}>, !pto.tile<loc=scaling{{.*}}>) -> !pto.tile<loc=acc{{.*}}>
// CHECK-NEXT: %1 = pto.tmatmul.mx.acc %0, %a, %sa, %b, %sb : ({{.*}}) -> !pto.tile<loc=acc{{.*}}>
// PTOAS checks no scale dtype and its kernels declare f16 scale tiles (docs/decisions.md).
// CHECK-LABEL: func.func @mx_f16_scales
// CHECK-NEXT: pto.tmatmul.mx ins(%a, %sa, %b, %sb : {{.*}}, !pto.tile_buf<loc=scaling, dtype=f16, rows=16, cols=2{{.*}}>, {{.*}}, !pto.tile_buf<loc=scaling, dtype=f16, rows=2, cols=16{{.*}}>) outs(%c : !pto.tile_buf<loc=acc{{.*}}>)
// GENERIC: "pto.tmatmul.mx"(%a, %sa, %b, %sb, %c) <{operandSegmentSizes = array<i32: 4, 1>}>
// GENERIC: "pto.tmatmul.mx.acc"(%c, %a, %sa, %b, %sb, %c) <{operandSegmentSizes = array<i32: 5, 1>}>
// GENERIC: "pto.tmatmul.mx.bias"(%a, %sa, %b, %sb, %bias, %c) <{operandSegmentSizes = array<i32: 5, 1>}>
// GENERIC: "pto.tgemv.mx"(%av, %sav, %b, %sb, %c) <{operandSegmentSizes = array<i32: 4, 1>}>
// GENERIC: "pto.tgemv.mx.acc"(%c, %av, %sav, %b, %sb, %c) <{operandSegmentSizes = array<i32: 5, 1>}>
// GENERIC: "pto.tgemv.mx.bias"(%av, %sav, %b, %sb, %bias, %c) <{operandSegmentSizes = array<i32: 5, 1>}>
// GENERIC: %0 = "pto.tmatmul.mx"(%a, %sa, %b, %sb) <{operandSegmentSizes = array<i32: 4, 0>}>
// GENERIC: %1 = "pto.tmatmul.mx.acc"(%0, %a, %sa, %b, %sb) <{operandSegmentSizes = array<i32: 5, 0>}>
!a = !pto.tile_buf<loc=left, dtype=f8E4M3FN, rows=16, cols=64, blayout=col_major, slayout=row_major>
!sa = !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=16, cols=2, blayout=row_major, slayout=row_major, fractal=32>
!b = !pto.tile_buf<loc=right, dtype=f8E5M2, rows=64, cols=16, blayout=row_major, slayout=col_major>
!sb = !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=2, cols=16, blayout=col_major, slayout=col_major, fractal=32>
!c = !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
!bias = !pto.tile_buf<loc=bias, dtype=f32, rows=1, cols=16>
!av = !pto.tile_buf<loc=left, dtype=f8E4M3FN, rows=16, cols=64, v_row=1, blayout=col_major, slayout=row_major>
!sav = !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=16, cols=2, v_row=1, blayout=row_major, slayout=row_major, fractal=32>
!ta = !pto.tile<loc=left, dtype=f8E4M3FN, rows=16, cols=64, blayout=col_major, slayout=row_major>
!tsa = !pto.tile<loc=scaling, dtype=!pto.f8E8M0, rows=16, cols=2, blayout=row_major, slayout=row_major, fractal=32>
!tb = !pto.tile<loc=right, dtype=f8E5M2, rows=64, cols=16, blayout=row_major, slayout=col_major>
!tsb = !pto.tile<loc=scaling, dtype=!pto.f8E8M0, rows=2, cols=16, blayout=col_major, slayout=col_major, fractal=32>
!tc = !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
!sah = !pto.tile_buf<loc=scaling, dtype=f16, rows=16, cols=2, blayout=row_major, slayout=row_major, fractal=32>
!sbh = !pto.tile_buf<loc=scaling, dtype=f16, rows=2, cols=16, blayout=col_major, slayout=col_major, fractal=32>

builtin.module attributes {pto.target_arch = "a5"} {
func.func @mx_dps(%a: !a, %sa: !sa, %b: !b, %sb: !sb, %c: !c, %bias: !bias, %av: !av, %sav: !sav) {
  pto.tmatmul.mx ins(%a, %sa, %b, %sb : !a, !sa, !b, !sb) outs(%c : !c)
  pto.tmatmul.mx.acc ins(%c, %a, %sa, %b, %sb : !c, !a, !sa, !b, !sb) outs(%c : !c)
  pto.tmatmul.mx.bias ins(%a, %sa, %b, %sb, %bias : !a, !sa, !b, !sb, !bias) outs(%c : !c)
  pto.tgemv.mx ins(%av, %sav, %b, %sb : !av, !sav, !b, !sb) outs(%c : !c)
  pto.tgemv.mx.acc ins(%c, %av, %sav, %b, %sb : !c, !av, !sav, !b, !sb) outs(%c : !c)
  pto.tgemv.mx.bias ins(%av, %sav, %b, %sb, %bias : !av, !sav, !b, !sb, !bias) outs(%c : !c)
  func.return
}
func.func @mx_ssa(%a: !ta, %sa: !tsa, %b: !tb, %sb: !tsb) -> !tc {
  %0 = pto.tmatmul.mx %a, %sa, %b, %sb : (!ta, !tsa, !tb, !tsb) -> !tc
  %1 = pto.tmatmul.mx.acc %0, %a, %sa, %b, %sb : (!tc, !ta, !tsa, !tb, !tsb) -> !tc
  func.return %1 : !tc
}
func.func @mx_f16_scales(%a: !a, %sa: !sah, %b: !b, %sb: !sbh, %c: !c) {
  pto.tmatmul.mx ins(%a, %sa, %b, %sb : !a, !sah, !b, !sbh) outs(%c : !c)
  func.return
}
}
