// RUN: pto-opt %s --split-input-file --verify-diagnostics

func.func @f() {
  // expected-error @+1 {{pto.mem_bar kind 'VX_ALL' is not one of VV_ALL, VST_VLD}}
  pto.mem_bar "VX_ALL"
  func.return
}

// -----

func.func @f() {
  // expected-error @+1 {{pto.mem_bar kind 'ALL' is not a MemBarKind}}
  "pto.mem_bar"() <{kind = "ALL"}> : () -> ()
  func.return
}

// -----

func.func @f() {
  // expected-error @+1 {{pto.section.vector body takes no block arguments}}
  "pto.section.vector"() ({
  ^bb0(%a: i64):
  }) : () -> ()
  func.return
}

// -----

func.func @f() {
  // expected-error @+1 {{pto.get_block_idx: result 'result' at position 0 does not verify}}
  %b = "pto.get_block_idx"() : () -> i32
  func.return
}
