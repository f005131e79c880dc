// pto.set_mov_pad_val (PTOAS syntax): one scalar, 8/16/32-bit integer or f16/bf16/f32.
// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// CHECK-LABEL: func.func @pad_values
// CHECK-NEXT:    pto.set_mov_pad_val %f : f32
// CHECK-NEXT:    pto.set_mov_pad_val %h : f16
// CHECK-NEXT:    pto.set_mov_pad_val %b : bf16
// CHECK-NEXT:    pto.set_mov_pad_val %i : i8
// CHECK-NEXT:    pto.set_mov_pad_val %s : i16
// CHECK-NEXT:    pto.set_mov_pad_val %w : i32
// CHECK-NEXT:    pto.set_mov_pad_val %u {note = "unsigned"} : ui16
// CHECK-NEXT:    func.return
// GENERIC: "pto.set_mov_pad_val"(%f) : (f32) -> ()
// GENERIC: "pto.set_mov_pad_val"(%u) {note = "unsigned"} : (ui16) -> ()
func.func @pad_values(%f: f32, %h: f16, %b: bf16, %i: i8, %s: i16, %w: i32, %u: ui16) {
  pto.set_mov_pad_val %f : f32
  pto.set_mov_pad_val %h : f16
  pto.set_mov_pad_val %b : bf16
  pto.set_mov_pad_val %i : i8
  pto.set_mov_pad_val %s : i16
  pto.set_mov_pad_val %w : i32
  pto.set_mov_pad_val %u {note = "unsigned"} : ui16
  func.return
}
