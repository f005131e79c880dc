// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

!s = !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128>
!i = !pto.tile_buf<loc=vec, dtype=ui32, rows=1, cols=128>
!d = !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256>
!t = !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=384>

// The DPS forms as PTOAS prints them: tsort32 with and without tmp, tmrgsort format 1
// (src, blockLen) and format 2 (lists, tmp, exhausted inside ins; dst and the executed
// vector in outs, or dst alone).
// CHECK-LABEL: func.func @dps
// CHECK-NEXT: %c64 = arith.constant 64 : i32
// CHECK-NEXT: pto.tsort32 ins(%s, %i : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128{{.*}}>, !pto.tile_buf<loc=vec, dtype=ui32, rows=1, cols=128{{.*}}>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256{{.*}}>)
// CHECK-NEXT: pto.tsort32 ins(%s, %i, %s : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%d : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tmrgsort ins(%d, %c64 : !pto.tile_buf<{{.*}}>, i32) outs(%d : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tmrgsort ins(%s, %s, %t {exhausted = false} : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}cols=384{{.*}}>) outs(%d, %ex : !pto.tile_buf<{{.*}}>, vector<4xi16>)
// CHECK-NEXT: pto.tmrgsort ins(%s, %s, %s, %t {exhausted = true} : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%d : !pto.tile_buf<{{.*}}>)
// GENERIC: "pto.tsort32"(%s, %i, %d) <{operandSegmentSizes = array<i32: 2, 1>}>
// GENERIC: "pto.tsort32"(%s, %i, %s, %d) <{operandSegmentSizes = array<i32: 3, 1>}>
// GENERIC: "pto.tmrgsort"(%d, %c64, %d) <{operandSegmentSizes = array<i32: 2, 1>}>
// GENERIC: "pto.tmrgsort"(%s, %s, %t, %d, %ex) <{operandSegmentSizes = array<i32: 3, 2>}> {exhausted = false}
// GENERIC: "pto.tmrgsort"(%s, %s, %s, %t, %d) <{operandSegmentSizes = array<i32: 4, 1>}> {exhausted = true}
// CHECK-NEXT: pto.tmrgsort ins(%s, %s {no_tmp, exhausted = false} : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%d, %ex : !pto.tile_buf<{{.*}}>, vector<4xi16>)
// GENERIC: "pto.tmrgsort"(%s, %s, %d, %ex) <{operandSegmentSizes = array<i32: 2, 2>}> {no_tmp, exhausted = false}
func.func @dps(%s: !s, %i: !i, %d: !d, %t: !t, %ex: vector<4xi16>) {
  %c64 = arith.constant 64 : i32
  pto.tsort32 ins(%s, %i : !s, !i) outs(%d : !d)
  pto.tsort32 ins(%s, %i, %s : !s, !i, !s) outs(%d : !d)
  pto.tmrgsort ins(%d, %c64 : !d, i32) outs(%d : !d)
  pto.tmrgsort ins(%s, %s, %t {exhausted = false} : !s, !s, !t) outs(%d, %ex : !d, vector<4xi16>)
  pto.tmrgsort ins(%s, %s, %s, %t {exhausted = true} : !s, !s, !s, !t) outs(%d : !d)
  pto.tmrgsort ins(%s, %s no_tmp {exhausted = false} : !s, !s) outs(%d, %ex : !d, vector<4xi16>)
  func.return
}

!vs = !pto.tile<loc=vec, dtype=f16, rows=1, cols=64>
!vi = !pto.tile<loc=vec, dtype=ui32, rows=1, cols=64>
!vd = !pto.tile<loc=vec, dtype=f16, rows=1, cols=256>

// SSA forms (f16: 4 tile elements per pair); the top-k pattern tsort32 then tmrgsort.
// CHECK-LABEL: func.func @ssa
// CHECK-NEXT: %c128 = arith.constant 128 : i32
// CHECK-NEXT: %0 = pto.tsort32 %s, %i : (!pto.tile<loc=vec, dtype=f16, rows=1, cols=64{{.*}}>, !pto.tile<loc=vec, dtype=ui32, rows=1, cols=64{{.*}}>) -> !pto.tile<loc=vec, dtype=f16, rows=1, cols=256{{.*}}>
// CHECK-NEXT: %1 = pto.tmrgsort %0, %c128 : (!pto.tile<{{.*}}>, i32) -> !pto.tile<{{.*}}>
// CHECK-NEXT: %2 = pto.tmrgsort %s, %s, %0 {exhausted = true} : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}cols=256{{.*}}>
// GENERIC: "pto.tsort32"(%s, %i) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tmrgsort"(%0, %c128) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tmrgsort"(%s, %s, %0) <{operandSegmentSizes = array<i32: 3, 0>}> {exhausted = true}
func.func @ssa(%s: !vs, %i: !vi) {
  %c128 = arith.constant 128 : i32
  %0 = pto.tsort32 %s, %i : (!vs, !vi) -> !vd
  %1 = pto.tmrgsort %0, %c128 : (!vd, i32) -> !vd
  %2 = pto.tmrgsort %s, %s, %0 {exhausted = true} : (!vs, !vs, !vd) -> !vd
  func.return
}
