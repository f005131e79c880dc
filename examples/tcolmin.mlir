// ARGS: rand:16x32xf32:1 zeros:1x32xf32
// Column minima of a 16x32 f32 matrix in GM, written as a Level-2 (DPS) kernel.
// dst[0, j] = min_i src[i, j]
// At Level 2 the kernel orders its pipes itself: MTE2 (load) -> V (tcolmin) -> MTE3 (store).
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @colmin(%src: !pto.ptr<f32>, %dst: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %src_view = pto.make_tensor_view %src, shape = [%c16, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf32>
    %dst_view = pto.make_tensor_view %dst, shape = [%c1, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf32>
    %src_part = pto.partition_view %src_view, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x32xf32>
    %dst_part = pto.partition_view %dst_view, offsets = [%c0, %c0], sizes = [%c1, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1x32xf32>
    %in = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32>
    %out = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>
    pto.tload ins(%src_part : !pto.partition_tensor_view<16x32xf32>) outs(%in : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32>)
    pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
    pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
    pto.tcolmin ins(%in : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32>) outs(%out : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>)
    pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
    pto.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
    pto.tstore ins(%out : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>) outs(%dst_part : !pto.partition_tensor_view<1x32xf32>)
    func.return
  }
}
