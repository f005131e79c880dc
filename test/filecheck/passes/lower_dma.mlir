// pto-lower-dma: tload/tstore of planned UB tiles become the v0.6 mte_gm_ub / mte_ub_gm (+ pad).
// Expected operands follow the rule of passes/lower_dma.py: one burst per row (col-major: column),
// n_burst = valid rows, len_burst = valid cols x sizeof, gm_stride = view row stride x sizeof,
// ub_stride = tile cols x sizeof, GM pointer = view pointer + sum(offset_i x stride_i) elements.
// RUN: xdsl-opt %s --split-input-file -p pto-lower-dma | filecheck %s
// The pass is idempotent: a second run changes nothing.
// RUN: xdsl-opt %s --split-input-file -p pto-lower-dma > %t.once
// RUN: xdsl-opt %s --split-input-file -p pto-lower-dma,pto-lower-dma > %t.twice
// RUN: diff %t.once %t.twice
// The target option overrides the module's: on cpu a padding tload stays at tile level.
// RUN: xdsl-opt %s --split-input-file -p 'pto-lower-dma{target=cpu}' | filecheck %s --check-prefix=CPU

// examples/tcolmin.mlir with planned addresses: 16x32 f32 in, 1x32 f32 out, flags kept in place.
// CHECK-LABEL: func.func @static_pair
// CHECK:         %in = pto.alloc_tile addr = %a0
// CHECK-NEXT:    %out = pto.alloc_tile addr = %a1
// CHECK-NEXT:    %[[A:.*]] = arith.constant 0 : i64
// CHECK-NEXT:    %[[UB:.*]] = pto.castptr %[[A]] : i64 -> !pto.ptr<f32, ub>
// CHECK-NEXT:    %[[ROWS:.*]] = arith.constant 16 : i64
// CHECK-NEXT:    %[[ROW:.*]] = arith.constant 128 : i64
// CHECK-NEXT:    pto.mte_gm_ub %src, %[[UB]], %[[A]], %[[ROW]] nburst(%[[ROWS]], %[[ROW]], %[[ROW]]) : !pto.ptr<f32>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64
// CHECK-NEXT:    pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
// CHECK-NEXT:    pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
// CHECK-NEXT:    pto.tcolmin
// CHECK-NEXT:    pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
// CHECK-NEXT:    pto.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
// CHECK-NEXT:    %[[A:.*]] = arith.constant 2048 : i64
// CHECK-NEXT:    %[[UB:.*]] = pto.castptr %[[A]] : i64 -> !pto.ptr<f32, ub>
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : i64
// CHECK-NEXT:    %[[ROW:.*]] = arith.constant 128 : i64
// CHECK-NEXT:    pto.mte_ub_gm %[[UB]], %dst, %[[ROW]] nburst(%[[ONE]], %[[ROW]], %[[ROW]]) : !pto.ptr<f32, ub>, !pto.ptr<f32>, i64, i64, i64, i64
// CHECK-NEXT:    func.return
// CPU-LABEL: func.func @static_pair
// CPU:         pto.mte_gm_ub
// CPU:         pto.mte_ub_gm
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @static_pair(%src: !pto.ptr<f32>, %dst: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %src_view = pto.make_tensor_view %src, shape = [%c16, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf32>
    %dst_view = pto.make_tensor_view %dst, shape = [%c1, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf32>
    %src_part = pto.partition_view %src_view, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x32xf32>
    %dst_part = pto.partition_view %dst_view, offsets = [%c0, %c0], sizes = [%c1, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1x32xf32>
    %a0 = arith.constant 0 : i64
    %a1 = arith.constant 2048 : i64
    %in = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32>
    %out = pto.alloc_tile addr = %a1 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>
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

// -----

// A 4x8 window at (3, 5) of a 64x64 f32 tensor into a 16x32 tile with a 4x8 valid region:
// GM pointer + 3*64 + 5 = 197 elements, len_burst 8*4 = 32, gm_stride 64*4 = 256,
// ub_stride 32*4 = 128 (the tile is wider than the valid region).
// CHECK-LABEL: func.func @offset_and_wide_tile
// CHECK:         %t = pto.alloc_tile
// CHECK-NEXT:    %[[A:.*]] = arith.constant 4096 : i64
// CHECK-NEXT:    %[[UB:.*]] = pto.castptr %[[A]] : i64 -> !pto.ptr<f32, ub>
// CHECK-NEXT:    %[[OFF:.*]] = arith.constant 197 : index
// CHECK-NEXT:    %[[GM:.*]] = pto.addptr %src, %[[OFF]] : !pto.ptr<f32>, index -> !pto.ptr<f32>
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK-NEXT:    %[[ROWS:.*]] = arith.constant 4 : i64
// CHECK-NEXT:    %[[LEN:.*]] = arith.constant 32 : i64
// CHECK-NEXT:    %[[GMS:.*]] = arith.constant 256 : i64
// CHECK-NEXT:    %[[UBS:.*]] = arith.constant 128 : i64
// CHECK-NEXT:    pto.mte_gm_ub %[[GM]], %[[UB]], %[[ZERO]], %[[LEN]] nburst(%[[ROWS]], %[[GMS]], %[[UBS]]) :
// CHECK-NEXT:    func.return
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @offset_and_wide_tile(%src: !pto.ptr<f32>) {
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %v = pto.make_tensor_view %src, shape = [%c64, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf32>
    %p = pto.partition_view %v, offsets = [%c3, %c5], sizes = [%c4, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<4x8xf32>
    %a = arith.constant 4096 : i64
    %t = pto.alloc_tile addr = %a : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=4, v_col=8>
    pto.tload ins(%p : !pto.partition_tensor_view<4x8xf32>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=4, v_col=8>)
    func.return
  }
}

// -----

// Pads (tile 2x5 valid in 4x16, rows of 5 elements). The pad group holds the pad in the element
// type (f32 max: +inf = 0x7f800000) or its bits as an i8/i16/i32 (i16 min: -32768, ui32 max:
// 0xffffffff = -1, f8E4M3FN min: the tile op's -inf, i.e. NaN 0xff = -1).
// CHECK-LABEL: func.func @pads
// CHECK:         %[[PAD:.*]] = arith.constant 0x7f800000 : f32
// CHECK-NEXT:    pto.mte_gm_ub {{.*}} pad(%[[PAD]]) : !pto.ptr<f32>, !pto.ptr<f32, ub>, {{.*}}, pad f32
// CHECK:         %[[PAD:.*]] = arith.constant -32768 : i16
// CHECK-NEXT:    pto.mte_gm_ub {{.*}} pad(%[[PAD]]) : !pto.ptr<i16>, !pto.ptr<i16, ub>, {{.*}}, pad i16
// CHECK:         %[[PAD:.*]] = arith.constant -1 : i32
// CHECK-NEXT:    pto.mte_gm_ub {{.*}} pad(%[[PAD]]) : !pto.ptr<ui32>, !pto.ptr<ui32, ub>, {{.*}}, pad i32
// CHECK:         %[[PAD:.*]] = arith.constant 0xff80 : bf16
// CHECK-NEXT:    pto.mte_gm_ub {{.*}} pad(%[[PAD]]) : !pto.ptr<bf16>, !pto.ptr<bf16, ub>, {{.*}}, pad bf16
// CHECK:         %[[PAD:.*]] = arith.constant -1 : i8
// CHECK-NEXT:    pto.mte_gm_ub {{.*}} pad(%[[PAD]]) : !pto.ptr<f8E4M3FN>, !pto.ptr<f8E4M3FN, ub>, {{.*}}, pad i8
// CHECK-NEXT:    func.return
// CPU-LABEL: func.func @pads
// CPU-COUNT-5:   pto.tload
// CPU-NOT:       pto.mte_gm_ub
// CPU:           func.return
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @pads(%f: !pto.ptr<f32>, %h: !pto.ptr<i16>, %u: !pto.ptr<ui32>, %b: !pto.ptr<bf16>, %e: !pto.ptr<f8E4M3FN>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c5 = arith.constant 5 : index
    %vf = pto.make_tensor_view %f, shape = [%c2, %c5], strides = [%c5, %c1] : !pto.tensor_view<?x?xf32>
    %pf = pto.partition_view %vf, offsets = [%c0, %c0], sizes = [%c2, %c5] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<2x5xf32>
    %vh = pto.make_tensor_view %h, shape = [%c2, %c5], strides = [%c5, %c1] : !pto.tensor_view<?x?xi16>
    %ph = pto.partition_view %vh, offsets = [%c0, %c0], sizes = [%c2, %c5] : !pto.tensor_view<?x?xi16> -> !pto.partition_tensor_view<2x5xi16>
    %vu = pto.make_tensor_view %u, shape = [%c2, %c5], strides = [%c5, %c1] : !pto.tensor_view<?x?xui32>
    %pu = pto.partition_view %vu, offsets = [%c0, %c0], sizes = [%c2, %c5] : !pto.tensor_view<?x?xui32> -> !pto.partition_tensor_view<2x5xui32>
    %vb = pto.make_tensor_view %b, shape = [%c2, %c5], strides = [%c5, %c1] : !pto.tensor_view<?x?xbf16>
    %pb = pto.partition_view %vb, offsets = [%c0, %c0], sizes = [%c2, %c5] : !pto.tensor_view<?x?xbf16> -> !pto.partition_tensor_view<2x5xbf16>
    %ve = pto.make_tensor_view %e, shape = [%c2, %c5], strides = [%c5, %c1] : !pto.tensor_view<?x?xf8E4M3FN>
    %pe = pto.partition_view %ve, offsets = [%c0, %c0], sizes = [%c2, %c5] : !pto.tensor_view<?x?xf8E4M3FN> -> !pto.partition_tensor_view<2x5xf8E4M3FN>
    %a0 = arith.constant 0 : i64
    %tf = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=16, v_row=2, v_col=5, pad=2>
    %th = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=i16, rows=4, cols=16, v_row=2, v_col=5, pad=3>
    %tu = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=ui32, rows=4, cols=16, v_row=2, v_col=5, pad=2>
    %tb = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=bf16, rows=4, cols=16, v_row=2, v_col=5, pad=3>
    %te = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f8E4M3FN, rows=4, cols=32, v_row=2, v_col=5, pad=3>
    pto.tload ins(%pf : !pto.partition_tensor_view<2x5xf32>) outs(%tf : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=16, v_row=2, v_col=5, pad=2>)
    pto.tload ins(%ph : !pto.partition_tensor_view<2x5xi16>) outs(%th : !pto.tile_buf<loc=vec, dtype=i16, rows=4, cols=16, v_row=2, v_col=5, pad=3>)
    pto.tload ins(%pu : !pto.partition_tensor_view<2x5xui32>) outs(%tu : !pto.tile_buf<loc=vec, dtype=ui32, rows=4, cols=16, v_row=2, v_col=5, pad=2>)
    pto.tload ins(%pb : !pto.partition_tensor_view<2x5xbf16>) outs(%tb : !pto.tile_buf<loc=vec, dtype=bf16, rows=4, cols=16, v_row=2, v_col=5, pad=3>)
    pto.tload ins(%pe : !pto.partition_tensor_view<2x5xf8E4M3FN>) outs(%te : !pto.tile_buf<loc=vec, dtype=f8E4M3FN, rows=4, cols=32, v_row=2, v_col=5, pad=3>)
    func.return
  }
}

// -----

// No tail to fill, so no pad group: 8 valid f32 columns end on a 32-byte boundary. A zero pad
// of i64 with a tail is the 32-bit pad value 0 (zero-extended).
// On cpu a pad over a valid region that fills the tile pads nothing: lowered there too.
// CHECK-LABEL: func.func @pads_without_tail
// CHECK-NOT:     pad(
// CHECK:         pto.mte_gm_ub {{.*}}) : !pto.ptr<f32>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64{{$}}
// CHECK:         %[[PAD:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    pto.mte_gm_ub {{.*}} pad(%[[PAD]]) : !pto.ptr<i64>, !pto.ptr<i64, ub>, {{.*}}, pad i32
// CHECK-NOT:     pad(
// CHECK:         pto.mte_gm_ub {{.*}}) : !pto.ptr<f16>, !pto.ptr<f16, ub>, i64, i64, i64, i64, i64{{$}}
// On cpu the first two (valid regions smaller than their tiles) stay at tile level.
// CPU-LABEL: func.func @pads_without_tail
// CPU:         pto.tload ins(%pf
// CPU-NEXT:    pto.tload ins(%pl
// CPU-NOT:     pad(
// CPU:         pto.mte_gm_ub {{.*}} : !pto.ptr<f16>, !pto.ptr<f16, ub>,
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @pads_without_tail(%f: !pto.ptr<f32>, %l: !pto.ptr<i64>, %h: !pto.ptr<f16>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %vf = pto.make_tensor_view %f, shape = [%c2, %c8], strides = [%c8, %c1] : !pto.tensor_view<?x?xf32>
    %pf = pto.partition_view %vf, offsets = [%c0, %c0], sizes = [%c2, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<2x8xf32>
    %vl = pto.make_tensor_view %l, shape = [%c2, %c3], strides = [%c3, %c1] : !pto.tensor_view<?x?xi64>
    %pl = pto.partition_view %vl, offsets = [%c0, %c0], sizes = [%c2, %c3] : !pto.tensor_view<?x?xi64> -> !pto.partition_tensor_view<2x3xi64>
    %vh = pto.make_tensor_view %h, shape = [%c2, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf16>
    %ph = pto.partition_view %vh, offsets = [%c0, %c0], sizes = [%c2, %c16] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<2x16xf16>
    %a0 = arith.constant 0 : i64
    %tf = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=16, v_row=2, v_col=8, pad=2>
    %tl = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=i64, rows=4, cols=8, v_row=2, v_col=3, pad=1>
    %th = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=16, pad=3>
    pto.tload ins(%pf : !pto.partition_tensor_view<2x8xf32>) outs(%tf : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=16, v_row=2, v_col=8, pad=2>)
    pto.tload ins(%pl : !pto.partition_tensor_view<2x3xi64>) outs(%tl : !pto.tile_buf<loc=vec, dtype=i64, rows=4, cols=8, v_row=2, v_col=3, pad=1>)
    pto.tload ins(%ph : !pto.partition_tensor_view<2x16xf16>) outs(%th : !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=16, pad=3>)
    func.return
  }
}

// -----

// Dynamic sizes: the pointer offset r0 * ld + 1, n_burst and len_burst from the tile's valid_row
// and valid_col (i8: len_burst = valid_col), gm_stride = ld. The load's window (m x n) cannot be
// proven to hold the valid region (vr x vc): a partition of it by the valid region checks that at
// run time. The store's window is the valid region itself: no check.
// CHECK-LABEL: func.func @dynamic
// CHECK:         %t = pto.alloc_tile
// CHECK-NEXT:    %[[A:.*]] = arith.constant 128 : i64
// CHECK-NEXT:    %[[UB:.*]] = pto.castptr %[[A]] : i64 -> !pto.ptr<i8, ub>
// CHECK-NEXT:    %[[ROWOFF:.*]] = arith.muli %r0, %ld : index
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[OFF:.*]] = arith.addi %[[ONE]], %[[ROWOFF]] : index
// CHECK-NEXT:    %[[GM:.*]] = pto.addptr %src, %[[OFF]] : !pto.ptr<i8>, index -> !pto.ptr<i8>
// CHECK-NEXT:    %[[W:.*]] = pto.make_tensor_view %[[GM]], shape = [%m, %n], strides = [%ld, %[[ONE]]] : !pto.tensor_view<?x?xi8>
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = pto.partition_view %[[W]], offsets = [%[[ZERO]], %[[ZERO]]], sizes = [%vr, %vc] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<?x?xi8>
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0 : i64
// CHECK-NEXT:    %[[N:.*]] = arith.index_cast %vr : index to i64
// CHECK-NEXT:    %[[LEN:.*]] = arith.index_cast %vc : index to i64
// CHECK-NEXT:    %[[GMS:.*]] = arith.index_cast %ld : index to i64
// CHECK-NEXT:    %[[UBS:.*]] = arith.constant 64 : i64
// CHECK-NEXT:    %[[PAD:.*]] = arith.constant 0 : i8
// CHECK-NEXT:    pto.mte_gm_ub %[[GM]], %[[UB]], %[[Z]], %[[LEN]] nburst(%[[N]], %[[GMS]], %[[UBS]]) pad(%[[PAD]]) :
// CHECK-NEXT:    pto.set_flag[<PIPE_MTE2>, <PIPE_MTE3>, <EVENT_ID0>]
// CHECK-NEXT:    pto.wait_flag[<PIPE_MTE2>, <PIPE_MTE3>, <EVENT_ID0>]
// CHECK-NEXT:    %[[A:.*]] = arith.constant 128 : i64
// CHECK-NEXT:    %[[UB:.*]] = pto.castptr %[[A]] : i64 -> !pto.ptr<i8, ub>
// CHECK-NEXT:    %[[OFF:.*]] = arith.muli %r0, %ld : index
// CHECK-NEXT:    %[[GM:.*]] = pto.addptr %dst, %[[OFF]] : !pto.ptr<i8>, index -> !pto.ptr<i8>
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0 : i64
// CHECK-NEXT:    %[[N:.*]] = arith.index_cast %vr : index to i64
// CHECK-NEXT:    %[[LEN:.*]] = arith.index_cast %vc : index to i64
// CHECK-NEXT:    %[[GMS:.*]] = arith.index_cast %ld : index to i64
// CHECK-NEXT:    %[[UBS:.*]] = arith.constant 64 : i64
// CHECK-NEXT:    pto.mte_ub_gm %[[UB]], %[[GM]], %[[LEN]] nburst(%[[N]], %[[UBS]], %[[GMS]]) :
// CHECK-NEXT:    func.return
// On cpu the zero pad of a valid region that may not fill the tile keeps the load at tile level.
// CPU-LABEL: func.func @dynamic
// CPU:         pto.tload
// CPU:         pto.mte_ub_gm
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @dynamic(%src: !pto.ptr<i8>, %dst: !pto.ptr<i8>, %m: index, %n: index, %vr: index, %vc: index, %r0: index, %ld: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %v = pto.make_tensor_view %src, shape = [%c64, %ld], strides = [%ld, %c1] : !pto.tensor_view<?x?xi8>
    %p = pto.partition_view %v, offsets = [%r0, %c1], sizes = [%m, %n] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<?x?xi8>
    %w = pto.make_tensor_view %dst, shape = [%c64, %ld], strides = [%ld, %c1] : !pto.tensor_view<?x?xi8>
    %q = pto.partition_view %w, offsets = [%r0, %c0], sizes = [%vr, %vc] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<?x?xi8>
    %a = arith.constant 128 : i64
    %t = pto.alloc_tile addr = %a valid_row = %vr valid_col = %vc : !pto.tile_buf<loc=vec, dtype=i8, rows=8, cols=64, v_row=?, v_col=?, pad=1>
    pto.tload ins(%p : !pto.partition_tensor_view<?x?xi8>) outs(%t : !pto.tile_buf<loc=vec, dtype=i8, rows=8, cols=64, v_row=?, v_col=?, pad=1>)
    pto.set_flag[<PIPE_MTE2>, <PIPE_MTE3>, <EVENT_ID0>]
    pto.wait_flag[<PIPE_MTE2>, <PIPE_MTE3>, <EVENT_ID0>]
    pto.tstore ins(%t : !pto.tile_buf<loc=vec, dtype=i8, rows=8, cols=64, v_row=?, v_col=?, pad=1>) outs(%q : !pto.partition_tensor_view<?x?xi8>)
    func.return
  }
}

// -----

// A dynamic valid column count of f32 scales by 4 for len_burst; a dynamic row stride by 4 for
// gm_stride. The window's sizes are constants that hold the tile's whole 8x16 shape: no check.
// CHECK-LABEL: func.func @dynamic_scaled
// CHECK:         %[[UB:.*]] = pto.castptr
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0 : i64
// CHECK-NEXT:    %[[N:.*]] = arith.constant 8 : i64
// CHECK-NEXT:    %[[FOUR:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[BYTES:.*]] = arith.muli %vc, %[[FOUR]] : index
// CHECK-NEXT:    %[[LEN:.*]] = arith.index_cast %[[BYTES]] : index to i64
// CHECK-NEXT:    %[[SBYTES:.*]] = arith.muli %ld, %[[FOUR]] : index
// CHECK-NEXT:    %[[GMS:.*]] = arith.index_cast %[[SBYTES]] : index to i64
// CHECK-NEXT:    %[[UBS:.*]] = arith.constant 64 : i64
// CHECK-NEXT:    pto.mte_ub_gm %[[UB]], %dst, %[[LEN]] nburst(%[[N]], %[[UBS]], %[[GMS]]) :
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @dynamic_scaled(%dst: !pto.ptr<f32>, %vc: index, %ld: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %w = pto.make_tensor_view %dst, shape = [%c8, %ld], strides = [%ld, %c1] : !pto.tensor_view<?x?xf32>
    %q = pto.partition_view %w, offsets = [%c0, %c0], sizes = [%c8, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x16xf32>
    %a = arith.constant 512 : i64
    %t = pto.alloc_tile addr = %a valid_col = %vc : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=?>
    pto.tstore ins(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=?>) outs(%q : !pto.partition_tensor_view<8x16xf32>)
    func.return
  }
}

// -----

// A col-major tile moves one column per burst from a column-major (DN) GM view (strides [1, 64]):
// n_burst = 5 valid columns, len_burst = 20 valid rows x 2 = 40, gm_stride = 64 x 2 = 128,
// ub_stride = 32 rows x 2 = 64; the pad (f16 min, -inf) fills each column to 32 bytes.
// CHECK-LABEL: func.func @col_major
// CHECK:         %t = pto.alloc_tile
// CHECK-NEXT:    %[[A:.*]] = arith.constant 64 : i64
// CHECK-NEXT:    %[[UB:.*]] = pto.castptr %[[A]] : i64 -> !pto.ptr<f16, ub>
// CHECK-NEXT:    %[[OFF:.*]] = arith.constant 323 : index
// CHECK-NEXT:    %[[GM:.*]] = pto.addptr %src, %[[OFF]] : !pto.ptr<f16>, index -> !pto.ptr<f16>
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0 : i64
// CHECK-NEXT:    %[[N:.*]] = arith.constant 5 : i64
// CHECK-NEXT:    %[[LEN:.*]] = arith.constant 40 : i64
// CHECK-NEXT:    %[[GMS:.*]] = arith.constant 128 : i64
// CHECK-NEXT:    %[[PAD:.*]] = arith.constant 0xfc00 : f16
// CHECK-NEXT:    pto.mte_gm_ub %[[GM]], %[[UB]], %[[Z]], %[[LEN]] nburst(%[[N]], %[[GMS]], %[[A]]) pad(%[[PAD]]) :
// CHECK-NEXT:    func.return
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @col_major(%src: !pto.ptr<f16>) {
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c20 = arith.constant 20 : index
    %c64 = arith.constant 64 : index
    %v = pto.make_tensor_view %src, shape = [%c64, %c64], strides = [%c1, %c64] : !pto.tensor_view<?x?xf16>
    %p = pto.partition_view %v, offsets = [%c3, %c5], sizes = [%c20, %c5] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<20x5xf16>
    %a = arith.constant 64 : i64
    %t = pto.alloc_tile addr = %a : !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=8, v_row=20, v_col=5, blayout=col_major, pad=3>
    pto.tload ins(%p : !pto.partition_tensor_view<20x5xf16>) outs(%t : !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=8, v_row=20, v_col=5, blayout=col_major, pad=3>)
    func.return
  }
}

// -----

// A rank-3 view whose leading partition size is 1: its offset joins the pointer (2*512 + 4*16).
// A view of f16 feeds a bf16 tile (same element size): the GM pointer is retyped to bf16 first.
// CHECK-LABEL: func.func @rank3
// CHECK:         %[[UB:.*]] = pto.castptr %{{.*}} : i64 -> !pto.ptr<bf16, ub>
// CHECK-NEXT:    %[[TYPED:.*]] = pto.castptr %src : !pto.ptr<f16> -> !pto.ptr<bf16>
// CHECK-NEXT:    %[[OFF:.*]] = arith.constant 1088 : index
// CHECK-NEXT:    %[[GM:.*]] = pto.addptr %[[TYPED]], %[[OFF]] : !pto.ptr<bf16>, index -> !pto.ptr<bf16>
// CHECK:         pto.mte_gm_ub %[[GM]], %[[UB]], {{.*}} : !pto.ptr<bf16>, !pto.ptr<bf16, ub>,
// CHECK-LABEL: func.func @retyped
// CHECK:         %[[GM:.*]] = pto.castptr %src : !pto.ptr<f16> -> !pto.ptr<bf16>
// CHECK:         pto.mte_ub_gm %{{.*}}, %[[GM]], {{.*}} : !pto.ptr<bf16, ub>, !pto.ptr<bf16>,
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @rank3(%src: !pto.ptr<f16>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c512 = arith.constant 512 : index
    %v = pto.make_tensor_view %src, shape = [%c4, %c32, %c16], strides = [%c512, %c16, %c1] : !pto.tensor_view<?x?x?xf16>
    %p = pto.partition_view %v, offsets = [%c2, %c4, %c0], sizes = [%c1, %c2, %c16] : !pto.tensor_view<?x?x?xf16> -> !pto.partition_tensor_view<1x2x16xf16>
    %a = arith.constant 0 : i64
    %t = pto.alloc_tile addr = %a : !pto.tile_buf<loc=vec, dtype=bf16, rows=2, cols=16>
    pto.tload ins(%p : !pto.partition_tensor_view<1x2x16xf16>) outs(%t : !pto.tile_buf<loc=vec, dtype=bf16, rows=2, cols=16>)
    func.return
  }
  func.func @retyped(%src: !pto.ptr<f16>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %v = pto.make_tensor_view %src, shape = [%c2, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf16>
    %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c2, %c16] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<2x16xf16>
    %a = arith.constant 0 : i64
    %t = pto.alloc_tile addr = %a : !pto.tile_buf<loc=vec, dtype=bf16, rows=2, cols=16>
    pto.tstore ins(%t : !pto.tile_buf<loc=vec, dtype=bf16, rows=2, cols=16>) outs(%p : !pto.partition_tensor_view<2x16xf16>)
    func.return
  }
}

// -----

// In a loop body, in place: the copies stay between the flags the sync pass placed. A mat tile's
// tload (MTE2 to L1) is not a UB transfer and is left alone.
// CHECK-LABEL: func.func @in_loop
// CHECK:         scf.for
// CHECK:           pto.wait_flag[<PIPE_MTE3>, <PIPE_MTE2>, <EVENT_ID0>]
// CHECK-NEXT:      %{{.*}} = arith.constant 0 : i64
// CHECK:           pto.mte_gm_ub
// CHECK-NEXT:      pto.set_flag[<PIPE_MTE2>, <PIPE_MTE3>, <EVENT_ID0>]
// CHECK-NEXT:      pto.wait_flag[<PIPE_MTE2>, <PIPE_MTE3>, <EVENT_ID0>]
// CHECK:           pto.mte_ub_gm
// CHECK-NEXT:      pto.set_flag[<PIPE_MTE3>, <PIPE_MTE2>, <EVENT_ID0>]
// CHECK-NEXT:    }
// CHECK:         pto.tload ins(%p : !pto.partition_tensor_view<8x8xf32>) outs(%mat : !pto.tile_buf<loc=mat,
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @in_loop(%src: !pto.ptr<f32>, %dst: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %v = pto.make_tensor_view %src, shape = [%c8, %c8], strides = [%c8, %c1] : !pto.tensor_view<?x?xf32>
    %w = pto.make_tensor_view %dst, shape = [%c8, %c8], strides = [%c8, %c1] : !pto.tensor_view<?x?xf32>
    %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c8, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x8xf32>
    %q = pto.partition_view %w, offsets = [%c0, %c0], sizes = [%c8, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x8xf32>
    %a = arith.constant 0 : i64
    %t = pto.alloc_tile addr = %a : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
    %mat = pto.alloc_tile addr = %a : !pto.tile_buf<loc=mat, dtype=f32, rows=8, cols=8>
    pto.set_flag[<PIPE_MTE3>, <PIPE_MTE2>, <EVENT_ID0>]
    scf.for %i = %c0 to %c4 step %c1 {
      pto.wait_flag[<PIPE_MTE3>, <PIPE_MTE2>, <EVENT_ID0>]
      pto.tload ins(%p : !pto.partition_tensor_view<8x8xf32>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>)
      pto.set_flag[<PIPE_MTE2>, <PIPE_MTE3>, <EVENT_ID0>]
      pto.wait_flag[<PIPE_MTE2>, <PIPE_MTE3>, <EVENT_ID0>]
      pto.tstore ins(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) outs(%q : !pto.partition_tensor_view<8x8xf32>)
      pto.set_flag[<PIPE_MTE3>, <PIPE_MTE2>, <EVENT_ID0>]
    }
    pto.wait_flag[<PIPE_MTE3>, <PIPE_MTE2>, <EVENT_ID0>]
    pto.tload ins(%p : !pto.partition_tensor_view<8x8xf32>) outs(%mat : !pto.tile_buf<loc=mat, dtype=f32, rows=8, cols=8>)
    func.return
  }
}

// -----

// A 3-D window (2x4x8 of a tensor with 16-element rows and 64-element planes) into an 8x8
// row-major tile: one copy of 4 rows per plane, in an scf.for over the leading dimension; the
// GM pointer steps by the plane stride, the UB pointer by 4 tile rows (32 elements).
// CHECK-LABEL: func.func @nd_window
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %[[TWO:.*]] step
// CHECK-NEXT:      %[[G:.*]] = arith.muli %[[I]], %[[PLANE:.*]] : index
// CHECK-NEXT:      %[[GM:.*]] = pto.addptr %src, %[[G]]
// CHECK-NEXT:      %[[U:.*]] = arith.muli %[[I]], %[[ROWS4:.*]] : index
// CHECK-NEXT:      %[[UB:.*]] = pto.addptr %{{.*}}, %[[U]] : !pto.ptr<f32, ub>
// CHECK-NEXT:      pto.mte_gm_ub %[[GM]], %[[UB]], %{{.*}}, %[[LEN:[^ ]*]] nburst(%[[FOUR:[^,]*]],
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return
func.func @nd_window(%src: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %v = pto.make_tensor_view %src, shape = [%c2, %c4, %c8], strides = [%c64, %c16, %c1] : !pto.tensor_view<?x?x?xf32>
  %p = pto.partition_view %v, offsets = [%c0, %c0, %c0], sizes = [%c2, %c4, %c8] : !pto.tensor_view<?x?x?xf32> -> !pto.partition_tensor_view<2x4x8xf32>
  %a = arith.constant 0 : i64
  %t = pto.alloc_tile addr = %a : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
  pto.tload ins(%p : !pto.partition_tensor_view<2x4x8xf32>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>)
  func.return
}
