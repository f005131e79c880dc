// RUN: xdsl-opt %s --split-input-file --verify-diagnostics | filecheck %s

// Vector ops live in a pto.vecscope.
func.func @outside_vecscope(%a: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
  %r = pto.vadd %a, %a, %m : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
  func.return
}
// CHECK: pto.vadd must be nested in a pto.vecscope region

// -----

func.func @rhs_type(%a: !pto.vreg<64xf32>, %b: !pto.vreg<64xi32>, %m: !pto.mask<b32>) {
  pto.vecscope {
    %r = pto.vsub %a, %b, %m : !pto.vreg<64xf32>, !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xf32>
  }
  func.return
}
// CHECK: pto.vsub rhs type !pto.vreg<64xi32> must equal the lhs type !pto.vreg<64xf32>

// -----

func.func @result_type(%a: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
  pto.vecscope {
    %r = pto.vmax %a, %a, %m : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<128xf16>
  }
  func.return
}
// CHECK: pto.vmax result type !pto.vreg<128xf16> must equal the lhs type !pto.vreg<64xf32>

// -----

func.func @mask_granularity(%a: !pto.vreg<128xf16>, %m: !pto.mask<b32>) {
  pto.vecscope {
    %r = pto.vadd %a, %a, %m : !pto.vreg<128xf16>, !pto.vreg<128xf16>, !pto.mask<b32> -> !pto.vreg<128xf16>
  }
  func.return
}
// CHECK: pto.vadd mask granularity b32 must match the 16-bit elements of !pto.vreg<128xf16> (expected !pto.mask<b16>)

// -----

func.func @bitwise_float(%a: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
  pto.vecscope {
    %r = pto.vand %a, %a, %m : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
  }
  func.return
}
// CHECK: pto.vand requires integer elements, got f32

// -----

func.func @shift_float(%a: !pto.vreg<128xf16>, %m: !pto.mask<b16>) {
  pto.vecscope {
    %r = pto.vshl %a, %a, %m : !pto.vreg<128xf16>, !pto.vreg<128xf16>, !pto.mask<b16> -> !pto.vreg<128xf16>
  }
  func.return
}
// CHECK: pto.vshl requires integer elements, got f16

// -----

func.func @div_int(%a: !pto.vreg<64xi32>, %m: !pto.mask<b32>) {
  pto.vecscope {
    %r = pto.vdiv %a, %a, %m : !pto.vreg<64xi32>, !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xi32>
  }
  func.return
}
// CHECK: pto.vdiv requires floating-point elements, got i32

// -----

func.func @div_bf16(%a: !pto.vreg<128xbf16>, %m: !pto.mask<b16>) {
  pto.vecscope {
    %r = pto.vdiv %a, %a, %m : !pto.vreg<128xbf16>, !pto.vreg<128xbf16>, !pto.mask<b16> -> !pto.vreg<128xbf16>
  }
  func.return
}
// CHECK: pto.vdiv element type bf16 is not supported on target cpu (supported: f16, f32)

// -----

builtin.module attributes {pto.target_arch = "a5"} {
  func.func @vmul_i8_a5(%a: !pto.vreg<256xi8>, %m: !pto.mask<b8>) {
    pto.vecscope {
      %r = pto.vmul %a, %a, %m : !pto.vreg<256xi8>, !pto.vreg<256xi8>, !pto.mask<b8> -> !pto.vreg<256xi8>
    }
    func.return
  }
}
// CHECK: pto.vmul element type i8 is not supported on target a5 (supported: bf16, f16, f32, i16, i32, ui16, ui32)

// -----

builtin.module attributes {pto.target_arch = "a5"} {
  func.func @vmul_ui8_a5(%a: !pto.vreg<256xui8>, %m: !pto.mask<b8>) {
    pto.vecscope {
      %r = pto.vmul %a, %a, %m : !pto.vreg<256xui8>, !pto.vreg<256xui8>, !pto.mask<b8> -> !pto.vreg<256xui8>
    }
    func.return
  }
}
// CHECK: pto.vmul element type ui8 is not supported on target a5 (supported: bf16, f16, f32, i16, i32, ui16, ui32)

// -----

func.func @vaddc_i16(%a: !pto.vreg<128xi16>, %m: !pto.mask<b16>) {
  pto.vecscope {
    %r, %c = pto.vaddc %a, %a, %m : !pto.vreg<128xi16>, !pto.vreg<128xi16>, !pto.mask<b16> -> !pto.vreg<128xi16>, !pto.mask<b16>
  }
  func.return
}
// CHECK: pto.vaddc requires 32-bit integer elements, got i16

// -----

func.func @vsubc_float(%a: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
  pto.vecscope {
    %r, %c = pto.vsubc %a, %a, %m : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>, !pto.mask<b32>
  }
  func.return
}
// CHECK: pto.vsubc requires integer elements, got f32

// -----

func.func @carry_type(%a: !pto.vreg<64xi32>, %m: !pto.mask<b32>) {
  pto.vecscope {
    %r, %c = pto.vaddc %a, %a, %m : !pto.vreg<64xi32>, !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xi32>, !pto.mask<b16>
  }
  func.return
}
// CHECK: pto.vaddc carry type !pto.mask<b16> must equal the mask type !pto.mask<b32>

// -----

func.func @vabs_result(%a: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
  pto.vecscope {
    %r = pto.vabs %a, %m : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xi32>
  }
  func.return
}
// CHECK: pto.vabs result type !pto.vreg<64xi32> must equal the input type !pto.vreg<64xf32>

// -----

func.func @vabs_mask(%a: !pto.vreg<256xi8>, %m: !pto.mask<b16>) {
  pto.vecscope {
    %r = pto.vabs %a, %m : !pto.vreg<256xi8>, !pto.mask<b16> -> !pto.vreg<256xi8>
  }
  func.return
}
// CHECK: pto.vabs mask granularity b16 must match the 8-bit elements of !pto.vreg<256xi8> (expected !pto.mask<b8>)

// -----

func.func @vabs_unsigned(%a: !pto.vreg<64xui32>, %m: !pto.mask<b32>) {
  pto.vecscope {
    %r = pto.vabs %a, %m : !pto.vreg<64xui32>, !pto.mask<b32> -> !pto.vreg<64xui32>
  }
  func.return
}
// CHECK: pto.vabs element type ui32 is not supported on target cpu (supported: f16, f32, i16, i32, i8)

// -----

func.func @vmula_operand(%a: !pto.vreg<64xf32>, %b: !pto.vreg<64xi32>, %m: !pto.mask<b32>) {
  pto.vecscope {
    %r = pto.vmula %a, %a, %b, %m : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xf32>
  }
  func.return
}
// CHECK: pto.vmula rhs type !pto.vreg<64xi32> must equal the acc type !pto.vreg<64xf32>

// -----

func.func @vmula_mask(%a: !pto.vreg<64xf32>, %m: !pto.mask<b8>) {
  pto.vecscope {
    %r = pto.vmula %a, %a, %a, %m : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b8> -> !pto.vreg<64xf32>
  }
  func.return
}
// CHECK: pto.vmula mask granularity b8 must match the 32-bit elements of !pto.vreg<64xf32> (expected !pto.mask<b32>)

// -----

func.func @vbr_scalar(%x: f16) {
  pto.vecscope {
    %r = pto.vbr %x : f16 -> !pto.vreg<64xf32>
  }
  func.return
}
// CHECK: pto.vbr value type f16 must equal the result element type f32

// -----

func.func @vbr_index(%x: index) {
  pto.vecscope {
    %r = pto.vbr %x : index -> !pto.vreg<64xf32>
  }
  func.return
}
// CHECK: pto.vbr value type index is not a PTO element type

// -----

func.func @vadd_i64(%a: !pto.vreg<32xi64>, %m: !pto.mask<b32>) {
  pto.vecscope {
    %r = pto.vadd %a, %a, %m : !pto.vreg<32xi64>, !pto.vreg<32xi64>, !pto.mask<b32> -> !pto.vreg<32xi64>
  }
  func.return
}
// CHECK: pto.vadd has no mask granularity for the 64-bit elements of !pto.vreg<32xi64>
