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
