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

// -----

module attributes {pto.target_arch = "a2a3"} {
  func.func @f() {
    // expected-error @+1 {{pto.set_intra_block event id must be in [0, 15], got 16}}
    pto.set_intra_block <PIPE_FIX>, 16
    func.return
  }
}

// -----

module attributes {pto.target_arch = "a5"} {
  func.func @f() {
    // expected-error @+1 {{pto.wait_intra_block pipe must be one of <PIPE_FIX>, <PIPE_MTE1>, <PIPE_MTE2>, <PIPE_MTE3>, <PIPE_V>}}
    pto.wait_intra_block <PIPE_S>, 1
    func.return
  }
}

// -----

func.func @f(%p: i64) {
  // expected-error @+1 {{pto.set_intra_block takes %pipe, %sem_id : i64, i64}}
  "pto.set_intra_block"(%p) : (i64) -> ()
  func.return
}

// -----

func.func @f(%i: index) {
  // expected-error @+1 {{pto.set_intra_block takes a static event id or a dynamic index one, not both}}
  "pto.set_intra_block"(%i) <{pipe = #pto.pipe<PIPE_FIX>, event_id = 1 : i32}> : (index) -> ()
  func.return
}

// -----

func.func @f(%i: i32) {
  // expected-error @+1 {{pto.set_intra_block dynamic event id must be an index, got i32}}
  "pto.set_intra_block"(%i) <{pipe = #pto.pipe<PIPE_FIX>}> : (i32) -> ()
  func.return
}

// -----

func.func @f() {
  // expected-error @+1 {{pto.set_cross_block pipe must be one of <PIPE_FIX>, <PIPE_MTE1>, <PIPE_MTE2>, <PIPE_MTE3>, <PIPE_V>}}
  pto.set_cross_block <PIPE_M>, 1
  func.return
}
