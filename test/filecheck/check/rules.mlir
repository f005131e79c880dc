// The pipe table and the same-pipe rules, checked like cross-pipe hazards.
//
// tci with a tmp tile runs vector code (hw-native-sys/PTOAS#1532): a store that waits for
// PIPE_S races it.
// RUN: not pto-check %S/Inputs/tci_pipes.pto --entry with_tmp --arg zeros:1x32xi32 --arg 31:i32 | filecheck %s --check-prefix=TCI
// TCI: pto-check: RAW: RAW hazard on ub bytes [1024, 1152): pto.tstore at {{.*}}tci_pipes.pto:19:5 on PIPE_MTE3 reads what pto.tci at {{.*}}tci_pipes.pto:16:5 on PIPE_V wrote without synchronisation [as given]
//
// A5: a vector load of bytes a store of the same vecscope wrote needs mem_bar VST_VLD
// (hw-native-sys/PTOAS#869); with it the kernel is clean.
// RUN: not pto-check %S/Inputs/spill.pto --arg rand:1x64xf32:1 --arg zeros:1x64xf32 | filecheck %s --check-prefix=SPILL
// SPILL: pto-check: RAW: RAW hazard on ub bytes [256, 512) within PIPE_V: pto.vlds at {{.*}}spill.pto:32:7 reads what pto.vsts at {{.*}}spill.pto:30:7 wrote, with no pto.mem_bar "VST_VLD" or pto.mem_bar "VV_ALL" between them [as given]
// RUN: sed 's|// (fence) ||' %S/Inputs/spill.pto > %t.fenced.pto
// RUN: pto-check %t.fenced.pto --arg rand:1x64xf32:1 --arg zeros:1x64xf32 | filecheck %s --check-prefix=FENCED
// FENCED: pto-check: 1 run, 0 findings
//
// Two fences whose lives nest on one event id (hw-native-sys/PTOAS#823).
// RUN: not pto-check %S/Inputs/event_reuse.pto --arg rand:8x8xf32:1 --arg rand:8x8xf32:2 --arg zeros:8x8xf32 --arg zeros:8x8xf32 | filecheck %s --check-prefix=REUSE
// REUSE:      pto-check: event-reuse: pto.set_flag at {{.*}}event_reuse.pto:38:5 sets MTE3->V ev2 while its previous signal (pto.set_flag at {{.*}}event_reuse.pto:36:5) may still be pending: pto.wait_flag at {{.*}}event_reuse.pto:39:5, which takes it, is not ordered before this set (an event id holds one signal) [as given]
// REUSE-NEXT: pto-check: WAR: WAR hazard on ub bytes [768, 1024): pto.tabs at {{.*}}event_reuse.pto:40:5 on PIPE_V writes what pto.tstore at {{.*}}event_reuse.pto:37:5 on PIPE_MTE3 read without synchronisation [as given]
