// RUN: pto-opt %s --split-input-file --verify-diagnostics

// result type = input type
func.func @case1(%a: !pto.vreg<64xf32>, %s: f32, %m: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vmuls result type !pto.vreg<64xi32> must equal the input type !pto.vreg<64xf32>}}
    %r = pto.vmuls %a, %s, %m : !pto.vreg<64xf32>, f32, !pto.mask<b32> -> !pto.vreg<64xi32>
  }
  func.return
}

// -----

// mask granularity = element width
func.func @case2(%a: !pto.vreg<128xf16>, %s: f16, %m: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vsubs mask granularity b32 must match the 16-bit elements of !pto.vreg<128xf16> (expected !pto.mask<b16>)}}
    %r = pto.vsubs %a, %s, %m : !pto.vreg<128xf16>, f16, !pto.mask<b32> -> !pto.vreg<128xf16>
  }
  func.return
}

// -----

// scalar of the element type
func.func @case3(%a: !pto.vreg<128xf16>, %s: f32, %m: !pto.mask<b16>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vmaxs scalar type f32 must be the element type f16}}
    %r = pto.vmaxs %a, %s, %m : !pto.vreg<128xf16>, f32, !pto.mask<b16> -> !pto.vreg<128xf16>
  }
  func.return
}

// -----

// an integer scalar has the element width
func.func @case4(%a: !pto.vreg<64xui32>, %s: i16, %m: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vshrs scalar type i16 must be the element type ui32 or i32}}
    %r = pto.vshrs %a, %s, %m : !pto.vreg<64xui32>, i16, !pto.mask<b32> -> !pto.vreg<64xui32>
  }
  func.return
}

// -----

// bitwise forms: integer elements
func.func @case5(%a: !pto.vreg<64xf32>, %s: f32, %m: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vands requires integer elements, got f32}}
    %r = pto.vands %a, %s, %m : !pto.vreg<64xf32>, f32, !pto.mask<b32> -> !pto.vreg<64xf32>
  }
  func.return
}

// -----

// vlrelu: floating-point elements
func.func @case6(%a: !pto.vreg<64xi32>, %s: i32, %m: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vlrelu requires floating-point elements, got i32}}
    %r = pto.vlrelu %a, %s, %m : !pto.vreg<64xi32>, i32, !pto.mask<b32> -> !pto.vreg<64xi32>
  }
  func.return
}

// -----

// vlrelu.md: f16 and f32 only
func.func @case7(%a: !pto.vreg<128xbf16>, %s: bf16, %m: !pto.mask<b16>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vlrelu element type bf16 is not supported on target cpu (supported: f16, f32)}}
    %r = pto.vlrelu %a, %s, %m : !pto.vreg<128xbf16>, bf16, !pto.mask<b16> -> !pto.vreg<128xbf16>
  }
  func.return
}

// -----

// vmuls has no 8-bit form on A5 (as vmul)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @case8(%a: !pto.vreg<256xi8>, %s: i8, %m: !pto.mask<b8>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vmuls element type i8 is not supported on target a5 (supported: bf16, f16, f32, i16, i32, ui16, ui32)}}
      %r = pto.vmuls %a, %s, %m : !pto.vreg<256xi8>, i8, !pto.mask<b8> -> !pto.vreg<256xi8>
    }
    func.return
  }
}

// -----

// carry-in chains: 32-bit lanes
func.func @case9(%a: !pto.vreg<128xi16>, %m: !pto.mask<b16>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vaddcs requires 32-bit integer elements, got i16}}
    %r, %c = pto.vaddcs %a, %a, %m, %m : !pto.vreg<128xi16>, !pto.vreg<128xi16>, !pto.mask<b16>, !pto.mask<b16> -> !pto.vreg<128xi16>, !pto.mask<b16>
  }
  func.return
}

// -----

// carry_in has one bit per lane
func.func @case10(%a: !pto.vreg<64xi32>, %m: !pto.mask<b32>, %k: !pto.mask<b16>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vsubcs carry_in granularity b16 must match the 32-bit elements of !pto.vreg<64xi32> (expected !pto.mask<b32>)}}
    %r, %c = pto.vsubcs %a, %a, %k, %m : !pto.vreg<64xi32>, !pto.vreg<64xi32>, !pto.mask<b16>, !pto.mask<b32> -> !pto.vreg<64xi32>, !pto.mask<b32>
  }
  func.return
}

// -----

// carry has the mask type
func.func @case11(%a: !pto.vreg<64xi32>, %m: !pto.mask<b32>, %k: !pto.mask<b16>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vaddcs carry type !pto.mask<b16> must equal the mask type !pto.mask<b32>}}
    %r, %c = pto.vaddcs %a, %a, %m, %m : !pto.vreg<64xi32>, !pto.vreg<64xi32>, !pto.mask<b32>, !pto.mask<b32> -> !pto.vreg<64xi32>, !pto.mask<b16>
  }
  func.return
}

// -----

// vaxpy: x and y of one type
func.func @case12(%a: !pto.vreg<64xf32>, %b: !pto.vreg<128xf16>, %s: f32, %m: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vaxpy y type !pto.vreg<128xf16> must equal the x type !pto.vreg<64xf32>}}
    %r = pto.vaxpy %a, %b, %s, %m : (!pto.vreg<64xf32>, !pto.vreg<128xf16>, f32, !pto.mask<b32>) -> !pto.vreg<64xf32>
  }
  func.return
}

// -----

// vaxpy: alpha of the element type
func.func @case13(%a: !pto.vreg<64xf32>, %s: f16, %m: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vaxpy alpha type f16 must be the element type f32}}
    %r = pto.vaxpy %a, %a, %s, %m : (!pto.vreg<64xf32>, !pto.vreg<64xf32>, f16, !pto.mask<b32>) -> !pto.vreg<64xf32>
  }
  func.return
}

// -----

// vaxpy: floating-point elements
func.func @case14(%a: !pto.vreg<64xi32>, %s: i32, %m: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vaxpy requires floating-point elements, got i32}}
    %r = pto.vaxpy %a, %a, %s, %m : (!pto.vreg<64xi32>, !pto.vreg<64xi32>, i32, !pto.mask<b32>) -> !pto.vreg<64xi32>
  }
  func.return
}

// -----

// vshls.md: a constant count below the element width
func.func @case15(%a: !pto.vreg<256xui8>, %m: !pto.mask<b8>) {
  %s = arith.constant 8 : i8
  pto.vecscope {
    // expected-error @+1 {{pto.vshls scalar 8 is outside [0, 7], the shift counts of ui8 elements}}
    %r = pto.vshls %a, %s, %m : !pto.vreg<256xui8>, i8, !pto.mask<b8> -> !pto.vreg<256xui8>
  }
  func.return
}
