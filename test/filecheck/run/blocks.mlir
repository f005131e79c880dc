// `pto-run --blocks N` runs N blocks over the same GM: block b copies row b of x to row b of y.
// The report lists each block's cycles and the run's (the slowest block's).
// RUN: rm -rf %t && mkdir -p %t
// RUN: pto-run %s --blocks 3 --arg rand:3x64xf32:1 --arg zeros:3x64xf32 --out-dir %t --report | filecheck %s
// RUN: python3 -c "import numpy as n; x = n.load('%t/arg0.npy'); y = n.load('%t/arg1.npy'); print('equal', bool((x == y).all()))" | filecheck %s --check-prefix=EQ
// RUN: not pto-run %s --blocks 20 --arg rand:3x64xf32:1 --arg zeros:3x64xf32 2>&1 | filecheck %s --check-prefix=OUT
// RUN: not pto-run %s --blocks 0 --arg rand:3x64xf32:1 --arg zeros:3x64xf32 2>&1 | filecheck %s --check-prefix=ZERO

// CHECK:      blocks: 3 (the report above is block 0's)
// CHECK-NEXT:   block 0: [[C:[0-9]+]] cycles, 0 hazards
// CHECK-NEXT:   block 1: [[C]] cycles, 0 hazards
// CHECK-NEXT:   block 2: [[C]] cycles, 0 hazards
// CHECK-NEXT: cycles overall: [[C]] (the slowest block)
// EQ: equal True
// OUT: blocks.mlir:{{[0-9]+}}:3: error: pto.mte_gm_ub: block 16: gm source rows reach bytes {{.}}4096, 4352) outside gm:arg0 (768 bytes; its last page ends at byte 4096)
// ZERO: error: argument --blocks

func.func @k(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c64 = arith.constant 64 : i64
  %c256 = arith.constant 256 : i64
  %b = pto.get_block_idx
  %off = arith.muli %b, %c64 : i64
  %i = arith.index_cast %off : i64 to index
  %gx = pto.addptr %x, %i : !pto.ptr<f32>, index -> !pto.ptr<f32>
  %gy = pto.addptr %y, %i : !pto.ptr<f32>, index -> !pto.ptr<f32>
  %ub = pto.castptr %c0 : i64 -> !pto.ptr<f32, ub>
  pto.mte_gm_ub %gx, %ub, %c0, %c256 nburst(%c1, %c256, %c256)
    : !pto.ptr<f32>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64
  pto.barrier #pto.pipe<PIPE_ALL>
  pto.mte_ub_gm %ub, %gy, %c256 nburst(%c1, %c256, %c256)
    : !pto.ptr<f32, ub>, !pto.ptr<f32>, i64, i64, i64, i64
  func.return
}
