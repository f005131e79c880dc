// ARGS: rand:16x64xf32:1 rand:16x64xf32:2 zeros:16x64xf32
// |a - b| over one 16x64 tile of f32, written at Level 1 (docs/tutorial.md walks through it):
// two tloads, a tsub, a tabs and a tstore on SSA tile values; no buffers, no addresses, no
// synchronisation.
!tile = !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>
!part = !pto.partition_tensor_view<16x64xf32>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @absdiff(%a: !pto.ptr<f32>, %b: !pto.ptr<f32>, %out: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %va = pto.make_tensor_view %a, shape = [%c16, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf32>
    %vb = pto.make_tensor_view %b, shape = [%c16, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf32>
    %vo = pto.make_tensor_view %out, shape = [%c16, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf32>
    %pa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf32> -> !part
    %pb = pto.partition_view %vb, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf32> -> !part
    %po = pto.partition_view %vo, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf32> -> !part
    %ta = pto.tload %pa : !part -> !tile
    %tb = pto.tload %pb : !part -> !tile
    %d = pto.tsub %ta, %tb : (!tile, !tile) -> !tile
    %r = pto.tabs %d : !tile -> !tile
    pto.tstore %r, %po : !tile, !part
    func.return
  }
}
