// pto-pipeline{target=T} checks the module on T (through its pto-set-target stage) before it
// lowers anything: a bf16 tcolmin is legal on a5 but not on a2a3. Without the check the
// pipeline lowered the tcolmin to vector ops and wrote an a2a3 kernel that verified.
// RUN: pto-opt %s -p 'pto-pipeline{target=a2a3}' --verify-diagnostics
// RUN: xdsl-opt %s -p 'pto-pipeline{target=a5}' | filecheck %s --check-prefix=A5

// A5: pto.vecscope

!src = !pto.tile<loc=vec, dtype=bf16, rows=16, cols=16>
!dst = !pto.tile<loc=vec, dtype=bf16, rows=1, cols=16>
!tv = !pto.tensor_view<?x?xbf16>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @colmin(%x: !pto.ptr<bf16>, %y: !pto.ptr<bf16>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %vx = pto.make_tensor_view %x, shape = [%c16, %c16], strides = [%c16, %c1] : !tv
    %vy = pto.make_tensor_view %y, shape = [%c1, %c16], strides = [%c16, %c1] : !tv
    %px = pto.partition_view %vx, offsets = [%c0, %c0], sizes = [%c16, %c16] : !tv -> !pto.partition_tensor_view<16x16xbf16>
    %py = pto.partition_view %vy, offsets = [%c0, %c0], sizes = [%c1, %c16] : !tv -> !pto.partition_tensor_view<1x16xbf16>
    %s = pto.tload %px : !pto.partition_tensor_view<16x16xbf16> -> !src
    // expected-error @+1 {{pto-set-target: pto.tcolmin: the module is not legal on target a2a3: pto.tcolmin dtype bf16 is not supported on target a2a3 (supported: f16, f32, i16, i32)}}
    %m = pto.tcolmin %s : !src -> !dst
    pto.tstore %m, %py : !dst, !pto.partition_tensor_view<1x16xbf16>
    func.return
  }
}
