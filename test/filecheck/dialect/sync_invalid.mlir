// RUN: pto-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{pto.set_flag source pipe PIPE_V must differ from the destination pipe (use pto.barrier within one pipe)}}
pto.set_flag["PIPE_V", "PIPE_V", "EVENT_ID0"]

// -----

// expected-error @+1 {{pto.wait_flag source pipe PIPE_MTE2 must differ from the destination pipe (use pto.barrier within one pipe)}}
pto.wait_flag[<PIPE_MTE2>, <PIPE_MTE2>, <EVENT_ID1>]

// -----

// expected-error @+1 {{pto.set_flag pipes must be single pipes, not PIPE_ALL (use pto.barrier)}}
pto.set_flag["PIPE_ALL", "PIPE_V", "EVENT_ID0"]

// -----

// expected-error @+1 {{pto.wait_flag pipes must be single pipes, not PIPE_ALL (use pto.barrier)}}
pto.wait_flag[<PIPE_MTE2>, <PIPE_ALL>, <EVENT_ID0>]

// -----

// expected-error @+1 {{pto.get_buf needs a single pipe, not PIPE_ALL}}
pto.get_buf "PIPE_ALL", 0, 0

// -----

// expected-error @+1 {{pto.rls_buf buf_id 32 must be in [0, 31]}}
pto.rls_buf "PIPE_V", 32, 0

// -----

// expected-error @+1 {{pto.get_buf mode -1 must not be negative}}
pto.get_buf "PIPE_V", 0, -1

// -----

// expected-error @+1 {{pto.get_buf buf_id -2 must not be negative}}
pto.get_buf "PIPE_V", -2, 0

// -----

func.func @f(%b: i32, %m: i64) {
  // expected-error @+1 {{pto.rls_buf buf_id must be i64, got i32}}
  pto.rls_buf "PIPE_MTE2", %b, %m : i32, i64
  func.return
}

// -----

func.func @f(%b: i64, %m: index) {
  // expected-error @+1 {{pto.get_buf mode must be i64, got index}}
  pto.get_buf "PIPE_MTE2", %b, %m : i64, index
  func.return
}

// -----

func.func @f(%b: i64) {
  // expected-error @+1 {{pto.get_buf buf_id must be given exactly once: operand or literal}}
  "pto.get_buf"(%b) <{target_pipe = #pto.pipe<PIPE_V>, static_buf_id = 0 : i64, static_mode = 0 : i64, operandSegmentSizes = array<i32: 1, 0>}> : (i64) -> ()
  func.return
}

// -----

// expected-error @+1 {{pto.rls_buf mode must be given exactly once: operand or literal}}
"pto.rls_buf"() <{target_pipe = #pto.pipe<PIPE_V>, static_buf_id = 0 : i64, operandSegmentSizes = array<i32: 0, 0>}> : () -> ()
