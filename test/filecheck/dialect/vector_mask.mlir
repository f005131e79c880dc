// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// CHECK-LABEL: func.func @plt
// CHECK:      %mask, %next = pto.plt_b32 %remaining : i32 -> !pto.mask<b32>, i32
// CHECK-NEXT: %m16, %n16 = pto.plt_b16 %remaining : i32 -> !pto.mask<b16>, i32
// CHECK-NEXT: %m8, %n8 = pto.plt_b8 %remaining : i32 -> !pto.mask<b8>, i32
// GENERIC-LABEL: "func.func"() <{sym_name = "plt"
// GENERIC:      %mask, %next = "pto.plt_b32"(%remaining) : (i32) -> (!pto.mask<b32>, i32)
// GENERIC-NEXT: %m16, %n16 = "pto.plt_b16"(%remaining) : (i32) -> (!pto.mask<b16>, i32)
// GENERIC-NEXT: %m8, %n8 = "pto.plt_b8"(%remaining) : (i32) -> (!pto.mask<b8>, i32)
func.func @plt(%remaining: i32) {
  pto.vecscope {
    %mask, %next = pto.plt_b32 %remaining : i32 -> !pto.mask<b32>, i32
    %m16, %n16 = pto.plt_b16 %remaining : i32 -> !pto.mask<b16>, i32
    %m8, %n8 = pto.plt_b8 %remaining : i32 -> !pto.mask<b8>, i32
  }
  func.return
}

// CHECK-LABEL: func.func @pset
// CHECK:      %all = pto.pset_b32 "PAT_ALL" : !pto.mask<b32>
// CHECK-NEXT: %vl64 = pto.pset_b32 "PAT_VL64" : !pto.mask<b32>
// CHECK-NEXT: %half = pto.pset_b16 "PAT_H" : !pto.mask<b16>
// CHECK-NEXT: %vl128 = pto.pset_b16 "PAT_VL128" : !pto.mask<b16>
// CHECK-NEXT: %none = pto.pset_b8 "PAT_ALLF" : !pto.mask<b8>
// CHECK-NEXT: %m3 = pto.pset_b8 "PAT_M3" : !pto.mask<b8>
// GENERIC-LABEL: "func.func"() <{sym_name = "pset"
// GENERIC:      %all = "pto.pset_b32"() <{pattern = "PAT_ALL"}> : () -> !pto.mask<b32>
// GENERIC-NEXT: %vl64 = "pto.pset_b32"() <{pattern = "PAT_VL64"}> : () -> !pto.mask<b32>
// GENERIC-NEXT: %half = "pto.pset_b16"() <{pattern = "PAT_H"}> : () -> !pto.mask<b16>
// GENERIC-NEXT: %vl128 = "pto.pset_b16"() <{pattern = "PAT_VL128"}> : () -> !pto.mask<b16>
// GENERIC-NEXT: %none = "pto.pset_b8"() <{pattern = "PAT_ALLF"}> : () -> !pto.mask<b8>
// GENERIC-NEXT: %m3 = "pto.pset_b8"() <{pattern = "PAT_M3"}> : () -> !pto.mask<b8>
func.func @pset() {
  pto.vecscope {
    %all = pto.pset_b32 "PAT_ALL" : !pto.mask<b32>
    %vl64 = pto.pset_b32 "PAT_VL64" : !pto.mask<b32>
    %half = pto.pset_b16 "PAT_H" : !pto.mask<b16>
    %vl128 = pto.pset_b16 "PAT_VL128" : !pto.mask<b16>
    %none = pto.pset_b8 "PAT_ALLF" : !pto.mask<b8>
    %m3 = pto.pset_b8 "PAT_M3" : !pto.mask<b8>
  }
  func.return
}

// Masks feed the compute ops of their granularity.
// CHECK-LABEL: func.func @mask_use
// CHECK:      %m, %rest = pto.plt_b16 %n : i32 -> !pto.mask<b16>, i32
// CHECK-NEXT: %r = pto.vadd %v, %v, %m : !pto.vreg<128xf16>, !pto.vreg<128xf16>, !pto.mask<b16> -> !pto.vreg<128xf16>
func.func @mask_use(%v: !pto.vreg<128xf16>, %n: i32) {
  pto.vecscope {
    %m, %rest = pto.plt_b16 %n : i32 -> !pto.mask<b16>, i32
    %r = pto.vadd %v, %v, %m : !pto.vreg<128xf16>, !pto.vreg<128xf16>, !pto.mask<b16> -> !pto.vreg<128xf16>
  }
  func.return
}
