// ARGS: rand:1024xf16:1 rand:1024xf16:2 zeros:1024xf16
// c = |a + b| - b on 32x32 f16 tiles, written at Level 1 (SSA tile values).
!tile = !pto.tile<loc=vec, dtype=f16, rows=32, cols=32>
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @tadd_abs(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %c: !pto.ptr<f16>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %va = pto.make_tensor_view %a, shape = [%c32, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf16>
    %vb = pto.make_tensor_view %b, shape = [%c32, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf16>
    %vc = pto.make_tensor_view %c, shape = [%c32, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf16>
    %pa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<32x32xf16>
    %pb = pto.partition_view %vb, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<32x32xf16>
    %pc = pto.partition_view %vc, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<32x32xf16>
    %ta = pto.tload %pa : !pto.partition_tensor_view<32x32xf16> -> !tile
    %tb = pto.tload %pb : !pto.partition_tensor_view<32x32xf16> -> !tile
    %sum = pto.tadd %ta, %tb : (!tile, !tile) -> !tile
    %abs = pto.tabs %sum : !tile -> !tile
    %res = pto.tsub %abs, %tb : (!tile, !tile) -> !tile
    pto.tstore %res, %pc : !tile, !pto.partition_tensor_view<32x32xf16>
    func.return
  }
}
