// RUN: pto-opt %s --split-input-file --verify-diagnostics

func.func @dir(%z: i32) {
  // expected-error @+1 {{pto.aiv_initialize_pipe dir_mask must be 1, 2 or 3, got 4}}
  pto.aiv_initialize_pipe {dir_mask = 4, slot_size = 512}(c2v_consumer_buf = %z : i32)
  func.return
}

// -----

func.func @slot_size(%z: i32) {
  // expected-error @+1 {{pto.aiv_initialize_pipe slot_size must be greater than 0}}
  pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 0}(c2v_consumer_buf = %z : i32)
  func.return
}

// -----

func.func @slot_num(%z: i32) {
  // expected-error @+1 {{pto.aiv_initialize_pipe slot_num must be greater than 0}}
  pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 8, slot_num = 0}(c2v_consumer_buf = %z : i32)
  func.return
}

// -----

func.func @id(%z: i32) {
  // expected-error @+1 {{pto.aiv_initialize_pipe id must be non-negative}}
  pto.aiv_initialize_pipe {id = -1, dir_mask = 1, slot_size = 8}(c2v_consumer_buf = %z : i32)
  func.return
}

// -----

func.func @c2v_buf(%z: i32) {
  // expected-error @+1 {{pto.aiv_initialize_pipe needs c2v_consumer_buf when dir_mask is 3}}
  pto.aiv_initialize_pipe {dir_mask = 3, slot_size = 8}(v2c_consumer_buf = %z : i32)
  func.return
}

// -----

func.func @v2c_buf(%z: i32) {
  // expected-error @+1 {{pto.aic_initialize_pipe needs v2c_consumer_buf when dir_mask is 2}}
  pto.aic_initialize_pipe {dir_mask = 2, slot_size = 8}(c2v_consumer_buf = %z : i32)
  func.return
}

// -----

func.func @gm_both(%p: !pto.ptr<f32>, %t: !pto.tensor_view<?x?xf32>) {
  // expected-error @+1 {{pto.aic_initialize_pipe gm_slot_tensor cannot be combined with gm_slot_buffer}}
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 8}(gm_slot_buffer = %p : !pto.ptr<f32>, gm_slot_tensor = %t : !pto.tensor_view<?x?xf32>)
  func.return
}

// -----

func.func @twice(%z: i32) {
  pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 8}(c2v_consumer_buf = %z : i32)
  // expected-error @+1 {{pto.aiv_initialize_pipe id 0 is initialised twice in @twice}}
  pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 8}(c2v_consumer_buf = %z : i32)
  func.return
}

// -----

func.func @side(%z: i32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error @+1 {{pto.aiv_initialize_pipe must be inside a vector kernel function or section}}
  pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 8}(c2v_consumer_buf = %z : i32)
  func.return
}

// -----

func.func @split(%v: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {
  // expected-error @+1 {{pto.tpush_to_aic split must be 0, 1, 2, 3 or 4, got 5}}
  pto.tpush_to_aic(%v : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {split = 5}
  func.return
}

// -----

func.func @odd_v2c(%v: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {
  // expected-error @+1 {{pto.tpush_to_aic takes an odd split (3, 4) only on a C2V GM-backed tile pipe}}
  pto.tpush_to_aic(%v : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {split = 3}
  func.return
}

// -----

func.func @push_tile(%v: i32) {
  // expected-error @+1 {{pto.tpush_to_aic pushes one tile or one GM FIFO entry (a tensor_view)}}
  pto.tpush_to_aic(%v : i32) {split = 0}
  func.return
}

// -----

func.func @extents(%r: index) {
  // expected-error @+1 {{pto.tpop_from_aic takes both valid extents or none}}
  %t = "pto.tpop_from_aic"(%r) <{id = 0 : i32, split = 0 : i8}> : (index) -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  func.return
}

// -----

func.func @event() {
  // expected-error @+1 {{pto.sync.set event id must be in [0, 16), got 16}}
  pto.sync.set <PIPE_V>, 16
  func.return
}

// -----

// on A5 `sync.set` / `sync.wait` also take the older spelling of semaphores 16-31
module attributes {pto.target_arch = "a5"} {
  func.func @event_a5() {
    // expected-error @+1 {{pto.sync.wait event id must be in [0, 32), got 32}}
    pto.sync.wait <PIPE_V>, 32
    func.return
  }
}

// -----

// ... but the named cross-block forms do not
module attributes {pto.target_arch = "a5"} {
  func.func @cross_block_a5() {
    // expected-error @+1 {{pto.set_cross_block event id must be in [0, 16), got 17}}
    pto.set_cross_block <PIPE_V>, 17
    func.return
  }
}

// -----

func.func @mode() {
  // expected-error @+1 {{pto.sync.wait ffts_mode must be 0, 1 or 2, got 3}}
  pto.sync.wait <PIPE_V>, 0 {ffts_mode = 3 : i32}
  func.return
}

// -----

func.func @all() {
  // expected-error @+1 {{pto.sync.set pipe must be a single pipe, not PIPE_ALL}}
  pto.sync.set <PIPE_ALL>, 0
  func.return
}

// -----

func.func @both(%e: index) {
  // expected-error @+1 {{pto.sync.set takes an event id or a dynamic event id, not both}}
  "pto.sync.set"(%e) <{pipe = #pto.pipe<PIPE_V>, event_id = 1 : i32}> : (index) -> ()
  func.return
}

// -----

func.func @soft_needs_workspace() {
  // expected-error @+1 {{pto.syncall in soft mode needs a gm_workspace}}
  pto.syncall() mode = #pto.sync_all_mode<soft>, core_type = #pto.sync_core_type<mix>
  func.return
}

// -----

func.func @hard_takes_none(%w: !pto.ptr<i32>) {
  // expected-error @+1 {{pto.syncall in hard mode takes no operands}}
  pto.syncall(%w : !pto.ptr<i32>) mode = #pto.sync_all_mode<hard>, core_type = #pto.sync_core_type<mix>
  func.return
}

// -----

func.func @used_i32(%w: !pto.ptr<i32>, %n: i64) {
  // expected-error @+1 {{pto.syncall used_cores must be i32, got i64}}
  pto.syncall(%w, %n : !pto.ptr<i32>, i64) mode = #pto.sync_all_mode<soft>, core_type = #pto.sync_core_type<mix>
  func.return
}

// -----

func.func @gm(%w: !pto.ptr<i32, ub>) {
  // expected-error @+1 {{pto.syncall gm_workspace must be in GM}}
  pto.syncall(%w : !pto.ptr<i32, ub>) mode = #pto.sync_all_mode<soft>, core_type = #pto.sync_core_type<mix>
  func.return
}

// -----

func.func @gm_kind(%w: f32) {
  // expected-error @+1 {{pto.syncall gm_workspace must be a GM !pto.ptr, memref, tensor_view or partition_view}}
  pto.syncall(%w : f32) mode = #pto.sync_all_mode<soft>, core_type = #pto.sync_core_type<mix>
  func.return
}

// -----

func.func @gm_small(%w: !pto.partition_tensor_view<3x5xi32>) {
  // expected-error @+1 {{pto.syncall gm_workspace must hold at least 16 i32 (64 bytes), got 15}}
  pto.syncall(%w : !pto.partition_tensor_view<3x5xi32>) mode = #pto.sync_all_mode<soft>, core_type = #pto.sync_core_type<mix>
  func.return
}

// -----

func.func @gm_element(%w: !pto.ptr<f32>) {
  // expected-error @+1 {{pto.syncall gm_workspace element type must be i32, got f32}}
  pto.syncall(%w : !pto.ptr<f32>) mode = #pto.sync_all_mode<soft>, core_type = #pto.sync_core_type<mix>
  func.return
}

// -----

func.func @aiv_l1(%w: !pto.ptr<i32>, %l1: !pto.tile_buf<mat, 16x16xi32>) {
  // expected-error @+1 {{pto.syncall of aiv_only cores takes no l1_workspace}}
  pto.syncall(%w, %l1 : !pto.ptr<i32>, !pto.tile_buf<mat, 16x16xi32>) mode = #pto.sync_all_mode<soft>, core_type = #pto.sync_core_type<aiv_only>
  func.return
}

// -----

func.func @aic_ub(%w: !pto.ptr<i32>, %ub: !pto.tile_buf<vec, 1x64xi32>) {
  // expected-error @+1 {{pto.syncall of aic_only cores takes no ub_workspace}}
  pto.syncall(%w, %ub : !pto.ptr<i32>, !pto.tile_buf<vec, 1x64xi32>) mode = #pto.sync_all_mode<soft>, core_type = #pto.sync_core_type<aic_only>
  func.return
}

// -----

func.func @set_ffts(%p: !pto.ptr<i32>) {
  // expected-error @+1 {{pto.set_ffts expects element type i64 (or i8), got i32}}
  pto.set_ffts %p : !pto.ptr<i32>
  func.return
}

// -----

func.func @talloc_dynamic() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error @+1 {{pto.talloc_to_aiv entry must be a static tensor_view of 2 or more dimensions}}
  %e = pto.talloc_to_aiv {id = 0, split = 0} -> !pto.tensor_view<?x16xf32>
  func.return
}

// -----

func.func @talloc_side() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  // expected-error @+1 {{pto.talloc_to_aiv must be inside a cube kernel function or section}}
  %e = pto.talloc_to_aiv {id = 0, split = 0} -> !pto.tensor_view<16x16xf32>
  func.return
}

// -----

func.func @pop_entry() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  // expected-error @+1 {{pto.tpop_from_aic gives a tile or a GM FIFO entry (a static tensor_view of 2 or more dimensions), got !pto.tensor_view<16xf32>}}
  %e = pto.tpop_from_aic {id = 0, split = 0} -> !pto.tensor_view<16xf32>
  func.return
}

// -----

func.func @odd_entry() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  // expected-error @+1 {{pto.tpop_from_aic takes an odd split (3, 4) only for tile entries}}
  %e = pto.tpop_from_aic {id = 0, split = 3} -> !pto.tensor_view<16x16xf32>
  func.return
}

// -----

func.func @odd_init(%z: i32, %t: !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=15, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  pto.aic_initialize_pipe {id = 0, dir_mask = 1, slot_size = 1024}(c2v_consumer_buf = %z : i32)
  // expected-error @+1 {{pto.tpush_to_aiv takes an odd split (3, 4) only on a C2V-only pipe with GM slots and a c2v_consumer_buf}}
  pto.tpush_to_aiv(%t : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=15, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {id = 0, split = 3}
  func.return
}

// -----

func.func @parity(%t: !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=15, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error @+1 {{pto.tpush_to_aiv split 1 needs a static even count of valid rows, got 15}}
  pto.tpush_to_aiv(%t : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=15, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {id = 0, split = 1}
  func.return
}

// -----

func.func @odd_extents(%f: !pto.tensor_view<15x16xf32>, %z: i32) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  pto.aiv_initialize_pipe {id = 0, dir_mask = 1, slot_size = 960}(gm_slot_tensor = %f : !pto.tensor_view<15x16xf32>, c2v_consumer_buf = %z : i32)
  // expected-error @+1 {{pto.tpop_from_aic with an odd split needs its own valid extents (rows, cols)}}
  %t = pto.tpop_from_aic {id = 0, split = 3} -> !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  func.return
}
