// RUN: pto-opt %s --split-input-file --verify-diagnostics

// vdup: the mask granularity is the element width
func.func @case0(%s: f32, %m: !pto.mask<b16>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vdup mask granularity b16 must match the 32-bit elements of !pto.vreg<64xf32> (expected !pto.mask<b32>)}}
    %r = pto.vdup %s, %m : f32, !pto.mask<b16> -> !pto.vreg<64xf32>
  }
  func.return
}

// -----

// vdup: position is LOWEST or HIGHEST
func.func @case1(%v: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vdup position must be LOWEST or HIGHEST, got MIDDLE}}
    %r = pto.vdup %v, %m {position = "MIDDLE"} : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
  }
  func.return
}

// -----

// vdup: a vreg input has the result type
func.func @case2(%v: !pto.vreg<128xf16>, %m: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vdup input type !pto.vreg<128xf16> must equal the result type !pto.vreg<64xf32>}}
    %r = pto.vdup %v, %m : !pto.vreg<128xf16>, !pto.mask<b32> -> !pto.vreg<64xf32>
  }
  func.return
}

// -----

// vdup: position selects a lane of a vreg, not of a scalar
func.func @case3(%s: f32, %m: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vdup position selects a lane of a vreg input, not of a scalar}}
    %r = pto.vdup %s, %m {position = "LOWEST"} : f32, !pto.mask<b32> -> !pto.vreg<64xf32>
  }
  func.return
}

// -----

// vdup: the scalar has the element type
func.func @case4(%s: f16, %m: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vdup input type f16 must equal the result element type f32 (or be the signless integer of its width)}}
    %r = pto.vdup %s, %m : f16, !pto.mask<b32> -> !pto.vreg<64xf32>
  }
  func.return
}

// -----

// vdup: the scalar is a PTO element type
func.func @case5(%s: index, %m: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vdup input type index is not a PTO element type}}
    %r = pto.vdup %s, %m : index, !pto.mask<b32> -> !pto.vreg<64xf32>
  }
  func.return
}

// -----

// vexpdif: max has the input type
func.func @case6(%v: !pto.vreg<64xf32>, %x: !pto.vreg<64xi32>, %m: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vexpdif max type !pto.vreg<64xi32> must equal the input type !pto.vreg<64xf32>}}
    %r = pto.vexpdif %v, %x, %m, "ODD" : !pto.vreg<64xf32>, !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xf32>
  }
  func.return
}

// -----

// vexpdif: the mask granularity is the input element width
func.func @case7(%v: !pto.vreg<64xf32>, %m: !pto.mask<b16>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vexpdif mask granularity b16 must match the 32-bit elements of !pto.vreg<64xf32> (expected !pto.mask<b32>)}}
    %r = pto.vexpdif %v, %v, %m, "ODD" : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b16> -> !pto.vreg<64xf32>
  }
  func.return
}

// -----

// vexpdif: part is EVEN or ODD
func.func @case8(%v: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vexpdif part must be EVEN or ODD, got ALL}}
    %r = pto.vexpdif %v, %v, %m, "ALL" : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
  }
  func.return
}

// -----

// vexpdif: floating-point elements only (vexpdif.md)
func.func @case9(%v: !pto.vreg<64xi32>, %m: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vexpdif requires floating-point elements, got i32}}
    %r = pto.vexpdif %v, %v, %m, "ODD" : !pto.vreg<64xi32>, !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xi32>
  }
  func.return
}

// -----

// vexpdif: f16 and f32 only (the page's A5 coverage)
func.func @case10(%v: !pto.vreg<128xbf16>, %m: !pto.mask<b16>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vexpdif element type bf16 is not supported on target cpu (supported: f16, f32)}}
    %r = pto.vexpdif %v, %v, %m, "ODD" : !pto.vreg<128xbf16>, !pto.vreg<128xbf16>, !pto.mask<b16> -> !pto.vreg<128xbf16>
  }
  func.return
}

// -----

// vexpdif: the result is the input type or the f32 half of an f16 input
func.func @case11(%v: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vexpdif result type !pto.vreg<128xf16> must equal the input type !pto.vreg<64xf32> (or be !pto.vreg<64xf32>, the widening form, for an f16 input)}}
    %r = pto.vexpdif %v, %v, %m, "ODD" : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<128xf16>
  }
  func.return
}
