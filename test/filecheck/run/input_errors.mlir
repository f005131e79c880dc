// pto-run's diagnostics about its input: a problem of the text is `file:line:col: error: ...`
// with the source line and a caret, exit status 1 (never "internal error", 70), also when a
// type or attribute breaks its rules while it is parsed; a problem found while running is
// reported the same way at the op that breaks the rule.
// Inputs/exit_status.py prints the stderr and the exit status of the command after `--`.
// RUN: python3 %S/Inputs/exit_status.py -- pto-run %S/Inputs/bad_row_bytes.mlir | filecheck %s --check-prefix=ROW
// RUN: python3 %S/Inputs/exit_status.py -- pto-run %S/Inputs/bad_f80.mlir | filecheck %s --check-prefix=F80
// RUN: python3 %S/Inputs/exit_status.py -- pto-run %S/Inputs/bad_i1.mlir | filecheck %s --check-prefix=I1
// RUN: python3 %S/Inputs/exit_status.py -- pto-run %S/Inputs/bad_constant.mlir | filecheck %s --check-prefix=CONST
// RUN: python3 %S/Inputs/exit_status.py -- pto-run %S/Inputs/bad_target.mlir | filecheck %s --check-prefix=TARGET
// RUN: python3 %S/Inputs/exit_status.py -- pto-run %S/Inputs/bad_return.mlir | filecheck %s --check-prefix=RETURN
// RUN: python3 %S/Inputs/exit_status.py -- pto-run %S/Inputs/not_a_kernel.txt | filecheck %s --check-prefix=PARSE
// RUN: python3 %S/Inputs/exit_status.py -- pto-run %s --disable-verify | filecheck %s --check-prefix=NOVERIFY

// ROW: {{^}}{{[^ ]*}}bad_row_bytes.mlir:1:18: error: pto.tile_buf with blayout=row_major and slayout=none_box needs cols x sizeof(f32) to be a multiple of 32 bytes, got 4 x 4{{$}}
// ROW-NEXT: {{^.+$}}
// ROW-NEXT: {{^ *\^$}}
// ROW-NEXT: exit status: 1
// F80: {{^}}{{[^ ]*}}bad_f80.mlir:1:18: error: pto.ptr pointee f80 is not a PTO element type or a SIMT payload{{$}}
// F80-NEXT: {{^.+$}}
// F80-NEXT: {{^ *\^$}}
// F80-NEXT: exit status: 1
// I1: {{^}}{{[^ ]*}}bad_i1.mlir:2:25: error: pto.tile_buf element type i1 is not a PTO element type{{$}}
// I1-NEXT: {{^.+$}}
// I1-NEXT: {{^ *\^$}}
// I1-NEXT: exit status: 1
// CONST: {{^}}{{[^ ]*}}bad_constant.mlir:2:23: error: Integer value 300 is out of range for type i8 which supports values in the range [-128, 256){{$}}
// CONST-NEXT: {{^.+$}}
// CONST-NEXT: {{^ *\^$}}
// CONST-NEXT: exit status: 1
// TARGET: {{^}}{{[^ ]*}}bad_target.mlir:1:1: error: pto.target_arch: unknown target 'unit', expected a2a3 (or a2, a3), a5 or cpu{{$}}
// TARGET-NEXT: {{^.+$}}
// TARGET-NEXT: {{^ *\^$}}
// TARGET-NEXT: exit status: 1
// RETURN: {{^}}{{[^ ]*}}bad_return.mlir:2:3: error: func.return: Expected arguments to have the same types as the function output types: expected [!pto.tile<{{.*}}v_row=8, {{.*}}>], got [!pto.tile<{{.*}}v_row=16, {{.*}}>]{{$}}
// RETURN-NEXT: {{^.+$}}
// RETURN-NEXT: {{^ *\^$}}
// RETURN-NEXT: exit status: 1
// PARSE: {{^}}{{[^ ]*}}not_a_kernel.txt:1:6: error: Operation this is not registered{{$}}
// PARSE-NEXT: {{^.+$}}
// PARSE-NEXT: {{^ *\^$}}
// PARSE-NEXT: exit status: 1
// pto-run always verifies: there is no --disable-verify (an argparse usage error, status 2).
// NOVERIFY: pto-run: error: unrecognized arguments: --disable-verify
// NOVERIFY-NEXT: exit status: 2

// Run-time diagnostics: a run stops after --max-steps interpreted ops (an endless loop), an
// scf.for step must be positive, and sizes are checked before numpy allocates anything.
// RUN: python3 %S/Inputs/exit_status.py -- pto-run %S/Inputs/endless_while.mlir --max-steps 1000 | filecheck %s --check-prefix=STEPS
// RUN: python3 %S/Inputs/exit_status.py -- pto-run %S/Inputs/endless_while.mlir --max-steps 0 | filecheck %s --check-prefix=STEPS0
// RUN: python3 %S/Inputs/exit_status.py -- pto-run %S/Inputs/for_step.mlir --arg 0:index | filecheck %s --check-prefix=STEP
// RUN: python3 %S/Inputs/exit_status.py -- pto-run %S/Inputs/for_step.mlir --arg=-1:index | filecheck %s --check-prefix=NEGSTEP
// RUN: pto-run %S/Inputs/for_step.mlir --arg 1:index --report | filecheck %s --check-prefix=STEP1
// RUN: python3 %S/Inputs/exit_status.py -- pto-run %S/Inputs/huge_tile.mlir --arg zeros:16x16xf32 | filecheck %s --check-prefix=TILE
// RUN: python3 %S/Inputs/exit_status.py -- pto-run %S/Inputs/huge_view.mlir --arg zeros:16x16xf32 | filecheck %s --check-prefix=VIEW
// RUN: python3 %S/Inputs/exit_status.py -- pto-run %S/Inputs/huge_view.mlir --arg zeros:4611686018427387904x4611686018427387904xf32 | filecheck %s --check-prefix=ARG

// STEPS: {{^}}{{[^ ]*}}endless_while.mlir:4:3: error: scf.while: the run exceeds 1000 interpreted ops (--max-steps): this loop may never end{{$}}
// STEPS-NEXT: {{^.+$}}
// STEPS-NEXT: {{^  \^$}}
// STEPS-NEXT: exit status: 1
// STEPS0: pto-run: error: argument --max-steps: must be at least 1, got 0
// STEPS0-NEXT: exit status: 2
// STEP: {{^}}{{[^ ]*}}for_step.mlir:4:3: error: scf.for: the step must be positive, got 0{{$}}
// STEP-NEXT: {{^.+$}}
// STEP-NEXT: {{^  \^$}}
// STEP-NEXT: exit status: 1
// NEGSTEP: {{^}}{{[^ ]*}}for_step.mlir:4:3: error: scf.for: the step must be positive, got -1{{$}}
// NEGSTEP-NEXT: {{^.+$}}
// NEGSTEP-NEXT: {{^  \^$}}
// NEGSTEP-NEXT: exit status: 1
// STEP1: scf.yield 4
// TILE: {{^}}{{[^ ]*}}huge_tile.mlir:7:3: error: pto.tload: a tile of 36893488147419103232 bytes does not fit in ub (253952 bytes on cpu){{$}}
// TILE-NEXT: {{^.+$}}
// TILE-NEXT: {{^  \^$}}
// TILE-NEXT: exit status: 1
// VIEW: {{^}}{{[^ ]*}}huge_view.mlir:4:3: error: pto.make_tensor_view: view of shape 4611686018427387904x4611686018427387904 spans more than the 9223372036854775807 bytes numpy can address{{$}}
// VIEW-NEXT: {{^.+$}}
// VIEW-NEXT: {{^  \^$}}
// VIEW-NEXT: exit status: 1
// ARG: {{^}}pto-run: error: --arg zeros:4611686018427387904x4611686018427387904xf32: 85070591730234615865843651857942052864 bytes is more than pto-run makes (1073741824){{$}}
// ARG-NEXT: exit status: 1

// A reader that went away (`pto-run ... | head`) ends the run quietly, with the status of a
// process killed by SIGPIPE (128 + 13) as Unix tools have, not an internal error.
// RUN: python3 %S/Inputs/exit_status.py --no-reader -- pto-run %s --arg zeros:8x8xf32 --arg zeros:8x8xf32 --report | filecheck %s --check-prefix=PIPE --allow-empty
// PIPE-NOT: error
// PIPE: {{^}}exit status: 141

// --semantics-only runs without the pipe model (docs/machine.md): this kernel's store races
// its load and its flag is never waited for, which only the model reports (exit status 3).
// RUN: python3 %S/Inputs/exit_status.py -- pto-run %s --arg zeros:8x8xf32 --arg zeros:8x8xf32 | filecheck %s --check-prefix=MODEL
// RUN: python3 %S/Inputs/exit_status.py -- pto-run %s --arg zeros:8x8xf32 --arg zeros:8x8xf32 --semantics-only | filecheck %s --check-prefix=SEMANTICS
// MODEL: pto-run: hazard: RAW hazard
// MODEL: pto-run: hazard: {{.*}} sets PIPE_MTE2 -> PIPE_V EVENT_ID0 but no wait_flag consumes it
// MODEL: exit status: 3
// SEMANTICS-NOT: hazard
// SEMANTICS: {{^}}exit status: 0

!t = !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
!pv = !pto.partition_tensor_view<8x8xf32>
!tv = !pto.tensor_view<?x?xf32>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @race(%src: !pto.ptr<f32>, %dst: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %vs = pto.make_tensor_view %src, shape = [%c8, %c8], strides = [%c8, %c1] : !tv
    %vd = pto.make_tensor_view %dst, shape = [%c8, %c8], strides = [%c8, %c1] : !tv
    %ps = pto.partition_view %vs, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %pd = pto.partition_view %vd, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %t = pto.alloc_tile : !t
    pto.tload ins(%ps : !pv) outs(%t : !t)
    pto.set_flag["PIPE_MTE2", "PIPE_V", "EVENT_ID0"]
    pto.tstore ins(%t : !t) outs(%pd : !pv)
    func.return
  }
}
