// Every pass checks first that each use is dominated by its definition (xDSL's verifier does
// not) and that each scf.if yields its results, and stops with a diagnostic naming the use:
// the op, the operand number and the value. Before this check such IR crashed
// pto-convert-to-dps and pto-plan-memory with a KeyError.
//
// RUN: not xdsl-opt -p pto-convert-to-dps %S/Inputs/use_before_def.mlir 2>&1 | filecheck %s --check-prefix=BLOCK
// RUN: not xdsl-opt -p pto-plan-memory %S/Inputs/use_before_def.mlir 2>&1 | filecheck %s --check-prefix=BLOCK
// RUN: not xdsl-opt -p pto-convert-to-dps %S/Inputs/use_before_loop.mlir 2>&1 | filecheck %s --check-prefix=LOOP
// RUN: not xdsl-opt -p pto-pipeline %S/Inputs/use_before_loop.mlir 2>&1 | filecheck %s --check-prefix=LOOP
// RUN: not xdsl-opt -p pto-convert-to-dps %S/Inputs/use_in_loop_before_def.mlir 2>&1 | filecheck %s --check-prefix=INLOOP
// RUN: not xdsl-opt -p pto-insert-sync %S/Inputs/use_in_loop_before_def.mlir 2>&1 | filecheck %s --check-prefix=INLOOP
// RUN: not xdsl-opt -p pto-plan-memory %S/Inputs/use_at_module_level.mlir 2>&1 | filecheck %s --check-prefix=MODULE
// RUN: not xdsl-opt -p pto-lower-dma %S/Inputs/use_at_module_level.mlir 2>&1 | filecheck %s --check-prefix=MODULE

// BLOCK: pto.tabs: operand #0 is %t (result #0 of pto.tload), whose definition does not dominate this use
// LOOP: pto.tabs: operand #0 is %t (result #0 of pto.tload), whose definition does not dominate this use
// INLOOP: pto.tstore: operand #0 is %t (result #0 of pto.tload), whose definition does not dominate this use
// MODULE: arith.addi: operand #0 is %n (result #0 of arith.constant), whose definition does not dominate this use
// BLOCK-NOT: KeyError
// LOOP-NOT: KeyError
// INLOOP-NOT: KeyError

// The cases below, through every pass (--disable-verify: not caught by pto-opt's verifier first).
// RUN: pto-opt %s --split-input-file --disable-verify -p pto-convert-to-dps --verify-diagnostics
// RUN: pto-opt %s --split-input-file --disable-verify -p pto-plan-memory --verify-diagnostics
// RUN: pto-opt %s --split-input-file --disable-verify -p pto-insert-sync --verify-diagnostics
// RUN: pto-opt %s --split-input-file --disable-verify -p pto-lower-tile-to-vector --verify-diagnostics
// RUN: pto-opt %s --split-input-file --disable-verify -p pto-lower-dma --verify-diagnostics
// RUN: pto-opt %s --split-input-file --disable-verify -p pto-pipeline --verify-diagnostics
// RUN: pto-opt %s --split-input-file --disable-verify -p 'pto-set-target{target=a5}' --verify-diagnostics

!buf = !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
!tile = !pto.tile<loc=vec, dtype=f32, rows=8, cols=8>
!part = !pto.partition_tensor_view<8x8xf32>

// A tile buffer used by a DPS tload before its alloc_tile.
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @dps(%x: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %v = pto.make_tensor_view %x, shape = [%c8, %c8], strides = [%c8, %c1] : !pto.tensor_view<?x?xf32>
    %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c8, %c8] : !pto.tensor_view<?x?xf32> -> !part
    // expected-error-re @+1 {{pto.tload: operand #1 is %t (result #0 of pto.alloc_tile at {{.*}}), whose definition does not dominate this use}}
    pto.tload ins(%p : !part) outs(%t : !buf)
    %t = pto.alloc_tile : !buf
    pto.tstore ins(%t : !buf) outs(%p : !part)
    func.return
  }
}

// -----

// Blocks: a value of ^bb1 used in ^bb2, which ^bb1 does not dominate.
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @cfg(%c: i1) -> index {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %a = arith.constant 1 : index
    cf.br ^bb2
  ^bb2:
    // expected-error-re @+1 {{arith.addi: operand #0 is %a (result #0 of arith.constant at {{.*}}), whose definition does not dominate this use}}
    %b = arith.addi %a, %a : index
    func.return %b : index
  }
}

// -----

!buf = !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
!tile = !pto.tile<loc=vec, dtype=f32, rows=8, cols=8>
!part = !pto.partition_tensor_view<8x8xf32>

// An scf.if with a tile result and no else region (it gave convert-to-dps an IndexError's
// sibling: a silently dropped result).
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @no_else(%x: !pto.ptr<f32>, %c: i1) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %v = pto.make_tensor_view %x, shape = [%c8, %c8], strides = [%c8, %c1] : !pto.tensor_view<?x?xf32>
    %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c8, %c8] : !pto.tensor_view<?x?xf32> -> !part
    %t = pto.tload %p : !part -> !tile
    // expected-error @+1 {{scf.if: has 1 result(s) but no else region to yield them}}
    %r = "scf.if"(%c) ({
      scf.yield %t : !tile
    }, {
    }) : (i1) -> !tile
    pto.tstore %r, %p : !tile, !part
    func.return
  }
}

// -----

!buf = !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
!tile = !pto.tile<loc=vec, dtype=f32, rows=8, cols=8>
!part = !pto.partition_tensor_view<8x8xf32>

// A branch that yields nothing for the scf.if's tile result (an IndexError in convert-to-dps).
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @short_yield(%x: !pto.ptr<f32>, %c: i1) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %v = pto.make_tensor_view %x, shape = [%c8, %c8], strides = [%c8, %c1] : !pto.tensor_view<?x?xf32>
    %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c8, %c8] : !pto.tensor_view<?x?xf32> -> !part
    %t = pto.tload %p : !part -> !tile
    %r = "scf.if"(%c) ({
      // expected-error @+1 {{scf.yield: yields 0 value(s) but the enclosing scf.if has 1 result(s)}}
      scf.yield
    }, {
      scf.yield %t : !tile
    }) : (i1) -> !tile
    pto.tstore %r, %p : !tile, !part
    func.return
  }
}
