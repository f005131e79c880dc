// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// Forms PTOAS's board-tested kernels write that the pages' type lists exclude: the bitwise
// ops on float registers and vbr of an i8 into signed/unsigned 8-bit lanes.

// CHECK-LABEL: func.func @bitwise_on_floats(
// CHECK:         %o = pto.vor %a, %b, %m : !pto.vreg<128xf16>, !pto.vreg<128xf16>, !pto.mask<b16> -> !pto.vreg<128xf16>
// CHECK-NEXT:    %n = pto.vand %a, %b, %m : !pto.vreg<128xf16>, !pto.vreg<128xf16>, !pto.mask<b16> -> !pto.vreg<128xf16>
// CHECK-NEXT:    %x = pto.vxor %f, %f, %m32 : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT:    %s = pto.vbr %i : i8 -> !pto.vreg<256xsi8>
// CHECK-NEXT:    %u = pto.vbr %i : i8 -> !pto.vreg<256xui8>
// GENERIC: %o = "pto.vor"(%a, %b, %m) : (!pto.vreg<128xf16>, !pto.vreg<128xf16>, !pto.mask<b16>) -> !pto.vreg<128xf16>
// GENERIC: %s = "pto.vbr"(%i) : (i8) -> !pto.vreg<256xsi8>
func.func @bitwise_on_floats(%a: !pto.vreg<128xf16>, %b: !pto.vreg<128xf16>, %f: !pto.vreg<64xf32>, %m: !pto.mask<b16>, %m32: !pto.mask<b32>, %i: i8) {
  pto.vecscope {
    %o = pto.vor %a, %b, %m : !pto.vreg<128xf16>, !pto.vreg<128xf16>, !pto.mask<b16> -> !pto.vreg<128xf16>
    %n = pto.vand %a, %b, %m : !pto.vreg<128xf16>, !pto.vreg<128xf16>, !pto.mask<b16> -> !pto.vreg<128xf16>
    %x = pto.vxor %f, %f, %m32 : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
    %s = pto.vbr %i : i8 -> !pto.vreg<256xsi8>
    %u = pto.vbr %i : i8 -> !pto.vreg<256xui8>
  }
  func.return
}
