// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

!f32v = !pto.vreg<64xf32>
!i32v = !pto.vreg<64xi32>
!f16v = !pto.vreg<128xf16>
!i16v = !pto.vreg<128xi16>
!i8v = !pto.vreg<256xi8>
!m32 = !pto.mask<b32>
!m16 = !pto.mask<b16>

// CHECK-LABEL: func.func @vcvt
// CHECK-NEXT: pto.vecscope {
// CHECK-NEXT: %0 = pto.vcvt %f, %m {rnd = "R", sat = "SAT"} : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xi32>
// CHECK-NEXT: %1 = pto.vcvt %f, %m {rnd = "O", part = "EVEN"} : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<128xf16>
// CHECK-NEXT: %2 = pto.vcvt %h, %m16 {part = "ODD"} : !pto.vreg<128xf16>, !pto.mask<b16> -> !pto.vreg<64xf32>
// CHECK-NEXT: %3 = pto.vcvt %i, %m {rnd = "F"} : !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT: %4 = pto.vcvt %h, %m16 {rnd = "A", sat = "SAT", part = "EVEN"} : !pto.vreg<128xf16>, !pto.mask<b16> -> !pto.vreg<256xi8>
// CHECK-NEXT: %5 = pto.vbitcast %1 : !pto.vreg<128xf16> -> !pto.vreg<64xui32>
// CHECK-NEXT: %6 = pto.vcvt %f, %m {rnd = "R", sat = "SAT", part = "P2"} : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<256xf8E4M3FN>
// CHECK-NEXT: %7 = pto.vbitcast %6 : !pto.vreg<256xf8E4M3FN> -> !pto.vreg<256xui8>
// GENERIC: "pto.vcvt"(%f, %m) <{rnd = "R", sat = "SAT"}> : (!pto.vreg<64xf32>, !pto.mask<b32>) -> !pto.vreg<64xi32>
// GENERIC: "pto.vbitcast"(%1) : (!pto.vreg<128xf16>) -> !pto.vreg<64xui32>
func.func @vcvt(%f: !f32v, %h: !f16v, %i: !i32v, %m: !m32, %m16: !m16) {
  pto.vecscope {
    %0 = pto.vcvt %f, %m {rnd = "R", sat = "SAT"} : !f32v, !m32 -> !i32v
    %1 = pto.vcvt %f, %m {rnd = "O", part = "EVEN"} : !f32v, !m32 -> !f16v
    %2 = pto.vcvt %h, %m16 {part = "ODD"} : !f16v, !m16 -> !f32v
    %3 = pto.vcvt %i, %m {rnd = "F"} : !i32v, !m32 -> !f32v
    %4 = pto.vcvt %h, %m16 {rnd = "A", sat = "SAT", part = "EVEN"} : !f16v, !m16 -> !i8v
    %5 = pto.vbitcast %1 : !f16v -> !pto.vreg<64xui32>
    %6 = pto.vcvt %f, %m {rnd = "R", sat = "SAT", part = "P2"} : !f32v, !m32 -> !pto.vreg<256xf8E4M3FN>
    %7 = pto.vbitcast %6 : !pto.vreg<256xf8E4M3FN> -> !pto.vreg<256xui8>
  }
  func.return
}

// CHECK-LABEL: func.func @compare_select
// CHECK-NEXT: pto.vecscope {
// CHECK-NEXT: %p = pto.vcmp %a, %b, %m, "lt" : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.mask<b32>
// CHECK-NEXT: %q = pto.vcmps %s, %c, %m16, "ge" : !pto.vreg<128xi16>, i16, !pto.mask<b16> -> !pto.mask<b16>
// CHECK-NEXT: %r = pto.vsel %a, %b, %p : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// GENERIC: "pto.vcmp"(%a, %b, %m) <{cmp_mode = "lt"}> : (!pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32>) -> !pto.mask<b32>
// GENERIC: "pto.vcmps"(%s, %c, %m16) <{cmp_mode = "ge"}>
// GENERIC: "pto.vsel"(%a, %b, %p) : (!pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32>) -> !pto.vreg<64xf32>
func.func @compare_select(%a: !f32v, %b: !f32v, %s: !i16v, %c: i16, %m: !m32, %m16: !m16) {
  pto.vecscope {
    %p = pto.vcmp %a, %b, %m, "lt" : !f32v, !f32v, !m32 -> !m32
    %q = pto.vcmps %s, %c, %m16, "ge" : !i16v, i16, !m16 -> !m16
    %r = pto.vsel %a, %b, %p : !f32v, !f32v, !m32 -> !f32v
  }
  func.return
}
