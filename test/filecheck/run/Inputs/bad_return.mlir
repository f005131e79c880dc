func.func @k(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, v_row=8> {
  func.return %a : !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
}
