// RUN: xdsl-opt %s --split-input-file --verify-diagnostics | filecheck %s

// CHECK: pto.set_mov_pad_val value must be an 8, 16 or 32-bit integer, f16, bf16 or f32, got i64
func.func @f(%v: i64) {
  pto.set_mov_pad_val %v : i64
  func.return
}

// -----

// CHECK: pto.set_mov_pad_val value must be an 8, 16 or 32-bit integer, f16, bf16 or f32, got f64
func.func @f(%v: f64) {
  pto.set_mov_pad_val %v : f64
  func.return
}

// -----

// CHECK: pto.set_mov_pad_val value must be an 8, 16 or 32-bit integer, f16, bf16 or f32, got index
func.func @f(%v: index) {
  pto.set_mov_pad_val %v : index
  func.return
}

// -----

// CHECK: pto.set_mov_pad_val value must be an 8, 16 or 32-bit integer, f16, bf16 or f32, got i1
func.func @f(%v: i1) {
  pto.set_mov_pad_val %v : i1
  func.return
}
