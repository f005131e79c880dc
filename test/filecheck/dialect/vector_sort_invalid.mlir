// RUN: pto-opt %s --split-input-file --verify-diagnostics

// vbitsort: UB pointers
func.func @case0(%d: !pto.ptr<ui32, ub>, %s: !pto.ptr<f32, gm>, %i: !pto.ptr<ui32, ub>, %n: index) {
  // expected-error @+1 {{pto.vbitsort source must address UB (!pto.ptr<T, ub> or untyped !pto.ptr), got !pto.ptr<f32>}}
  pto.vbitsort %d, %s, %i, %n : !pto.ptr<ui32, ub>, !pto.ptr<f32, gm>, !pto.ptr<ui32, ub>, index
  func.return
}

// -----

// vbitsort: half or float scores
func.func @case1(%d: !pto.ptr<ui32, ub>, %s: !pto.ptr<i32, ub>, %i: !pto.ptr<ui32, ub>, %n: index) {
  // expected-error @+1 {{pto.vbitsort source element type i32 is not supported on target cpu (supported: f16, f32)}}
  pto.vbitsort %d, %s, %i, %n : !pto.ptr<ui32, ub>, !pto.ptr<i32, ub>, !pto.ptr<ui32, ub>, index
  func.return
}

// -----

// vbitsort: 32-bit indices
func.func @case2(%d: !pto.ptr<ui32, ub>, %s: !pto.ptr<f32, ub>, %i: !pto.ptr<i16, ub>, %n: index) {
  // expected-error @+1 {{pto.vbitsort indices element type i16 must be a 32-bit integer (ui32 or i32)}}
  pto.vbitsort %d, %s, %i, %n : !pto.ptr<ui32, ub>, !pto.ptr<f32, ub>, !pto.ptr<i16, ub>, index
  func.return
}

// -----

// vbitsort: repeat_times is an index
func.func @case3(%d: !pto.ptr<ui32, ub>, %s: !pto.ptr<f32, ub>, %i: !pto.ptr<ui32, ub>, %n: i32) {
  // expected-error @+1 {{pto.vbitsort repeat_times must be index, got i32}}
  pto.vbitsort %d, %s, %i, %n : !pto.ptr<ui32, ub>, !pto.ptr<f32, ub>, !pto.ptr<ui32, ub>, i32
  func.return
}

// -----

// vbitsort: operand kinds
func.func @case4(%d: !pto.ptr<ui32, ub>, %s: !pto.ptr<f32, ub>, %i: i64, %n: index) {
  // expected-error @+1 {{pto.vbitsort indices must be a !pto.ptr, got i64}}
  pto.vbitsort %d, %s, %i, %n : !pto.ptr<ui32, ub>, !pto.ptr<f32, ub>, i64, index
  func.return
}

// -----

// vmrgsort4: one element type
func.func @case5(%d: !pto.ptr<f32, ub>, %h: !pto.ptr<f16, ub>, %x: i64) {
  // expected-error @+1 {{pto.vmrgsort4 source2 element type f16 must equal the destination element type f32}}
  pto.vmrgsort4 %d, %d, %d, %h, %d, %x, %x : !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, !pto.ptr<f16, ub>, !pto.ptr<f32, ub>, i64, i64
  func.return
}

// -----

// vmrgsort4: count is i64
func.func @case6(%d: !pto.ptr<f32, ub>, %x: i64, %y: i32) {
  // expected-error @+1 {{pto.vmrgsort4 count must be i64, got i32}}
  pto.vmrgsort4 %d, %d, %d, %d, %d, %y, %x : !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, i32, i64
  func.return
}

// -----

// vmrgsort4: config is i64
func.func @case7(%d: !pto.ptr<f32, ub>, %x: i64, %y: i32) {
  // expected-error @+1 {{pto.vmrgsort4 config must be i64, got i32}}
  pto.vmrgsort4 %d, %d, %d, %d, %d, %x, %y : !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, i64, i32
  func.return
}

// -----

// vsort32: UB pointers
func.func @case8(%g: !pto.ptr<f32, gm>, %d: !pto.ptr<f32, ub>, %x: i64) {
  // expected-error @+1 {{pto.vsort32 destination must address UB (!pto.ptr<T, ub> or untyped !pto.ptr), got !pto.ptr<f32>}}
  pto.vsort32 %g, %d, %x : !pto.ptr<f32, gm>, !pto.ptr<f32, ub>, i64
  func.return
}

// -----

// get_vms4_sr: i16 counts
func.func @case9() {
  // expected-error @+1 {{pto.get_vms4_sr list2 must be i16, got i32}}
  %a, %b, %c, %e = pto.get_vms4_sr : i16, i16, i32, i16
  func.return
}
