// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// The A2/A3 vector unit's UB instructions (PTOAS VPTOUbOps.td): one form, printed as parsed.

!f = !pto.ptr<f32, ub>
!h = !pto.ptr<i16, ub>

// CHECK-LABEL: func.func @ub_ops
// CHECK-NEXT: pto.ub.set_mask_count
// CHECK-NEXT: pto.ub.set_mask %c, %c : i64, i64
// CHECK-NEXT: pto.ub.set_mask_norm
// CHECK-NEXT: pto.ub.vadd %f, %f, %f, %c, %c, %c, %c, %c, %c, %c : !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, i64, i64
// CHECK-NEXT: pto.ub.vsub %f, %f, %f, %c, %c, %c, %c, %c, %c, %c : !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, i64, i64
// CHECK-NEXT: pto.ub.vmul %f, %f, %f, %c, %c, %c, %c, %c, %c, %c : !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, i64, i64
// CHECK-NEXT: pto.ub.vdiv %f, %f, %f, %c, %c, %c, %c, %c, %c, %c : !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, i64, i64
// CHECK-NEXT: pto.ub.vmax %f, %f, %f, %c, %c, %c, %c, %c, %c, %c : !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, i64, i64
// CHECK-NEXT: pto.ub.vmin %f, %f, %f, %c, %c, %c, %c, %c, %c, %c : !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, i64, i64
// CHECK-NEXT: pto.ub.vaddrelu %f, %f, %f, %c, %c, %c, %c, %c, %c, %c : !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, i64, i64
// CHECK-NEXT: pto.ub.vand %h, %h, %h, %c, %c, %c, %c, %c, %c, %c : !pto.ptr<i16, ub>, !pto.ptr<i16, ub>, !pto.ptr<i16, ub>, i64, i64, i64, i64, i64, i64, i64
// CHECK-NEXT: pto.ub.vor %h, %h, %h, %c, %c, %c, %c, %c, %c, %c : !pto.ptr<i16, ub>, !pto.ptr<i16, ub>, !pto.ptr<i16, ub>, i64, i64, i64, i64, i64, i64, i64
// CHECK-NEXT: pto.ub.vabs %f, %f, %c, %c, %c, %c, %c : !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64
// CHECK-NEXT: pto.ub.vrelu %f, %f, %c, %c, %c, %c, %c : !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64
// CHECK-NEXT: pto.ub.vexp %f, %f, %c, %c, %c, %c, %c : !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64
// CHECK-NEXT: pto.ub.vln %f, %f, %c, %c, %c, %c, %c : !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64
// CHECK-NEXT: pto.ub.vsqrt %f, %f, %c, %c, %c, %c, %c : !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64
// CHECK-NEXT: pto.ub.vrsqrt %f, %f, %c, %c, %c, %c, %c : !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64
// CHECK-NEXT: pto.ub.vnot %h, %h, %c, %c, %c, %c, %c : !pto.ptr<i16, ub>, !pto.ptr<i16, ub>, i64, i64, i64, i64, i64
// CHECK-NEXT: pto.ub.vshl %h, %h, %c, %c, %c, %c, %c, %c : !pto.ptr<i16, ub>, !pto.ptr<i16, ub>, i64, i64, i64, i64, i64, i64
// CHECK-NEXT: pto.ub.vshr %h, %h, %c, %c, %c, %c, %c, %c : !pto.ptr<i16, ub>, !pto.ptr<i16, ub>, i64, i64, i64, i64, i64, i64
// CHECK-NEXT: pto.ub.vmuls %f, %f, %c, %c, %c, %c, %c, %c : !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, i64
// CHECK-NEXT: pto.ub.vadds %f, %f, %c, %c, %c, %c, %c, %c : !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, i64
// CHECK-NEXT: pto.ub.vmaxs %f, %f, %c, %c, %c, %c, %c, %c : !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, i64
// CHECK-NEXT: pto.ub.vmins %f, %f, %c, %c, %c, %c, %c, %c : !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, i64
// CHECK-NEXT: pto.ub.vdup %f, %c, %c, %c, %c, %c, %c : !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, i64
// GENERIC: "pto.ub.set_mask"(%c, %c) : (i64, i64) -> ()
// GENERIC: "pto.ub.vadd"(%f, %f, %f, %c, %c, %c, %c, %c, %c, %c) : (!pto.ptr<f32, ub>, !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, i64, i64) -> ()
// GENERIC: "pto.ub.vshl"(%h, %h, %c, %c, %c, %c, %c, %c) : (!pto.ptr<i16, ub>, !pto.ptr<i16, ub>, i64, i64, i64, i64, i64, i64) -> ()
// GENERIC: "pto.ub.vdup"(%f, %c, %c, %c, %c, %c, %c) : (!pto.ptr<f32, ub>, i64, i64, i64, i64, i64, i64) -> ()
func.func @ub_ops(%f: !f, %h: !h, %c: i64) {
  pto.ub.set_mask_count
  pto.ub.set_mask %c, %c : i64, i64
  pto.ub.set_mask_norm
  pto.ub.vadd %f, %f, %f, %c, %c, %c, %c, %c, %c, %c : !f, !f, !f, i64, i64, i64, i64, i64, i64, i64
  pto.ub.vsub %f, %f, %f, %c, %c, %c, %c, %c, %c, %c : !f, !f, !f, i64, i64, i64, i64, i64, i64, i64
  pto.ub.vmul %f, %f, %f, %c, %c, %c, %c, %c, %c, %c : !f, !f, !f, i64, i64, i64, i64, i64, i64, i64
  pto.ub.vdiv %f, %f, %f, %c, %c, %c, %c, %c, %c, %c : !f, !f, !f, i64, i64, i64, i64, i64, i64, i64
  pto.ub.vmax %f, %f, %f, %c, %c, %c, %c, %c, %c, %c : !f, !f, !f, i64, i64, i64, i64, i64, i64, i64
  pto.ub.vmin %f, %f, %f, %c, %c, %c, %c, %c, %c, %c : !f, !f, !f, i64, i64, i64, i64, i64, i64, i64
  pto.ub.vaddrelu %f, %f, %f, %c, %c, %c, %c, %c, %c, %c : !f, !f, !f, i64, i64, i64, i64, i64, i64, i64
  pto.ub.vand %h, %h, %h, %c, %c, %c, %c, %c, %c, %c : !h, !h, !h, i64, i64, i64, i64, i64, i64, i64
  pto.ub.vor %h, %h, %h, %c, %c, %c, %c, %c, %c, %c : !h, !h, !h, i64, i64, i64, i64, i64, i64, i64
  pto.ub.vabs %f, %f, %c, %c, %c, %c, %c : !f, !f, i64, i64, i64, i64, i64
  pto.ub.vrelu %f, %f, %c, %c, %c, %c, %c : !f, !f, i64, i64, i64, i64, i64
  pto.ub.vexp %f, %f, %c, %c, %c, %c, %c : !f, !f, i64, i64, i64, i64, i64
  pto.ub.vln %f, %f, %c, %c, %c, %c, %c : !f, !f, i64, i64, i64, i64, i64
  pto.ub.vsqrt %f, %f, %c, %c, %c, %c, %c : !f, !f, i64, i64, i64, i64, i64
  pto.ub.vrsqrt %f, %f, %c, %c, %c, %c, %c : !f, !f, i64, i64, i64, i64, i64
  pto.ub.vnot %h, %h, %c, %c, %c, %c, %c : !h, !h, i64, i64, i64, i64, i64
  pto.ub.vshl %h, %h, %c, %c, %c, %c, %c, %c : !h, !h, i64, i64, i64, i64, i64, i64
  pto.ub.vshr %h, %h, %c, %c, %c, %c, %c, %c : !h, !h, i64, i64, i64, i64, i64, i64
  pto.ub.vmuls %f, %f, %c, %c, %c, %c, %c, %c : !f, !f, i64, i64, i64, i64, i64, i64
  pto.ub.vadds %f, %f, %c, %c, %c, %c, %c, %c : !f, !f, i64, i64, i64, i64, i64, i64
  pto.ub.vmaxs %f, %f, %c, %c, %c, %c, %c, %c : !f, !f, i64, i64, i64, i64, i64, i64
  pto.ub.vmins %f, %f, %c, %c, %c, %c, %c, %c : !f, !f, i64, i64, i64, i64, i64, i64
  pto.ub.vdup %f, %c, %c, %c, %c, %c, %c : !f, i64, i64, i64, i64, i64, i64
  return
}
