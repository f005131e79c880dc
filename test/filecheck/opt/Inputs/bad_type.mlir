func.func @k(%t: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=4>) {
  func.return
}
