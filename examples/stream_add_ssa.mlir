// ARGS: rand:512x32xf32:1 rand:512x32xf32:2 zeros:512x32xf32
// c = a + b over 16 tiles of 32x32 f32 in a loop, written at Level 1 (the kernel of
// benchmarks/streaming_cycles.py): two tloads, a tadd and a tstore per tile.
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @stream(%a: !pto.ptr<f32>, %b: !pto.ptr<f32>, %c: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tiles = arith.constant 16 : index
    %rows = arith.constant 32 : index
    %cols = arith.constant 32 : index
    %total = arith.constant 512 : index
    %va = pto.make_tensor_view %a, shape = [%total, %cols], strides = [%cols, %c1] : !pto.tensor_view<?x?xf32>
    %vb = pto.make_tensor_view %b, shape = [%total, %cols], strides = [%cols, %c1] : !pto.tensor_view<?x?xf32>
    %vc = pto.make_tensor_view %c, shape = [%total, %cols], strides = [%cols, %c1] : !pto.tensor_view<?x?xf32>
    scf.for %i = %c0 to %tiles step %c1 {
      %row = arith.muli %i, %rows : index
      %pa = pto.partition_view %va, offsets = [%row, %c0], sizes = [%rows, %cols] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<32x32xf32>
      %pb = pto.partition_view %vb, offsets = [%row, %c0], sizes = [%rows, %cols] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<32x32xf32>
      %pc = pto.partition_view %vc, offsets = [%row, %c0], sizes = [%rows, %cols] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<32x32xf32>
      %ta = pto.tload %pa : !pto.partition_tensor_view<32x32xf32> -> !pto.tile<loc=vec, dtype=f32, rows=32, cols=32>
      %tb = pto.tload %pb : !pto.partition_tensor_view<32x32xf32> -> !pto.tile<loc=vec, dtype=f32, rows=32, cols=32>
      %tc = pto.tadd %ta, %tb : (!pto.tile<loc=vec, dtype=f32, rows=32, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=32, cols=32>) -> !pto.tile<loc=vec, dtype=f32, rows=32, cols=32>
      pto.tstore %tc, %pc : !pto.tile<loc=vec, dtype=f32, rows=32, cols=32>, !pto.partition_tensor_view<32x32xf32>
    }
    func.return
  }
}
