// pto-multi-buffer: the structure it gives a streaming loop, the slot addresses
// pto-plan-memory gives it, the rotating event ids pto-insert-sync gives it, and the
// alloc_tiles pto-resolve-slots leaves. An 8x8 f32 vec tile is 256 bytes.
// RUN: xdsl-opt %s --split-input-file -p pto-convert-to-dps,pto-multi-buffer | filecheck %s --check-prefix=SLOTS
// RUN: xdsl-opt %s --split-input-file -p 'pto-convert-to-dps,pto-multi-buffer{count=3}' | filecheck %s --check-prefix=THREE
// RUN: xdsl-opt %s --split-input-file -p pto-convert-to-dps,pto-multi-buffer,pto-plan-memory,pto-insert-sync | filecheck %s --check-prefix=SYNC
// RUN: xdsl-opt %s --split-input-file -p pto-convert-to-dps,pto-multi-buffer,pto-plan-memory,pto-insert-sync,pto-resolve-slots | filecheck %s --check-prefix=RESOLVED
// The pass is idempotent: a second run changes nothing.
// RUN: xdsl-opt %s --split-input-file -p pto-convert-to-dps,pto-multi-buffer > %t.once.mlir
// RUN: xdsl-opt %t.once.mlir --split-input-file -p pto-multi-buffer | diff %t.once.mlir -

!tile = !pto.tile<loc=vec, dtype=f32, rows=8, cols=8>
!pv = !pto.partition_tensor_view<8x8xf32>
!tv = !pto.tensor_view<?x?xf32>

// tload -> tabs -> tstore over 4 tiles: both buffers of the body get two slots before the
// loop; the body becomes one copy per slot, chosen by %i mod 2, each on its constant slot.
// SLOTS-LABEL: func.func @stream
// SLOTS:         %x_slots = pto.alloc_multi_tile : !pto.multi_tile_buf<!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, {{.*}}>, count=2>
// SLOTS-NEXT:    %y_slots = pto.alloc_multi_tile : !pto.multi_tile_buf<!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, {{.*}}>, count=2>
// SLOTS-NEXT:    %[[TWO:.*]] = arith.constant 2 : index
// SLOTS-NEXT:    scf.for %i = %c0 to %c4 step %c1 {
// SLOTS-NEXT:      %slot = arith.remui %i, %[[TWO]] : index
// SLOTS-NEXT:      %[[ZERO:.*]] = arith.constant 0 : index
// SLOTS-NEXT:      %[[IS0:.*]] = arith.cmpi eq, %slot, %[[ZERO]] : index
// SLOTS-NEXT:      scf.if %[[IS0]] {
// SLOTS-NEXT:        %[[K0:.*]] = arith.constant 0 : index
// SLOTS:             %x = pto.multi_tile_get %x_slots[%[[K0]]]
// SLOTS-NEXT:        pto.tload ins(%pa : {{.*}}) outs(%x :
// SLOTS-NEXT:        %y = pto.multi_tile_get %y_slots[%[[K0]]]
// SLOTS-NEXT:        pto.tabs ins(%x : {{.*}}) outs(%y :
// SLOTS-NEXT:        pto.tstore ins(%y : {{.*}}) outs(%pc :
// SLOTS-NEXT:      } else {
// SLOTS-NEXT:        %[[K1:.*]] = arith.constant 1 : index
// SLOTS:             %x_1 = pto.multi_tile_get %x_slots[%[[K1]]]
// SLOTS-NEXT:        pto.tload ins(%pa_1 : {{.*}}) outs(%x_1 :
// SLOTS:             pto.tstore ins(%y_1 : {{.*}}) outs(%pc_1 :
// SLOTS-NEXT:      }
// SLOTS-NEXT:    }
// Three slots: a chain of two scf.if, slots 0, 1 and 2.
// THREE-LABEL: func.func @stream
// THREE:         %x_slots = pto.alloc_multi_tile : !pto.multi_tile_buf<{{.*}}, count=3>
// THREE:           %slot = arith.remui %i, %{{.*}} : index
// THREE:           scf.if
// THREE:             %x = pto.multi_tile_get %x_slots[%{{.*}}]
// THREE:           } else {
// THREE:             scf.if
// THREE:               pto.multi_tile_get %x_slots
// THREE:             } else {
// THREE:               pto.multi_tile_get %x_slots
// Slots of a multi tile are consecutive: x at 0 (slots at 0 and 256), y at 512. Each
// slot's loop-carried pairs are primed before the loop and drained after it with an
// event id of its own (EVENT_ID0 for slot 0, EVENT_ID1 for slot 1), and so are its
// pairs within the iteration: the ids rotate with the iteration.
// SYNC-LABEL: func.func @stream
// SYNC:         %x_slots_addr = arith.constant 0 : i64
// SYNC-NEXT:    %x_slots = pto.alloc_multi_tile addr = %x_slots_addr
// SYNC-NEXT:    %y_slots_addr = arith.constant 512 : i64
// SYNC-NEXT:    %y_slots = pto.alloc_multi_tile addr = %y_slots_addr
// SYNC:         pto.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
// SYNC-NEXT:    pto.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
// SYNC-NEXT:    pto.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID1>]
// SYNC-NEXT:    pto.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID1>]
// SYNC-NEXT:    scf.for
// SYNC:           scf.if
// SYNC:             pto.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
// SYNC-NEXT:        pto.tload
// SYNC-NEXT:        pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
// SYNC-NEXT:        %y = pto.multi_tile_get
// SYNC-NEXT:        pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
// SYNC-NEXT:        pto.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
// SYNC-NEXT:        pto.tabs
// SYNC-NEXT:        pto.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
// SYNC-NEXT:        pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
// SYNC-NEXT:        pto.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
// SYNC-NEXT:        pto.tstore
// SYNC-NEXT:        pto.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
// SYNC-NEXT:      } else {
// SYNC:             pto.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID1>]
// SYNC-NEXT:        pto.tload
// SYNC-NEXT:        pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID1>]
// SYNC-NEXT:        %y_1 = pto.multi_tile_get
// SYNC-NEXT:        pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID1>]
// SYNC-NEXT:        pto.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID1>]
// SYNC-NEXT:        pto.tabs
// SYNC-NEXT:        pto.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID1>]
// SYNC-NEXT:        pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID1>]
// SYNC-NEXT:        pto.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID1>]
// SYNC-NEXT:        pto.tstore
// SYNC-NEXT:        pto.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID1>]
// SYNC-NEXT:      }
// SYNC-NEXT:    }
// SYNC-NEXT:    pto.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID1>]
// SYNC-NEXT:    pto.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID1>]
// SYNC-NEXT:    pto.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
// SYNC-NEXT:    pto.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
// SYNC-NEXT:    func.return
// Each slot becomes an alloc_tile at base + k x 256; the multi tiles are gone.
// RESOLVED-LABEL: func.func @stream
// RESOLVED-NOT:    pto.alloc_multi_tile
// RESOLVED-NOT:    pto.multi_tile_get
// RESOLVED:        %x_addr = arith.constant 0 : i64
// RESOLVED-NEXT:   %x = pto.alloc_tile addr = %x_addr
// RESOLVED:        %y_addr = arith.constant 512 : i64
// RESOLVED-NEXT:   %y = pto.alloc_tile addr = %y_addr
// RESOLVED:      } else {
// RESOLVED:        %x_addr_1 = arith.constant 256 : i64
// RESOLVED-NEXT:   %x_1 = pto.alloc_tile addr = %x_addr_1
// RESOLVED:        %y_addr_1 = arith.constant 768 : i64
// RESOLVED-NEXT:   %y_1 = pto.alloc_tile addr = %y_addr_1
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @stream(%a: !pto.ptr<f32>, %c: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %va = pto.make_tensor_view %a, shape = [%c32, %c8], strides = [%c8, %c1] : !tv
    %vc = pto.make_tensor_view %c, shape = [%c32, %c8], strides = [%c8, %c1] : !tv
    scf.for %i = %c0 to %c4 step %c1 {
      %row = arith.muli %i, %c8 : index
      %pa = pto.partition_view %va, offsets = [%row, %c0], sizes = [%c8, %c8] : !tv -> !pv
      %pc = pto.partition_view %vc, offsets = [%row, %c0], sizes = [%c8, %c8] : !tv -> !pv
      %x = pto.tload %pa : !pv -> !tile
      %y = pto.tabs %x : !tile -> !tile
      pto.tstore %y, %pc : !tile, !pv
    }
    func.return
  }
}

// -----

!tile = !pto.tile<loc=vec, dtype=f32, rows=8, cols=8>
!pv = !pto.partition_tensor_view<8x8xf32>
!tv = !pto.tensor_view<?x?xf32>

// An accumulator carried across iterations (allocated before the loop) keeps one buffer;
// the tile loaded in the body gets slots. A loop that starts at 2 with step 2 picks its
// slot from the iteration index ((%i - 2) / 2) mod 2.
// SLOTS-LABEL: func.func @accumulate
// SLOTS:         %x_slots = pto.alloc_multi_tile : !pto.multi_tile_buf<{{.*}}, count=2>
// SLOTS-NOT:     pto.alloc_multi_tile
// SLOTS:         scf.for %i = %c2 to %c10 step %c2 {
// SLOTS-NEXT:      %[[D:.*]] = arith.subi %i, %c2 : index
// SLOTS-NEXT:      %[[Q:.*]] = arith.divui %[[D]], %c2 : index
// SLOTS-NEXT:      %slot = arith.remui %[[Q]], %{{.*}} : index
// SLOTS:             pto.tadd ins(%acc0, %x : {{.*}}) outs(%acc0 :
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @accumulate(%a: !pto.ptr<f32>, %c: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c10 = arith.constant 10 : index
    %c40 = arith.constant 40 : index
    %va = pto.make_tensor_view %a, shape = [%c40, %c8], strides = [%c8, %c1] : !tv
    %vc = pto.make_tensor_view %c, shape = [%c8, %c8], strides = [%c8, %c1] : !tv
    %p0 = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %acc0 = pto.tload %p0 : !pv -> !tile
    %sum = scf.for %i = %c2 to %c10 step %c2 iter_args(%acc = %acc0) -> (!tile) {
      %row = arith.muli %i, %c8 : index
      %pa = pto.partition_view %va, offsets = [%row, %c0], sizes = [%c8, %c8] : !tv -> !pv
      %x = pto.tload %pa : !pv -> !tile
      %next = pto.tadd %acc, %x : (!tile, !tile) -> !tile
      scf.yield %next : !tile
    }
    %pc = pto.partition_view %vc, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    pto.tstore %sum, %pc : !tile, !pv
    func.return
  }
}

// -----

// A hand-written PTOAS loop that picks its slot at run time (%i mod 2) gets the same form:
// one copy per slot, each multi_tile_get on its constant slot; the multi tile is the
// author's and keeps its count.
// SLOTS-LABEL: func.func @by_hand
// SLOTS:         %mb = pto.alloc_multi_tile : !pto.multi_tile_buf<{{.*}}, count=2>
// SLOTS-NOT:     pto.alloc_multi_tile
// SLOTS:         scf.for %i = %c0 to %c4 step %c1 {
// SLOTS-NEXT:      %slot = arith.remui %i, %{{.*}} : index
// SLOTS:           scf.if
// SLOTS-NEXT:        %[[S0:.*]] = arith.constant 0 : index
// SLOTS:             %t = pto.multi_tile_get %mb[%[[S0]]]
// SLOTS:           } else {
// SLOTS-NEXT:        %[[S1:.*]] = arith.constant 1 : index
// SLOTS:             %t_1 = pto.multi_tile_get %mb[%[[S1]]]
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @by_hand(%a: !pto.ptr<f32>, %c: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %va = pto.make_tensor_view %a, shape = [%c32, %c8], strides = [%c8, %c1] : !pto.tensor_view<?x?xf32>
    %vc = pto.make_tensor_view %c, shape = [%c32, %c8], strides = [%c8, %c1] : !pto.tensor_view<?x?xf32>
    %mb = pto.alloc_multi_tile : !pto.multi_tile_buf<vec, 8x8xf32, count=2>
    %out = pto.alloc_tile : !pto.tile_buf<vec, 8x8xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %k = arith.remui %i, %c2 : index
      %row = arith.muli %i, %c8 : index
      %pa = pto.partition_view %va, offsets = [%row, %c0], sizes = [%c8, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x8xf32>
      %pc = pto.partition_view %vc, offsets = [%row, %c0], sizes = [%c8, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x8xf32>
      %t = pto.multi_tile_get %mb[%k] : !pto.multi_tile_buf<vec, 8x8xf32, count=2> -> !pto.tile_buf<vec, 8x8xf32>
      pto.tload ins(%pa : !pto.partition_tensor_view<8x8xf32>) outs(%t : !pto.tile_buf<vec, 8x8xf32>)
      pto.tabs ins(%t : !pto.tile_buf<vec, 8x8xf32>) outs(%out : !pto.tile_buf<vec, 8x8xf32>)
      pto.tstore ins(%out : !pto.tile_buf<vec, 8x8xf32>) outs(%pc : !pto.partition_tensor_view<8x8xf32>)
    }
    func.return
  }
}

// -----

// Only buffers that two pipes touch get slots: %x (MTE2, V) and %y (V, MTE3), not %u,
// which only V touches. %x is dead before %y is written, so the two share one multi tile.
// SLOTS-LABEL: func.func @shared
// SLOTS:         %x_y_slots = pto.alloc_multi_tile : !pto.multi_tile_buf<{{.*}}, count=2>
// SLOTS-NOT:     pto.alloc_multi_tile
// SLOTS:         scf.if
// SLOTS:           %x = pto.multi_tile_get %x_y_slots[%[[K0:.*]]]
// SLOTS-NEXT:      pto.tload ins(%pa : {{.*}}) outs(%x :
// SLOTS-NEXT:      %u = pto.alloc_tile
// SLOTS-NEXT:      pto.tabs ins(%x : {{.*}}) outs(%u :
// SLOTS-NEXT:      %y = pto.multi_tile_get %x_y_slots[%[[K0]]]
// SLOTS-NEXT:      pto.texp ins(%u : {{.*}}) outs(%y :
!big = !pto.tile<loc=vec, dtype=f32, rows=64, cols=256>
!pbig = !pto.partition_tensor_view<64x256xf32>
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @shared(%a: !pto.ptr<f32>, %c: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %c256 = arith.constant 256 : index
    %n = arith.constant 256 : index
    %va = pto.make_tensor_view %a, shape = [%n, %c256], strides = [%c256, %c1] : !pto.tensor_view<?x?xf32>
    %vc = pto.make_tensor_view %c, shape = [%n, %c256], strides = [%c256, %c1] : !pto.tensor_view<?x?xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %row = arith.muli %i, %c64 : index
      %pa = pto.partition_view %va, offsets = [%row, %c0], sizes = [%c64, %c256] : !pto.tensor_view<?x?xf32> -> !pbig
      %pc = pto.partition_view %vc, offsets = [%row, %c0], sizes = [%c64, %c256] : !pto.tensor_view<?x?xf32> -> !pbig
      %x = pto.tload %pa : !pbig -> !big
      %u = pto.tabs %x : !big -> !big
      %y = pto.texp %u : !big -> !big
      pto.tstore %y, %pc : !big, !pbig
    }
    func.return
  }
}

// -----

// Slots that do not fit are not made: on a2a3 (192 KiB of UB) %u and %w (64 KiB each)
// are live together at the texp, and two slots of the 64 KiB %x/%y would need 256 KiB.
// SLOTS-LABEL: func.func @too_big
// SLOTS-NOT:     pto.alloc_multi_tile
// SLOTS:         func.return
!big = !pto.tile<loc=vec, dtype=f32, rows=64, cols=256>
!pbig = !pto.partition_tensor_view<64x256xf32>
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @too_big(%a: !pto.ptr<f32>, %c: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %c256 = arith.constant 256 : index
    %n = arith.constant 256 : index
    %va = pto.make_tensor_view %a, shape = [%n, %c256], strides = [%c256, %c1] : !pto.tensor_view<?x?xf32>
    %vc = pto.make_tensor_view %c, shape = [%n, %c256], strides = [%c256, %c1] : !pto.tensor_view<?x?xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %row = arith.muli %i, %c64 : index
      %pa = pto.partition_view %va, offsets = [%row, %c0], sizes = [%c64, %c256] : !pto.tensor_view<?x?xf32> -> !pbig
      %pc = pto.partition_view %vc, offsets = [%row, %c0], sizes = [%c64, %c256] : !pto.tensor_view<?x?xf32> -> !pbig
      %x = pto.tload %pa : !pbig -> !big
      %u = pto.tabs %x : !big -> !big
      %w = pto.texp %u : !big -> !big
      %y = pto.tabs %w : !big -> !big
      pto.tstore %y, %pc : !big, !pbig
    }
    func.return
  }
}

// -----

// The slots fit by the bytes live at once (64 KiB besides them, two 48 KiB slots in the
// 192 KiB of a2a3) but not at any address: %f, pre-planned at 88 KiB, leaves two free
// ranges of 88 KiB for the 96 KiB multi tile. The planner fails, so the function is left
// as it was (and plans).
// SLOTS-LABEL: func.func @restored
// SLOTS-NOT:     pto.alloc_multi_tile
// SLOTS:         func.return
!x = !pto.tile_buf<loc=vec, dtype=f32, rows=48, cols=256>
!f = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=256>
!px = !pto.partition_tensor_view<48x256xf32>
!pf = !pto.partition_tensor_view<16x256xf32>
!tv = !pto.tensor_view<?x?xf32>
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @restored(%a: !pto.ptr<f32>, %c: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c48 = arith.constant 48 : index
    %c256 = arith.constant 256 : index
    %n = arith.constant 192 : index
    %at = arith.constant 90112 : i64
    %va = pto.make_tensor_view %a, shape = [%n, %c256], strides = [%c256, %c1] : !tv
    %vc = pto.make_tensor_view %c, shape = [%n, %c256], strides = [%c256, %c1] : !tv
    %pf = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c16, %c256] : !tv -> !pf
    %f = pto.alloc_tile addr = %at : !f
    pto.tload ins(%pf : !pf) outs(%f : !f)
    scf.for %i = %c0 to %c4 step %c1 {
      %row = arith.muli %i, %c48 : index
      %pa = pto.partition_view %va, offsets = [%row, %c0], sizes = [%c48, %c256] : !tv -> !px
      %pc = pto.partition_view %vc, offsets = [%row, %c0], sizes = [%c48, %c256] : !tv -> !px
      %x = pto.alloc_tile : !x
      pto.tload ins(%pa : !px) outs(%x : !x)
      %u = pto.alloc_tile : !x
      pto.tabs ins(%x : !x) outs(%u : !x)
      %y = pto.alloc_tile : !x
      pto.texp ins(%u : !x) outs(%y : !x)
      pto.tstore ins(%y : !x) outs(%pc : !px)
      pto.tstore ins(%f : !f) outs(%pf : !pf)
    }
    func.return
  }
}
