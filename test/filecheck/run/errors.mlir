// Every pto-run failure is a diagnostic on stderr naming the op or argument and the rule, with
// a non-zero exit status, never a traceback: at the op's place (`file:line:col: error:`, the
// source line, a caret) when it has one, else one line `pto-run: error: ...`.
// RUN: not pto-run %s --arg zeros:4x8xf32 2>&1 | filecheck %s --check-prefix=COUNT
// RUN: not pto-run %s --arg zeros:4x8xf32 --arg ones:4x8xf32 2>&1 | filecheck %s --check-prefix=SPEC
// RUN: not pto-run %s --arg zeros:4x8xf16 --arg zeros:4x8xf32 2>&1 | filecheck %s --check-prefix=DTYPE
// RUN: not pto-run %s --arg 1.5:f32 --arg zeros:4x8xf32 2>&1 | filecheck %s --check-prefix=SCALAR
// RUN: not pto-run %s --target a7 --arg zeros:4x8xf32 --arg zeros:4x8xf32 2>&1 | filecheck %s --check-prefix=TARGET
// RUN: not pto-run %s --arg zeros:2x8xf32 --arg zeros:4x8xf32 2>&1 | filecheck %s --check-prefix=SHAPE
// RUN: not pto-run %s --arg %t.missing.npy --arg zeros:4x8xf32 2>&1 | filecheck %s --check-prefix=NPY
// RUN: not pto-run %s --entry nope --arg zeros:4x8xf32 --arg zeros:4x8xf32 2>&1 | filecheck %s --check-prefix=ENTRY
// RUN: not pto-run %S/Inputs/not_a_kernel.txt 2>&1 | filecheck %s --check-prefix=PARSE
// RUN: not pto-run %s --arg zeros:4x8xf32 --arg zeros:4x8xf32 --arg zeros:1xf32 2>&1 | filecheck %s --check-prefix=ALL

// COUNT: pto-run: error: @copy takes 2 argument(s), got 1 --arg
// SPEC: pto-run: error: --arg ones:4x8xf32: expected FILE.npy, zeros:SHAPExDTYPE, rand:SHAPExDTYPE[:SEED], arange:SHAPExDTYPE, VALUE:TYPE, @N, rank:TYPE or comm_ctx
// DTYPE: pto-run: error: argument 0 (!pto.ptr<f32>) needs an array of f32, got float16
// SCALAR: pto-run: error: argument 0 (!pto.ptr<f32>) is a pointer: it needs an array, got a scalar
// TARGET: pto-run: error: unknown target 'a7', expected a2a3 (or a2, a3), a5 or cpu
// SHAPE: {{^.*}}errors.mlir:[[# @LINE + 16]]:5: error: pto.make_tensor_view: view of shape 64x32 with strides [32, 1] at byte 0 reaches bytes [0, 8192) outside gm:arg0 (64 bytes; its last page ends at byte 4096)
// NPY: pto-run: error: --arg {{.*}}missing.npy: cannot read the array
// ENTRY: pto-run: error: no function named 'nope' in the module
// PARSE: {{^[^ ]+}}not_a_kernel.txt:1:6: error: Operation this is not registered
// ALL: pto-run: error: @copy takes 2 argument(s), got 3 --arg
// SHAPE-NEXT: {{^}}    %vs = pto.make_tensor_view %src, shape = [%c64, %c32]{{.*}}
// SHAPE-NEXT: {{^}}    ^{{$}}
// COUNT-NOT: Traceback
// SHAPE-NOT: Traceback

builtin.module attributes {pto.target_arch = "a5"} {
  func.func @copy(%src: !pto.ptr<f32>, %dst: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c32 = arith.constant 32 : index
    %vs = pto.make_tensor_view %src, shape = [%c64, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf32>
    %ps = pto.partition_view %vs, offsets = [%c0, %c0], sizes = [%c64, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<64x32xf32>
    %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=32>
    pto.tload ins(%ps : !pto.partition_tensor_view<64x32xf32>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=32>)
    func.return
  }
}
