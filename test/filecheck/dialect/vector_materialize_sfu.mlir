// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// vdup (scalar, and the lowest/highest lane of a vreg) and vexpdif (same width and the
// f16 -> f32 widening form), in PTOAS's spelling (VPTOOps.td, test/vpto/cases).
// CHECK-LABEL: func.func @materialize_sfu
// CHECK:      %a = pto.vdup %s, %m : f32, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT: %lo = pto.vdup %v, %m {position = "LOWEST"} : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT: %hi = pto.vdup %v, %m {position = "HIGHEST"} : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT: %u = pto.vdup %c, %m8 : i8, !pto.mask<b8> -> !pto.vreg<256xui8>
// CHECK-NEXT: %e = pto.vexpdif %v, %a, %m, "ODD" : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT: %w = pto.vexpdif %h, %h, %m16, "EVEN" : !pto.vreg<128xf16>, !pto.vreg<128xf16>, !pto.mask<b16> -> !pto.vreg<64xf32>
// GENERIC:      %a = "pto.vdup"(%s, %m) : (f32, !pto.mask<b32>) -> !pto.vreg<64xf32>
// GENERIC-NEXT: %lo = "pto.vdup"(%v, %m) <{position = "LOWEST"}> : (!pto.vreg<64xf32>, !pto.mask<b32>) -> !pto.vreg<64xf32>
// GENERIC-NEXT: %hi = "pto.vdup"(%v, %m) <{position = "HIGHEST"}>
// GENERIC-NEXT: %u = "pto.vdup"(%c, %m8) : (i8, !pto.mask<b8>) -> !pto.vreg<256xui8>
// GENERIC-NEXT: %e = "pto.vexpdif"(%v, %a, %m) <{part = "ODD"}> : (!pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32>) -> !pto.vreg<64xf32>
// GENERIC-NEXT: %w = "pto.vexpdif"(%h, %h, %m16) <{part = "EVEN"}> : (!pto.vreg<128xf16>, !pto.vreg<128xf16>, !pto.mask<b16>) -> !pto.vreg<64xf32>
func.func @materialize_sfu(%s: f32, %v: !pto.vreg<64xf32>, %h: !pto.vreg<128xf16>, %c: i8,
                           %m: !pto.mask<b32>, %m16: !pto.mask<b16>, %m8: !pto.mask<b8>) {
  pto.vecscope {
    %a = pto.vdup %s, %m : f32, !pto.mask<b32> -> !pto.vreg<64xf32>
    %lo = pto.vdup %v, %m {position = "LOWEST"} : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
    %hi = pto.vdup %v, %m {position = "HIGHEST"} : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
    %u = pto.vdup %c, %m8 : i8, !pto.mask<b8> -> !pto.vreg<256xui8>
    %e = pto.vexpdif %v, %a, %m, "ODD" : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
    %w = pto.vexpdif %h, %h, %m16, "EVEN" : !pto.vreg<128xf16>, !pto.vreg<128xf16>, !pto.mask<b16> -> !pto.vreg<64xf32>
  }
  func.return
}
