// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// The PTOAS spellings (VPTOOps.td) print as they are; the manual's `pto.vusqz %mask` and
// `pto.vzunpack %src, %part : V, index -> W` parse too.

// CHECK-LABEL: func.func @rearrange
// CHECK-NEXT: pto.vecscope {
// CHECK-NEXT: %lo, %hi2 = pto.vintlv %a, %b : !pto.vreg<64xf32>, !pto.vreg<64xf32> -> !pto.vreg<64xf32>, !pto.vreg<64xf32>
// CHECK-NEXT: %e, %o = pto.vdintlv %lo, %hi2 : !pto.vreg<64xf32>, !pto.vreg<64xf32> -> !pto.vreg<64xf32>, !pto.vreg<64xf32>
// CHECK-NEXT: %0 = pto.vintlvv2 %a, %b, "LOWER" : !pto.vreg<64xf32>, !pto.vreg<64xf32> -> !pto.vreg<64xf32>
// CHECK-NEXT: %1 = pto.vdintlvv2 %a, %b, "HIGHER" : !pto.vreg<64xf32>, !pto.vreg<64xf32> -> !pto.vreg<64xf32>
// CHECK-NEXT: %2 = pto.vslide %a, %b, %amt : !pto.vreg<64xf32>, !pto.vreg<64xf32>, i16 -> !pto.vreg<64xf32>
// CHECK-NEXT: %3 = pto.vshift %a, %amt : !pto.vreg<64xf32>, i16 -> !pto.vreg<64xf32>
// CHECK-NEXT: %4 = pto.vperm %a, %i : !pto.vreg<64xf32>, !pto.vreg<64xi32> -> !pto.vreg<64xf32>
// CHECK-NEXT: %5 = pto.vselr %a, %i : !pto.vreg<64xf32>, !pto.vreg<64xi32> -> !pto.vreg<64xf32>
// CHECK-NEXT: %6 = pto.vselrv2 %h, %hi : !pto.vreg<128xf16>, !pto.vreg<128xui16> -> !pto.vreg<128xf16>
// CHECK-NEXT: %7 = pto.vsqz %a, %m : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT: %8 = pto.vusqz %i, %m : !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xi32>
// CHECK-NEXT: %9 = pto.vusqz %m : !pto.mask<b32> -> !pto.vreg<64xi32>
// CHECK-NEXT: %10 = pto.vpack %i, "HIGHER" : !pto.vreg<64xi32> -> !pto.vreg<128xui16>
// CHECK-NEXT: %11 = pto.vsunpack %s, %part : !pto.vreg<128xi16> -> !pto.vreg<64xi32>
// CHECK-NEXT: %12 = pto.vzunpack %q, %part : !pto.vreg<256xui8> -> !pto.vreg<128xui16>
// GENERIC: %lo, %hi2 = "pto.vintlv"(%a, %b) : (!pto.vreg<64xf32>, !pto.vreg<64xf32>) -> (!pto.vreg<64xf32>, !pto.vreg<64xf32>)
// GENERIC: %e, %o = "pto.vdintlv"(%lo, %hi2) : (!pto.vreg<64xf32>, !pto.vreg<64xf32>) -> (!pto.vreg<64xf32>, !pto.vreg<64xf32>)
// GENERIC: %0 = "pto.vintlvv2"(%a, %b) <{part = "LOWER"}> : (!pto.vreg<64xf32>, !pto.vreg<64xf32>) -> !pto.vreg<64xf32>
// GENERIC: %1 = "pto.vdintlvv2"(%a, %b) <{part = "HIGHER"}> : (!pto.vreg<64xf32>, !pto.vreg<64xf32>) -> !pto.vreg<64xf32>
// GENERIC: %2 = "pto.vslide"(%a, %b, %amt) : (!pto.vreg<64xf32>, !pto.vreg<64xf32>, i16) -> !pto.vreg<64xf32>
// GENERIC: %3 = "pto.vshift"(%a, %amt) : (!pto.vreg<64xf32>, i16) -> !pto.vreg<64xf32>
// GENERIC: %4 = "pto.vperm"(%a, %i) : (!pto.vreg<64xf32>, !pto.vreg<64xi32>) -> !pto.vreg<64xf32>
// GENERIC: %5 = "pto.vselr"(%a, %i) : (!pto.vreg<64xf32>, !pto.vreg<64xi32>) -> !pto.vreg<64xf32>
// GENERIC: %6 = "pto.vselrv2"(%h, %hi) : (!pto.vreg<128xf16>, !pto.vreg<128xui16>) -> !pto.vreg<128xf16>
// GENERIC: %7 = "pto.vsqz"(%a, %m) : (!pto.vreg<64xf32>, !pto.mask<b32>) -> !pto.vreg<64xf32>
// GENERIC: %8 = "pto.vusqz"(%i, %m) : (!pto.vreg<64xi32>, !pto.mask<b32>) -> !pto.vreg<64xi32>
// GENERIC: %9 = "pto.vusqz"(%m) : (!pto.mask<b32>) -> !pto.vreg<64xi32>
// GENERIC: %10 = "pto.vpack"(%i) <{part = "HIGHER"}> : (!pto.vreg<64xi32>) -> !pto.vreg<128xui16>
// GENERIC: %11 = "pto.vsunpack"(%s, %part) : (!pto.vreg<128xi16>, index) -> !pto.vreg<64xi32>
// GENERIC: %12 = "pto.vzunpack"(%q, %part) : (!pto.vreg<256xui8>, index) -> !pto.vreg<128xui16>
!f32v = !pto.vreg<64xf32>
!i32v = !pto.vreg<64xi32>
!u32v = !pto.vreg<64xui32>
!f16v = !pto.vreg<128xf16>
!i16v = !pto.vreg<128xi16>
!u16v = !pto.vreg<128xui16>
!u8v = !pto.vreg<256xui8>
!i8v = !pto.vreg<256xi8>
!m32 = !pto.mask<b32>

func.func @rearrange(%a: !f32v, %b: !f32v, %i: !i32v, %h: !f16v, %hi: !u16v, %s: !i16v, %q: !u8v, %m: !m32, %amt: i16, %part: index) {
  pto.vecscope {
    %lo, %hi2 = pto.vintlv %a, %b : !f32v, !f32v -> !f32v, !f32v
    %e, %o = pto.vdintlv %lo, %hi2 : !f32v, !f32v -> !f32v, !f32v
    %0 = pto.vintlvv2 %a, %b, "LOWER" : !f32v, !f32v -> !f32v
    %1 = pto.vdintlvv2 %a, %b, "HIGHER" : !f32v, !f32v -> !f32v
    %2 = pto.vslide %a, %b, %amt : !f32v, !f32v, i16 -> !f32v
    %3 = pto.vshift %a, %amt : !f32v, i16 -> !f32v
    %4 = pto.vperm %a, %i : !f32v, !i32v -> !f32v
    %5 = pto.vselr %a, %i : !f32v, !i32v -> !f32v
    %6 = pto.vselrv2 %h, %hi : !f16v, !u16v -> !f16v
    %7 = pto.vsqz %a, %m : !f32v, !m32 -> !f32v
    %8 = pto.vusqz %i, %m : !i32v, !m32 -> !i32v
    %9 = pto.vusqz %m : !m32 -> !i32v
    %10 = pto.vpack %i, "HIGHER" : !i32v -> !u16v
    %11 = pto.vsunpack %s, %part : !i16v -> !i32v
    %12 = pto.vzunpack %q, %part : !u8v, index -> !u16v
  }
  func.return
}

// CHECK-LABEL: func.func @transpose
// CHECK-NEXT: pto.vtranspose %d, %s, %c : !pto.ptr<f16, ub>, !pto.ptr<f16, ub>, i64
// CHECK-NEXT: pto.vtranspose %u, %u, %c : !pto.ptr, !pto.ptr, i64
// GENERIC: "pto.vtranspose"(%d, %s, %c) : (!pto.ptr<f16, ub>, !pto.ptr<f16, ub>, i64) -> ()
func.func @transpose(%d: !pto.ptr<f16, ub>, %s: !pto.ptr<f16, ub>, %u: !pto.ptr, %c: i64) {
  pto.vtranspose %d, %s, %c : !pto.ptr<f16, ub>, !pto.ptr<f16, ub>, i64
  pto.vtranspose %u, %u, %c : !pto.ptr, !pto.ptr, i64
  func.return
}
