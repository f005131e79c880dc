// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// The spellings of PTOAS test/lit/pto/tpush_tpop_*.pto and test/samples (`<PIPE_X>` and
// `#pto.pipe<PIPE_X>`, the optional id, valid extents, aiv_subblockid, a freed entry).
// CHECK: pto.aic_initialize_pipe {id = 0, dir_mask = 3, slot_size = 1024, slot_num = 2, nosplit = false}(gm_slot_buffer = %gm : !pto.ptr<f32>, c2v_consumer_buf = %z : i32, v2c_consumer_buf = %z : i32)
// CHECK: pto.tpush_to_aiv(%acc : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {id = 0, split = 1}
// CHECK: %t = pto.tpop_from_aiv {id = 0, split = 0} -> !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// CHECK: pto.tfree_from_aiv {id = 0, split = 0}
// CHECK: pto.sync.set <PIPE_FIX>, 0 {ffts_mode = 0 : i32}
// CHECK: pto.sync.wait <PIPE_MTE2>, %e
// CHECK: pto.aiv_initialize_pipe {id = 1, dir_mask = 1, slot_size = 512}(c2v_consumer_buf = %z : i32)
// CHECK: %t = pto.tpop_from_aic (%r, %r) {id = 1, split = 2} aiv_subblockid(%s) -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK: pto.tfree_from_aic(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {id = 0, split = 2}
// CHECK: pto.tpush_to_aic(%v : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {id = 1, split = 1} aiv_subblockid(%s)
// CHECK: pto.sync.set <PIPE_MTE3>, 2
// GENERIC: "pto.aic_initialize_pipe"(%gm, %z, %z)
// GENERIC: "pto.tpush_to_aiv"(%acc)
// GENERIC: "pto.tpop_from_aiv"()
// GENERIC: "pto.tfree_from_aiv"()
// GENERIC: "pto.sync.set"()
// GENERIC: "pto.sync.wait"(%e)
// GENERIC: "pto.aiv_initialize_pipe"(%z)
// GENERIC: "pto.tpop_from_aic"(%r, %r, %s)
// GENERIC: "pto.tfree_from_aic"(%t)
// GENERIC: "pto.tpush_to_aic"(%v, %s)
// GENERIC: "pto.sync.set"()
func.func @cube(%gm: !pto.ptr<f32>, %acc: !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, %e: index) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %z = arith.constant 0 : i32
  pto.aic_initialize_pipe {dir_mask = 3, slot_size = 1024, slot_num = 2, nosplit = false}
    (gm_slot_buffer = %gm : !pto.ptr<f32>, c2v_consumer_buf = %z : i32, v2c_consumer_buf = %z : i32)
  pto.tpush_to_aiv(%acc : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {id = 0, split = 1}
  %t = pto.tpop_from_aiv {id = 0, split = 0} -> !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  pto.tfree_from_aiv {id = 0, split = 0}
  pto.sync.set <PIPE_FIX>, 0 {ffts_mode = 0 : i32}
  pto.sync.wait #pto.pipe<PIPE_MTE2>, %e
  func.return
}
func.func @vector(%v: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, %r: index, %s: i64) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %z = arith.constant 0 : i32
  pto.aiv_initialize_pipe {id = 1, dir_mask = 1, slot_size = 512} (c2v_consumer_buf = %z : i32)
  %t = pto.tpop_from_aic (%r, %r) {id = 1, split = 2} aiv_subblockid(%s) -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tfree_from_aic(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {split = 2}
  pto.tpush_to_aic(%v : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {id = 1, split = 1} aiv_subblockid(%s)
  pto.sync.set <PIPE_MTE3>, 2
  func.return
}
// CHECK-LABEL: func.func @syncall
// CHECK: pto.syncall(%arg0, %arg1 : !pto.ptr<i32>, i32) mode = #pto.sync_all_mode<soft>, core_type = #pto.sync_core_type<aiv_only>
// CHECK: pto.syncall() mode = #pto.sync_all_mode<hard>, core_type = #pto.sync_core_type<mix>
// GENERIC: "pto.syncall"(%arg0, %arg1) <{mode = #pto.sync_all_mode<soft>, core_type = #pto.sync_core_type<aiv_only>, operandSegmentSizes = array<i32: 1, 1>}> : (!pto.ptr<i32>, i32) -> ()
// GENERIC: "pto.syncall"() <{mode = #pto.sync_all_mode<hard>, core_type = #pto.sync_core_type<mix>, operandSegmentSizes = array<i32: 0, 0>}> : () -> ()
func.func @syncall(%arg0: !pto.ptr<i32, gm>, %arg1: i32) {
  pto.syncall(%arg0, %arg1 : !pto.ptr<i32, gm>, i32) mode = #pto.sync_all_mode<soft>, core_type = #pto.sync_core_type<aiv_only>
  pto.syncall() mode = #pto.sync_all_mode<hard>, core_type = #pto.sync_core_type<mix>
  func.return
}
// A GM FIFO's entries (PTOAS test/samples/TPipe/a3_pipe_roundtrip.pto): talloc gives the
// producer the slot's GM, push and pop hand the view over, free takes it back.
// CHECK-LABEL: func.func @gm_fifo
// CHECK: %send = pto.talloc_to_aiv {id = 0, split = 0} -> !pto.tensor_view<16x16xf32>
// CHECK: pto.tpush_to_aiv(%send : !pto.tensor_view<16x16xf32>) {id = 0, split = 0}
// CHECK: %recv = pto.tpop_from_aiv {id = 1, split = 0} -> !pto.tensor_view<16x16xf32>
// CHECK: pto.tfree_from_aiv(%recv : !pto.tensor_view<16x16xf32>) {id = 1, split = 0}
// CHECK-LABEL: func.func @gm_fifo_vector
// CHECK: %send = pto.talloc_to_aic {id = 1, split = 1} -> !pto.tensor_view<8x16xf32>
// GENERIC: "pto.talloc_to_aiv"() <{id = 0 : i32, split = 0 : i8}> : () -> !pto.tensor_view<16x16xf32>
// GENERIC: "pto.talloc_to_aic"() <{id = 1 : i32, split = 1 : i8}> : () -> !pto.tensor_view<8x16xf32>
func.func @gm_fifo(%v: !pto.tensor_view<16x16xf32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  pto.aic_initialize_pipe {id = 0, dir_mask = 1, slot_size = 1024} (gm_slot_tensor = %v : !pto.tensor_view<16x16xf32>)
  %send = pto.talloc_to_aiv {id = 0, split = 0} -> !pto.tensor_view<16x16xf32>
  pto.tpush_to_aiv(%send : !pto.tensor_view<16x16xf32>) {id = 0, split = 0}
  %recv = pto.tpop_from_aiv {id = 1, split = 0} -> !pto.tensor_view<16x16xf32>
  pto.tfree_from_aiv(%recv : !pto.tensor_view<16x16xf32>) {id = 1, split = 0}
  func.return
}
func.func @gm_fifo_vector() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %send = pto.talloc_to_aic {id = 1, split = 1} -> !pto.tensor_view<8x16xf32>
  func.return
}
// vpto-dev/PTOAS (2026-06) kernels on A5 spell AIV1's intra-block semaphores 16-31 in
// `sync.set` / `sync.wait` (docs/decisions.md).
// CHECK-LABEL: func.func @older_a5_semaphores
// CHECK: pto.sync.set <PIPE_FIX>, 17
// CHECK-NEXT: pto.sync.wait <PIPE_MTE3>, 31
// GENERIC: "pto.sync.set"() <{pipe = #pto.pipe<PIPE_FIX>, event_id = 17 : i32}> : () -> ()
module attributes {pto.target_arch = "a5"} {
  func.func @older_a5_semaphores() {
    pto.sync.set <PIPE_FIX>, 17
    pto.sync.wait <PIPE_MTE3>, 31
    func.return
  }
}
