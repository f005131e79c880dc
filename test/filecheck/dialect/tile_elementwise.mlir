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

// CHECK-LABEL: func.func @elementwise_ssa
// CHECK-NEXT: %0 = pto.tsub %a, %a : (!pto.tile<loc=vec, dtype=f32, rows=32, cols=32{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: %1 = pto.tmul %a, %0 : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: %2 = pto.tdiv %a, %1 : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: %3 = pto.tmax %a, %2 : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: %4 = pto.tmin %a, %3 : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: %5 = pto.tabs %4 : !pto.tile<loc=vec, dtype=f32, rows=32, cols=32{{.*}}> -> !pto.tile<loc=vec, dtype=f32, rows=32, cols=32{{.*}}>
// GENERIC-LABEL: "func.func"() <{sym_name = "elementwise_ssa"
// GENERIC: "pto.tsub"(%a, %a) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tmul"(%a, %0) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tdiv"(%a, %1) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tmax"(%a, %2) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tmin"(%a, %3) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tabs"(%4) <{operandSegmentSizes = array<i32: 1, 0>}>
func.func @elementwise_ssa(%a: !v) {
  %0 = pto.tsub %a, %a : (!v, !v) -> !v
  %1 = pto.tmul %a, %0 : (!v, !v) -> !v
  %2 = pto.tdiv %a, %1 : (!v, !v) -> !v
  %3 = pto.tmax %a, %2 : (!v, !v) -> !v
  %4 = pto.tmin %a, %3 : (!v, !v) -> !v
  %5 = pto.tabs %4 : !v -> !v
  func.return
}

// CHECK-LABEL: func.func @elementwise_dps
// CHECK-NEXT: pto.tsub ins(%a, %b : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%c : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tmul ins(%a, %b : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%c : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tdiv ins(%a, %b : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%c : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tmax ins(%a, %b : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%c : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tmin ins(%a, %b : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%c : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tabs ins(%a : !pto.tile_buf<{{.*}}>) outs(%c : !pto.tile_buf<{{.*}}>)
// GENERIC-LABEL: "func.func"() <{sym_name = "elementwise_dps"
// GENERIC: "pto.tsub"(%a, %b, %c) <{operandSegmentSizes = array<i32: 2, 1>}>
// GENERIC: "pto.tmul"(%a, %b, %c) <{operandSegmentSizes = array<i32: 2, 1>}>
// GENERIC: "pto.tdiv"(%a, %b, %c) <{operandSegmentSizes = array<i32: 2, 1>}>
// GENERIC: "pto.tmax"(%a, %b, %c) <{operandSegmentSizes = array<i32: 2, 1>}>
// GENERIC: "pto.tmin"(%a, %b, %c) <{operandSegmentSizes = array<i32: 2, 1>}>
// GENERIC: "pto.tabs"(%a, %c) <{operandSegmentSizes = array<i32: 1, 1>}>
func.func @elementwise_dps(%a: !vb, %b: !vb, %c: !vb) {
  pto.tsub ins(%a, %b : !vb, !vb) outs(%c : !vb)
  pto.tmul ins(%a, %b : !vb, !vb) outs(%c : !vb)
  pto.tdiv ins(%a, %b : !vb, !vb) outs(%c : !vb)
  pto.tmax ins(%a, %b : !vb, !vb) outs(%c : !vb)
  pto.tmin ins(%a, %b : !vb, !vb) outs(%c : !vb)
  pto.tabs ins(%a : !vb) outs(%c : !vb)
  func.return
}

// tadd sources may cover less than the destination's valid region (tadd.md); dynamic valid
// sizes of the other ops are checked at run time. i8 tadd and ui8 tsub are A5 types.
// CHECK-LABEL: func.func @valid_regions
// CHECK-NEXT: pto.tadd ins(%small, %full : !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=32, v_row=8, v_col=16{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%full : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tsub ins(%dyn, %dyn : !pto.tile_buf<loc=vec, dtype=ui8, rows=16, cols=32, v_row=?, v_col=?{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%dst : !pto.tile_buf<{{.*}}>)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @valid_regions(%small: !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=32, v_row=8, v_col=16>, %full: !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=32>, %dyn: !pto.tile_buf<loc=vec, dtype=ui8, rows=16, cols=32, v_row=?, v_col=?>, %dst: !pto.tile_buf<loc=vec, dtype=ui8, rows=16, cols=32>) {
    pto.tadd ins(%small, %full : !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=32, v_row=8, v_col=16>, !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=32>) outs(%full : !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=32>)
    pto.tsub ins(%dyn, %dyn : !pto.tile_buf<loc=vec, dtype=ui8, rows=16, cols=32, v_row=?, v_col=?>, !pto.tile_buf<loc=vec, dtype=ui8, rows=16, cols=32, v_row=?, v_col=?>) outs(%dst : !pto.tile_buf<loc=vec, dtype=ui8, rows=16, cols=32>)
    func.return
  }
}
