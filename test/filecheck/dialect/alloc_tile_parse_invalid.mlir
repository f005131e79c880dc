// pto.alloc_tile: a key (addr, valid_row, valid_col) always takes its operand; leaving it out is
// a parse error at the place the operand should be.
// RUN: xdsl-opt %s --split-input-file --parsing-diagnostics | filecheck %s

// CHECK: alloc_tile_parse_invalid.mlir:[[# @LINE + 3]]:28
// CHECK-NEXT: %t = pto.alloc_tile addr = : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
// CHECK: expected an operand after 'addr ='
%t = pto.alloc_tile addr = : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>

// -----

// CHECK: alloc_tile_parse_invalid.mlir:[[# @LINE + 3]]:45
// CHECK: expected an operand after 'valid_row ='
func.func @f(%a: i64) {
  %t = pto.alloc_tile addr = %a valid_row = : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=?>
  func.return
}

// -----

// CHECK: alloc_tile_parse_invalid.mlir:[[# @LINE + 3]]:50
// CHECK: expected an operand after 'valid_col ='
func.func @g(%r: index) {
  %t = pto.alloc_tile valid_row = %r valid_col = {} : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=?, v_col=?>
  func.return
}
