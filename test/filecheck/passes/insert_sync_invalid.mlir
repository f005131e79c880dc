// pto-insert-sync diagnostics: one per unsupported input.
// RUN: pto-opt %s --split-input-file -p pto-insert-sync --verify-diagnostics
// RUN: not pto-opt %s -p "pto-insert-sync{mode=bufs}" 2>&1 | filecheck %s --check-prefix=MODE

// MODE: pto-insert-sync: unknown mode 'bufs' (supported: flags, bufid, serial)

func.func @ssa(%a: !pto.tile<loc=vec, dtype=f32, rows=8, cols=8>) {
  // expected-error @+1 {{pto-insert-sync: pto.tabs: SSA tile op: run pto-convert-to-dps first}}
  %b = pto.tabs %a : !pto.tile<loc=vec, dtype=f32, rows=8, cols=8> -> !pto.tile<loc=vec, dtype=f32, rows=8, cols=8>
  func.return
}

// -----

// A DMA and a vector scope without sync (vector scopes alone need none: one pipe).
func.func @lowered(%p: !pto.ptr<f32, ub>, %g: !pto.ptr<f32, gm>) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 256 : i64
  %one = arith.constant 1 : i64
  // expected-error @+1 {{pto-insert-sync: pto.mte_gm_ub: machine-level memory op without synchronisation: pto-insert-sync analyses tile ops, so run it before pto-lower-tile-to-vector and pto-lower-dma}}
  pto.mte_gm_ub %g, %p, %n, %n nburst(%one, %n, %n) : !pto.ptr<f32, gm>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64
  pto.vecscope {
    %v = pto.vlds %p[%c0] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
  }
  func.return
}

// -----

func.func @untraceable(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %a) -> (!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) {
    // expected-error @+1 {{pto-insert-sync: pto.tabs: tile buffer %t is not a pto.alloc_tile result, a pto.multi_tile_get of a pto.alloc_multi_tile or an argument of the function}}
    pto.tabs ins(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>)
    scf.yield %t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
  }
  func.return
}

// -----

// Several blocks (found by the fuzzer: the pass asked the body for its only block).
// expected-error @+1 {{pto-insert-sync: func.func: @blocks has several blocks: the pass follows the structured control flow of scf.for and scf.if only}}
func.func @blocks(%a: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) {
  cf.br ^bb1
^bb1:
  pto.tabs ins(%a : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) outs(%a : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>)
  func.return
}
