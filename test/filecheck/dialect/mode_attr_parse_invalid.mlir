// Compare, round and saturation modes: an unknown value is a parse error at the value, in
// both spellings.
// RUN: pto-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{pto.cmp value 'lg' is not one of EQ, NE, LT, LE, GT, GE}}
"test.op"() {cmpMode = #pto<cmp lg>} : () -> ()

// -----

// expected-error @+1 {{pto.round_mode value 'HALF' is not one of NONE, RINT, ROUND, FLOOR, CEIL, TRUNC, ODD}}
"test.op"() {rmode = #pto.round_mode<HALF>} : () -> ()

// -----

// expected-error @+1 {{pto.saturation_mode value 'MAYBE' is not one of ON, OFF}}
"test.op"() {satmode = #pto<saturation_mode MAYBE>} : () -> ()
