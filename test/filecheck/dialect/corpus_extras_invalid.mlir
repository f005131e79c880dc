// RUN: pto-opt %s --split-input-file --verify-diagnostics
// Verifier rules of ops PTOAS kernels use: pto.ub.*, pltm/vmadd/vcbmax, bind_tile,
// pointer_cast, bitcast.

// operands in UB (PTOAS VPTO.cpp: "requires UB-backed operands")
func.func @case0(%g: !pto.ptr<f32, gm>, %u: !pto.ptr<f32, ub>, %c: i64) {
  // expected-error @+1 {{pto.ub.vmax requires UB-backed operands: dst is in gm}}
  pto.ub.vmax %g, %u, %u, %c, %c, %c, %c, %c, %c, %c : !pto.ptr<f32, gm>, !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, i64, i64
  func.return
}

// -----

// one element type for every pointer
func.func @case1(%u: !pto.ptr<f32, ub>, %h: !pto.ptr<f16, ub>, %c: i64) {
  // expected-error @+1 {{pto.ub.vabs src type !pto.ptr<f16, ub> must equal the dst type !pto.ptr<f32, ub>}}
  pto.ub.vabs %u, %h, %c, %c, %c, %c, %c : !pto.ptr<f32, ub>, !pto.ptr<f16, ub>, i64, i64, i64, i64, i64
  func.return
}

// -----

// the element types of the intrinsic (VDIV .f16/.f32)
func.func @case2(%u: !pto.ptr<i32, ub>, %c: i64) {
  // expected-error @+1 {{pto.ub.vdiv element type i32 is not supported (supported: f16, f32)}}
  pto.ub.vdiv %u, %u, %u, %c, %c, %c, %c, %c, %c, %c : !pto.ptr<i32, ub>, !pto.ptr<i32, ub>, !pto.ptr<i32, ub>, i64, i64, i64, i64, i64, i64, i64
  func.return
}

// -----

// a typed pointer
func.func @case3(%u: !pto.ptr, %c: i64) {
  // expected-error @+1 {{pto.ub.vdup dst must be a typed !pto.ptr, got !pto.ptr}}
  pto.ub.vdup %u, %c, %c, %c, %c, %c, %c : !pto.ptr, i64, i64, i64, i64, i64, i64
  func.return
}

// -----

// pltm's mask has the op's granularity
func.func @case4(%l: i16, %b: i32) {
  pto.vecscope {
    // expected-error @+1 {{pto.pltm_b16 result !pto.mask<b32> must have the op's granularity !pto.mask<b16>}}
    %m = pto.pltm_b16 %l, %b : i16, i32 -> !pto.mask<b32>
  }
  func.return
}

// -----

// vmadd: floats only (07-binary-vector-ops.md, A5 types f16, bf16, f32)
module attributes {pto.target_arch = "a5"} {
  func.func @case5(%v: !pto.vreg<64xi32>, %m: !pto.mask<b32>) {
    pto.vecscope {
      // expected-error @+1 {{pto.vmadd element type i32 is not supported on target a5 (supported: bf16, f16, f32)}}
      %r = pto.vmadd %v, %v, %v, %m : !pto.vreg<64xi32>, !pto.vreg<64xi32>, !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xi32>
    }
    func.return
  }
}

// -----

// vcbmax: the predicate has the mask's type
func.func @case6(%v: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vcbmax predicate type !pto.mask<b16> must equal the mask type !pto.mask<b32>}}
    %r, %p = pto.vcbmax %v, %m : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>, !pto.mask<b16>
  }
  func.return
}

// -----

// bind_tile keeps the buffer (only the layout may differ)
func.func @case7(%m: memref<16x16xf16, #pto.address_space<vec>>) {
  // expected-error @+1 {{pto.bind_tile result memref<16x8xf16, #pto.address_space<vec>> must have the source's shape, element type and memory (memref<16x16xf16, #pto.address_space<vec>>); only its layout may differ}}
  %v = pto.bind_tile %m {config = #pto.tile_buf_config<>} : memref<16x16xf16, #pto.address_space<vec>> -> memref<16x8xf16, #pto.address_space<vec>>
  func.return
}

// -----

// pointer_cast needs an address
func.func @case8() {
  // expected-error @+1 {{pto.pointer_cast needs an address}}
  %m = pto.pointer_cast() : memref<16xf16, #pto.address_space<vec>>
  func.return
}

// -----

// bitcast changes the element type only (PTOAS BitcastOp::verify)
func.func @case9(%t: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) {
  // expected-error @+1 {{pto.bitcast expects src/result to have the same shape}}
  %u = pto.bitcast %t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8> -> !pto.tile_buf<loc=vec, dtype=i32, rows=4, cols=16>
  func.return
}

// -----

func.func @case10(%t: !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=16>) {
  // expected-error @+1 {{pto.bitcast result requires more bytes than source storage}}
  %u = pto.bitcast %t : !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=16> -> !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16>
  func.return
}

// -----

// vmulscvt: the scalar has the source element type (13-dsa-sfu-ops.md)
func.func @case11(%v: !pto.vreg<64xf32>, %x: f16, %m: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vmulscvt scalar type f16 must be the source element type f32}}
    %r = pto.vmulscvt %v, %x, %m, "R", "EVEN" : !pto.vreg<64xf32>, f16, !pto.mask<b32> -> !pto.vreg<128xf16>
  }
  func.return
}

// -----

func.func @case12(%v: !pto.vreg<64xf32>, %x: f32, %m: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vmulscvt part "P2" must be EVEN or ODD}}
    %r = pto.vmulscvt %v, %x, %m, "R", "P2" : !pto.vreg<64xf32>, f32, !pto.mask<b32> -> !pto.vreg<128xf16>
  }
  func.return
}
