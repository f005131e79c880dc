builtin.module attributes {pto.target_arch = "unit"} {
  func.func @k() {
    func.return
  }
}
