// Pass bisection by execution, and target differences.
//
// pto-plan-memory after pto-insert-sync gives a dead tile's bytes to a load the sync did not
// order: the first pass that adds a hazard. Stages without sync yet run serialised.
// RUN: python3 %S/../run/Inputs/exit_status.py -- pto-check %S/Inputs/two_chains.pto --arg rand:8x8xf32:1 --arg rand:8x8xf32:2 --arg zeros:8x8xf32 --arg zeros:8x8xf32 --bisect pto-convert-to-dps,pto-insert-sync,pto-plan-memory --json %t.json | filecheck %s --check-prefix=STATUS
// RUN: filecheck %s --check-prefix=BISECT < %t.json
// STATUS: exit status: 3
// BISECT:      "input: same bytes, no hazard (no sync yet: run serialised)"
// BISECT-NEXT: "pto-convert-to-dps: same bytes, no hazard (no sync yet: run serialised)"
// BISECT-NEXT: "pto-insert-sync: same bytes, no hazard"
// BISECT-NEXT: "pto-plan-memory: 3 hazard(s): WAR: WAR hazard on ub bytes [0, 256): pto.tload at {{.*}}two_chains.pto:18:5 on PIPE_MTE2 writes what pto.tabs at {{.*}}two_chains.pto:16:5 on PIPE_V read without synchronisation"
// BISECT:      "culprit": "pto-plan-memory"
//
// The pairwise column sum folds its odd row first on A2/A3, last on A5 and the CPU.
// RUN: not pto-check %S/Inputs/colsum_pairwise.pto --arg rand:5x64xf32:3 --arg zeros:1x64xf32 --targets | filecheck %s --check-prefix=TARGETS
// TARGETS:     pto-check: a2a3/a5: pto.tcolsum at {{.*}}colsum_pairwise.pto:18:5: first op whose results differ: element 1: a2a3 -1.3080172538757324, a5 -1.3080171346664429; why: reduction order (REDUCE_RULES: fold first against last, {{.*}})
// TARGETS-NOT: a5/cpu
