// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// The spellings of PTOAS test/lit/pto/comm_*.pto and test/samples/CommSync (`#pto<notify_op
// set>` and `#pto.notify_op<set>`, one or two staging tiles, the collectives' recv / group).
// CHECK: pto.comm.tput(%d, %s, buf(%p) : !pto.partition_tensor_view<1x128xf32>, !pto.partition_tensor_view<1x128xf32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {atomicType = #pto.atomic_type<atomic_add>}
// CHECK: pto.comm.tget(%d, %s, buf(%p, %q) : !pto.partition_tensor_view<1x128xf32>, !pto.partition_tensor_view<1x128xf32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK: pto.comm.tnotify(%sig, %v : !pto.partition_tensor_view<1x1xi32>, i32) {notifyOp = #pto.notify_op<atomic_add>}
// CHECK: pto.comm.twait(%sig, %v : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto.wait_cmp<ge>}
// CHECK: %t = pto.comm.ttest(%sig, %v : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto.wait_cmp<eq>} -> i1
// CHECK: pto.comm.tbroadcast(%g0, recv(%p), group(%g0, %g1) : !pto.partition_tensor_view<128xf32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.partition_tensor_view<128xf32>, !pto.partition_tensor_view<128xf32>) {root = 1 : i32}
// CHECK: pto.comm.tgather(%big, recv(%p, %q), group(%g0, %g1) : !pto.partition_tensor_view<256xf32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.partition_tensor_view<128xf32>, !pto.partition_tensor_view<128xf32>) {root = 0 : i32}
// CHECK: pto.comm.tscatter(%big, recv(%p), group(%g0, %g1) : !pto.partition_tensor_view<256xf32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.partition_tensor_view<128xf32>, !pto.partition_tensor_view<128xf32>) {root = 0 : i32}
// CHECK: pto.comm.treduce(%g0, %p, recv(%q), group(%g0, %g1) : !pto.partition_tensor_view<128xf32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.partition_tensor_view<128xf32>, !pto.partition_tensor_view<128xf32>) {reduceOp = #pto.reduce_op<max>, root = 1 : i32}
// GENERIC: "pto.comm.tput"(%d, %s, %p)
// GENERIC: "pto.comm.tnotify"(%sig, %v)
// GENERIC: "pto.comm.treduce"(%g0, %p, %q, %g0, %g1)
func.func @k(%d: !pto.partition_tensor_view<1x128xf32>, %s: !pto.partition_tensor_view<1x128xf32>, %sig: !pto.partition_tensor_view<1x1xi32>, %v: i32, %g0: !pto.partition_tensor_view<128xf32>, %g1: !pto.partition_tensor_view<128xf32>, %big: !pto.partition_tensor_view<256xf32>) {
  %p = pto.alloc_tile : !pto.tile_buf<vec, 1x128xf32>
  %q = pto.alloc_tile : !pto.tile_buf<vec, 1x128xf32>
  pto.comm.tput(%d, %s, buf(%p) : !pto.partition_tensor_view<1x128xf32>, !pto.partition_tensor_view<1x128xf32>, !pto.tile_buf<vec, 1x128xf32>) {atomicType = #pto<atomic_type atomic_add>}
  pto.comm.tget(%d, %s, buf(%p, %q) : !pto.partition_tensor_view<1x128xf32>, !pto.partition_tensor_view<1x128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x128xf32>)
  pto.comm.tnotify(%sig, %v : !pto.partition_tensor_view<1x1xi32>, i32) {notifyOp = #pto<notify_op atomic_add>}
  pto.comm.twait(%sig, %v : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp ge>}
  %t = pto.comm.ttest(%sig, %v : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto.wait_cmp<eq>} -> i1
  pto.comm.tbroadcast(%g0, recv(%p), group(%g0, %g1) : !pto.partition_tensor_view<128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.partition_tensor_view<128xf32>, !pto.partition_tensor_view<128xf32>) {root = 1 : i32}
  pto.comm.tgather(%big, recv(%p, %q), group(%g0, %g1) : !pto.partition_tensor_view<256xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.partition_tensor_view<128xf32>, !pto.partition_tensor_view<128xf32>) {root = 0 : i32}
  pto.comm.tscatter(%big, recv(%p), group(%g0, %g1) : !pto.partition_tensor_view<256xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.partition_tensor_view<128xf32>, !pto.partition_tensor_view<128xf32>) {root = 0 : i32}
  pto.comm.treduce(%g0, %p, recv(%q), group(%g0, %g1) : !pto.partition_tensor_view<128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.partition_tensor_view<128xf32>, !pto.partition_tensor_view<128xf32>) {reduceOp = #pto<reduce_op max>, root = 1 : i32}
  return
}

// The asynchronous ops (PTOAS test/lit/pto/async_put_get_emitc.pto).
// CHECK: %s = pto.comm.build_async_session(%scratch, %ws : !pto.tile_buf<loc=vec, dtype=i8, rows=1, cols=256, v_row=1, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.ptr<i8>) {sync_id = 2 : i32, queue_num = 1 : i32} -> !pto.async_session
// CHECK: %e = pto.comm.tput_async(%a, %b, %s : !pto.partition_tensor_view<128xf32>, !pto.partition_tensor_view<128xf32>, !pto.async_session) -> !pto.async_event
// CHECK: %f = pto.comm.tget_async(%b, %a, %s : !pto.partition_tensor_view<128xf32>, !pto.partition_tensor_view<128xf32>, !pto.async_session) -> !pto.async_event
// CHECK: %done = pto.comm.wait_async_event(%e, %s : !pto.async_event, !pto.async_session) -> i1
// CHECK: %now = pto.comm.test_async_event(%f, %s : !pto.async_event, !pto.async_session) -> i1
// GENERIC: "pto.comm.build_async_session"(%scratch, %ws) <{sync_id = 2 : i32, queue_num = 1 : i32}>
// GENERIC: "pto.comm.wait_async_event"(%e, %s)
func.func @async(%a: !pto.partition_tensor_view<128xf32>, %b: !pto.partition_tensor_view<128xf32>, %ws: !pto.ptr<i8, gm>) {
  %scratch = pto.alloc_tile : !pto.tile_buf<vec, 1x256xi8>
  %s = pto.comm.build_async_session(%scratch, %ws : !pto.tile_buf<vec, 1x256xi8>, !pto.ptr<i8, gm>) {sync_id = 2 : i32, queue_num = 1 : i32} -> !pto.async_session
  %e = pto.comm.tput_async(%a, %b, %s : !pto.partition_tensor_view<128xf32>, !pto.partition_tensor_view<128xf32>, !pto.async_session) -> !pto.async_event
  %f = pto.comm.tget_async(%b, %a, %s : !pto.partition_tensor_view<128xf32>, !pto.partition_tensor_view<128xf32>, !pto.async_session) -> !pto.async_event
  %done = pto.comm.wait_async_event(%e, %s : !pto.async_event, !pto.async_session) -> i1
  %now = pto.comm.test_async_event(%f, %s : !pto.async_event, !pto.async_session) -> i1
  return
}

// GM memrefs as the views (PTOAS's 2026-06 kernels), and set_ffts of a memref.
// CHECK: pto.comm.tbroadcast(%m, recv(%p), group(%m) : memref<16x16xbf16, #pto.address_space<gm>>, !pto.tile_buf<loc=vec, dtype=bf16, rows=1, cols=256, v_row=1, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>, memref<16x16xbf16, #pto.address_space<gm>>) {root = 0 : i32}
// CHECK: pto.set_ffts %f : memref<256xi64>
func.func @memrefs(%m: memref<16x16xbf16, #pto.address_space<gm>>, %f: memref<256xi64>) {
  %p = pto.alloc_tile : !pto.tile_buf<vec, 1x256xbf16>
  pto.comm.tbroadcast(%m, recv(%p), group(%m) : memref<16x16xbf16, #pto.address_space<gm>>, !pto.tile_buf<vec, 1x256xbf16>, memref<16x16xbf16, #pto.address_space<gm>>) {root = 0 : i32}
  pto.set_ffts %f : memref<256xi64>
  return
}
