// ARGS: rand:1x96xf32:1 rand:96x200xf32:2 rand:1x200xf32:3 zeros:1x200xf32
// y = bias + x . W on the vector unit: x (1x96 f32), W (96x200 f32) and the bias row are
// loaded into UB (loc=vec tiles), so tgemv.bias is in its vector-unit form; run
// pto-pipeline{matmul-on-vector=true} to lower it to outer-product vector code.
!x = !pto.tile<loc=vec, dtype=f32, rows=1, cols=96>
!w = !pto.tile<loc=vec, dtype=f32, rows=96, cols=200>
!row = !pto.tile<loc=vec, dtype=f32, rows=1, cols=200>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @gemv_bias(%xp: !pto.ptr<f32>, %wp: !pto.ptr<f32>, %bp: !pto.ptr<f32>, %yp: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c96 = arith.constant 96 : index
    %c200 = arith.constant 200 : index
    %vx = pto.make_tensor_view %xp, shape = [%c1, %c96], strides = [%c96, %c1] : !pto.tensor_view<?x?xf32>
    %vw = pto.make_tensor_view %wp, shape = [%c96, %c200], strides = [%c200, %c1] : !pto.tensor_view<?x?xf32>
    %vb = pto.make_tensor_view %bp, shape = [%c1, %c200], strides = [%c200, %c1] : !pto.tensor_view<?x?xf32>
    %vy = pto.make_tensor_view %yp, shape = [%c1, %c200], strides = [%c200, %c1] : !pto.tensor_view<?x?xf32>
    %px = pto.partition_view %vx, offsets = [%c0, %c0], sizes = [%c1, %c96] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1x96xf32>
    %pw = pto.partition_view %vw, offsets = [%c0, %c0], sizes = [%c96, %c200] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<96x200xf32>
    %pb = pto.partition_view %vb, offsets = [%c0, %c0], sizes = [%c1, %c200] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1x200xf32>
    %py = pto.partition_view %vy, offsets = [%c0, %c0], sizes = [%c1, %c200] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1x200xf32>
    %x = pto.tload %px : !pto.partition_tensor_view<1x96xf32> -> !x
    %w = pto.tload %pw : !pto.partition_tensor_view<96x200xf32> -> !w
    %b = pto.tload %pb : !pto.partition_tensor_view<1x200xf32> -> !row
    %y = pto.tgemv.bias %x, %w, %b : (!x, !w, !row) -> !row
    pto.tstore %y, %py : !row, !pto.partition_tensor_view<1x200xf32>
    func.return
  }
}
