// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// Seed 004 (binary vector ops), A2/A3 double-buffering: the get_buf / rls_buf lines with SSA
// buffer ids, verbatim, around an MTE2 copy (stage 1) and the vector stage (stage 2, body
// elided); the buffer id alternates between 0 and 1 per iteration.

// CHECK-LABEL: func.func @double_buffer
// CHECK:         scf.for %i = %c0_idx to %n step %c1_idx {
// CHECK:           %bufid = arith.index_cast %{{.*}} : index to i64
// CHECK-NEXT:      pto.get_buf "PIPE_MTE2", %bufid, %c0 : i64, i64
// CHECK-NEXT:      pto.copy_gm_to_ubuf %gm_ptr, %ub_tile, %c0, %c1, %c256, %c0, %c0, %false, %c0, %c256, %c256 : !pto.ptr<f32>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, i1, i64, i64, i64
// CHECK-NEXT:      pto.rls_buf "PIPE_MTE2", %bufid, %c0 : i64, i64
// CHECK-NEXT:      pto.get_buf "PIPE_V", %bufid, %c0 : i64, i64
// CHECK-NEXT:      pto.rls_buf "PIPE_V", %bufid, %c0 : i64, i64
// CHECK-NEXT:    }
// GENERIC: "pto.get_buf"(%bufid, %c0) <{target_pipe = #pto.pipe<PIPE_MTE2>, operandSegmentSizes = array<i32: 1, 1>}> : (i64, i64) -> ()
// GENERIC: "pto.rls_buf"(%bufid, %c0) <{target_pipe = #pto.pipe<PIPE_MTE2>, operandSegmentSizes = array<i32: 1, 1>}> : (i64, i64) -> ()
// GENERIC: "pto.get_buf"(%bufid, %c0) <{target_pipe = #pto.pipe<PIPE_V>, operandSegmentSizes = array<i32: 1, 1>}> : (i64, i64) -> ()
// GENERIC: "pto.rls_buf"(%bufid, %c0) <{target_pipe = #pto.pipe<PIPE_V>, operandSegmentSizes = array<i32: 1, 1>}> : (i64, i64) -> ()
func.func @double_buffer(%gm_ptr: !pto.ptr<f32>, %ub_tile: !pto.ptr<f32, ub>, %n: index) {
  %c0_idx = arith.constant 0 : index
  %c1_idx = arith.constant 1 : index
  %c2_idx = arith.constant 2 : index
  %false = arith.constant false
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c256 = arith.constant 256 : i64
  scf.for %i = %c0_idx to %n step %c1_idx {
    %pp = arith.remui %i, %c2_idx : index
    %bufid = arith.index_cast %pp : index to i64

    // Stage 1: MTE2 loads tile from GM to UB
    pto.get_buf "PIPE_MTE2", %bufid, %c0 : i64, i64
    pto.copy_gm_to_ubuf %gm_ptr, %ub_tile, %c0, %c1, %c256, %c0, %c0, %false, %c0, %c256, %c256 : !pto.ptr<f32>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, i1, i64, i64, i64
    pto.rls_buf "PIPE_MTE2", %bufid, %c0 : i64, i64

    // Stage 2: Vector compute
    pto.get_buf "PIPE_V", %bufid, %c0 : i64, i64
    pto.rls_buf "PIPE_V", %bufid, %c0 : i64, i64
  }
  func.return
}
