// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

!f32v = !pto.vreg<64xf32>
!f16v = !pto.vreg<128xf16>
!i32v = !pto.vreg<64xi32>
!m32 = !pto.mask<b32>
!m16 = !pto.mask<b16>

// The unary SFU family and vprelu, custom and generic form.
// CHECK-LABEL: func.func @vector_math
// CHECK:      %e = pto.vexp %x, %m : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT: %l = pto.vln %h, %m16 : !pto.vreg<128xf16>, !pto.mask<b16> -> !pto.vreg<128xf16>
// CHECK-NEXT: %s = pto.vsqrt %x, %m : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT: %rs = pto.vrsqrt %h, %m16 : !pto.vreg<128xf16>, !pto.mask<b16> -> !pto.vreg<128xf16>
// CHECK-NEXT: %r = pto.vrec %x, %m : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT: %relu = pto.vrelu %x, %m : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT: %irelu = pto.vrelu %i, %m : !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xi32>
// CHECK-NEXT: %p = pto.vprelu %x, %x, %m : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// GENERIC-LABEL: "func.func"() <{sym_name = "vector_math"
// GENERIC:      %e = "pto.vexp"(%x, %m) : (!pto.vreg<64xf32>, !pto.mask<b32>) -> !pto.vreg<64xf32>
// GENERIC-NEXT: %l = "pto.vln"(%h, %m16) : (!pto.vreg<128xf16>, !pto.mask<b16>) -> !pto.vreg<128xf16>
// GENERIC-NEXT: %s = "pto.vsqrt"(%x, %m) : (!pto.vreg<64xf32>, !pto.mask<b32>) -> !pto.vreg<64xf32>
// GENERIC-NEXT: %rs = "pto.vrsqrt"(%h, %m16) : (!pto.vreg<128xf16>, !pto.mask<b16>) -> !pto.vreg<128xf16>
// GENERIC-NEXT: %r = "pto.vrec"(%x, %m) : (!pto.vreg<64xf32>, !pto.mask<b32>) -> !pto.vreg<64xf32>
// GENERIC-NEXT: %relu = "pto.vrelu"(%x, %m) : (!pto.vreg<64xf32>, !pto.mask<b32>) -> !pto.vreg<64xf32>
// GENERIC-NEXT: %irelu = "pto.vrelu"(%i, %m) : (!pto.vreg<64xi32>, !pto.mask<b32>) -> !pto.vreg<64xi32>
// GENERIC-NEXT: %p = "pto.vprelu"(%x, %x, %m) : (!pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32>) -> !pto.vreg<64xf32>
func.func @vector_math(%x: !f32v, %h: !f16v, %i: !i32v, %m: !m32, %m16: !m16) {
  pto.vecscope {
    %e = pto.vexp %x, %m : !f32v, !m32 -> !f32v
    %l = pto.vln %h, %m16 : !f16v, !m16 -> !f16v
    %s = pto.vsqrt %x, %m : !f32v, !m32 -> !f32v
    %rs = pto.vrsqrt %h, %m16 : !f16v, !m16 -> !f16v
    %r = pto.vrec %x, %m : !f32v, !m32 -> !f32v
    %relu = pto.vrelu %x, %m : !f32v, !m32 -> !f32v
    %irelu = pto.vrelu %i, %m : !i32v, !m32 -> !i32v
    %p = pto.vprelu %x, %x, %m : !f32v, !f32v, !m32 -> !f32v
  }
  func.return
}
