// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// Predicate algebra and predicate loads/stores (vector_predicate.py, vector_predicate_memory.py),
// in PTOAS's spelling (VPTOOps.td) and the manual's pld/pst register-offset form.

// CHECK-LABEL: func.func @algebra
// CHECK: %all = pto.pset_b32 "PAT_ALL" : !pto.mask<b32>
// CHECK-NEXT: %b8 = pto.pge_b8 "PAT_VL8" : !pto.mask<b8>
// CHECK-NEXT: %g16 = pto.pge_b16 "PAT_M4" : !pto.mask<b16>
// CHECK-NEXT: %g32 = pto.pge_b32 "PAT_ALL" : !pto.mask<b32>
// CHECK-NEXT: %a, %na = pto.plt_b32 %n : i32 -> !pto.mask<b32>, i32
// CHECK-NEXT: %and = pto.pand %a, %all, %all : !pto.mask<b32>, !pto.mask<b32>, !pto.mask<b32> -> !pto.mask<b32>
// CHECK-NEXT: %or = pto.por %a, %and, %all : !pto.mask<b32>, !pto.mask<b32>, !pto.mask<b32> -> !pto.mask<b32>
// CHECK-NEXT: %xor = pto.pxor %a, %or, %all : !pto.mask<b32>, !pto.mask<b32>, !pto.mask<b32> -> !pto.mask<b32>
// CHECK-NEXT: %sel = pto.psel %a, %xor, %all : !pto.mask<b32>, !pto.mask<b32>, !pto.mask<b32> -> !pto.mask<b32>
// CHECK-NEXT: %not = pto.pnot %sel, %all : !pto.mask<b32>, !pto.mask<b32> -> !pto.mask<b32>
// CHECK-NEXT: %packed = pto.ppack %not, "LOWER" : !pto.mask<b32> -> !pto.mask<b16>
// CHECK-NEXT: %same = pto.ppack %not, "HIGHER" : !pto.mask<b32> -> !pto.mask<b32>
// CHECK-NEXT: %wide = pto.punpack %packed, "LOWER" : !pto.mask<b16> -> !pto.mask<b32>
// CHECK-NEXT: %lo8, %hi8 = pto.pintlv_b8 %b8, %b8 : !pto.mask<b8>, !pto.mask<b8> -> !pto.mask<b8>, !pto.mask<b8>
// CHECK-NEXT: %lo16, %hi16 = pto.pintlv_b16 %packed, %g16 : !pto.mask<b16>, !pto.mask<b16> -> !pto.mask<b16>, !pto.mask<b16>
// CHECK-NEXT: %lo32, %hi32 = pto.pintlv_b32 %a, %g32 : !pto.mask<b32>, !pto.mask<b32> -> !pto.mask<b32>, !pto.mask<b32>
// CHECK-NEXT: %dl8, %dh8 = pto.pdintlv_b8 %b8, %b8 : !pto.mask<b8>, !pto.mask<b8> -> !pto.mask<b8>, !pto.mask<b8>
// CHECK-NEXT: %dl16, %dh16 = pto.pdintlv_b16 %packed, %g16 : !pto.mask<b16>, !pto.mask<b16> -> !pto.mask<b16>, !pto.mask<b16>
// CHECK-NEXT: %dl32, %dh32 = pto.pdintlv_b32 %a, %g32 : !pto.mask<b32>, !pto.mask<b32> -> !pto.mask<b32>, !pto.mask<b32>
// GENERIC-LABEL: "func.func"() <{sym_name = "algebra"
// GENERIC: %all = "pto.pset_b32"() <{pattern = "PAT_ALL"}> : () -> !pto.mask<b32>
// GENERIC-NEXT: %b8 = "pto.pge_b8"() <{pattern = "PAT_VL8"}> : () -> !pto.mask<b8>
// GENERIC-NEXT: %g16 = "pto.pge_b16"() <{pattern = "PAT_M4"}> : () -> !pto.mask<b16>
// GENERIC-NEXT: %g32 = "pto.pge_b32"() <{pattern = "PAT_ALL"}> : () -> !pto.mask<b32>
// GENERIC-NEXT: %a, %na = "pto.plt_b32"(%n) : (i32) -> (!pto.mask<b32>, i32)
// GENERIC-NEXT: %and = "pto.pand"(%a, %all, %all) : (!pto.mask<b32>, !pto.mask<b32>, !pto.mask<b32>) -> !pto.mask<b32>
// GENERIC-NEXT: %or = "pto.por"(%a, %and, %all) : (!pto.mask<b32>, !pto.mask<b32>, !pto.mask<b32>) -> !pto.mask<b32>
// GENERIC-NEXT: %xor = "pto.pxor"(%a, %or, %all) : (!pto.mask<b32>, !pto.mask<b32>, !pto.mask<b32>) -> !pto.mask<b32>
// GENERIC-NEXT: %sel = "pto.psel"(%a, %xor, %all) : (!pto.mask<b32>, !pto.mask<b32>, !pto.mask<b32>) -> !pto.mask<b32>
// GENERIC-NEXT: %not = "pto.pnot"(%sel, %all) : (!pto.mask<b32>, !pto.mask<b32>) -> !pto.mask<b32>
// GENERIC-NEXT: %packed = "pto.ppack"(%not) <{part = "LOWER"}> : (!pto.mask<b32>) -> !pto.mask<b16>
// GENERIC-NEXT: %same = "pto.ppack"(%not) <{part = "HIGHER"}> : (!pto.mask<b32>) -> !pto.mask<b32>
// GENERIC-NEXT: %wide = "pto.punpack"(%packed) <{part = "LOWER"}> : (!pto.mask<b16>) -> !pto.mask<b32>
// GENERIC-NEXT: %lo8, %hi8 = "pto.pintlv_b8"(%b8, %b8) : (!pto.mask<b8>, !pto.mask<b8>) -> (!pto.mask<b8>, !pto.mask<b8>)
// GENERIC-NEXT: %lo16, %hi16 = "pto.pintlv_b16"(%packed, %g16) : (!pto.mask<b16>, !pto.mask<b16>) -> (!pto.mask<b16>, !pto.mask<b16>)
// GENERIC-NEXT: %lo32, %hi32 = "pto.pintlv_b32"(%a, %g32) : (!pto.mask<b32>, !pto.mask<b32>) -> (!pto.mask<b32>, !pto.mask<b32>)
// GENERIC-NEXT: %dl8, %dh8 = "pto.pdintlv_b8"(%b8, %b8) : (!pto.mask<b8>, !pto.mask<b8>) -> (!pto.mask<b8>, !pto.mask<b8>)
// GENERIC-NEXT: %dl16, %dh16 = "pto.pdintlv_b16"(%packed, %g16) : (!pto.mask<b16>, !pto.mask<b16>) -> (!pto.mask<b16>, !pto.mask<b16>)
// GENERIC-NEXT: %dl32, %dh32 = "pto.pdintlv_b32"(%a, %g32) : (!pto.mask<b32>, !pto.mask<b32>) -> (!pto.mask<b32>, !pto.mask<b32>)

// CHECK-LABEL: func.func @memory
// CHECK: %m = pto.plds %ub[%off], "NORM" : !pto.ptr<ui8, ub>, index -> !pto.mask<b8>
// CHECK-NEXT: %us = pto.plds %ub[%off], "US" : !pto.ptr<ui8, ub>, index -> !pto.mask<b16>
// CHECK-NEXT: %ds = pto.pldi %ub[%c32], "DS" : !pto.ptr<ui8, ub>, index -> !pto.mask<b32>
// CHECK-NEXT: %r = pto.pld %ub, %areg, "NORM" : !pto.ptr<ui8, ub>, i32 -> !pto.mask<b8>
// CHECK-NEXT: pto.psts %m, %ub[%off], "PK" : !pto.mask<b8>, !pto.ptr<ui8, ub>, index
// CHECK-NEXT: pto.psti %ds, %ub[%c32], "NORM" : !pto.mask<b32>, !pto.ptr<ui8, ub>, index
// CHECK-NEXT: pto.pst %r, %ub, %areg, "NORM" : !pto.mask<b8>, !pto.ptr<ui8, ub>, i32
// CHECK-NEXT: %a2, %w2 = pto.pstu %align, %ds, %w : !pto.align, !pto.mask<b32>, !pto.ptr<ui32, ub> -> !pto.align, !pto.ptr<ui32, ub>
// GENERIC-LABEL: "func.func"() <{sym_name = "memory"
// GENERIC: %m = "pto.plds"(%ub, %off) <{dist = "NORM"}> : (!pto.ptr<ui8, ub>, index) -> !pto.mask<b8>
// GENERIC-NEXT: %us = "pto.plds"(%ub, %off) <{dist = "US"}> : (!pto.ptr<ui8, ub>, index) -> !pto.mask<b16>
// GENERIC-NEXT: %ds = "pto.pldi"(%ub, %c32) <{dist = "DS"}> : (!pto.ptr<ui8, ub>, index) -> !pto.mask<b32>
// GENERIC-NEXT: %r = "pto.pld"(%ub, %areg) <{dist = "NORM"}> : (!pto.ptr<ui8, ub>, i32) -> !pto.mask<b8>
// GENERIC-NEXT: "pto.psts"(%m, %ub, %off) <{dist = "PK"}> : (!pto.mask<b8>, !pto.ptr<ui8, ub>, index) -> ()
// GENERIC-NEXT: "pto.psti"(%ds, %ub, %c32) <{dist = "NORM"}> : (!pto.mask<b32>, !pto.ptr<ui8, ub>, index) -> ()
// GENERIC-NEXT: "pto.pst"(%r, %ub, %areg) <{dist = "NORM"}> : (!pto.mask<b8>, !pto.ptr<ui8, ub>, i32) -> ()
// GENERIC-NEXT: %a2, %w2 = "pto.pstu"(%align, %ds, %w) : (!pto.align, !pto.mask<b32>, !pto.ptr<ui32, ub>) -> (!pto.align, !pto.ptr<ui32, ub>)

// The manual's plain forms of plds/psts (offset 0, NORM) print as written.
// CHECK-LABEL: func.func @manual_forms
// CHECK:      %m = pto.plds %ub : !pto.ptr<i64, ub> -> !pto.mask<b32>
// CHECK-NEXT: pto.psts %m, %ub : !pto.mask<b32>, !pto.ptr<i64, ub>
// GENERIC-LABEL: "func.func"() <{sym_name = "manual_forms"
// GENERIC:      %m = "pto.plds"(%ub) : (!pto.ptr<i64, ub>) -> !pto.mask<b32>
// GENERIC-NEXT: "pto.psts"(%m, %ub) : (!pto.mask<b32>, !pto.ptr<i64, ub>) -> ()

builtin.module attributes {pto.target_arch = "a5"} {
func.func @algebra(%n: i32) {
  pto.vecscope {
    %all = pto.pset_b32 "PAT_ALL" : !pto.mask<b32>
    %b8 = pto.pge_b8 "PAT_VL8" : !pto.mask<b8>
    %g16 = pto.pge_b16 "PAT_M4" : !pto.mask<b16>
    %g32 = pto.pge_b32 "PAT_ALL" : !pto.mask<b32>
    %a, %na = pto.plt_b32 %n : i32 -> !pto.mask<b32>, i32
    %and = pto.pand %a, %all, %all : !pto.mask<b32>, !pto.mask<b32>, !pto.mask<b32> -> !pto.mask<b32>
    %or = pto.por %a, %and, %all : !pto.mask<b32>, !pto.mask<b32>, !pto.mask<b32> -> !pto.mask<b32>
    %xor = pto.pxor %a, %or, %all : !pto.mask<b32>, !pto.mask<b32>, !pto.mask<b32> -> !pto.mask<b32>
    %sel = pto.psel %a, %xor, %all : !pto.mask<b32>, !pto.mask<b32>, !pto.mask<b32> -> !pto.mask<b32>
    %not = pto.pnot %sel, %all : !pto.mask<b32>, !pto.mask<b32> -> !pto.mask<b32>
    %packed = pto.ppack %not, "LOWER" : !pto.mask<b32> -> !pto.mask<b16>
    %same = pto.ppack %not, "HIGHER" : !pto.mask<b32> -> !pto.mask<b32>
    %wide = pto.punpack %packed, "LOWER" : !pto.mask<b16> -> !pto.mask<b32>
    %lo8, %hi8 = pto.pintlv_b8 %b8, %b8 : !pto.mask<b8>, !pto.mask<b8> -> !pto.mask<b8>, !pto.mask<b8>
    %lo16, %hi16 = pto.pintlv_b16 %packed, %g16 : !pto.mask<b16>, !pto.mask<b16> -> !pto.mask<b16>, !pto.mask<b16>
    %lo32, %hi32 = pto.pintlv_b32 %a, %g32 : !pto.mask<b32>, !pto.mask<b32> -> !pto.mask<b32>, !pto.mask<b32>
    %dl8, %dh8 = pto.pdintlv_b8 %b8, %b8 : !pto.mask<b8>, !pto.mask<b8> -> !pto.mask<b8>, !pto.mask<b8>
    %dl16, %dh16 = pto.pdintlv_b16 %packed, %g16 : !pto.mask<b16>, !pto.mask<b16> -> !pto.mask<b16>, !pto.mask<b16>
    %dl32, %dh32 = pto.pdintlv_b32 %a, %g32 : !pto.mask<b32>, !pto.mask<b32> -> !pto.mask<b32>, !pto.mask<b32>
  }
  func.return
}

func.func @memory(%ub: !pto.ptr<ui8, ub>, %w: !pto.ptr<ui32, ub>, %off: index, %areg: i32, %align: !pto.align) {
  %c32 = arith.constant 32 : index
  pto.vecscope {
    %m = pto.plds %ub[%off], "NORM" : !pto.ptr<ui8, ub>, index -> !pto.mask<b8>
    %us = pto.plds %ub[%off], "US" : !pto.ptr<ui8, ub>, index -> !pto.mask<b16>
    %ds = pto.pldi %ub[%c32], "DS" : !pto.ptr<ui8, ub>, index -> !pto.mask<b32>
    %r = pto.pld %ub, %areg, "NORM" : !pto.ptr<ui8, ub>, i32 -> !pto.mask<b8>
    pto.psts %m, %ub[%off], "PK" : !pto.mask<b8>, !pto.ptr<ui8, ub>, index
    pto.psti %ds, %ub[%c32], "NORM" : !pto.mask<b32>, !pto.ptr<ui8, ub>, index
    pto.pst %r, %ub, %areg, "NORM" : !pto.mask<b8>, !pto.ptr<ui8, ub>, i32
    %a2, %w2 = pto.pstu %align, %ds, %w : !pto.align, !pto.mask<b32>, !pto.ptr<ui32, ub> -> !pto.align, !pto.ptr<ui32, ub>
  }
  func.return
}

func.func @manual_forms(%ub: !pto.ptr<i64, ub>) {
  pto.vecscope {
    %m = pto.plds %ub : !pto.ptr<i64, ub> -> !pto.mask<b32>
    pto.psts %m, %ub : !pto.mask<b32>, !pto.ptr<i64, ub>
  }
  func.return
}
}
