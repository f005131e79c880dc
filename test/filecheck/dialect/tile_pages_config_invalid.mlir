// RUN: pto-opt %s --split-input-file --verify-diagnostics

// tget_scale_addr: A5 and cpu only (PTOAS; pto-isa has no A2/A3 implementation).
module attributes {pto.target_arch = "a2a3"} {
  func.func @scale_addr_a2a3(%a: !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=64, blayout=col_major, slayout=row_major>, %s: !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=16, cols=2, slayout=row_major, fractal=32>) {
    // expected-error @+1 {{pto.tget_scale_addr is only supported on a5 and cpu, not on a2a3}}
    pto.tget_scale_addr ins(%a : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=64, blayout=col_major, slayout=row_major>) outs(%s : !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=16, cols=2, slayout=row_major, fractal=32>)
    return
  }
}

// -----

module attributes {pto.target_arch = "a5"} {
  func.func @scale_addr_src_loc(%a: !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=64>, %s: !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=16, cols=2, slayout=row_major, fractal=32>) {
    // expected-error @+1 {{pto.tget_scale_addr src must be in loc=left or loc=right, got loc=mat}}
    pto.tget_scale_addr ins(%a : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=64>) outs(%s : !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=16, cols=2, slayout=row_major, fractal=32>)
    return
  }
}

// -----

module attributes {pto.target_arch = "a5"} {
  func.func @scale_addr_dst_loc(%a: !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=64, blayout=col_major, slayout=row_major>, %s: !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64>) {
    // expected-error @+1 {{pto.tget_scale_addr dst must be in loc=scaling, got loc=vec}}
    pto.get_scale_addr ins(%a : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=64, blayout=col_major, slayout=row_major>) outs(%s : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64>)
    return
  }
}

// -----

module attributes {pto.target_arch = "a5"} {
  func.func @scale_addr_shape(%b: !pto.tile_buf<loc=right, dtype=f8E5M2, rows=128, cols=32, slayout=col_major>, %s: !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=8, cols=32, blayout=col_major, slayout=col_major, fractal=32>) {
    // expected-error @+1 {{pto.tget_scale_addr dst shape 8x32 valid 8x32 must be [ceil(K/32), N] of the right src (4x32 valid 4x32) or src's own (128x32 valid 128x32)}}
    pto.tget_scale_addr ins(%b : !pto.tile_buf<loc=right, dtype=f8E5M2, rows=128, cols=32, slayout=col_major>) outs(%s : !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=8, cols=32, blayout=col_major, slayout=col_major, fractal=32>)
    return
  }
}

// -----

func.func @prefetch_ws(%src: !pto.partition_tensor_view<128xf32>, %ws: !pto.ptr<i32>) {
  // expected-error @+1 {{pto.make_prefetch_async_context expects workspace element type to be an 8-bit integer}}
  %ctx = pto.make_prefetch_async_context(%ws : !pto.ptr<i32>) -> !pto.prefetch_async_context
  return
}

// -----

func.func @prefetch_2d(%src: !pto.partition_tensor_view<4x32xf32>, %ws: !pto.ptr<i8>) {
  %ctx = pto.make_prefetch_async_context(%ws : !pto.ptr<i8>) -> !pto.prefetch_async_context
  // expected-error @+1 {{pto.tprefetch_async expects src to be a static flat contiguous logical 1D GM view}}
  %e = pto.tprefetch_async(%src, %ctx : !pto.partition_tensor_view<4x32xf32>, !pto.prefetch_async_context) -> !pto.async_event
  return
}

// -----

func.func @prefetch_dynamic(%src: !pto.partition_tensor_view<?xf32>, %ws: !pto.ptr<i8>) {
  %ctx = pto.make_prefetch_async_context(%ws : !pto.ptr<i8>) -> !pto.prefetch_async_context
  // expected-error @+1 {{pto.tprefetch_async expects src to have a static shape}}
  %e = pto.tprefetch_async(%src, %ctx : !pto.partition_tensor_view<?xf32>, !pto.prefetch_async_context) -> !pto.async_event
  return
}

// -----

func.func @prefetch_tile(%src: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128>, %ws: !pto.ptr<i8>) {
  %ctx = pto.make_prefetch_async_context(%ws : !pto.ptr<i8>) -> !pto.prefetch_async_context
  // expected-error @+1 {{pto.tprefetch_async expects src to be a tensor_view or partition_view}}
  %e = pto.tprefetch_async(%src, %ctx : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128>, !pto.prefetch_async_context) -> !pto.async_event
  return
}
