// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// PTOAS test/lit/pto/fixpipe_*.pto: the epilogue clause of initialize_pipe (split over lines
// as PTOAS writes it) and the producer's quantisation state.
// CHECK: pto.aic_initialize_pipe {id = 0, dir_mask = 1, slot_size = 512, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = deqf16_scalar, relu = normal_relu>}(c2v_consumer_buf = %z : i32)
// CHECK: pto.aic_initialize_pipe {id = 1, dir_mask = 1, slot_size = 512, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = deqf16_vec, relu = no_relu>}(c2v_consumer_buf = %z : i32)
// CHECK: pto.set_quant_scalar(%s : f32) {id = 0}
// CHECK: pto.set_quant_vector(%fp : !pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {id = 1}
// CHECK: pto.aiv_initialize_pipe {id = 0, dir_mask = 1, slot_size = 512, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2dn, quant = no_convert, relu = no_relu>}(c2v_consumer_buf = %z : i32)
// GENERIC: "pto.aic_initialize_pipe"(%z) <{id = 0 : i32, dir_mask = 1 : i8, slot_size = 512 : i32, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = deqf16_scalar, relu = normal_relu>
// GENERIC: "pto.set_quant_scalar"(%s) <{id = 0 : i32}> : (f32) -> ()
// GENERIC: "pto.set_quant_vector"(%fp) <{id = 1 : i32}>
// The accumulator moves' i64 quantisation word, in PTOAS's four spellings (and tmov's generic
// form with its own operand groups), printed as `pre_quant`.
// CHECK-LABEL: func.func @acc_moves
// CHECK: pto.tstore ins(%acc : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0> pre_quant %q : i64) outs(%d : !pto.partition_tensor_view<32x32xi8>) {reluPreMode = #pto.relu_pre_mode<normal_relu>}
// CHECK: pto.tmov ins(%acc : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0> pre_quant %q : i64) outs(%v : !pto.tile_buf<loc=vec, dtype=i8, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {reluPreMode = #pto.relu_pre_mode<normal_relu>}
// CHECK: pto.textract ins(%acc, %c0, %c0 : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, index, index pre_quant %q : i64) outs(%v : !pto.tile_buf<loc=vec, dtype=i8, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK: pto.tinsert ins(%acc, %c0, %c0 : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, index, index pre_quant %q : i64) outs(%v : !pto.tile_buf<loc=vec, dtype=i8, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK: pto.textract_fp ins(%acc, %fp, %c0, %c0 : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>, index, index) outs(%v : !pto.tile_buf<loc=vec, dtype=i8, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK: pto.tinsert_fp ins(%acc, %fp, %c0, %c0 : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>, index, index) outs(%v : !pto.tile_buf<loc=vec, dtype=i8, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// GENERIC: "pto.tmov"(%acc, %q, %v) <{operandSegmentSizes = array<i32: 2, 1>}> {reluPreMode = #pto.relu_pre_mode<normal_relu>}
// GENERIC: "pto.textract_fp"(%acc, %c0, %c0, %fp, %v)
module attributes {pto.target_arch = "a2a3"} {
func.func @cube(%acc: !pto.tile_buf<loc=acc, dtype=i32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, %fp: !pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %z = arith.constant 0 : i32
  %s = arith.constant 1.0 : f32
  pto.aic_initialize_pipe {
    id = 0,
    dir_mask = 1,
    slot_size = 512,
    nosplit = true,
    acc_push_epilogue =
        #pto.acc_push_epilogue<layout = nz2nd, quant = deqf16_scalar, relu = normal_relu>
  }
    (c2v_consumer_buf = %z : i32)
  pto.aic_initialize_pipe {id = 1, dir_mask = 1, slot_size = 512, nosplit = true,
    acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = deqf16_vec, relu = no_relu>}
    (c2v_consumer_buf = %z : i32)
  pto.set_quant_scalar(%s : f32) {id = 0}
  pto.tpush_to_aiv(%acc : !pto.tile_buf<loc=acc, dtype=i32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {id = 0, split = 0}
  pto.set_quant_vector(%fp : !pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {id = 1}
  pto.tpush_to_aiv(%acc : !pto.tile_buf<loc=acc, dtype=i32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {id = 1, split = 0}
  func.return
}
func.func @vector() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %z = arith.constant 0 : i32
  pto.aiv_initialize_pipe {id = 0, dir_mask = 1, slot_size = 512, nosplit = true,
    acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2dn, quant = no_convert, relu = no_relu>}
    (c2v_consumer_buf = %z : i32)
  func.return
}
}

module attributes {pto.target_arch = "a5"} {
func.func @acc_moves(%acc: !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, %v: !pto.tile_buf<loc=vec, dtype=i8, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>, %d: !pto.partition_tensor_view<32x32xi8>, %q: i64, %fp: !pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {
  %c0 = arith.constant 0 : index
  pto.tstore ins(%acc, %q : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, i64) outs(%d : !pto.partition_tensor_view<32x32xi8>) {reluPreMode = #pto<relu_pre_mode normal_relu>}
  "pto.tmov"(%acc, %v, %q) <{operandSegmentSizes = array<i32: 1, 1, 0, 1>, reluPreMode = #pto<relu_pre_mode normal_relu>}> : (!pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.tile_buf<loc=vec, dtype=i8, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>, i64) -> ()
  pto.textract ins(%acc, %c0, %c0, %q : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, index, index, i64) outs(%v : !pto.tile_buf<loc=vec, dtype=i8, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tinsert ins(%acc, %c0, %c0 : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, index, index pre_quant %q : i64) outs(%v : !pto.tile_buf<loc=vec, dtype=i8, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.textract_fp ins(%acc, %fp, %c0, %c0 : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>, index, index) outs(%v : !pto.tile_buf<loc=vec, dtype=i8, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tinsert_fp ins(%acc, %fp, %c0, %c0 : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>, index, index) outs(%v : !pto.tile_buf<loc=vec, dtype=i8, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  func.return
}
}
