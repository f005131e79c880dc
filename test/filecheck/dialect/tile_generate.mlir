// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

!t = !pto.tile<loc=vec, dtype=i32, rows=1, cols=16>
!tb = !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=16>
!hb = !pto.tile_buf<loc=vec, dtype=ui16, rows=1, cols=32>
!m = !pto.tile<loc=vec, dtype=f32, rows=8, cols=16>
!mb = !pto.tile_buf<loc=vec, dtype=i32, rows=32, cols=32>
!tmp = !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=512>

// CHECK-LABEL: func.func @generate
// CHECK-NEXT: %0 = pto.tci %s {descending = false} : i32 -> !pto.tile<loc=vec, dtype=i32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: %1 = pto.tci %s : i32 -> !pto.tile<{{.*}}>
// CHECK-NEXT: pto.tci ins(%s {descending = true} : i32) outs(%tb : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=16{{.*}}>)
// CHECK-NEXT: pto.tci ins(%s, %tmp : i32, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=512{{.*}}>) outs(%tb : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tci ins(%u : ui16) outs(%hb : !pto.tile_buf<loc=vec, dtype=ui16{{.*}}>)
// CHECK-NEXT: %2 = pto.ttri %d {upperOrLower = 1 : i32} : i32 -> !pto.tile<loc=vec, dtype=f32, rows=8, cols=16{{.*}}>
// CHECK-NEXT: pto.ttri ins(%d : i32) outs(%mb : !pto.tile_buf<loc=vec, dtype=i32, rows=32, cols=32{{.*}}>)
// CHECK-NEXT: pto.ttri ins(%d {upperOrLower = 1 : i32} : i32) outs(%mb : !pto.tile_buf<{{.*}}>)
// GENERIC: "pto.tci"(%s) <{operandSegmentSizes = array<i32: 1, 0>}> {descending = false}
// GENERIC: "pto.tci"(%s) <{operandSegmentSizes = array<i32: 1, 0>}>
// GENERIC: "pto.tci"(%s, %tb) <{operandSegmentSizes = array<i32: 1, 1>}> {descending = true}
// GENERIC: "pto.tci"(%s, %tmp, %tb) <{operandSegmentSizes = array<i32: 2, 1>}>
// GENERIC: "pto.tci"(%u, %hb) <{operandSegmentSizes = array<i32: 1, 1>}>
// GENERIC: "pto.ttri"(%d) <{operandSegmentSizes = array<i32: 1, 0>}> {upperOrLower = 1 : i32}
// GENERIC: "pto.ttri"(%d, %mb) <{operandSegmentSizes = array<i32: 1, 1>}>
// GENERIC: "pto.ttri"(%d, %mb) <{operandSegmentSizes = array<i32: 1, 1>}> {upperOrLower = 1 : i32}
func.func @generate(%s: i32, %u: ui16, %d: i32, %tb: !tb, %hb: !hb, %mb: !mb, %tmp: !tmp) {
  %0 = pto.tci %s {descending = false} : i32 -> !t
  %1 = pto.tci %s : i32 -> !t
  pto.tci ins(%s {descending = true} : i32) outs(%tb : !tb)
  pto.tci ins(%s, %tmp : i32, !tmp) outs(%tb : !tb)
  pto.tci ins(%u : ui16) outs(%hb : !hb)
  %2 = pto.ttri %d {upperOrLower = 1 : i32} : i32 -> !m
  pto.ttri ins(%d : i32) outs(%mb : !mb)
  pto.ttri ins(%d {upperOrLower = 1 : i32} : i32) outs(%mb : !mb)
  func.return
}

// CHECK-LABEL: func.func @random
// CHECK-NEXT: %0 = pto.trandom %k, %k, %c, %c, %c, %c : (i32, i32, i32, i32, i32, i32) -> !pto.tile<loc=vec, dtype=ui32, rows=4, cols=64{{.*}}>
// CHECK-NEXT: pto.trandom ins(%k, %k, %c, %c, %c, %c {rounds = 7 : i32} : i32, i32, i32, i32, i32, i32) outs(%rb : !pto.tile_buf<loc=vec, dtype=i32, rows=2, cols=32{{.*}}>)
// GENERIC: "pto.trandom"(%k, %k, %c, %c, %c, %c) <{operandSegmentSizes = array<i32: 6, 0>}>
// GENERIC: "pto.trandom"(%k, %k, %c, %c, %c, %c, %rb) <{operandSegmentSizes = array<i32: 6, 1>}> {rounds = 7 : i32}
func.func @random(%k: i32, %c: i32, %rb: !pto.tile_buf<loc=vec, dtype=i32, rows=2, cols=32>) attributes {pto.target_arch = "a5"} {
  %0 = pto.trandom %k, %k, %c, %c, %c, %c : (i32, i32, i32, i32, i32, i32) -> !pto.tile<loc=vec, dtype=ui32, rows=4, cols=64>
  pto.trandom ins(%k, %k, %c, %c, %c, %c {rounds = 7 : i32} : i32, i32, i32, i32, i32, i32) outs(%rb : !pto.tile_buf<loc=vec, dtype=i32, rows=2, cols=32>)
  func.return
}

// CHECK-LABEL: func.func @index
// CHECK-NEXT: pto.vecscope {
// CHECK-NEXT: %0 = pto.vci %s {order = "ASC"} : i32 -> !pto.vreg<64xi32>
// CHECK-NEXT: %1 = pto.vci %s {order = "DESC"} : i32 -> !pto.vreg<64xsi32>
// CHECK-NEXT: %2 = pto.vci %h : i16 -> !pto.vreg<128xui16>
// GENERIC: "pto.vci"(%s) {order = "ASC"} : (i32) -> !pto.vreg<64xi32>
// GENERIC: "pto.vci"(%s) {order = "DESC"} : (i32) -> !pto.vreg<64xsi32>
// GENERIC: "pto.vci"(%h) : (i16) -> !pto.vreg<128xui16>
func.func @index(%s: i32, %h: i16) {
  pto.vecscope {
    %0 = pto.vci %s {order = "ASC"} : i32 -> !pto.vreg<64xi32>
    %1 = pto.vci %s {order = "DESC"} : i32 -> !pto.vreg<64xsi32>
    %2 = pto.vci %h : i16 -> !pto.vreg<128xui16>
  }
  func.return
}
