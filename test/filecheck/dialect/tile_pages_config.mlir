// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// The tile chapter's last pages (issue 25): get_scale_addr, tprefetch_async and its context.

// tget_scale_addr (A5): PTOAS's name and the page's, both printed as PTOAS's; the page's
// Level-1 form.
// CHECK-LABEL: func.func @scale_addr
// CHECK-NEXT:    pto.tget_scale_addr ins(%a : !pto.tile_buf<loc=left, dtype=f8E4M3FN, rows=16, cols=128, v_row=16, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%as : !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=16, cols=4, v_row=16, v_col=4, blayout=row_major, slayout=row_major, fractal=32, pad=0>)
// CHECK-NEXT:    pto.tget_scale_addr ins(%b : !pto.tile_buf<loc=right, dtype=f8E5M2, rows=128, cols=32, v_row=128, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%bs : !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=4, cols=32, v_row=4, v_col=16, blayout=col_major, slayout=col_major, fractal=32, pad=0>)
// CHECK-NEXT:    %{{.*}} = pto.tget_scale_addr %t : !pto.tile<{{.*}}> -> !pto.tile<loc=scaling{{.*}}>
// GENERIC: "pto.tget_scale_addr"(%a, %as) <{operandSegmentSizes = array<i32: 1, 1>}> : (!pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) -> ()
// GENERIC: "pto.tget_scale_addr"(%b, %bs) <{operandSegmentSizes = array<i32: 1, 1>}> : (!pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) -> ()
// GENERIC: "pto.tget_scale_addr"(%t) <{operandSegmentSizes = array<i32: 1, 0>}> : (!pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>

module attributes {pto.target_arch = "a5"} {
  func.func @scale_addr(%a: !pto.tile_buf<loc=left, dtype=f8E4M3FN, rows=16, cols=128, blayout=col_major, slayout=row_major>, %as: !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=16, cols=4, slayout=row_major, fractal=32>, %b: !pto.tile_buf<loc=right, dtype=f8E5M2, rows=128, cols=32, v_row=128, v_col=16, slayout=col_major>, %bs: !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=4, cols=32, v_row=4, v_col=16, blayout=col_major, slayout=col_major, fractal=32>, %t: !pto.tile<loc=left, dtype=f8E4M3FN, rows=16, cols=64, blayout=col_major, slayout=row_major>) {
    pto.tget_scale_addr ins(%a : !pto.tile_buf<loc=left, dtype=f8E4M3FN, rows=16, cols=128, blayout=col_major, slayout=row_major>) outs(%as : !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=16, cols=4, slayout=row_major, fractal=32>)
    pto.get_scale_addr ins(%b : !pto.tile_buf<loc=right, dtype=f8E5M2, rows=128, cols=32, v_row=128, v_col=16, slayout=col_major>) outs(%bs : !pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=4, cols=32, v_row=4, v_col=16, blayout=col_major, slayout=col_major, fractal=32>)
    %ts = pto.get_scale_addr %t : (!pto.tile<loc=left, dtype=f8E4M3FN, rows=16, cols=64, blayout=col_major, slayout=row_major>) -> !pto.tile<loc=scaling, dtype=!pto.f8E8M0, rows=16, cols=2, slayout=row_major, fractal=32>
    return
  }
}

// hw-native-sys/PTOAS 2026-04's form: the scale tile has src's shape, and `f8E4M3` is its
// spelling of the E4M3 type (kept as written).
// CHECK-LABEL: func.func @scale_addr_2026_04
// CHECK-NEXT:    pto.tget_scale_addr ins(%src : !pto.tile_buf<loc=left, dtype=f8E4M3, rows=1, cols=128, v_row=1, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%dst : !pto.tile_buf<loc=scaling, dtype=f16, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
// GENERIC: "pto.tget_scale_addr"(%src, %dst) <{operandSegmentSizes = array<i32: 1, 1>}> : (!pto.tile_buf<loc=left, dtype=f8E4M3{{.*}}>, !pto.tile_buf<loc=scaling, dtype=f16{{.*}}>) -> ()
module attributes {pto.target_arch = "a5"} {
  func.func @scale_addr_2026_04(%src: !pto.tile_buf<loc=left, dtype=f8E4M3, rows=1, cols=128, v_row=1, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>, %dst: !pto.tile_buf<loc=scaling, dtype=f16, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>) {
    pto.tget_scale_addr ins(%src : !pto.tile_buf<loc=left, dtype=f8E4M3, rows=1, cols=128, v_row=1, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%dst : !pto.tile_buf<loc=scaling, dtype=f16, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
    return
  }
}

// tprefetch_async with its context and session (PTOAS's forms).
// CHECK-LABEL: func.func @prefetch_async
// CHECK-NEXT:    %ctx = pto.make_prefetch_async_context(%ws : !pto.ptr<i8>) -> !pto.prefetch_async_context
// CHECK-NEXT:    %e = pto.tprefetch_async(%src, %ctx : !pto.partition_tensor_view<128xf32>, !pto.prefetch_async_context) -> !pto.async_event
// CHECK-NEXT:    %s = pto.get_prefetch_async_session %ctx : !pto.prefetch_async_context -> !pto.async_session
// GENERIC: %ctx = "pto.make_prefetch_async_context"(%ws) : (!pto.ptr<i8>) -> !pto.prefetch_async_context
// GENERIC: %e = "pto.tprefetch_async"(%src, %ctx) : (!pto.partition_tensor_view<128xf32>, !pto.prefetch_async_context) -> !pto.async_event
// GENERIC: %s = "pto.get_prefetch_async_session"(%ctx) : (!pto.prefetch_async_context) -> !pto.async_session
func.func @prefetch_async(%src: !pto.partition_tensor_view<128xf32>, %ws: !pto.ptr<i8>) {
  %ctx = pto.make_prefetch_async_context(%ws : !pto.ptr<i8>) -> !pto.prefetch_async_context
  %e = pto.tprefetch_async(%src, %ctx : !pto.partition_tensor_view<128xf32>, !pto.prefetch_async_context) -> !pto.async_event
  %s = pto.get_prefetch_async_session %ctx : !pto.prefetch_async_context -> !pto.async_session
  return
}

// The img2col family: the FMATRIX registers' fields as properties (the C++ ConvTile's),
// the pages' `ins(%cfg : T) outs()` forms and `!pto.fmatrix_config`; timg2col's instruction
// fields as properties, DPS and SSA.
// CHECK-LABEL: func.func @img2col
// CHECK-NEXT:    pto.setfmatrix ins(%f : !pto.tile_buf<{{.*}}>) outs() {fmap_h = 4 : i64, fmap_w = 6 : i64, pad_list = array<i64: 1, 1, 1, 1>}
// CHECK-NEXT:    pto.setfmatrix ins(%t : !pto.tile<{{.*}}>) outs() {fmap_h = 4 : i64, fmap_w = 6 : i64, fmatrix_b}
// CHECK-NEXT:    pto.set_img2col_rpt ins(%cfg : !pto.fmatrix_config) outs() {repeat_time = 1 : i64, dst_mposition = 0 : i64}
// CHECK-NEXT:    pto.set_img2col_padding ins(%cfg : !pto.fmatrix_config) outs() {pad_value = -1.000000e+00 : f16, note = 1 : i64}
// CHECK-NEXT:    pto.timg2col ins(%f : !pto.tile_buf<{{.*}}>) outs(%d : !pto.tile_buf<{{.*}}>) {filter_h = 3 : i64, filter_w = 3 : i64, pos_k = 16 : i64}
// CHECK-NEXT:    %{{.*}} = pto.timg2col %t {stride_h = 2 : i64, fmatrix_b} : !pto.tile<{{.*}}> -> !pto.tile<{{.*}}>
// GENERIC: "pto.setfmatrix"(%f) <{fmap_h = 4 : i64, fmap_w = 6 : i64, pad_list = array<i64: 1, 1, 1, 1>}> : (!pto.tile_buf<{{.*}}>) -> ()
// GENERIC: "pto.setfmatrix"(%t) <{fmap_h = 4 : i64, fmap_w = 6 : i64, fmatrix_b}> : (!pto.tile<{{.*}}>) -> ()
// GENERIC: "pto.set_img2col_rpt"(%cfg) <{repeat_time = 1 : i64, dst_mposition = 0 : i64}> : (!pto.fmatrix_config) -> ()
// GENERIC: "pto.set_img2col_padding"(%cfg) <{pad_value = -1.000000e+00 : f16}> {note = 1 : i64} : (!pto.fmatrix_config) -> ()
// GENERIC: "pto.timg2col"(%f, %d) <{operandSegmentSizes = array<i32: 1, 1>, filter_h = 3 : i64, filter_w = 3 : i64, pos_k = 16 : i64}> : (!pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) -> ()
// GENERIC: "pto.timg2col"(%t) <{operandSegmentSizes = array<i32: 1, 0>, stride_h = 2 : i64, fmatrix_b}> : (!pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
module attributes {pto.target_arch = "a5"} {
  func.func @img2col(%f: !pto.tile_buf<loc=mat, dtype=f16, rows=24, cols=16>, %d: !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=160, blayout=col_major, slayout=row_major>, %t: !pto.tile<loc=mat, dtype=f16, rows=24, cols=16>, %cfg: !pto.fmatrix_config) {
    pto.setfmatrix ins(%f : !pto.tile_buf<loc=mat, dtype=f16, rows=24, cols=16>) outs() {fmap_h = 4, fmap_w = 6, pad_list = array<i64: 1, 1, 1, 1>}
    pto.setfmatrix %t : !pto.tile<loc=mat, dtype=f16, rows=24, cols=16> {fmap_h = 4, fmap_w = 6, fmatrix_b}
    pto.set_img2col_rpt %cfg : !pto.fmatrix_config -> () {repeat_time = 1, dst_mposition = 0}
    pto.set_img2col_padding ins(%cfg : !pto.fmatrix_config) outs() {pad_value = -1.0 : f16, note = 1}
    pto.timg2col ins(%f : !pto.tile_buf<loc=mat, dtype=f16, rows=24, cols=16>) outs(%d : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=160, blayout=col_major, slayout=row_major>) {filter_h = 3, filter_w = 3, pos_k = 16}
    %r = pto.timg2col %t {stride_h = 2, fmatrix_b} : !pto.tile<loc=mat, dtype=f16, rows=24, cols=16> -> !pto.tile<loc=left, dtype=f16, rows=16, cols=160, blayout=col_major, slayout=row_major>
    return
  }
}
