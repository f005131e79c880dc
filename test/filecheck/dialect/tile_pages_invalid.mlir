// RUN: pto-opt %s --split-input-file --verify-diagnostics

func.func @tsync_scalar(%i: i32) {
  // expected-error @+1 {{pto.tsync event 0 must be a tile, a tile buffer, a partition tensor view, a memref or a tensor, got i32}}
  pto.tsync ins(%i : i32)
  return
}

// -----

// npu/a5/TSync.hpp: TSYNC<Op>() only on MTE2 / MTE3 / ALL.
module attributes {pto.target_arch = "a5"} {
  func.func @tsync_op_a5() {
    // expected-error @+1 {{pto.tsync.op #pto.op<TADD> barriers PIPE_V: a5 allows only MTE2/MTE3/ALL}}
    pto.tsync.op #pto.op<TADD>
    return
  }
}

// -----

func.func @tsync_op_unknown() {
  // expected-error @+1 {{pto.tsync.op: unknown op class TFOO}}
  "pto.tsync.op"() <{target_pipe = #pto.pipe<PIPE_V>, op_class = "TFOO"}> : () -> ()
  return
}

// -----

func.func @tsync_op_pipe() {
  // expected-error @+1 {{pto.tsync.op target_pipe PIPE_V must be the pipe of TLOAD, PIPE_MTE2}}
  "pto.tsync.op"() <{target_pipe = #pto.pipe<PIPE_V>, op_class = "TLOAD"}> : () -> ()
  return
}

// -----

// PTOAS TPackOp::verify: "tpack is only supported on A5 targets".
module attributes {pto.target_arch = "a2a3"} {
  func.func @tpack_a2a3(%s: !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=i16, rows=8, cols=16>) {
    // expected-error @+1 {{pto.tpack dtype i32 is not supported on target a2a3 (supported: none)}}
    pto.tpack ins(%s : !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=16>) outs(%d : !pto.tile_buf<loc=vec, dtype=i16, rows=8, cols=16>)
    return
  }
}

// -----

module attributes {pto.target_arch = "a5"} {
  func.func @tpack_sizes(%s: !pto.tile_buf<loc=vec, dtype=i16, rows=8, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=16>) {
    // expected-error @+1 {{pto.tpack element sizes 2 -> 2 bytes (i16 -> f16) must be 4 -> 2, 4 -> 1 or 2 -> 1}}
    pto.tpack ins(%s : !pto.tile_buf<loc=vec, dtype=i16, rows=8, cols=16>) outs(%d : !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=16>)
    return
  }
}

// -----

module attributes {pto.target_arch = "a5"} {
  func.func @tpack_valid(%s: !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=16, v_row=8, v_col=8>, %d: !pto.tile_buf<loc=vec, dtype=i16, rows=8, cols=16>) {
    // expected-error @+1 {{pto.tpack src valid shape 8x8 must equal the dst valid shape 8x16}}
    pto.tpack ins(%s : !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=16, v_row=8, v_col=8>) outs(%d : !pto.tile_buf<loc=vec, dtype=i16, rows=8, cols=16>)
    return
  }
}

// -----

module attributes {pto.target_arch = "a5"} {
  func.func @tpack_loc(%s: !pto.tile_buf<loc=mat, dtype=i32, rows=16, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=i16, rows=16, cols=16>) {
    // expected-error @+1 {{pto.tpack src must be in loc=vec, got loc=mat}}
    pto.tpack ins(%s : !pto.tile_buf<loc=mat, dtype=i32, rows=16, cols=16>) outs(%d : !pto.tile_buf<loc=vec, dtype=i16, rows=16, cols=16>)
    return
  }
}

// -----

module attributes {pto.target_arch = "a5"} {
  func.func @tpack_layout(%s: !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=16, blayout=col_major>, %d: !pto.tile_buf<loc=vec, dtype=i16, rows=16, cols=16>) {
    // expected-error @+1 {{pto.tpack src must be row-major (blayout=row_major), got blayout=col_major}}
    pto.tpack ins(%s : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=16, blayout=col_major>) outs(%d : !pto.tile_buf<loc=vec, dtype=i16, rows=16, cols=16>)
    return
  }
}

// -----

func.func @talias_bytes(%b: !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=16>) {
  // expected-error @+1 {{pto.talias result of 512 bytes must have the source's 256 bytes}}
  %a = pto.talias %b : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=16> -> !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16>
  return
}

// -----

func.func @talias_loc(%b: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) {
  // expected-error @+1 {{pto.talias result loc=mat must equal the source loc=vec}}
  %a = pto.talias %b : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16> -> !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=16>
  return
}

// -----

func.func @talias_kind(%b: !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=16>) {
  // expected-error @+1 {{pto.talias result must be a pto.tile_buf like its source, got pto.tile}}
  %a = pto.talias %b : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=16> -> !pto.tile<loc=vec, dtype=f32, rows=4, cols=16>
  return
}

// -----

func.func @talias_boxed(%b: !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, blayout=col_major, slayout=row_major>) {
  // expected-error @+1 {{pto.talias cannot change between boxed and unboxed layouts (source slayout=row_major, result slayout=none_box)}}
  %a = pto.talias %b : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, blayout=col_major, slayout=row_major> -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16>
  return
}

// -----

// settf32mode on A5: CAST_ROUND or CAST_RINT (pto-isa SetMadTF32Mode's assert).
module attributes {pto.target_arch = "a5"} {
  func.func @tf32_mode() {
    // expected-error @+1 {{pto.settf32mode mode CAST_FLOOR is not supported on target a5 (supported: CAST_RINT, CAST_ROUND)}}
    pto.settf32mode {enable = true, mode = #pto.round_mode<FLOOR>}
    return
  }
}

// -----

func.func @hf32_enable() {
  // expected-error @+1 {{pto.sethf32mode enable must be true or false, got 1 : i32}}
  "pto.sethf32mode"() <{enable = 1 : i32}> : () -> ()
  return
}
