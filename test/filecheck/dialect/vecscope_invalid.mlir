// RUN: xdsl-opt %s --split-input-file --verify-diagnostics | filecheck %s

func.func @nested() {
  pto.vecscope {
    scf.execute_region {
      pto.vecscope {
      }
      scf.yield
    }
  }
  func.return
}
// CHECK: pto.vecscope must not be nested in another pto.vecscope

// -----

func.func @block_args() {
  pto.vecscope {
  ^bb0(%x: i32):
  }
  func.return
}
// CHECK: pto.vecscope body takes no block arguments

// -----

func.func @two_blocks() {
  "pto.vecscope"() ({
    cf.br ^bb1
  ^bb1:
    cf.br ^bb1
  }) : () -> ()
  func.return
}
// CHECK: Region 'body' at position 0 expected a single block, but got 2 blocks

// -----

// A scope does not reach into an op isolated from above, and ops after the scope are outside.
func.func @after_scope(%v: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
  pto.vecscope {
  }
  %r = pto.vabs %v, %m : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
  func.return
}
// CHECK: pto.vabs must be nested in a pto.vecscope region

// -----

func.func @outer() {
  pto.vecscope {
    func.func @isolated(%x: f32) {
      %splat = pto.vbr %x : f32 -> !pto.vreg<64xf32>
      func.return
    }
  }
  func.return
}
// CHECK: pto.vbr must be nested in a pto.vecscope region
