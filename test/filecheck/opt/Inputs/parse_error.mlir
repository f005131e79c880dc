func.func @k(%a: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) {
	%t = pto.alloc_tile addr = : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
  func.return
}
