// ARGS: rand:32x64xf32:1 rand:32x64xf32:2 2.5:f32
// y = alpha * x + y (AXPY) over 32x64 f32 tiles, written at Level 1 (SSA tile values):
// the scalar alpha is a kernel argument, taxpy's SSA form takes the accumulator as its
// last source and rounds once (vaxpy: fused).
!tile = !pto.tile<loc=vec, dtype=f32, rows=32, cols=64>
!view = !pto.partition_tensor_view<32x64xf32>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @axpy(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>, %alpha: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %vx = pto.make_tensor_view %x, shape = [%c32, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf32>
    %vy = pto.make_tensor_view %y, shape = [%c32, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf32>
    %px = pto.partition_view %vx, offsets = [%c0, %c0], sizes = [%c32, %c64] : !pto.tensor_view<?x?xf32> -> !view
    %py = pto.partition_view %vy, offsets = [%c0, %c0], sizes = [%c32, %c64] : !pto.tensor_view<?x?xf32> -> !view
    %tx = pto.tload %px : !view -> !tile
    %ty = pto.tload %py : !view -> !tile
    %res = pto.taxpy %tx, %alpha, %ty : (!tile, f32, !tile) -> !tile
    pto.tstore %res, %py : !tile, !view
    func.return
  }
}
