// pto-lower-tile-to-vector: tcvt f32 -> f32 ("round-only", tcvt.md) is a vlds / pto.vtrc /
// vsts loop, the vtrc mode the tile op's (FLOOR "F", default RINT "R", TRUNC "Z").
// RUN: xdsl-opt %s --split-input-file -p pto-lower-tile-to-vector | filecheck %s

// CHECK-LABEL: func.func @round_only
// CHECK:         pto.vecscope {
// CHECK-NEXT:      %{{.*}} = scf.for %[[OFF:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[REM:.*]] = %{{.*}}) -> (i32) {
// CHECK-NEXT:        %[[MASK:.*]], %{{.*}} = pto.plt_b32 %[[REM]] : i32 -> !pto.mask<b32>, i32
// CHECK-NEXT:        %[[V:.*]] = pto.vlds %{{.*}}[%[[OFF]]] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
// CHECK-NEXT:        %[[R:.*]] = pto.vtrc %[[V]], %[[MASK]], "F" : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT:        pto.vsts %[[R]], %{{.*}}[%[[OFF]]], %[[MASK]] : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
// CHECK:         pto.vtrc %{{.*}}, %{{.*}}, "R" : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK:         pto.vtrc %{{.*}}, %{{.*}}, "Z" : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NOT:     pto.tcvt
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @round_only() {
    %a0 = arith.constant 0 : i64
    %a1 = arith.constant 4096 : i64
    %src = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>
    %dst = pto.alloc_tile addr = %a1 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>
    pto.tcvt ins(%src {rmode = #pto.round_mode<FLOOR>} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>) outs(%dst : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>)
    pto.tcvt ins(%src : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>) outs(%dst : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>)
    pto.tcvt ins(%src {rmode = #pto<round_mode CAST_TRUNC>} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>) outs(%src : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>)
    func.return
  }
}
