// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// The "typical kernel structure" of seed 002 (vector load/store): MTE2 DMA, MTE2 -> V sync,
// a vecscope of plt_b32 / vlds / vabs / vsts, V -> MTE3 sync, MTE3 DMA, barrier.
// Changes to the seed text: `!pto.mask<G>` is written `!pto.mask<b32>`, and the values the
// excerpt leaves undefined are defined at the top of the function (the two UB buffers by
// pto.castptr at byte addresses 0 and 4096: 1024 f32 each). Everything else is verbatim,
// including the bare `#pto.pipe` of the final barrier (read as PIPE_ALL).

// CHECK:      builtin.module attributes {pto.target_arch = "a5"} {
// CHECK-NEXT:   func.func @kernel_2d(%arg0: !pto.ptr, %arg1: !pto.ptr) {
// CHECK:          %ub_in = pto.castptr %c0_i64 : i64 -> !pto.ptr
// CHECK-NEXT:     %ub_out = pto.castptr %c4096_i64 : i64 -> !pto.ptr
// CHECK-NEXT:     %false = arith.constant false
// CHECK-NEXT:     pto.get_buf "PIPE_MTE2", 0, 0
// CHECK-NEXT:     pto.set_loop_size_outtoub %c1_i64, %c1_i64 : i64, i64
// CHECK-NEXT:     pto.copy_gm_to_ubuf %arg0, %ub_in, %c0_i64, %c32_i64, %c128_i64, %c0_i64, %c0_i64, %false, %c0_i64, %c128_i64, %c128_i64 : !pto.ptr, !pto.ptr, i64, i64, i64, i64, i64, i1, i64, i64, i64
// CHECK-NEXT:     pto.rls_buf "PIPE_MTE2", 0, 0
// CHECK-NEXT:     pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
// CHECK-NEXT:     pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
// CHECK-NEXT:     pto.get_buf "PIPE_V", 0, 0
// CHECK-NEXT:     pto.vecscope {
// CHECK-NEXT:       %{{.*}} = scf.for %offset = %c0 to %c1024 step %c64 iter_args(%remaining = %c1024_i32) -> (i32) {
// CHECK-NEXT:         %mask, %next = pto.plt_b32 %remaining : i32 -> !pto.mask<b32>, i32
// CHECK-NEXT:         %vec = pto.vlds %ub_in[%offset] : !pto.ptr -> !pto.vreg<64xf32>
// CHECK-NEXT:         %out = pto.vabs %vec, %mask : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT:         pto.vsts %out, %ub_out[%offset], %mask : !pto.vreg<64xf32>, !pto.ptr, !pto.mask<b32>
// CHECK-NEXT:         scf.yield %next : i32
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:     pto.rls_buf "PIPE_V", 0, 0
// CHECK-NEXT:     pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
// CHECK-NEXT:     pto.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
// CHECK-NEXT:     pto.get_buf "PIPE_MTE3", 0, 0
// CHECK-NEXT:     pto.set_loop_size_ubtoout %c1_i64, %c1_i64 : i64, i64
// CHECK-NEXT:     pto.copy_ubuf_to_gm %ub_out, %arg1, %c0_i64, %c32_i64, %c128_i64, %c0_i64, %c128_i64, %c128_i64 : !pto.ptr, !pto.ptr, i64, i64, i64, i64, i64, i64
// CHECK-NEXT:     pto.rls_buf "PIPE_MTE3", 0, 0
// CHECK-NEXT:     pto.barrier #pto.pipe<PIPE_ALL>
// CHECK-NEXT:     func.return

// GENERIC: "pto.copy_gm_to_ubuf"(%arg0, %ub_in, %c0_i64, %c32_i64, %c128_i64, %c0_i64, %c0_i64, %false, %c0_i64, %c128_i64, %c128_i64)
// GENERIC: "pto.set_flag"() <{src_pipe = #pto.pipe<PIPE_MTE2>, dst_pipe = #pto.pipe<PIPE_V>, event = #pto.event<EVENT_ID0>}>
// GENERIC: "pto.vecscope"()
// GENERIC: "pto.copy_ubuf_to_gm"(%ub_out, %arg1, %c0_i64, %c32_i64, %c128_i64, %c0_i64, %c128_i64, %c128_i64)
// GENERIC: "pto.barrier"() <{target_pipe = #pto.pipe<PIPE_ALL>}>

module attributes {pto.target_arch = "a5"} {
  func.func @kernel_2d(%arg0: !pto.ptr, %arg1: !pto.ptr) {
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %c32_i64 = arith.constant 32 : i64
    %c128_i64 = arith.constant 128 : i64
    %c4096_i64 = arith.constant 4096 : i64
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c1024 = arith.constant 1024 : index
    %c1024_i32 = arith.constant 1024 : i32
    %ub_in = pto.castptr %c0_i64 : i64 -> !pto.ptr
    %ub_out = pto.castptr %c4096_i64 : i64 -> !pto.ptr
    %false = arith.constant false

    // Phase 1: MTE2 DMA (GM → vector tile buffer / hardware UB)
    pto.get_buf "PIPE_MTE2", 0, 0
    pto.set_loop_size_outtoub %c1_i64, %c1_i64 : i64, i64
    pto.copy_gm_to_ubuf %arg0, %ub_in, %c0_i64, %c32_i64, %c128_i64,
      %c0_i64, %c0_i64, %false, %c0_i64, %c128_i64, %c128_i64
      : !pto.ptr, !pto.ptr, i64, i64, i64, i64, i64, i1, i64, i64, i64
    pto.rls_buf "PIPE_MTE2", 0, 0

    // Phase 2: Producer–Consumer synchronization (MTE2 → V)
    pto.set_flag["PIPE_MTE2", "PIPE_V", "EVENT_ID0"]
    pto.wait_flag["PIPE_MTE2", "PIPE_V", "EVENT_ID0"]

    // Phase 3: Vector compute (V pipe)
    pto.get_buf "PIPE_V", 0, 0
    pto.vecscope {
      %_:1 = scf.for %offset = %c0 to %c1024 step %c64
          iter_args(%remaining = %c1024_i32) -> (i32) {
        %mask, %next = pto.plt_b32 %remaining : i32 -> !pto.mask<b32>, i32
        %vec = pto.vlds %ub_in[%offset] : !pto.ptr -> !pto.vreg<64xf32>
        %out = pto.vabs %vec, %mask : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
        pto.vsts %out, %ub_out[%offset], %mask : !pto.vreg<64xf32>, !pto.ptr, !pto.mask<b32>
        scf.yield %next : i32
      }
    }
    pto.rls_buf "PIPE_V", 0, 0

    // Phase 4: Consumer synchronization (V → MTE3)
    pto.set_flag["PIPE_V", "PIPE_MTE3", "EVENT_ID0"]
    pto.wait_flag["PIPE_V", "PIPE_MTE3", "EVENT_ID0"]

    // Phase 5: MTE3 DMA (vector tile buffer / hardware UB → GM)
    pto.get_buf "PIPE_MTE3", 0, 0
    pto.set_loop_size_ubtoout %c1_i64, %c1_i64 : i64, i64
    pto.copy_ubuf_to_gm %ub_out, %arg1, %c0_i64, %c32_i64, %c128_i64,
      %c0_i64, %c128_i64, %c128_i64
      : !pto.ptr, !pto.ptr, i64, i64, i64, i64, i64, i64
    pto.rls_buf "PIPE_MTE3", 0, 0

    pto.barrier #pto.pipe
    return
  }
}
