// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// Micro-ops of PTOAS's a5_extra and trap kernels: pltm_b*, vmadd, vcbmax/vcbmin, trap.

module attributes {pto.target_arch = "a5"} {
  // CHECK-LABEL: func.func @a5_extra
  // CHECK: %m8 = pto.pltm_b8 %loop, %bound : i16, i32 -> !pto.mask<b8>
  // CHECK-NEXT: %m16 = pto.pltm_b16 %loop, %bound : i16, i32 -> !pto.mask<b16>
  // CHECK-NEXT: %m32 = pto.pltm_b32 %loop, %bound : i16, i32 -> !pto.mask<b32>
  // CHECK-NEXT: %r = pto.vmadd %f, %f, %f, %m32 : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
  // CHECK-NEXT: %v, %p = pto.vcbmax %h, %m16 : !pto.vreg<128xi16>, !pto.mask<b16> -> !pto.vreg<128xi16>, !pto.mask<b16>
  // CHECK-NEXT: %w, %q = pto.vcbmin %h, %m16 : !pto.vreg<128xi16>, !pto.mask<b16> -> !pto.vreg<128xi16>, !pto.mask<b16>
  // CHECK-NEXT: %s = pto.vmulscvt %f, %x, %m32, "A", "EVEN" : !pto.vreg<64xf32>, f32, !pto.mask<b32> -> !pto.vreg<128xf16>
  // CHECK-NEXT: %u = pto.uvld %ptr[%i] : !pto.ptr<ui8, ub> -> !pto.vreg<256xui8>
  // CHECK-NEXT: %hc = pto.chistv2 %acc, %src, %m8, %bound : !pto.vreg<128xui16>, !pto.vreg<256xui8>, !pto.mask<b8>, i32 -> !pto.vreg<128xui16>
  // CHECK-NEXT: %hd = pto.dhistv2 %hc, %src, %m8, %bound : !pto.vreg<128xui16>, !pto.vreg<256xui8>, !pto.mask<b8>, i32 -> !pto.vreg<128xui16>
  // CHECK: pto.trap
  // GENERIC: "pto.pltm_b16"(%loop, %bound) : (i16, i32) -> !pto.mask<b16>
  // GENERIC: "pto.vmadd"(%f, %f, %f, %m32) : (!pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32>) -> !pto.vreg<64xf32>
  // GENERIC: "pto.vcbmin"(%h, %m16) : (!pto.vreg<128xi16>, !pto.mask<b16>) -> (!pto.vreg<128xi16>, !pto.mask<b16>)
  // GENERIC: "pto.vmulscvt"(%f, %x, %m32) <{rnd = "A", part = "EVEN"}> : (!pto.vreg<64xf32>, f32, !pto.mask<b32>) -> !pto.vreg<128xf16>
  // GENERIC: "pto.uvld"(%ptr, %i) : (!pto.ptr<ui8, ub>, index) -> !pto.vreg<256xui8>
  // GENERIC: "pto.dhistv2"(%hc, %src, %m8, %bound)
  // GENERIC: "pto.trap"() : () -> ()
  func.func @a5_extra(%loop: i16, %bound: i32, %f: !pto.vreg<64xf32>, %h: !pto.vreg<128xi16>, %x: f32, %ptr: !pto.ptr<ui8, ub>, %i: index, %acc: !pto.vreg<128xui16>, %src: !pto.vreg<256xui8>) {
    pto.vecscope {
      %m8 = pto.pltm_b8 %loop, %bound : i16, i32 -> !pto.mask<b8>
      %m16 = pto.pltm_b16 %loop, %bound : i16, i32 -> !pto.mask<b16>
      %m32 = pto.pltm_b32 %loop, %bound : i16, i32 -> !pto.mask<b32>
      %r = pto.vmadd %f, %f, %f, %m32 : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
      %v, %p = pto.vcbmax %h, %m16 : !pto.vreg<128xi16>, !pto.mask<b16> -> !pto.vreg<128xi16>, !pto.mask<b16>
      %w, %q = pto.vcbmin %h, %m16 : !pto.vreg<128xi16>, !pto.mask<b16> -> !pto.vreg<128xi16>, !pto.mask<b16>
      %s = pto.vmulscvt %f, %x, %m32, "A", "EVEN" : !pto.vreg<64xf32>, f32, !pto.mask<b32> -> !pto.vreg<128xf16>
      %u = pto.uvld %ptr[%i] : !pto.ptr<ui8, ub> -> !pto.vreg<256xui8>
      %hc = pto.chistv2 %acc, %src, %m8, %bound : !pto.vreg<128xui16>, !pto.vreg<256xui8>, !pto.mask<b8>, i32 -> !pto.vreg<128xui16>
      %hd = pto.dhistv2 %hc, %src, %m8, %bound : !pto.vreg<128xui16>, !pto.vreg<256xui8>, !pto.mask<b8>, i32 -> !pto.vreg<128xui16>
    }
    pto.trap
    return
  }
}

// A2/A3 only (PTOAS TAddReluOp::verify)
module attributes {pto.target_arch = "a2a3"} {
  // CHECK-LABEL: func.func @taddrelu
  // CHECK-NEXT: pto.taddrelu ins(%a, %a : !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%a : !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  // GENERIC: "pto.taddrelu"(%a, %a, %a)
  func.func @taddrelu(%a: !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=16>) {
    pto.taddrelu ins(%a, %a : !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=16>, !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=16>) outs(%a : !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=16>)
    return
  }
}
