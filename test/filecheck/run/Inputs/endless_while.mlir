func.func @k() {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %r = scf.while (%x = %c0) : (index) -> index {
    scf.condition(%true) %x : index
  } do {
  ^bb0(%y: index):
    %c1 = arith.constant 1 : index
    %next = arith.addi %y, %c1 : index
    scf.yield %next : index
  }
  func.return
}
