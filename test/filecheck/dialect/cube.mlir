// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// The cube chapter's micro-ops in the manual's and PTOAS's board-tested spellings: GM -> L1
// (plain and fractal), L1 -> L0A/L0B/UB/BT/FB, the mad family and the fixpipe stores from L0C.

module attributes {pto.target_arch = "a5"} {
// GM -> L1 and L1 -> L0A/L0B/UB, with PTOAS's raw load_cbuf_to_ca/cb.
// CHECK-LABEL: func.func @loads
// CHECK:         pto.mte_gm_l1 %gm, %l1, %c32 nburst(%c1, %c0, %c0) : !pto.ptr<f16>, !pto.ptr<f16, l1>, i64, i64, i64, i64
// CHECK-NEXT:    pto.copy_gm_to_cbuf %gm, %l1, %c16, %c16, %c0, %c0 : !pto.ptr<f16>, !pto.ptr<f16, l1>, i64, i64, i64, i64
// CHECK-NEXT:    pto.mte_gm_l1_frac %gm, %l1, nd2nz, shape(%c16, %c32), src_layout(%c32), dst_group(%c1, %c1, %c16, %c0), ctrl(%c0, %false) : !pto.ptr<f16>, !pto.ptr<f16, l1>, nd2nz, shape i64, i64, src_layout(i64), dst_group i64, i64, i64, i64, ctrl i64, i1
// CHECK-NEXT:    pto.mte_l1_ub %l1, %ub, %c32 nburst(%c1, %c0, %c0) : !pto.ptr<f16, l1>, !pto.ptr<f16, ub>, i64, i64, i64, i64
// CHECK-NEXT:    pto.mte_l1_l0a %l1, %l0a, %c16, %c32, %c0, %c0 : !pto.ptr<f16, l1>, !pto.ptr<f16, l0a>, i64, i64, i64, i64
// CHECK-NEXT:    pto.mte_l1_l0b %l1, %l0b, %c32, %c16, %c0, %c0 {transpose = true} : !pto.ptr<f16, l1>, !pto.ptr<f16, l0b>, i64, i64, i64, i64
// CHECK-NEXT:    pto.load_cbuf_to_ca %l1, %l0a, %c0, %c0, %c1, %c1, %c1, %c1 : !pto.ptr<f16, l1>, !pto.ptr<f16, l0a>, i64, i64, i64, i64, i64, i64
// CHECK-NEXT:    pto.load_cbuf_to_cb %l1, %l0b, %c0, %c0, %c1, %c1, %c1, %c1 : !pto.ptr<f16, l1>, !pto.ptr<f16, l0b>, i64, i64, i64, i64, i64, i64
// GENERIC: "pto.mte_gm_l1"(%gm, %l1, %c32, %c1, %c0, %c0) <{operandSegmentSizes = array<i32: 1, 1, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0>}>
// GENERIC: "pto.copy_gm_to_cbuf"(%gm, %l1, %c16, %c16, %c0, %c0)
// GENERIC: "pto.mte_gm_l1_frac"(%gm, %l1, %c16, %c32, %c32, %c1, %c1, %c16, %c0, %c0, %false) <{mode = "nd2nz", operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1>}>
// GENERIC: "pto.mte_l1_ub"(%l1, %ub, %c32, %c1, %c0, %c0) <{operandSegmentSizes = array<i32: 1, 1, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0>}>
// GENERIC: "pto.mte_l1_l0a"(%l1, %l0a, %c16, %c32, %c0, %c0) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0>}>
// GENERIC: "pto.mte_l1_l0b"(%l1, %l0b, %c32, %c16, %c0, %c0) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0>}> {transpose = true}
// GENERIC: "pto.load_cbuf_to_ca"(%l1, %l0a, %c0, %c0, %c1, %c1, %c1, %c1)
// GENERIC: "pto.load_cbuf_to_cb"(%l1, %l0b, %c0, %c0, %c1, %c1, %c1, %c1)
func.func @loads(%gm: !pto.ptr<f16, gm>, %l1: !pto.ptr<f16, l1>, %ub: !pto.ptr<f16, ub>, %l0a: !pto.ptr<f16, l0a>, %l0b: !pto.ptr<f16, l0b>, %false: i1) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c16 = arith.constant 16 : i64
  %c32 = arith.constant 32 : i64
  pto.mte_gm_l1 %gm, %l1, %c32 nburst(%c1, %c0, %c0) : !pto.ptr<f16, gm>, !pto.ptr<f16, l1>, i64, i64, i64, i64
  pto.copy_gm_to_cbuf %gm, %l1, %c16, %c16, %c0, %c0 : !pto.ptr<f16, gm>, !pto.ptr<f16, l1>, i64, i64, i64, i64
  pto.mte_gm_l1_frac %gm, %l1, nd2nz, shape(%c16, %c32), src_layout(%c32), dst_group(%c1, %c1, %c16, %c0), ctrl(%c0, %false)
    : !pto.ptr<f16, gm>, !pto.ptr<f16, l1>, nd2nz, shape i64, i64, src_layout(i64), dst_group i64, i64, i64, i64, ctrl i64, i1
  pto.mte_l1_ub %l1, %ub, %c32 nburst(%c1, %c0, %c0) : !pto.ptr<f16, l1>, !pto.ptr<f16, ub>, i64, i64, i64, i64
  pto.mte_l1_l0a %l1, %l0a, %c16, %c32, %c0, %c0 : !pto.ptr<f16, l1>, !pto.ptr<f16, l0a>, i64, i64, i64, i64
  pto.mte_l1_l0b %l1, %l0b, %c32, %c16, %c0, %c0 {transpose = true} : !pto.ptr<f16, l1>, !pto.ptr<f16, l0b>, i64, i64, i64, i64
  pto.load_cbuf_to_ca %l1, %l0a, %c0, %c0, %c1, %c1, %c1, %c1 : !pto.ptr<f16, l1>, !pto.ptr<f16, l0a>, i64, i64, i64, i64, i64, i64
  pto.load_cbuf_to_cb %l1, %l0b, %c0, %c0, %c1, %c1, %c1, %c1 : !pto.ptr<f16, l1>, !pto.ptr<f16, l0b>, i64, i64, i64, i64, i64, i64
  func.return
}

// The MX scale loads and the MX mad family.
// CHECK-LABEL: func.func @mx
// CHECK:         pto.mte_l1_l0a_mx %l1, %l0a, %c16, %c64, %c0, %c0 : !pto.ptr<f8E4M3FN, l1>, !pto.ptr<f8E4M3FN, l0a>, i64, i64, i64, i64
// CHECK-NEXT:    pto.mte_l1_l0b_mx %l1, %l0b, %c64, %c16, %c0, %c0 : !pto.ptr<f8E4M3FN, l1>, !pto.ptr<f8E4M3FN, l0b>, i64, i64, i64, i64
// CHECK-NEXT:    pto.mad_mx %l0a, %l0b, %l0c, %c16, %c16, %c64 unit_flag(check_only) disable_gemv sat : !pto.ptr<f8E4M3FN, l0a>, !pto.ptr<f8E4M3FN, l0b>, !pto.ptr<f32, l0c>, i64, i64, i64
// CHECK-NEXT:    pto.mad_mx_acc %l0a, %l0b, %l0c, %c16, %c16, %c64 unit_flag(check_and_set) disable_gemv nosat : !pto.ptr<f8E4M3FN, l0a>, !pto.ptr<f8E4M3FN, l0b>, !pto.ptr<f32, l0c>, i64, i64, i64
// CHECK-NEXT:    pto.mad_mx_bias %l0a, %l0b, %l0c, %bt, %c16, %c16, %c64 unit_flag(check_and_set) disable_gemv nosat : !pto.ptr<f8E4M3FN, l0a>, !pto.ptr<f8E4M3FN, l0b>, !pto.ptr<f32, l0c>, !pto.ptr<f32, bt>, i64, i64, i64
// GENERIC: "pto.mte_l1_l0a_mx"(%l1, %l0a, %c16, %c64, %c0, %c0) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0>}>
// GENERIC: "pto.mte_l1_l0b_mx"(%l1, %l0b, %c64, %c16, %c0, %c0) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0>}>
// GENERIC: "pto.mad_mx"(%l0a, %l0b, %l0c, %c16, %c16, %c64) {unit_flag_mode = "check_only", disable_gemv, sat_mode = "sat"}
// GENERIC: "pto.mad_mx_acc"(%l0a, %l0b, %l0c, %c16, %c16, %c64) {unit_flag_mode = "check_and_set", disable_gemv, sat_mode = "nosat"}
// GENERIC: "pto.mad_mx_bias"(%l0a, %l0b, %l0c, %bt, %c16, %c16, %c64) {unit_flag_mode = "check_and_set", disable_gemv, sat_mode = "nosat"}
func.func @mx(%l1: !pto.ptr<f8E4M3FN, l1>, %l0a: !pto.ptr<f8E4M3FN, l0a>, %l0b: !pto.ptr<f8E4M3FN, l0b>, %l0c: !pto.ptr<f32, l0c>, %bt: !pto.ptr<f32, bt>) {
  %c0 = arith.constant 0 : i64
  %c16 = arith.constant 16 : i64
  %c64 = arith.constant 64 : i64
  pto.mte_l1_l0a_mx %l1, %l0a, %c16, %c64, %c0, %c0 : !pto.ptr<f8E4M3FN, l1>, !pto.ptr<f8E4M3FN, l0a>, i64, i64, i64, i64
  pto.mte_l1_l0b_mx %l1, %l0b, %c64, %c16, %c0, %c0 : !pto.ptr<f8E4M3FN, l1>, !pto.ptr<f8E4M3FN, l0b>, i64, i64, i64, i64
  pto.mad_mx %l0a, %l0b, %l0c, %c16, %c16, %c64 unit_flag(check_only) disable_gemv sat : !pto.ptr<f8E4M3FN, l0a>, !pto.ptr<f8E4M3FN, l0b>, !pto.ptr<f32, l0c>, i64, i64, i64
  pto.mad_mx_acc %l0a, %l0b, %l0c, %c16, %c16, %c64 unit_flag(check_and_set) disable_gemv nosat : !pto.ptr<f8E4M3FN, l0a>, !pto.ptr<f8E4M3FN, l0b>, !pto.ptr<f32, l0c>, i64, i64, i64
  pto.mad_mx_bias %l0a, %l0b, %l0c, %bt, %c16, %c16, %c64 unit_flag(check_and_set) disable_gemv nosat : !pto.ptr<f8E4M3FN, l0a>, !pto.ptr<f8E4M3FN, l0b>, !pto.ptr<f32, l0c>, !pto.ptr<f32, bt>, i64, i64, i64
  func.return
}

// Bias-table and fixpipe-buffer loads; the mad family.
// CHECK-LABEL: func.func @mad
// CHECK:         pto.mte_l1_bt %l1, %bt, %c16 nburst(%c1, %c0, %c0) : !pto.ptr<f16, l1>, !pto.ptr<f32, bt>, i64, i64, i64, i64
// CHECK-NEXT:    pto.mte_l1_fb %l1q, %fb, %c8 nburst(%c1, %c0, %c0) : !pto.ptr<ui64, l1>, !pto.ptr<f32, fb>, i64, i64, i64, i64
// CHECK-NEXT:    pto.mad %l0a, %l0b, %l0c, %c16, %c16, %c16 : !pto.ptr<f16, l0a>, !pto.ptr<f16, l0b>, !pto.ptr<f32, l0c>, i64, i64, i64
// CHECK-NEXT:    pto.mad_acc %l0a, %l0b, %l0c, %c16, %c16, %c16 unit_flag(check_and_set) disable_gemv n_dir : !pto.ptr<f16, l0a>, !pto.ptr<f16, l0b>, !pto.ptr<f32, l0c>, i64, i64, i64
// CHECK-NEXT:    pto.mad_bias %l0a, %l0b, %l0c, %bt, %c16, %c16, %c16 unit_flag(check_only) disable_gemv n_dir : !pto.ptr<f16, l0a>, !pto.ptr<f16, l0b>, !pto.ptr<f32, l0c>, !pto.ptr<f32, bt>, i64, i64, i64
// GENERIC: "pto.mte_l1_bt"(%l1, %bt, %c1, %c16, %c0, %c0)
// GENERIC: "pto.mte_l1_fb"(%l1q, %fb, %c1, %c8, %c0, %c0)
// GENERIC: "pto.mad"(%l0a, %l0b, %l0c, %c16, %c16, %c16)
// GENERIC: "pto.mad_acc"(%l0a, %l0b, %l0c, %c16, %c16, %c16) {unit_flag_mode = "check_and_set", disable_gemv, n_dir}
// GENERIC: "pto.mad_bias"(%l0a, %l0b, %l0c, %bt, %c16, %c16, %c16) {unit_flag_mode = "check_only", disable_gemv, n_dir}
func.func @mad(%l0a: !pto.ptr<f16, l0a>, %l0b: !pto.ptr<f16, l0b>, %l0c: !pto.ptr<f32, l0c>, %bt: !pto.ptr<f32, bt>, %l1: !pto.ptr<f16, l1>, %l1q: !pto.ptr<ui64, l1>, %fb: !pto.ptr<f32, fb>) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c8 = arith.constant 8 : i64
  %c16 = arith.constant 16 : i64
  pto.mte_l1_bt %l1, %bt, %c16 nburst(%c1, %c0, %c0) : !pto.ptr<f16, l1>, !pto.ptr<f32, bt>, i64, i64, i64, i64
  pto.mte_l1_fb %l1q, %fb, %c8 nburst(%c1, %c0, %c0) : !pto.ptr<ui64, l1>, !pto.ptr<f32, fb>, i64, i64, i64, i64
  pto.mad %l0a, %l0b, %l0c, %c16, %c16, %c16 : !pto.ptr<f16, l0a>, !pto.ptr<f16, l0b>, !pto.ptr<f32, l0c>, i64, i64, i64
  pto.mad_acc %l0a, %l0b, %l0c, %c16, %c16, %c16 unit_flag(check_and_set) disable_gemv n_dir : !pto.ptr<f16, l0a>, !pto.ptr<f16, l0b>, !pto.ptr<f32, l0c>, i64, i64, i64
  pto.mad_bias %l0a, %l0b, %l0c, %bt, %c16, %c16, %c16 unit_flag(check_only) disable_gemv n_dir : !pto.ptr<f16, l0a>, !pto.ptr<f16, l0b>, !pto.ptr<f32, l0c>, !pto.ptr<f32, bt>, i64, i64, i64
  func.return
}

// Fixpipe stores: NZ->ND, vector and scalar quantisation, ReLU with clip, loop3.
// CHECK-LABEL: func.func @stores
// CHECK:         pto.mte_l0c_gm %l0c, %gm32, %c16, %c16, %c16, %c16, %c0, %c0, nz2nd : !pto.ptr<f32, l0c>, !pto.ptr<f32>, i64, i64, i64, i64, i64, i64
// CHECK-NEXT:    pto.mte_l0c_gm %l0c, %gm, %c16, %c16, %c16, %c16, %c0, %c0, pre_quant(%fb, mode = qf322f16_pre_vec), nz2nd, loop3(%c1, %c256, %c256) : !pto.ptr<f32, l0c>, !pto.ptr<f16>, i64, i64, i64, i64, i64, i64, !pto.ptr<f32, fb>, i64, i64, i64
// CHECK-NEXT:    pto.mte_l0c_l1 %l0c, %l1, %c16, %c16, %c16, %c16, pre_quant(%fb, mode = qf322f16_pre_vec), pre_relu(mode = no_relu, clip = %clip), nz2nd, loop3(%c1, %c256, %c256) : !pto.ptr<f32, l0c>, !pto.ptr<f16, l1>, i64, i64, i64, i64, !pto.ptr<f32, fb>, f16, i64, i64, i64
// CHECK-NEXT:    pto.mte_l0c_ub %l0c, %ub, %c16, %c16, %c16, %c16, dst_mode(%c0), pre_quant(%one, mode = qf322f16_pre_scalar), pre_relu(%alpha, mode = scalar_relu, clip = %clip), nz2nd, loop3(%c1, %c256, %c256) : !pto.ptr<f32, l0c>, !pto.ptr<f16, ub>, i64, i64, i64, i64, i64, f32, f32, f16, i64, i64, i64
// GENERIC: "pto.mte_l0c_gm"(%l0c, %gm32, %c16, %c16, %c16, %c16, %c0, %c0) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0>}> {mode = "nz2nd"}
// GENERIC: "pto.mte_l0c_gm"(%l0c, %gm, %c16, %c16, %c16, %c16, %c0, %c0, %fb, %c1, %c256, %c256) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 0, 0, 0, 0, 1, 1, 1>}> {pre_quant_mode = "qf322f16_pre_vec", mode = "nz2nd"}
// GENERIC: "pto.mte_l0c_l1"(%l0c, %l1, %c16, %c16, %c16, %c16, %fb, %clip, %c1, %c256, %c256) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 0, 1, 0, 0, 1, 1, 1>}> {pre_quant_mode = "qf322f16_pre_vec", pre_relu_mode = "no_relu", mode = "nz2nd"}
// GENERIC: "pto.mte_l0c_ub"(%l0c, %ub, %c16, %c16, %c16, %c16, %c0, %one, %alpha, %clip, %c1, %c256, %c256) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 0, 0, 1, 1, 1>}> {dst_mode = "single", pre_quant_mode = "qf322f16_pre_scalar", pre_relu_mode = "scalar_relu", mode = "nz2nd"}
func.func @stores(%l0c: !pto.ptr<f32, l0c>, %gm: !pto.ptr<f16, gm>, %gm32: !pto.ptr<f32, gm>, %ub: !pto.ptr<f16, ub>, %l1: !pto.ptr<f16, l1>, %fb: !pto.ptr<f32, fb>, %clip: f16, %alpha: f32, %one: f32) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c16 = arith.constant 16 : i64
  %c256 = arith.constant 256 : i64
  pto.mte_l0c_gm %l0c, %gm32, %c16, %c16, %c16, %c16, %c0, %c0, nz2nd : !pto.ptr<f32, l0c>, !pto.ptr<f32, gm>, i64, i64, i64, i64, i64, i64
  pto.mte_l0c_gm %l0c, %gm, %c16, %c16, %c16, %c16, %c0, %c0, pre_quant(%fb, mode = qf322f16_pre_vec), nz2nd, loop3(%c1, %c256, %c256)
    : !pto.ptr<f32, l0c>, !pto.ptr<f16, gm>, i64, i64, i64, i64, i64, i64, !pto.ptr<f32, fb>, i64, i64, i64
  pto.mte_l0c_l1 %l0c, %l1, %c16, %c16, %c16, %c16, pre_quant(%fb, mode = qf322f16_pre_vec), pre_relu(mode = no_relu, clip = %clip), nz2nd, loop3(%c1, %c256, %c256)
    : !pto.ptr<f32, l0c>, !pto.ptr<f16, l1>, i64, i64, i64, i64, !pto.ptr<f32, fb>, f16, i64, i64, i64
  pto.mte_l0c_ub %l0c, %ub, %c16, %c16, %c16, %c16, dst_mode(%c0), pre_quant(%one, mode = qf322f16_pre_scalar), pre_relu(%alpha, mode = scalar_relu, clip = %clip), nz2nd, loop3(%c1, %c256, %c256)
    : !pto.ptr<f32, l0c>, !pto.ptr<f16, ub>, i64, i64, i64, i64, i64, f32, f32, f16, i64, i64, i64
  func.return
}
}


// MX scale loads from an e8m0 scale buffer into an fp8 operand's scales (PTOAS's spelling)
// CHECK-LABEL: func.func @mx_scales_e8m0
// CHECK: pto.mte_l1_l0a_mx %s, %a, %c, %c, %c, %c : !pto.ptr<!pto.f8E8M0, l1>, !pto.ptr<f8E4M3FN, l0a>, i64, i64, i64, i64
// GENERIC: "pto.mte_l1_l0a_mx"(%s, %a, %c, %c, %c, %c)
module attributes {pto.target_arch = "a5"} {
func.func @mx_scales_e8m0(%s: !pto.ptr<!pto.f8E8M0, l1>, %a: !pto.ptr<f8E4M3FN, l0a>, %c: i64) {
  pto.mte_l1_l0a_mx %s, %a, %c, %c, %c, %c : !pto.ptr<!pto.f8E8M0, l1>, !pto.ptr<f8E4M3FN, l0a>, i64, i64, i64, i64
  func.return
}
}

// L1 raw fills (PTOAS)
// CHECK-LABEL: func.func @l1_fills
// CHECK: pto.raw_fill_l1 %l1, %c, %r, %c, %c, %c {fill_word_bits = 16 : i64} : !pto.ptr<bf16, l1>, i64, i32, i64, i64, i64
// CHECK-NEXT: pto.create_cbuf_matrix %w, %r, %c, %c, %c {fill_word_bits = 32 : i64} : !pto.ptr<ui32, l1>, i32, i64, i64, i64
// GENERIC: "pto.raw_fill_l1"(%l1, %c, %r, %c, %c, %c) <{fill_word_bits = 16 : i64}>
// GENERIC: "pto.create_cbuf_matrix"(%w, %r, %c, %c, %c) <{fill_word_bits = 32 : i64}>
func.func @l1_fills(%l1: !pto.ptr<bf16, mat>, %w: !pto.ptr<ui32, l1>, %c: i64, %r: i32) {
  pto.raw_fill_l1 %l1, %c, %r, %c, %c, %c {fill_word_bits = 16 : i64} : !pto.ptr<bf16, mat>, i64, i32, i64, i64, i64
  pto.create_cbuf_matrix %w, %r, %c, %c, %c {fill_word_bits = 32 : i64} : !pto.ptr<ui32, l1>, i32, i64, i64, i64
  func.return
}

// PTOAS's raw L1 -> fixpipe-buffer copy (the form its mte_l1_fb expands to)
// CHECK-LABEL: func.func @copy_cbuf_to_fbuf
// CHECK: pto.copy_cbuf_to_fbuf %l1, %fb, %c, %c, %c, %c : !pto.ptr<ui64, l1>, !pto.ptr<ui64, fb>, i64, i64, i64, i64
// GENERIC: "pto.copy_cbuf_to_fbuf"(%l1, %fb, %c, %c, %c, %c)
func.func @copy_cbuf_to_fbuf(%l1: !pto.ptr<ui64, l1>, %fb: !pto.ptr<ui64, fb>, %c: i64) {
  pto.copy_cbuf_to_fbuf %l1, %fb, %c, %c, %c, %c : !pto.ptr<ui64, l1>, !pto.ptr<ui64, fb>, i64, i64, i64, i64
  func.return
}

// Packed FP4 raw loads (PTOAS's load_cbuf_to_ca_s4 / cb_s4: transpose an i64 operand), and
// memref buffers as the pointers they stand for (PTO_BufferLikeType).
// CHECK-LABEL: func.func @s4_loads
// CHECK: pto.load_cbuf_to_ca_s4 %l1, %a, %c0, %c1, %c1, %c1, %c1, %c1, %c0 : !pto.ptr<!pto.f4E2M1x2, l1>, !pto.ptr<!pto.f4E2M1x2, l0a>, i64, i64, i64, i64, i64, i64, i64
// CHECK-NEXT: pto.load_cbuf_to_cb_s4 %l1, %b, %c0, %c1, %c1, %c1, %c1, %c1, %c1 : !pto.ptr<!pto.f4E2M1x2, l1>, !pto.ptr<!pto.f4E2M1x2, l0b>, i64, i64, i64, i64, i64, i64, i64
// CHECK-NEXT: pto.mte_l1_l0a %m, %ma, %c1, %c1 : memref<?xf16, #pto.address_space<mat>>, memref<?xf16, #pto.address_space<left>>, i64, i64
// GENERIC: "pto.load_cbuf_to_ca_s4"(%l1, %a, %c0, %c1, %c1, %c1, %c1, %c1, %c0)
// GENERIC: "pto.load_cbuf_to_cb_s4"(%l1, %b, %c0, %c1, %c1, %c1, %c1, %c1, %c1)
module attributes {pto.target_arch = "a5"} {
func.func @s4_loads(%l1: !pto.ptr<!pto.f4E2M1x2, l1>, %a: !pto.ptr<!pto.f4E2M1x2, l0a>, %b: !pto.ptr<!pto.f4E2M1x2, l0b>, %m: memref<?xf16, #pto.address_space<mat>>, %ma: memref<?xf16, #pto.address_space<left>>, %c0: i64, %c1: i64) {
  pto.load_cbuf_to_ca_s4 %l1, %a, %c0, %c1, %c1, %c1, %c1, %c1, %c0 : !pto.ptr<!pto.f4E2M1x2, l1>, !pto.ptr<!pto.f4E2M1x2, l0a>, i64, i64, i64, i64, i64, i64, i64
  pto.load_cbuf_to_cb_s4 %l1, %b, %c0, %c1, %c1, %c1, %c1, %c1, %c1 : !pto.ptr<!pto.f4E2M1x2, l1>, !pto.ptr<!pto.f4E2M1x2, l0b>, i64, i64, i64, i64, i64, i64, i64
  pto.mte_l1_l0a %m, %ma, %c1, %c1 : memref<?xf16, #pto.address_space<mat>>, memref<?xf16, #pto.address_space<left>>, i64, i64
  func.return
}
}

// PTOAS's packed-word fixpipe copy L0C -> UB (m = n = 16, dst_stride 16; src_stride 16)
// CHECK-LABEL: func.func @copy_matrix_cc_to_ub
// CHECK: pto.copy_matrix_cc_to_ub %src, %dst, %w0, %w1 : !pto.ptr<f32, l0c>, !pto.ptr<f32, ub>, i64, i64
// GENERIC: "pto.copy_matrix_cc_to_ub"(%src, %dst, %w0, %w1) : (!pto.ptr<f32, l0c>, !pto.ptr<f32, ub>, i64, i64) -> ()
module attributes {pto.target_arch = "a5"} {
func.func @copy_matrix_cc_to_ub(%src: !pto.ptr<f32, l0c>, %dst: !pto.ptr<f32, ub>) {
  %w0 = arith.constant 68720525568 : i64
  %w1 = arith.constant 16 : i64
  pto.copy_matrix_cc_to_ub %src, %dst, %w0, %w1 : !pto.ptr<f32, l0c>, !pto.ptr<f32, ub>, i64, i64
  func.return
}
}
