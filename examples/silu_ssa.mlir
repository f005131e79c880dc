// ARGS: rand:32x64xf32:1 zeros:32x64xf32
// SiLU activation, y = x * sigmoid(x) = x / (1 + exp(-x)), over a 32x64 f32 tile at Level 1
// (SSA tile values): tneg, texp, tadds with the constant 1, then tdiv. Every op lowers to
// its vector op on every target (vneg, vexp, vadds, vdiv).
!tile = !pto.tile<loc=vec, dtype=f32, rows=32, cols=64>
!view = !pto.partition_tensor_view<32x64xf32>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @silu(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %one = arith.constant 1.0 : f32
    %vx = pto.make_tensor_view %x, shape = [%c32, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf32>
    %vy = pto.make_tensor_view %y, shape = [%c32, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf32>
    %px = pto.partition_view %vx, offsets = [%c0, %c0], sizes = [%c32, %c64] : !pto.tensor_view<?x?xf32> -> !view
    %py = pto.partition_view %vy, offsets = [%c0, %c0], sizes = [%c32, %c64] : !pto.tensor_view<?x?xf32> -> !view
    %tx = pto.tload %px : !view -> !tile
    %neg = pto.tneg %tx : !tile -> !tile
    %e = pto.texp %neg : !tile -> !tile
    %den = pto.tadds %e, %one : (!tile, f32) -> !tile
    %res = pto.tdiv %tx, %den : (!tile, !tile) -> !tile
    pto.tstore %res, %py : !tile, !view
    func.return
  }
}
