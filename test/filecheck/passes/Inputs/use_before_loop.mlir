// %t is used by tabs before the loop whose body defines it.
!tile = !pto.tile<loc=vec, dtype=f32, rows=8, cols=8>
!part = !pto.partition_tensor_view<8x8xf32>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @k(%x: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %v = pto.make_tensor_view %x, shape = [%c8, %c8], strides = [%c8, %c1] : !pto.tensor_view<?x?xf32>
    %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c8, %c8] : !pto.tensor_view<?x?xf32> -> !part
    %a = pto.tabs %t : !tile -> !tile
    scf.for %i = %c0 to %c1 step %c1 {
      %t = pto.tload %p : !part -> !tile
      scf.yield
    }
    pto.tstore %a, %p : !tile, !part
    func.return
  }
}
