// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// The load/store forms PTOAS writes (include/PTO/IR/VPTOOps.td) next to the manual's:
// post-update vlds/vsts/vsstb, vsldb/vsstb with two i16 strides, two-result vldus and the
// masked gather/scatter forms.

// CHECK-LABEL: func.func @vlds_post_update(
// CHECK-NEXT:    %v, %next = pto.vlds %p[%o] {dist = "NORM"} : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>, !pto.ptr<f32, ub>
// GENERIC: %v, %next = "pto.vlds"(%p, %o) <{dist = "NORM"}> : (!pto.ptr<f32, ub>, index) -> (!pto.vreg<64xf32>, !pto.ptr<f32, ub>)
func.func @vlds_post_update(%p: !pto.ptr<f32, ub>, %o: index) {
  %v, %next = pto.vlds %p[%o] {dist = "NORM"} : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>, !pto.ptr<f32, ub>
  func.return
}

// CHECK-LABEL: func.func @vsts_post_update(
// CHECK-NEXT:    %next = pto.vsts %v, %p[%o], %m {dist = "NORM_B32"} : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32> -> !pto.ptr<f32, ub>
// CHECK-NEXT:    pto.vsts %v, %p[%o], %m : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
// GENERIC: %next = "pto.vsts"(%v, %p, %o, %m) <{dist = "NORM_B32"}> : (!pto.vreg<64xf32>, !pto.ptr<f32, ub>, index, !pto.mask<b32>) -> !pto.ptr<f32, ub>
func.func @vsts_post_update(%v: !pto.vreg<64xf32>, %p: !pto.ptr<f32, ub>, %o: index, %m: !pto.mask<b32>) {
  %next = pto.vsts %v, %p[%o], %m {dist = "NORM_B32"} : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32> -> !pto.ptr<f32, ub>
  pto.vsts %v, %p[%o], %m : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
  func.return
}

// CHECK-LABEL: func.func @block_strided_i16(
// CHECK-NEXT:    %r = pto.vsldb %p, %b, %r16, %m : !pto.ptr<f32, ub>, i16, i16, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT:    pto.vsstb %r, %p, %b, %r16, %m : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, i16, i16, !pto.mask<b32>
// CHECK-NEXT:    %next = pto.vsstb %r, %p, %b, %r16, %m : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, i16, i16, !pto.mask<b32> -> !pto.ptr<f32, ub>
// CHECK-NEXT:    pto.vsstb %r, %p, %w, %m : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, i32, !pto.mask<b32>
// GENERIC: %r = "pto.vsldb"(%p, %b, %r16, %m) : (!pto.ptr<f32, ub>, i16, i16, !pto.mask<b32>) -> !pto.vreg<64xf32>
// GENERIC: %next = "pto.vsstb"(%r, %p, %b, %r16, %m) : (!pto.vreg<64xf32>, !pto.ptr<f32, ub>, i16, i16, !pto.mask<b32>) -> !pto.ptr<f32, ub>
func.func @block_strided_i16(%p: !pto.ptr<f32, ub>, %b: i16, %r16: i16, %w: i32, %m: !pto.mask<b32>) {
  %r = pto.vsldb %p, %b, %r16, %m : !pto.ptr<f32, ub>, i16, i16, !pto.mask<b32> -> !pto.vreg<64xf32>
  pto.vsstb %r, %p, %b, %r16, %m : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, i16, i16, !pto.mask<b32>
  %next = pto.vsstb %r, %p, %b, %r16, %m : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, i16, i16, !pto.mask<b32> -> !pto.ptr<f32, ub>
  pto.vsstb %r, %p, %w, %m : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, i32, !pto.mask<b32>
  func.return
}

// CHECK-LABEL: func.func @vldus_two_results(
// CHECK-NEXT:    %a = pto.vldas %p : !pto.ptr<f32, ub> -> !pto.align
// CHECK-NEXT:    %v, %a2 = pto.vldus %p, %a : !pto.ptr<f32, ub>, !pto.align -> !pto.vreg<64xf32>, !pto.align
// GENERIC: %v, %a2 = "pto.vldus"(%p, %a) : (!pto.ptr<f32, ub>, !pto.align) -> (!pto.vreg<64xf32>, !pto.align)
func.func @vldus_two_results(%p: !pto.ptr<f32, ub>) {
  %a = pto.vldas %p : !pto.ptr<f32, ub> -> !pto.align
  %v, %a2 = pto.vldus %p, %a : !pto.ptr<f32, ub>, !pto.align -> !pto.vreg<64xf32>, !pto.align
  func.return
}

// CHECK-LABEL: func.func @masked_gather_scatter(
// CHECK-NEXT:    %g = pto.vgather2 %p, %i, %m : !pto.ptr<f32, ub>, !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT:    %gb = pto.vgatherb %p, %i, %m : !pto.ptr<f32, ub>, !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT:    pto.vscatter %g, %p, %i, %m : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.vreg<64xi32>, !pto.mask<b32>
// GENERIC: %g = "pto.vgather2"(%p, %i, %m) : (!pto.ptr<f32, ub>, !pto.vreg<64xi32>, !pto.mask<b32>) -> !pto.vreg<64xf32>
// GENERIC: "pto.vscatter"(%g, %p, %i, %m) : (!pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.vreg<64xi32>, !pto.mask<b32>) -> ()
func.func @masked_gather_scatter(%p: !pto.ptr<f32, ub>, %i: !pto.vreg<64xi32>, %m: !pto.mask<b32>) {
  %g = pto.vgather2 %p, %i, %m : !pto.ptr<f32, ub>, !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xf32>
  %gb = pto.vgatherb %p, %i, %m : !pto.ptr<f32, ub>, !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xf32>
  pto.vscatter %g, %p, %i, %m : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.vreg<64xi32>, !pto.mask<b32>
  func.return
}

// The distributions PTOAS's board-tested kernels use beyond the old width rules.
// CHECK-LABEL: func.func @board_distributions(
// CHECK-NEXT:    %b16 = pto.vlds %p[%o] {dist = "BRC_B16"} : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
// CHECK-NEXT:    %b8 = pto.vlds %p[%o] {dist = "BRC_B8"} : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
// CHECK-NEXT:    %blk = pto.vlds %q[%o] {dist = "BRC_BLK"} : !pto.ptr<ui8, ub> -> !pto.vreg<256xui8>
// CHECK-NEXT:    %u = pto.vlds %h[%o] {dist = "UNPK_B16"} : !pto.ptr<f16, ub> -> !pto.vreg<128xf16>
// CHECK-NEXT:    pto.vsts %b16, %p[%o], %m {dist = "PK_B64"} : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
// CHECK-NEXT:    pto.vsts %u, %h[%o], %m {dist = "PK_B32"} : !pto.vreg<128xf16>, !pto.ptr<f16, ub>, !pto.mask<b32>
// CHECK-NEXT:    pto.vsts %b16, %p[%o], %m {dist = "1PT_B32"} : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
// CHECK-NEXT:    pto.vsts %w, %i[%o], %m16 {dist = "1PT_B16"} : !pto.vreg<128xi16>, !pto.ptr<i16, ub>, !pto.mask<b16>
// CHECK-NEXT:    pto.vsts %w, %i[%o], %m16 {dist = "PK_B16"} : !pto.vreg<128xi16>, !pto.ptr<i16, ub>, !pto.mask<b16>
// GENERIC: "pto.vsts"(%b16, %p, %o, %m) <{dist = "PK_B64"}> : (!pto.vreg<64xf32>, !pto.ptr<f32, ub>, index, !pto.mask<b32>) -> ()
func.func @board_distributions(%p: !pto.ptr<f32, ub>, %q: !pto.ptr<ui8, ub>, %h: !pto.ptr<f16, ub>, %i: !pto.ptr<i16, ub>, %o: index, %m: !pto.mask<b32>, %m16: !pto.mask<b16>, %w: !pto.vreg<128xi16>) {
  %b16 = pto.vlds %p[%o] {dist = "BRC_B16"} : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
  %b8 = pto.vlds %p[%o] {dist = "BRC_B8"} : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
  %blk = pto.vlds %q[%o] {dist = "BRC_BLK"} : !pto.ptr<ui8, ub> -> !pto.vreg<256xui8>
  %u = pto.vlds %h[%o] {dist = "UNPK_B16"} : !pto.ptr<f16, ub> -> !pto.vreg<128xf16>
  pto.vsts %b16, %p[%o], %m {dist = "PK_B64"} : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
  pto.vsts %u, %h[%o], %m {dist = "PK_B32"} : !pto.vreg<128xf16>, !pto.ptr<f16, ub>, !pto.mask<b32>
  pto.vsts %b16, %p[%o], %m {dist = "1PT_B32"} : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
  pto.vsts %w, %i[%o], %m16 {dist = "1PT_B16"} : !pto.vreg<128xi16>, !pto.ptr<i16, ub>, !pto.mask<b16>
  pto.vsts %w, %i[%o], %m16 {dist = "PK_B16"} : !pto.vreg<128xi16>, !pto.ptr<i16, ub>, !pto.mask<b16>
  func.return
}
