// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// The seed 002 spelling: untyped pointers, operands split over lines.
// CHECK-LABEL: func.func @untyped
// CHECK:         pto.set_loop_size_outtoub %c1_i64, %c1_i64 : i64, i64
// CHECK-NEXT:    pto.copy_gm_to_ubuf %gm, %ub, %c0_i64, %c32_i64, %c128_i64, %c0_i64, %c0_i64, %false, %c0_i64, %c128_i64, %c128_i64 : !pto.ptr, !pto.ptr, i64, i64, i64, i64, i64, i1, i64, i64, i64
// CHECK-NEXT:    pto.set_loop_size_ubtoout %c1_i64, %c1_i64 : i64, i64
// CHECK-NEXT:    pto.copy_ubuf_to_gm %ub, %gm, %c0_i64, %c32_i64, %c128_i64, %c0_i64, %c128_i64, %c128_i64 : !pto.ptr, !pto.ptr, i64, i64, i64, i64, i64, i64
// CHECK-NEXT:    func.return
// GENERIC-LABEL: "func.func"() <{sym_name = "untyped"
// GENERIC: "pto.set_loop_size_outtoub"(%c1_i64, %c1_i64) : (i64, i64) -> ()
// GENERIC: "pto.copy_gm_to_ubuf"(%gm, %ub, %c0_i64, %c32_i64, %c128_i64, %c0_i64, %c0_i64, %false, %c0_i64, %c128_i64, %c128_i64) : (!pto.ptr, !pto.ptr, i64, i64, i64, i64, i64, i1, i64, i64, i64) -> ()
// GENERIC: "pto.set_loop_size_ubtoout"(%c1_i64, %c1_i64) : (i64, i64) -> ()
// GENERIC: "pto.copy_ubuf_to_gm"(%ub, %gm, %c0_i64, %c32_i64, %c128_i64, %c0_i64, %c128_i64, %c128_i64) : (!pto.ptr, !pto.ptr, i64, i64, i64, i64, i64, i64) -> ()
func.func @untyped(%gm: !pto.ptr, %ub: !pto.ptr) {
  %false = arith.constant false
  %c0_i64 = arith.constant 0 : i64
  %c1_i64 = arith.constant 1 : i64
  %c32_i64 = arith.constant 32 : i64
  %c128_i64 = arith.constant 128 : i64
  pto.set_loop_size_outtoub %c1_i64, %c1_i64 : i64, i64
  pto.copy_gm_to_ubuf %gm, %ub, %c0_i64, %c32_i64, %c128_i64,
    %c0_i64, %c0_i64, %false, %c0_i64, %c128_i64, %c128_i64
    : !pto.ptr, !pto.ptr, i64, i64, i64, i64, i64, i1, i64, i64, i64
  pto.set_loop_size_ubtoout %c1_i64, %c1_i64 : i64, i64
  pto.copy_ubuf_to_gm %ub, %gm, %c0_i64, %c32_i64, %c128_i64,
    %c0_i64, %c128_i64, %c128_i64
    : !pto.ptr, !pto.ptr, i64, i64, i64, i64, i64, i64
  func.return
}

// Typed pointers (the PTOAS-generated spelling), with a discardable attribute.
// CHECK-LABEL: func.func @typed
// CHECK-NEXT:    pto.copy_gm_to_ubuf %gm, %ub, %c, %c, %c, %c, %c, %b, %c, %c, %c : !pto.ptr<f16>, !pto.ptr<f16, ub>, i64, i64, i64, i64, i64, i1, i64, i64, i64
// CHECK-NEXT:    pto.copy_ubuf_to_gm %ub, %gm, %c, %c, %c, %c, %c, %c {note = "st"} : !pto.ptr<f16, ub>, !pto.ptr<f16>, i64, i64, i64, i64, i64, i64
// CHECK-NEXT:    pto.copy_gm_to_ubuf %gm, %any, %c, %c, %c, %c, %c, %b, %c, %c, %c : !pto.ptr<f16>, !pto.ptr, i64, i64, i64, i64, i64, i1, i64, i64, i64
// GENERIC-LABEL: "func.func"() <{sym_name = "typed"
// GENERIC: "pto.copy_gm_to_ubuf"(%gm, %ub, %c, %c, %c, %c, %c, %b, %c, %c, %c) : (!pto.ptr<f16>, !pto.ptr<f16, ub>, i64, i64, i64, i64, i64, i1, i64, i64, i64) -> ()
// GENERIC: "pto.copy_ubuf_to_gm"(%ub, %gm, %c, %c, %c, %c, %c, %c) {note = "st"} : (!pto.ptr<f16, ub>, !pto.ptr<f16>, i64, i64, i64, i64, i64, i64) -> ()
func.func @typed(%gm: !pto.ptr<f16, gm>, %ub: !pto.ptr<f16, ub>, %any: !pto.ptr, %c: i64, %b: i1) {
  pto.copy_gm_to_ubuf %gm, %ub, %c, %c, %c, %c, %c, %b, %c, %c, %c : !pto.ptr<f16, gm>, !pto.ptr<f16, ub>, i64, i64, i64, i64, i64, i1, i64, i64, i64
  pto.copy_ubuf_to_gm %ub, %gm, %c, %c, %c, %c, %c, %c {note = "st"} : !pto.ptr<f16, ub>, !pto.ptr<f16>, i64, i64, i64, i64, i64, i64
  pto.copy_gm_to_ubuf %gm, %any, %c, %c, %c, %c, %c, %b, %c, %c, %c : !pto.ptr<f16>, !pto.ptr, i64, i64, i64, i64, i64, i1, i64, i64, i64
  func.return
}
