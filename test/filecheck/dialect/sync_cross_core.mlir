// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// The manual's pipe_barrier spelling parses to the canonical pto.barrier.
// CHECK-LABEL: func.func @a5
// CHECK:         pto.set_intra_block %p, %s : i64, i64
// CHECK-NEXT:    pto.wait_intra_core %p, %s : i64, i64
// CHECK-NEXT:    pto.barrier #pto.pipe<PIPE_MTE2>
// GENERIC: "pto.set_intra_block"(%p, %s) : (i64, i64) -> ()
module attributes {pto.target_arch = "a5"} {
  func.func @a5(%p: i64, %s: i64) {
    pto.set_intra_block %p, %s : i64, i64
    pto.wait_intra_core %p, %s : i64, i64
    pto.pipe_barrier "PIPE_MTE2"
    func.return
  }
}

// CHECK-LABEL: func.func @a2a3
// CHECK:         pto.set_cross_core %c, %e : i64, i64
// CHECK-NEXT:    pto.wait_flag_dev %e : i64
// GENERIC: "pto.wait_flag_dev"(%e) : (i64) -> ()
module attributes {pto.target_arch = "a2a3"} {
  func.func @a2a3(%c: i64, %e: i64) {
    pto.set_cross_core %c, %e : i64, i64
    pto.wait_flag_dev %e : i64
    func.return
  }
}

// PTOAS's named forms: the pipe and a static or dynamic (index) id; the cross-block pair
// are FFTS flags of mode 0 (the default, not printed).
// CHECK-LABEL: func.func @named
// CHECK:         pto.set_intra_block <PIPE_FIX>, 17
// CHECK-NEXT:    pto.wait_intra_block <PIPE_V>, %i
// CHECK-NEXT:    pto.set_cross_block <PIPE_MTE3>, 0
// CHECK-NEXT:    pto.wait_cross_block <PIPE_MTE2>, %i
// GENERIC: "pto.set_intra_block"() <{pipe = #pto.pipe<PIPE_FIX>, event_id = 17 : i32}> : () -> ()
// GENERIC: "pto.wait_intra_block"(%i) <{pipe = #pto.pipe<PIPE_V>}> : (index) -> ()
// GENERIC: "pto.set_cross_block"() <{pipe = #pto.pipe<PIPE_MTE3>, event_id = 0 : i32}>
// GENERIC: "pto.wait_cross_block"(%i) <{pipe = #pto.pipe<PIPE_MTE2>}>
module attributes {pto.target_arch = "a5"} {
  func.func @named(%i: index) {
    pto.set_intra_block <PIPE_FIX>, 17
    pto.wait_intra_block #pto.pipe<PIPE_V>, %i
    pto.set_cross_block <PIPE_MTE3>, 0
    pto.wait_cross_block <PIPE_MTE2>, %i
    func.return
  }
}
