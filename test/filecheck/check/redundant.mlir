// Redundant synchronisation: what every checked run is hazard-free without, with the
// cycles it stalls its pipe, and the kernel written without it (hw-native-sys/PTOAS#1569).
// RUN: pto-check %S/Inputs/oversync.pto --arg rand:64x8xf32:1 --arg zeros:64x8xf32 --arg 8:index --remove-redundant %t.mlir | filecheck %s --check-prefix=FOUND
// FOUND:      pto-check: redundant: pto.barrier #pto.pipe<PIPE_ALL> ({{.*}}oversync.pto:22:7): stalls [[STALL:[0-9]+]] cycles, the run as given takes [[SAVED:[0-9]+]] cycles less without it
// FOUND-NEXT: pto-check: redundant: set_flag/wait_flag MTE2->V ev0 ({{.*}}oversync.pto:25:7, {{.*}}oversync.pto:26:7): stalls {{[0-9]+}} cycles
// FOUND:      pto-check: redundant: set_flag/wait_flag MTE3->V ev0 {{.*}} (kept: needed once the others are removed)
// FOUND:      pto-check: 5 runs, 0 findings; the run as given takes 6104 cycles
// RUN: filecheck %s --check-prefix=CLEAN < %t.mlir
// CLEAN:     scf.for
// CLEAN-NOT: pto.barrier
// CLEAN-NOT: pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
// CLEAN:     pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID1>]
// CLEAN:     pto.tadd
// RUN: pto-check %t.mlir --arg rand:64x8xf32:1 --arg zeros:64x8xf32 --arg 8:index --redundant | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: redundant
// AGAIN:     pto-check: 5 runs, 0 findings; the run as given takes 3562 cycles
