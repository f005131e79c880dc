// RUN: pto-opt %s --split-input-file --verify-diagnostics

// vexp: floating-point lanes only (vexp.md)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%x: !pto.vreg<64xi32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vexp requires floating-point elements, got i32}}
      %r = pto.vexp %x, %m : !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xi32>
    }
    func.return
  }
}

// -----

// vln: f16, f32 (vln.md)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%x: !pto.vreg<128xbf16>, %m: !pto.mask<b16>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vln element type bf16 is not supported on target a5 (supported: f16, f32)}}
      %r = pto.vln %x, %m : !pto.vreg<128xbf16>, !pto.mask<b16> -> !pto.vreg<128xbf16>
    }
    func.return
  }
}

// -----

// vsqrt: f16, f32 on A2/A3 too (emulated A5 forms)
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%x: !pto.vreg<128xbf16>, %m: !pto.mask<b16>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vsqrt element type bf16 is not supported on target a2a3 (supported: f16, f32)}}
      %r = pto.vsqrt %x, %m : !pto.vreg<128xbf16>, !pto.mask<b16> -> !pto.vreg<128xbf16>
    }
    func.return
  }
}

// -----

// vrsqrt: floating-point lanes only (vrsqrt.md)
builtin.module attributes {pto.target_arch = "cpu"} {
  func.func @f(%x: !pto.vreg<128xi16>, %m: !pto.mask<b16>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vrsqrt requires floating-point elements, got i16}}
      %r = pto.vrsqrt %x, %m : !pto.vreg<128xi16>, !pto.mask<b16> -> !pto.vreg<128xi16>
    }
    func.return
  }
}

// -----

// vrec: floating-point lanes only (vrec.md)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%x: !pto.vreg<64xi32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vrec requires floating-point elements, got i32}}
      %r = pto.vrec %x, %m : !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xi32>
    }
    func.return
  }
}

// -----

// vrelu: f16, f32 (vrelu.md) and i32 (npu/a5 TRELU)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%x: !pto.vreg<128xi16>, %m: !pto.mask<b16>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vrelu element type i16 is not supported on target a5 (supported: f16, f32, i32)}}
      %r = pto.vrelu %x, %m : !pto.vreg<128xi16>, !pto.mask<b16> -> !pto.vreg<128xi16>
    }
    func.return
  }
}

// -----

// vprelu: floating-point lanes only (vprelu.md)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%x: !pto.vreg<64xi32>, %a: !pto.vreg<64xi32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vprelu requires floating-point elements, got i32}}
      %r = pto.vprelu %x, %a, %m : !pto.vreg<64xi32>, !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xi32>
    }
    func.return
  }
}

// -----

// vprelu: alpha has the input's type (vprelu.md, Type match)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%x: !pto.vreg<64xf32>, %a: !pto.vreg<128xf16>, %m: !pto.mask<b32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vprelu rhs type !pto.vreg<128xf16> must equal the lhs type !pto.vreg<64xf32>}}
      %r = pto.vprelu %x, %a, %m : !pto.vreg<64xf32>, !pto.vreg<128xf16>, !pto.mask<b32> -> !pto.vreg<64xf32>
    }
    func.return
  }
}

// -----

// vexp: the result has the input's type (vexp.md, Type match)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%x: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vexp result type !pto.vreg<128xf16> must equal the input type !pto.vreg<64xf32>}}
      %r = pto.vexp %x, %m : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<128xf16>
    }
    func.return
  }
}

// -----

// vsqrt: mask width equals N (vsqrt.md)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%x: !pto.vreg<64xf32>, %m: !pto.mask<b16>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vsqrt mask granularity b16 must match the 32-bit elements of !pto.vreg<64xf32> (expected !pto.mask<b32>)}}
      %r = pto.vsqrt %x, %m : !pto.vreg<64xf32>, !pto.mask<b16> -> !pto.vreg<64xf32>
    }
    func.return
  }
}

