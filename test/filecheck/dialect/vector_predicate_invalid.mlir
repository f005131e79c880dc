// RUN: pto-opt %s --split-input-file --verify-diagnostics

func.func @pand_granularity(%a: !pto.mask<b32>, %b: !pto.mask<b16>) {
  pto.vecscope {
    // expected-error @+1 {{pto.pand src1 type !pto.mask<b16> must equal the src0 type !pto.mask<b32> (one granularity throughout)}}
    %r = pto.pand %a, %b, %a : !pto.mask<b32>, !pto.mask<b16>, !pto.mask<b32> -> !pto.mask<b32>
  }
  func.return
}

// -----

func.func @psel_result(%a: !pto.mask<b8>) {
  pto.vecscope {
    // expected-error @+1 {{pto.psel result type !pto.mask<b16> must equal the src0 type !pto.mask<b8>}}
    %r = pto.psel %a, %a, %a : !pto.mask<b8>, !pto.mask<b8>, !pto.mask<b8> -> !pto.mask<b16>
  }
  func.return
}

// -----

func.func @pnot_mask(%a: !pto.mask<b32>, %m: !pto.mask<b8>) {
  pto.vecscope {
    // expected-error @+1 {{pto.pnot mask type !pto.mask<b8> must equal the input type !pto.mask<b32>}}
    %r = pto.pnot %a, %m : !pto.mask<b32>, !pto.mask<b8> -> !pto.mask<b32>
  }
  func.return
}

// -----

func.func @ppack_part(%a: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error @+1 {{pto.ppack part "UPPER" must be LOWER or HIGHER}}
    %r = pto.ppack %a, "UPPER" : !pto.mask<b32> -> !pto.mask<b32>
  }
  func.return
}

// -----

func.func @ppack_widens(%a: !pto.mask<b16>) {
  pto.vecscope {
    // expected-error @+1 {{pto.ppack result granularity b32 must be the input's or narrow it by one step: b16 or b8}}
    %r = pto.ppack %a, "LOWER" : !pto.mask<b16> -> !pto.mask<b32>
  }
  func.return
}

// -----

func.func @punpack_narrows(%a: !pto.mask<b16>) {
  pto.vecscope {
    // expected-error @+1 {{pto.punpack result granularity b8 must be the input's or widen it by one step: b16 or b32}}
    %r = pto.punpack %a, "HIGHER" : !pto.mask<b16> -> !pto.mask<b8>
  }
  func.return
}

// -----

func.func @pintlv_granularity(%a: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error @+1 {{pto.pintlv_b16 result !pto.mask<b32> must have the op's granularity !pto.mask<b16>}}
    %lo, %hi = pto.pintlv_b16 %a, %a : !pto.mask<b32>, !pto.mask<b32> -> !pto.mask<b32>, !pto.mask<b32>
  }
  func.return
}

// -----

func.func @pdintlv_rhs(%a: !pto.mask<b8>, %b: !pto.mask<b16>) {
  pto.vecscope {
    // expected-error @+1 {{pto.pdintlv_b8 rhs type !pto.mask<b16> must equal the lhs type !pto.mask<b8>}}
    %lo, %hi = pto.pdintlv_b8 %a, %b : !pto.mask<b8>, !pto.mask<b16> -> !pto.mask<b8>, !pto.mask<b8>
  }
  func.return
}

// -----

func.func @pge_pattern() {
  pto.vecscope {
    // expected-error @+1 {{pto.pge_b32 pattern "PAT_VL5" must be one of}}
    %m = pto.pge_b32 "PAT_VL5" : !pto.mask<b32>
  }
  func.return
}

// -----

func.func @pge_lanes() {
  pto.vecscope {
    // expected-error @+1 {{pto.pge_b32 pattern PAT_VL128 selects 128 lanes but a b32 mask has 64}}
    %m = pto.pge_b32 "PAT_VL128" : !pto.mask<b32>
  }
  func.return
}

// -----

func.func @plds_dist(%ub: !pto.ptr<ui8, ub>, %o: index) {
  pto.vecscope {
    // expected-error @+1 {{pto.plds dist "PK" must be one of NORM, US, DS}}
    %m = pto.plds %ub[%o], "PK" : !pto.ptr<ui8, ub>, index -> !pto.mask<b8>
  }
  func.return
}

// -----

func.func @psts_dist(%ub: !pto.ptr<ui8, ub>, %o: index, %m: !pto.mask<b8>) {
  pto.vecscope {
    // expected-error @+1 {{pto.psts dist "US" must be one of NORM, PK}}
    pto.psts %m, %ub[%o], "US" : !pto.mask<b8>, !pto.ptr<ui8, ub>, index
  }
  func.return
}

// -----

func.func @plds_gm(%gm: !pto.ptr<ui8, gm>, %o: index) {
  pto.vecscope {
    // expected-error @+1 {{pto.plds source must address UB}}
    %m = pto.plds %gm[%o], "NORM" : !pto.ptr<ui8, gm>, index -> !pto.mask<b8>
  }
  func.return
}

// -----

func.func @plds_result(%ub: !pto.ptr<ui8, ub>, %o: index) {
  pto.vecscope {
    // expected-error @+1 {{pto.plds result must be a !pto.mask, got i32}}
    %m = pto.plds %ub[%o], "NORM" : !pto.ptr<ui8, ub>, index -> i32
  }
  func.return
}

// -----

func.func @pldi_run_time(%ub: !pto.ptr<ui8, ub>, %o: index) {
  pto.vecscope {
    // expected-error @+1 {{pto.pldi offset must be a constant (an immediate), not a run-time value}}
    %m = pto.pldi %ub[%o], "NORM" : !pto.ptr<ui8, ub>, index -> !pto.mask<b8>
  }
  func.return
}

// -----

builtin.module attributes {pto.target_arch = "cpu"} {
  func.func @psts_pk_cpu(%ub: !pto.ptr<ui8, ub>, %o: index, %m: !pto.mask<b8>) {
    pto.vecscope {
      // expected-error @+1 {{pto.psts dist PK is not supported on the CPU simulator}}
      pto.psts %m, %ub[%o], "PK" : !pto.mask<b8>, !pto.ptr<ui8, ub>, index
    }
    func.return
  }
}

// -----

func.func @pld_areg(%ub: !pto.ptr<ui8, ub>, %o: index) {
  pto.vecscope {
    // expected-error @+1 {{pto.pld areg type index must be i32 (a count of 8-byte units)}}
    %m = pto.pld %ub, %o, "NORM" : !pto.ptr<ui8, ub>, index -> !pto.mask<b8>
  }
  func.return
}

// -----

builtin.module attributes {pto.target_arch = "a5"} {
  func.func @pstu_pointee(%a: !pto.align, %m: !pto.mask<b32>, %p: !pto.ptr<ui16, ub>) {
    pto.vecscope {
      // expected-error @+1 {{pto.pstu base !pto.ptr<ui16, ub> must point to ui32 for a !pto.mask<b32> value}}
      %a2, %p2 = pto.pstu %a, %m, %p : !pto.align, !pto.mask<b32>, !pto.ptr<ui16, ub> -> !pto.align, !pto.ptr<ui16, ub>
    }
    func.return
  }
}

// -----

builtin.module attributes {pto.target_arch = "cpu"} {
  func.func @pstu_cpu(%a: !pto.align, %m: !pto.mask<b16>, %p: !pto.ptr<ui16, ub>) {
    pto.vecscope {
      // expected-error @+1 {{pto.pstu is not supported on the CPU simulator (pstu.md)}}
      %a2, %p2 = pto.pstu %a, %m, %p : !pto.align, !pto.mask<b16>, !pto.ptr<ui16, ub> -> !pto.align, !pto.ptr<ui16, ub>
    }
    func.return
  }
}

// -----

builtin.module attributes {pto.target_arch = "a5"} {
  func.func @pstu_b8(%a: !pto.align, %m: !pto.mask<b8>, %p: !pto.ptr<ui8, ub>) {
    pto.vecscope {
      // expected-error @+1 {{pto.pstu value must be !pto.mask<b16> or !pto.mask<b32>: b8 has no form}}
      %a2, %p2 = pto.pstu %a, %m, %p : !pto.align, !pto.mask<b8>, !pto.ptr<ui8, ub> -> !pto.align, !pto.ptr<ui8, ub>
    }
    func.return
  }
}

// -----

builtin.module attributes {pto.target_arch = "a5"} {
  func.func @pstu_float(%a: !pto.align, %m: !pto.mask<b32>, %p: !pto.ptr<f32, ub>) {
    pto.vecscope {
      // expected-error @+1 {{pto.pstu base !pto.ptr<f32, ub> must point to ui32 for a !pto.mask<b32> value}}
      %a2, %p2 = pto.pstu %a, %m, %p : !pto.align, !pto.mask<b32>, !pto.ptr<f32, ub> -> !pto.align, !pto.ptr<f32, ub>
    }
    func.return
  }
}
