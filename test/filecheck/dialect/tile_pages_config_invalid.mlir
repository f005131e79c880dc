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

// -----

func.func @setfmatrix_scalar(%i: i32) {
  // expected-error @+1 {{pto.setfmatrix src must be a tile, a tile buffer or a !pto.fmatrix_config, got i32}}
  pto.setfmatrix ins(%i : i32) outs() {fmap_h = 4, fmap_w = 4}
  return
}

// -----

func.func @setfmatrix_no_fmap(%c: !pto.fmatrix_config) {
  // expected-error @+1 {{pto.setfmatrix needs fmap_h and fmap_w (the feature map's height and width)}}
  pto.setfmatrix ins(%c : !pto.fmatrix_config) outs() {fmap_h = 4}
  return
}

// -----

func.func @setfmatrix_fmap_range(%c: !pto.fmatrix_config) {
  // expected-error @+1 {{pto.setfmatrix fmap_w must be in [1, 65535], got 0}}
  pto.setfmatrix ins(%c : !pto.fmatrix_config) outs() {fmap_h = 4, fmap_w = 0}
  return
}

// -----

func.func @setfmatrix_pads(%c: !pto.fmatrix_config) {
  // expected-error @+1 {{pto.setfmatrix pad_list must be 4 values in [0, 255] (left, right, top, bottom)}}
  pto.setfmatrix ins(%c : !pto.fmatrix_config) outs() {fmap_h = 4, fmap_w = 4, pad_list = array<i64: 1, 1>}
  return
}

// -----

module attributes {pto.target_arch = "a2a3"} {
  func.func @rpt_a2a3(%c: !pto.fmatrix_config) {
    // expected-error @+1 {{pto.set_img2col_rpt dst_mposition is not a field of a2a3's repeat register}}
    pto.set_img2col_rpt ins(%c : !pto.fmatrix_config) outs() {repeat_time = 1, dst_mposition = 0}
    return
  }
}

// -----

func.func @padding_untyped(%c: !pto.fmatrix_config) {
  // expected-error @+1 {{pto.set_img2col_padding pad_value must be a number of a 1-, 2- or 4-byte element type (e.g. 0.0 : f16), got "x"}}
  pto.set_img2col_padding ins(%c : !pto.fmatrix_config) outs() {pad_value = "x"}
  return
}

// -----

func.func @padding_f64(%c: !pto.fmatrix_config) {
  // expected-error @+1 {{pto.set_img2col_padding pad_value must be a number of a 1-, 2- or 4-byte element type (e.g. 0.0 : f16), got 1.000000e+00 : f64}}
  pto.set_img2col_padding ins(%c : !pto.fmatrix_config) outs() {pad_value = 1.0 : f64}
  return
}

// -----

module attributes {pto.target_arch = "a5"} {
  func.func @img2col_src_loc(%f: !pto.tile_buf<loc=vec, dtype=f16, rows=24, cols=16>, %d: !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>) {
    // expected-error @+1 {{pto.timg2col src must be in loc=mat, got loc=vec}}
    pto.timg2col ins(%f : !pto.tile_buf<loc=vec, dtype=f16, rows=24, cols=16>) outs(%d : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>)
    return
  }
}

// -----

module attributes {pto.target_arch = "a5"} {
  func.func @img2col_src_nz(%f: !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=16, blayout=col_major, slayout=row_major>, %d: !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>) {
    // expected-error @+1 {{pto.timg2col src must be an ND mat tile holding the NC1HWC0 feature map}}
    pto.timg2col ins(%f : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=16, blayout=col_major, slayout=row_major>) outs(%d : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>)
    return
  }
}

// -----

module attributes {pto.target_arch = "a5"} {
  func.func @img2col_dst_loc(%f: !pto.tile_buf<loc=mat, dtype=f16, rows=24, cols=16>, %d: !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>) {
    // expected-error @+1 {{pto.timg2col dst must be in loc=left, got loc=right}}
    pto.timg2col ins(%f : !pto.tile_buf<loc=mat, dtype=f16, rows=24, cols=16>) outs(%d : !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>)
    return
  }
}

// -----

// a2a3/TImg2col.hpp: dst zZ (blayout row_major); A5 and the CPU simulator: nZ.
module attributes {pto.target_arch = "a2a3"} {
  func.func @img2col_dst_layout(%f: !pto.tile_buf<loc=mat, dtype=f16, rows=24, cols=16>, %d: !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>) {
    // expected-error @+1 {{pto.timg2col dst must be blayout=row_major, slayout=row_major on a2a3, got blayout=col_major, slayout=row_major}}
    pto.timg2col ins(%f : !pto.tile_buf<loc=mat, dtype=f16, rows=24, cols=16>) outs(%d : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>)
    return
  }
}

// -----

module attributes {pto.target_arch = "a2a3"} {
  func.func @img2col_dtype(%f: !pto.tile_buf<loc=mat, dtype=i16, rows=24, cols=16>, %d: !pto.tile_buf<loc=left, dtype=i16, rows=16, cols=32, slayout=row_major>) {
    // expected-error @+1 {{pto.timg2col dtype i16 is not supported on target a2a3 (supported: bf16, f16, f32, i8)}}
    pto.timg2col ins(%f : !pto.tile_buf<loc=mat, dtype=i16, rows=24, cols=16>) outs(%d : !pto.tile_buf<loc=left, dtype=i16, rows=16, cols=32, slayout=row_major>)
    return
  }
}

// -----

module attributes {pto.target_arch = "a5"} {
  func.func @img2col_same_dtype(%f: !pto.tile_buf<loc=mat, dtype=bf16, rows=24, cols=16>, %d: !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>) {
    // expected-error @+1 {{pto.timg2col src dtype bf16 must equal the dst dtype f16}}
    pto.timg2col ins(%f : !pto.tile_buf<loc=mat, dtype=bf16, rows=24, cols=16>) outs(%d : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>)
    return
  }
}

// -----

module attributes {pto.target_arch = "a5"} {
  func.func @img2col_filter(%f: !pto.tile_buf<loc=mat, dtype=f16, rows=24, cols=16>, %d: !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>) {
    // expected-error @+1 {{pto.timg2col filter_w must be in [1, 511], got 512}}
    pto.timg2col ins(%f : !pto.tile_buf<loc=mat, dtype=f16, rows=24, cols=16>) outs(%d : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>) {filter_w = 512}
    return
  }
}

// -----

module attributes {pto.target_arch = "a5"} {
  func.func @img2col_channels(%f: !pto.tile_buf<loc=mat, dtype=f16, rows=24, cols=16>, %d: !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>) {
    // expected-error @+1 {{pto.timg2col channel_size 24 must be a multiple of C0 = 16 (f16)}}
    pto.timg2col ins(%f : !pto.tile_buf<loc=mat, dtype=f16, rows=24, cols=16>) outs(%d : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>) {channel_size = 24}
    return
  }
}
