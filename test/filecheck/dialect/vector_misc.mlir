// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

!f32v = !pto.vreg<64xf32>
!i32v = !pto.vreg<64xi32>
!u32v = !pto.vreg<64xui32>
!f16v = !pto.vreg<128xf16>
!bf16v = !pto.vreg<128xbf16>
!i16v = !pto.vreg<128xi16>
!i8v = !pto.vreg<256xi8>
!m32 = !pto.mask<b32>
!m16 = !pto.mask<b16>
!m8 = !pto.mask<b8>

// CHECK-LABEL: func.func @bits
// CHECK-NEXT: pto.vecscope {
// CHECK-NEXT: %0 = pto.vbcnt %i, %m : !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xi32>
// CHECK-NEXT: %1 = pto.vcls %s, %m16 : !pto.vreg<128xi16>, !pto.mask<b16> -> !pto.vreg<128xi16>
// CHECK-NEXT: %2 = pto.vmov %f, %m : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// GENERIC: "pto.vbcnt"(%i, %m) : (!pto.vreg<64xi32>, !pto.mask<b32>) -> !pto.vreg<64xi32>
// GENERIC: "pto.vcls"(%s, %m16) : (!pto.vreg<128xi16>, !pto.mask<b16>) -> !pto.vreg<128xi16>
// GENERIC: "pto.vmov"(%f, %m) : (!pto.vreg<64xf32>, !pto.mask<b32>) -> !pto.vreg<64xf32>
func.func @bits(%i: !i32v, %s: !i16v, %f: !f32v, %m: !m32, %m16: !m16) {
  pto.vecscope {
    %0 = pto.vbcnt %i, %m : !i32v, !m32 -> !i32v
    %1 = pto.vcls %s, %m16 : !i16v, !m16 -> !i16v
    %2 = pto.vmov %f, %m : !f32v, !m32 -> !f32v
  }
  func.return
}

// The PTOAS form of vtrc (mask, "R"), the manual's (no mask, "ROUND_Z") and a bare keyword
// CHECK-LABEL: func.func @round_cast
// CHECK-NEXT: pto.vecscope {
// CHECK-NEXT: %0 = pto.vtrc %f, %m, "R" : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT: %1 = pto.vtrc %h, "Z" : !pto.vreg<128xf16> -> !pto.vreg<128xf16>
// CHECK-NEXT: %2 = pto.vtrc %b, %m16, "A" : !pto.vreg<128xbf16>, !pto.mask<b16> -> !pto.vreg<128xbf16>
// CHECK-NEXT: %3 = pto.pbitcast %m8 : !pto.mask<b8> -> !pto.mask<b16>
// CHECK-NEXT: %4 = pto.pbitcast %m : !pto.mask<b32> -> !pto.mask<b8>
// GENERIC: "pto.vtrc"(%f, %m) <{round_mode = "R"}> : (!pto.vreg<64xf32>, !pto.mask<b32>) -> !pto.vreg<64xf32>
// GENERIC: "pto.vtrc"(%h) <{round_mode = "Z"}> : (!pto.vreg<128xf16>) -> !pto.vreg<128xf16>
// GENERIC: "pto.pbitcast"(%m8) : (!pto.mask<b8>) -> !pto.mask<b16>
func.func @round_cast(%f: !f32v, %h: !f16v, %b: !bf16v, %m: !m32, %m16: !m16, %m8: !m8) {
  pto.vecscope {
    %0 = pto.vtrc %f, %m, "R" : !f32v, !m32 -> !f32v
    %1 = pto.vtrc %h, "ROUND_Z" : !f16v -> !f16v
    %2 = pto.vtrc %b, %m16, A : !bf16v, !m16 -> !bf16v
    %3 = pto.pbitcast %m8 : !m8 -> !m16
    %4 = pto.pbitcast %m : !m32 -> !m8
  }
  func.return
}

// CHECK-LABEL: func.func @fused
// CHECK-NEXT: pto.vecscope {
// CHECK-NEXT: %0 = pto.vaddrelu %f, %g, %m : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT: %1 = pto.vsubrelu %h, %h, %m16 : !pto.vreg<128xf16>, !pto.vreg<128xf16>, !pto.mask<b16> -> !pto.vreg<128xf16>
// CHECK-NEXT: %2 = pto.vaddreluconv %f, %g : !pto.vreg<64xf32>, !pto.vreg<64xf32> -> !pto.vreg<128xf16>
// CHECK-NEXT: %3 = pto.vaddreluconv %h, %h, %m16 {rnd = "F", sat = "NOSAT"} : !pto.vreg<128xf16>, !pto.vreg<128xf16>, !pto.mask<b16> -> !pto.vreg<256xi8>
// CHECK-NEXT: %4 = pto.vaddreluconv %s, %s {sat = "SAT"} : !pto.vreg<128xi16>, !pto.vreg<128xi16> -> !pto.vreg<256xi8>
// CHECK-NEXT: %5 = pto.vmulconv %h, %h : !pto.vreg<128xf16>, !pto.vreg<128xf16> -> !pto.vreg<256xi8>
// CHECK-NEXT: %low, %high = pto.vmull %i, %i, %m : !pto.vreg<64xi32>, !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xi32>, !pto.vreg<64xi32>
// CHECK-NEXT: %6, %7 = pto.vmull %u, %u, %m : !pto.vreg<64xui32>, !pto.vreg<64xui32>, !pto.mask<b32> -> !pto.vreg<64xui32>, !pto.vreg<64xui32>
// GENERIC: "pto.vaddrelu"(%f, %g, %m) : (!pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32>) -> !pto.vreg<64xf32>
// GENERIC: "pto.vsubrelu"(%h, %h, %m16)
// GENERIC: "pto.vaddreluconv"(%f, %g) : (!pto.vreg<64xf32>, !pto.vreg<64xf32>) -> !pto.vreg<128xf16>
// GENERIC: "pto.vaddreluconv"(%h, %h, %m16) <{rnd = "F", sat = "NOSAT"}>
// GENERIC: "pto.vmulconv"(%h, %h) : (!pto.vreg<128xf16>, !pto.vreg<128xf16>) -> !pto.vreg<256xi8>
// GENERIC: "pto.vmull"(%i, %i, %m) : (!pto.vreg<64xi32>, !pto.vreg<64xi32>, !pto.mask<b32>) -> (!pto.vreg<64xi32>, !pto.vreg<64xi32>)
func.func @fused(%f: !f32v, %g: !f32v, %h: !f16v, %s: !i16v, %i: !i32v, %u: !u32v, %m: !m32, %m16: !m16) {
  pto.vecscope {
    %0 = pto.vaddrelu %f, %g, %m : !f32v, !f32v, !m32 -> !f32v
    %1 = pto.vsubrelu %h, %h, %m16 : !f16v, !f16v, !m16 -> !f16v
    %2 = pto.vaddreluconv %f, %g : !f32v, !f32v -> !f16v
    %3 = pto.vaddreluconv %h, %h, %m16 {rnd = "F", sat = "NOSAT"} : !f16v, !f16v, !m16 -> !i8v
    %4 = pto.vaddreluconv %s, %s {sat = "SAT"} : !i16v, !i16v -> !i8v
    %5 = pto.vmulconv %h, %h : !f16v, !f16v -> !i8v
    %low, %high = pto.vmull %i, %i, %m : !i32v, !i32v, !m32 -> !i32v, !i32v
    %6:2 = pto.vmull %u, %u, %m : !u32v, !u32v, !m32 -> !u32v, !u32v
  }
  func.return
}

// The SFU pages' spelling: the operand types in parentheses
// CHECK-LABEL: func.func @fused_page_form
// CHECK-NEXT: pto.vecscope {
// CHECK-NEXT: %0 = pto.vaddrelu %f, %f, %m : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT: %1 = pto.vaddreluconv %h, %h, %m16 {sat = "NOSAT"} : !pto.vreg<128xf16>, !pto.vreg<128xf16>, !pto.mask<b16> -> !pto.vreg<256xi8>
// CHECK-NEXT: %2 = pto.vmulconv %h, %h : !pto.vreg<128xf16>, !pto.vreg<128xf16> -> !pto.vreg<256xi8>
func.func @fused_page_form(%f: !f32v, %h: !f16v, %m: !m32, %m16: !m16) {
  pto.vecscope {
    %0 = pto.vaddrelu %f, %f, %m : (!f32v, !f32v, !m32) -> !f32v
    %1 = pto.vaddreluconv %h, %h, %m16 {sat = "NOSAT"} : (!f16v, !f16v, !m16) -> !i8v
    %2 = pto.vmulconv %h, %h : (!f16v, !f16v) -> !i8v
  }
  func.return
}
