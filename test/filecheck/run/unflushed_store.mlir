// An unaligned-store stream must be flushed before its vecscope ends. pto-run checks it at
// the end of the vecscope (a listener that the first unaligned store installs), both with
// the flush missing and, as a control, with it present.
// RUN: not pto-run %s --arg zeros:128xf32 2>&1 | filecheck %s --check-prefix=MISSING
// RUN: sed 's|// (flush) ||' %s > %t.mlir
// RUN: pto-run %t.mlir --arg zeros:128xf32 --report 2>&1 | filecheck %s --check-prefix=WITH

// MISSING: {{.*}}unflushed_store.mlir:{{[0-9]+}}:{{[0-9]+}}: error: pto.vstu: the unaligned store stream ending here still buffers 4 byte(s) for bytes [512, 516) of ub when its pto.vecscope ends: flush it with pto.vsta, pto.vstas or pto.vstar
// MISSING-NOT: Traceback
// WITH-NOT: error
// WITH: pto.vstas

builtin.module attributes {pto.target_arch = "a5"} {
  func.func @k(%gm: !pto.ptr<f32>) {
    %c1 = arith.constant 1 : index
    %c129 = arith.constant 129 : i32  // elements: byte 516
    %base = arith.constant 0 : i64
    %ub = pto.castptr %base : i64 -> !pto.ptr<f32, ub>
    pto.vecscope {
      %p = pto.addptr %ub, %c1 : !pto.ptr<f32, ub> -> !pto.ptr<f32, ub>
      %a = pto.vldas %p : !pto.ptr<f32, ub> -> !pto.align
      %v, %a2, %p2 = pto.vldus %p, %a : !pto.ptr<f32, ub>, !pto.align -> !pto.vreg<64xf32>, !pto.align, !pto.ptr<f32, ub>
      %a3, %p3 = pto.vstu %a2, %p2, %v, %ub, %c1 : !pto.align, !pto.ptr<f32, ub>, !pto.vreg<64xf32>, !pto.ptr<f32, ub>, index -> !pto.align, !pto.ptr<f32, ub>
      // (flush) pto.vstas %a3, %ub, %c129 : !pto.align, !pto.ptr<f32, ub>, i32
    }
    func.return
  }
}
