// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// CHECK-LABEL: func.func @empty
// CHECK-NEXT:  pto.vecscope {
// CHECK-NEXT:  }
// CHECK-NEXT:  pto.vecscope {
// CHECK-NEXT:  } {tag = "second"}
// GENERIC-LABEL: "func.func"() <{sym_name = "empty"
// GENERIC:      "pto.vecscope"() ({
// GENERIC-NEXT: ^bb0:
// GENERIC-NEXT: }) : () -> ()
// GENERIC-NEXT: "pto.vecscope"() ({
// GENERIC-NEXT: ^bb0:
// GENERIC-NEXT: }) {tag = "second"} : () -> ()
func.func @empty() {
  pto.vecscope {}
  pto.vecscope {
  } {tag = "second"}
  func.return
}

// Vector ops may sit under any region op inside the scope (scf.for, scf.if).
// CHECK-LABEL: func.func @nested_regions
// CHECK:      pto.vecscope {
// CHECK-NEXT:   %m = pto.pset_b32 "PAT_ALL" : !pto.mask<b32>
// CHECK-NEXT:   %{{.*}} = scf.for %i = %lo to %hi step %st iter_args(%acc = %v) -> (!pto.vreg<64xf32>) {
// CHECK-NEXT:     %r = scf.if %c -> (!pto.vreg<64xf32>) {
// CHECK-NEXT:       %s = pto.vadd %acc, %v, %m : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT:       scf.yield %s : !pto.vreg<64xf32>
// CHECK-NEXT:     } else {
// CHECK-NEXT:       scf.yield %acc : !pto.vreg<64xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.yield %r : !pto.vreg<64xf32>
// CHECK-NEXT:   }
// CHECK-NEXT: }
// GENERIC-LABEL: "func.func"() <{sym_name = "nested_regions"
// GENERIC:      "pto.vecscope"() ({
// GENERIC-NEXT:   %m = "pto.pset_b32"() <{pattern = "PAT_ALL"}> : () -> !pto.mask<b32>
// GENERIC:          %s = "pto.vadd"(%acc, %v, %m)
// GENERIC:      }) : () -> ()
func.func @nested_regions(%v: !pto.vreg<64xf32>, %lo: index, %hi: index, %st: index, %c: i1) {
  pto.vecscope {
    %m = pto.pset_b32 "PAT_ALL" : !pto.mask<b32>
    %out = scf.for %i = %lo to %hi step %st iter_args(%acc = %v) -> (!pto.vreg<64xf32>) {
      %r = scf.if %c -> (!pto.vreg<64xf32>) {
        %s = pto.vadd %acc, %v, %m : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
        scf.yield %s : !pto.vreg<64xf32>
      } else {
        scf.yield %acc : !pto.vreg<64xf32>
      }
      scf.yield %r : !pto.vreg<64xf32>
    }
  }
  func.return
}

// Scopes follow each other in a loop, as the seed 004 double-buffering pattern does.
// CHECK-LABEL: func.func @scope_per_iteration
// CHECK:      scf.for %i = %lo to %hi step %st {
// CHECK-NEXT:   pto.vecscope {
// CHECK-NEXT:     %m, %rest = pto.plt_b32 %n : i32 -> !pto.mask<b32>, i32
// CHECK-NEXT:     %r = pto.vabs %v, %m : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @scope_per_iteration(%v: !pto.vreg<64xf32>, %n: i32, %lo: index, %hi: index, %st: index) {
  scf.for %i = %lo to %hi step %st {
    pto.vecscope {
      %m, %rest = pto.plt_b32 %n : i32 -> !pto.mask<b32>, i32
      %r = pto.vabs %v, %m : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
    }
  }
  func.return
}
