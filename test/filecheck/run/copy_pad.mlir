// tload copies the tile's valid region (2x3 of a 4x8 GM matrix) and pads with the tile's pad
// value (2 = max: +inf for f32): on A5 only to the end of each row's 32-byte block, on the CPU
// simulator the whole tile. A second tile at the same UB address with a 4x8 valid region stores
// the whole tile back to GM.
// RUN: rm -rf %t && pto-run %s --arg %S/Inputs/iota_4x8_f32.npy --arg zeros:4x8xf32 --out-dir %t --report | filecheck %s --check-prefix=REPORT
// RUN: %print-npy %t/arg1.npy | filecheck %s
// RUN: pto-run %s --target cpu --arg %S/Inputs/iota_4x8_f32.npy --arg zeros:4x8xf32 --out-dir %t.cpu && %print-npy %t.cpu/arg1.npy | filecheck %s --check-prefix=CPU
// RUN: pto-run %s --target a2 --arg %S/Inputs/iota_4x8_f32.npy --arg zeros:4x8xf32 --report-json %t.json && filecheck %s --check-prefix=JSON < %t.json

// REPORT: target: a5
// REPORT-NEXT: ops executed: 18
// REPORT: pto.alloc_tile 2
// REPORT: pto.tload 1
// REPORT: pto.tstore 1

// CHECK: arg1.npy: 4x8 float32
// CHECK-NEXT: 0.0 1.0 2.0 inf inf inf inf inf
// CHECK-NEXT: 8.0 9.0 10.0 inf inf inf inf inf
// CHECK-NEXT: 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0
// CHECK-NEXT: 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0

// CPU: arg1.npy: 4x8 float32
// CPU-NEXT: 0.0 1.0 2.0 inf inf inf inf inf
// CPU-NEXT: 8.0 9.0 10.0 inf inf inf inf inf
// CPU-NEXT: inf inf inf inf inf inf inf inf
// CPU-NEXT: inf inf inf inf inf inf inf inf

// JSON: "target": "a2a3"
// JSON: "ops_executed": 18

!t = !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=8, v_row=?, v_col=?, pad=2>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @copy(%src: !pto.ptr<f32>, %dst: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %addr = arith.constant 0 : i64
    %vs = pto.make_tensor_view %src, shape = [%c4, %c8], strides = [%c8, %c1] : !pto.tensor_view<?x?xf32>
    %vd = pto.make_tensor_view %dst, shape = [%c4, %c8], strides = [%c8, %c1] : !pto.tensor_view<?x?xf32>
    %ps = pto.partition_view %vs, offsets = [%c0, %c0], sizes = [%c4, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<4x8xf32>
    %pd = pto.partition_view %vd, offsets = [%c0, %c0], sizes = [%c4, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<4x8xf32>
    %in = pto.alloc_tile addr = %addr valid_row = %c2 valid_col = %c3 : !t
    %all = pto.alloc_tile addr = %addr valid_row = %c4 valid_col = %c8 : !t
    pto.tload ins(%ps : !pto.partition_tensor_view<4x8xf32>) outs(%in : !t)
    pto.set_flag[<PIPE_MTE2>, <PIPE_MTE3>, <EVENT_ID0>]
    pto.wait_flag[<PIPE_MTE2>, <PIPE_MTE3>, <EVENT_ID0>]
    pto.tstore ins(%all : !t) outs(%pd : !pto.partition_tensor_view<4x8xf32>)
    func.return
  }
}
