// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// Element types per target (targets.py): A5 moves fp8 and the 64-bit lanes of UNPK_B32,
// A2/A3 the 8/16/32-bit integer and f16/bf16/f32 types.

// CHECK:      builtin.module attributes {pto.target_arch = "a5"} {
// CHECK:        %f8 = pto.vlds %p8[%o] : !pto.ptr<f8E5M2, ub> -> !pto.vreg<256xf8E5M2>
// CHECK-NEXT:   %w = pto.vlds %p32[%o] {dist = "UNPK_B32"} : !pto.ptr<ui32, ub> -> !pto.vreg<32xui64>
// CHECK-NEXT:   pto.vsts %f8, %p8[%o], %m8 : !pto.vreg<256xf8E5M2>, !pto.ptr<f8E5M2, ub>, !pto.mask<b8>
// GENERIC:      "pto.vlds"(%p8, %o) : (!pto.ptr<f8E5M2, ub>, index) -> !pto.vreg<256xf8E5M2>
// GENERIC:      "pto.vlds"(%p32, %o) <{dist = "UNPK_B32"}> : (!pto.ptr<ui32, ub>, index) -> !pto.vreg<32xui64>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @a5(%p8: !pto.ptr<f8E5M2, ub>, %p32: !pto.ptr<ui32, ub>, %o: index, %m8: !pto.mask<b8>) {
    %f8 = pto.vlds %p8[%o] : !pto.ptr<f8E5M2, ub> -> !pto.vreg<256xf8E5M2>
    %w = pto.vlds %p32[%o] {dist = "UNPK_B32"} : !pto.ptr<ui32, ub> -> !pto.vreg<32xui64>
    pto.vsts %f8, %p8[%o], %m8 : !pto.vreg<256xf8E5M2>, !pto.ptr<f8E5M2, ub>, !pto.mask<b8>
    func.return
  }
}

// CHECK:      builtin.module attributes {pto.target_arch = "a2a3"} {
// CHECK:        %v = pto.vlds %p[%o] {dist = "UNPK_B8"} : !pto.ptr<ui8, ub> -> !pto.vreg<128xui16>
// CHECK-NEXT:   pto.vsts %v, %q[%o], %m : !pto.vreg<128xui16>, !pto.ptr<ui16, ub>, !pto.mask<b16>
// CHECK-NEXT:   %b, %c = pto.vldsx2 %r[%o], "DINTLV_B16" : !pto.ptr<bf16, ub>, index -> !pto.vreg<128xbf16>, !pto.vreg<128xbf16>
// GENERIC:      "pto.vsts"(%v, %q, %o, %m) : (!pto.vreg<128xui16>, !pto.ptr<ui16, ub>, index, !pto.mask<b16>) -> ()
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @a2a3(%p: !pto.ptr<ui8, ub>, %q: !pto.ptr<ui16, ub>, %r: !pto.ptr<bf16, ub>, %o: index, %m: !pto.mask<b16>) {
    %v = pto.vlds %p[%o] {dist = "UNPK_B8"} : !pto.ptr<ui8, ub> -> !pto.vreg<128xui16>
    pto.vsts %v, %q[%o], %m : !pto.vreg<128xui16>, !pto.ptr<ui16, ub>, !pto.mask<b16>
    %b, %c = pto.vldsx2 %r[%o], "DINTLV_B16" : !pto.ptr<bf16, ub>, index -> !pto.vreg<128xbf16>, !pto.vreg<128xbf16>
    func.return
  }
}
