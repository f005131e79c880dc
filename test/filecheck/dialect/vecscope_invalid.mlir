// RUN: pto-opt %s --split-input-file --verify-diagnostics

func.func @nested() {
  pto.vecscope {
    scf.execute_region {
      // expected-error @+1 {{pto.vecscope must not be nested in another pto.vecscope}}
      pto.vecscope {
      }
      scf.yield
    }
  }
  func.return
}

// -----

func.func @block_args() {
  // expected-error @+1 {{pto.vecscope body takes no block arguments}}
  pto.vecscope {
  ^bb0(%x: i32):
  }
  func.return
}

// -----

func.func @two_blocks() {
  // expected-error @+1 {{Region 'body' at position 0 expected a single block, but got 2 blocks}}
  "pto.vecscope"() ({
    cf.br ^bb1
  ^bb1:
    cf.br ^bb1
  }) : () -> ()
  func.return
}

// -----

// A scope does not reach into an op isolated from above, and ops after the scope are outside.
func.func @after_scope(%v: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
  pto.vecscope {
  }
  // expected-error @+1 {{pto.vabs must be nested in a pto.vecscope region}}
  %r = pto.vabs %v, %m : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
  func.return
}

// -----

func.func @outer() {
  pto.vecscope {
    func.func @isolated(%x: f32) {
      // expected-error @+1 {{pto.vbr must be nested in a pto.vecscope region}}
      %splat = pto.vbr %x : f32 -> !pto.vreg<64xf32>
      func.return
    }
  }
  func.return
}
