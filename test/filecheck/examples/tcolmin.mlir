// The README's demo kernel parses and verifies with plain xdsl-opt, and round-trips.
// RUN: %roundtrip %examples/tcolmin.mlir | filecheck %s

// CHECK: builtin.module attributes {pto.target_arch = "a5"}
// CHECK: %src_part = pto.partition_view %src_view, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x32xf32>
// CHECK: pto.tload ins(%src_part : !pto.partition_tensor_view<16x32xf32>) outs(%in : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK: pto.tcolmin ins(%in : {{.*}}) outs(%out : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32, v_row=1, v_col=32, {{.*}}>)
// CHECK: pto.tstore ins(%out : {{.*}}) outs(%dst_part : !pto.partition_tensor_view<1x32xf32>)
