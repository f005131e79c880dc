// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

!f32v = !pto.vreg<64xf32>
!f16v = !pto.vreg<128xf16>
!i32v = !pto.vreg<64xi32>
!i16v = !pto.vreg<128xi16>
!m32 = !pto.mask<b32>
!m16 = !pto.mask<b16>

// The cross-lane reductions (PTOAS PTO_UnaryVecOp syntax), custom and generic form.
// CHECK-LABEL: func.func @vector_reduce
// CHECK:      %s = pto.vcadd %x, %m : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT: %mx = pto.vcmax %h, %m16 : !pto.vreg<128xf16>, !pto.mask<b16> -> !pto.vreg<128xf16>
// CHECK-NEXT: %mn = pto.vcmin %i, %m : !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xi32>
// CHECK-NEXT: %gs = pto.vcgadd %j, %m16 : !pto.vreg<128xi16>, !pto.mask<b16> -> !pto.vreg<128xi16>
// CHECK-NEXT: %gx = pto.vcgmax %x, %m : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT: %gn = pto.vcgmin %h, %m16 : !pto.vreg<128xf16>, !pto.mask<b16> -> !pto.vreg<128xf16>
// CHECK-NEXT: %p = pto.vcpadd %x, %m : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// GENERIC-LABEL: "func.func"() <{sym_name = "vector_reduce"
// GENERIC:      %s = "pto.vcadd"(%x, %m) : (!pto.vreg<64xf32>, !pto.mask<b32>) -> !pto.vreg<64xf32>
// GENERIC-NEXT: %mx = "pto.vcmax"(%h, %m16) : (!pto.vreg<128xf16>, !pto.mask<b16>) -> !pto.vreg<128xf16>
// GENERIC-NEXT: %mn = "pto.vcmin"(%i, %m) : (!pto.vreg<64xi32>, !pto.mask<b32>) -> !pto.vreg<64xi32>
// GENERIC-NEXT: %gs = "pto.vcgadd"(%j, %m16) : (!pto.vreg<128xi16>, !pto.mask<b16>) -> !pto.vreg<128xi16>
// GENERIC-NEXT: %gx = "pto.vcgmax"(%x, %m) : (!pto.vreg<64xf32>, !pto.mask<b32>) -> !pto.vreg<64xf32>
// GENERIC-NEXT: %gn = "pto.vcgmin"(%h, %m16) : (!pto.vreg<128xf16>, !pto.mask<b16>) -> !pto.vreg<128xf16>
// GENERIC-NEXT: %p = "pto.vcpadd"(%x, %m) : (!pto.vreg<64xf32>, !pto.mask<b32>) -> !pto.vreg<64xf32>
func.func @vector_reduce(%x: !f32v, %h: !f16v, %i: !i32v, %j: !i16v, %m: !m32, %m16: !m16) {
  pto.vecscope {
    %s = pto.vcadd %x, %m : !f32v, !m32 -> !f32v
    %mx = pto.vcmax %h, %m16 : !f16v, !m16 -> !f16v
    %mn = pto.vcmin %i, %m : !i32v, !m32 -> !i32v
    %gs = pto.vcgadd %j, %m16 : !i16v, !m16 -> !i16v
    %gx = pto.vcgmax %x, %m : !f32v, !m32 -> !f32v
    %gn = pto.vcgmin %h, %m16 : !f16v, !m16 -> !f16v
    %p = pto.vcpadd %x, %m : !f32v, !m32 -> !f32v
  }
  func.return
}
