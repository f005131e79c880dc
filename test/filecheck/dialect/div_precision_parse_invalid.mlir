// #pto.div_precision (tdivs's precisionType): default or high_precision, in either spelling;
// another value is a parse error at the value.
// RUN: pto-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{div_precision must be default or high_precision, got fast}}
"test.op"() {precisionType = #pto<div_precision fast>} : () -> ()

// -----

// expected-error @+1 {{div_precision must be default or high_precision, got high}}
"test.op"() {precisionType = #pto.div_precision<high>} : () -> ()
