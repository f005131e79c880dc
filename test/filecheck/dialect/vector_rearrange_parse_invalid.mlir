// The custom syntaxes of vusqz and vsunpack/vzunpack: a wrong operand or type count is a
// parse error at the operands.
// RUN: pto-opt %s --split-input-file --verify-diagnostics

func.func @f(%a: !pto.vreg<64xi32>, %m: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vusqz takes [%src,] %mask}}
    %r = pto.vusqz %a, %m, %m : !pto.vreg<64xi32>, !pto.mask<b32>, !pto.mask<b32> -> !pto.vreg<64xi32>
  }
  func.return
}

// -----

func.func @f(%s: !pto.vreg<128xi16>, %p: index) {
  pto.vecscope {
    // expected-error @+1 {{pto.vsunpack takes the types `SRC -> RESULT` or `SRC, index -> RESULT`}}
    %r = pto.vsunpack %s, %p : !pto.vreg<128xi16>, index, index -> !pto.vreg<64xi32>
  }
  func.return
}
