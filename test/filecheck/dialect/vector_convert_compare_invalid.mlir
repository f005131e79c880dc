// RUN: pto-opt %s --split-input-file --verify-diagnostics

// vcvt.md supported conversions: no f32 -> i8
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vcvt has no f32 -> i8 form on target a5 (vcvt.md supported conversions; from f32: bf16, f16, f8E4M3FN, f8E5M2, i16, i32, i64)}}
      %r = pto.vcvt %a, %m : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<256xi8>
    }
    func.return
  }
}

// -----

// vcvt.md: the mask granularity matches the source family
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %m: !pto.mask<b16>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vcvt mask granularity b16 must match the 32-bit elements of !pto.vreg<64xf32> (expected !pto.mask<b32>)}}
      %r = pto.vcvt %a, %m : !pto.vreg<64xf32>, !pto.mask<b16> -> !pto.vreg<64xi32>
    }
    func.return
  }
}

// -----

// vcvt.md: i8 -> f16 takes no rounding mode
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<256xi8>, %m: !pto.mask<b8>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vcvt i8 -> f16 takes no rnd (vcvt.md supported forms)}}
      %r = pto.vcvt %a, %m {rnd = "R"} : !pto.vreg<256xi8>, !pto.mask<b8> -> !pto.vreg<128xf16>
    }
    func.return
  }
}

// -----

// vcvt.md: f16 -> f32 takes no saturation
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<128xf16>, %m: !pto.mask<b16>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vcvt f16 -> f32 takes no sat (vcvt.md supported forms)}}
      %r = pto.vcvt %a, %m {sat = "SAT"} : !pto.vreg<128xf16>, !pto.mask<b16> -> !pto.vreg<64xf32>
    }
    func.return
  }
}

// -----

// vcvt.md rounding modes: R, A, F, C, Z, O
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vcvt rnd "X" must be one of R, A, F, C, Z, O}}
      %r = pto.vcvt %a, %m {rnd = "X"} : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xi32>
    }
    func.return
  }
}

// -----

// vcvt.md: part only on width-changing forms
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vcvt part applies only to width-changing forms, not f32 -> i32}}
      %r = pto.vcvt %a, %m {part = "EVEN"} : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xi32>
    }
    func.return
  }
}

// -----

// PTOAS 09-conversion-ops.md Part_T: a 4:1 form takes P0..P3 (or EVEN / ODD)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vcvt part "P4" must be one of EVEN, ODD, P0, P1, P2, P3}}
      %r = pto.vcvt %a, %m {rnd = "R", sat = "SAT", part = "P4"} : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<256xf8E4M3FN>
    }
    func.return
  }
}

// -----

// vcvt.md part modes: EVEN, ODD
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vcvt part "MID" must be one of EVEN, ODD, P0, P1, P2, P3}}
      %r = pto.vcvt %a, %m {part = "MID"} : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<128xf16>
    }
    func.return
  }
}

// -----

// round to odd is a float -> float mode
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vcvt rnd "O" (round to odd) applies only to float -> float forms}}
      %r = pto.vcvt %a, %m {rnd = "O"} : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xi32>
    }
    func.return
  }
}

// -----

// vcvt.md: sat is SAT or NOSAT
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vcvt sat "ON" must be one of SAT, NOSAT}}
      %r = pto.vcvt %a, %m {sat = "ON"} : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xi32>
    }
    func.return
  }
}

// -----

// vcmp.md: src0 and src1 have one type
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %b: !pto.vreg<64xi32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vcmp src1 type !pto.vreg<64xi32> must equal the src0 type !pto.vreg<64xf32>}}
      %r = pto.vcmp %a, %b, %m, "lt" : !pto.vreg<64xf32>, !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.mask<b32>
    }
    func.return
  }
}

// -----

// vcmp.md: the seed width matches N
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %m: !pto.mask<b16>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vcmp seed granularity b16 must match the 32-bit elements of !pto.vreg<64xf32> (expected !pto.mask<b32>)}}
      %r = pto.vcmp %a, %a, %m, "lt" : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b16> -> !pto.mask<b16>
    }
    func.return
  }
}

// -----

// vcmp.md: the result is a mask like the seed
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vcmp result type !pto.mask<b16> must equal the seed type !pto.mask<b32>}}
      %r = pto.vcmp %a, %a, %m, "lt" : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.mask<b16>
    }
    func.return
  }
}

// -----

// vcmp.md: modes eq, ne, lt, le, gt, ge
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vcmp cmp_mode "lg" must be one of eq, ne, lt, le, gt, ge}}
      %r = pto.vcmp %a, %a, %m, "lg" : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.mask<b32>
    }
    func.return
  }
}

// -----

// vcmp: element types of the compare-select pages
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<256xf8E4M3FN>, %m: !pto.mask<b8>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vcmp element type f8E4M3FN is not supported on target a5 (supported: bf16, f16, f32, i16, i32, i8, ui16, ui32, ui8)}}
      %r = pto.vcmp %a, %a, %m, "lt" : !pto.vreg<256xf8E4M3FN>, !pto.vreg<256xf8E4M3FN>, !pto.mask<b8> -> !pto.mask<b8>
    }
    func.return
  }
}

// -----

// vcmps.md: the scalar has the element type
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %s: f16, %m: !pto.mask<b32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vcmps scalar type f16 must equal the src element type f32}}
      %r = pto.vcmps %a, %s, %m, "gt" : !pto.vreg<64xf32>, f16, !pto.mask<b32> -> !pto.mask<b32>
    }
    func.return
  }
}

// -----

// vsel.md: the mask width matches N
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %m: !pto.mask<b8>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vsel mask granularity b8 must match the 32-bit elements of !pto.vreg<64xf32> (expected !pto.mask<b32>)}}
      %r = pto.vsel %a, %a, %m : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b8> -> !pto.vreg<64xf32>
    }
    func.return
  }
}

// -----

// vsel.md: src0, src1 and the result have one type
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %b: !pto.vreg<64xi32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vsel src1 type !pto.vreg<64xi32> must equal the src0 type !pto.vreg<64xf32>}}
      %r = pto.vsel %a, %b, %m : !pto.vreg<64xf32>, !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xf32>
    }
    func.return
  }
}

// -----

// vbitcast.md: integer and floating-point element types of the target's registers (fp8: A5's)
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%a: !pto.vreg<64xf32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vbitcast result element type f8E4M3FN is not supported on target a2a3}}
      %r = pto.vbitcast %a : !pto.vreg<64xf32> -> !pto.vreg<256xf8E4M3FN>
    }
    func.return
  }
}
