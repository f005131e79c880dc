func.func @k() {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %r = scf.while (%x = %c0) : (index) -> index {
    scf.condition(%true) %x : index
  } do {
  ^bb0(%y: index):
    scf.yield %y : index
  }
  func.return
}
