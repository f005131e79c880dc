// #pto.div_precision (tdivs's precisionType): default or high_precision, in either spelling;
// another value is a parse error at the value.
// RUN: xdsl-opt %s --split-input-file --parsing-diagnostics | filecheck %s

// CHECK: div_precision_parse_invalid.mlir:[[# @LINE + 2]]:49
// CHECK: div_precision must be default or high_precision, got fast
"test.op"() {precisionType = #pto<div_precision fast>} : () -> ()

// -----

// CHECK: div_precision_parse_invalid.mlir:[[# @LINE + 2]]:49
// CHECK: div_precision must be default or high_precision, got high
"test.op"() {precisionType = #pto.div_precision<high>} : () -> ()
