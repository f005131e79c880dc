// At module level, %sum uses %n before its definition.
builtin.module attributes {pto.target_arch = "a5"} {
  %sum = arith.addi %n, %n : index
  %n = arith.constant 3 : index
  func.func @k(%x: !pto.ptr<f32>) {
    func.return
  }
}
