func.func @k(%step: index) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %step {
    scf.yield
  }
  func.return
}
