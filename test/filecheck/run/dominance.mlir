// pto-run rejects a use that its definition does not dominate before it interprets anything
// (xDSL's verifier does not check dominance; the interpreter used to fail with "No value for
// key" at another op). The message names the use, the operand, the value and both locations.
// RUN: not pto-run %S/../passes/Inputs/use_before_def.mlir --arg zeros:8x8xf32 2>&1 | filecheck %s --check-prefix=BLOCK
// RUN: not pto-run %S/../passes/Inputs/use_before_loop.mlir --arg zeros:8x8xf32 2>&1 | filecheck %s --check-prefix=LOOP
// RUN: not pto-run %S/../passes/Inputs/use_in_loop_before_def.mlir --arg zeros:8x8xf32 2>&1 | filecheck %s --check-prefix=INLOOP
// RUN: not pto-run %S/../passes/Inputs/use_at_module_level.mlir --arg zeros:8x8xf32 2>&1 | filecheck %s --check-prefix=MODULE

// BLOCK: {{.*}}use_before_def.mlir:11:5: error: pto.tabs: operand #0 is %t (result #0 of pto.tload at {{.*}}use_before_def.mlir:12:5), whose definition does not dominate this use
// LOOP: {{.*}}use_before_loop.mlir:11:5: error: pto.tabs: operand #0 is %t (result #0 of pto.tload at {{.*}}use_before_loop.mlir:13:7), whose definition does not dominate this use
// INLOOP: {{.*}}use_in_loop_before_def.mlir:12:7: error: pto.tstore: operand #0 is %t (result #0 of pto.tload at {{.*}}use_in_loop_before_def.mlir:15:5), whose definition does not dominate this use
// MODULE: {{.*}}use_at_module_level.mlir:3:3: error: arith.addi: operand #0 is %n (result #0 of arith.constant at {{.*}}use_at_module_level.mlir:4:3), whose definition does not dominate this use
