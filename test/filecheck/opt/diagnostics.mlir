// pto-opt reports every error the way mlir-opt does: `FILE:LINE:COL: error: MESSAGE`, the
// source line and a caret under the column, on stderr, exit status 1, no traceback.
// exit_status.py prints the command's stderr, then its exit status.
// RUN: python3 %S/../run/Inputs/exit_status.py -- pto-opt %S/Inputs/parse_error.mlir | filecheck %s --check-prefix=PARSE --match-full-lines --strict-whitespace
// RUN: python3 %S/../run/Inputs/exit_status.py -- pto-opt %S/Inputs/bad_type.mlir | filecheck %s --check-prefix=TYPE --match-full-lines --strict-whitespace
// RUN: python3 %S/../run/Inputs/exit_status.py -- pto-opt %S/Inputs/verify_error.mlir | filecheck %s --check-prefix=VERIFY --match-full-lines --strict-whitespace
// RUN: python3 %S/../run/Inputs/exit_status.py -- pto-opt %S/Inputs/too_big.pto -p pto-plan-memory | filecheck %s --check-prefix=PASS --match-full-lines --strict-whitespace
// A .pto file (the PTOAS spelling) is read as MLIR.
// RUN: pto-opt %S/Inputs/too_big.pto | filecheck %s --check-prefix=PTO
// RUN: pto-opt --version | filecheck %s --check-prefix=VERSION
// --parsing-diagnostics (xDSL's flag): a parse error is the expected output, status 0.
// RUN: pto-opt --parsing-diagnostics %S/Inputs/parse_error.mlir | filecheck %s --check-prefix=PARSEDIAG
// RUN: python3 %S/../run/Inputs/exit_status.py -- pto-opt %s -p no-such-pass | filecheck %s --check-prefix=NOPASS
// xdsl-opt is unchanged: its diagnostics are xDSL's.
// RUN: not xdsl-opt %S/Inputs/verify_error.mlir 2>&1 | filecheck %s --check-prefix=XDSL

// A parse error points at the token; the tab before it is kept so that the caret lines up.
// PARSE:{{.*}}parse_error.mlir:2:29: error: expected an operand after 'addr ='
// PARSE-NEXT:	%t = pto.alloc_tile addr = : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
// PARSE-NEXT:	                           ^
// PARSE-NEXT:exit status: 1

// A type that breaks its rules while it is parsed (a traceback in xdsl-opt).
// TYPE:{{.*}}bad_type.mlir:1:18: error: pto.tile_buf with blayout=row_major and slayout=none_box needs cols x sizeof(f32) to be a multiple of 32 bytes, got 4 x 4
// TYPE-NEXT:func.func @k(%t: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=4>) {
// TYPE-NEXT:                 ^
// TYPE-NEXT:exit status: 1

// A verifier error is reported at the op that breaks the rule.
// VERIFY:{{.*}}verify_error.mlir:3:5: error: pto.tcolmin dtype bf16 is not supported on target a2a3 (supported: f16, f32, i16, i32)
// VERIFY-NEXT:    pto.tcolmin ins(%s : {{.*}}
// VERIFY-NEXT:    ^
// VERIFY-NEXT:exit status: 1

// A pass failure names the pass and the op, at the op.
// PASS:{{.*}}too_big.pto:13:5: error: pto-plan-memory: pto.tabs: loc=vec (ub) needs 204800 bytes here for 2 live tile buffers, but target a2a3 has 196608
// PASS-NEXT:    pto.tabs ins(%x : {{.*}}
// PASS-NEXT:    ^
// PASS-NEXT:exit status: 1

// PTO: func.func @two_big
// PARSEDIAG: parse_error.mlir:2:29: error: expected an operand after 'addr ='
// PARSEDIAG-NEXT: %t = pto.alloc_tile
// VERSION: pto-opt {{[0-9]+\.[0-9]+.*}} (xDSL {{.*}})
// NOPASS: pto-opt: error: Unrecognized passes: ['no-such-pass']
// NOPASS-NEXT: exit status: 1
// XDSL: Operation does not verify: pto.tcolmin dtype bf16 is not supported on target a2a3
