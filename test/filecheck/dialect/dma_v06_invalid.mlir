// RUN: pto-opt %s --split-input-file --verify-diagnostics

func.func @f(%a: !pto.ptr<f32, ub>, %b: !pto.ptr<f32, ub>, %c: i64) {
  // expected-error @+1 {{pto.mte_gm_ub source must point to gm, got !pto.ptr<f32, ub>}}
  pto.mte_gm_ub %a, %b, %c, %c nburst(%c, %c, %c) : !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64
  func.return
}

// -----

func.func @f(%a: !pto.ptr<f32>, %b: !pto.ptr<f16, ub>, %c: i64) {
  // expected-error @+1 {{pto.mte_gm_ub source element type f32 must equal the destination element type f16}}
  pto.mte_gm_ub %a, %b, %c, %c nburst(%c, %c, %c) : !pto.ptr<f32>, !pto.ptr<f16, ub>, i64, i64, i64, i64, i64
  func.return
}

// -----

func.func @f(%a: !pto.ptr<f32>, %b: !pto.ptr<f32, ub>, %c: i64) {
  // expected-error @+1 {{pto.mte_ub_gm source must point to ub, got !pto.ptr<f32>}}
  pto.mte_ub_gm %a, %b, %c nburst(%c, %c, %c) : !pto.ptr<f32>, !pto.ptr<f32, ub>, i64, i64, i64, i64
  func.return
}

// -----

func.func @f(%a: !pto.ptr<f32>, %b: !pto.ptr<f32, ub>, %c: i64, %s: i32) {
  // expected-error @+1 {{pto.mte_gm_ub nburst count must be i64, got i32}}
  pto.mte_gm_ub %a, %b, %c, %c nburst(%s, %c, %c) : !pto.ptr<f32>, !pto.ptr<f32, ub>, i64, i64, i32, i64, i64
  func.return
}

// -----

func.func @f(%a: !pto.ptr<f32>, %b: !pto.ptr<f32, ub>, %c: i64, %s: i32) {
  // expected-error @+1 {{pto.mte_gm_ub loop src stride must be i64, got i32}}
  pto.mte_gm_ub %a, %b, %c, %c nburst(%c, %c, %c) loop(%c, %s, %c) : !pto.ptr<f32>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, loop i64, i32, i64
  func.return
}

// -----

func.func @f(%a: !pto.ptr<f32>, %b: !pto.ptr<f32, ub>, %c: i64, %p: f64) {
  // expected-error @+1 {{pto.mte_gm_ub pad value must be an i8/i16/i32 or f16/bf16/f32 scalar, got f64}}
  pto.mte_gm_ub %a, %b, %c, %c nburst(%c, %c, %c) pad(%p) : !pto.ptr<f32>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, pad f64
  func.return
}

// -----

func.func @f(%a: !pto.ptr<f32>, %b: !pto.ptr<f32, ub>, %c: i64, %p: f32) {
  // expected-error @+1 {{pad(...) takes a value, or a value and left and right counts}}
  pto.mte_gm_ub %a, %b, %c, %c nburst(%c, %c, %c) pad(%p, %c) : !pto.ptr<f32>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, pad f32, i64
  func.return
}

// -----

func.func @f(%a: !pto.ptr<f32>, %b: !pto.ptr<f32, ub>, %c: i64) {
  // expected-error @+1 {{a burst or loop group is (count, src stride, dst stride)}}
  pto.mte_gm_ub %a, %b, %c, %c nburst(%c, %c) : !pto.ptr<f32>, !pto.ptr<f32, ub>, i64, i64, i64, i64
  func.return
}

// -----

func.func @f(%a: !pto.ptr<f32>, %b: !pto.ptr<f32, ub>, %c: i64) {
  // expected-error @+1 {{pto.mte_gm_ub: the loop and pad type groups must match the operand groups}}
  pto.mte_gm_ub %a, %b, %c, %c nburst(%c, %c, %c) loop(%c, %c, %c) : !pto.ptr<f32>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64
  func.return
}

// -----

func.func @f(%a: !pto.ptr<f32, ub>, %b: !pto.ptr<f32>, %c: i64, %p: f32) {
  // expected-error @+1 {{expected one of 'loop' or 'pad'}}
  pto.mte_ub_gm %a, %b, %c nburst(%c, %c, %c) : !pto.ptr<f32, ub>, !pto.ptr<f32>, i64, i64, i64, i64, pad f32
  func.return
}

// -----

func.func @f(%a: !pto.ptr<f32, ub>, %b: !pto.ptr<f32>, %c: i64) {
  // expected-error @+1 {{pto.mte_ub_gm requires each loop group to provide count, src stride and dst stride together}}
  "pto.mte_ub_gm"(%a, %b, %c, %c, %c, %c, %c, %c) <{operandSegmentSizes = array<i32: 1, 1, 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0>}> : (!pto.ptr<f32, ub>, !pto.ptr<f32>, i64, i64, i64, i64, i64, i64) -> ()
  func.return
}

// -----

func.func @f(%a: !pto.ptr<f32>, %b: !pto.ptr<f32, ub>, %c: i64) {
  // expected-error @+1 {{pto.mte_gm_ub requires the pad group to provide a pad value}}
  "pto.mte_gm_ub"(%a, %b, %c, %c, %c, %c, %c, %c, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1>}> : (!pto.ptr<f32>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, i64, i64) -> ()
  func.return
}

// -----

func.func @f(%a: !pto.ptr<f32>, %b: !pto.ptr<f32, ub>, %c: i64, %p: f32) {
  // expected-error @+1 {{pto.mte_gm_ub pad group must give both left and right counts, or neither}}
  "pto.mte_gm_ub"(%a, %b, %c, %c, %c, %c, %c, %p, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 0>}> : (!pto.ptr<f32>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, f32, i64) -> ()
  func.return
}

// -----

func.func @f(%a: !pto.ptr<f32>, %b: !pto.ptr<f32, ub>, %c: i64) {
  // expected-error @+1 {{pto.mte_gm_ub needs its l2_cache_ctl operand}}
  "pto.mte_gm_ub"(%a, %b, %c, %c, %c, %c) <{operandSegmentSizes = array<i32: 1, 1, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0>}> : (!pto.ptr<f32>, !pto.ptr<f32, ub>, i64, i64, i64, i64) -> ()
  func.return
}

// -----

func.func @f(%a: !pto.ptr<f32, ub>, %b: !pto.ptr<f32>, %c: i64, %p: f32) {
  // expected-error @+1 {{pto.mte_ub_gm has no pad(...) group}}
  "pto.mte_ub_gm"(%a, %b, %c, %c, %c, %c, %p) <{operandSegmentSizes = array<i32: 1, 1, 0, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0>}> : (!pto.ptr<f32, ub>, !pto.ptr<f32>, i64, i64, i64, i64, f32) -> ()
  func.return
}

// -----

func.func @f(%a: !pto.ptr<i16, ub>, %b: !pto.ptr<i16>, %c: i64) {
  // expected-error @+1 {{pto.mte_ub_ub destination must point to ub, got !pto.ptr<i16>}}
  pto.mte_ub_ub %a, %b, %c nburst(%c, %c, %c) : !pto.ptr<i16, ub>, !pto.ptr<i16>, i64, i64, i64, i64
  func.return
}

// -----

func.func @f(%a: !pto.ptr<i16, ub>, %b: !pto.ptr<i16, ub>, %c: i64) {
  // expected-error @+1 {{pto.mte_ub_l1 destination must point to l1, got !pto.ptr<i16, ub>}}
  pto.mte_ub_l1 %a, %b, %c nburst(%c, %c, %c) : !pto.ptr<i16, ub>, !pto.ptr<i16, ub>, i64, i64, i64, i64
  func.return
}

// -----

func.func @f(%a: !pto.ptr<i16, ub>, %b: !pto.ptr<i16, ub>, %c: i64, %s: i32) {
  // expected-error @+1 {{pto.copy_ubuf_to_ubuf sid must be i64, got i32}}
  pto.copy_ubuf_to_ubuf %a, %b, %s, %c, %c, %c, %c : !pto.ptr<i16, ub>, !pto.ptr<i16, ub>, i32, i64, i64, i64, i64
  func.return
}

// -----

func.func @f(%c: i64, %s: i32) {
  // expected-error @+1 {{pto.set_loop2_stride_ubtoout dst_stride must be i64, got i32}}
  pto.set_loop2_stride_ubtoout %c, %s : i64, i32
  func.return
}
