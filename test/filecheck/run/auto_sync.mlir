// An auto-mode kernel (DPS, no address, no synchronisation): without --auto-sync its pipes
// race (hazards, exit 3) and the message suggests the flag; with it, pto-plan-memory and
// pto-insert-sync run first, the report says so, and the run has no hazard.
// RUN: python3 %S/Inputs/exit_status.py -- pto-run %s --arg %S/Inputs/ramp_1024_f32.npy --arg zeros:1024xf32 | filecheck %s --check-prefix=RACE
// RUN: rm -rf %t && pto-run %s --arg %S/Inputs/ramp_1024_f32.npy --arg zeros:1024xf32 --auto-sync --report --report-json %t.json --out-dir %t | filecheck %s --check-prefix=AUTO
// RUN: python3 %S/Inputs/check_abs.py %S/Inputs/ramp_1024_f32.npy %t/arg1.npy | filecheck %s --check-prefix=ABS
// RUN: filecheck %s --check-prefix=JSON < %t.json
// A kernel with sync of its own is left as it is, and so is a Level-1 kernel of SSA tiles
// (the report says so).
// RUN: pto-run %examples/seed002_vabs.mlir --arg rand:1024xf32:1 --arg zeros:1024xf32 --auto-sync --report | filecheck %s --check-prefix=OWN
// RUN: pto-run %examples/tabs_ssa.mlir --arg rand:1024xf32:1 --arg zeros:1024xf32 --auto-sync --report | filecheck %s --check-prefix=SSA
// Hazards of a kernel that has some sync ops get no suggestion.
// RUN: sed 's|// (sync) ||' %s > %t.partial.mlir
// RUN: python3 %S/Inputs/exit_status.py -- pto-run %t.partial.mlir --arg zeros:1024xf32 --arg zeros:1024xf32 | filecheck %s --check-prefix=PARTIAL

// RACE: pto-run: hazard: RAW hazard on {{.*}}: pto.tabs at {{.*}} on PIPE_V reads what pto.tload at {{.*}} on PIPE_MTE2 wrote without synchronisation
// RACE: pto-run: note: the kernel has no synchronisation at all (the manual's auto mode?): --auto-sync inserts it (pto-insert-sync) before the run
// RACE-NEXT: exit status: 3

// AUTO: pto.set_flag 2
// AUTO: hazards: 0
// AUTO-NEXT: auto-sync: ran pto-plan-memory, pto-insert-sync before the run (inserted 2 pto.set_flag, 2 pto.wait_flag)
// ABS: equal to |x|: True
// JSON: "auto_sync": {
// JSON-NEXT: "passes": [
// JSON-NEXT: "pto-plan-memory",
// JSON-NEXT: "pto-insert-sync"

// OWN: auto-sync: the kernel has its own synchronisation, left as it is
// SSA: hazards: 0
// SSA-NEXT: auto-sync: a kernel of SSA tiles (Level 1) has no buffers to synchronise, left as it is

// PARTIAL: pto-run: hazard: RAW hazard
// PARTIAL-NOT: note:
// PARTIAL: exit status: 3

!t = !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32>
!pv = !pto.partition_tensor_view<32x32xf32>
!tv = !pto.tensor_view<?x?xf32>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @vabs(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %vx = pto.make_tensor_view %x, shape = [%c32, %c32], strides = [%c32, %c1] : !tv
    %vy = pto.make_tensor_view %y, shape = [%c32, %c32], strides = [%c32, %c1] : !tv
    %px = pto.partition_view %vx, offsets = [%c0, %c0], sizes = [%c32, %c32] : !tv -> !pv
    %py = pto.partition_view %vy, offsets = [%c0, %c0], sizes = [%c32, %c32] : !tv -> !pv
    %t = pto.alloc_tile : !t
    %a = pto.alloc_tile : !t
    pto.tload ins(%px : !pv) outs(%t : !t)
    // (sync) pto.set_flag[#pto.pipe<PIPE_MTE2>, #pto.pipe<PIPE_V>, #pto.event<EVENT_ID0>]
    // (sync) pto.wait_flag[#pto.pipe<PIPE_MTE2>, #pto.pipe<PIPE_V>, #pto.event<EVENT_ID0>]
    pto.tabs ins(%t : !t) outs(%a : !t)
    pto.tstore ins(%a : !t) outs(%py : !pv)
    func.return
  }
}
