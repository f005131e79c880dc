// RUN: pto-opt %s --split-input-file --verify-diagnostics

// One case per verifier rule of the cube micro-ops (transfers, operand loads, mad family,
// fixpipe stores), with the exact message.

module attributes {pto.target_arch = "a5"} {
func.func @f(%gm: !pto.ptr<f32, gm>, %gmh: !pto.ptr<f16, gm>, %l1: !pto.ptr<f32, l1>, %l1h: !pto.ptr<f16, l1>, %ub: !pto.ptr<f32, ub>, %bt: !pto.ptr<f32, bt>, %bth: !pto.ptr<f16, bt>, %fb: !pto.ptr<f32, fb>, %l0a: !pto.ptr<f32, l0a>, %l0b: !pto.ptr<f32, l0b>, %l0ah: !pto.ptr<f16, l0a>, %l0bh: !pto.ptr<f16, l0b>, %l0ai: !pto.ptr<i8, l0a>, %l0bi: !pto.ptr<i8, l0b>, %l0a8: !pto.ptr<f8E4M3FN, l0a>, %l0b8: !pto.ptr<f8E4M3FN, l0b>, %l0c: !pto.ptr<f32, l0c>, %l0ch: !pto.ptr<f16, l0c>, %l0ci: !pto.ptr<i32, l0c>, %c: i64, %i: i32, %f: f32, %false: i1) {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %c32 = arith.constant 32 : i64
  // expected-error @+1 {{pto.mte_gm_l1 source element type f32 must equal the destination element type f16}}
  pto.mte_gm_l1 %gm, %l1h, %c nburst(%c, %c, %c) : !pto.ptr<f32, gm>, !pto.ptr<f16, l1>, i64, i64, i64, i64
  func.return
}
}

// -----

module attributes {pto.target_arch = "a5"} {
func.func @f(%gm: !pto.ptr<f32, gm>, %gmh: !pto.ptr<f16, gm>, %l1: !pto.ptr<f32, l1>, %l1h: !pto.ptr<f16, l1>, %ub: !pto.ptr<f32, ub>, %bt: !pto.ptr<f32, bt>, %bth: !pto.ptr<f16, bt>, %fb: !pto.ptr<f32, fb>, %l0a: !pto.ptr<f32, l0a>, %l0b: !pto.ptr<f32, l0b>, %l0ah: !pto.ptr<f16, l0a>, %l0bh: !pto.ptr<f16, l0b>, %l0ai: !pto.ptr<i8, l0a>, %l0bi: !pto.ptr<i8, l0b>, %l0a8: !pto.ptr<f8E4M3FN, l0a>, %l0b8: !pto.ptr<f8E4M3FN, l0b>, %l0c: !pto.ptr<f32, l0c>, %l0ch: !pto.ptr<f16, l0c>, %l0ci: !pto.ptr<i32, l0c>, %c: i64, %i: i32, %f: f32, %false: i1) {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %c32 = arith.constant 32 : i64
  // expected-error @+1 {{operand is used with type i32, but has been previously used or defined with type i64}}
  pto.mte_l1_bt %l1, %bt, %i nburst(%c, %c, %c) : !pto.ptr<f32, l1>, !pto.ptr<f32, bt>, i32, i64, i64, i64
  func.return
}
}

// -----

module attributes {pto.target_arch = "a5"} {
func.func @f(%gm: !pto.ptr<f32, gm>, %gmh: !pto.ptr<f16, gm>, %l1: !pto.ptr<f32, l1>, %l1h: !pto.ptr<f16, l1>, %ub: !pto.ptr<f32, ub>, %bt: !pto.ptr<f32, bt>, %bth: !pto.ptr<f16, bt>, %fb: !pto.ptr<f32, fb>, %l0a: !pto.ptr<f32, l0a>, %l0b: !pto.ptr<f32, l0b>, %l0ah: !pto.ptr<f16, l0a>, %l0bh: !pto.ptr<f16, l0b>, %l0ai: !pto.ptr<i8, l0a>, %l0bi: !pto.ptr<i8, l0b>, %l0a8: !pto.ptr<f8E4M3FN, l0a>, %l0b8: !pto.ptr<f8E4M3FN, l0b>, %l0c: !pto.ptr<f32, l0c>, %l0ch: !pto.ptr<f16, l0c>, %l0ci: !pto.ptr<i32, l0c>, %c: i64, %i: i32, %f: f32, %false: i1) {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %c32 = arith.constant 32 : i64
  // expected-error @+1 {{pto.mte_l1_bt destination must point to bt, got !pto.ptr<f32, l0c>}}
  pto.mte_l1_bt %l1h, %l0c, %c nburst(%c, %c, %c) : !pto.ptr<f16, l1>, !pto.ptr<f32, l0c>, i64, i64, i64, i64
  func.return
}
}

// -----

module attributes {pto.target_arch = "a5"} {
func.func @f(%gm: !pto.ptr<f32, gm>, %gmh: !pto.ptr<f16, gm>, %l1: !pto.ptr<f32, l1>, %l1h: !pto.ptr<f16, l1>, %ub: !pto.ptr<f32, ub>, %bt: !pto.ptr<f32, bt>, %bth: !pto.ptr<f16, bt>, %fb: !pto.ptr<f32, fb>, %l0a: !pto.ptr<f32, l0a>, %l0b: !pto.ptr<f32, l0b>, %l0ah: !pto.ptr<f16, l0a>, %l0bh: !pto.ptr<f16, l0b>, %l0ai: !pto.ptr<i8, l0a>, %l0bi: !pto.ptr<i8, l0b>, %l0a8: !pto.ptr<f8E4M3FN, l0a>, %l0b8: !pto.ptr<f8E4M3FN, l0b>, %l0c: !pto.ptr<f32, l0c>, %l0ch: !pto.ptr<f16, l0c>, %l0ci: !pto.ptr<i32, l0c>, %c: i64, %i: i32, %f: f32, %false: i1) {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %c32 = arith.constant 32 : i64
  // expected-error @+1 {{expected nd2nz or dn2nz}}
  pto.mte_gm_l1_frac %gm, %l1, nz2nd, shape(%c, %c), src_layout(%c), dst_group(%c, %c, %c, %c), ctrl(%c, %false) : !pto.ptr<f32, gm>, !pto.ptr<f32, l1>, nz2nd, shape i64, i64, src_layout(i64), dst_group i64, i64, i64, i64, ctrl i64, i1
  func.return
}
}

// -----

module attributes {pto.target_arch = "a5"} {
func.func @f(%gm: !pto.ptr<f32, gm>, %gmh: !pto.ptr<f16, gm>, %l1: !pto.ptr<f32, l1>, %l1h: !pto.ptr<f16, l1>, %ub: !pto.ptr<f32, ub>, %bt: !pto.ptr<f32, bt>, %bth: !pto.ptr<f16, bt>, %fb: !pto.ptr<f32, fb>, %l0a: !pto.ptr<f32, l0a>, %l0b: !pto.ptr<f32, l0b>, %l0ah: !pto.ptr<f16, l0a>, %l0bh: !pto.ptr<f16, l0b>, %l0ai: !pto.ptr<i8, l0a>, %l0bi: !pto.ptr<i8, l0b>, %l0a8: !pto.ptr<f8E4M3FN, l0a>, %l0b8: !pto.ptr<f8E4M3FN, l0b>, %l0c: !pto.ptr<f32, l0c>, %l0ch: !pto.ptr<f16, l0c>, %l0ci: !pto.ptr<i32, l0c>, %c: i64, %i: i32, %f: f32, %false: i1) {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %c32 = arith.constant 32 : i64
  // expected-error @+1 {{pto.mte_gm_l1_frac source element type f32 must equal the destination element type f16}}
  pto.mte_gm_l1_frac %gm, %l1h, nd2nz, shape(%c, %c), src_layout(%c), dst_group(%c, %c, %c, %c), ctrl(%c, %false) : !pto.ptr<f32, gm>, !pto.ptr<f16, l1>, nd2nz, shape i64, i64, src_layout(i64), dst_group i64, i64, i64, i64, ctrl i64, i1
  func.return
}
}

// -----

module attributes {pto.target_arch = "a5"} {
func.func @f(%gm: !pto.ptr<f32, gm>, %gmh: !pto.ptr<f16, gm>, %l1: !pto.ptr<f32, l1>, %l1h: !pto.ptr<f16, l1>, %ub: !pto.ptr<f32, ub>, %bt: !pto.ptr<f32, bt>, %bth: !pto.ptr<f16, bt>, %fb: !pto.ptr<f32, fb>, %l0a: !pto.ptr<f32, l0a>, %l0b: !pto.ptr<f32, l0b>, %l0ah: !pto.ptr<f16, l0a>, %l0bh: !pto.ptr<f16, l0b>, %l0ai: !pto.ptr<i8, l0a>, %l0bi: !pto.ptr<i8, l0b>, %l0a8: !pto.ptr<f8E4M3FN, l0a>, %l0b8: !pto.ptr<f8E4M3FN, l0b>, %l0c: !pto.ptr<f32, l0c>, %l0ch: !pto.ptr<f16, l0c>, %l0ci: !pto.ptr<i32, l0c>, %c: i64, %i: i32, %f: f32, %false: i1) {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %c32 = arith.constant 32 : i64
  // expected-error @+1 {{pto.mte_gm_l1_frac n must be i64, got i32}}
  pto.mte_gm_l1_frac %gm, %l1, nd2nz, shape(%i, %c), src_layout(%c), dst_group(%c, %c, %c, %c), ctrl(%c, %false) : !pto.ptr<f32, gm>, !pto.ptr<f32, l1>, nd2nz, shape i32, i64, src_layout(i64), dst_group i64, i64, i64, i64, ctrl i64, i1
  func.return
}
}

// -----

module attributes {pto.target_arch = "a5"} {
func.func @f(%gm: !pto.ptr<f32, gm>, %gmh: !pto.ptr<f16, gm>, %l1: !pto.ptr<f32, l1>, %l1h: !pto.ptr<f16, l1>, %ub: !pto.ptr<f32, ub>, %bt: !pto.ptr<f32, bt>, %bth: !pto.ptr<f16, bt>, %fb: !pto.ptr<f32, fb>, %l0a: !pto.ptr<f32, l0a>, %l0b: !pto.ptr<f32, l0b>, %l0ah: !pto.ptr<f16, l0a>, %l0bh: !pto.ptr<f16, l0b>, %l0ai: !pto.ptr<i8, l0a>, %l0bi: !pto.ptr<i8, l0b>, %l0a8: !pto.ptr<f8E4M3FN, l0a>, %l0b8: !pto.ptr<f8E4M3FN, l0b>, %l0c: !pto.ptr<f32, l0c>, %l0ch: !pto.ptr<f16, l0c>, %l0ci: !pto.ptr<i32, l0c>, %c: i64, %i: i32, %f: f32, %false: i1) {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %c32 = arith.constant 32 : i64
  // expected-error @+1 {{pto.mte_gm_l1_frac smallc0_en must be i1, got i64}}
  pto.mte_gm_l1_frac %gm, %l1, dn2nz, shape(%c, %c), src_layout(%c), dst_group(%c, %c, %c, %c), ctrl(%c, %c) : !pto.ptr<f32, gm>, !pto.ptr<f32, l1>, dn2nz, shape i64, i64, src_layout(i64), dst_group i64, i64, i64, i64, ctrl i64, i64
  func.return
}
}

// -----

module attributes {pto.target_arch = "a5"} {
func.func @f(%gm: !pto.ptr<f32, gm>, %gmh: !pto.ptr<f16, gm>, %l1: !pto.ptr<f32, l1>, %l1h: !pto.ptr<f16, l1>, %ub: !pto.ptr<f32, ub>, %bt: !pto.ptr<f32, bt>, %bth: !pto.ptr<f16, bt>, %fb: !pto.ptr<f32, fb>, %l0a: !pto.ptr<f32, l0a>, %l0b: !pto.ptr<f32, l0b>, %l0ah: !pto.ptr<f16, l0a>, %l0bh: !pto.ptr<f16, l0b>, %l0ai: !pto.ptr<i8, l0a>, %l0bi: !pto.ptr<i8, l0b>, %l0a8: !pto.ptr<f8E4M3FN, l0a>, %l0b8: !pto.ptr<f8E4M3FN, l0b>, %l0c: !pto.ptr<f32, l0c>, %l0ch: !pto.ptr<f16, l0c>, %l0ci: !pto.ptr<i32, l0c>, %c: i64, %i: i32, %f: f32, %false: i1) {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %c32 = arith.constant 32 : i64
  // expected-error @+1 {{pto.mte_l1_l0a destination must point to l0a, got !pto.ptr<f32, l0c>}}
  pto.mte_l1_l0a %l1, %l0c, %c, %c : !pto.ptr<f32, l1>, !pto.ptr<f32, l0c>, i64, i64
  func.return
}
}

// -----

module attributes {pto.target_arch = "a5"} {
func.func @f(%gm: !pto.ptr<f32, gm>, %gmh: !pto.ptr<f16, gm>, %l1: !pto.ptr<f32, l1>, %l1h: !pto.ptr<f16, l1>, %ub: !pto.ptr<f32, ub>, %bt: !pto.ptr<f32, bt>, %bth: !pto.ptr<f16, bt>, %fb: !pto.ptr<f32, fb>, %l0a: !pto.ptr<f32, l0a>, %l0b: !pto.ptr<f32, l0b>, %l0ah: !pto.ptr<f16, l0a>, %l0bh: !pto.ptr<f16, l0b>, %l0ai: !pto.ptr<i8, l0a>, %l0bi: !pto.ptr<i8, l0b>, %l0a8: !pto.ptr<f8E4M3FN, l0a>, %l0b8: !pto.ptr<f8E4M3FN, l0b>, %l0c: !pto.ptr<f32, l0c>, %l0ch: !pto.ptr<f16, l0c>, %l0ci: !pto.ptr<i32, l0c>, %c: i64, %i: i32, %f: f32, %false: i1) {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %c32 = arith.constant 32 : i64
  // expected-error @+1 {{pto.mte_l1_l0a source element type f16 must equal the destination element type f32}}
  pto.mte_l1_l0a %l1h, %l0a, %c, %c : !pto.ptr<f16, l1>, !pto.ptr<f32, l0a>, i64, i64
  func.return
}
}

// -----

module attributes {pto.target_arch = "a5"} {
func.func @f(%gm: !pto.ptr<f32, gm>, %gmh: !pto.ptr<f16, gm>, %l1: !pto.ptr<f32, l1>, %l1h: !pto.ptr<f16, l1>, %ub: !pto.ptr<f32, ub>, %bt: !pto.ptr<f32, bt>, %bth: !pto.ptr<f16, bt>, %fb: !pto.ptr<f32, fb>, %l0a: !pto.ptr<f32, l0a>, %l0b: !pto.ptr<f32, l0b>, %l0ah: !pto.ptr<f16, l0a>, %l0bh: !pto.ptr<f16, l0b>, %l0ai: !pto.ptr<i8, l0a>, %l0bi: !pto.ptr<i8, l0b>, %l0a8: !pto.ptr<f8E4M3FN, l0a>, %l0b8: !pto.ptr<f8E4M3FN, l0b>, %l0c: !pto.ptr<f32, l0c>, %l0ch: !pto.ptr<f16, l0c>, %l0ci: !pto.ptr<i32, l0c>, %c: i64, %i: i32, %f: f32, %false: i1) {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %c32 = arith.constant 32 : i64
  // expected-error @+1 {{pto.mte_l1_l0a m = 0 must lie in [1, 65535]}}
  pto.mte_l1_l0a %l1, %l0a, %c0, %c : !pto.ptr<f32, l1>, !pto.ptr<f32, l0a>, i64, i64
  func.return
}
}

// -----

module attributes {pto.target_arch = "a5"} {
func.func @f(%gm: !pto.ptr<f32, gm>, %gmh: !pto.ptr<f16, gm>, %l1: !pto.ptr<f32, l1>, %l1h: !pto.ptr<f16, l1>, %ub: !pto.ptr<f32, ub>, %bt: !pto.ptr<f32, bt>, %bth: !pto.ptr<f16, bt>, %fb: !pto.ptr<f32, fb>, %l0a: !pto.ptr<f32, l0a>, %l0b: !pto.ptr<f32, l0b>, %l0ah: !pto.ptr<f16, l0a>, %l0bh: !pto.ptr<f16, l0b>, %l0ai: !pto.ptr<i8, l0a>, %l0bi: !pto.ptr<i8, l0b>, %l0a8: !pto.ptr<f8E4M3FN, l0a>, %l0b8: !pto.ptr<f8E4M3FN, l0b>, %l0c: !pto.ptr<f32, l0c>, %l0ch: !pto.ptr<f16, l0c>, %l0ci: !pto.ptr<i32, l0c>, %c: i64, %i: i32, %f: f32, %false: i1) {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %c32 = arith.constant 32 : i64
  // expected-error @+1 {{pto.mte_l1_l0a operands must be i64, got i32}}
  pto.mte_l1_l0a %l1, %l0a, %i, %i : !pto.ptr<f32, l1>, !pto.ptr<f32, l0a>, i32, i32
  func.return
}
}

// -----

module attributes {pto.target_arch = "a5"} {
func.func @f(%gm: !pto.ptr<f32, gm>, %gmh: !pto.ptr<f16, gm>, %l1: !pto.ptr<f32, l1>, %l1h: !pto.ptr<f16, l1>, %ub: !pto.ptr<f32, ub>, %bt: !pto.ptr<f32, bt>, %bth: !pto.ptr<f16, bt>, %fb: !pto.ptr<f32, fb>, %l0a: !pto.ptr<f32, l0a>, %l0b: !pto.ptr<f32, l0b>, %l0ah: !pto.ptr<f16, l0a>, %l0bh: !pto.ptr<f16, l0b>, %l0ai: !pto.ptr<i8, l0a>, %l0bi: !pto.ptr<i8, l0b>, %l0a8: !pto.ptr<f8E4M3FN, l0a>, %l0b8: !pto.ptr<f8E4M3FN, l0b>, %l0c: !pto.ptr<f32, l0c>, %l0ch: !pto.ptr<f16, l0c>, %l0ci: !pto.ptr<i32, l0c>, %c: i64, %i: i32, %f: f32, %false: i1) {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %c32 = arith.constant 32 : i64
  // expected-error @+1 {{pto.mte_l1_l0a expects two or four shape operands or six full control operands}}
  pto.mte_l1_l0a %l1, %l0a, %c, %c, %c : !pto.ptr<f32, l1>, !pto.ptr<f32, l0a>, i64, i64, i64
  func.return
}
}

// -----

module attributes {pto.target_arch = "a5"} {
func.func @f(%gm: !pto.ptr<f32, gm>, %gmh: !pto.ptr<f16, gm>, %l1: !pto.ptr<f32, l1>, %l1h: !pto.ptr<f16, l1>, %ub: !pto.ptr<f32, ub>, %bt: !pto.ptr<f32, bt>, %bth: !pto.ptr<f16, bt>, %fb: !pto.ptr<f32, fb>, %l0a: !pto.ptr<f32, l0a>, %l0b: !pto.ptr<f32, l0b>, %l0ah: !pto.ptr<f16, l0a>, %l0bh: !pto.ptr<f16, l0b>, %l0ai: !pto.ptr<i8, l0a>, %l0bi: !pto.ptr<i8, l0b>, %l0a8: !pto.ptr<f8E4M3FN, l0a>, %l0b8: !pto.ptr<f8E4M3FN, l0b>, %l0c: !pto.ptr<f32, l0c>, %l0ch: !pto.ptr<f16, l0c>, %l0ci: !pto.ptr<i32, l0c>, %c: i64, %i: i32, %f: f32, %false: i1) {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %c32 = arith.constant 32 : i64
  // expected-error @+1 {{pto.mte_l1_l0a_mx transpose must be a boolean attribute of a data load}}
  pto.mte_l1_l0a_mx %l1, %l0a, %c, %c, %c, %c {transpose = true} : !pto.ptr<f32, l1>, !pto.ptr<f32, l0a>, i64, i64, i64, i64
  func.return
}
}

// -----

// an MX scale load moves bytes: any element types of one width (PTOAS: e8m0 scales into an
// f8E4M3FN operand's scale buffer)
module attributes {pto.target_arch = "a5"} {
func.func @f(%l1h: !pto.ptr<f16, l1>, %l0a8: !pto.ptr<f8E4M3FN, l0a>, %c: i64) {
  // expected-error @+1 {{pto.mte_l1_l0a_mx source element type f16 (16 bits) must be as wide as the destination element type f8E4M3FN (8 bits)}}
  pto.mte_l1_l0a_mx %l1h, %l0a8, %c, %c, %c, %c : !pto.ptr<f16, l1>, !pto.ptr<f8E4M3FN, l0a>, i64, i64, i64, i64
  func.return
}
}

// -----

module attributes {pto.target_arch = "a5"} {
func.func @f(%gm: !pto.ptr<f32, gm>, %gmh: !pto.ptr<f16, gm>, %l1: !pto.ptr<f32, l1>, %l1h: !pto.ptr<f16, l1>, %ub: !pto.ptr<f32, ub>, %bt: !pto.ptr<f32, bt>, %bth: !pto.ptr<f16, bt>, %fb: !pto.ptr<f32, fb>, %l0a: !pto.ptr<f32, l0a>, %l0b: !pto.ptr<f32, l0b>, %l0ah: !pto.ptr<f16, l0a>, %l0bh: !pto.ptr<f16, l0b>, %l0ai: !pto.ptr<i8, l0a>, %l0bi: !pto.ptr<i8, l0b>, %l0a8: !pto.ptr<f8E4M3FN, l0a>, %l0b8: !pto.ptr<f8E4M3FN, l0b>, %l0c: !pto.ptr<f32, l0c>, %l0ch: !pto.ptr<f16, l0c>, %l0ci: !pto.ptr<i32, l0c>, %c: i64, %i: i32, %f: f32, %false: i1) {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %c32 = arith.constant 32 : i64
  // expected-error @+1 {{pto.mad dst must point to l0c, got !pto.ptr<f32, l0a>}}
  pto.mad %l0a, %l0b, %l0a, %c, %c, %c : !pto.ptr<f32, l0a>, !pto.ptr<f32, l0b>, !pto.ptr<f32, l0a>, i64, i64, i64
  func.return
}
}

// -----

module attributes {pto.target_arch = "a5"} {
func.func @f(%gm: !pto.ptr<f32, gm>, %gmh: !pto.ptr<f16, gm>, %l1: !pto.ptr<f32, l1>, %l1h: !pto.ptr<f16, l1>, %ub: !pto.ptr<f32, ub>, %bt: !pto.ptr<f32, bt>, %bth: !pto.ptr<f16, bt>, %fb: !pto.ptr<f32, fb>, %l0a: !pto.ptr<f32, l0a>, %l0b: !pto.ptr<f32, l0b>, %l0ah: !pto.ptr<f16, l0a>, %l0bh: !pto.ptr<f16, l0b>, %l0ai: !pto.ptr<i8, l0a>, %l0bi: !pto.ptr<i8, l0b>, %l0a8: !pto.ptr<f8E4M3FN, l0a>, %l0b8: !pto.ptr<f8E4M3FN, l0b>, %l0c: !pto.ptr<f32, l0c>, %l0ch: !pto.ptr<f16, l0c>, %l0ci: !pto.ptr<i32, l0c>, %c: i64, %i: i32, %f: f32, %false: i1) {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %c32 = arith.constant 32 : i64
  // expected-error @+1 {{pto.mad (C, A, B) = (f32, f16, f32) is not supported on target a5 (supported: (f32, bf16, bf16), (f32, f16, f16), (f32, f32, f32), (f32, f8E4M3FN, f8E4M3FN), (f32, f8E4M3FN, f8E5M2), (f32, f8E5M2, f8E4M3FN), (f32, f8E5M2, f8E5M2), (f32, hif8, hif8), (i32, i8, i8))}}
  pto.mad %l0ah, %l0b, %l0c, %c, %c, %c : !pto.ptr<f16, l0a>, !pto.ptr<f32, l0b>, !pto.ptr<f32, l0c>, i64, i64, i64
  func.return
}
}

// -----

module attributes {pto.target_arch = "a5"} {
func.func @f(%gm: !pto.ptr<f32, gm>, %gmh: !pto.ptr<f16, gm>, %l1: !pto.ptr<f32, l1>, %l1h: !pto.ptr<f16, l1>, %ub: !pto.ptr<f32, ub>, %bt: !pto.ptr<f32, bt>, %bth: !pto.ptr<f16, bt>, %fb: !pto.ptr<f32, fb>, %l0a: !pto.ptr<f32, l0a>, %l0b: !pto.ptr<f32, l0b>, %l0ah: !pto.ptr<f16, l0a>, %l0bh: !pto.ptr<f16, l0b>, %l0ai: !pto.ptr<i8, l0a>, %l0bi: !pto.ptr<i8, l0b>, %l0a8: !pto.ptr<f8E4M3FN, l0a>, %l0b8: !pto.ptr<f8E4M3FN, l0b>, %l0c: !pto.ptr<f32, l0c>, %l0ch: !pto.ptr<f16, l0c>, %l0ci: !pto.ptr<i32, l0c>, %c: i64, %i: i32, %f: f32, %false: i1) {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %c32 = arith.constant 32 : i64
  // expected-error @+1 {{pto.mad m must be i64, got i32}}
  pto.mad %l0a, %l0b, %l0c, %i, %c, %c : !pto.ptr<f32, l0a>, !pto.ptr<f32, l0b>, !pto.ptr<f32, l0c>, i32, i64, i64
  func.return
}
}

// -----

module attributes {pto.target_arch = "a5"} {
func.func @f(%gm: !pto.ptr<f32, gm>, %gmh: !pto.ptr<f16, gm>, %l1: !pto.ptr<f32, l1>, %l1h: !pto.ptr<f16, l1>, %ub: !pto.ptr<f32, ub>, %bt: !pto.ptr<f32, bt>, %bth: !pto.ptr<f16, bt>, %fb: !pto.ptr<f32, fb>, %l0a: !pto.ptr<f32, l0a>, %l0b: !pto.ptr<f32, l0b>, %l0ah: !pto.ptr<f16, l0a>, %l0bh: !pto.ptr<f16, l0b>, %l0ai: !pto.ptr<i8, l0a>, %l0bi: !pto.ptr<i8, l0b>, %l0a8: !pto.ptr<f8E4M3FN, l0a>, %l0b8: !pto.ptr<f8E4M3FN, l0b>, %l0c: !pto.ptr<f32, l0c>, %l0ch: !pto.ptr<f16, l0c>, %l0ci: !pto.ptr<i32, l0c>, %c: i64, %i: i32, %f: f32, %false: i1) {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %c32 = arith.constant 32 : i64
  // expected-error @+1 {{pto.mad_bias bias element type f16 must equal the dst element type f32}}
  pto.mad_bias %l0ah, %l0bh, %l0c, %bth, %c, %c, %c : !pto.ptr<f16, l0a>, !pto.ptr<f16, l0b>, !pto.ptr<f32, l0c>, !pto.ptr<f16, bt>, i64, i64, i64
  func.return
}
}

// -----

module attributes {pto.target_arch = "a5"} {
func.func @f(%gm: !pto.ptr<f32, gm>, %gmh: !pto.ptr<f16, gm>, %l1: !pto.ptr<f32, l1>, %l1h: !pto.ptr<f16, l1>, %ub: !pto.ptr<f32, ub>, %bt: !pto.ptr<f32, bt>, %bth: !pto.ptr<f16, bt>, %fb: !pto.ptr<f32, fb>, %l0a: !pto.ptr<f32, l0a>, %l0b: !pto.ptr<f32, l0b>, %l0ah: !pto.ptr<f16, l0a>, %l0bh: !pto.ptr<f16, l0b>, %l0ai: !pto.ptr<i8, l0a>, %l0bi: !pto.ptr<i8, l0b>, %l0a8: !pto.ptr<f8E4M3FN, l0a>, %l0b8: !pto.ptr<f8E4M3FN, l0b>, %l0c: !pto.ptr<f32, l0c>, %l0ch: !pto.ptr<f16, l0c>, %l0ci: !pto.ptr<i32, l0c>, %c: i64, %i: i32, %f: f32, %false: i1) {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %c32 = arith.constant 32 : i64
  // expected-error @+1 {{pto.mad tf32_mode requires f32 lhs, rhs and dst}}
  pto.mad %l0ah, %l0bh, %l0c, %c, %c, %c tf32_mode(round_away) : !pto.ptr<f16, l0a>, !pto.ptr<f16, l0b>, !pto.ptr<f32, l0c>, i64, i64, i64
  func.return
}
}

// -----

module attributes {pto.target_arch = "a5"} {
func.func @f(%gm: !pto.ptr<f32, gm>, %gmh: !pto.ptr<f16, gm>, %l1: !pto.ptr<f32, l1>, %l1h: !pto.ptr<f16, l1>, %ub: !pto.ptr<f32, ub>, %bt: !pto.ptr<f32, bt>, %bth: !pto.ptr<f16, bt>, %fb: !pto.ptr<f32, fb>, %l0a: !pto.ptr<f32, l0a>, %l0b: !pto.ptr<f32, l0b>, %l0ah: !pto.ptr<f16, l0a>, %l0bh: !pto.ptr<f16, l0b>, %l0ai: !pto.ptr<i8, l0a>, %l0bi: !pto.ptr<i8, l0b>, %l0a8: !pto.ptr<f8E4M3FN, l0a>, %l0b8: !pto.ptr<f8E4M3FN, l0b>, %l0c: !pto.ptr<f32, l0c>, %l0ch: !pto.ptr<f16, l0c>, %l0ci: !pto.ptr<i32, l0c>, %c: i64, %i: i32, %f: f32, %false: i1) {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %c32 = arith.constant 32 : i64
  // expected-error @+1 {{pto.mad sat/nosat requires floating lhs and rhs element types}}
  pto.mad %l0ai, %l0bi, %l0ci, %c, %c, %c sat : !pto.ptr<i8, l0a>, !pto.ptr<i8, l0b>, !pto.ptr<i32, l0c>, i64, i64, i64
  func.return
}
}

// -----

module attributes {pto.target_arch = "a5"} {
func.func @f(%gm: !pto.ptr<f32, gm>, %gmh: !pto.ptr<f16, gm>, %l1: !pto.ptr<f32, l1>, %l1h: !pto.ptr<f16, l1>, %ub: !pto.ptr<f32, ub>, %bt: !pto.ptr<f32, bt>, %bth: !pto.ptr<f16, bt>, %fb: !pto.ptr<f32, fb>, %l0a: !pto.ptr<f32, l0a>, %l0b: !pto.ptr<f32, l0b>, %l0ah: !pto.ptr<f16, l0a>, %l0bh: !pto.ptr<f16, l0b>, %l0ai: !pto.ptr<i8, l0a>, %l0bi: !pto.ptr<i8, l0b>, %l0a8: !pto.ptr<f8E4M3FN, l0a>, %l0b8: !pto.ptr<f8E4M3FN, l0b>, %l0c: !pto.ptr<f32, l0c>, %l0ch: !pto.ptr<f16, l0c>, %l0ci: !pto.ptr<i32, l0c>, %c: i64, %i: i32, %f: f32, %false: i1) {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %c32 = arith.constant 32 : i64
  // expected-error @+1 {{pto.mte_l0c_gm source element type must be f32 or i32, got f16}}
  pto.mte_l0c_gm %l0ch, %gm, %c, %c, %c, %c, %c, %c, nz2nd : !pto.ptr<f16, l0c>, !pto.ptr<f32, gm>, i64, i64, i64, i64, i64, i64
  func.return
}
}

// -----

module attributes {pto.target_arch = "a5"} {
func.func @f(%gm: !pto.ptr<f32, gm>, %gmh: !pto.ptr<f16, gm>, %l1: !pto.ptr<f32, l1>, %l1h: !pto.ptr<f16, l1>, %ub: !pto.ptr<f32, ub>, %bt: !pto.ptr<f32, bt>, %bth: !pto.ptr<f16, bt>, %fb: !pto.ptr<f32, fb>, %l0a: !pto.ptr<f32, l0a>, %l0b: !pto.ptr<f32, l0b>, %l0ah: !pto.ptr<f16, l0a>, %l0bh: !pto.ptr<f16, l0b>, %l0ai: !pto.ptr<i8, l0a>, %l0bi: !pto.ptr<i8, l0b>, %l0a8: !pto.ptr<f8E4M3FN, l0a>, %l0b8: !pto.ptr<f8E4M3FN, l0b>, %l0c: !pto.ptr<f32, l0c>, %l0ch: !pto.ptr<f16, l0c>, %l0ci: !pto.ptr<i32, l0c>, %c: i64, %i: i32, %f: f32, %false: i1) {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %c32 = arith.constant 32 : i64
  // expected-error @+1 {{pto.mte_l0c_gm scalar pre_quant mode qf322f16_pre_scalar requires an f16/bf16/f32 payload}}
  pto.mte_l0c_gm %l0c, %gmh, %c, %c, %c, %c, %c, %c, pre_quant(%fb, mode = qf322f16_pre_scalar), nz2nd : !pto.ptr<f32, l0c>, !pto.ptr<f16, gm>, i64, i64, i64, i64, i64, i64, !pto.ptr<f32, fb>
  func.return
}
}

// -----

module attributes {pto.target_arch = "a5"} {
func.func @f(%gm: !pto.ptr<f32, gm>, %gmh: !pto.ptr<f16, gm>, %l1: !pto.ptr<f32, l1>, %l1h: !pto.ptr<f16, l1>, %ub: !pto.ptr<f32, ub>, %bt: !pto.ptr<f32, bt>, %bth: !pto.ptr<f16, bt>, %fb: !pto.ptr<f32, fb>, %l0a: !pto.ptr<f32, l0a>, %l0b: !pto.ptr<f32, l0b>, %l0ah: !pto.ptr<f16, l0a>, %l0bh: !pto.ptr<f16, l0b>, %l0ai: !pto.ptr<i8, l0a>, %l0bi: !pto.ptr<i8, l0b>, %l0a8: !pto.ptr<f8E4M3FN, l0a>, %l0b8: !pto.ptr<f8E4M3FN, l0b>, %l0c: !pto.ptr<f32, l0c>, %l0ch: !pto.ptr<f16, l0c>, %l0ci: !pto.ptr<i32, l0c>, %c: i64, %i: i32, %f: f32, %false: i1) {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %c32 = arith.constant 32 : i64
  // expected-error @+1 {{pto.mte_l0c_gm vector pre_quant mode qf322f16_pre_vec requires an fb pointer payload}}
  pto.mte_l0c_gm %l0c, %gmh, %c, %c, %c, %c, %c, %c, pre_quant(%f, mode = qf322f16_pre_vec), nz2nd : !pto.ptr<f32, l0c>, !pto.ptr<f16, gm>, i64, i64, i64, i64, i64, i64, f32
  func.return
}
}

// -----

module attributes {pto.target_arch = "a5"} {
func.func @f(%gm: !pto.ptr<f32, gm>, %gmh: !pto.ptr<f16, gm>, %l1: !pto.ptr<f32, l1>, %l1h: !pto.ptr<f16, l1>, %ub: !pto.ptr<f32, ub>, %bt: !pto.ptr<f32, bt>, %bth: !pto.ptr<f16, bt>, %fb: !pto.ptr<f32, fb>, %l0a: !pto.ptr<f32, l0a>, %l0b: !pto.ptr<f32, l0b>, %l0ah: !pto.ptr<f16, l0a>, %l0bh: !pto.ptr<f16, l0b>, %l0ai: !pto.ptr<i8, l0a>, %l0bi: !pto.ptr<i8, l0b>, %l0a8: !pto.ptr<f8E4M3FN, l0a>, %l0b8: !pto.ptr<f8E4M3FN, l0b>, %l0c: !pto.ptr<f32, l0c>, %l0ch: !pto.ptr<f16, l0c>, %l0ci: !pto.ptr<i32, l0c>, %c: i64, %i: i32, %f: f32, %false: i1) {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %c32 = arith.constant 32 : i64
  // expected-error @+1 {{pto.mte_l0c_gm pre_quant mode 'bogus' is not a quantisation mode}}
  pto.mte_l0c_gm %l0c, %gmh, %c, %c, %c, %c, %c, %c, pre_quant(%f, mode = bogus), nz2nd : !pto.ptr<f32, l0c>, !pto.ptr<f16, gm>, i64, i64, i64, i64, i64, i64, f32
  func.return
}
}

// -----

module attributes {pto.target_arch = "a5"} {
func.func @f(%gm: !pto.ptr<f32, gm>, %gmh: !pto.ptr<f16, gm>, %l1: !pto.ptr<f32, l1>, %l1h: !pto.ptr<f16, l1>, %ub: !pto.ptr<f32, ub>, %bt: !pto.ptr<f32, bt>, %bth: !pto.ptr<f16, bt>, %fb: !pto.ptr<f32, fb>, %l0a: !pto.ptr<f32, l0a>, %l0b: !pto.ptr<f32, l0b>, %l0ah: !pto.ptr<f16, l0a>, %l0bh: !pto.ptr<f16, l0b>, %l0ai: !pto.ptr<i8, l0a>, %l0bi: !pto.ptr<i8, l0b>, %l0a8: !pto.ptr<f8E4M3FN, l0a>, %l0b8: !pto.ptr<f8E4M3FN, l0b>, %l0c: !pto.ptr<f32, l0c>, %l0ch: !pto.ptr<f16, l0c>, %l0ci: !pto.ptr<i32, l0c>, %c: i64, %i: i32, %f: f32, %false: i1) {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %c32 = arith.constant 32 : i64
  // expected-error @+1 {{pto.mte_l0c_gm pre_quant mode qf322f16_pre_scalar writes the f16 family, not f32}}
  pto.mte_l0c_gm %l0c, %gm, %c, %c, %c, %c, %c, %c, pre_quant(%f, mode = qf322f16_pre_scalar), nz2nd : !pto.ptr<f32, l0c>, !pto.ptr<f32, gm>, i64, i64, i64, i64, i64, i64, f32
  func.return
}
}

// -----

module attributes {pto.target_arch = "a5"} {
func.func @f(%gm: !pto.ptr<f32, gm>, %gmh: !pto.ptr<f16, gm>, %l1: !pto.ptr<f32, l1>, %l1h: !pto.ptr<f16, l1>, %ub: !pto.ptr<f32, ub>, %bt: !pto.ptr<f32, bt>, %bth: !pto.ptr<f16, bt>, %fb: !pto.ptr<f32, fb>, %l0a: !pto.ptr<f32, l0a>, %l0b: !pto.ptr<f32, l0b>, %l0ah: !pto.ptr<f16, l0a>, %l0bh: !pto.ptr<f16, l0b>, %l0ai: !pto.ptr<i8, l0a>, %l0bi: !pto.ptr<i8, l0b>, %l0a8: !pto.ptr<f8E4M3FN, l0a>, %l0b8: !pto.ptr<f8E4M3FN, l0b>, %l0c: !pto.ptr<f32, l0c>, %l0ch: !pto.ptr<f16, l0c>, %l0ci: !pto.ptr<i32, l0c>, %c: i64, %i: i32, %f: f32, %false: i1) {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %c32 = arith.constant 32 : i64
  // expected-error @+1 {{pto.mte_l0c_gm normal_relu does not accept a payload}}
  pto.mte_l0c_gm %l0c, %gm, %c, %c, %c, %c, %c, %c, pre_relu(%f, mode = normal_relu), nz2nd : !pto.ptr<f32, l0c>, !pto.ptr<f32, gm>, i64, i64, i64, i64, i64, i64, f32
  func.return
}
}

// -----

module attributes {pto.target_arch = "a5"} {
func.func @f(%gm: !pto.ptr<f32, gm>, %gmh: !pto.ptr<f16, gm>, %l1: !pto.ptr<f32, l1>, %l1h: !pto.ptr<f16, l1>, %ub: !pto.ptr<f32, ub>, %bt: !pto.ptr<f32, bt>, %bth: !pto.ptr<f16, bt>, %fb: !pto.ptr<f32, fb>, %l0a: !pto.ptr<f32, l0a>, %l0b: !pto.ptr<f32, l0b>, %l0ah: !pto.ptr<f16, l0a>, %l0bh: !pto.ptr<f16, l0b>, %l0ai: !pto.ptr<i8, l0a>, %l0bi: !pto.ptr<i8, l0b>, %l0a8: !pto.ptr<f8E4M3FN, l0a>, %l0b8: !pto.ptr<f8E4M3FN, l0b>, %l0c: !pto.ptr<f32, l0c>, %l0ch: !pto.ptr<f16, l0c>, %l0ci: !pto.ptr<i32, l0c>, %c: i64, %i: i32, %f: f32, %false: i1) {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %c32 = arith.constant 32 : i64
  // expected-error @+1 {{pto.mte_l0c_gm scalar_relu requires an f16/bf16/f32 payload}}
  pto.mte_l0c_gm %l0c, %gm, %c, %c, %c, %c, %c, %c, pre_relu(mode = scalar_relu), nz2nd : !pto.ptr<f32, l0c>, !pto.ptr<f32, gm>, i64, i64, i64, i64, i64, i64
  func.return
}
}

// -----

module attributes {pto.target_arch = "a5"} {
func.func @f(%gm: !pto.ptr<f32, gm>, %gmh: !pto.ptr<f16, gm>, %l1: !pto.ptr<f32, l1>, %l1h: !pto.ptr<f16, l1>, %ub: !pto.ptr<f32, ub>, %bt: !pto.ptr<f32, bt>, %bth: !pto.ptr<f16, bt>, %fb: !pto.ptr<f32, fb>, %l0a: !pto.ptr<f32, l0a>, %l0b: !pto.ptr<f32, l0b>, %l0ah: !pto.ptr<f16, l0a>, %l0bh: !pto.ptr<f16, l0b>, %l0ai: !pto.ptr<i8, l0a>, %l0bi: !pto.ptr<i8, l0b>, %l0a8: !pto.ptr<f8E4M3FN, l0a>, %l0b8: !pto.ptr<f8E4M3FN, l0b>, %l0c: !pto.ptr<f32, l0c>, %l0ch: !pto.ptr<f16, l0c>, %l0ci: !pto.ptr<i32, l0c>, %c: i64, %i: i32, %f: f32, %false: i1) {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %c32 = arith.constant 32 : i64
  // expected-error @+1 {{pto.mte_l0c_gm vector_relu requires an fb pointer payload}}
  pto.mte_l0c_gm %l0c, %gm, %c, %c, %c, %c, %c, %c, pre_relu(%f, mode = vector_relu), nz2nd : !pto.ptr<f32, l0c>, !pto.ptr<f32, gm>, i64, i64, i64, i64, i64, i64, f32
  func.return
}
}

// -----

module attributes {pto.target_arch = "a5"} {
func.func @f(%gm: !pto.ptr<f32, gm>, %gmh: !pto.ptr<f16, gm>, %l1: !pto.ptr<f32, l1>, %l1h: !pto.ptr<f16, l1>, %ub: !pto.ptr<f32, ub>, %bt: !pto.ptr<f32, bt>, %bth: !pto.ptr<f16, bt>, %fb: !pto.ptr<f32, fb>, %l0a: !pto.ptr<f32, l0a>, %l0b: !pto.ptr<f32, l0b>, %l0ah: !pto.ptr<f16, l0a>, %l0bh: !pto.ptr<f16, l0b>, %l0ai: !pto.ptr<i8, l0a>, %l0bi: !pto.ptr<i8, l0b>, %l0a8: !pto.ptr<f8E4M3FN, l0a>, %l0b8: !pto.ptr<f8E4M3FN, l0b>, %l0c: !pto.ptr<f32, l0c>, %l0ch: !pto.ptr<f16, l0c>, %l0ci: !pto.ptr<i32, l0c>, %c: i64, %i: i32, %f: f32, %false: i1) {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %c32 = arith.constant 32 : i64
  // expected-error @+1 {{pto.mte_l0c_gm loop3 requires nz2nd or nz2dn}}
  pto.mte_l0c_gm %l0c, %gm, %c, %c, %c, %c, %c, %c, nz2nz, loop3(%c, %c, %c) : !pto.ptr<f32, l0c>, !pto.ptr<f32, gm>, i64, i64, i64, i64, i64, i64, i64, i64, i64
  func.return
}
}

// -----

module attributes {pto.target_arch = "a5"} {
func.func @f(%gm: !pto.ptr<f32, gm>, %gmh: !pto.ptr<f16, gm>, %l1: !pto.ptr<f32, l1>, %l1h: !pto.ptr<f16, l1>, %ub: !pto.ptr<f32, ub>, %bt: !pto.ptr<f32, bt>, %bth: !pto.ptr<f16, bt>, %fb: !pto.ptr<f32, fb>, %l0a: !pto.ptr<f32, l0a>, %l0b: !pto.ptr<f32, l0b>, %l0ah: !pto.ptr<f16, l0a>, %l0bh: !pto.ptr<f16, l0b>, %l0ai: !pto.ptr<i8, l0a>, %l0bi: !pto.ptr<i8, l0b>, %l0a8: !pto.ptr<f8E4M3FN, l0a>, %l0b8: !pto.ptr<f8E4M3FN, l0b>, %l0c: !pto.ptr<f32, l0c>, %l0ch: !pto.ptr<f16, l0c>, %l0ci: !pto.ptr<i32, l0c>, %c: i64, %i: i32, %f: f32, %false: i1) {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %c32 = arith.constant 32 : i64
  // expected-error @+1 {{pto.mte_l0c_gm nz2dn requires loop0_src_stride, and only nz2dn takes it}}
  pto.mte_l0c_gm %l0c, %gm, %c, %c, %c, %c, %c, %c, nz2dn : !pto.ptr<f32, l0c>, !pto.ptr<f32, gm>, i64, i64, i64, i64, i64, i64
  func.return
}
}

// -----

module attributes {pto.target_arch = "a5"} {
func.func @f(%gm: !pto.ptr<f32, gm>, %gmh: !pto.ptr<f16, gm>, %l1: !pto.ptr<f32, l1>, %l1h: !pto.ptr<f16, l1>, %ub: !pto.ptr<f32, ub>, %bt: !pto.ptr<f32, bt>, %bth: !pto.ptr<f16, bt>, %fb: !pto.ptr<f32, fb>, %l0a: !pto.ptr<f32, l0a>, %l0b: !pto.ptr<f32, l0b>, %l0ah: !pto.ptr<f16, l0a>, %l0bh: !pto.ptr<f16, l0b>, %l0ai: !pto.ptr<i8, l0a>, %l0bi: !pto.ptr<i8, l0b>, %l0a8: !pto.ptr<f8E4M3FN, l0a>, %l0b8: !pto.ptr<f8E4M3FN, l0b>, %l0c: !pto.ptr<f32, l0c>, %l0ch: !pto.ptr<f16, l0c>, %l0ci: !pto.ptr<i32, l0c>, %c: i64, %i: i32, %f: f32, %false: i1) {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %c32 = arith.constant 32 : i64
  // expected-error @+1 {{Expected 'dst_mode'}}
  pto.mte_l0c_ub %l0c, %ub, %c, %c, %c, %c, nz2nd : !pto.ptr<f32, l0c>, !pto.ptr<f32, ub>, i64, i64, i64, i64
  func.return
}
}

// -----

module attributes {pto.target_arch = "a5"} {
func.func @f(%gm: !pto.ptr<f32, gm>, %gmh: !pto.ptr<f16, gm>, %l1: !pto.ptr<f32, l1>, %l1h: !pto.ptr<f16, l1>, %ub: !pto.ptr<f32, ub>, %bt: !pto.ptr<f32, bt>, %bth: !pto.ptr<f16, bt>, %fb: !pto.ptr<f32, fb>, %l0a: !pto.ptr<f32, l0a>, %l0b: !pto.ptr<f32, l0b>, %l0ah: !pto.ptr<f16, l0a>, %l0bh: !pto.ptr<f16, l0b>, %l0ai: !pto.ptr<i8, l0a>, %l0bi: !pto.ptr<i8, l0b>, %l0a8: !pto.ptr<f8E4M3FN, l0a>, %l0b8: !pto.ptr<f8E4M3FN, l0b>, %l0c: !pto.ptr<f32, l0c>, %l0ch: !pto.ptr<f16, l0c>, %l0ci: !pto.ptr<i32, l0c>, %c: i64, %i: i32, %f: f32, %false: i1) {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %c32 = arith.constant 32 : i64
  // expected-error @+1 {{pto.mte_l0c_ub sub_blockid = 5 must lie in [0, 1]}}
  pto.mte_l0c_ub %l0c, %ub, %c, %c, %c, %c, dst_mode(%c5), nz2nd : !pto.ptr<f32, l0c>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64
  func.return
}
}

// -----

module attributes {pto.target_arch = "a5"} {
func.func @f(%gm: !pto.ptr<f32, gm>, %gmh: !pto.ptr<f16, gm>, %l1: !pto.ptr<f32, l1>, %l1h: !pto.ptr<f16, l1>, %ub: !pto.ptr<f32, ub>, %bt: !pto.ptr<f32, bt>, %bth: !pto.ptr<f16, bt>, %fb: !pto.ptr<f32, fb>, %l0a: !pto.ptr<f32, l0a>, %l0b: !pto.ptr<f32, l0b>, %l0ah: !pto.ptr<f16, l0a>, %l0bh: !pto.ptr<f16, l0b>, %l0ai: !pto.ptr<i8, l0a>, %l0bi: !pto.ptr<i8, l0b>, %l0a8: !pto.ptr<f8E4M3FN, l0a>, %l0b8: !pto.ptr<f8E4M3FN, l0b>, %l0c: !pto.ptr<f32, l0c>, %l0ch: !pto.ptr<f16, l0c>, %l0ci: !pto.ptr<i32, l0c>, %c: i64, %i: i32, %f: f32, %false: i1) {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %c32 = arith.constant 32 : i64
  // expected-error @+1 {{pto.mte_l0c_gm nz2nz requires an f32 destination}}
  pto.mte_l0c_gm %l0c, %gmh, %c, %c, %c, %c, %c, %c, nz2nz : !pto.ptr<f32, l0c>, !pto.ptr<f16, gm>, i64, i64, i64, i64, i64, i64
  func.return
}
}

// -----

// L1 raw fills: the word width, the offset, the control ranges, the canonical view
func.func @f(%l1: !pto.ptr<ui16, l1>, %c: i64, %r: i32) {
  // expected-error @+1 {{pto.raw_fill_l1 fill_word_bits must be 16 or 32, got 8}}
  pto.raw_fill_l1 %l1, %c, %r, %c, %c, %c {fill_word_bits = 8 : i64} : !pto.ptr<ui16, l1>, i64, i32, i64, i64, i64
  func.return
}

// -----

func.func @f(%l1: !pto.ptr<ui16, l1>, %c: i64, %r: i32) {
  %c16 = arith.constant 16 : i64
  // expected-error @+1 {{pto.raw_fill_l1 byte_offset 16 must be a non-negative multiple of 32}}
  pto.raw_fill_l1 %l1, %c16, %r, %c, %c, %c {fill_word_bits = 16 : i64} : !pto.ptr<ui16, l1>, i64, i32, i64, i64, i64
  func.return
}

// -----

func.func @f(%l1: !pto.ptr<ui32, l1>, %c: i64, %r: i32) {
  %big = arith.constant 32768 : i64
  // expected-error @+1 {{pto.create_cbuf_matrix block_num_32b = 32768 must lie in [0, 32767]}}
  pto.create_cbuf_matrix %l1, %r, %c, %big, %c {fill_word_bits = 32 : i64} : !pto.ptr<ui32, l1>, i32, i64, i64, i64
  func.return
}

// -----

func.func @f(%l1: !pto.ptr<f32, l1>, %c: i64, %r: i32) {
  // expected-error @+1 {{pto.create_cbuf_matrix destination must be a ui32 view for fill_word_bits = 32, got element type f32}}
  pto.create_cbuf_matrix %l1, %r, %c, %c, %c {fill_word_bits = 32 : i64} : !pto.ptr<f32, l1>, i32, i64, i64, i64
  func.return
}

// -----

func.func @f(%ub: !pto.ptr<ui16, ub>, %c: i64, %r: i32) {
  // expected-error @+1 {{pto.raw_fill_l1 destination must point to l1, got !pto.ptr<ui16, ub>}}
  pto.raw_fill_l1 %ub, %c, %r, %c, %c, %c {fill_word_bits = 16 : i64} : !pto.ptr<ui16, ub>, i64, i32, i64, i64, i64
  func.return
}

// -----

// an S4 load moves packed FP4 pairs
func.func @f(%l1: !pto.ptr<f16, l1>, %a: !pto.ptr<f16, l0a>, %c: i64) {
  // expected-error @+1 {{pto.load_cbuf_to_ca_s4 source element type must be a packed FP4 pair (f4E2M1x2 or f4E1M2x2), got f16}}
  pto.load_cbuf_to_ca_s4 %l1, %a, %c, %c, %c, %c, %c, %c, %c : !pto.ptr<f16, l1>, !pto.ptr<f16, l0a>, i64, i64, i64, i64, i64, i64, i64
  func.return
}

// -----

// an S4 load's transpose is 0 or 1
func.func @f(%l1: !pto.ptr<!pto.f4E2M1x2, l1>, %b: !pto.ptr<!pto.f4E2M1x2, l0b>, %c: i64) {
  %two = arith.constant 2 : i64
  // expected-error @+1 {{pto.load_cbuf_to_cb_s4 transpose = 2 must lie in [0, 1]}}
  pto.load_cbuf_to_cb_s4 %l1, %b, %c, %c, %c, %c, %c, %c, %two : !pto.ptr<!pto.f4E2M1x2, l1>, !pto.ptr<!pto.f4E2M1x2, l0b>, i64, i64, i64, i64, i64, i64, i64
  func.return
}

// -----

// copy_matrix_cc_to_ub reads L0C
func.func @f(%src: !pto.ptr<f32, ub>, %dst: !pto.ptr<f32, ub>) {
  %w0 = arith.constant 68720525568 : i64
  %w1 = arith.constant 16 : i64
  // expected-error @+1 {{pto.copy_matrix_cc_to_ub source must point to l0c, got !pto.ptr<f32, ub>}}
  pto.copy_matrix_cc_to_ub %src, %dst, %w0, %w1 : !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, i64, i64
  func.return
}

// -----

// copy_matrix_cc_to_ub writes UB
func.func @f(%src: !pto.ptr<f32, l0c>, %dst: !pto.ptr<f32, gm>) {
  %w0 = arith.constant 68720525568 : i64
  %w1 = arith.constant 16 : i64
  // expected-error @+1 {{pto.copy_matrix_cc_to_ub destination must point to ub, got !pto.ptr<f32>}}
  pto.copy_matrix_cc_to_ub %src, %dst, %w0, %w1 : !pto.ptr<f32, l0c>, !pto.ptr<f32, gm>, i64, i64
  func.return
}

// -----

// copy_matrix_cc_to_ub reads an f32 or i32 accumulator
func.func @f(%src: !pto.ptr<f16, l0c>, %dst: !pto.ptr<f16, ub>) {
  %w0 = arith.constant 68720525568 : i64
  %w1 = arith.constant 16 : i64
  // expected-error @+1 {{pto.copy_matrix_cc_to_ub source element type must be f32 or i32, got f16}}
  pto.copy_matrix_cc_to_ub %src, %dst, %w0, %w1 : !pto.ptr<f16, l0c>, !pto.ptr<f16, ub>, i64, i64
  func.return
}

// -----

// copy_matrix_cc_to_ub: m (config0 [16, 32)) at least 1
func.func @f(%src: !pto.ptr<f32, l0c>, %dst: !pto.ptr<f32, ub>) {
  %w0 = arith.constant 68719476992 : i64
  %w1 = arith.constant 16 : i64
  // expected-error @+1 {{pto.copy_matrix_cc_to_ub m (0) and n (16) must be at least 1}}
  pto.copy_matrix_cc_to_ub %src, %dst, %w0, %w1 : !pto.ptr<f32, l0c>, !pto.ptr<f32, ub>, i64, i64
  func.return
}

// -----

// copy_matrix_cc_to_ub: the dual-destination mode (config1 [16, 18)) 3 is reserved
func.func @f(%src: !pto.ptr<f32, l0c>, %dst: !pto.ptr<f32, ub>) {
  %w0 = arith.constant 68720525568 : i64
  %w1 = arith.constant 196624 : i64
  // expected-error @+1 {{pto.copy_matrix_cc_to_ub the dual-destination mode 3 is reserved}}
  pto.copy_matrix_cc_to_ub %src, %dst, %w0, %w1 : !pto.ptr<f32, l0c>, !pto.ptr<f32, ub>, i64, i64
  func.return
}

// -----

// copy_matrix_cc_to_ub: nz2nd (bit 43) and nz2dn (bit 62) together
func.func @f(%src: !pto.ptr<f32, l0c>, %dst: !pto.ptr<f32, ub>) {
  %w0 = arith.constant 68720525568 : i64
  %w1 = arith.constant 4611694814520410128 : i64
  // expected-error @+1 {{pto.copy_matrix_cc_to_ub nz2nd, nz2dn and channel split are exclusive}}
  pto.copy_matrix_cc_to_ub %src, %dst, %w0, %w1 : !pto.ptr<f32, l0c>, !pto.ptr<f32, ub>, i64, i64
  func.return
}

// -----

// copy_matrix_cc_to_ub: split_m of an odd m
func.func @f(%src: !pto.ptr<f32, l0c>, %dst: !pto.ptr<f32, ub>) {
  %w0 = arith.constant 68720460032 : i64
  %w1 = arith.constant 65552 : i64
  // expected-error @+1 {{pto.copy_matrix_cc_to_ub split_m needs m a multiple of 2, got 15}}
  pto.copy_matrix_cc_to_ub %src, %dst, %w0, %w1 : !pto.ptr<f32, l0c>, !pto.ptr<f32, ub>, i64, i64
  func.return
}

// -----

// copy_matrix_cc_to_ub: split_n of n = 16
func.func @f(%src: !pto.ptr<f32, l0c>, %dst: !pto.ptr<f32, ub>) {
  %w0 = arith.constant 68720525568 : i64
  %w1 = arith.constant 131088 : i64
  // expected-error @+1 {{pto.copy_matrix_cc_to_ub split_n needs n a multiple of 32, got 16}}
  pto.copy_matrix_cc_to_ub %src, %dst, %w0, %w1 : !pto.ptr<f32, l0c>, !pto.ptr<f32, ub>, i64, i64
  func.return
}

// -----

// copy_matrix_cc_to_ub's words are i64
func.func @f(%src: !pto.ptr<f32, l0c>, %dst: !pto.ptr<f32, ub>, %w: i32) {
  // expected-error @+1 {{pto.copy_matrix_cc_to_ub config0 must be i64, got i32}}
  pto.copy_matrix_cc_to_ub %src, %dst, %w, %w : !pto.ptr<f32, l0c>, !pto.ptr<f32, ub>, i32, i32
  func.return
}
