// RUN: pto-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{pto.multi_tile_buf count=1 must lie in [2, 16]}}
%mb = pto.alloc_multi_tile : !pto.multi_tile_buf<vec, 16x16xf16, count=1>

// -----

// expected-error @+1 {{pto.multi_tile_buf count=17 must lie in [2, 16]}}
%mb = pto.alloc_multi_tile : !pto.multi_tile_buf<vec, 16x16xf16, count=17>

// -----

%c2 = arith.constant 2 : index
// expected-error @+1 {{pto.alloc_multi_tile needs a valid_row operand: the slot type has v_row=?}}
%mb = pto.alloc_multi_tile valid_col = %c2 : !pto.multi_tile_buf<vec, 16x16xf16, valid=?x?, count=2>

// -----

%c2 = arith.constant 2 : index
// expected-error @+1 {{pto.alloc_multi_tile takes a valid_col operand only when the slot type has v_col=?, got v_col=16}}
%mb = pto.alloc_multi_tile valid_col = %c2 : !pto.multi_tile_buf<vec, 16x16xf16, count=2>

// -----

builtin.module attributes {pto.target_arch = "a2a3"} {
  // expected-error @+1 {{pto.alloc_multi_tile 2 slots of 131072 bytes exceed the 196608-byte loc=vec buffer of target a2a3}}
  %mb = pto.alloc_multi_tile : !pto.multi_tile_buf<vec, 256x128xf32, count=2>
}

// -----

%c2 = arith.constant 2 : index
%mb = pto.alloc_multi_tile : !pto.multi_tile_buf<vec, 16x16xf16, count=2>
// expected-error @+1 {{pto.multi_tile_get slot 2 must lie in [0, 2)}}
%t = pto.multi_tile_get %mb[%c2] : !pto.multi_tile_buf<vec, 16x16xf16, count=2> -> !pto.tile_buf<vec, 16x16xf16>

// -----

%c0 = arith.constant 0 : index
%mb = pto.alloc_multi_tile : !pto.multi_tile_buf<vec, 16x16xf16, count=2>
// expected-error-re @+1 {{pto.multi_tile_get result type {{.*}}dtype=f32{{.*}} must be the slot type {{.*}}dtype=f16{{.*}} of the source}}
%t = pto.multi_tile_get %mb[%c0] : !pto.multi_tile_buf<vec, 16x16xf16, count=2> -> !pto.tile_buf<vec, 16x16xf32>

// -----

builtin.module attributes {pto.target_arch = "a2a3"} {
  // expected-error @+1 {{pto.alloc_multi_tile placement=bmu needs the A5 buffer management unit, target is a2a3}}
  %mb = pto.alloc_multi_tile : !pto.multi_tile_buf<vec, 16x16xf16, count=2, placement=bmu>
}
