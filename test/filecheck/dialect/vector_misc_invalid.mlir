// RUN: pto-opt %s --split-input-file --verify-diagnostics
// vbcnt.md: integer element types only
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vbcnt requires integer elements, got f32}}
      %r = pto.vbcnt %a, %m : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
    }
    func.return
  }
}

// -----

// vbcnt.md: the result has the input's type
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xi32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vbcnt result type !pto.vreg<64xui32> must equal the input type !pto.vreg<64xi32>}}
      %r = pto.vbcnt %a, %m : !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xui32>
    }
    func.return
  }
}

// -----

// vcls.md: integer element types only
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<128xf16>, %m: !pto.mask<b16>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vcls requires integer elements, got f16}}
      %r = pto.vcls %a, %m : !pto.vreg<128xf16>, !pto.mask<b16> -> !pto.vreg<128xf16>
    }
    func.return
  }
}

// -----

// vcls.md: the mask has one bit per lane
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<128xi16>, %m: !pto.mask<b32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vcls mask granularity b32 must match the 16-bit elements of !pto.vreg<128xi16> (expected !pto.mask<b16>)}}
      %r = pto.vcls %a, %m : !pto.vreg<128xi16>, !pto.mask<b32> -> !pto.vreg<128xi16>
    }
    func.return
  }
}

// -----

// vmov.md: the mask has one bit per lane
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %m: !pto.mask<b8>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vmov mask granularity b8 must match the 32-bit elements of !pto.vreg<64xf32> (expected !pto.mask<b32>)}}
      %r = pto.vmov %a, %m : !pto.vreg<64xf32>, !pto.mask<b8> -> !pto.vreg<64xf32>
    }
    func.return
  }
}

// -----

// vtrc: floating-point lanes only (PTOAS: f16/bf16/f32)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xi32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vtrc requires floating-point elements, got i32}}
      %r = pto.vtrc %a, %m, "R" : !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xi32>
    }
    func.return
  }
}

// -----

// vtrc.md: the result keeps the source's type
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vtrc result type !pto.vreg<128xf16> must equal the input type !pto.vreg<64xf32>}}
      %r = pto.vtrc %a, %m, "R" : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<128xf16>
    }
    func.return
  }
}

// -----

// vtrc: the mask has the lanes' granularity
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %m: !pto.mask<b16>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vtrc mask granularity b16 must match the 32-bit elements of !pto.vreg<64xf32> (expected !pto.mask<b32>)}}
      %r = pto.vtrc %a, %m, "Z" : !pto.vreg<64xf32>, !pto.mask<b16> -> !pto.vreg<64xf32>
    }
    func.return
  }
}

// -----

// vtrc: a mode the target supports (R/A/F/C/Z; the generic form)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vtrc round_mode "O" must be one of R, A, F, C, Z (vtrc.md: a mode the target supports)}}
      %r = "pto.vtrc"(%a, %m) <{round_mode = "O"}> : (!pto.vreg<64xf32>, !pto.mask<b32>) -> !pto.vreg<64xf32>
    }
    func.return
  }
}

// -----

// vaddrelu.md: floating-point only
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xi32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vaddrelu requires floating-point elements, got i32}}
      %r = pto.vaddrelu %a, %a, %m : !pto.vreg<64xi32>, !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xi32>
    }
    func.return
  }
}

// -----

// vsubrelu.md: f16, f32
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<128xbf16>, %m: !pto.mask<b16>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vsubrelu element type bf16 is not supported on target a5 (supported: f16, f32)}}
      %r = pto.vsubrelu %a, %a, %m : !pto.vreg<128xbf16>, !pto.vreg<128xbf16>, !pto.mask<b16> -> !pto.vreg<128xbf16>
    }
    func.return
  }
}

// -----

// vsubrelu.md: lhs, rhs and result have one type
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %b: !pto.vreg<128xf16>, %m: !pto.mask<b32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vsubrelu rhs type !pto.vreg<128xf16> must equal the lhs type !pto.vreg<64xf32>}}
      %r = pto.vsubrelu %a, %b, %m : !pto.vreg<64xf32>, !pto.vreg<128xf16>, !pto.mask<b32> -> !pto.vreg<64xf32>
    }
    func.return
  }
}

// -----

// vaddreluconv: a supported pair (TAddReluConv: f32 -> f16, f16 -> i8, i16 -> i8)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vaddreluconv has no f32 -> bf16 form on target a5 (supported: f16 -> i8, f32 -> f16, i16 -> i8)}}
      %r = pto.vaddreluconv %a, %a : !pto.vreg<64xf32>, !pto.vreg<64xf32> -> !pto.vreg<128xbf16>
    }
    func.return
  }
}

// -----

// vaddreluconv: source element types of its pairs
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xi32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vaddreluconv element type i32 is not supported on target a5 (supported: f16, f32, i16)}}
      %r = pto.vaddreluconv %a, %a : !pto.vreg<64xi32>, !pto.vreg<64xi32> -> !pto.vreg<128xi16>
    }
    func.return
  }
}

// -----

// vaddreluconv.md: both sources have one type
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %b: !pto.vreg<64xi32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vaddreluconv rhs type !pto.vreg<64xi32> must equal the lhs type !pto.vreg<64xf32>}}
      %r = pto.vaddreluconv %a, %b : !pto.vreg<64xf32>, !pto.vreg<64xi32> -> !pto.vreg<128xf16>
    }
    func.return
  }
}

// -----

// vaddreluconv.md: the mask has the source's granularity
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %m: !pto.mask<b16>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vaddreluconv mask granularity b16 must match the 32-bit elements of !pto.vreg<64xf32> (expected !pto.mask<b32>)}}
      %r = pto.vaddreluconv %a, %a, %m : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b16> -> !pto.vreg<128xf16>
    }
    func.return
  }
}

// -----

// vaddreluconv: i16 -> i8 does not round
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<128xi16>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vaddreluconv i16 -> i8 takes no rnd (an exact integer narrowing)}}
      %r = pto.vaddreluconv %a, %a {rnd = "R"} : !pto.vreg<128xi16>, !pto.vreg<128xi16> -> !pto.vreg<256xi8>
    }
    func.return
  }
}

// -----

// vaddreluconv: rnd is one of vcvt's directed modes
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vaddreluconv rnd "O" must be one of R, A, F, C, Z}}
      %r = pto.vaddreluconv %a, %a {rnd = "O"} : !pto.vreg<64xf32>, !pto.vreg<64xf32> -> !pto.vreg<128xf16>
    }
    func.return
  }
}

// -----

// vmulconv: sat is SAT or NOSAT
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<128xf16>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vmulconv sat "ON" must be one of SAT, NOSAT}}
      %r = pto.vmulconv %a, %a {sat = "ON"} : !pto.vreg<128xf16>, !pto.vreg<128xf16> -> !pto.vreg<256xi8>
    }
    func.return
  }
}

// -----

// vmulconv.md: the f16 -> i8 form
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<128xf16>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vmulconv has no f16 -> f32 form on target a5 (supported: f16 -> i8)}}
      %r = pto.vmulconv %a, %a : !pto.vreg<128xf16>, !pto.vreg<128xf16> -> !pto.vreg<64xf32>
    }
    func.return
  }
}

// -----

// vmull.md: 32-bit integer lanes
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<128xi16>, %m: !pto.mask<b16>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vmull requires 32-bit integer elements, got i16}}
      %l, %h = pto.vmull %a, %a, %m : !pto.vreg<128xi16>, !pto.vreg<128xi16>, !pto.mask<b16> -> !pto.vreg<128xi16>, !pto.vreg<128xi16>
    }
    func.return
  }
}

// -----

// vmull.md: integer lanes
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vmull requires integer elements, got f32}}
      %l, %h = pto.vmull %a, %a, %m : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>, !pto.vreg<64xf32>
    }
    func.return
  }
}

// -----

// vmull: low and high have the operands' type (PTOAS)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xi32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vmull high type !pto.vreg<64xui32> must equal the lhs type !pto.vreg<64xi32>}}
      %l, %h = pto.vmull %a, %a, %m : !pto.vreg<64xi32>, !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xi32>, !pto.vreg<64xui32>
    }
    func.return
  }
}

// -----

// vmull.md: the mask has one bit per lane
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xui32>, %m: !pto.mask<b16>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vmull mask granularity b16 must match the 32-bit elements of !pto.vreg<64xui32> (expected !pto.mask<b32>)}}
      %l, %h = pto.vmull %a, %a, %m : !pto.vreg<64xui32>, !pto.vreg<64xui32>, !pto.mask<b16> -> !pto.vreg<64xui32>, !pto.vreg<64xui32>
    }
    func.return
  }
}

// -----

// vtrc: an unknown round mode is a parse error at the mode
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vtrc round mode must be one of R/A/F/C/Z or ROUND_R/ROUND_A/ROUND_F/ROUND_C/ROUND_Z (a string such as "R")}}
      %r = pto.vtrc %a, %m, "ROUND_O" : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
    }
    func.return
  }
}

// -----

// pbitcast.md: both source and result are masks
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.pbitcast: operand 'input' at position 0 does not verify}}
      %r = "pto.pbitcast"(%a) : (!pto.vreg<64xf32>) -> !pto.mask<b32>
    }
    func.return
  }
}

// -----

// vaddrelu.md: lhs, rhs and mask, each with its type
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vaddrelu takes 3 operands, each with its type; got 2 operands and 2 types}}
      %r = pto.vaddrelu %a, %a : (!pto.vreg<64xf32>, !pto.vreg<64xf32>) -> !pto.vreg<64xf32>
    }
    func.return
  }
}

// -----

// vaddreluconv: as many types as operands
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vaddreluconv takes 2 or 3 operands, each with its type; got 3 operands and 2 types}}
      %r = pto.vaddreluconv %a, %a, %m : !pto.vreg<64xf32>, !pto.vreg<64xf32> -> !pto.vreg<128xf16>
    }
    func.return
  }
}

// -----

// vmulconv: rnd is a string
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<128xf16>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vmulconv rnd must be a string such as "R"}}
      %r = pto.vmulconv %a, %a {rnd = 1 : i32} : !pto.vreg<128xf16>, !pto.vreg<128xf16> -> !pto.vreg<256xi8>
    }
    func.return
  }
}
