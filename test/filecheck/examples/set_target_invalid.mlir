// pto-set-target rejects unknown targets with a diagnostic, and re-verifies under the new target:
// a bf16 tcolmin is legal on A5 but not on A2/A3. pto-pipeline{target=...} checks the module on
// its target (through pto-set-target) before it lowers anything.
// RUN: not xdsl-opt %s -p 'pto-set-target{target=a9}' 2>&1 | filecheck %s --check-prefix=BAD
// RUN: xdsl-opt %s | filecheck %s --check-prefix=A5
// RUN: not pto-opt %s -p 'pto-set-target{target=a2a3}' 2>&1 | filecheck %s --check-prefix=A2A3
// RUN: not pto-opt %s -p 'pto-pipeline{target=a2a3}' 2>&1 | filecheck %s --check-prefix=A2A3

// BAD: pto-set-target: unknown target 'a9', expected a2a3 (or a2, a3), a5 or cpu
// A5: pto.tcolmin
// A2A3: pto-set-target: pto.tcolmin: the module is not legal on target a2a3: pto.tcolmin dtype bf16 is not supported on target a2a3 (supported: f16, f32, i16, i32)
// A2A3-NOT: pto.alloc_tile
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s: !pto.tile_buf<loc=vec, dtype=bf16, rows=16, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=bf16, rows=1, cols=16>) {
    pto.tcolmin ins(%s : !pto.tile_buf<loc=vec, dtype=bf16, rows=16, cols=16>) outs(%d : !pto.tile_buf<loc=vec, dtype=bf16, rows=1, cols=16>)
    func.return
  }
}
