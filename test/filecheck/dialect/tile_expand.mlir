// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// Row and column expansions: SSA and DPS forms, Mode 1 (col-major per-row operand) and
// Mode 2 (row-major, one 32-byte block per row), the optional tmp and precisionType (PTOAS).

!t = !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>
!r = !pto.tile<loc=vec, dtype=f32, rows=16, cols=1, blayout=col_major>
!b = !pto.tile<loc=vec, dtype=f32, rows=16, cols=8>
!c = !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>
!tb = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>
!rb = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, blayout=col_major>
!cb = !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64>

// CHECK-LABEL: func.func @ssa
// CHECK-NEXT: %0 = pto.trowexpand %r : !pto.tile<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0> -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: %1 = pto.tcolexpand %c : !pto.tile<{{.*}}> -> !pto.tile<{{.*}}>
// CHECK-NEXT: %2 = pto.trowexpandadd %t, %r : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: %3 = pto.trowexpandsub %t, %r : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: %4 = pto.trowexpandmul %t, %r : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: %5 = pto.trowexpanddiv %t, %r : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: %6 = pto.trowexpandmax %t, %r : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: %7 = pto.trowexpandmin %t, %r : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: %8 = pto.trowexpandexpdif %t, %r : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: %9 = pto.tcolexpandadd %t, %c : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: %10 = pto.tcolexpandsub %t, %c : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: %11 = pto.tcolexpandmul %t, %c : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: %12 = pto.tcolexpanddiv %t, %c : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: %13 = pto.tcolexpandmax %t, %c : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: %14 = pto.tcolexpandmin %t, %c : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: %15 = pto.tcolexpandexpdif %t, %c : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: %16 = pto.trowexpandsub %b, %t : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=8{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// GENERIC: "pto.trowexpand"(%r) <{operandSegmentSizes = array<i32: 1, 0>}>
// GENERIC: "pto.tcolexpand"(%c) <{operandSegmentSizes = array<i32: 1, 0>}>
// GENERIC: "pto.trowexpandadd"(%t, %r) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.trowexpandsub"(%t, %r) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.trowexpandmul"(%t, %r) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.trowexpanddiv"(%t, %r) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.trowexpandmax"(%t, %r) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.trowexpandmin"(%t, %r) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.trowexpandexpdif"(%t, %r) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tcolexpandadd"(%t, %c) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tcolexpandsub"(%t, %c) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tcolexpandmul"(%t, %c) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tcolexpanddiv"(%t, %c) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tcolexpandmax"(%t, %c) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tcolexpandmin"(%t, %c) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tcolexpandexpdif"(%t, %c) <{operandSegmentSizes = array<i32: 2, 0>}>
func.func @ssa(%t: !t, %r: !r, %b: !b, %c: !c) {
  %0 = pto.trowexpand %r : !r -> !t
  %1 = pto.tcolexpand %c : !c -> !t
  %2 = pto.trowexpandadd %t, %r : (!t, !r) -> !t
  %3 = pto.trowexpandsub %t, %r : (!t, !r) -> !t
  %4 = pto.trowexpandmul %t, %r : (!t, !r) -> !t
  %5 = pto.trowexpanddiv %t, %r : (!t, !r) -> !t
  %6 = pto.trowexpandmax %t, %r : (!t, !r) -> !t
  %7 = pto.trowexpandmin %t, %r : (!t, !r) -> !t
  %8 = pto.trowexpandexpdif %t, %r : (!t, !r) -> !t
  %9 = pto.tcolexpandadd %t, %c : (!t, !c) -> !t
  %10 = pto.tcolexpandsub %t, %c : (!t, !c) -> !t
  %11 = pto.tcolexpandmul %t, %c : (!t, !c) -> !t
  %12 = pto.tcolexpanddiv %t, %c : (!t, !c) -> !t
  %13 = pto.tcolexpandmax %t, %c : (!t, !c) -> !t
  %14 = pto.tcolexpandmin %t, %c : (!t, !c) -> !t
  %15 = pto.tcolexpandexpdif %t, %c : (!t, !c) -> !t
  %16 = pto.trowexpandsub %b, %t : (!b, !t) -> !t
  func.return
}

// CHECK-LABEL: func.func @dps
// CHECK-NEXT: pto.trowexpand ins(%rb : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1{{.*}}blayout=col_major{{.*}}>) outs(%tb : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tcolexpand ins(%cb : !pto.tile_buf<{{.*}}>) outs(%tb : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.trowexpandadd ins(%tb, %rb : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%tb : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.trowexpandsub ins(%tb, %rb : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%tb : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.trowexpandmul ins(%tb, %rb : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%tb : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.trowexpanddiv ins(%tb, %rb : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%tb : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.trowexpandmax ins(%tb, %rb : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%tb : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.trowexpandmin ins(%tb, %rb : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%tb : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.trowexpandexpdif ins(%tb, %rb : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%tb : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tcolexpandadd ins(%tb, %cb : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%tb : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tcolexpandsub ins(%tb, %cb : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%tb : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tcolexpandmul ins(%tb, %cb : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%tb : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tcolexpanddiv ins(%tb, %cb : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%tb : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tcolexpandmax ins(%tb, %cb : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%tb : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tcolexpandmin ins(%tb, %cb : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%tb : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tcolexpandexpdif ins(%tb, %cb : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%tb : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.trowexpandmul ins(%tb, %rb, %tb2 : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%tb : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.trowexpanddiv ins(%tb, %rb, %tb2 : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%tb : !pto.tile_buf<{{.*}}>) {precisionType = #pto.div_precision<high_precision>}
// GENERIC: "pto.trowexpand"(%rb, %tb) <{operandSegmentSizes = array<i32: 1, 1>}>
// GENERIC: "pto.trowexpandmul"(%tb, %rb, %tb2, %tb) <{operandSegmentSizes = array<i32: 3, 1>}>
// GENERIC: "pto.trowexpanddiv"(%tb, %rb, %tb2, %tb) <{operandSegmentSizes = array<i32: 3, 1>}> {precisionType = #pto.div_precision<high_precision>}
func.func @dps(%tb: !tb, %rb: !rb, %cb: !cb, %tb2: !tb) {
  pto.trowexpand ins(%rb : !rb) outs(%tb : !tb)
  pto.tcolexpand ins(%cb : !cb) outs(%tb : !tb)
  pto.trowexpandadd ins(%tb, %rb : !tb, !rb) outs(%tb : !tb)
  pto.trowexpandsub ins(%tb, %rb : !tb, !rb) outs(%tb : !tb)
  pto.trowexpandmul ins(%tb, %rb : !tb, !rb) outs(%tb : !tb)
  pto.trowexpanddiv ins(%tb, %rb : !tb, !rb) outs(%tb : !tb)
  pto.trowexpandmax ins(%tb, %rb : !tb, !rb) outs(%tb : !tb)
  pto.trowexpandmin ins(%tb, %rb : !tb, !rb) outs(%tb : !tb)
  pto.trowexpandexpdif ins(%tb, %rb : !tb, !rb) outs(%tb : !tb)
  pto.tcolexpandadd ins(%tb, %cb : !tb, !cb) outs(%tb : !tb)
  pto.tcolexpandsub ins(%tb, %cb : !tb, !cb) outs(%tb : !tb)
  pto.tcolexpandmul ins(%tb, %cb : !tb, !cb) outs(%tb : !tb)
  pto.tcolexpanddiv ins(%tb, %cb : !tb, !cb) outs(%tb : !tb)
  pto.tcolexpandmax ins(%tb, %cb : !tb, !cb) outs(%tb : !tb)
  pto.tcolexpandmin ins(%tb, %cb : !tb, !cb) outs(%tb : !tb)
  pto.tcolexpandexpdif ins(%tb, %cb : !tb, !cb) outs(%tb : !tb)
  pto.trowexpandmul ins(%tb, %rb, %tb2 : !tb, !rb, !tb) outs(%tb : !tb)
  pto.trowexpanddiv ins(%tb, %rb, %tb2 : !tb, !rb, !tb) outs(%tb : !tb) {precisionType = #pto<div_precision high_precision>}
  func.return
}
