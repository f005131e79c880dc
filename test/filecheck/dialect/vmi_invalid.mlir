// RUN: pto-opt %s --split-input-file --verify-diagnostics
// One case per VMI verifier rule family (PTOAS VMI.cpp messages; docs/isa/vmi-isa/ pages).

// 02-elementwise: operands and result of one lane count
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vmi.vreg<64xf32>, %b: !pto.vmi.vreg<128xf32>) {
    // expected-error @+1 {{pto.vmi.vadd requires all VMI data values to have the same logical lane count}}
    %r = pto.vmi.vadd %a, %b : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<128xf32> -> !pto.vmi.vreg<64xf32>
    func.return
  }
}

// -----

// 02-elementwise: all or no data values carry a layout
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vmi.vreg<64xf32>, %b: !pto.vmi.vreg<64xf32, #pto.vmi.layout<contiguous>>) {
    // expected-error @+1 {{pto.vmi.vadd requires either all or no VMI data values to carry layout}}
    %r = pto.vmi.vadd %a, %b : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32, #pto.vmi.layout<contiguous>> -> !pto.vmi.vreg<64xf32>
    func.return
  }
}

// -----

// 02-elementwise: the mask's lane count is the data's
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vmi.vreg<64xf32>, %b: !pto.vmi.vreg<64xf32>, %m: !pto.vmi.mask<128xpred>) {
    // expected-error @+1 {{pto.vmi.vadd requires mask logical lane count to match data lane count (128 vs 64)}}
    %r = pto.vmi.vadd %a, %b, %m : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32>, !pto.vmi.mask<128xpred> -> !pto.vmi.vreg<64xf32>
    func.return
  }
}

// -----

// 02-elementwise: pmode is zero or merge
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vmi.vreg<64xf32>, %b: !pto.vmi.vreg<64xf32>, %m: !pto.vmi.mask<64xpred>) {
    // expected-error @+1 {{pto.vmi.vadd pmode must be "zero" or "merge", got "keep"}}
    %r = pto.vmi.vadd %a, %b, %m {pmode = "keep"} : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xf32>
    func.return
  }
}

// -----

// 02-elementwise: integer absolute value of signed types only
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vmi.vreg<64xi32>) {
    // expected-error @+1 {{pto.vmi.absi requires si8, si16, or si32 VMI element type, got i32}}
    %r = pto.vmi.absi %a : !pto.vmi.vreg<64xi32> -> !pto.vmi.vreg<64xi32>
    func.return
  }
}

// -----

// 02-elementwise: a shift amount is i16
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vmi.vreg<64xi32>, %s: i32, %m: !pto.vmi.mask<64xpred>) {
    // expected-error @+1 {{pto.vmi.vshls requires signless i16 shift amount}}
    %r = pto.vmi.vshls %a, %s, %m : !pto.vmi.vreg<64xi32>, i32, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xi32>
    func.return
  }
}

// -----

// 02-elementwise: a vector-scalar scalar has the element type
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vmi.vreg<64xf32>, %s: f16, %m: !pto.vmi.mask<64xpred>) {
    // expected-error @+1 {{pto.vmi.vadds requires scalar type to match vector element type, got scalar f16 vs vector element f32}}
    %r = pto.vmi.vadds %a, %s, %m : !pto.vmi.vreg<64xf32>, f16, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xf32>
    func.return
  }
}

// -----

// 02-elementwise: vaddc on 32-bit integers
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vmi.vreg<64xf32>, %b: !pto.vmi.vreg<64xf32>, %m: !pto.vmi.mask<64xpred>) {
    // expected-error @+1 {{pto.vmi.vaddc requires 32-bit integer vector element types}}
    %r, %c = pto.vmi.vaddc %a, %b, %m : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xf32>, !pto.vmi.mask<64xpred>
    func.return
  }
}

// -----

// 05-reduce: a float sum needs reassoc
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vmi.vreg<64xf32>, %m: !pto.vmi.mask<64xpred>) {
    // expected-error @+1 {{pto.vmi.vcadd floating add-reduction requires reassoc attr}}
    %r = pto.vmi.vcadd %a, %m : !pto.vmi.vreg<64xf32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<1xf32>
    func.return
  }
}

// -----

// 05-reduce: the group count divides the lanes
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vmi.vreg<64xf32>, %m: !pto.vmi.mask<64xpred>) {
    // expected-error @+1 {{pto.vmi.vcadd group count 3 must divide source lane count 64}}
    %r = pto.vmi.vcadd %a, %m {group = 3 : i64, reassoc} : !pto.vmi.vreg<64xf32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<3xf32>
    func.return
  }
}

// -----

// 05-reduce: one result lane per group
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vmi.vreg<64xf32>, %m: !pto.vmi.mask<64xpred>) {
    // expected-error @+1 {{pto.vmi.vcadd result lane count must equal group count 4, got 8}}
    %r = pto.vmi.vcadd %a, %m {group = 4 : i64, reassoc} : !pto.vmi.vreg<64xf32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<8xf32>
    func.return
  }
}

// -----

// 05-reduce: a full reduction gives one lane
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vmi.vreg<64xf32>, %m: !pto.vmi.mask<64xpred>) {
    // expected-error @+1 {{pto.vmi.vcmax full reduction (no group) requires 1-lane result, got 2}}
    %r = pto.vmi.vcmax %a, %m : !pto.vmi.vreg<64xf32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<2xf32>
    func.return
  }
}

// -----

// 04-convert: fptosi converts fp to signed
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vmi.vreg<64xf32>) {
    // expected-error @+1 {{pto.vmi.fptosi converts fp to si, not f32 -> ui32 (fp to ui)}}
    %r = pto.vmi.fptosi %a {rounding = "R", saturate = "SAT"} : !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xui32>
    func.return
  }
}

// -----

// 04-convert: a narrowing conversion states its saturation
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !pto.vmi.vreg<64xf32>) {
    // expected-error @+1 {{pto.vmi.vcvt 'saturate' attribute is required for this conversion; write 'SAT' or 'NOSAT'}}
    %r = pto.vmi.vcvt %a : !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf8E4M3FN>
    func.return
  }
}

// -----

// 06-predicate: a constant mask is dense i1
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f() {
    // expected-error @+1 {{pto.vmi.constant_mask requires dense mask constant element type to be i1}}
    %r = pto.vmi.constant_mask {value = dense<1> : tensor<64xi8>} : !pto.vmi.mask<64xpred>
    func.return
  }
}

// -----

// 06-predicate: the pattern group divides the lanes
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f() {
    // expected-error @+1 {{pto.vmi.pge group 3 must divide the mask's 64 lanes}}
    %r = pto.vmi.pge "PAT_VL8" {group = 3 : i64} : !pto.vmi.mask<64xpred>
    func.return
  }
}

// -----

// 01-load-store: the pointee is the element type
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%p: !pto.ptr<f16, ub>, %o: index) {
    // expected-error @+1 {{pto.vmi.vload requires memory source element type to match VMI data element type (f16 vs f32)}}
    %r = pto.vmi.vload %p[%o] : !pto.ptr<f16, ub> -> !pto.vmi.vreg<64xf32>
    func.return
  }
}

// -----

// 01-load-store: gather offsets are unsigned 16- or 32-bit
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%p: !pto.ptr<f32, ub>, %i: !pto.vmi.vreg<64xsi32>, %m: !pto.vmi.mask<64xpred>, %t: !pto.vmi.vreg<64xf32>) {
    // expected-error @+1 {{pto.vmi.gather requires signless or unsigned 16-bit or 32-bit integer indices}}
    %r = pto.vmi.gather %p[%i], %m, %t : !pto.ptr<f32, ub>, !pto.vmi.vreg<64xsi32>, !pto.vmi.mask<64xpred>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
    func.return
  }
}

// -----

// 01-load-store: a group load's result has num_groups rows
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%p: !pto.ptr<f32, ub>, %o: index, %s: index) {
    // expected-error @+1 {{pto.vmi.group_load requires num_groups to evenly divide VMI logical lane count 64}}
    %r = pto.vmi.group_load %p[%o], %s {num_groups = 3 : i64} : !pto.ptr<f32, ub> -> !pto.vmi.vreg<64xf32>
    func.return
  }
}

// -----

// the layers are A5's: none on a2a3
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%a: !pto.vmi.vreg<64xf32>, %b: !pto.vmi.vreg<64xf32>) {
    // expected-error @+1 {{pto.vmi.vadd: VMI is an A5 layer (PTOAS lowers it to A5 vector micro-ops); target a2a3 has none}}
    %r = pto.vmi.vadd %a, %b : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
    func.return
  }
}

// -----

// a b32 mask of lane stride 2 would need b64 carrier masks
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%m: !pto.vmi.mask<32xb32, #pto.vmi.layout<contiguous, lane_stride = 2>>) {
    // expected-error @+1 {{pto.vmi.unpack requires mask type with supported physical carrier granularity}}
    %p = "pto.vmi.unpack"(%m) : (!pto.vmi.mask<32xb32, #pto.vmi.layout<contiguous, lane_stride = 2>>) -> !pto.mask<b32>
    func.return
  }
}

// -----

// the parts of a b16 mask of lane stride 2 are b32 masks
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%m: !pto.vmi.mask<64xb16, #pto.vmi.layout<contiguous, lane_stride = 2>>) {
    // expected-error @+1 {{pto.vmi.unpack requires physical mask part granularity to match VMI mask carrier}}
    %p = "pto.vmi.unpack"(%m) : (!pto.vmi.mask<64xb16, #pto.vmi.layout<contiguous, lane_stride = 2>>) -> !pto.mask<b16>
    func.return
  }
}

// -----

// a memory operand is a !pto.ptr or a vec memref
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%src: memref<64xf32, #pto.address_space<gm>>, %i: index) {
    // expected-error @+1 {{pto.vmi.load source must be a !pto.ptr or a vec memref, got memref<64xf32, #pto.address_space<gm>>}}
    %v = "pto.vmi.load"(%src, %i) : (memref<64xf32, #pto.address_space<gm>>, index) -> !pto.vmi.vreg<64xf32>
    func.return
  }
}

// -----

// types: a value spans at most 1024 vector registers (a fuzzing find: 2^62 lanes)
builtin.module attributes {pto.target_arch = "a5"} {
  // expected-error @+1 {{'!pto.vmi.vreg<4611686018427387904xf32>' spans 72057594037927936 vector registers, more than the 1024 a VMI value may span (256 KiB, more than a unified buffer holds)}}
  func.func @f(%a: !pto.vmi.vreg<4611686018427387904xf32>) {
    func.return
  }
}
