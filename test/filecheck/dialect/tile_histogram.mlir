// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

!s = !pto.tile<loc=vec, dtype=ui16, rows=4, cols=64>
!i = !pto.tile<loc=vec, dtype=ui8, rows=32, cols=1, blayout=col_major>
!d = !pto.tile<loc=vec, dtype=ui32, rows=4, cols=256>
!sb = !pto.tile_buf<loc=vec, dtype=ui32, rows=4, cols=64>
!ib = !pto.tile_buf<loc=vec, dtype=ui8, rows=4, cols=32>
!db = !pto.tile_buf<loc=vec, dtype=ui32, rows=4, cols=256>

// CHECK-LABEL: func.func @histogram
// CHECK-NEXT: %0 = pto.thistogram %s, %i : (!pto.tile<loc=vec, dtype=ui16{{.*}}>, !pto.tile<loc=vec, dtype=ui8, rows=32, cols=1{{.*}}>) -> !pto.tile<loc=vec, dtype=ui32, rows=4, cols=256{{.*}}>
// CHECK-NEXT: %1 = pto.thistogram %s, %i {byte = 0 : i32} : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: pto.thistogram ins(%sb, %ib : !pto.tile_buf<loc=vec, dtype=ui32{{.*}}>, !pto.tile_buf<loc=vec, dtype=ui8{{.*}}>) outs(%db : !pto.tile_buf<{{.*}}>) {byte = 2 : i32}
// GENERIC: "pto.thistogram"(%s, %i) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.thistogram"(%s, %i) <{operandSegmentSizes = array<i32: 2, 0>}> {byte = 0 : i32}
// GENERIC: "pto.thistogram"(%sb, %ib, %db) <{operandSegmentSizes = array<i32: 2, 1>}> {byte = 2 : i32}
func.func @histogram(%s: !s, %i: !i, %sb: !sb, %ib: !ib, %db: !db) attributes {pto.target_arch = "a5"} {
  %0 = pto.thistogram %s, %i : (!s, !i) -> !d
  %1 = pto.thistogram %s, %i {byte = 0 : i32} : (!s, !i) -> !d
  pto.thistogram ins(%sb, %ib : !sb, !ib) outs(%db : !db) {byte = 2 : i32}
  func.return
}
