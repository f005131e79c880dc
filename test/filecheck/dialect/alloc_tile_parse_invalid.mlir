// pto.alloc_tile: a key (addr, valid_row, valid_col) always takes its operand; leaving it out is
// a parse error at the place the operand should be.
// RUN: pto-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{expected an operand after 'addr ='}}
%t = pto.alloc_tile addr = : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>

// -----

func.func @f(%a: i64) {
  // expected-error @+1 {{expected an operand after 'valid_row ='}}
  %t = pto.alloc_tile addr = %a valid_row = : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=?>
  func.return
}

// -----

func.func @g(%r: index) {
  // expected-error @+1 {{expected an operand after 'valid_col ='}}
  %t = pto.alloc_tile valid_row = %r valid_col = {} : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=?, v_col=?>
  func.return
}
