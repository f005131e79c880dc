// ARGS: rand:16x64xf32:1 rand:16x1xf32:2 rand:1x64xf32:3 zeros:16x64xf32
// Row and column expansions at Level 1: y[i, j] = exp(x[i, j] - r[i]) * c[j] over a
// 16x60 valid region (the last 4 columns are padding); r is a col-major 16x1 tile (one
// value per row), c a 1x64 row. trowexpandexpdif and tcolexpandmul lower to a BRC_B32
// vlds per row and to one vlds of c per column chunk.
!x_tile = !pto.tile<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=60>
!r_tile = !pto.tile<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major>
!c_tile = !pto.tile<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=60>
!x_part = !pto.partition_tensor_view<16x60xf32>
!r_part = !pto.partition_tensor_view<16x1xf32>
!c_part = !pto.partition_tensor_view<1x60xf32>
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @expand(%x: !pto.ptr<f32>, %r: !pto.ptr<f32>, %c: !pto.ptr<f32>, %y: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c60 = arith.constant 60 : index
    %c64 = arith.constant 64 : index
    %vx = pto.make_tensor_view %x, shape = [%c16, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf32>
    %vr = pto.make_tensor_view %r, shape = [%c16, %c1], strides = [%c1, %c1] : !pto.tensor_view<?x?xf32>
    %vc = pto.make_tensor_view %c, shape = [%c1, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf32>
    %vy = pto.make_tensor_view %y, shape = [%c16, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf32>
    %px = pto.partition_view %vx, offsets = [%c0, %c0], sizes = [%c16, %c60] : !pto.tensor_view<?x?xf32> -> !x_part
    %pr = pto.partition_view %vr, offsets = [%c0, %c0], sizes = [%c16, %c1] : !pto.tensor_view<?x?xf32> -> !r_part
    %pc = pto.partition_view %vc, offsets = [%c0, %c0], sizes = [%c1, %c60] : !pto.tensor_view<?x?xf32> -> !c_part
    %py = pto.partition_view %vy, offsets = [%c0, %c0], sizes = [%c16, %c60] : !pto.tensor_view<?x?xf32> -> !x_part
    %tx = pto.tload %px : !x_part -> !x_tile
    %tr = pto.tload %pr : !r_part -> !r_tile
    %tc = pto.tload %pc : !c_part -> !c_tile
    %e = pto.trowexpandexpdif %tx, %tr : (!x_tile, !r_tile) -> !x_tile
    %z = pto.tcolexpandmul %e, %tc : (!x_tile, !c_tile) -> !x_tile
    pto.tstore %z, %py : !x_tile, !x_part
    func.return
  }
}
