// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

!s = !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
!ri = !pto.tile<loc=vec, dtype=ui32, rows=16, cols=1, blayout=col_major>
!ci = !pto.tile<loc=vec, dtype=i32, rows=1, cols=16>
!sb = !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32>
!rb = !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=8, v_row=16, v_col=1>
!cb = !pto.tile_buf<loc=vec, dtype=ui32, rows=1, cols=32>

// Arg-reductions, index-only mode: src, tmp (PTOOps.td) into i32/ui32 indices; a row
// reduction's dst is DN of one column or ND of one valid column.
// CHECK-LABEL: func.func @arg_reduce
// CHECK-NEXT: %0 = pto.trowargmax %s, %s : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<loc=vec, dtype=ui32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major{{.*}}>
// CHECK-NEXT: %1 = pto.trowargmin %s, %s : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: %2 = pto.tcolargmax %s, %s : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<loc=vec, dtype=i32, rows=1, cols=16{{.*}}>
// CHECK-NEXT: %3 = pto.tcolargmin %s, %s : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: pto.trowargmax ins(%sb, %sb : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%rb : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=8, v_row=16, v_col=1{{.*}}>)
// CHECK-NEXT: pto.trowargmin ins(%sb, %sb : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%rb : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tcolargmax ins(%sb, %sb : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%cb : !pto.tile_buf<loc=vec, dtype=ui32, rows=1, cols=32{{.*}}>)
// CHECK-NEXT: pto.tcolargmin ins(%sb, %sb : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%cb : !pto.tile_buf<{{.*}}>)
// GENERIC: "pto.trowargmax"(%s, %s) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.trowargmin"(%s, %s) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tcolargmax"(%s, %s) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tcolargmin"(%s, %s) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.trowargmax"(%sb, %sb, %rb) <{operandSegmentSizes = array<i32: 2, 1>}>
// GENERIC: "pto.trowargmin"(%sb, %sb, %rb) <{operandSegmentSizes = array<i32: 2, 1>}>
// GENERIC: "pto.tcolargmax"(%sb, %sb, %cb) <{operandSegmentSizes = array<i32: 2, 1>}>
// GENERIC: "pto.tcolargmin"(%sb, %sb, %cb) <{operandSegmentSizes = array<i32: 2, 1>}>
// CHECK-NEXT: pto.tcolargmax ins(%sb : !pto.tile_buf<{{.*}}>) outs(%cb : !pto.tile_buf<{{.*}}>)
// GENERIC: "pto.tcolargmax"(%sb, %cb) <{operandSegmentSizes = array<i32: 1, 1>}>
func.func @arg_reduce(%s: !s, %sb: !sb, %rb: !rb, %cb: !cb) {
  %0 = pto.trowargmax %s, %s : (!s, !s) -> !ri
  %1 = pto.trowargmin %s, %s : (!s, !s) -> !ri
  %2 = pto.tcolargmax %s, %s : (!s, !s) -> !ci
  %3 = pto.tcolargmin %s, %s : (!s, !s) -> !ci
  pto.trowargmax ins(%sb, %sb : !sb, !sb) outs(%rb : !rb)
  pto.trowargmin ins(%sb, %sb : !sb, !sb) outs(%rb : !rb)
  pto.tcolargmax ins(%sb, %sb : !sb, !sb) outs(%cb : !cb)
  pto.tcolargmin ins(%sb, %sb : !sb, !sb) outs(%cb : !cb)
  pto.tcolargmax ins(%sb : !sb) outs(%cb : !cb)
  func.return
}
