// RUN: pto-opt %s --split-input-file --verify-diagnostics

func.func @rhs_type(%a: !pto.vreg<64xf32>, %b: !pto.vreg<64xi32>, %m: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vsub rhs type !pto.vreg<64xi32> must equal the lhs type !pto.vreg<64xf32>}}
    %r = pto.vsub %a, %b, %m : !pto.vreg<64xf32>, !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xf32>
  }
  func.return
}

// -----

func.func @result_type(%a: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vmax result type !pto.vreg<128xf16> must equal the lhs type !pto.vreg<64xf32>}}
    %r = pto.vmax %a, %a, %m : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<128xf16>
  }
  func.return
}

// -----

func.func @mask_granularity(%a: !pto.vreg<128xf16>, %m: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vadd mask granularity b32 must match the 16-bit elements of !pto.vreg<128xf16> (expected !pto.mask<b16>)}}
    %r = pto.vadd %a, %a, %m : !pto.vreg<128xf16>, !pto.vreg<128xf16>, !pto.mask<b32> -> !pto.vreg<128xf16>
  }
  func.return
}

// -----

func.func @shift_float(%a: !pto.vreg<128xf16>, %m: !pto.mask<b16>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vshl requires integer elements, got f16}}
    %r = pto.vshl %a, %a, %m : !pto.vreg<128xf16>, !pto.vreg<128xf16>, !pto.mask<b16> -> !pto.vreg<128xf16>
  }
  func.return
}

// -----

func.func @div_int(%a: !pto.vreg<64xui32>, %m: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vdiv element type ui32 is not supported on target cpu (supported: f16, f32, i16, i32)}}
    %r = pto.vdiv %a, %a, %m : !pto.vreg<64xui32>, !pto.vreg<64xui32>, !pto.mask<b32> -> !pto.vreg<64xui32>
  }
  func.return
}

// -----

func.func @div_bf16(%a: !pto.vreg<128xbf16>, %m: !pto.mask<b16>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vdiv element type bf16 is not supported on target cpu (supported: f16, f32, i16, i32)}}
    %r = pto.vdiv %a, %a, %m : !pto.vreg<128xbf16>, !pto.vreg<128xbf16>, !pto.mask<b16> -> !pto.vreg<128xbf16>
  }
  func.return
}

// -----

builtin.module attributes {pto.target_arch = "a5"} {
  func.func @vmul_i8_a5(%a: !pto.vreg<256xi8>, %m: !pto.mask<b8>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vmul element type i8 is not supported on target a5 (supported: bf16, f16, f32, i16, i32, ui16, ui32)}}
      %r = pto.vmul %a, %a, %m : !pto.vreg<256xi8>, !pto.vreg<256xi8>, !pto.mask<b8> -> !pto.vreg<256xi8>
    }
    func.return
  }
}

// -----

builtin.module attributes {pto.target_arch = "a5"} {
  func.func @vmul_ui8_a5(%a: !pto.vreg<256xui8>, %m: !pto.mask<b8>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vmul element type ui8 is not supported on target a5 (supported: bf16, f16, f32, i16, i32, ui16, ui32)}}
      %r = pto.vmul %a, %a, %m : !pto.vreg<256xui8>, !pto.vreg<256xui8>, !pto.mask<b8> -> !pto.vreg<256xui8>
    }
    func.return
  }
}

// -----

func.func @vaddc_i16(%a: !pto.vreg<128xi16>, %m: !pto.mask<b16>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vaddc requires 32-bit integer elements, got i16}}
    %r, %c = pto.vaddc %a, %a, %m : !pto.vreg<128xi16>, !pto.vreg<128xi16>, !pto.mask<b16> -> !pto.vreg<128xi16>, !pto.mask<b16>
  }
  func.return
}

// -----

func.func @vsubc_float(%a: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vsubc requires integer elements, got f32}}
    %r, %c = pto.vsubc %a, %a, %m : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>, !pto.mask<b32>
  }
  func.return
}

// -----

func.func @carry_type(%a: !pto.vreg<64xi32>, %m: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vaddc carry type !pto.mask<b16> must equal the mask type !pto.mask<b32>}}
    %r, %c = pto.vaddc %a, %a, %m : !pto.vreg<64xi32>, !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xi32>, !pto.mask<b16>
  }
  func.return
}

// -----

func.func @vabs_result(%a: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vabs result type !pto.vreg<64xi32> must equal the input type !pto.vreg<64xf32>}}
    %r = pto.vabs %a, %m : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xi32>
  }
  func.return
}

// -----

func.func @vabs_mask(%a: !pto.vreg<256xi8>, %m: !pto.mask<b16>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vabs mask granularity b16 must match the 8-bit elements of !pto.vreg<256xi8> (expected !pto.mask<b8>)}}
    %r = pto.vabs %a, %m : !pto.vreg<256xi8>, !pto.mask<b16> -> !pto.vreg<256xi8>
  }
  func.return
}

// -----

func.func @vabs_unsigned(%a: !pto.vreg<64xui32>, %m: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vabs element type ui32 is not supported on target cpu (supported: f16, f32, i16, i32, i8)}}
    %r = pto.vabs %a, %m : !pto.vreg<64xui32>, !pto.mask<b32> -> !pto.vreg<64xui32>
  }
  func.return
}

// -----

func.func @vmula_operand(%a: !pto.vreg<64xf32>, %b: !pto.vreg<64xi32>, %m: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vmula rhs type !pto.vreg<64xi32> must equal the acc type !pto.vreg<64xf32>}}
    %r = pto.vmula %a, %a, %b, %m : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xf32>
  }
  func.return
}

// -----

func.func @vmula_mask(%a: !pto.vreg<64xf32>, %m: !pto.mask<b8>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vmula mask granularity b8 must match the 32-bit elements of !pto.vreg<64xf32> (expected !pto.mask<b32>)}}
    %r = pto.vmula %a, %a, %a, %m : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b8> -> !pto.vreg<64xf32>
  }
  func.return
}

// -----

func.func @vbr_scalar(%x: f16) {
  pto.vecscope {
    // expected-error @+1 {{pto.vbr value type f16 must equal the result element type f32}}
    %r = pto.vbr %x : f16 -> !pto.vreg<64xf32>
  }
  func.return
}

// -----

func.func @vbr_width(%x: i16) {
  pto.vecscope {
    // expected-error @+1 {{pto.vbr value type i16 must equal the result element type ui8}}
    %r = pto.vbr %x : i16 -> !pto.vreg<256xui8>
  }
  func.return
}

// -----

func.func @vbr_index(%x: index) {
  pto.vecscope {
    // expected-error @+1 {{pto.vbr value type index is not a PTO element type}}
    %r = pto.vbr %x : index -> !pto.vreg<64xf32>
  }
  func.return
}

// -----

func.func @vadd_i64(%a: !pto.vreg<32xi64>, %m: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vadd has no mask granularity for the 64-bit elements of !pto.vreg<32xi64>}}
    %r = pto.vadd %a, %a, %m : !pto.vreg<32xi64>, !pto.vreg<32xi64>, !pto.mask<b32> -> !pto.vreg<32xi64>
  }
  func.return
}
