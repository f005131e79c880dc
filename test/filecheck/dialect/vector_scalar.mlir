// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

!f32v = !pto.vreg<64xf32>
!i32v = !pto.vreg<64xi32>
!u32v = !pto.vreg<64xui32>
!f16v = !pto.vreg<128xf16>
!i16v = !pto.vreg<128xi16>
!u16v = !pto.vreg<128xui16>
!i8v = !pto.vreg<256xi8>
!m32 = !pto.mask<b32>
!m16 = !pto.mask<b16>
!m8 = !pto.mask<b8>

// Every vector-scalar op, the carry-in chains and vaxpy, custom and generic form.
// CHECK-LABEL: func.func @vector_scalar
// CHECK:      %adds = pto.vadds %a, %f, %m : !pto.vreg<64xf32>, f32, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT: %subs = pto.vsubs %h, %fh, %m16 : !pto.vreg<128xf16>, f16, !pto.mask<b16> -> !pto.vreg<128xf16>
// CHECK-NEXT: %muls = pto.vmuls %i, %n, %m : !pto.vreg<64xi32>, i32, !pto.mask<b32> -> !pto.vreg<64xi32>
// CHECK-NEXT: %maxs = pto.vmaxs %a, %f, %m : !pto.vreg<64xf32>, f32, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT: %mins = pto.vmins %c, %n8, %m8 : !pto.vreg<256xi8>, i8, !pto.mask<b8> -> !pto.vreg<256xi8>
// CHECK-NEXT: %ands = pto.vands %s, %n16, %m16 : !pto.vreg<128xi16>, i16, !pto.mask<b16> -> !pto.vreg<128xi16>
// CHECK-NEXT: %ors = pto.vors %us, %n16, %m16 : !pto.vreg<128xui16>, i16, !pto.mask<b16> -> !pto.vreg<128xui16>
// CHECK-NEXT: %xors = pto.vxors %u, %un, %m : !pto.vreg<64xui32>, ui32, !pto.mask<b32> -> !pto.vreg<64xui32>
// CHECK-NEXT: %shls = pto.vshls %i, %n, %m : !pto.vreg<64xi32>, i32, !pto.mask<b32> -> !pto.vreg<64xi32>
// CHECK-NEXT: %shrs = pto.vshrs %s, %n16, %m16 : !pto.vreg<128xi16>, i16, !pto.mask<b16> -> !pto.vreg<128xi16>
// CHECK-NEXT: %lrelu = pto.vlrelu %h, %fh, %m16 : !pto.vreg<128xf16>, f16, !pto.mask<b16> -> !pto.vreg<128xf16>
// CHECK-NEXT: %sum, %carry = pto.vaddcs %u, %u, %m, %m : !pto.vreg<64xui32>, !pto.vreg<64xui32>, !pto.mask<b32>, !pto.mask<b32> -> !pto.vreg<64xui32>, !pto.mask<b32>
// CHECK-NEXT: %diff, %borrow = pto.vsubcs %i, %i, %carry, %m : !pto.vreg<64xi32>, !pto.vreg<64xi32>, !pto.mask<b32>, !pto.mask<b32> -> !pto.vreg<64xi32>, !pto.mask<b32>
// CHECK-NEXT: %axpy = pto.vaxpy %a, %a, %f, %m : (!pto.vreg<64xf32>, !pto.vreg<64xf32>, f32, !pto.mask<b32>) -> !pto.vreg<64xf32>
// GENERIC-LABEL: "func.func"() <{sym_name = "vector_scalar"
// GENERIC:      %adds = "pto.vadds"(%a, %f, %m) : (!pto.vreg<64xf32>, f32, !pto.mask<b32>) -> !pto.vreg<64xf32>
// GENERIC:      %lrelu = "pto.vlrelu"(%h, %fh, %m16) : (!pto.vreg<128xf16>, f16, !pto.mask<b16>) -> !pto.vreg<128xf16>
// GENERIC-NEXT: %sum, %carry = "pto.vaddcs"(%u, %u, %m, %m) : (!pto.vreg<64xui32>, !pto.vreg<64xui32>, !pto.mask<b32>, !pto.mask<b32>) -> (!pto.vreg<64xui32>, !pto.mask<b32>)
// GENERIC-NEXT: %diff, %borrow = "pto.vsubcs"(%i, %i, %carry, %m)
// GENERIC-NEXT: %axpy = "pto.vaxpy"(%a, %a, %f, %m) : (!pto.vreg<64xf32>, !pto.vreg<64xf32>, f32, !pto.mask<b32>) -> !pto.vreg<64xf32>
func.func @vector_scalar(%a: !f32v, %i: !i32v, %u: !u32v, %h: !f16v, %s: !i16v, %us: !u16v,
                         %c: !i8v, %m: !m32, %m16: !m16, %m8: !m8, %f: f32, %fh: f16,
                         %n: i32, %n16: i16, %n8: i8, %un: ui32) {
  pto.vecscope {
    %adds = pto.vadds %a, %f, %m : !f32v, f32, !m32 -> !f32v
    %subs = pto.vsubs %h, %fh, %m16 : !f16v, f16, !m16 -> !f16v
    %muls = pto.vmuls %i, %n, %m : !i32v, i32, !m32 -> !i32v
    %maxs = pto.vmaxs %a, %f, %m : !f32v, f32, !m32 -> !f32v
    %mins = pto.vmins %c, %n8, %m8 : !i8v, i8, !m8 -> !i8v
    %ands = pto.vands %s, %n16, %m16 : !i16v, i16, !m16 -> !i16v
    %ors = pto.vors %us, %n16, %m16 : !u16v, i16, !m16 -> !u16v
    %xors = pto.vxors %u, %un, %m : !u32v, ui32, !m32 -> !u32v
    %shls = pto.vshls %i, %n, %m : !i32v, i32, !m32 -> !i32v
    %shrs = pto.vshrs %s, %n16, %m16 : !i16v, i16, !m16 -> !i16v
    %lrelu = pto.vlrelu %h, %fh, %m16 : !f16v, f16, !m16 -> !f16v
    %sum, %carry = pto.vaddcs %u, %u, %m, %m : !u32v, !u32v, !m32, !m32 -> !u32v, !m32
    %diff, %borrow = pto.vsubcs %i, %i, %carry, %m : !i32v, !i32v, !m32, !m32 -> !i32v, !m32
    %axpy = pto.vaxpy %a, %a, %f, %m : (!f32v, !f32v, f32, !m32) -> !f32v
  }
  func.return
}
