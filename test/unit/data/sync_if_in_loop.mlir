builtin.module attributes {pto.target_arch = "a5"} {
  func.func @kernel(%in0: !pto.ptr<f32>, %in1: !pto.ptr<f32>, %out: !pto.ptr<f32>,
                    %n: index, %cond: i1) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %v_in0 = pto.make_tensor_view %in0, shape = [%c16, %c8], strides = [%c8, %c1] : !pto.tensor_view<?x?xf32>
    %in0_top = pto.partition_view %v_in0, offsets = [%c0, %c0], sizes = [%c8, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x8xf32>
    %in0_bottom = pto.partition_view %v_in0, offsets = [%c8, %c0], sizes = [%c8, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x8xf32>
    %v_in1 = pto.make_tensor_view %in1, shape = [%c16, %c8], strides = [%c8, %c1] : !pto.tensor_view<?x?xf32>
    %in1_top = pto.partition_view %v_in1, offsets = [%c0, %c0], sizes = [%c8, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x8xf32>
    %in1_bottom = pto.partition_view %v_in1, offsets = [%c8, %c0], sizes = [%c8, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x8xf32>
    %v_out = pto.make_tensor_view %out, shape = [%c16, %c8], strides = [%c8, %c1] : !pto.tensor_view<?x?xf32>
    %out_top = pto.partition_view %v_out, offsets = [%c0, %c0], sizes = [%c8, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x8xf32>
    %out_bottom = pto.partition_view %v_out, offsets = [%c8, %c0], sizes = [%c8, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x8xf32>
    %a0 = arith.constant 0 : i64
    %b0 = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
    %a1 = arith.constant 256 : i64
    %b1 = pto.alloc_tile addr = %a1 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
    %a2 = arith.constant 512 : i64
    %b2 = pto.alloc_tile addr = %a2 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
    scf.for %i1 = %c0 to %c2 step %c1 {
      pto.tload ins(%in0_top : !pto.partition_tensor_view<8x8xf32>) outs(%b0 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>)
      scf.if %cond {
        pto.tstore ins(%b2 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) outs(%out_top : !pto.partition_tensor_view<8x8xf32>)
        pto.tload ins(%in0_top : !pto.partition_tensor_view<8x8xf32>) outs(%b2 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>)
      }
    }
    func.return
  }
}
