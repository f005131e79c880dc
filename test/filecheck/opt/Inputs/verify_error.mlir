builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @k(%s: !pto.tile_buf<loc=vec, dtype=bf16, rows=16, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=bf16, rows=1, cols=16>) {
    pto.tcolmin ins(%s : !pto.tile_buf<loc=vec, dtype=bf16, rows=16, cols=16>) outs(%d : !pto.tile_buf<loc=vec, dtype=bf16, rows=1, cols=16>)
    func.return
  }
}
