// RUN: xdsl-opt %s --split-input-file --verify-diagnostics | filecheck %s

// vcvt.md supported conversions: no f32 -> i8
// CHECK: Operation does not verify: pto.vcvt has no f32 -> i8 form on target a5 (vcvt.md supported conversions; from f32: bf16, f16, i16, i32, i64)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      %r = pto.vcvt %a, %m : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<256xi8>
    }
    func.return
  }
}

// -----

// vcvt.md: the mask granularity matches the source family
// CHECK: Operation does not verify: pto.vcvt mask granularity b16 must match the 32-bit elements of !pto.vreg<64xf32> (expected !pto.mask<b32>)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %m: !pto.mask<b16>) {
    pto.vecscope {
      %r = pto.vcvt %a, %m : !pto.vreg<64xf32>, !pto.mask<b16> -> !pto.vreg<64xi32>
    }
    func.return
  }
}

// -----

// vcvt.md: i8 -> f16 takes no rounding mode
// CHECK: Operation does not verify: pto.vcvt i8 -> f16 takes no rnd (vcvt.md supported forms)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<256xi8>, %m: !pto.mask<b8>) {
    pto.vecscope {
      %r = pto.vcvt %a, %m {rnd = "R"} : !pto.vreg<256xi8>, !pto.mask<b8> -> !pto.vreg<128xf16>
    }
    func.return
  }
}

// -----

// vcvt.md: f16 -> f32 takes no saturation
// CHECK: Operation does not verify: pto.vcvt f16 -> f32 takes no sat (vcvt.md supported forms)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<128xf16>, %m: !pto.mask<b16>) {
    pto.vecscope {
      %r = pto.vcvt %a, %m {sat = "SAT"} : !pto.vreg<128xf16>, !pto.mask<b16> -> !pto.vreg<64xf32>
    }
    func.return
  }
}

// -----

// vcvt.md rounding modes: R, A, F, C, Z, O
// CHECK: Operation does not verify: pto.vcvt rnd "X" must be one of R, A, F, C, Z, O
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      %r = pto.vcvt %a, %m {rnd = "X"} : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xi32>
    }
    func.return
  }
}

// -----

// vcvt.md: part only on width-changing forms
// CHECK: Operation does not verify: pto.vcvt part applies only to width-changing forms, not f32 -> i32
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      %r = pto.vcvt %a, %m {part = "EVEN"} : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xi32>
    }
    func.return
  }
}

// -----

// vcvt.md part modes: EVEN, ODD
// CHECK: Operation does not verify: pto.vcvt part "MID" must be EVEN or ODD
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      %r = pto.vcvt %a, %m {part = "MID"} : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<128xf16>
    }
    func.return
  }
}

// -----

// round to odd is a float -> float mode
// CHECK: Operation does not verify: pto.vcvt rnd "O" (round to odd) applies only to float -> float forms
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      %r = pto.vcvt %a, %m {rnd = "O"} : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xi32>
    }
    func.return
  }
}

// -----

// vcvt.md: sat is SAT or NOSAT
// CHECK: Operation does not verify: pto.vcvt sat "ON" must be one of SAT, NOSAT
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      %r = pto.vcvt %a, %m {sat = "ON"} : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xi32>
    }
    func.return
  }
}

// -----

// vcmp.md: src0 and src1 have one type
// CHECK: Operation does not verify: pto.vcmp src1 type !pto.vreg<64xi32> must equal the src0 type !pto.vreg<64xf32>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %b: !pto.vreg<64xi32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      %r = pto.vcmp %a, %b, %m, "lt" : !pto.vreg<64xf32>, !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.mask<b32>
    }
    func.return
  }
}

// -----

// vcmp.md: the seed width matches N
// CHECK: Operation does not verify: pto.vcmp seed granularity b16 must match the 32-bit elements of !pto.vreg<64xf32> (expected !pto.mask<b32>)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %m: !pto.mask<b16>) {
    pto.vecscope {
      %r = pto.vcmp %a, %a, %m, "lt" : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b16> -> !pto.mask<b16>
    }
    func.return
  }
}

// -----

// vcmp.md: the result is a mask like the seed
// CHECK: Operation does not verify: pto.vcmp result type !pto.mask<b16> must equal the seed type !pto.mask<b32>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      %r = pto.vcmp %a, %a, %m, "lt" : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.mask<b16>
    }
    func.return
  }
}

// -----

// vcmp.md: modes eq, ne, lt, le, gt, ge
// CHECK: Operation does not verify: pto.vcmp cmp_mode "lg" must be one of eq, ne, lt, le, gt, ge
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      %r = pto.vcmp %a, %a, %m, "lg" : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.mask<b32>
    }
    func.return
  }
}

// -----

// vcmp: element types of the compare-select pages
// CHECK: Operation does not verify: pto.vcmp element type f8E4M3FN is not supported on target a5 (supported: bf16, f16, f32, i16, i32, i8, ui16, ui32, ui8)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<256xf8E4M3FN>, %m: !pto.mask<b8>) {
    pto.vecscope {
      %r = pto.vcmp %a, %a, %m, "lt" : !pto.vreg<256xf8E4M3FN>, !pto.vreg<256xf8E4M3FN>, !pto.mask<b8> -> !pto.mask<b8>
    }
    func.return
  }
}

// -----

// vcmps.md: the scalar has the element type
// CHECK: Operation does not verify: pto.vcmps scalar type f16 must equal the src element type f32
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %s: f16, %m: !pto.mask<b32>) {
    pto.vecscope {
      %r = pto.vcmps %a, %s, %m, "gt" : !pto.vreg<64xf32>, f16, !pto.mask<b32> -> !pto.mask<b32>
    }
    func.return
  }
}

// -----

// vsel.md: the mask width matches N
// CHECK: Operation does not verify: pto.vsel mask granularity b8 must match the 32-bit elements of !pto.vreg<64xf32> (expected !pto.mask<b32>)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %m: !pto.mask<b8>) {
    pto.vecscope {
      %r = pto.vsel %a, %a, %m : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b8> -> !pto.vreg<64xf32>
    }
    func.return
  }
}

// -----

// vsel.md: src0, src1 and the result have one type
// CHECK: Operation does not verify: pto.vsel src1 type !pto.vreg<64xi32> must equal the src0 type !pto.vreg<64xf32>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %b: !pto.vreg<64xi32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      %r = pto.vsel %a, %b, %m : !pto.vreg<64xf32>, !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xf32>
    }
    func.return
  }
}

// -----

// vbitcast.md: integer and floating-point element types of the target's registers
// CHECK: Operation does not verify: pto.vbitcast result element type f8E4M3FN is not supported on target a5
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>) {
    pto.vecscope {
      %r = pto.vbitcast %a : !pto.vreg<64xf32> -> !pto.vreg<256xf8E4M3FN>
    }
    func.return
  }
}
