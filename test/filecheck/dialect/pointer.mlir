// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// CHECK-LABEL: func.func @castptr
// CHECK:      %ub = pto.castptr %addr : i64 -> !pto.ptr<f32, ub>
// CHECK-NEXT: %gm = pto.castptr %addr : i64 -> !pto.ptr<f16>
// CHECK-NEXT: %idx = pto.castptr %i : index -> !pto.ptr<i8, ub>
// CHECK-NEXT: %back = pto.castptr %ub : !pto.ptr<f32, ub> -> i64
// CHECK-NEXT: %view = pto.castptr %ub : !pto.ptr<f32, ub> -> !pto.ptr<i32, ub>
// GENERIC-LABEL: "func.func"() <{sym_name = "castptr"
// GENERIC:      %ub = "pto.castptr"(%addr) : (i64) -> !pto.ptr<f32, ub>
// GENERIC-NEXT: %gm = "pto.castptr"(%addr) : (i64) -> !pto.ptr<f16>
// GENERIC-NEXT: %idx = "pto.castptr"(%i) : (index) -> !pto.ptr<i8, ub>
// GENERIC-NEXT: %back = "pto.castptr"(%ub) : (!pto.ptr<f32, ub>) -> i64
// GENERIC-NEXT: %view = "pto.castptr"(%ub) : (!pto.ptr<f32, ub>) -> !pto.ptr<i32, ub>
func.func @castptr(%addr: i64, %i: index) {
  %ub = pto.castptr %addr : i64 -> !pto.ptr<f32, ub>
  %gm = pto.castptr %addr : i64 -> !pto.ptr<f16, gm>
  %idx = pto.castptr %i : index -> !pto.ptr<i8, ub>
  %back = pto.castptr %ub : !pto.ptr<f32, ub> -> i64
  %view = pto.castptr %ub : !pto.ptr<f32, ub> -> !pto.ptr<i32, ub>
  func.return
}

// Three spellings of addptr parse: with the offset type (printed form), the PTOAS form
// without it, and the PTOAS form with stripped pointer types.
// CHECK-LABEL: func.func @addptr
// CHECK:      %p1 = pto.addptr %p0, %off : !pto.ptr<f16>, index -> !pto.ptr<f16>
// CHECK-NEXT: %p2 = pto.addptr %p1, %off : !pto.ptr<f16>, index -> !pto.ptr<f16>
// CHECK-NEXT: %u1 = pto.addptr %u0, %off : !pto.ptr<f32, ub>, index -> !pto.ptr<f32, ub>
// CHECK-NEXT: %u2 = pto.addptr %u1, %off {note = 1 : i32} : !pto.ptr<f32, ub>, index -> !pto.ptr<f32, ub>
// GENERIC-LABEL: "func.func"() <{sym_name = "addptr"
// GENERIC:      %p1 = "pto.addptr"(%p0, %off) : (!pto.ptr<f16>, index) -> !pto.ptr<f16>
// GENERIC-NEXT: %p2 = "pto.addptr"(%p1, %off) : (!pto.ptr<f16>, index) -> !pto.ptr<f16>
// GENERIC-NEXT: %u1 = "pto.addptr"(%u0, %off) : (!pto.ptr<f32, ub>, index) -> !pto.ptr<f32, ub>
// GENERIC-NEXT: %u2 = "pto.addptr"(%u1, %off) {note = 1 : i32} : (!pto.ptr<f32, ub>, index) -> !pto.ptr<f32, ub>
func.func @addptr(%p0: !pto.ptr<f16>, %u0: !pto.ptr<f32, ub>, %off: index) {
  %p1 = pto.addptr %p0, %off : !pto.ptr<f16>, index -> !pto.ptr<f16>
  %p2 = pto.addptr %p1, %off : !pto.ptr<f16> -> !pto.ptr<f16>
  %u1 = pto.addptr %u0, %off : <f32, ub> -> <f32, ub>
  %u2 = pto.addptr %u1, %off {note = 1 : i32} : !pto.ptr<f32, ub> -> !pto.ptr<f32, ub>
  func.return
}

// Pointer ops run on the scalar unit and are legal inside and outside a vecscope.
// CHECK-LABEL: func.func @in_vecscope
// CHECK:      pto.vecscope {
// CHECK-NEXT:   %ub = pto.castptr %addr : i64 -> !pto.ptr<f32, ub>
// CHECK-NEXT:   %row = pto.addptr %ub, %off : !pto.ptr<f32, ub>, index -> !pto.ptr<f32, ub>
func.func @in_vecscope(%addr: i64, %off: index) {
  pto.vecscope {
    %ub = pto.castptr %addr : i64 -> !pto.ptr<f32, ub>
    %row = pto.addptr %ub, %off : !pto.ptr<f32, ub> -> !pto.ptr<f32, ub>
  }
  func.return
}
