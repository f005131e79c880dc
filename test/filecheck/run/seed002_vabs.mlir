// The seed 002 typical kernel computes |x| over 1024 f32 on a5 and cpu with no hazard; the
// report shows the pipes' cycles and the trace is a Chrome trace with one track per pipe.
// RUN: rm -rf %t && mkdir -p %t
// RUN: pto-run %examples/seed002_vabs.mlir --arg %S/Inputs/ramp_1024_f32.npy --arg zeros:1024xf32 --out-dir %t/a5 --report --trace %t/trace.json | filecheck %s
// RUN: python3 %S/Inputs/check_abs.py %S/Inputs/ramp_1024_f32.npy %t/a5/arg1.npy | filecheck %s --check-prefix=ABS
// RUN: pto-run %examples/seed002_vabs.mlir --target cpu --arg %S/Inputs/ramp_1024_f32.npy --arg zeros:1024xf32 --out-dir %t/cpu
// RUN: python3 %S/Inputs/check_abs.py %S/Inputs/ramp_1024_f32.npy %t/cpu/arg1.npy | filecheck %s --check-prefix=ABS
// RUN: filecheck %s --check-prefix=TRACE < %t/trace.json
//
// Without the MTE2 -> V wait, buffer slot 0 (get_buf/rls_buf) still orders the copy before the
// vector loop, so the only report is the flag nobody waits for (exit status 3):
// RUN: grep -v 'wait_flag\["PIPE_MTE2"' %examples/seed002_vabs.mlir > %t/nowait.mlir
// RUN: not pto-run %t/nowait.mlir --arg zeros:1024xf32 --arg zeros:1024xf32 2>&1 | filecheck %s --check-prefix=NOWAIT
// Without the wait and the buffer slots of MTE2 and V, the vector loads race the DMA:
// RUN: grep -v 'wait_flag\["PIPE_MTE2"\|_buf "PIPE_MTE2"\|_buf "PIPE_V"' %examples/seed002_vabs.mlir > %t/race.mlir
// RUN: not pto-run %t/race.mlir --arg zeros:1024xf32 --arg zeros:1024xf32 2>&1 | filecheck %s --check-prefix=RACE
// RUN: pto-run %t/race.mlir --allow-hazards --arg zeros:1024xf32 --arg zeros:1024xf32

// Cycles by hand (docs/machine.md): MTE2 264 + 4096 / 128 = 296; MTE3 264 + ceil(4096 /
// 109.38) = 302; V, the A5 issue model over 16 iterations of plt, vlds, vabs, vsts: plt is
// no instruction (its mask is ready with its count), the two load ports issue vlds k at
// cycle k // 2, vabs k waits 6 cycles for its load and issues at 6 + k, vsts k 4 cycles
// later at 10 + k (done 25 + 9 = 34), plus start-up 23 and drain 12 = 69, what the tile op
// costs. The flags serialise the three, each flag 40 cycles after the work it follows, and
// the closing PIPE_ALL barrier adds 90: 296 + 40 + 69 + 40 + 302 + 90 = 837. The MTE pipes
// are held for the bytes only (32, 38): a GM transfer's start-up is latency.
// CHECK: target: a5
// CHECK: pto.vabs 16
// CHECK: cycles: 837 total, pipe bound 69 (ratio 12.1304)
// CHECK-NEXT: PIPE_V 69 busy
// CHECK-NEXT: PIPE_MTE2 32 busy
// CHECK-NEXT: PIPE_MTE3 38 busy
// CHECK-NEXT: cost confidence (docs/machine.md):
// CHECK-NEXT: pto.copy_gm_to_ubuf estimate band unknown
// CHECK: pto.vabs estimate band unknown
// CHECK: hazards: 0

// ABS: equal to |x|: True

// TRACE: "traceEvents"
// TRACE-SAME: "args": {"name": "PIPE_MTE2"}
// TRACE-SAME: "name": "pto.copy_gm_to_ubuf", "cat": "PIPE_MTE2", "ph": "X"

// NOWAIT: pto-run: hazard: pto.set_flag at {{.*}}nowait.mlir:{{[0-9]+}}:5 sets PIPE_MTE2 -> PIPE_V EVENT_ID0 but no wait_flag consumes it before the kernel ends
// NOWAIT-NOT: RAW

// RACE: pto-run: hazard: RAW hazard on ub bytes [0, 256): pto.vlds at {{.*}}race.mlir:{{[0-9]+}}:9 on PIPE_V reads what pto.copy_gm_to_ubuf at {{.*}}race.mlir:{{[0-9]+}}:5 on PIPE_MTE2 wrote without synchronisation
