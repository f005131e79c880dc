// The Level-1 AXPY example round-trips, and pto-pipeline lowers its taxpy to one vaxpy per
// chunk with the kernel's scalar argument (A5: 64 f32 lanes, the 32x64 tile one run).
// RUN: %roundtrip %examples/taxpy_ssa.mlir | filecheck %s
// RUN: xdsl-opt %examples/taxpy_ssa.mlir -p pto-pipeline | filecheck %s --check-prefix=LOWERED

// CHECK: func.func @axpy(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>, %alpha: f32)
// CHECK: %res = pto.taxpy %tx, %alpha, %ty : (!pto.tile<loc=vec, dtype=f32, rows=32, cols=64{{.*}}>, f32, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>

// LOWERED-NOT: pto.taxpy
// LOWERED:     scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// LOWERED:       %[[X:.*]] = pto.vlds
// LOWERED-NEXT:  %[[Y:.*]] = pto.vlds
// LOWERED-NEXT:  %{{.*}} = pto.vaxpy %[[X]], %[[Y]], %alpha, %{{.*}} : (!pto.vreg<64xf32>, !pto.vreg<64xf32>, f32, !pto.mask<b32>) -> !pto.vreg<64xf32>
// LOWERED-NOT: pto.taxpy
