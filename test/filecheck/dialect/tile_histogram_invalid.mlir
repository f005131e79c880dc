// RUN: pto-opt %s --split-input-file --verify-diagnostics

// no A2/A3 implementation
module attributes {pto.target_arch = "a2a3"} {
func.func @case0(%s: !pto.tile<loc=vec, dtype=ui16, rows=4, cols=64>, %i: !pto.tile<loc=vec, dtype=ui8, rows=32, cols=1, blayout=col_major>) {
  // expected-error @+1 {{pto.thistogram src dtype ui16 is not supported on target a2a3 (supported: none)}}
  %x = pto.thistogram %s, %i : (!pto.tile<loc=vec, dtype=ui16, rows=4, cols=64>, !pto.tile<loc=vec, dtype=ui8, rows=32, cols=1, blayout=col_major>) -> !pto.tile<loc=vec, dtype=ui32, rows=4, cols=256>
  func.return
}
}

// -----

// src is uint16_t or uint32_t
func.func @case1(%s: !pto.tile<loc=vec, dtype=i16, rows=4, cols=64>, %i: !pto.tile<loc=vec, dtype=ui8, rows=32, cols=1, blayout=col_major>) {
  // expected-error @+1 {{pto.thistogram src dtype i16 is not supported on target cpu (supported: ui16, ui32)}}
  %x = pto.thistogram %s, %i : (!pto.tile<loc=vec, dtype=i16, rows=4, cols=64>, !pto.tile<loc=vec, dtype=ui8, rows=32, cols=1, blayout=col_major>) -> !pto.tile<loc=vec, dtype=ui32, rows=4, cols=256>
  func.return
}

// -----

// dst is uint32_t
func.func @case2(%s: !pto.tile<loc=vec, dtype=ui16, rows=4, cols=64>, %i: !pto.tile<loc=vec, dtype=ui8, rows=32, cols=1, blayout=col_major>) {
  // expected-error @+1 {{pto.thistogram dst dtype i32 must be ui32 (uint32_t)}}
  %x = pto.thistogram %s, %i : (!pto.tile<loc=vec, dtype=ui16, rows=4, cols=64>, !pto.tile<loc=vec, dtype=ui8, rows=32, cols=1, blayout=col_major>) -> !pto.tile<loc=vec, dtype=i32, rows=4, cols=256>
  func.return
}

// -----

// idx is uint8_t
func.func @case3(%s: !pto.tile<loc=vec, dtype=ui16, rows=4, cols=64>, %i: !pto.tile<loc=vec, dtype=i8, rows=32, cols=1, blayout=col_major>) {
  // expected-error @+1 {{pto.thistogram idx dtype i8 must be ui8 (uint8_t)}}
  %x = pto.thistogram %s, %i : (!pto.tile<loc=vec, dtype=ui16, rows=4, cols=64>, !pto.tile<loc=vec, dtype=i8, rows=32, cols=1, blayout=col_major>) -> !pto.tile<loc=vec, dtype=ui32, rows=4, cols=256>
  func.return
}

// -----

// uint16: BYTE_0 or BYTE_1
func.func @case4(%s: !pto.tile<loc=vec, dtype=ui16, rows=4, cols=64>, %i: !pto.tile<loc=vec, dtype=ui8, rows=32, cols=1, blayout=col_major>) {
  // expected-error @+1 {{pto.thistogram byte of a ui16 source must be 0 or 1, got 2}}
  %x = pto.thistogram %s, %i {byte = 2 : i32} : (!pto.tile<loc=vec, dtype=ui16, rows=4, cols=64>, !pto.tile<loc=vec, dtype=ui8, rows=32, cols=1, blayout=col_major>) -> !pto.tile<loc=vec, dtype=ui32, rows=4, cols=256>
  func.return
}

// -----

// row-major src
module attributes {pto.target_arch = "a5"} {
func.func @case5(%s: !pto.tile<loc=vec, dtype=ui16, rows=16, cols=4, blayout=col_major>, %i: !pto.tile<loc=vec, dtype=ui8, rows=32, cols=1, blayout=col_major>) {
  // expected-error @+1 {{pto.thistogram src must be row-major}}
  %x = pto.thistogram %s, %i : (!pto.tile<loc=vec, dtype=ui16, rows=16, cols=4, blayout=col_major>, !pto.tile<loc=vec, dtype=ui8, rows=32, cols=1, blayout=col_major>) -> !pto.tile<loc=vec, dtype=ui32, rows=4, cols=256>
  func.return
}
}

// -----

// at least 256 bins
func.func @case6(%s: !pto.tile<loc=vec, dtype=ui16, rows=4, cols=64>, %i: !pto.tile<loc=vec, dtype=ui8, rows=32, cols=1, blayout=col_major>) {
  // expected-error @+1 {{pto.thistogram dst must have at least 256 columns on target cpu (one per bin), got 128}}
  %x = pto.thistogram %s, %i : (!pto.tile<loc=vec, dtype=ui16, rows=4, cols=64>, !pto.tile<loc=vec, dtype=ui8, rows=32, cols=1, blayout=col_major>) -> !pto.tile<loc=vec, dtype=ui32, rows=4, cols=128>
  func.return
}

// -----

// A5 stores rows 256 elements apart
module attributes {pto.target_arch = "a5"} {
func.func @case7(%s: !pto.tile<loc=vec, dtype=ui16, rows=4, cols=64>, %i: !pto.tile<loc=vec, dtype=ui8, rows=32, cols=1, blayout=col_major>) {
  // expected-error @+1 {{pto.thistogram dst must have exactly 256 columns on target a5 (one per bin), got 264}}
  %x = pto.thistogram %s, %i : (!pto.tile<loc=vec, dtype=ui16, rows=4, cols=64>, !pto.tile<loc=vec, dtype=ui8, rows=32, cols=1, blayout=col_major>) -> !pto.tile<loc=vec, dtype=ui32, rows=4, cols=264>
  func.return
}
}

// -----

// A5 uint16 idx: DN, one column
module attributes {pto.target_arch = "a5"} {
func.func @case8(%s: !pto.tile<loc=vec, dtype=ui16, rows=4, cols=64>, %i: !pto.tile<loc=vec, dtype=ui8, rows=4, cols=32>) {
  // expected-error @+1 {{pto.thistogram idx of a ui16 source must be a DN tile of one column on target a5}}
  %x = pto.thistogram %s, %i : (!pto.tile<loc=vec, dtype=ui16, rows=4, cols=64>, !pto.tile<loc=vec, dtype=ui8, rows=4, cols=32>) -> !pto.tile<loc=vec, dtype=ui32, rows=4, cols=256>
  func.return
}
}

// -----

// dst holds every src row
func.func @case9(%s: !pto.tile<loc=vec, dtype=ui16, rows=4, cols=64>, %i: !pto.tile<loc=vec, dtype=ui8, rows=32, cols=1, blayout=col_major>) {
  // expected-error @+1 {{pto.thistogram dst valid rows 2 must hold the src valid rows 4}}
  %x = pto.thistogram %s, %i : (!pto.tile<loc=vec, dtype=ui16, rows=4, cols=64>, !pto.tile<loc=vec, dtype=ui8, rows=32, cols=1, blayout=col_major>) -> !pto.tile<loc=vec, dtype=ui32, rows=4, cols=256, v_row=2, v_col=256>
  func.return
}

// -----

// loc=vec
func.func @case10(%s: !pto.tile<loc=mat, dtype=ui16, rows=16, cols=64>, %i: !pto.tile<loc=vec, dtype=ui8, rows=32, cols=1, blayout=col_major>) {
  // expected-error @+1 {{pto.thistogram src must be in loc=vec, got loc=mat}}
  %x = pto.thistogram %s, %i : (!pto.tile<loc=mat, dtype=ui16, rows=16, cols=64>, !pto.tile<loc=vec, dtype=ui8, rows=32, cols=1, blayout=col_major>) -> !pto.tile<loc=vec, dtype=ui32, rows=4, cols=256>
  func.return
}
