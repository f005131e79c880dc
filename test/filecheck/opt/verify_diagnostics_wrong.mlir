// A --verify-diagnostics input whose expectations are wrong fails (exit 1), saying what was
// expected and not produced, and what was produced and not expected, at their places.
// RUN: python3 %S/../run/Inputs/exit_status.py -- pto-opt %s --split-input-file --verify-diagnostics | filecheck %s

// Wrong text: the expectation is not met and the error is unexpected.
// CHECK: verify_diagnostics_wrong.mlir:[[# @LINE + 2]]:6: error: expected error "rank is 3" was not produced
func.func @f(%p: !pto.ptr<f32>, %a: index) {
  // expected-error @+1 {{rank is 3}}
  %tv = pto.make_tensor_view %p, shape = [%a], strides = [%a, %a] : !pto.tensor_view<?x?xf32>
  func.return
}
// CHECK: verify_diagnostics_wrong.mlir:[[# @LINE - 3]]:3: error: unexpected error: pto.make_tensor_view has 1 shape operand(s) but the view rank is 2
// CHECK-NEXT:  %tv = pto.make_tensor_view
// CHECK-NEXT:        ^

// -----

// Wrong line: the error is one line further down.
// CHECK: verify_diagnostics_wrong.mlir:[[# @LINE + 2]]:4: error: expected error "the view rank is 2" was not produced
func.func @g(%p: !pto.ptr<f32>, %a: index) {
// expected-error @+2 {{the view rank is 2}}
  %tv = pto.make_tensor_view %p, shape = [%a], strides = [%a, %a] : !pto.tensor_view<?x?xf32>
  func.return
}
// CHECK: unexpected error: pto.make_tensor_view has 1 shape operand(s)

// -----

// An expected error of a valid op.
// CHECK: verify_diagnostics_wrong.mlir:[[# @LINE + 2]]:6: error: expected error "anything" was not produced
func.func @h() {
  // expected-error @+1 {{anything}}
  func.return
}

// CHECK-NOT: : error:
// CHECK: exit status: 1
