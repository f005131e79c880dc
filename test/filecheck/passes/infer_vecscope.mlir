// pto-infer-vecscope: vector ops outside a pto.vecscope in inferred scopes (PTOAS's rules),
// and the located error for a vector value that would leave one.
// RUN: pto-opt %s --split-input-file -p pto-infer-vecscope --verify-diagnostics | filecheck %s

// A boundary (sync) splits the run; a scalar used on both sides stays before the first
// scope, one used only inside moves in; a mask producer used past the boundary is rebuilt
// in the second scope.
// CHECK-LABEL: func.func @two_runs
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %n = arith.constant 16 : index
// CHECK-NEXT:    pto.vecscope {
// CHECK-NEXT:      %m = pto.vmi.create_mask %n
// CHECK-NEXT:      %c4 = arith.constant 4 : index
// CHECK-NEXT:      %x = pto.vmi.vload %src[%c4]
// CHECK-NEXT:      %y = pto.vmi.vsel %m, %x, %x
// CHECK-NEXT:      pto.vmi.vstore %y, %dst[%c0]
// CHECK-NEXT:    }
// CHECK-NEXT:    pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
// CHECK-NEXT:    pto.vecscope {
// CHECK-NEXT:      %[[M:.*]] = pto.vmi.create_mask %n
// CHECK-NEXT:      %z = pto.vmi.vload %dst[%c0]
// CHECK-NEXT:      %w = pto.vmi.vsel %[[M]], %z, %z
// CHECK-NEXT:      pto.vmi.vstore %w, %src[%c0]
// CHECK-NEXT:    }
// CHECK-NEXT:    %i = arith.index_cast %c0 : index to i64
// CHECK-NEXT:    pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID1>]
func.func @two_runs(%src: !pto.ptr<f32, ub>, %dst: !pto.ptr<f32, ub>) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 16 : index
  %m = pto.vmi.create_mask %n : index -> !pto.vmi.mask<64xpred>
  %c4 = arith.constant 4 : index
  %x = pto.vmi.vload %src[%c4] : !pto.ptr<f32, ub> -> !pto.vmi.vreg<64xf32>
  %y = pto.vmi.vsel %m, %x, %x : !pto.vmi.mask<64xpred>, !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
  pto.vmi.vstore %y, %dst[%c0] : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>
  pto.set_flag["PIPE_V", "PIPE_MTE3", "EVENT_ID0"]
  %z = pto.vmi.vload %dst[%c0] : !pto.ptr<f32, ub> -> !pto.vmi.vreg<64xf32>
  %w = pto.vmi.vsel %m, %z, %z : !pto.vmi.mask<64xpred>, !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
  pto.vmi.vstore %w, %src[%c0] : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>
  %i = arith.index_cast %c0 : index to i64
  pto.set_flag["PIPE_V", "PIPE_MTE3", "EVENT_ID1"]
  func.return
}

// -----

// A loop of vector ops moves whole (with the constants only it uses); an explicit scope is
// left as it is.
// CHECK-LABEL: func.func @loop
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    pto.vecscope {
// CHECK-NEXT:      %c64 = arith.constant 64 : index
// CHECK-NEXT:      %c256 = arith.constant 256 : index
// CHECK-NEXT:      scf.for
// CHECK:             pto.vmi.vstore %y, %p[%i]
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    pto.vecscope {
// CHECK-NEXT:      %v = pto.vmi.vload %p[%c0]
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return
func.func @loop(%p: !pto.ptr<f32, ub>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  scf.for %i = %c0 to %c256 step %c64 {
    %x = pto.vmi.vload %p[%i] : !pto.ptr<f32, ub> -> !pto.vmi.vreg<64xf32>
    %y = pto.vmi.vadd %x, %x : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
    pto.vmi.vstore %y, %p[%i] : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>
  }
  pto.vecscope {
    %v = pto.vmi.vload %p[%c0] : !pto.ptr<f32, ub> -> !pto.vmi.vreg<64xf32>
  }
  func.return
}

// -----

// A mask made before an explicit scope is rebuilt at its use inside (PTOAS sinks such
// producers), the original, then unused, dropped; an scf.if that yields vector values goes
// into the scope with them.
// CHECK-LABEL: func.func @into_explicit
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    pto.vecscope {
// CHECK-NEXT:      %x = pto.vmi.vload %p[%c0]
// CHECK-NEXT:      %[[M:.*]] = pto.vmi.create_mask %n
// CHECK-NEXT:      pto.vmi.vstore %x, %p[%c0], %[[M]]
// CHECK-NEXT:    }
// CHECK-NEXT:    pto.vecscope {
// CHECK-NEXT:      %a = pto.vmi.broadcast %s
// CHECK-NEXT:      %b = pto.vmi.broadcast %s
// CHECK-NEXT:      %r = scf.if %c
// CHECK:           pto.vmi.vstore %r, %p[%c0]
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return
func.func @into_explicit(%p: !pto.ptr<f32, ub>, %n: index, %s: f32, %c: i1) {
  %c0 = arith.constant 0 : index
  %m = pto.vmi.create_mask %n : index -> !pto.vmi.mask<64xpred>
  pto.vecscope {
    %x = pto.vmi.vload %p[%c0] : !pto.ptr<f32, ub> -> !pto.vmi.vreg<64xf32>
    pto.vmi.vstore %x, %p[%c0], %m : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.vmi.mask<64xpred>
  }
  %a = pto.vmi.broadcast %s : f32 -> !pto.vmi.vreg<64xf32>
  %b = pto.vmi.broadcast %s : f32 -> !pto.vmi.vreg<64xf32>
  %r = scf.if %c -> !pto.vmi.vreg<64xf32> {
    scf.yield %a : !pto.vmi.vreg<64xf32>
  } else {
    scf.yield %b : !pto.vmi.vreg<64xf32>
  }
  pto.vmi.vstore %r, %p[%c0] : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>
  func.return
}

// -----

func.func @loaded_past_sync(%p: !pto.ptr<f32, ub>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{pto-infer-vecscope: pto.vmi.vload: cannot infer a resultless pto.vecscope: its !pto.vmi.vreg<64xf32> result is used outside the scope}}
  %x = pto.vmi.vload %p[%c0] : !pto.ptr<f32, ub> -> !pto.vmi.vreg<64xf32>
  pto.set_flag["PIPE_V", "PIPE_MTE3", "EVENT_ID0"]
  pto.vmi.vstore %x, %p[%c0] : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>
  func.return
}

// -----

func.func @returned(%p: !pto.ptr<f32, ub>) -> !pto.vreg<64xf32> {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{pto-infer-vecscope: pto.vlds: cannot infer a resultless pto.vecscope: its !pto.vreg<64xf32> result is used outside the scope, by func.return}}
  %x = pto.vlds %p[%c0] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
  func.return %x : !pto.vreg<64xf32>
}

// -----

// A mask used in a later block is rebuilt there; a loaded value cannot be.
// CHECK-LABEL: func.func @blocks
// CHECK:       ^bb1:
// CHECK-NEXT:    pto.vecscope {
// CHECK-NEXT:      %x = pto.vmi.vload
// CHECK-NEXT:      %[[M:.*]] = pto.vmi.create_mask %n
// CHECK-NEXT:      pto.vmi.vstore %x, %p[%c0], %[[M]]
func.func @blocks(%p: !pto.ptr<f32, ub>, %c: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %m = pto.vmi.create_mask %n : index -> !pto.vmi.mask<64xpred>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %x = pto.vmi.vload %p[%c0] : !pto.ptr<f32, ub> -> !pto.vmi.vreg<64xf32>
  pto.vmi.vstore %x, %p[%c0], %m : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.vmi.mask<64xpred>
  cf.br ^bb2
^bb2:
  func.return
}

// -----

func.func @loaded_in_another_block(%p: !pto.ptr<f32, ub>, %c: i1) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{pto-infer-vecscope: pto.vmi.vload: cannot infer a resultless pto.vecscope: its !pto.vmi.vreg<64xf32> result is used outside the scope, by pto.vmi.vstore}}
  %x = pto.vmi.vload %p[%c0] : !pto.ptr<f32, ub> -> !pto.vmi.vreg<64xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  pto.vmi.vstore %x, %p[%c0] : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>
  cf.br ^bb2
^bb2:
  func.return
}
