// RUN: pto-opt %s --split-input-file --verify-diagnostics

// operands in UB (PTOAS VPTO.cpp: "requires UB-backed operands")
func.func @case0(%g: !pto.ptr<f32, gm>, %u: !pto.ptr<f32, ub>, %c: i64) {
  // expected-error @+1 {{pto.ub.vmax requires UB-backed operands: dst is in gm}}
  pto.ub.vmax %g, %u, %u, %c, %c, %c, %c, %c, %c, %c : !pto.ptr<f32, gm>, !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, i64, i64
  func.return
}

// -----

// one element type for every pointer
func.func @case1(%u: !pto.ptr<f32, ub>, %h: !pto.ptr<f16, ub>, %c: i64) {
  // expected-error @+1 {{pto.ub.vabs src type !pto.ptr<f16, ub> must equal the dst type !pto.ptr<f32, ub>}}
  pto.ub.vabs %u, %h, %c, %c, %c, %c, %c : !pto.ptr<f32, ub>, !pto.ptr<f16, ub>, i64, i64, i64, i64, i64
  func.return
}

// -----

// the element types of the intrinsic (VDIV .f16/.f32)
func.func @case2(%u: !pto.ptr<i32, ub>, %c: i64) {
  // expected-error @+1 {{pto.ub.vdiv element type i32 is not supported (supported: f16, f32)}}
  pto.ub.vdiv %u, %u, %u, %c, %c, %c, %c, %c, %c, %c : !pto.ptr<i32, ub>, !pto.ptr<i32, ub>, !pto.ptr<i32, ub>, i64, i64, i64, i64, i64, i64, i64
  func.return
}

// -----

// a typed pointer
func.func @case3(%u: !pto.ptr, %c: i64) {
  // expected-error @+1 {{pto.ub.vdup dst must be a typed !pto.ptr, got !pto.ptr}}
  pto.ub.vdup %u, %c, %c, %c, %c, %c, %c : !pto.ptr, i64, i64, i64, i64, i64, i64
  func.return
}
