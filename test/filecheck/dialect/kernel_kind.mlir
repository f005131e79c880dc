// PTOAS's kernel kind on a module and on a function: parsed, verified and printed back.
// RUN: pto-opt %s | filecheck %s

// CHECK: builtin.module attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// CHECK-NEXT: func.func @k() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
builtin.module attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  func.func @k() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    func.return
  }
}
