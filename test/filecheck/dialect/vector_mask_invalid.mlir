// RUN: pto-opt %s --split-input-file --verify-diagnostics

func.func @plt_granularity(%n: i32) {
  pto.vecscope {
    // expected-error @+1 {{pto.plt_b32 result !pto.mask<b16> must have the op's granularity !pto.mask<b32>}}
    %m, %rest = pto.plt_b32 %n : i32 -> !pto.mask<b16>, i32
  }
  func.return
}

// -----

func.func @pset_granularity() {
  pto.vecscope {
    // expected-error @+1 {{pto.pset_b16 result !pto.mask<b8> must have the op's granularity !pto.mask<b16>}}
    %m = pto.pset_b16 "PAT_ALL" : !pto.mask<b8>
  }
  func.return
}

// -----

func.func @pset_unknown() {
  pto.vecscope {
    // expected-error @+1 {{pto.pset_b32 pattern "PAT_VL5" must be one of PAT_ALL, PAT_VL1, PAT_VL2, PAT_VL3, PAT_VL4, PAT_VL8, PAT_VL16, PAT_VL32, PAT_VL64, PAT_VL128, PAT_M3, PAT_M4, PAT_H, PAT_Q, PAT_ALLF}}
    %m = pto.pset_b32 "PAT_VL5" : !pto.mask<b32>
  }
  func.return
}

// -----

func.func @pset_too_many_lanes() {
  pto.vecscope {
    // expected-error @+1 {{pto.pset_b32 pattern PAT_VL128 selects 128 lanes but a b32 mask has 64}}
    %m = pto.pset_b32 "PAT_VL128" : !pto.mask<b32>
  }
  func.return
}

// -----

func.func @plt_i64(%n: i64) {
  pto.vecscope {
    // expected-error @+1 {{pto.plt_b32 scalar type i64 must be i32 (a lane count)}}
    %m, %rest = pto.plt_b32 %n : i64 -> !pto.mask<b32>, i64
  }
  func.return
}

// -----

func.func @plt_out_i64(%n: i32) {
  pto.vecscope {
    // expected-error @+1 {{pto.plt_b8 scalar_out type i64 must be i32 (a lane count)}}
    %m, %rest = pto.plt_b8 %n : i32 -> !pto.mask<b8>, i64
  }
  func.return
}
