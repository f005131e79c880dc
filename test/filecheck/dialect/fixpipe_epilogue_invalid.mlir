// RUN: pto-opt %s --split-input-file --verify-diagnostics

func.func @quant(%z: i32) {
  // expected-error @+1 {{pto.acc_push_epilogue quant must be one of}}
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 512, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = deqs16_vec, relu = no_relu>}(c2v_consumer_buf = %z : i32)
  func.return
}

// -----

func.func @dir(%z: i32) {
  // expected-error @+1 {{pto.aic_initialize_pipe with an acc_push_epilogue must have dir_mask = 1 (C2V only), got 3}}
  pto.aic_initialize_pipe {dir_mask = 3, slot_size = 512, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = no_convert, relu = no_relu>}(c2v_consumer_buf = %z : i32, v2c_consumer_buf = %z : i32)
  func.return
}

// -----

func.func @nosplit(%z: i32) {
  // expected-error @+1 {{pto.aic_initialize_pipe with an acc_push_epilogue must have nosplit = true}}
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 512, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = no_convert, relu = no_relu>}(c2v_consumer_buf = %z : i32)
  func.return
}

// -----

module attributes {pto.target_arch = "a2a3"} {
func.func @a5_only(%z: i32) {
  // expected-error @+1 {{pto.aic_initialize_pipe acc_push_epilogue quant = qs322bf16_pre_scalar is only supported on target a5}}
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 512, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = qs322bf16_pre_scalar, relu = no_relu>}(c2v_consumer_buf = %z : i32)
  func.return
}
}

// -----

func.func @push_split(%z: i32, %acc: !pto.tile_buf<loc=acc, dtype=i32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 512, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = no_convert, relu = no_relu>}(c2v_consumer_buf = %z : i32)
  // expected-error @+1 {{pto.tpush_to_aiv on a fixpipe pipe (id 0) must have split = 0}}
  pto.tpush_to_aiv(%acc : !pto.tile_buf<loc=acc, dtype=i32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {id = 0, split = 1}
  func.return
}

// -----

func.func @push_source(%z: i32, %acc: !pto.tile_buf<loc=acc, dtype=i32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 512, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = qf322f16_pre_scalar, relu = no_relu>}(c2v_consumer_buf = %z : i32)
  // expected-error @+1 {{pto.tpush_to_aiv acc_push_epilogue quant = qf322f16_pre_scalar reads a f32 accumulator, got i32}}
  pto.tpush_to_aiv(%acc : !pto.tile_buf<loc=acc, dtype=i32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {id = 0, split = 0}
  func.return
}

// -----

func.func @pop_split(%z: i32) {
  pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 512, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = deqf16_scalar, relu = no_relu>}(c2v_consumer_buf = %z : i32)
  // expected-error @+1 {{pto.tpop_from_aic of a fixpipe pipe (id 0) must have split = 0}}
  %t = pto.tpop_from_aic {id = 0, split = 1} -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  func.return
}

// -----

func.func @pop_type(%z: i32) {
  pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 512, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = f32_bf16, relu = no_relu>}(c2v_consumer_buf = %z : i32)
  // expected-error @+1 {{pto.tpop_from_aic element type f16 does not match acc_push_epilogue quant = f32_bf16 (expected: bf16)}}
  %t = pto.tpop_from_aic {id = 0, split = 0} -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  func.return
}

// -----

func.func @scale_type(%s: f16) {
  // expected-error @+1 {{pto.set_quant_scalar scale must be f32, got f16}}
  pto.set_quant_scalar(%s : f16) {id = 0}
  func.return
}

// -----

func.func @not_fixpipe(%z: i32, %s: f32) {
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 512}(c2v_consumer_buf = %z : i32)
  // expected-error @+1 {{pto.set_quant_scalar id = 0 must name a fixpipe pipe (with an acc_push_epilogue)}}
  pto.set_quant_scalar(%s : f32) {id = 0}
  func.return
}

// -----

func.func @consumer_side(%z: i32, %s: f32) {
  pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 512, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = deqf16_scalar, relu = no_relu>}(c2v_consumer_buf = %z : i32)
  // expected-error @+1 {{pto.set_quant_scalar id = 0 must name an aic_initialize_pipe}}
  pto.set_quant_scalar(%s : f32) {id = 0}
  func.return
}

// -----

func.func @kind(%z: i32, %s: f32) {
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 512, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = deqf16_vec, relu = no_relu>}(c2v_consumer_buf = %z : i32)
  // expected-error @+1 {{pto.set_quant_scalar id = 0 names a pipe whose quant = deqf16_vec reads no scalar quantisation state}}
  pto.set_quant_scalar(%s : f32) {id = 0}
  func.return
}

// -----

func.func @side(%s: f32) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  // expected-error @+1 {{pto.set_quant_scalar must be inside a cube kernel function or section}}
  pto.set_quant_scalar(%s : f32) {id = 0}
  func.return
}

// -----

func.func @payload(%v: !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {
  // expected-error @+1 {{pto.set_quant_vector payload must be a !pto.tile_buf in loc=scaling}}
  pto.set_quant_vector(%v : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {id = 0}
  func.return
}

// -----

module attributes {pto.target_arch = "a5"} {
func.func @payload_type(%fp: !pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {
  // expected-error @+1 {{pto.set_quant_vector payload element type ui64 is not supported on target a5 (supported: f16, bf16, f32)}}
  pto.set_quant_vector(%fp : !pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {id = 0}
  func.return
}
}

// -----

module attributes {pto.target_arch = "a2a3"} {
func.func @word_pair(%acc: !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, %d: !pto.partition_tensor_view<32x32xf16>, %q: i64) {
  // expected-error @+1 {{pto.tstore with a pre_quant scalar cannot quantise f32 to f16 on target a2a3 (supported: f32->i8, f32->ui8, i32->f16, i32->i8, i32->ui8)}}
  pto.tstore ins(%acc, %q : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, i64) outs(%d : !pto.partition_tensor_view<32x32xf16>)
  func.return
}
}

// -----

func.func @word_type(%acc: !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, %d: !pto.partition_tensor_view<32x32xi8>, %q: i32) {
  // expected-error @+1 {{pto.tstore pre_quant scalar must be i64, got i32}}
  pto.tstore ins(%acc, %q : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, i32) outs(%d : !pto.partition_tensor_view<32x32xi8>)
  func.return
}
