// pto-lower-dma diagnostics: one per input the pass cannot lower exactly.
// RUN: pto-opt %s --split-input-file -p pto-lower-dma --verify-diagnostics
// RUN: not pto-opt %s -p "pto-lower-dma{target=a9}" 2>&1 | filecheck %s --check-prefix=TARGET

// TARGET: pto-lower-dma: unknown target 'a9'

func.func @view_argument(%p: !pto.partition_tensor_view<8x8xf32>) {
  %a = arith.constant 0 : i64
  %t = pto.alloc_tile addr = %a : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
  // expected-error @+1 {{pto-lower-dma: pto.tload: GM view %p is not a pto.partition_view result, so its address cannot be traced}}
  pto.tload ins(%p : !pto.partition_tensor_view<8x8xf32>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>)
  func.return
}

// -----

func.func @tensor_view_argument(%v: !pto.tensor_view<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c8, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x8xf32>
  %a = arith.constant 0 : i64
  %t = pto.alloc_tile addr = %a : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
  // expected-error @+1 {{pto-lower-dma: pto.tstore: tensor view %v is not a pto.make_tensor_view result, so its address cannot be traced}}
  pto.tstore ins(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) outs(%p : !pto.partition_tensor_view<8x8xf32>)
  func.return
}

// -----

func.func @tile_argument(%src: !pto.ptr<f32>, %t: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %v = pto.make_tensor_view %src, shape = [%c8, %c8], strides = [%c8, %c1] : !pto.tensor_view<?x?xf32>
  %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c8, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x8xf32>
  // expected-error @+1 {{pto-lower-dma: pto.tstore: tile buffer %t is not a pto.alloc_tile result or a tile popped from a cross-core pipe, so it has no address to copy to or from}}
  pto.tstore ins(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) outs(%p : !pto.partition_tensor_view<8x8xf32>)
  func.return
}

// -----

func.func @unplanned(%src: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %v = pto.make_tensor_view %src, shape = [%c8, %c8], strides = [%c8, %c1] : !pto.tensor_view<?x?xf32>
  %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c8, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x8xf32>
  %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
  // expected-error @+1 {{pto-lower-dma: pto.tload: tile buffer %t has no planned address: run pto-plan-memory first}}
  pto.tload ins(%p : !pto.partition_tensor_view<8x8xf32>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>)
  func.return
}

// -----

func.func @ssa(%src: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %v = pto.make_tensor_view %src, shape = [%c8, %c8], strides = [%c8, %c1] : !pto.tensor_view<?x?xf32>
  %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c8, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x8xf32>
  // expected-error @+1 {{pto-lower-dma: pto.tload: SSA tile op: run pto-convert-to-dps and pto-plan-memory first}}
  %t = pto.tload %p : !pto.partition_tensor_view<8x8xf32> -> !pto.tile<loc=vec, dtype=f32, rows=8, cols=8>
  func.return
}

// -----

func.func @boxed(%src: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %v = pto.make_tensor_view %src, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf16>
  %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x16xf16>
  %a = arith.constant 0 : i64
  %t = pto.alloc_tile addr = %a : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, blayout=col_major, slayout=row_major>
  // expected-error @+1 {{pto-lower-dma: pto.tload: boxed tile (slayout=row_major): its bursts are not rows or columns of the tile}}
  pto.tload ins(%p : !pto.partition_tensor_view<16x16xf16>) outs(%t : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, blayout=col_major, slayout=row_major>)
  func.return
}

// -----

func.func @strided_columns(%dst: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %v = pto.make_tensor_view %dst, shape = [%c8, %c8], strides = [%c16, %c2] : !pto.tensor_view<?x?xf32>
  %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c8, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x8xf32>
  %a = arith.constant 0 : i64
  %t = pto.alloc_tile addr = %a : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
  // expected-error @+1 {{pto-lower-dma: pto.tstore: the GM view's innermost stride is 2: a row_major tile moves one row per burst, which needs the constant stride 1}}
  pto.tstore ins(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) outs(%p : !pto.partition_tensor_view<8x8xf32>)
  func.return
}

// -----

func.func @dynamic_inner_stride(%src: !pto.ptr<f32>, %s: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %v = pto.make_tensor_view %src, shape = [%c8, %c8], strides = [%c64, %s] : !pto.tensor_view<?x?xf32>
  %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c8, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x8xf32>
  %a = arith.constant 0 : i64
  %t = pto.alloc_tile addr = %a : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
  // expected-error @+1 {{pto-lower-dma: pto.tload: the GM view's innermost stride is ?: a row_major tile moves one row per burst, which needs the constant stride 1}}
  pto.tload ins(%p : !pto.partition_tensor_view<8x8xf32>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>)
  func.return
}

// -----

func.func @col_major_tile_row_major_view(%src: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %v = pto.make_tensor_view %src, shape = [%c8, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
  %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c8, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x8xf32>
  %a = arith.constant 0 : i64
  %t = pto.alloc_tile addr = %a : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, blayout=col_major>
  // expected-error @+1 {{pto-lower-dma: pto.tload: the GM view's row stride is 16: a col_major tile moves one column per burst, which needs the constant stride 1}}
  pto.tload ins(%p : !pto.partition_tensor_view<8x8xf32>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, blayout=col_major>)
  func.return
}

// -----

func.func @negative_stride(%src: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %m8 = arith.constant -8 : index
  %v = pto.make_tensor_view %src, shape = [%c8, %c8], strides = [%m8, %c1] : !pto.tensor_view<?x?xf32>
  %p = pto.partition_view %v, offsets = [%c7, %c0], sizes = [%c8, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x8xf32>
  %a = arith.constant 0 : i64
  %t = pto.alloc_tile addr = %a : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
  // expected-error @+1 {{pto-lower-dma: pto.tload: the GM view's row stride -8 is negative}}
  pto.tload ins(%p : !pto.partition_tensor_view<8x8xf32>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>)
  func.return
}

// -----

func.func @overlapping_rows(%src: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %v = pto.make_tensor_view %src, shape = [%c8, %c8], strides = [%c4, %c1] : !pto.tensor_view<?x?xf32>
  %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c8, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x8xf32>
  %a = arith.constant 0 : i64
  %t = pto.alloc_tile addr = %a : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
  // expected-error @+1 {{pto-lower-dma: pto.tload: the GM view's row stride 4 is smaller than the 8 valid elements of a row: DMA bursts cannot overlap}}
  pto.tload ins(%p : !pto.partition_tensor_view<8x8xf32>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>)
  func.return
}

// -----

// The valid rows are `?` in the type, so the verifier cannot compare them with the window, but
// the alloc_tile operand is the constant 2: a 1x16 window (it fits the tile's storage) is
// smaller than the 2x16 valid region and the tile op would fail whenever it runs.
func.func @window_too_small(%src: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %v = pto.make_tensor_view %src, shape = [%c1, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
  %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c1, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1x16xf32>
  %a = arith.constant 0 : i64
  %t = pto.alloc_tile addr = %a valid_row = %c2 : !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=16, v_row=?>
  // expected-error @+1 {{pto-lower-dma: pto.tload: GM window 1x16 is smaller than the tile's valid region 2x16}}
  pto.tload ins(%p : !pto.partition_tensor_view<1x16xf32>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=16, v_row=?>)
  func.return
}

// -----

builtin.module attributes {pto.target_arch = "a2a3"} {
func.func @wide_pad(%src: !pto.ptr<i64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %v = pto.make_tensor_view %src, shape = [%c2, %c3], strides = [%c3, %c1] : !pto.tensor_view<?x?xi64>
  %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c2, %c3] : !pto.tensor_view<?x?xi64> -> !pto.partition_tensor_view<2x3xi64>
  %a = arith.constant 0 : i64
  %t = pto.alloc_tile addr = %a : !pto.tile_buf<loc=vec, dtype=i64, rows=2, cols=4, v_row=2, v_col=3, pad=2>
  // expected-error @+1 {{pto-lower-dma: pto.tload: pad max of i64 has the bits 0x7fffffffffffffff, but the pad value of pto.mte_gm_ub has at most 32 bits}}
  pto.tload ins(%p : !pto.partition_tensor_view<2x3xi64>) outs(%t : !pto.tile_buf<loc=vec, dtype=i64, rows=2, cols=4, v_row=2, v_col=3, pad=2>)
  func.return
}
}
