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
