// The run-time rules of the data-rearrangement ops are diagnostics at the op: a vslide window
// outside the 2N-lane concatenation, and vtranspose, whose config word is unpublished.
// RUN: not pto-run %s --entry slide --arg 65:i16 2>&1 | filecheck %s --check-prefix=SLIDE
// RUN: pto-run %s --entry slide --arg 64:i16
// RUN: not pto-run %s --entry transpose --arg 0:i64 2>&1 | filecheck %s --check-prefix=TRANSPOSE

// SLIDE: rearrange_errors.mlir:[[# @LINE + 10]]:7: error: pto.vslide: slide amount 65 is outside [0, 64]
// SLIDE-NEXT: %r = pto.vslide
// SLIDE-NEXT: ^
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @slide(%n: i16) {
    %a = arith.constant 0 : i64
    %i = arith.constant 0 : index
    %p = pto.castptr %a : i64 -> !pto.ptr<f32, ub>
    pto.vecscope {
      %v = pto.vlds %p[%i] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
      %r = pto.vslide %v, %v, %n : !pto.vreg<64xf32>, !pto.vreg<64xf32>, i16 -> !pto.vreg<64xf32>
    }
    func.return
  }

  // TRANSPOSE: rearrange_errors.mlir:[[# @LINE + 4]]:5: error: pto.vtranspose: the layout of vtranspose's config word is not published
  func.func @transpose(%c: i64) {
    %a = arith.constant 0 : i64
    %p = pto.castptr %a : i64 -> !pto.ptr<f16, ub>
    pto.vtranspose %p, %p, %c : !pto.ptr<f16, ub>, !pto.ptr<f16, ub>, i64
    func.return
  }
}
