// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

!s = !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
!d = !pto.tile<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=1>
!dn = !pto.tile<loc=vec, dtype=f32, rows=16, cols=1, blayout=col_major>
!sb = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>
!db = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=1>
!cd = !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16>

// Row reductions: src, tmp in both forms (trowsum.md AS Level 1 / 2, PTOOps.td), an ND
// dst of one valid column or a DN dst of one column; tcolprod joins the column family.
// CHECK-LABEL: func.func @row_reduce
// CHECK-NEXT: %0 = pto.trowsum %s, %s : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile<{{.*}}>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=1, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: %1 = pto.trowmax %s, %s : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major{{.*}}>
// CHECK-NEXT: %2 = pto.trowmin %s, %s : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: %3 = pto.trowprod %s, %s : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: pto.trowsum ins(%sb, %sb : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%db : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=1{{.*}}>)
// CHECK-NEXT: pto.trowmax ins(%sb, %sb : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%db : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.trowmin ins(%sb, %sb : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%db : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.trowprod ins(%sb, %sb : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%db : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tcolprod ins(%sb : !pto.tile_buf<{{.*}}>) outs(%cd : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16{{.*}}>)
// GENERIC: "pto.trowsum"(%s, %s) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.trowmax"(%s, %s) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.trowmin"(%s, %s) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.trowprod"(%s, %s) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.trowsum"(%sb, %sb, %db) <{operandSegmentSizes = array<i32: 2, 1>}>
// GENERIC: "pto.trowmax"(%sb, %sb, %db) <{operandSegmentSizes = array<i32: 2, 1>}>
// GENERIC: "pto.trowmin"(%sb, %sb, %db) <{operandSegmentSizes = array<i32: 2, 1>}>
// GENERIC: "pto.trowprod"(%sb, %sb, %db) <{operandSegmentSizes = array<i32: 2, 1>}>
// GENERIC: "pto.tcolprod"(%sb, %cd) <{operandSegmentSizes = array<i32: 1, 1>}>
func.func @row_reduce(%s: !s, %sb: !sb, %db: !db, %cd: !cd) {
  %0 = pto.trowsum %s, %s : (!s, !s) -> !d
  %1 = pto.trowmax %s, %s : (!s, !s) -> !dn
  %2 = pto.trowmin %s, %s : (!s, !s) -> !d
  %3 = pto.trowprod %s, %s : (!s, !s) -> !d
  pto.trowsum ins(%sb, %sb : !sb, !sb) outs(%db : !db)
  pto.trowmax ins(%sb, %sb : !sb, !sb) outs(%db : !db)
  pto.trowmin ins(%sb, %sb : !sb, !sb) outs(%db : !db)
  pto.trowprod ins(%sb, %sb : !sb, !sb) outs(%db : !db)
  pto.tcolprod ins(%sb : !sb) outs(%cd : !cd)
  func.return
}
