// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// The lowered pipe form of PTOAS test/lit/pto/tpush_tpop_*.pto, pipe_tile_native.pto and
// tpush_tpop_globaltensor_internal_a3.pto: clauses in any order, one clause per line.
// CHECK-LABEL: func.func @cube
// CHECK: %p = pto.initialize_l2g2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8, local_slot_num = 8, flag_base = 0}(%gm : memref<256xf32, #pto.address_space<gm>>, %buf : i32) -> !pto.pipe
// CHECK: pto.tpush(%acc, %p : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.pipe) {split = 0}
// CHECK: %q = pto.initialize_l2l_pipe {dir_mask = 3, slot_size = 512, slot_num = 4, flag_base = 2, nosplit = true}(%buf : i32, %buf : i32) -> !pto.pipe
// CHECK: %t = pto.declare_tile -> !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// CHECK: pto.tpop(%t, %q : !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.pipe) {split = 0}
// CHECK: pto.tfree(%q : !pto.pipe) {split = 0}
// GENERIC: "pto.initialize_l2g2l_pipe"(%gm, %buf) <{dir_mask = 1 : i8, slot_size = 1024 : i32, slot_num = 8 : i32, local_slot_num = 8 : i32, flag_base = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<256xf32, #pto.address_space<gm>>, i32) -> !pto.pipe
// GENERIC: "pto.tpush"(%acc, %p) <{split = 0 : i8}>
// GENERIC: "pto.initialize_l2l_pipe"(%buf, %buf) <{{.*}}dir_mask = 3 : i8, slot_size = 512 : i32, slot_num = 4 : i32, flag_base = 2 : i32}>
// GENERIC: "pto.declare_tile"() : () -> !pto.tile_buf
// GENERIC: "pto.tpop"(%t, %q) <{split = 0 : i8}>
// GENERIC: "pto.tfree"(%q) <{split = 0 : i8}>
func.func @cube(%gm: memref<256xf32, #pto.address_space<gm>>, %buf: i32, %acc: !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %p = pto.initialize_l2g2l_pipe {
    dir_mask = 1,
    slot_size = 1024,
    slot_num = 8,
    local_slot_num = 8,
    flag_base = 0
  }(%gm : memref<256xf32, #pto.address_space<gm>>, %buf : i32) -> !pto.pipe
  pto.tpush(%acc, %p : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.pipe) {split = 0}
  %q = pto.initialize_l2l_pipe {nosplit = true, dir_mask = 3, slot_size = 512, slot_num = 4, flag_base = 2}(%buf : i32, %buf : i32) -> !pto.pipe
  %t = pto.declare_tile -> !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  pto.tpop(%t, %q : !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.pipe) {split = 0}
  pto.tfree(%q : !pto.pipe) {split = 0}
  func.return
}
// The vector side: aiv_subblockid, a GM FIFO's declared entries (talloc, a popped entry
// and vpto-dev/PTOAS's memref placeholder.
// CHECK-LABEL: func.func @vector
// CHECK: pto.tpop(%t, %p : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.pipe) {split = 1} aiv_subblockid(%s)
// CHECK: %slots = pto.declare_global -> !pto.tensor_view<8x16xf32>
// CHECK: %g = pto.initialize_l2g2l_pipe {dir_mask = 2, slot_size = 1024, slot_num = 8}(%slots : !pto.tensor_view<8x16xf32>) -> !pto.pipe
// CHECK: pto.talloc(%e, %g : !pto.tensor_view<8x16xf32>, !pto.pipe) {split = 1}
// CHECK: pto.tpush(%e, %g : !pto.tensor_view<8x16xf32>, !pto.pipe) {split = 1}
// CHECK: %m = pto.declare_tile_memref -> memref<16x16xf16, #pto.address_space<vec>>
// GENERIC: "pto.tpop"(%t, %p, %s) <{split = 1 : i8}>
// GENERIC: "pto.declare_global"() : () -> !pto.tensor_view<8x16xf32>
// GENERIC: "pto.talloc"(%e, %g) <{split = 1 : i8}>
// GENERIC: "pto.declare_tile_memref"() : () -> memref<16x16xf16, #pto.address_space<vec>>
func.func @vector(%buf: i32, %s: i64) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %p = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8}(%buf : i32) -> !pto.pipe
  %t = pto.declare_tile -> !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tpop(%t, %p : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.pipe) {split = 1} aiv_subblockid(%s)
  %slots = pto.declare_global -> !pto.tensor_view<8x16xf32>
  %g = "pto.initialize_l2g2l_pipe"(%slots) <{dir_mask = 2 : i8, slot_size = 1024 : i32, slot_num = 8 : i32, operandSegmentSizes = array<i32: 1, 0, 0>}> : (!pto.tensor_view<8x16xf32>) -> !pto.pipe
  %e = pto.declare_global -> !pto.tensor_view<8x16xf32>
  pto.talloc(%e, %g : !pto.tensor_view<8x16xf32>, !pto.pipe) {split = 1}
  pto.tpush(%e, %g : !pto.tensor_view<8x16xf32>, !pto.pipe) {split = 1}
  %m = pto.declare_tile_memref -> memref<16x16xf16, #pto.address_space<vec>>
  func.return
}
// The cube pops a GM entry and frees it by name.
// CHECK-LABEL: func.func @cube_gm
// CHECK: pto.tpop(%e, %g : !pto.tensor_view<16x16xf32>, !pto.pipe) {split = 0}
// CHECK: pto.tfree(%e, %g : !pto.tensor_view<16x16xf32>, !pto.pipe) {split = 0}
// GENERIC: "pto.tfree"(%e, %g) <{split = 0 : i8}>
func.func @cube_gm(%slots: !pto.tensor_view<16x16xf32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %g = pto.initialize_l2g2l_pipe {dir_mask = 2, slot_size = 1024, slot_num = 8}(%slots : !pto.tensor_view<16x16xf32>) -> !pto.pipe
  %e = pto.declare_global -> !pto.tensor_view<16x16xf32>
  pto.tpop(%e, %g : !pto.tensor_view<16x16xf32>, !pto.pipe) {split = 0}
  pto.tfree(%e, %g : !pto.tensor_view<16x16xf32>, !pto.pipe) {split = 0}
  func.return
}
