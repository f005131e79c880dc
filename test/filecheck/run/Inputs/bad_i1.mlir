func.func @k(%p: !pto.ptr<f32>) {
  %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=i1, rows=8, cols=256>
  func.return
}
