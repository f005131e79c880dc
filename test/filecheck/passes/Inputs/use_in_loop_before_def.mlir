// %t is used in a loop body but defined after the loop.
!tile = !pto.tile<loc=vec, dtype=f32, rows=8, cols=8>
!part = !pto.partition_tensor_view<8x8xf32>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @k(%x: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %v = pto.make_tensor_view %x, shape = [%c8, %c8], strides = [%c8, %c1] : !pto.tensor_view<?x?xf32>
    %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c8, %c8] : !pto.tensor_view<?x?xf32> -> !part
    scf.for %i = %c0 to %c1 step %c1 {
      pto.tstore %t, %p : !tile, !part
      scf.yield
    }
    %t = pto.tload %p : !part -> !tile
    func.return
  }
}
