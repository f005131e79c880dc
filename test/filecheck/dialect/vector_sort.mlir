// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// The sort accelerator ops in PTOAS's spelling (board-tested vbitsort/vmrgsort4 cases:
// a ui32 destination for the pairs) and the manual's `(...) -> ()` one, printed as PTOAS.
// CHECK-LABEL: func.func @sort
// CHECK-NEXT: pto.vbitsort %a, %b, %c, %n : !pto.ptr<ui32, ub>, !pto.ptr<f32, ub>, !pto.ptr<ui32, ub>, index
// CHECK-NEXT: pto.vbitsort %b, %b, %c, %n : !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, !pto.ptr<ui32, ub>, index
// CHECK-NEXT: pto.vmrgsort4 %b, %b, %b, %b, %b, %x, %x : !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, i64, i64
// CHECK-NEXT: pto.vsort32 %h, %h, %x : !pto.ptr<f16, ub>, !pto.ptr<f16, ub>, i64
// CHECK-NEXT: %l0, %l1, %l2, %l3 = pto.get_vms4_sr : i16, i16, i16, i16
// GENERIC: "pto.vbitsort"(%a, %b, %c, %n) : (!pto.ptr<ui32, ub>, !pto.ptr<f32, ub>, !pto.ptr<ui32, ub>, index) -> ()
// GENERIC: "pto.vmrgsort4"(%b, %b, %b, %b, %b, %x, %x)
// GENERIC: "pto.vsort32"(%h, %h, %x)
// GENERIC: %l0, %l1, %l2, %l3 = "pto.get_vms4_sr"() : () -> (i16, i16, i16, i16)
func.func @sort(%a: !pto.ptr<ui32, ub>, %b: !pto.ptr<f32, ub>, %c: !pto.ptr<ui32, ub>, %h: !pto.ptr<f16, ub>, %n: index, %x: i64) {
  pto.vbitsort %a, %b, %c, %n : !pto.ptr<ui32, ub>, !pto.ptr<f32, ub>, !pto.ptr<ui32, ub>, index
  pto.vbitsort %b, %b, %c, %n : (!pto.ptr<f32, ub>, !pto.ptr<f32, ub>, !pto.ptr<ui32, ub>, index) -> ()
  pto.vmrgsort4 %b, %b, %b, %b, %b, %x, %x : !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, i64, i64
  pto.vsort32 %h, %h, %x : !pto.ptr<f16, ub>, !pto.ptr<f16, ub>, i64
  %l0, %l1, %l2, %l3 = pto.get_vms4_sr : i16, i16, i16, i16
  func.return
}
