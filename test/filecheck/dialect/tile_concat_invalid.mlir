// RUN: pto-opt %s --split-input-file --verify-diagnostics

// every tile in loc=vec
func.func @case0(%a: !pto.tile_buf<loc=mat, dtype=f32, rows=8, cols=16>, %b: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16>, %c: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=32>) {
  // expected-error @+1 {{pto.tconcat src0 must be in loc=vec, got loc=mat}}
  pto.tconcat ins(%a, %b : !pto.tile_buf<loc=mat, dtype=f32, rows=8, cols=16>, !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16>) outs(%c : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=32>)
  func.return
}

// -----

// row-major tiles
func.func @case1(%a: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16>, %b: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16>, %c: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=32, blayout=col_major>) {
  // expected-error @+1 {{pto.tconcat dst must be row-major (blayout=row_major), got blayout=col_major}}
  pto.tconcat ins(%a, %b : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16>, !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16>) outs(%c : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=32, blayout=col_major>)
  func.return
}

// -----

// one element type
func.func @case2(%a: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16>, %b: !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=32>, %c: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=32>) {
  // expected-error @+1 {{pto.tconcat src1 dtype i32 must equal the dst dtype f32}}
  pto.tconcat ins(%a, %b : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16>, !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=32>) outs(%c : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=32>)
  func.return
}

// -----

// the page's element types
func.func @case3(%a: !pto.tile_buf<loc=vec, dtype=i64, rows=8, cols=16>, %b: !pto.tile_buf<loc=vec, dtype=i64, rows=8, cols=16>, %c: !pto.tile_buf<loc=vec, dtype=i64, rows=8, cols=32>) {
  // expected-error @+1 {{pto.tconcat dtype i64 is not supported on target cpu}}
  pto.tconcat ins(%a, %b : !pto.tile_buf<loc=vec, dtype=i64, rows=8, cols=16>, !pto.tile_buf<loc=vec, dtype=i64, rows=8, cols=16>) outs(%c : !pto.tile_buf<loc=vec, dtype=i64, rows=8, cols=32>)
  func.return
}

// -----

// one valid row count
func.func @case4(%a: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=4>, %b: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16>, %c: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=32>) {
  // expected-error @+1 {{pto.tconcat valid rows src0 4, src1 8, dst 8 must be equal}}
  pto.tconcat ins(%a, %b : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=4>, !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16>) outs(%c : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=32>)
  func.return
}

// -----

// dst's valid columns are the sum
func.func @case5(%a: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_col=8>, %b: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16>, %c: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=32>) {
  // expected-error @+1 {{pto.tconcat dst valid cols 32 must be src0's 8 plus src1's 16}}
  pto.tconcat ins(%a, %b : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_col=8>, !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16>) outs(%c : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=32>)
  func.return
}

// -----

// the sources fit in dst
func.func @case6(%a: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16>, %b: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16>, %c: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_col=?>) {
  // expected-error @+1 {{pto.tconcat src0's 16 and src1's 16 valid cols exceed dst's 16 cols}}
  pto.tconcat ins(%a, %b : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16>, !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16>) outs(%c : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_col=?>)
  func.return
}

// -----

// an SSA result has a static valid shape
func.func @case7(%a: !pto.tile<loc=vec, dtype=f32, rows=8, cols=16>) {
  // expected-error @+1 {{pto.tconcat in SSA form needs a static valid shape}}
  %r = pto.tconcat %a, %a : (!pto.tile<loc=vec, dtype=f32, rows=8, cols=16>, !pto.tile<loc=vec, dtype=f32, rows=8, cols=16>) -> !pto.tile<loc=vec, dtype=f32, rows=8, cols=32, v_col=?>
  func.return
}

// -----

!d = !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
!h = !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=64>
!n = !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=8, v_row=8, v_col=1>

// tconcatidx: one data type
func.func @idx_dtype(%a: !d, %h: !h, %i: !n) {
  // expected-error @+1 {{pto.tconcatidx src1 dtype f16 must equal the dst dtype f32}}
  pto.tconcatidx ins(%a, %h, %i, %i : !d, !h, !n, !n) outs(%a : !d)
  func.return
}

// -----

!d = !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
!n = !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=8, v_row=8, v_col=1>
!u = !pto.tile_buf<loc=vec, dtype=ui32, rows=8, cols=8, v_row=8, v_col=1>

// tconcatidx: one index type
func.func @idx_index_types(%a: !d, %i: !n, %u: !u) {
  // expected-error @+1 {{pto.tconcatidx src1Idx dtype ui32 must equal the src0Idx dtype i32}}
  pto.tconcatidx ins(%a, %a, %i, %u : !d, !d, !n, !u) outs(%a : !d)
  func.return
}

// -----

!d = !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
!n = !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=8, v_col=1>

// tconcatidx: integer index tiles (TConcatIdxCheck)
func.func @idx_index_dtype(%a: !d, %i: !n) {
  // expected-error @+1 {{pto.tconcatidx src0Idx dtype f32 is not supported on target cpu (supported: i16, i32, i8, ui16, ui32, ui8)}}
  pto.tconcatidx ins(%a, %a, %i, %i : !d, !d, !n, !n) outs(%a : !d)
  func.return
}

// -----

!d = !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
!n = !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=8, v_row=4, v_col=1>

// tconcatidx: one valid row count
func.func @idx_rows(%a: !d, %i: !n) {
  // expected-error @+1 {{pto.tconcatidx src0Idx valid rows 4 must equal the dst valid rows 8}}
  pto.tconcatidx ins(%a, %a, %i, %i : !d, !d, !n, !n) outs(%a : !d)
  func.return
}

// -----

!d = !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
!n = !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=8, v_row=8, v_col=0>

// tconcatidx: the count is column 0
func.func @idx_cols(%a: !d, %i: !n) {
  // expected-error @+1 {{pto.tconcatidx src0Idx needs a valid column (the count is column 0)}}
  pto.tconcatidx ins(%a, %a, %i, %i : !d, !d, !n, !n) outs(%a : !d)
  func.return
}

// -----

!a = !pto.tile<loc=vec, dtype=f32, rows=8, cols=64>
!n = !pto.tile<loc=vec, dtype=i32, rows=8, cols=8, v_row=8, v_col=1>

// tconcatidx: DPS only
func.func @idx_ssa(%a: !a, %i: !n) {
  // expected-error @+1 {{pto.tconcatidx leaves the columns a row does not fill as they were: use the DPS form (outs(%dst))}}
  %0 = pto.tconcatidx %a, %a, %i, %i : (!a, !a, !n, !n) -> !a
  func.return
}
