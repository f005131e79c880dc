// `pto-pipeline` turns the Level-1 kernel tload -> tabs -> tstore over 1024 f32 into the
// structure of the seed 002 typical kernel (examples/seed002_vabs.mlir): mte_gm_ub, an
// MTE2 -> V flag, a vecscope loop of plt_b32 / vlds / vabs / vsts, a V -> MTE3 flag,
// mte_ub_gm. The result computes |x| on a5 and cpu with no hazard.
// RUN: rm -rf %t && mkdir -p %t
// RUN: xdsl-opt %examples/tabs_ssa.mlir -p pto-pipeline | filecheck %s
// RUN: xdsl-opt %examples/tabs_ssa.mlir -p pto-pipeline -o %t/lowered.mlir
// RUN: pto-run %t/lowered.mlir --arg %S/../run/Inputs/ramp_1024_f32.npy --arg zeros:1024xf32 --out-dir %t/a5 --report | filecheck %s --check-prefix=REPORT
// RUN: python3 %S/../run/Inputs/check_abs.py %S/../run/Inputs/ramp_1024_f32.npy %t/a5/arg1.npy | filecheck %s --check-prefix=ABS
// RUN: pto-run %t/lowered.mlir --target cpu --arg %S/../run/Inputs/ramp_1024_f32.npy --arg zeros:1024xf32 --out-dir %t/cpu
// RUN: python3 %S/../run/Inputs/check_abs.py %S/../run/Inputs/ramp_1024_f32.npy %t/cpu/arg1.npy | filecheck %s --check-prefix=ABS
// The pipeline is idempotent:
// RUN: xdsl-opt %t/lowered.mlir -p pto-pipeline | diff - %t/lowered.mlir

// CHECK:      func.func @vabs(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>) attributes {pto.synchronised} {
// CHECK:        %t = pto.alloc_tile addr = %t_addr : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32,
// CHECK:        pto.mte_gm_ub %x, %ub,
// CHECK-NEXT:   pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
// CHECK-NOT:    pto.mte
// CHECK:        pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
// CHECK:        %c1024_i32 = arith.constant 1024 : i32
// CHECK:        %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT:   %[[END:.*]] = arith.constant 1024 : index
// CHECK-NEXT:   %[[STEP:.*]] = arith.constant 64 : index
// CHECK-NEXT:   pto.vecscope {
// CHECK-NEXT:     %{{.*}} = scf.for %[[OFF:.*]] = %[[ZERO]] to %[[END]] step %[[STEP]] iter_args(%[[REM:.*]] = %c1024_i32) -> (i32) {
// CHECK-NEXT:       %[[MASK:.*]], %[[NEXT:.*]] = pto.plt_b32 %[[REM]] : i32 -> !pto.mask<b32>, i32
// CHECK-NEXT:       %[[SRC:.*]] = pto.vlds %t_ub[%[[OFF]]] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
// CHECK-NEXT:       %[[RES:.*]] = pto.vabs %[[SRC]], %[[MASK]] : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT:       pto.vsts %[[RES]], %a_ub[%[[OFF]]], %[[MASK]] : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
// CHECK-NEXT:       scf.yield %[[NEXT]] : i32
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
// CHECK-NEXT:   pto.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
// CHECK:        pto.mte_ub_gm %{{.*}}, %y,
// CHECK-NEXT:   func.return
// CHECK-NOT:  pto.t{{[a-z]+}}

// REPORT:       target: a5
// REPORT:       pto.vabs 16
// REPORT:       hazards: 0

// ABS: equal to |x|: True
