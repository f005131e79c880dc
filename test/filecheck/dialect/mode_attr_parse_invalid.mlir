// Compare, round and saturation modes: an unknown value is a parse error at the value, in
// both spellings.
// RUN: xdsl-opt %s --split-input-file --parsing-diagnostics | filecheck %s

// CHECK: mode_attr_parse_invalid.mlir:[[# @LINE + 2]]:33
// CHECK: pto.cmp value 'lg' is not one of EQ, NE, LT, LE, GT, GE
"test.op"() {cmpMode = #pto<cmp lg>} : () -> ()

// -----

// CHECK: mode_attr_parse_invalid.mlir:[[# @LINE + 2]]:38
// CHECK: pto.round_mode value 'HALF' is not one of NONE, RINT, ROUND, FLOOR, CEIL, TRUNC, ODD
"test.op"() {rmode = #pto.round_mode<HALF>} : () -> ()

// -----

// CHECK: mode_attr_parse_invalid.mlir:[[# @LINE + 2]]:45
// CHECK: pto.saturation_mode value 'MAYBE' is not one of ON, OFF
"test.op"() {satmode = #pto<saturation_mode MAYBE>} : () -> ()
