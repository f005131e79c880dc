// RUN: pto-opt %s --split-input-file --verify-diagnostics

module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%p: i64, %s: i64) {
    // expected-error @+1 {{pto.wait_intra_core is only on a5 (target a2a3): see its page}}
    pto.wait_intra_core %p, %s : i64, i64
    func.return
  }
}

// -----

module attributes {pto.target_arch = "a5"} {
  func.func @f(%e: i64) {
    // expected-error @+1 {{pto.wait_flag_dev is only on a2a3 (target a5): see its page}}
    pto.wait_flag_dev %e : i64
    func.return
  }
}

// -----

func.func @f(%c: i64, %e: i32) {
  // expected-error @+1 {{pto.set_cross_core event_id must be i64, got i32}}
  pto.set_cross_core %c, %e : i64, i32
  func.return
}
