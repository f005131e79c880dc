// ARGS: rand:1024xf32:1 zeros:1024xf32
// |x| over 1024 f32 (one 32x32 tile), written at Level 1: SSA tile values, no addresses,
// no synchronisation. `xdsl-opt -p pto-pipeline` turns it into the "typical kernel" of the
// vector load/store chapter (examples/seed002_vabs.mlir): copy_gm_to_ubuf, an MTE2 -> V
// flag, a vecscope loop of plt_b32 / vlds / vabs / vsts, a V -> MTE3 flag, copy_ubuf_to_gm.
!tile = !pto.tile<loc=vec, dtype=f32, rows=32, cols=32>
!part = !pto.partition_tensor_view<32x32xf32>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @vabs(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %vx = pto.make_tensor_view %x, shape = [%c32, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf32>
    %vy = pto.make_tensor_view %y, shape = [%c32, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf32>
    %px = pto.partition_view %vx, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x?xf32> -> !part
    %py = pto.partition_view %vy, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x?xf32> -> !part
    %t = pto.tload %px : !part -> !tile
    %a = pto.tabs %t : !tile -> !tile
    pto.tstore %a, %py : !tile, !part
    func.return
  }
}
