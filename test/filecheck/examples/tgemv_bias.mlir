// The matrix example verifies on A5 and CPU; on A2/A3 its A5-only layouts are accepted (A2/A3
// checks triples, not layouts), so pto-set-target keeps it valid there too.
// RUN: %roundtrip %examples/tgemv_bias.mlir | filecheck %s
// RUN: xdsl-opt %examples/tgemv_bias.mlir -p 'pto-set-target{target=a3}' | filecheck %s --check-prefix=A3
// RUN: xdsl-opt %examples/tgemv_bias.mlir -p 'pto-set-target{target=cpu}' | filecheck %s --check-prefix=CPU

// CHECK: pto.tgemv.bias ins(%a, %b, %bias : !pto.tile_buf<loc=left, {{.*}}>, !pto.tile_buf<loc=right, {{.*}}>, !pto.tile_buf<loc=bias, dtype=f32, rows=1, cols=32, {{.*}}>) outs(%c : !pto.tile_buf<loc=acc, {{.*}}>)
// A3: builtin.module attributes {pto.target_arch = "a2a3"}
// CPU: builtin.module attributes {pto.target_arch = "cpu"}
