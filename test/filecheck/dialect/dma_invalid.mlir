// RUN: pto-opt %s --split-input-file --verify-diagnostics

func.func @f(%a: !pto.ptr<f32, ub>, %b: !pto.ptr<f32, ub>, %c: i64, %t: i1) {
  // expected-error @+1 {{pto.copy_gm_to_ubuf source must point to gm, got !pto.ptr<f32, ub>}}
  pto.copy_gm_to_ubuf %a, %b, %c, %c, %c, %c, %c, %t, %c, %c, %c : !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, i1, i64, i64, i64
  func.return
}

// -----

func.func @f(%a: !pto.ptr, %b: !pto.ptr<f32>, %c: i64, %t: i1) {
  // expected-error @+1 {{pto.copy_gm_to_ubuf destination must point to ub, got !pto.ptr<f32>}}
  pto.copy_gm_to_ubuf %a, %b, %c, %c, %c, %c, %c, %t, %c, %c, %c : !pto.ptr, !pto.ptr<f32>, i64, i64, i64, i64, i64, i1, i64, i64, i64
  func.return
}

// -----

func.func @f(%a: !pto.ptr<f32, l1>, %b: !pto.ptr<f32>, %c: i64) {
  // expected-error @+1 {{pto.copy_ubuf_to_gm source must point to ub, got !pto.ptr<f32, l1>}}
  pto.copy_ubuf_to_gm %a, %b, %c, %c, %c, %c, %c, %c : !pto.ptr<f32, l1>, !pto.ptr<f32>, i64, i64, i64, i64, i64, i64
  func.return
}

// -----

func.func @f(%a: !pto.ptr<f32, ub>, %c: i64) {
  // expected-error @+1 {{pto.copy_ubuf_to_gm destination must point to gm, got !pto.ptr<f32, ub>}}
  pto.copy_ubuf_to_gm %a, %a, %c, %c, %c, %c, %c, %c : !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, i64
  func.return
}

// -----

func.func @f(%a: !pto.ptr<f16>, %b: !pto.ptr<f32, ub>, %c: i64, %t: i1) {
  // expected-error @+1 {{pto.copy_gm_to_ubuf source element type f16 must equal the destination element type f32}}
  pto.copy_gm_to_ubuf %a, %b, %c, %c, %c, %c, %c, %t, %c, %c, %c : !pto.ptr<f16>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, i1, i64, i64, i64
  func.return
}

// -----

func.func @f(%a: !pto.ptr<i32, ub>, %b: !pto.ptr<f32>, %c: i64) {
  // expected-error @+1 {{pto.copy_ubuf_to_gm source element type i32 must equal the destination element type f32}}
  pto.copy_ubuf_to_gm %a, %b, %c, %c, %c, %c, %c, %c : !pto.ptr<i32, ub>, !pto.ptr<f32>, i64, i64, i64, i64, i64, i64
  func.return
}

// -----

func.func @f(%b: !pto.ptr<f32, ub>, %c: i64, %t: i1) {
  // expected-error @+1 {{pto.copy_gm_to_ubuf source must be a !pto.ptr, got i64}}
  pto.copy_gm_to_ubuf %c, %b, %c, %c, %c, %c, %c, %t, %c, %c, %c : i64, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, i1, i64, i64, i64
  func.return
}

// -----

func.func @f(%a: !pto.ptr, %c: i64) {
  // expected-error @+1 {{pto.copy_gm_to_ubuf data_select_bit must be i1, got i64}}
  pto.copy_gm_to_ubuf %a, %a, %c, %c, %c, %c, %c, %c, %c, %c, %c : !pto.ptr, !pto.ptr, i64, i64, i64, i64, i64, i64, i64, i64, i64
  func.return
}

// -----

func.func @f(%a: !pto.ptr, %c: i64, %s: i32, %t: i1) {
  // expected-error @+1 {{pto.copy_gm_to_ubuf ub_stride must be i64, got i32}}
  pto.copy_gm_to_ubuf %a, %a, %c, %c, %c, %c, %c, %t, %c, %c, %s : !pto.ptr, !pto.ptr, i64, i64, i64, i64, i64, i1, i64, i64, i32
  func.return
}

// -----

func.func @f(%a: !pto.ptr, %c: i64, %n: index) {
  // expected-error @+1 {{pto.copy_ubuf_to_gm n_burst must be i64, got index}}
  pto.copy_ubuf_to_gm %a, %a, %c, %n, %c, %c, %c, %c : !pto.ptr, !pto.ptr, i64, index, i64, i64, i64, i64
  func.return
}

// -----

func.func @f(%c: i64, %s: i32) {
  // expected-error @+1 {{pto.set_loop_size_outtoub loop2_count must be i64, got i32}}
  pto.set_loop_size_outtoub %c, %s : i64, i32
  func.return
}

// -----

func.func @f(%c: i64, %s: index) {
  // expected-error @+1 {{pto.set_loop_size_ubtoout loop1_count must be i64, got index}}
  pto.set_loop_size_ubtoout %s, %c : index, i64
  func.return
}
