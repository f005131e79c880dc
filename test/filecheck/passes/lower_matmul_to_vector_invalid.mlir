// pto-lower-matmul-to-vector diagnostics: one per input the pass cannot lower exactly, and
// the verifier's rule on the vector-unit form of the matrix ops.
// RUN: pto-opt %s --split-input-file -p pto-lower-matmul-to-vector --verify-diagnostics

// fp8 inputs (A5) need widening to the f32 accumulator; pto.vcvt has no fp8 -> f32 form.
!a = !pto.tile_buf<loc=vec, dtype=f8E4M3FN, rows=2, cols=32>
!b = !pto.tile_buf<loc=vec, dtype=f8E4M3FN, rows=32, cols=32>
!c = !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=32>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @fp8() {
    %a0 = arith.constant 0 : i64
    %a1 = arith.constant 1024 : i64
    %a2 = arith.constant 4096 : i64
    %a = pto.alloc_tile addr = %a0 : !a
    %b = pto.alloc_tile addr = %a1 : !b
    %c = pto.alloc_tile addr = %a2 : !c
    // expected-error @+1 {{pto-lower-matmul-to-vector: pto.tmatmul: (C, A, B) = (f32, f8E4M3FN, f8E4M3FN) needs a widening the lowering does not emit: it widens f16/bf16 -> f32 and i8 -> i32 (pto.vcvt has no fp8 -> f32 form)}}
    pto.tmatmul ins(%a, %b : !a, !b) outs(%c : !c)
    func.return
  }
}

// -----

// Dynamic valid sizes: the register blocks are laid out at compile time.
!a = !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=8, v_row=?, v_col=?>
!b = !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
!c = !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=64>
func.func @dynamic(%m: index, %k: index) {
  %a0 = arith.constant 0 : i64
  %a1 = arith.constant 1024 : i64
  %a2 = arith.constant 4096 : i64
  %a = pto.alloc_tile addr = %a0 valid_row = %m valid_col = %k : !a
  %b = pto.alloc_tile addr = %a1 : !b
  %c = pto.alloc_tile addr = %a2 : !c
  // expected-error @+1 {{pto-lower-matmul-to-vector: pto.tmatmul: a tile buffer %a has a dynamic valid size: the lowering needs static m, k and n}}
  pto.tmatmul ins(%a, %b : !a, !b) outs(%c : !c)
  func.return
}

// -----

// B overlaps dst: the stores of one block would change what later blocks read.
!a = !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=8>
!b = !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
!c = !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=64>
func.func @overlap() {
  %a0 = arith.constant 0 : i64
  %a1 = arith.constant 1024 : i64
  %a = pto.alloc_tile addr = %a0 : !a
  %b = pto.alloc_tile addr = %a1 : !b
  %c = pto.alloc_tile addr = %a1 : !c
  // expected-error @+1 {{pto-lower-matmul-to-vector: pto.tmatmul: b %b (bytes [1024, 3072)) overlaps dst %c (bytes [1024, 1536)): the stores of one block would change what later blocks read}}
  pto.tmatmul ins(%a, %b : !a, !b) outs(%c : !c)
  func.return
}

// -----

// An unplanned buffer.
!a = !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=8>
!b = !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
!c = !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=64>
func.func @unplanned() {
  %a0 = arith.constant 0 : i64
  %a1 = arith.constant 1024 : i64
  %a = pto.alloc_tile : !a
  %b = pto.alloc_tile addr = %a1 : !b
  %c = pto.alloc_tile addr = %a0 : !c
  // expected-error @+1 {{pto-lower-matmul-to-vector: pto.tmatmul: a tile buffer %a has no planned address: run pto-plan-memory first}}
  pto.tmatmul ins(%a, %b : !a, !b) outs(%c : !c)
  func.return
}

// -----

// SSA form has no buffers yet.
!a = !pto.tile<loc=vec, dtype=f32, rows=1, cols=8>
!b = !pto.tile<loc=vec, dtype=f32, rows=8, cols=64>
!c = !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>
func.func @ssa(%a: !a, %b: !b) {
  // expected-error @+1 {{pto-lower-matmul-to-vector: pto.tgemv: SSA tile op: run pto-convert-to-dps and pto-plan-memory first}}
  %c = pto.tgemv %a, %b : (!a, !b) -> !c
  func.return
}

// -----

// The vector-unit form needs row-major (ND) tiles: the vector loads read rows.
!a = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, blayout=col_major>
!b = !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
!c = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>
func.func @layout(%a: !a, %b: !b, %c: !c) {
  // expected-error @+1 {{pto.tmatmul a must be a row-major (ND) tile in the vector-unit form (every operand loc=vec), got blayout=col_major, slayout=none_box}}
  pto.tmatmul ins(%a, %b : !a, !b) outs(%c : !c)
  func.return
}
