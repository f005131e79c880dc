// pto-check runs a kernel as its arguments say and with every dynamic-bound loop forced to
// 0, 1, 2 and 3 iterations, and names the trip counts of the run that shows a problem.
//
// A race only when the loop runs zero times (hw-native-sys/PTOAS#533):
// RUN: python3 %S/../run/Inputs/exit_status.py -- pto-check %S/Inputs/zero_trip.pto --arg rand:8x8xf32:1 --arg rand:64x8xf32:2 --arg zeros:8x8xf32 --arg 4:index --json %t.json | filecheck %s --check-prefix=ZERO
// RUN: filecheck %s --check-prefix=JSON < %t.json
// ZERO: exit status: 3
// JSON:      "findings": [
// JSON-NEXT:   {
// JSON-NEXT:   "trips": "loop at {{.*}}zero_trip.pto:22:5 (bound %n) runs 0 times"
// JSON-NEXT: "kind": "RAW"
// JSON-NEXT: "message": "RAW hazard on ub bytes [0, 256): pto.tmul at {{.*}}zero_trip.pto:33:5 on PIPE_V reads what pto.tload at {{.*}}zero_trip.pto:21:5 on PIPE_MTE2 wrote without synchronisation"
// JSON-NOT:  "kind"
//
// A hang with an odd trip count (hw-native-sys/PTOAS#1519): the run ends with the wait-for
// chain, the event, the iteration and the last matching set; never a hang of the checker.
// RUN: not pto-check %S/Inputs/odd_trips.pto --arg rand:64x8xf32:2 --arg zeros:8x8xf32 --arg 4:index | filecheck %s --check-prefix=ODD
// ODD:      pto-check: deadlock: pto.wait_flag at {{.*}}odd_trips.pto:44:5 on PIPE_MTE2 waits for signal 2 of V->MTE2 ev0, which no set_flag gives (1 set in the run); the last matching set is pto.set_flag at {{.*}}odd_trips.pto:22:5, taken by pto.wait_flag at {{.*}}odd_trips.pto:29:9 (iteration 0 of the loop at {{.*}}odd_trips.pto:23:5) [loop at {{.*}}odd_trips.pto:23:5 (bound %n) runs 1 time]
// ODD-NEXT: pto-check: deadlock: pto.wait_flag at {{.*}}odd_trips.pto:44:5 on PIPE_MTE2 waits for signal 3 of V->MTE2 ev0, {{.*}}; the last matching set is pto.set_flag at {{.*}}odd_trips.pto:41:9 (iteration 1 of the loop {{.*}}), taken by pto.wait_flag at {{.*}}odd_trips.pto:29:9 (iteration 2 of the loop {{.*}}) [loop at {{.*}}odd_trips.pto:23:5 (bound %n) runs 3 times]
// ODD-NEXT: pto-check: 5 runs, 2 findings; the run as given takes {{[0-9]+}} cycles
//
// A loop head nobody primes (hw-native-sys/PTOAS#428, #1149): MTE2 waits for V, which
// waits for MTE2: the chain closes into a cycle.
// RUN: not pto-check %S/Inputs/unprimed.pto --arg rand:64x8xf32:2 --arg zeros:8x8xf32 --arg 4:index --trips 0,1 | filecheck %s --check-prefix=CYCLE
// CYCLE:      pto-check: deadlock: pto.wait_flag at {{.*}}unprimed.pto:20:7 (iteration 0 of the loop at {{.*}}unprimed.pto:17:5) on PIPE_MTE2 waits for V->MTE2 ev0 from pto.set_flag at {{.*}}unprimed.pto:25:7 (iteration 0 {{.*}}), which V has not reached; pto.wait_flag at {{.*}}unprimed.pto:23:7 {{.*}} on PIPE_V waits for MTE2->V ev0 from pto.set_flag at {{.*}}unprimed.pto:22:7 {{.*}}, which MTE2 has not reached; back to PIPE_MTE2: a cycle [as given]
// CYCLE-NEXT: pto-check: 3 runs, 1 finding; the run as given deadlocks
