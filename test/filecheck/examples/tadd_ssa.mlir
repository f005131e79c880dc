// The Level-1 (SSA) example parses and verifies on A2/A3 with plain xdsl-opt, and round-trips.
// RUN: %roundtrip %examples/tadd_ssa.mlir | filecheck %s

// CHECK: %ta = pto.tload %pa : !pto.partition_tensor_view<32x32xf16> -> !pto.tile<loc=vec, dtype=f16, rows=32, cols=32, {{.*}}>
// CHECK: %sum = pto.tadd %ta, %tb : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK: %abs = pto.tabs %sum : !pto.tile<{{.*}}> -> !pto.tile<{{.*}}>
// CHECK: %res = pto.tsub %abs, %tb
// CHECK: pto.tstore %res, %pc : !pto.tile<{{.*}}>, !pto.partition_tensor_view<32x32xf16>
