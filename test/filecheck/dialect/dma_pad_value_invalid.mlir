// RUN: pto-opt %s --split-input-file --verify-diagnostics

func.func @f(%v: i64) {
  // expected-error @+1 {{pto.set_mov_pad_val value must be an 8, 16 or 32-bit integer, f16, bf16 or f32, got i64}}
  pto.set_mov_pad_val %v : i64
  func.return
}

// -----

func.func @f(%v: f64) {
  // expected-error @+1 {{pto.set_mov_pad_val value must be an 8, 16 or 32-bit integer, f16, bf16 or f32, got f64}}
  pto.set_mov_pad_val %v : f64
  func.return
}

// -----

func.func @f(%v: index) {
  // expected-error @+1 {{pto.set_mov_pad_val value must be an 8, 16 or 32-bit integer, f16, bf16 or f32, got index}}
  pto.set_mov_pad_val %v : index
  func.return
}

// -----

func.func @f(%v: i1) {
  // expected-error @+1 {{pto.set_mov_pad_val value must be an 8, 16 or 32-bit integer, f16, bf16 or f32, got i1}}
  pto.set_mov_pad_val %v : i1
  func.return
}
