func.func @k(%p: !pto.ptr<f80>) {
  func.return
}
