// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// The PTOAS spellings of the v0.6 grouped transfers: `loop1` / `loop2` keywords print as `loop`.
// CHECK-LABEL: func.func @grouped
// CHECK:         pto.mte_gm_ub %gm, %ub, %c0, %c32 nburst(%c2, %c32, %c32) : !pto.ptr<f32>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64
// CHECK-NEXT:    pto.mte_gm_ub %gm, %ub, %c0, %c32 nburst(%c2, %c32, %c32) loop(%c2, %c64, %c64) pad(%pad) : !pto.ptr<f32>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, loop i64, i64, i64, pad f32
// CHECK-NEXT:    pto.mte_gm_ub %gm, %ub, %c0, %c32 nburst(%c2, %c32, %c64) pad(%pad, %c1, %c1) : !pto.ptr<f32>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, pad f32, i64, i64
// CHECK-NEXT:    pto.mte_ub_gm %ub, %gm, %c32 nburst(%c2, %c32, %c32) loop(%c1, %c0, %c0) loop(%c1, %c0, %c0) : !pto.ptr<f32, ub>, !pto.ptr<f32>, i64, i64, i64, i64, loop i64, i64, i64, loop i64, i64, i64
// CHECK-NEXT:    pto.mte_ub_gm %ub, %gm, %c32 nburst(%c2, %c32, %c32) l2_cache_ctl(%c1) loop(%c1, %c0, %c0) : !pto.ptr<f32, ub>, !pto.ptr<f32>, i64, i64, i64, i64, i64, loop i64, i64, i64
// GENERIC-LABEL: "func.func"() <{sym_name = "grouped"
// GENERIC: "pto.mte_gm_ub"(%gm, %ub, %c0, %c32, %c2, %c32, %c32) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0>}>
// GENERIC: "pto.mte_gm_ub"(%gm, %ub, %c0, %c32, %c2, %c32, %c32, %c2, %c64, %c64, %pad) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0>}>
// GENERIC: "pto.mte_ub_gm"(%ub, %gm, %c32, %c2, %c32, %c32, %c1, %c1, %c0, %c0, %c0, %c0) <{operandSegmentSizes = array<i32: 1, 1, 0, 1, 1, 1, 1, 2, 2, 2, 0, 0, 0>}>
func.func @grouped(%gm: !pto.ptr<f32, gm>, %ub: !pto.ptr<f32, ub>) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %c32 = arith.constant 32 : i64
  %c64 = arith.constant 64 : i64
  %pad = arith.constant 0.0 : f32
  pto.mte_gm_ub %gm, %ub, %c0, %c32
    nburst(%c2, %c32, %c32)
    : !pto.ptr<f32, gm>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64
  pto.mte_gm_ub %gm, %ub, %c0, %c32 nburst(%c2, %c32, %c32) loop(%c2, %c64, %c64) pad(%pad)
    : !pto.ptr<f32, gm>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, loop i64, i64, i64, pad f32
  pto.mte_gm_ub %gm, %ub, %c0, %c32 nburst(%c2, %c32, %c64) pad(%pad, %c1, %c1)
    : !pto.ptr<f32, gm>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, pad f32, i64, i64
  pto.mte_ub_gm %ub, %gm, %c32 nburst(%c2, %c32, %c32) loop1(%c1, %c0, %c0) loop2(%c1, %c0, %c0)
    : !pto.ptr<f32, ub>, !pto.ptr<f32, gm>, i64, i64, i64, i64, loop i64, i64, i64, loop2 i64, i64, i64
  pto.mte_ub_gm %ub, %gm, %c32 nburst(%c2, %c32, %c32) l2_cache_ctl(%c1) loop(%c1, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0>}
    : !pto.ptr<f32, ub>, !pto.ptr<f32, gm>, i64, i64, i64, i64, i64, loop i64, i64, i64
  func.return
}

// UB block copies (32-byte units) and the pre-v0.6 forms with a stream id.
// CHECK-LABEL: func.func @blocks
// CHECK:         pto.mte_ub_ub %a, %b, %c1 nburst(%c2, %c0, %c1) : !pto.ptr<i16, ub>, !pto.ptr<i16, ub>, i64, i64, i64, i64
// CHECK-NEXT:    pto.mte_ub_l1 %a, %l1, %c16 nburst(%c1, %c0, %c0) : !pto.ptr<i16, ub>, !pto.ptr<i16, l1>, i64, i64, i64, i64
// CHECK-NEXT:    pto.copy_ubuf_to_ubuf %a, %b, %c0, %c2, %c1, %c0, %c1 : !pto.ptr<i16, ub>, !pto.ptr<i16, ub>, i64, i64, i64, i64, i64
// CHECK-NEXT:    pto.copy_ubuf_to_cbuf %a, %l1, %c0, %c1, %c16, %c0, %c0 : !pto.ptr<i16, ub>, !pto.ptr<i16, l1>, i64, i64, i64, i64, i64
// CHECK-NEXT:    pto.copy_cbuf_to_ubuf %l1, %a, %c1, %c1, %c16, %c0, %c0 : !pto.ptr<i16, l1>, !pto.ptr<i16, ub>, i64, i64, i64, i64, i64
// GENERIC: "pto.mte_ub_ub"(%a, %b, %c2, %c1, %c0, %c1) : (!pto.ptr<i16, ub>, !pto.ptr<i16, ub>, i64, i64, i64, i64) -> ()
// GENERIC: "pto.copy_cbuf_to_ubuf"(%l1, %a, %c1, %c1, %c16, %c0, %c0) : (!pto.ptr<i16, l1>, !pto.ptr<i16, ub>, i64, i64, i64, i64, i64) -> ()
func.func @blocks(%a: !pto.ptr<i16, vec>, %b: !pto.ptr<i16, ub>, %l1: !pto.ptr<i16, mat>) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %c16 = arith.constant 16 : i64
  pto.mte_ub_ub %a, %b, %c1 nburst(%c2, %c0, %c1) : !pto.ptr<i16, vec>, !pto.ptr<i16, ub>, i64, i64, i64, i64
  pto.mte_ub_l1 %a, %l1, %c16
    nburst(%c1, %c0, %c0)
    : !pto.ptr<i16, vec>, !pto.ptr<i16, l1>, i64, i64, i64, i64
  pto.copy_ubuf_to_ubuf %a, %b, %c0, %c2, %c1, %c0, %c1 : !pto.ptr<i16, ub>, !pto.ptr<i16, ub>, i64, i64, i64, i64, i64
  pto.copy_ubuf_to_cbuf %a, %l1, %c0, %c1, %c16, %c0, %c0 : !pto.ptr<i16, ub>, !pto.ptr<i16, l1>, i64, i64, i64, i64, i64
  pto.copy_cbuf_to_ubuf %l1, %a, %c1, %c1, %c16, %c0, %c0 : !pto.ptr<i16, l1>, !pto.ptr<i16, ub>, i64, i64, i64, i64, i64
  func.return
}

// The pre-v0.6 loop-stride registers.
// CHECK-LABEL: func.func @strides
// CHECK:         pto.set_loop1_stride_outtoub %c0, %c1 : i64, i64
// CHECK-NEXT:    pto.set_loop2_stride_outtoub %c0, %c1 : i64, i64
// CHECK-NEXT:    pto.set_loop1_stride_ubtoout %c0, %c1 : i64, i64
// CHECK-NEXT:    pto.set_loop2_stride_ubtoout %c0, %c1 : i64, i64
func.func @strides() {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  pto.set_loop1_stride_outtoub %c0, %c1 : i64, i64
  pto.set_loop2_stride_outtoub %c0, %c1 : i64, i64
  pto.set_loop1_stride_ubtoout %c0, %c1 : i64, i64
  pto.set_loop2_stride_ubtoout %c0, %c1 : i64, i64
  func.return
}
