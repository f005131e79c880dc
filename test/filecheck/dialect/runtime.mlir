// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// CHECK-LABEL: func.func @queries
// CHECK:         %b = pto.get_block_idx
// CHECK-NEXT:    %n = pto.get_block_num
// CHECK-NEXT:    %s = pto.get_subblock_idx
// CHECK-NEXT:    %sn = pto.get_subblock_num
// CHECK-NEXT:    pto.section.vector {
// CHECK-NEXT:      pto.mem_bar "VST_VLD"
// CHECK-NEXT:      pto.mem_bar "VV_ALL"
// CHECK-NEXT:    }
// CHECK-NEXT:    pto.section.cube {
// CHECK-NEXT:      %c = arith.constant 0 : i64
// CHECK-NEXT:    }
// GENERIC: %b = "pto.get_block_idx"() : () -> i64
// GENERIC: "pto.mem_bar"() <{kind = "VST_VLD"}> : () -> ()
// GENERIC: "pto.section.cube"() ({
func.func @queries() {
  %b = pto.get_block_idx
  %n = pto.get_block_num
  %s = pto.get_subblock_idx
  %sn = pto.get_subblock_num
  pto.section.vector {
    pto.mem_bar "VST_VLD"
    pto.mem_bar "VV_ALL"
  }
  pto.section.cube {
    %c = arith.constant 0 : i64
  }
  func.return
}

// CHECK-LABEL: func.func @align
// CHECK:         %a = pto.init_align : !pto.align
// GENERIC: %a = "pto.init_align"() : () -> !pto.align
func.func @align() {
  %a = pto.init_align : !pto.align
  func.return
}
