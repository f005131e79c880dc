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

// Vector ops outside a scope are accepted (PTOAS infers it); the SPR ops are not.
func.func @sprclr_outside() {
  // expected-error @+1 {{pto.sprclr must be nested in a pto.vecscope region}}
  pto.sprclr "AR"
  func.return
}

// -----

// synchronisation delimits vector scopes (PTOAS VPTO.cpp VecScopeOp::verify)
func.func @sync_inside() {
  // expected-error @+1 {{pto.wait_flag must be outside pto.vecscope: synchronization operations delimit vector scopes}}
  pto.vecscope {
    scf.execute_region {
      pto.wait_flag["PIPE_MTE2", "PIPE_V", "EVENT_ID0"]
      scf.yield
    }
  }
  func.return
}
