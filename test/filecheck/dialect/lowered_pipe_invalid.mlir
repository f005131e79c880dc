// RUN: pto-opt %s --split-input-file --verify-diagnostics

// One case per verifier rule of pto_dialect/ops/lowered_pipe.py (PTOAS PTO.cpp
// verifyPipeShape, InitializeL2G2LPipeOp::verify .. TFreeOp::verify).

func.func @dir(%b: i32) {
  // expected-error @+1 {{pto.initialize_l2l_pipe dir_mask must be 1, 2 or 3, got 4}}
  %p = pto.initialize_l2l_pipe {dir_mask = 4, slot_size = 1024, slot_num = 8}(%b : i32) -> !pto.pipe
  func.return
}

// -----

func.func @slot_size(%b: i32) {
  // expected-error @+1 {{pto.initialize_l2l_pipe slot_size must be greater than 0}}
  %p = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 0, slot_num = 8}(%b : i32) -> !pto.pipe
  func.return
}

// -----

func.func @slot_num(%b: i32) {
  // expected-error @+1 {{pto.initialize_l2l_pipe slot_num must be greater than 0}}
  %p = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 64, slot_num = 0}(%b : i32) -> !pto.pipe
  func.return
}

// -----

func.func @flag_negative(%b: i32) {
  // expected-error @+1 {{pto.initialize_l2l_pipe flag_base must be non-negative}}
  %p = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 64, slot_num = 8, flag_base = -2}(%b : i32) -> !pto.pipe
  func.return
}

// -----

func.func @flag_overflow(%b: i32) {
  // expected-error @+1 {{pto.initialize_l2l_pipe flag_base 14 with dir_mask 3 takes flag ids 14-17: past the 16 hardware flag ids}}
  %p = pto.initialize_l2l_pipe {dir_mask = 3, slot_size = 64, slot_num = 4, flag_base = 14}(%b : i32, %b : i32) -> !pto.pipe
  func.return
}

// -----

func.func @peer_missing(%b: i32) {
  // expected-error @+1 {{pto.initialize_l2l_pipe needs peer_local_addr (the V2C buffer) when dir_mask is 3}}
  %p = pto.initialize_l2l_pipe {dir_mask = 3, slot_size = 64, slot_num = 4}(%b : i32) -> !pto.pipe
  func.return
}

// -----

func.func @peer_extra(%g: !pto.ptr<f32>, %b: i32) {
  // expected-error @+1 {{pto.initialize_l2g2l_pipe takes peer_local_addr only when dir_mask is 3}}
  %p = pto.initialize_l2g2l_pipe {dir_mask = 1, slot_size = 64, slot_num = 8}(%g : !pto.ptr<f32>, %b : i32, %b : i32) -> !pto.pipe
  func.return
}

// -----

func.func @local_slot_num_alone(%g: !pto.ptr<f32>) {
  // expected-error @+1 {{pto.initialize_l2g2l_pipe takes local_slot_num only with a local_addr}}
  %p = pto.initialize_l2g2l_pipe {dir_mask = 1, slot_size = 64, slot_num = 8, local_slot_num = 8}(%g : !pto.ptr<f32>) -> !pto.pipe
  func.return
}

// -----

func.func @local_slot_num_range(%g: !pto.ptr<f32>, %b: i32) {
  // expected-error @+1 {{pto.initialize_l2g2l_pipe local_slot_num must be in [1, slot_num], got 8}}
  %p = pto.initialize_l2g2l_pipe {dir_mask = 1, slot_size = 64, slot_num = 4, local_slot_num = 8}(%g : !pto.ptr<f32>, %b : i32) -> !pto.pipe
  func.return
}

// -----

func.func @no_kernel(%b: i32, %t: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {
  %p = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8}(%b : i32) -> !pto.pipe
  // expected-error @+1 {{pto.tpop must be inside pto.section.cube/vector or a kernel_kind function}}
  pto.tpop(%t, %p : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.pipe) {split = 1}
  func.return
}

// -----

func.func @handle(%p: !pto.pipe) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  // expected-error @+1 {{pto.tfree pipe handle must come from pto.initialize_l2l_pipe or pto.initialize_l2g2l_pipe}}
  pto.tfree(%p : !pto.pipe) {split = 0}
  func.return
}

// -----

func.func @split(%b: i32) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %p = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8}(%b : i32) -> !pto.pipe
  // expected-error @+1 {{pto.tfree split must be 0, 1, 2, 3 or 4, got 5}}
  pto.tfree(%p : !pto.pipe) {split = 5}
  func.return
}

// -----

func.func @odd_l2l(%b: i32, %t: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=7, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %p = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8}(%b : i32) -> !pto.pipe
  // expected-error @+1 {{pto.tpop takes an odd split (3, 4) only on a C2V-only pto.initialize_l2g2l_pipe with a local consumer buffer}}
  pto.tpop(%t, %p : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=7, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.pipe) {split = 3}
  func.return
}

// -----

func.func @odd_gm(%v: !pto.tensor_view<16x16xf32>, %b: i32, %e: !pto.tensor_view<16x16xf32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %p = pto.initialize_l2g2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8}(%v : !pto.tensor_view<16x16xf32>, %b : i32) -> !pto.pipe
  // expected-error @+1 {{pto.tfree takes an odd split (3, 4) only for tile entries}}
  pto.tfree(%e, %p : !pto.tensor_view<16x16xf32>, !pto.pipe) {split = 3}
  func.return
}

// -----

func.func @gm_local(%v: !pto.tensor_view<16x16xf32>, %b: i32, %e: !pto.tensor_view<16x16xf32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %p = pto.initialize_l2g2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8}(%v : !pto.tensor_view<16x16xf32>, %b : i32) -> !pto.pipe
  // expected-error @+1 {{pto.tfree takes a tensor_view entry only on a pto.initialize_l2g2l_pipe without local_addr}}
  pto.tfree(%e, %p : !pto.tensor_view<16x16xf32>, !pto.pipe) {split = 0}
  func.return
}

// -----

func.func @gm_ptr(%g: !pto.ptr<f32>, %e: !pto.tensor_view<16x16xf32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %p = pto.initialize_l2g2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8}(%g : !pto.ptr<f32>) -> !pto.pipe
  // expected-error @+1 {{pto.tfree takes a tensor_view entry only on a pipe whose gm_addr is a tensor_view}}
  pto.tfree(%e, %p : !pto.tensor_view<16x16xf32>, !pto.pipe) {split = 0}
  func.return
}

// -----

func.func @gm_element(%v: !pto.tensor_view<16x16xf32>, %e: !pto.tensor_view<16x16xf16>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %p = pto.initialize_l2g2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8}(%v : !pto.tensor_view<16x16xf32>) -> !pto.pipe
  // expected-error @+1 {{pto.tfree entry element type must be the pipe's gm_addr element type}}
  pto.tfree(%e, %p : !pto.tensor_view<16x16xf16>, !pto.pipe) {split = 0}
  func.return
}

// -----

func.func @gm_rank(%v: !pto.tensor_view<16x16xf32>, %e: !pto.tensor_view<256xf32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %p = pto.initialize_l2g2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8}(%v : !pto.tensor_view<16x16xf32>) -> !pto.pipe
  // expected-error @+1 {{pto.tfree entry rank must be the pipe's gm_addr rank}}
  pto.tfree(%e, %p : !pto.tensor_view<256xf32>, !pto.pipe) {split = 0}
  func.return
}

// -----

func.func @gm_dim(%v: !pto.tensor_view<16x16xf32>, %e: !pto.tensor_view<8x16xf32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %p = pto.initialize_l2g2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8}(%v : !pto.tensor_view<16x16xf32>) -> !pto.pipe
  // expected-error @+1 {{pto.tfree entry dimension 0 must be the pipe's gm_addr dimension 16}}
  pto.tfree(%e, %p : !pto.tensor_view<8x16xf32>, !pto.pipe) {split = 1}
  func.return
}

// -----

func.func @gm_bytes(%v: !pto.tensor_view<16x16xf32>, %e: !pto.tensor_view<16x16xf32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %p = pto.initialize_l2g2l_pipe {dir_mask = 1, slot_size = 512, slot_num = 8}(%v : !pto.tensor_view<16x16xf32>) -> !pto.pipe
  // expected-error @+1 {{pto.tfree entry of 1024 bytes must fill the slot_size 512 or half of it for a split entry}}
  pto.tfree(%e, %p : !pto.tensor_view<16x16xf32>, !pto.pipe) {split = 1}
  func.return
}

// -----

func.func @push_loc(%b: i32, %t: !pto.tile_buf<loc=left, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %p = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8}(%b : i32) -> !pto.pipe
  // expected-error @+1 {{pto.tpush pushes an acc or vec tile, got loc=left}}
  pto.tpush(%t, %p : !pto.tile_buf<loc=left, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.pipe) {split = 0}
  func.return
}

// -----

func.func @push_parity(%b: i32, %t: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=7, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %p = pto.initialize_l2l_pipe {dir_mask = 2, slot_size = 1024, slot_num = 8}(%b : i32) -> !pto.pipe
  // expected-error @+1 {{pto.tpush split 1 needs a static even count of valid rows, got 7}}
  pto.tpush(%t, %p : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=7, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.pipe) {split = 1}
  func.return
}

// -----

func.func @push_entry(%b: i32, %t: index) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %p = pto.initialize_l2l_pipe {dir_mask = 2, slot_size = 1024, slot_num = 8}(%b : i32) -> !pto.pipe
  // expected-error @+1 {{pto.tpush pushes a tile or a GM FIFO entry (a tensor_view)}}
  pto.tpush(%t, %p : index, !pto.pipe) {split = 0}
  func.return
}

// -----

func.func @sub_split(%b: i32, %t: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, %s: i64) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %p = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8}(%b : i32) -> !pto.pipe
  // expected-error @+1 {{pto.tpop takes aiv_subblockid only with split 1, 2, 3 or 4}}
  pto.tpop(%t, %p : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.pipe) {split = 0} aiv_subblockid(%s)
  func.return
}

// -----

func.func @sub_view(%v: !pto.tensor_view<8x16xf32>, %e: !pto.tensor_view<8x16xf32>, %s: i64) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %p = pto.initialize_l2g2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8}(%v : !pto.tensor_view<8x16xf32>) -> !pto.pipe
  // expected-error @+1 {{pto.tpush takes no aiv_subblockid for a tensor_view entry}}
  pto.tpush(%e, %p : !pto.tensor_view<8x16xf32>, !pto.pipe) {split = 1} aiv_subblockid(%s)
  func.return
}

// -----

func.func @sub_acc(%b: i32, %t: !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, %s: i64) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %p = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8}(%b : i32) -> !pto.pipe
  // expected-error @+1 {{pto.tpush takes aiv_subblockid only for a vector tile (loc=vec)}}
  pto.tpush(%t, %p : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.pipe) {split = 1} aiv_subblockid(%s)
  func.return
}

// -----

func.func @pop_loc(%b: i32, %t: !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %p = pto.initialize_l2l_pipe {dir_mask = 2, slot_size = 1024, slot_num = 8}(%b : i32) -> !pto.pipe
  // expected-error @+1 {{pto.tpop pops into a vec or mat tile, got loc=acc}}
  pto.tpop(%t, %p : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.pipe) {split = 0}
  func.return
}

// -----

func.func @pop_entry(%b: i32, %t: index) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %p = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8}(%b : i32) -> !pto.pipe
  // expected-error @+1 {{pto.tpop pops into a tile or a GM FIFO entry (a tensor_view)}}
  pto.tpop(%t, %p : index, !pto.pipe) {split = 0}
  func.return
}

// -----

func.func @alloc_static(%v: !pto.tensor_view<?x16xf32>, %e: !pto.tensor_view<?x16xf32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %p = pto.initialize_l2g2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8}(%v : !pto.tensor_view<?x16xf32>) -> !pto.pipe
  // expected-error @+1 {{pto.talloc entry must be a static tensor_view of 2 or more dimensions}}
  pto.talloc(%e, %p : !pto.tensor_view<?x16xf32>, !pto.pipe) {split = 0}
  func.return
}

// -----

// PTOAS test/lit/pto/resolve_reserved_buffers_reject_flag_id_overflow_a5.pto: nine C2V pipes
// need 18 flag ids.
func.func @flag_first_fit(%b: i32) {
  %p0 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 64, slot_num = 8}(%b : i32) -> !pto.pipe
  %p1 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 64, slot_num = 8}(%b : i32) -> !pto.pipe
  %p2 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 64, slot_num = 8}(%b : i32) -> !pto.pipe
  %p3 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 64, slot_num = 8}(%b : i32) -> !pto.pipe
  %p4 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 64, slot_num = 8}(%b : i32) -> !pto.pipe
  %p5 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 64, slot_num = 8}(%b : i32) -> !pto.pipe
  %p6 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 64, slot_num = 8}(%b : i32) -> !pto.pipe
  %p7 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 64, slot_num = 8}(%b : i32) -> !pto.pipe
  // expected-error @+1 {{pto.initialize_l2l_pipe the first free flag_base 16 with dir_mask 1 takes flag ids 16-17: past the 16 hardware flag ids}}
  %p8 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 64, slot_num = 8}(%b : i32) -> !pto.pipe
  func.return
}
