// A kernel kind other than cube or vector is a parse error at the value.
// RUN: pto-opt %s --verify-diagnostics

// expected-error @+1 {{Expected `cube`, or `vector`.}}
"test.op"() {pto.kernel_kind = #pto.kernel_kind<scalar>} : () -> ()
