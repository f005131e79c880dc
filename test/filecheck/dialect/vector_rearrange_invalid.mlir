// RUN: pto-opt %s --split-input-file --verify-diagnostics

// vintlv.md: lhs, rhs, low and high have one type
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %b: !pto.vreg<64xi32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vintlv rhs type !pto.vreg<64xi32> must equal the lhs type !pto.vreg<64xf32>}}
      %l, %h = pto.vintlv %a, %b : !pto.vreg<64xf32>, !pto.vreg<64xi32> -> !pto.vreg<64xf32>, !pto.vreg<64xf32>
    }
    func.return
  }
}

// -----

// vdintlv.md: the results have the operands' type
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vdintlv high type !pto.vreg<64xi32> must equal the lhs type !pto.vreg<64xf32>}}
      %l, %h = pto.vdintlv %a, %a : !pto.vreg<64xf32>, !pto.vreg<64xf32> -> !pto.vreg<64xf32>, !pto.vreg<64xi32>
    }
    func.return
  }
}

// -----

// the pages: b8/b16/b32 element types (no 64-bit lanes)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<32xi64>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vintlv element type i64 is not supported on target a5 (supported: bf16, f16, f32, i16, i32, i8, ui16, ui32, ui8)}}
      %l, %h = pto.vintlv %a, %a : !pto.vreg<32xi64>, !pto.vreg<32xi64> -> !pto.vreg<32xi64>, !pto.vreg<32xi64>
    }
    func.return
  }
}

// -----

// vintlvv2.md / PTOAS: PART is LOWER or HIGHER
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vintlvv2 part "MIDDLE" must be LOWER or HIGHER}}
      %r = pto.vintlvv2 %a, %a, "MIDDLE" : !pto.vreg<64xf32>, !pto.vreg<64xf32> -> !pto.vreg<64xf32>
    }
    func.return
  }
}

// -----

// vdintlvv2.md: lhs, rhs and result have one type
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %b: !pto.vreg<64xi32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vdintlvv2 rhs type !pto.vreg<64xi32> must equal the lhs type !pto.vreg<64xf32>}}
      %r = pto.vdintlvv2 %a, %b, "LOWER" : !pto.vreg<64xf32>, !pto.vreg<64xi32> -> !pto.vreg<64xf32>
    }
    func.return
  }
}

// -----

// vslide.md: %amt is i16
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %n: i32) {
    pto.vecscope {
      // expected-error @+1 {{pto.vslide amt must be i16 (a lane count), got i32}}
      %r = pto.vslide %a, %a, %n : !pto.vreg<64xf32>, !pto.vreg<64xf32>, i32 -> !pto.vreg<64xf32>
    }
    func.return
  }
}

// -----

// vslide.md: src0, src1 and result have one type
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %b: !pto.vreg<64xi32>, %n: i16) {
    pto.vecscope {
      // expected-error @+1 {{pto.vslide src1 type !pto.vreg<64xi32> must equal the src0 type !pto.vreg<64xf32>}}
      %r = pto.vslide %a, %b, %n : !pto.vreg<64xf32>, !pto.vreg<64xi32>, i16 -> !pto.vreg<64xf32>
    }
    func.return
  }
}

// -----

// vshift.md: %amt is i16
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %n: index) {
    pto.vecscope {
      // expected-error @+1 {{pto.vshift amt must be i16 (a lane count), got index}}
      %r = pto.vshift %a, %n : !pto.vreg<64xf32>, index -> !pto.vreg<64xf32>
    }
    func.return
  }
}

// -----

// vshift.md: src and result have one type
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %n: i16) {
    pto.vecscope {
      // expected-error @+1 {{pto.vshift result type !pto.vreg<64xi32> must equal the src type !pto.vreg<64xf32>}}
      %r = pto.vshift %a, %n : !pto.vreg<64xf32>, i16 -> !pto.vreg<64xi32>
    }
    func.return
  }
}

// -----

// vperm.md: the index is an integer vector
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vperm index must be an integer vreg, got !pto.vreg<64xf32>}}
      %r = pto.vperm %a, %a : !pto.vreg<64xf32>, !pto.vreg<64xf32> -> !pto.vreg<64xf32>
    }
    func.return
  }
}

// -----

// vperm.md: N index lanes for N data lanes (the index width is the data width)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %i: !pto.vreg<128xi16>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vperm index element width 16 must match the 32-bit elements of src (!pto.vreg<128xi16> vs !pto.vreg<64xf32>)}}
      %r = pto.vperm %a, %i : !pto.vreg<64xf32>, !pto.vreg<128xi16> -> !pto.vreg<64xf32>
    }
    func.return
  }
}

// -----

// vperm.md: src and result have one type
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %i: !pto.vreg<64xi32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vperm result type !pto.vreg<64xi32> must equal the src type !pto.vreg<64xf32>}}
      %r = pto.vperm %a, %i : !pto.vreg<64xf32>, !pto.vreg<64xi32> -> !pto.vreg<64xi32>
    }
    func.return
  }
}

// -----

// PTOAS verifyLaneSelectOp: src1 (the index) has integer elements
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vselr src1 must be an integer vreg, got !pto.vreg<64xf32>}}
      %r = pto.vselr %a, %a : !pto.vreg<64xf32>, !pto.vreg<64xf32> -> !pto.vreg<64xf32>
    }
    func.return
  }
}

// -----

// PTOAS verifyLaneSelectOp: src1's width is src0's
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<128xf16>, %i: !pto.vreg<256xui8>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vselrv2 src1 element width 8 must match the 16-bit elements of src0 (!pto.vreg<256xui8> vs !pto.vreg<128xf16>)}}
      %r = pto.vselrv2 %a, %i : !pto.vreg<128xf16>, !pto.vreg<256xui8> -> !pto.vreg<128xf16>
    }
    func.return
  }
}

// -----

// vsqz.md: the mask width matches N
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %m: !pto.mask<b16>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vsqz mask granularity b16 must match the 32-bit elements of !pto.vreg<64xf32> (expected !pto.mask<b32>)}}
      %r = pto.vsqz %a, %m : !pto.vreg<64xf32>, !pto.mask<b16> -> !pto.vreg<64xf32>
    }
    func.return
  }
}

// -----

// vsqz.md: src and result have one type
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vsqz result type !pto.vreg<64xi32> must equal the src type !pto.vreg<64xf32>}}
      %r = pto.vsqz %a, %m : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xi32>
    }
    func.return
  }
}

// -----

// PTOAS VusqzOp::verify: signed elements only
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xui32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vusqz element type ui32 is not supported on target a5 (supported: i16, i32, i8)}}
      %r = pto.vusqz %a, %m : !pto.vreg<64xui32>, !pto.mask<b32> -> !pto.vreg<64xui32>
    }
    func.return
  }
}

// -----

// PTOAS VusqzOp::verify: integer elements only
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%m: !pto.mask<b32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vusqz requires integer elements, got f32}}
      %r = pto.vusqz %m : !pto.mask<b32> -> !pto.vreg<64xf32>
    }
    func.return
  }
}

// -----

// PTOAS VusqzOp::verify: src and result have one type
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xi32>, %m: !pto.mask<b16>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vusqz src type !pto.vreg<64xi32> must equal the result type !pto.vreg<128xi16>}}
      %r = pto.vusqz %a, %m : !pto.vreg<64xi32>, !pto.mask<b16> -> !pto.vreg<128xi16>
    }
    func.return
  }
}

// -----

// vusqz: the mask granularity is the element width
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%m: !pto.mask<b16>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vusqz mask granularity b16 must match the 32-bit elements of !pto.vreg<64xi32> (expected !pto.mask<b32>)}}
      %r = pto.vusqz %m : !pto.mask<b16> -> !pto.vreg<64xi32>
    }
    func.return
  }
}

// -----

// PTOAS VpackOp::verify: the result is unsigned, half as wide
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xi32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vpack result elements must be unsigned of half the width of the i32 source (ui16), got i16}}
      %r = pto.vpack %a, "LOWER" : !pto.vreg<64xi32> -> !pto.vreg<128xi16>
    }
    func.return
  }
}

// -----

// PTOAS VpackOp::verify: part is LOWER or HIGHER
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xi32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vpack part "UPPER" must be LOWER or HIGHER}}
      %r = pto.vpack %a, "UPPER" : !pto.vreg<64xi32> -> !pto.vreg<128xui16>
    }
    func.return
  }
}

// -----

// PTOAS VpackOp::verify: s32/u32 -> u16 and s16/u16 -> u8 only
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<256xi8>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vpack element type i8 is not supported on target a5 (supported: i16, i32, ui16, ui32)}}
      %r = pto.vpack %a, "LOWER" : !pto.vreg<256xi8> -> !pto.vreg<256xui8>
    }
    func.return
  }
}

// -----

// vpack.md: integer packing (no float sources)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vpack requires integer elements, got f32}}
      %r = pto.vpack %a, "LOWER" : !pto.vreg<64xf32> -> !pto.vreg<128xui16>
    }
    func.return
  }
}

// -----

// vsunpack.md / PTOAS: the result is twice as wide
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<128xi16>, %p: index) {
    pto.vecscope {
      // expected-error @+1 {{pto.vsunpack result elements must be integers of twice the width of the i16 source (32-bit), got i16}}
      %r = pto.vsunpack %a, %p : !pto.vreg<128xi16> -> !pto.vreg<128xi16>
    }
    func.return
  }
}

// -----

// vzunpack.md: integer sources only
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<128xf16>, %p: index) {
    pto.vecscope {
      // expected-error @+1 {{pto.vzunpack requires integer elements, got f16}}
      %r = pto.vzunpack %a, %p : !pto.vreg<128xf16> -> !pto.vreg<64xf32>
    }
    func.return
  }
}

// -----

// no 64-bit lanes on A2/A3: no 32 -> 64 unpack
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%a: !pto.vreg<64xi32>, %p: index) {
    pto.vecscope {
      // expected-error @+1 {{pto.vzunpack element type i32 is not supported on target a2a3 (supported: i16, i8, ui16, ui8)}}
      %r = pto.vzunpack %a, %p : !pto.vreg<64xi32> -> !pto.vreg<32xi64>
    }
    func.return
  }
}

// -----

// vtranspose.md: %dest and %src are UB pointers
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%d: !pto.ptr<f16, gm>, %s: !pto.ptr<f16, ub>, %c: i64) {
    // expected-error @+1 {{pto.vtranspose dest must address UB (!pto.ptr<T, ub> or untyped !pto.ptr), got !pto.ptr<f16>}}
    pto.vtranspose %d, %s, %c : !pto.ptr<f16, gm>, !pto.ptr<f16, ub>, i64
    func.return
  }
}

// -----

// vtranspose.md: one element type T on both pointers
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%d: !pto.ptr<f16, ub>, %s: !pto.ptr<f32, ub>, %c: i64) {
    // expected-error @+1 {{pto.vtranspose dest element type f16 must equal the src element type f32}}
    pto.vtranspose %d, %s, %c : !pto.ptr<f16, ub>, !pto.ptr<f32, ub>, i64
    func.return
  }
}

// -----

// vtranspose.md: %config is the i64 config word
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%d: !pto.ptr<f16, ub>, %c: i32) {
    // expected-error @+1 {{pto.vtranspose config must be i64, got i32}}
    pto.vtranspose %d, %d, %c : !pto.ptr<f16, ub>, !pto.ptr<f16, ub>, i32
    func.return
  }
}

// -----

// vslide.md: a constant amt lies in [0, N] (the window inside the 2N-lane concatenation)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>) {
    %n = arith.constant 65 : i16
    pto.vecscope {
      // expected-error @+1 {{pto.vslide amt 65 must be in [0, 64]}}
      %r = pto.vslide %a, %a, %n : !pto.vreg<64xf32>, !pto.vreg<64xf32>, i16 -> !pto.vreg<64xf32>
    }
    func.return
  }
}

// -----

// vshift.md: a constant amt is not negative
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<64xf32>) {
    %n = arith.constant -1 : i16
    pto.vecscope {
      // expected-error @+1 {{pto.vshift amt -1 must be >= 0}}
      %r = pto.vshift %a, %n : !pto.vreg<64xf32>, i16 -> !pto.vreg<64xf32>
    }
    func.return
  }
}

// -----

// vsunpack.md: a constant part selects the lower (0) or upper (1) half
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vreg<128xi16>) {
    %p = arith.constant 2 : index
    pto.vecscope {
      // expected-error @+1 {{pto.vsunpack part 2 must be in [0, 1]}}
      %r = pto.vsunpack %a, %p : !pto.vreg<128xi16> -> !pto.vreg<64xi32>
    }
    func.return
  }
}
