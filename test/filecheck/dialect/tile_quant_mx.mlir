// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// tquant.mx in PTOAS's spellings (#pto<quant_type MXFP8>, #pto<mx_group_axis axis0>, ...):
// axis1 with the legacy flat group tiles, axis0 MXFP4, axis0 interleaved, the deprecated exp_zz.
!src = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>
!dst = !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64>
!e = !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>
!m = !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>
!hs = !pto.tile_buf<loc=vec, dtype=bf16, rows=64, cols=64>
!q4 = !pto.tile_buf<loc=vec, dtype=!pto.f4E2M1x2, rows=64, cols=32>
!e2 = !pto.tile_buf<loc=vec, dtype=ui8, rows=2, cols=64>
!m2 = !pto.tile_buf<loc=vec, dtype=bf16, rows=2, cols=64>
!fs = !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=32>
!fd = !pto.tile_buf<loc=vec, dtype=ui8, rows=64, cols=32>
!ei = !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=64>
!mi = !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=32>
!zz = !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=128, blayout=row_major, slayout=row_major>
!zt = !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>

// CHECK-LABEL: func.func @mx
// CHECK-NEXT: pto.tquant.mx ins(%s : !pto.tile_buf<loc=vec, dtype=f32{{.*}}>) outs(%d, %e, %m, %sc : !pto.tile_buf<loc=vec, dtype=i8{{.*}}>, !pto.tile_buf<loc=vec, dtype=ui8{{.*}}>, !pto.tile_buf<loc=vec, dtype=f32{{.*}}>, !pto.tile_buf<loc=vec, dtype=f32{{.*}}>) {quant_type = #pto.quant_type<MXFP8>, quantScaleAlg = #pto.quant_scale_alg<nv>}
// CHECK-NEXT: pto.tquant.mx ins(%h : {{.*}}) outs(%q, %e2, %m2, %s2 : {{.*}}) {quant_type = #pto.quant_type<MXFP4_E2M1>, grpAxis = #pto.mx_group_axis<axis0>}
// CHECK-NEXT: pto.tquant.mx ins(%f : {{.*}}) outs(%fd, %ei, %mi, %si : {{.*}}) {quant_type = #pto.quant_type<MXFP8>, grpAxis = #pto.mx_group_axis<axis0>, interleave = true}
// CHECK-NEXT: pto.tquant.mx ins(%s : {{.*}}) outs(%d, %e, %m, %sc, %z : {{.*}}) {quant_type = #pto.quant_type<MXFP8>, storeMode = #pto.vec_store_mode<nz>}
// CHECK-NEXT: pto.tmov ins(%e2, %zt : {{.*}}) outs(%zz : {{.*}}) {grpAxis = #pto.mx_group_axis<axis0>}
// GENERIC: "pto.tquant.mx"(%s, %d, %e, %m, %sc) <{operandSegmentSizes = array<i32: 1, 4>}> {quant_type = #pto.quant_type<MXFP8>, quantScaleAlg = #pto.quant_scale_alg<nv>}
// GENERIC: "pto.tquant.mx"(%s, %d, %e, %m, %sc, %z) <{operandSegmentSizes = array<i32: 1, 5>}>
// GENERIC: "pto.tmov"(%e2, %zt, %zz) <{operandSegmentSizes = array<i32: 2, 1>}> {grpAxis = #pto.mx_group_axis<axis0>}
builtin.module attributes {pto.target_arch = "a5"} {
func.func @mx(%s: !src, %d: !dst, %e: !e, %m: !m, %sc: !m, %z: !e, %h: !hs, %q: !q4, %e2: !e2, %m2: !m2, %s2: !m2, %f: !fs, %fd: !fd, %ei: !ei, %mi: !mi, %si: !mi, %zz: !zz, %zt: !zt) {
  pto.tquant.mx ins(%s : !src) outs(%d, %e, %m, %sc : !dst, !e, !m, !m) {quant_type = #pto<quant_type MXFP8>, quantScaleAlg = #pto<quant_scale_alg nv>}
  pto.tquant.mx ins(%h : !hs) outs(%q, %e2, %m2, %s2 : !q4, !e2, !m2, !m2) {quant_type = #pto<quant_type MXFP4_E2M1>, grpAxis = #pto<mx_group_axis axis0>}
  pto.tquant.mx ins(%f : !fs) outs(%fd, %ei, %mi, %si : !fd, !ei, !mi, !mi) {quant_type = #pto<quant_type MXFP8>, grpAxis = #pto<mx_group_axis axis0>, interleave = true}
  pto.tquant.mx ins(%s : !src) outs(%d, %e, %m, %sc, %z : !dst, !e, !m, !m, !e) {quant_type = #pto<quant_type MXFP8>, storeMode = #pto<vec_store_mode nz>}
  pto.tmov ins(%e2, %zt : !e2, !zt) outs(%zz : !zz) {grpAxis = #pto<mx_group_axis axis0>}
  func.return
}
}
