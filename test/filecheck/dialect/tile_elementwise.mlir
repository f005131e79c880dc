// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

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

// Bitwise, shift and negation ops (elementwise-tile-tile pages), both forms; txor takes an
// optional scratch tile (A2/A3 needs it, as PTOAS spells it: `ins(%a, %b, %tmp : ...)`).
// CHECK-LABEL: func.func @bitwise_ssa
// CHECK-NEXT: %0 = pto.tand %a, %b : (!pto.tile<loc=vec, dtype=i16, rows=16, cols=16{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: %1 = pto.tor %0, %b : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: %2 = pto.txor %1, %b : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: %3 = pto.tshl %2, %b : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: %4 = pto.tshr %3, %b : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: %5 = pto.tnot %4 : !pto.tile<{{.*}}> -> !pto.tile<{{.*}}>
// CHECK-NEXT: %6 = pto.tneg %5 : !pto.tile<{{.*}}> -> !pto.tile<{{.*}}>
// GENERIC-LABEL: "func.func"() <{sym_name = "bitwise_ssa"
// GENERIC: "pto.tand"(%a, %b) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tnot"(%{{.*}}) <{operandSegmentSizes = array<i32: 1, 0>}>
!i = !pto.tile<loc=vec, dtype=i16, rows=16, cols=16>
!ib = !pto.tile_buf<loc=vec, dtype=i16, rows=16, cols=16>
func.func @bitwise_ssa(%a: !i, %b: !i) -> !i {
  %0 = pto.tand %a, %b : (!i, !i) -> !i
  %1 = pto.tor %0, %b : (!i, !i) -> !i
  %2 = pto.txor %1, %b : (!i, !i) -> !i
  %3 = pto.tshl %2, %b : (!i, !i) -> !i
  %4 = pto.tshr %3, %b : (!i, !i) -> !i
  %5 = pto.tnot %4 : !i -> !i
  %6 = pto.tneg %5 : !i -> !i
  func.return %6 : !i
}

// CHECK-LABEL: func.func @bitwise_dps
// CHECK-NEXT: pto.tand ins(%a, %b : !pto.tile_buf<loc=vec, dtype=i16{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%c : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tor ins(%a, %b : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%c : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.txor ins(%a, %b, %t : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%c : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tshl ins(%a, %b : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%c : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tshr ins(%a, %b : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%c : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tnot ins(%a : !pto.tile_buf<{{.*}}>) outs(%c : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tneg ins(%a : !pto.tile_buf<{{.*}}>) outs(%c : !pto.tile_buf<{{.*}}>)
// GENERIC-LABEL: "func.func"() <{sym_name = "bitwise_dps"
// GENERIC: "pto.txor"(%a, %b, %t, %c) <{operandSegmentSizes = array<i32: 3, 1>}>
// GENERIC: "pto.tneg"(%a, %c) <{operandSegmentSizes = array<i32: 1, 1>}>
func.func @bitwise_dps(%a: !ib, %b: !ib, %t: !ib, %c: !ib) {
  pto.tand ins(%a, %b : !ib, !ib) outs(%c : !ib)
  pto.tor ins(%a, %b : !ib, !ib) outs(%c : !ib)
  pto.txor ins(%a, %b, %t : !ib, !ib, !ib) outs(%c : !ib)
  pto.tshl ins(%a, %b : !ib, !ib) outs(%c : !ib)
  pto.tshr ins(%a, %b : !ib, !ib) outs(%c : !ib)
  pto.tnot ins(%a : !ib) outs(%c : !ib)
  pto.tneg ins(%a : !ib) outs(%c : !ib)
  func.return
}
