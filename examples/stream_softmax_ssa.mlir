// ARGS: rand:256x128xf32:1 zeros:256x128xf32
// Row softmax of 4 tiles of 64x128 f32 in a loop, written at Level 1 (examples/softmax_ssa.mlir
// per tile; the kernel of `benchmarks/streaming_overlap.py --kernel softmax`):
//   m = rowmax(x); e = exp(x - m); y = e / rowsum(e)
// The loaded tile and the result tile are the only ones two pipes touch; pto-multi-buffer
// gives them two shared slots, which with the vector intermediates fit a2a3's 192 KiB of UB.
!tile = !pto.tile<loc=vec, dtype=f32, rows=64, cols=128>
!row = !pto.tile<loc=vec, dtype=f32, rows=64, cols=8, v_row=64, v_col=1>
!blk = !pto.tile<loc=vec, dtype=f32, rows=64, cols=8>
!view = !pto.partition_tensor_view<64x128xf32>
!tv = !pto.tensor_view<?x?xf32>
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @stream_softmax(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tiles = arith.constant 4 : index
    %rows = arith.constant 64 : index
    %cols = arith.constant 128 : index
    %total = arith.constant 256 : index
    %vx = pto.make_tensor_view %x, shape = [%total, %cols], strides = [%cols, %c1] : !tv
    %vy = pto.make_tensor_view %y, shape = [%total, %cols], strides = [%cols, %c1] : !tv
    scf.for %i = %c0 to %tiles step %c1 {
      %r = arith.muli %i, %rows : index
      %px = pto.partition_view %vx, offsets = [%r, %c0], sizes = [%rows, %cols] : !tv -> !view
      %py = pto.partition_view %vy, offsets = [%r, %c0], sizes = [%rows, %cols] : !tv -> !view
      %tx = pto.tload %px : !view -> !tile
      %m = pto.trowmax %tx, %tx : (!tile, !tile) -> !row
      %mb = pto.trowexpand %m : !row -> !blk
      %d = pto.trowexpandsub %tx, %mb : (!tile, !blk) -> !tile
      %e = pto.texp %d : !tile -> !tile
      %s = pto.trowsum %e, %e : (!tile, !tile) -> !row
      %sb = pto.trowexpand %s : !row -> !blk
      %res = pto.trowexpanddiv %e, %sb : (!tile, !blk) -> !tile
      pto.tstore %res, %py : !tile, !view
    }
    func.return
  }
}
