// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// set_flag / wait_flag: string, stripped-attribute and full-attribute items all print stripped.
// CHECK-LABEL: func.func @flags
// CHECK-NEXT:    pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
// CHECK-NEXT:    pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
// CHECK-NEXT:    pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID1>]
// CHECK-NEXT:    pto.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID1>]
// CHECK-NEXT:    pto.set_flag[<PIPE_MTE3>, <PIPE_MTE2>, <EVENT_ID7>] {note = "war"}
// CHECK-NEXT:    pto.wait_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID3>]
// CHECK-NEXT:    func.return
// GENERIC-LABEL: "func.func"() <{sym_name = "flags"
// GENERIC: "pto.set_flag"() <{src_pipe = #pto.pipe<PIPE_MTE2>, dst_pipe = #pto.pipe<PIPE_V>, event = #pto.event<EVENT_ID0>}> : () -> ()
// GENERIC: "pto.wait_flag"() <{src_pipe = #pto.pipe<PIPE_MTE2>, dst_pipe = #pto.pipe<PIPE_V>, event = #pto.event<EVENT_ID0>}> : () -> ()
// GENERIC: "pto.set_flag"() <{src_pipe = #pto.pipe<PIPE_V>, dst_pipe = #pto.pipe<PIPE_MTE3>, event = #pto.event<EVENT_ID1>}> : () -> ()
// GENERIC: "pto.wait_flag"() <{src_pipe = #pto.pipe<PIPE_V>, dst_pipe = #pto.pipe<PIPE_MTE3>, event = #pto.event<EVENT_ID1>}> : () -> ()
// GENERIC: "pto.set_flag"() <{src_pipe = #pto.pipe<PIPE_MTE3>, dst_pipe = #pto.pipe<PIPE_MTE2>, event = #pto.event<EVENT_ID7>}> {note = "war"} : () -> ()
// GENERIC: "pto.wait_flag"() <{src_pipe = #pto.pipe<PIPE_M>, dst_pipe = #pto.pipe<PIPE_FIX>, event = #pto.event<EVENT_ID3>}> : () -> ()
func.func @flags() {
  pto.set_flag["PIPE_MTE2", "PIPE_V", "EVENT_ID0"]
  pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
  pto.set_flag[#pto.pipe<PIPE_V>, #pto.pipe<PIPE_MTE3>, #pto.event<EVENT_ID1>]
  pto.wait_flag["PIPE_V", <PIPE_MTE3>, #pto.event<EVENT_ID1>]
  pto.set_flag[<PIPE_MTE3>, <PIPE_MTE2>, <EVENT_ID7>] {note = "war"}
  pto.wait_flag["PIPE_M", "PIPE_FIX", "EVENT_ID3"]
  func.return
}

// get_buf / rls_buf: integer literals (mode defaults to 0) and i64 SSA operands.
// CHECK-LABEL: func.func @bufs(%bufid: i64, %c0: i64)
// CHECK-NEXT:    pto.get_buf "PIPE_MTE2", 0, 0
// CHECK-NEXT:    pto.rls_buf "PIPE_MTE2", 0, 0
// CHECK-NEXT:    pto.get_buf "PIPE_V", 31, 0
// CHECK-NEXT:    pto.rls_buf "PIPE_V", 31, 1
// CHECK-NEXT:    pto.get_buf "PIPE_MTE3", %bufid, %c0 : i64, i64
// CHECK-NEXT:    pto.rls_buf "PIPE_MTE3", %bufid, %c0 : i64, i64
// CHECK-NEXT:    pto.get_buf "PIPE_V", %bufid, 0 : i64
// CHECK-NEXT:    pto.rls_buf "PIPE_V", 2, %c0 {note = "x"} : i64
// GENERIC-LABEL: "func.func"() <{sym_name = "bufs"
// GENERIC: "pto.get_buf"() <{target_pipe = #pto.pipe<PIPE_MTE2>, static_buf_id = 0 : i64, static_mode = 0 : i64, operandSegmentSizes = array<i32: 0, 0>}> : () -> ()
// GENERIC: "pto.rls_buf"() <{target_pipe = #pto.pipe<PIPE_MTE2>, static_buf_id = 0 : i64, static_mode = 0 : i64, operandSegmentSizes = array<i32: 0, 0>}> : () -> ()
// GENERIC: "pto.get_buf"() <{target_pipe = #pto.pipe<PIPE_V>, static_buf_id = 31 : i64, static_mode = 0 : i64, operandSegmentSizes = array<i32: 0, 0>}> : () -> ()
// GENERIC: "pto.rls_buf"() <{target_pipe = #pto.pipe<PIPE_V>, static_buf_id = 31 : i64, static_mode = 1 : i64, operandSegmentSizes = array<i32: 0, 0>}> : () -> ()
// GENERIC: "pto.get_buf"(%bufid, %c0) <{target_pipe = #pto.pipe<PIPE_MTE3>, operandSegmentSizes = array<i32: 1, 1>}> : (i64, i64) -> ()
// GENERIC: "pto.rls_buf"(%bufid, %c0) <{target_pipe = #pto.pipe<PIPE_MTE3>, operandSegmentSizes = array<i32: 1, 1>}> : (i64, i64) -> ()
// GENERIC: "pto.get_buf"(%bufid) <{target_pipe = #pto.pipe<PIPE_V>, static_mode = 0 : i64, operandSegmentSizes = array<i32: 1, 0>}> : (i64) -> ()
// GENERIC: "pto.rls_buf"(%c0) <{target_pipe = #pto.pipe<PIPE_V>, static_buf_id = 2 : i64, operandSegmentSizes = array<i32: 0, 1>}> {note = "x"} : (i64) -> ()
func.func @bufs(%bufid: i64, %c0: i64) {
  pto.get_buf "PIPE_MTE2", 0, 0
  pto.rls_buf "PIPE_MTE2", 0
  pto.get_buf PIPE_V, 31, 0
  pto.rls_buf "PIPE_V", 31, 1
  pto.get_buf "PIPE_MTE3", %bufid, %c0 : i64, i64
  pto.rls_buf "PIPE_MTE3", %bufid, %c0 : i64, i64
  pto.get_buf "PIPE_V", %bufid : i64
  pto.rls_buf "PIPE_V", 2, %c0 {note = "x"} : i64
  func.return
}

// barrier: full attribute, stripped attribute, string, and the seed's bare `#pto.pipe` (PIPE_ALL).
// CHECK-LABEL: func.func @barriers
// CHECK-NEXT:    pto.barrier #pto.pipe<PIPE_ALL>
// CHECK-NEXT:    pto.barrier #pto.pipe<PIPE_ALL>
// CHECK-NEXT:    pto.barrier #pto.pipe<PIPE_V>
// CHECK-NEXT:    pto.barrier #pto.pipe<PIPE_MTE3>
// CHECK-NEXT:    pto.barrier #pto.pipe<PIPE_MTE2>
// CHECK-NEXT:    func.return
// GENERIC-LABEL: "func.func"() <{sym_name = "barriers"
// GENERIC: "pto.barrier"() <{target_pipe = #pto.pipe<PIPE_ALL>}> : () -> ()
// GENERIC: "pto.barrier"() <{target_pipe = #pto.pipe<PIPE_ALL>}> : () -> ()
// GENERIC: "pto.barrier"() <{target_pipe = #pto.pipe<PIPE_V>}> : () -> ()
// GENERIC: "pto.barrier"() <{target_pipe = #pto.pipe<PIPE_MTE3>}> : () -> ()
// GENERIC: "pto.barrier"() <{target_pipe = #pto.pipe<PIPE_MTE2>}> : () -> ()
func.func @barriers() {
  pto.barrier #pto.pipe<PIPE_ALL>
  pto.barrier #pto.pipe
  pto.barrier <PIPE_V>
  pto.barrier "PIPE_MTE3"
  pto.barrier #pto.pipe<PIPE_MTE2>
  func.return
}
