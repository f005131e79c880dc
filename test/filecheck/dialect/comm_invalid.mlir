// RUN: pto-opt %s --split-input-file --verify-diagnostics
// One case per rule of PTOAS PTO.cpp's comm verifiers (verifyCommGlobalLike and the rest).

func.func @dyn_tensor_view(%d: !pto.tensor_view<1x?xf32>, %s: !pto.tensor_view<1x?xf32>, %p: !pto.tile_buf<vec, 1x128xf32>) {
  // expected-error @+1 {{pto.comm.tput allows dynamic dimensions on dst only for partition_tensor_view}}
  pto.comm.tput(%d, %s, buf(%p) : !pto.tensor_view<1x?xf32>, !pto.tensor_view<1x?xf32>, !pto.tile_buf<vec, 1x128xf32>)
  func.return
}

// -----

func.func @dyn_collective(%s: !pto.partition_tensor_view<?xf32>, %p: !pto.tile_buf<vec, 1x128xf32>) {
  // expected-error @+1 {{pto.comm.tbroadcast does not support dynamic dimensions on src}}
  pto.comm.tbroadcast(%s, recv(%p), group(%s) : !pto.partition_tensor_view<?xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.partition_tensor_view<?xf32>) {root = 0 : i32}
  func.return
}

// -----

func.func @staging_space(%d: !pto.partition_tensor_view<1x128xf32>, %p: !pto.tile_buf<mat, 1x128xf32>) {
  // expected-error @+1 {{pto.comm.tput expects ping to be in vec address space}}
  pto.comm.tput(%d, %d, buf(%p) : !pto.partition_tensor_view<1x128xf32>, !pto.partition_tensor_view<1x128xf32>, !pto.tile_buf<mat, 1x128xf32>)
  func.return
}

// -----

func.func @ping_pong(%d: !pto.partition_tensor_view<1x128xf32>, %p: !pto.tile_buf<vec, 1x128xf32>, %q: !pto.tile_buf<vec, 2x128xf32>) {
  // expected-error @+1 {{pto.comm.tget expects ping and pong to have identical types}}
  pto.comm.tget(%d, %d, buf(%p, %q) : !pto.partition_tensor_view<1x128xf32>, !pto.partition_tensor_view<1x128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 2x128xf32>)
  func.return
}

// -----

func.func @element(%d: !pto.partition_tensor_view<1x128xf32>, %s: !pto.partition_tensor_view<1x128xi32>, %p: !pto.tile_buf<vec, 1x128xf32>) {
  // expected-error @+1 {{pto.comm.tput expects src and dst to have the same element type}}
  pto.comm.tput(%d, %s, buf(%p) : !pto.partition_tensor_view<1x128xf32>, !pto.partition_tensor_view<1x128xi32>, !pto.tile_buf<vec, 1x128xf32>)
  func.return
}

// -----

func.func @shape(%d: !pto.partition_tensor_view<1x128xf32>, %s: !pto.partition_tensor_view<2x64xf32>, %p: !pto.tile_buf<vec, 1x128xf32>) {
  // expected-error @+1 {{pto.comm.tput expects src and dst to have the same static/dynamic shape signature}}
  pto.comm.tput(%d, %s, buf(%p) : !pto.partition_tensor_view<1x128xf32>, !pto.partition_tensor_view<2x64xf32>, !pto.tile_buf<vec, 1x128xf32>)
  func.return
}

// -----

func.func @staging_element(%d: !pto.partition_tensor_view<1x128xf32>, %p: !pto.tile_buf<vec, 1x128xf16>) {
  // expected-error @+1 {{pto.comm.tget expects staging tile element type to match src/dst}}
  pto.comm.tget(%d, %d, buf(%p) : !pto.partition_tensor_view<1x128xf32>, !pto.partition_tensor_view<1x128xf32>, !pto.tile_buf<vec, 1x128xf16>)
  func.return
}

// -----

func.func @signal_i32(%s: !pto.partition_tensor_view<1xi64>, %v: i32) {
  // expected-error @+1 {{pto.comm.tnotify expects signal element type to be i32}}
  pto.comm.tnotify(%s, %v : !pto.partition_tensor_view<1xi64>, i32) {notifyOp = #pto<notify_op set>}
  func.return
}

// -----

func.func @value_i32(%s: !pto.partition_tensor_view<1x1xi32>, %v: i64) {
  // expected-error @+1 {{pto.comm.tnotify expects value to be i32}}
  pto.comm.tnotify(%s, %v : !pto.partition_tensor_view<1x1xi32>, i64) {notifyOp = #pto<notify_op set>}
  func.return
}

// -----

func.func @cmp_i32(%s: !pto.partition_tensor_view<1x1xi32>, %v: i16) {
  // expected-error @+1 {{pto.comm.twait expects cmp_value to be i32}}
  pto.comm.twait(%s, %v : !pto.partition_tensor_view<1x1xi32>, i16) {cmp = #pto<wait_cmp eq>}
  func.return
}

// -----

func.func @group_types(%g: !pto.partition_tensor_view<128xf32>, %h: !pto.partition_tensor_view<64xf32>, %p: !pto.tile_buf<vec, 1x128xf32>) {
  // expected-error @+1 {{pto.comm.tgather expects all group operands to have identical types}}
  pto.comm.tgather(%g, recv(%p), group(%g, %h) : !pto.partition_tensor_view<128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.partition_tensor_view<128xf32>, !pto.partition_tensor_view<64xf32>) {root = 0 : i32}
  func.return
}

// -----

func.func @root(%g: !pto.partition_tensor_view<128xf32>, %p: !pto.tile_buf<vec, 1x128xf32>) {
  // expected-error @+1 {{pto.comm.tscatter expects root to index into group operands}}
  pto.comm.tscatter(%g, recv(%p), group(%g, %g) : !pto.partition_tensor_view<128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.partition_tensor_view<128xf32>, !pto.partition_tensor_view<128xf32>) {root = 2 : i32}
  func.return
}

// -----

func.func @broadcast_type(%s: !pto.partition_tensor_view<1x128xf32>, %g: !pto.partition_tensor_view<128xf32>, %p: !pto.tile_buf<vec, 1x128xf32>) {
  // expected-error @+1 {{pto.comm.tbroadcast expects src type to match group member type}}
  pto.comm.tbroadcast(%s, recv(%p), group(%g) : !pto.partition_tensor_view<1x128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.partition_tensor_view<128xf32>) {root = 0 : i32}
  func.return
}

// -----

func.func @gather_element(%d: !pto.partition_tensor_view<256xf16>, %g: !pto.partition_tensor_view<128xf32>, %p: !pto.tile_buf<vec, 1x128xf32>) {
  // expected-error @+1 {{pto.comm.tgather expects dst element type to match group member type}}
  pto.comm.tgather(%d, recv(%p), group(%g) : !pto.partition_tensor_view<256xf16>, !pto.tile_buf<vec, 1x128xf32>, !pto.partition_tensor_view<128xf32>) {root = 0 : i32}
  func.return
}

// -----

func.func @scatter_staging(%s: !pto.partition_tensor_view<128xf32>, %p: !pto.tile_buf<vec, 1x128xf16>) {
  // expected-error @+1 {{pto.comm.tscatter expects staging tile element type to match src}}
  pto.comm.tscatter(%s, recv(%p), group(%s) : !pto.partition_tensor_view<128xf32>, !pto.tile_buf<vec, 1x128xf16>, !pto.partition_tensor_view<128xf32>) {root = 0 : i32}
  func.return
}

// -----

func.func @reduce_pair(%g: !pto.partition_tensor_view<128xf32>, %p: !pto.tile_buf<vec, 1x128xf32>, %q: !pto.tile_buf<vec, 2x128xf32>) {
  // expected-error @+1 {{pto.comm.treduce expects acc and recv_ping to have identical types}}
  pto.comm.treduce(%g, %p, recv(%q), group(%g) : !pto.partition_tensor_view<128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 2x128xf32>, !pto.partition_tensor_view<128xf32>) {reduceOp = #pto<reduce_op sum>, root = 0 : i32}
  func.return
}

// -----

func.func @reduce_element(%g: !pto.partition_tensor_view<128xf32>, %p: !pto.tile_buf<vec, 1x128xf16>) {
  // expected-error @+1 {{pto.comm.treduce expects accumulator/receive tiles to match dst element type}}
  pto.comm.treduce(%g, %p, recv(%p), group(%g) : !pto.partition_tensor_view<128xf32>, !pto.tile_buf<vec, 1x128xf16>, !pto.tile_buf<vec, 1x128xf16>, !pto.partition_tensor_view<128xf32>) {reduceOp = #pto<reduce_op sum>, root = 0 : i32}
  func.return
}

// -----

func.func @session_space(%t: !pto.tile_buf<mat, 16x32xi8>, %w: !pto.ptr<i8>) {
  // expected-error @+1 {{pto.comm.build_async_session expects scratch to be in vec address space}}
  %s = pto.comm.build_async_session(%t, %w : !pto.tile_buf<mat, 16x32xi8>, !pto.ptr<i8>) -> !pto.async_session
  func.return
}

// -----

func.func @session_workspace(%t: !pto.tile_buf<vec, 1x256xi8>, %w: !pto.ptr<i32>) {
  // expected-error @+1 {{pto.comm.build_async_session expects workspace element type to be an 8-bit integer}}
  %s = pto.comm.build_async_session(%t, %w : !pto.tile_buf<vec, 1x256xi8>, !pto.ptr<i32>) -> !pto.async_session
  func.return
}

// -----

func.func @session_workspace_kind(%t: !pto.tile_buf<vec, 1x256xi8>, %w: i64) {
  // expected-error @+1 {{pto.comm.build_async_session expects workspace to be !pto.ptr type (or a GM memref)}}
  %s = pto.comm.build_async_session(%t, %w : !pto.tile_buf<vec, 1x256xi8>, i64) -> !pto.async_session
  func.return
}

// -----

func.func @session_sync_id(%t: !pto.tile_buf<vec, 1x256xi8>, %w: !pto.ptr<i8>) {
  // expected-error @+1 {{pto.comm.build_async_session expects sync_id in range [0, 7]}}
  %s = pto.comm.build_async_session(%t, %w : !pto.tile_buf<vec, 1x256xi8>, !pto.ptr<i8>) {sync_id = 8 : i32} -> !pto.async_session
  func.return
}

// -----

func.func @session_block_bytes(%t: !pto.tile_buf<vec, 1x256xi8>, %w: !pto.ptr<i8>) {
  // expected-error @+1 {{pto.comm.build_async_session expects block_bytes to be greater than 0}}
  %s = pto.comm.build_async_session(%t, %w : !pto.tile_buf<vec, 1x256xi8>, !pto.ptr<i8>) {block_bytes = 0 : i64} -> !pto.async_session
  func.return
}

// -----

func.func @session_offset(%t: !pto.tile_buf<vec, 1x256xi8>, %w: !pto.ptr<i8>) {
  // expected-error @+1 {{pto.comm.build_async_session expects comm_block_offset to be non-negative}}
  %s = pto.comm.build_async_session(%t, %w : !pto.tile_buf<vec, 1x256xi8>, !pto.ptr<i8>) {comm_block_offset = -1 : i64} -> !pto.async_session
  func.return
}

// -----

func.func @session_queues(%t: !pto.tile_buf<vec, 1x256xi8>, %w: !pto.ptr<i8>) {
  // expected-error @+1 {{pto.comm.build_async_session expects queue_num to be greater than 0}}
  %s = pto.comm.build_async_session(%t, %w : !pto.tile_buf<vec, 1x256xi8>, !pto.ptr<i8>) {queue_num = 0 : i32} -> !pto.async_session
  func.return
}

// -----

func.func @session_channel(%t: !pto.tile_buf<vec, 1x256xi8>, %w: !pto.ptr<i8>) {
  // expected-error @+1 {{pto.comm.build_async_session expects channel_group_idx to fit in uint32}}
  %s = pto.comm.build_async_session(%t, %w : !pto.tile_buf<vec, 1x256xi8>, !pto.ptr<i8>) {channel_group_idx = 4294967296 : i64} -> !pto.async_session
  func.return
}

// -----

func.func @async_flat(%a: !pto.partition_tensor_view<4x32xf32>, %s: !pto.async_session) {
  // expected-error @+1 {{pto.comm.tput_async expects dst to be a static flat contiguous logical 1D GM view}}
  %e = pto.comm.tput_async(%a, %a, %s : !pto.partition_tensor_view<4x32xf32>, !pto.partition_tensor_view<4x32xf32>, !pto.async_session) -> !pto.async_event
  func.return
}

// -----

func.func @async_static(%a: !pto.partition_tensor_view<?xf32>, %s: !pto.async_session) {
  // expected-error @+1 {{pto.comm.tget_async expects dst to have a static shape}}
  %e = pto.comm.tget_async(%a, %a, %s : !pto.partition_tensor_view<?xf32>, !pto.partition_tensor_view<?xf32>, !pto.async_session) -> !pto.async_event
  func.return
}

// -----

func.func @async_element(%a: !pto.partition_tensor_view<128xf32>, %b: !pto.partition_tensor_view<128xi32>, %s: !pto.async_session) {
  // expected-error @+1 {{pto.comm.tput_async expects src and dst to have the same element type}}
  %e = pto.comm.tput_async(%a, %b, %s : !pto.partition_tensor_view<128xf32>, !pto.partition_tensor_view<128xi32>, !pto.async_session) -> !pto.async_event
  func.return
}

// -----

func.func @async_shape(%a: !pto.partition_tensor_view<128xf32>, %b: !pto.partition_tensor_view<64xf32>, %s: !pto.async_session) {
  // expected-error @+1 {{pto.comm.tput_async expects src and dst to have the same static shape}}
  %e = pto.comm.tput_async(%a, %b, %s : !pto.partition_tensor_view<128xf32>, !pto.partition_tensor_view<64xf32>, !pto.async_session) -> !pto.async_event
  func.return
}
