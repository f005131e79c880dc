// RUN: pto-opt %s --split-input-file --verify-diagnostics

// vcadd: the result has the input's type (vcadd.md: -> !pto.vreg<NxT>)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%x: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vcadd result type !pto.vreg<64xi32> must equal the input type !pto.vreg<64xf32>}}
      %r = pto.vcadd %x, %m : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xi32>
    }
    func.return
  }
}

// -----

// vcmax: one mask bit per lane (vcmax.md: the mask width must match N)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%x: !pto.vreg<64xf32>, %m: !pto.mask<b16>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vcmax mask granularity b16 must match the 32-bit elements of !pto.vreg<64xf32> (expected !pto.mask<b32>)}}
      %r = pto.vcmax %x, %m : !pto.vreg<64xf32>, !pto.mask<b16> -> !pto.vreg<64xf32>
    }
    func.return
  }
}

// -----

// vcmin: A5 coverage i16-i32, f16, f32 (no 8-bit lanes)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%x: !pto.vreg<256xi8>, %m: !pto.mask<b8>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vcmin element type i8 is not supported on target a5 (supported: f16, f32, i16, i32, ui16, ui32)}}
      %r = pto.vcmin %x, %m : !pto.vreg<256xi8>, !pto.mask<b8> -> !pto.vreg<256xi8>
    }
    func.return
  }
}

// -----

// vcgadd: no bf16 form (vcgadd.md: i16-i32, f16, f32), A2/A3 as A5
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%x: !pto.vreg<128xbf16>, %m: !pto.mask<b16>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vcgadd element type bf16 is not supported on target a2a3 (supported: f16, f32, i16, i32, ui16, ui32)}}
      %r = pto.vcgadd %x, %m : !pto.vreg<128xbf16>, !pto.mask<b16> -> !pto.vreg<128xbf16>
    }
    func.return
  }
}

// -----

// vcpadd: floating-point forms only (vcpadd.md)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%x: !pto.vreg<64xi32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vcpadd requires floating-point elements, got i32}}
      %r = pto.vcpadd %x, %m : !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xi32>
    }
    func.return
  }
}

