// pto-plan-memory diagnostics: one per input the planner rejects.
// RUN: pto-opt %s --split-input-file -p pto-plan-memory --verify-diagnostics
// The pass option overrides the module's target: the a5 kernel below that fits in 248 KiB
// of UB does not fit in the 192 KiB of a2a3.
// RUN: not pto-opt %s --split-input-file -p "pto-plan-memory{target=a2a3}" 2>&1 | filecheck %s --check-prefix=A2A3
// RUN: not pto-opt %s --split-input-file -p "pto-plan-memory{target=a9}" 2>&1 | filecheck %s --check-prefix=TARGET

// TARGET: pto-plan-memory: unknown target 'a9', expected a2a3 (or a2, a3), a5 or cpu

!big = !pto.tile_buf<loc=vec, dtype=f32, rows=100, cols=256>
!pv = !pto.partition_tensor_view<100x256xf32>
!tv = !pto.tensor_view<?x?xf32>

// Two live 102400-byte tiles: 204800 bytes.
// A2A3: pto-plan-memory: pto.tabs: loc=vec (ub) needs 204800 bytes here for 2 live tile buffers, but target a2a3 has 196608
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @two_big(%a: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %c256 = arith.constant 256 : index
    %va = pto.make_tensor_view %a, shape = [%c100, %c256], strides = [%c256, %c1] : !tv
    %pa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c100, %c256] : !tv -> !pv
    %x = pto.alloc_tile : !big
    %y = pto.alloc_tile : !big
    pto.tload ins(%pa : !pv) outs(%x : !big)
    // expected-error @+1 {{pto-plan-memory: pto.tabs: loc=vec (ub) needs 204800 bytes here for 2 live tile buffers, but target a2a3 has 196608}}
    pto.tabs ins(%x : !big) outs(%y : !big)
    pto.tstore ins(%y : !big) outs(%pa : !pv)
    func.return
  }
}

// -----

!big = !pto.tile_buf<loc=vec, dtype=f32, rows=100, cols=256>
!pv = !pto.partition_tensor_view<100x256xf32>
!tv = !pto.tensor_view<?x?xf32>

// Three live 102400-byte tiles exceed the 248 KiB of a5 as well.
// A2A3: pto-plan-memory: pto.tload: loc=vec (ub) needs 204800 bytes here for 2 live tile buffers, but target a2a3 has 196608
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @three_big(%a: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %c256 = arith.constant 256 : index
    %va = pto.make_tensor_view %a, shape = [%c100, %c256], strides = [%c256, %c1] : !tv
    %pa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c100, %c256] : !tv -> !pv
    %x = pto.alloc_tile : !big
    %y = pto.alloc_tile : !big
    %z = pto.alloc_tile : !big
    pto.tload ins(%pa : !pv) outs(%x : !big)
    pto.tload ins(%pa : !pv) outs(%y : !big)
    // expected-error @+1 {{pto-plan-memory: pto.tadd: loc=vec (ub) needs 307200 bytes here for 3 live tile buffers, but target a5 has 253952}}
    pto.tadd ins(%x, %y : !big, !big) outs(%z : !big)
    pto.tstore ins(%z : !big) outs(%pa : !pv)
    func.return
  }
}

// -----

!q = !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=256>
!h = !pto.tile_buf<loc=vec, dtype=f32, rows=128, cols=256>
!pq = !pto.partition_tensor_view<64x256xf32>
!ph = !pto.partition_tensor_view<128x256xf32>
!tv = !pto.tensor_view<?x?xf32>

// No order helps: %fixed (64 KiB at 64 KiB, pre-planned) splits the 192 KiB of a2a3 into
// two free 64 KiB ranges; %d needs 128 KiB, which with %fixed is exactly the capacity.
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @fragmented(%g: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %at = arith.constant 65536 : i64
    %v = pto.make_tensor_view %g, shape = [%c128, %c256], strides = [%c256, %c1] : !tv
    %pq = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c64, %c256] : !tv -> !pq
    %ph = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c128, %c256] : !tv -> !ph
    %fixed = pto.alloc_tile addr = %at : !q
    %d = pto.alloc_tile : !h
    pto.tload ins(%pq : !pq) outs(%fixed : !q)
    // expected-error @+1 {{pto-plan-memory: pto.tload: loc=vec (ub): the 196608 bytes of the 2 tile buffers live here fit in the 196608 bytes of target a2a3, but no free range of 131072 bytes is left for tile buffer %d (first-fit fragmentation, or bytes of pre-planned buffers, kept from the function entry)}}
    pto.tload ins(%ph : !ph) outs(%d : !h)
    pto.tstore ins(%fixed : !q) outs(%pq : !pq)
    pto.tstore ins(%d : !h) outs(%ph : !ph)
    func.return
  }
}

// -----

func.func @dynamic_addr(%addr: i64) {
  // expected-error @+1 {{pto-plan-memory: pto.alloc_tile: addr must be an arith.constant to be kept by the planner}}
  %t = pto.alloc_tile addr = %addr : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
  %u = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
  pto.tabs ins(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) outs(%u : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>)
  func.return
}

// -----

func.func @carried(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
  // expected-error @+1 {{pto-plan-memory: scf.for: tile buffer %a flows into scf.for: only buffers used directly by ops are planned, not aliases through block arguments or results}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %a) -> (!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) {
    pto.tabs ins(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>)
    scf.yield %t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
  }
  func.return
}

// -----

func.func @yielded(%cond: i1, %a: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) {
  %r = scf.if %cond -> (!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) {
    %b = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
    pto.tabs ins(%a : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) outs(%b : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>)
    // expected-error @+1 {{pto-plan-memory: scf.yield: tile buffer %b flows into scf.yield: only buffers used directly by ops are planned, not aliases through block arguments or results}}
    scf.yield %b : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
  } else {
    scf.yield %a : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
  }
  func.return
}

// -----

// A buffer of the loop body that is read before it is written (in the first iteration)
// and written later: unplanned, every iteration reads a fresh (zero) buffer; planned, it
// would read what the previous iteration wrote.
func.func @stale(%n: index, %a: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
    // expected-error @+1 {{pto-plan-memory: pto.tadd: tile buffer %t may be read before it is written, and its pto.alloc_tile is in a loop: a planned buffer would hold the previous iteration's bytes where a fresh one holds zeros}}
    pto.tadd ins(%a, %t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>, !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) outs(%a : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>)
    pto.tabs ins(%a : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>)
  }
  func.return
}

// -----

// Written in one branch only: the read after the scf.if may see unwritten bytes.
func.func @one_branch(%n: index, %cond: i1, %a: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
    scf.if %cond {
      pto.tabs ins(%a : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>)
    }
    // expected-error @+1 {{pto-plan-memory: pto.tabs: tile buffer %t may be read before it is written, and its pto.alloc_tile is in a loop: a planned buffer would hold the previous iteration's bytes where a fresh one holds zeros}}
    pto.tabs ins(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) outs(%a : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>)
  }
  func.return
}

// -----

// A given address must be a 32-byte aligned range of the memory (pto-isa buffer_limits).
func.func @misaligned(%a: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) {
  %k = arith.constant 16 : i64
  // expected-error @+1 {{pto-plan-memory: pto.alloc_tile: the 256-byte tile buffer at the given addr 16 is not a 32-byte aligned range of the 253952-byte loc=vec memory of target cpu}}
  %t = pto.alloc_tile addr = %k : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
  %u = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
  pto.tabs ins(%a : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>)
  pto.tabs ins(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) outs(%u : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>)
  func.return
}

// -----

// 196608 + 256 bytes end past the 192 KiB of a2a3's UB.
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @beyond(%a: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) {
    %k = arith.constant 196608 : i64
    // expected-error @+1 {{pto-plan-memory: pto.alloc_tile: the 256-byte tile buffer at the given addr 196608 is not a 32-byte aligned range of the 196608-byte loc=vec memory of target a2a3}}
    %t = pto.alloc_tile addr = %k : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
    pto.tabs ins(%a : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>)
    func.return
  }
}

// -----

// Several blocks: liveness follows scf control flow only (the pass asked the body for its
// only block and crashed).
// expected-error @+1 {{pto-plan-memory: func.func: @blocks has several blocks: liveness follows the structured control flow of scf.for and scf.if only}}
func.func @blocks() {
  cf.br ^bb1
^bb1:
  %a = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
  func.return
}
