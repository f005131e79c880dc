func.func @k() {
  %c = arith.constant 300 : i8
  func.return
}
