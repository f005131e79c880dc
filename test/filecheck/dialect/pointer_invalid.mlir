// RUN: pto-opt %s --split-input-file --verify-diagnostics

func.func @castptr_int_to_int(%a: i64) {
  // expected-error @+1 {{pto.castptr casts between an address and a pointer: input i64 or result i32 must be a !pto.ptr}}
  %b = pto.castptr %a : i64 -> i32
  func.return
}

// -----

func.func @castptr_float(%a: f32) {
  // expected-error @+1 {{pto.castptr input type f32 must be an integer or a !pto.ptr}}
  %p = pto.castptr %a : f32 -> !pto.ptr<f32, ub>
  func.return
}

// -----

func.func @castptr_to_vreg(%p: !pto.ptr<f32, ub>) {
  // expected-error @+1 {{pto.castptr result type !pto.vreg<64xf32> must be an integer or a !pto.ptr}}
  %v = pto.castptr %p : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
  func.return
}

// -----

func.func @addptr_result(%p: !pto.ptr<f16>, %off: index) {
  // expected-error @+1 {{pto.addptr result type !pto.ptr<f32> must equal the ptr type !pto.ptr<f16>}}
  %q = pto.addptr %p, %off : !pto.ptr<f16>, index -> !pto.ptr<f32>
  func.return
}

// -----

func.func @addptr_space(%p: !pto.ptr<f16, ub>, %off: index) {
  // expected-error @+1 {{pto.addptr result type !pto.ptr<f16> must equal the ptr type !pto.ptr<f16, ub>}}
  %q = pto.addptr %p, %off : !pto.ptr<f16, ub> -> !pto.ptr<f16, gm>
  func.return
}

// -----

func.func @addptr_untyped(%p: !pto.ptr, %off: index) {
  // expected-error @+1 {{pto.addptr needs a typed pointer such as !pto.ptr<f32>: the offset counts elements}}
  %q = pto.addptr %p, %off : !pto.ptr -> !pto.ptr
  func.return
}

// -----

func.func @addptr_offset(%p: !pto.ptr<f16>, %off: i64) {
  // expected-error @+1 {{pto.addptr offset type i64 must be index (in elements)}}
  %q = pto.addptr %p, %off : !pto.ptr<f16>, i64 -> !pto.ptr<f16>
  func.return
}
