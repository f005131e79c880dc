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
