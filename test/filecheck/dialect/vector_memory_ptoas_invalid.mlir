// RUN: pto-opt %s --split-input-file --verify-diagnostics

// One case per verifier rule of the PTOAS load/store forms (vector_memory_ptoas.mlir).

func.func @f(%p: !pto.ptr<f32, ub>, %o: index) {
  // expected-error @+1 {{pto.vlds updated_base type !pto.ptr<f16, ub> must equal the source type !pto.ptr<f32, ub>}}
  %v, %n = pto.vlds %p[%o] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>, !pto.ptr<f16, ub>
  func.return
}

// -----

func.func @f(%v: !pto.vreg<64xf32>, %p: !pto.ptr<f32, ub>, %o: index, %m: !pto.mask<b32>) {
  // expected-error @+1 {{pto.vsts updated_base type !pto.ptr<i32, ub> must equal the dest type !pto.ptr<f32, ub>}}
  %n = pto.vsts %v, %p[%o], %m : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32> -> !pto.ptr<i32, ub>
  func.return
}

// -----

func.func @f(%p: !pto.ptr<f32, ub>, %b: i16, %r: i32, %m: !pto.mask<b32>) {
  // expected-error @+1 {{pto.vsldb takes either one i32 control word (manual form) or an i16 block stride and an i16 repeat stride (PTOAS form), got i16, i32}}
  %v = pto.vsldb %p, %b, %r, %m : !pto.ptr<f32, ub>, i16, i32, !pto.mask<b32> -> !pto.vreg<64xf32>
  func.return
}

// -----

func.func @f(%v: !pto.vreg<64xf32>, %p: !pto.ptr<f32, ub>, %b: i16, %m: !pto.mask<b32>) {
  // expected-error @+1 {{pto.vsstb takes either one i32 control word (manual form) or an i16 block stride and an i16 repeat stride (PTOAS form), got i16}}
  pto.vsstb %v, %p, %b, %m : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, i16, !pto.mask<b32>
  func.return
}

// -----

func.func @f(%v: !pto.vreg<64xf32>, %p: !pto.ptr<f32, ub>, %w: i32, %m: !pto.mask<b32>) {
  // expected-error @+1 {{pto.vsstb post-update (the updated_base result) takes the i16 block and repeat strides, not the packed i32 control word}}
  %n = pto.vsstb %v, %p, %w, %m : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, i32, !pto.mask<b32> -> !pto.ptr<f32, ub>
  func.return
}

// -----

func.func @f(%v: !pto.vreg<64xf32>, %p: !pto.ptr<f32, ub>, %b: i16, %m: !pto.mask<b32>) {
  // expected-error @+1 {{pto.vsstb updated_base type !pto.ptr<f16, ub> must equal the dest type !pto.ptr<f32, ub>}}
  %n = pto.vsstb %v, %p, %b, %b, %m : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, i16, i16, !pto.mask<b32> -> !pto.ptr<f16, ub>
  func.return
}

// -----

func.func @f(%p: !pto.ptr<f32, ub>, %i: !pto.vreg<64xi32>, %m: !pto.mask<b16>) {
  // expected-error @+1 {{pto.vgather2 mask granularity b16 must match the 32-bit elements of result (!pto.mask<b32>)}}
  %g = pto.vgather2 %p, %i, %m : !pto.ptr<f32, ub>, !pto.vreg<64xi32>, !pto.mask<b16> -> !pto.vreg<64xf32>
  func.return
}

// -----

func.func @f(%p: !pto.ptr<f32, ub>, %i: !pto.vreg<64xi32>, %m: i32) {
  // expected-error @+1 {{pto.vgatherb bound must be index (active-lane count) or a !pto.mask, got i32}}
  %g = pto.vgatherb %p, %i, %m : !pto.ptr<f32, ub>, !pto.vreg<64xi32>, i32 -> !pto.vreg<64xf32>
  func.return
}

// -----

func.func @f(%v: !pto.vreg<64xf32>, %p: !pto.ptr<f32, ub>, %i: !pto.vreg<64xi32>, %m: !pto.mask<b8>) {
  // expected-error @+1 {{pto.vscatter mask granularity b8 must match the 32-bit elements of value (!pto.mask<b32>)}}
  pto.vscatter %v, %p, %i, %m : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.vreg<64xi32>, !pto.mask<b8>
  func.return
}

// -----

func.func @f(%p: !pto.ptr<f32, ub>, %a: !pto.align) {
  // expected-error @+1 {{pto.vldus base_out type !pto.ptr<f16, ub> must equal the source type !pto.ptr<f32, ub>}}
  %v, %a2, %n = pto.vldus %p, %a : !pto.ptr<f32, ub>, !pto.align -> !pto.vreg<64xf32>, !pto.align, !pto.ptr<f16, ub>
  func.return
}

// -----

func.func @f(%v: !pto.vreg<64xf32>, %p: !pto.ptr<f32, ub>, %o: index, %m: !pto.mask<b32>) {
  // expected-error @+1 {{pto.vsts dist 1PT_B16 needs 16-bit value elements, got f32}}
  pto.vsts %v, %p[%o], %m {dist = "1PT_B16"} : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
  func.return
}

// -----

func.func @f(%v: !pto.vreg<64xf32>, %p: !pto.ptr<f32, ub>, %o: index, %m: !pto.mask<b8>) {
  // expected-error @+1 {{pto.vsts mask granularity b8 must be b32 for dist PK_B64 (the predicate is read for 64-bit data)}}
  pto.vsts %v, %p[%o], %m {dist = "PK_B64"} : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b8>
  func.return
}

// -----

func.func @f(%p: !pto.ptr<f32, ub>, %o: index) {
  // expected-error @+1 {{pto.vlds source element type f32 must be 8-bit for dist UNPK_B8 (8-bit UB elements)}}
  %v = pto.vlds %p[%o] {dist = "UNPK_B8"} : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
  func.return
}
