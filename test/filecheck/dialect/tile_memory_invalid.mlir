// RUN: pto-opt %s --split-input-file --verify-diagnostics

// shape operands match the view rank
func.func @case0(%p: !pto.ptr<f32>, %a: index) {
  // expected-error @+1 {{pto.make_tensor_view has 1 shape operand(s) but the view rank is 2}}
  %tv = pto.make_tensor_view %p, shape = [%a], strides = [%a, %a] : !pto.tensor_view<?x?xf32>
  func.return
}

// -----

// stride operands match the view rank
func.func @case1(%p: !pto.ptr<f32>, %a: index) {
  // expected-error @+1 {{pto.make_tensor_view has 3 strides operand(s) but the view rank is 2}}
  %tv = pto.make_tensor_view %p, shape = [%a, %a], strides = [%a, %a, %a] : !pto.tensor_view<?x?xf32>
  func.return
}

// -----

// the typed pointer and the view share the element type
func.func @case2(%p: !pto.ptr<f16>, %a: index) {
  // expected-error @+1 {{pto.make_tensor_view ptr element type f16 must equal the view element type f32}}
  %tv = "pto.make_tensor_view"(%p, %a, %a, %a, %a) <{operandSegmentSizes = array<i32: 1, 2, 2>}> : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf32>
  func.return
}

// -----

// a tensor view describes GM
func.func @case3(%p: !pto.ptr<f32, ub>, %a: index) {
  // expected-error @+1 {{pto.make_tensor_view ptr must point to gm, got ub}}
  %tv = "pto.make_tensor_view"(%p, %a, %a, %a, %a) <{operandSegmentSizes = array<i32: 1, 2, 2>}> : (!pto.ptr<f32, ub>, index, index, index, index) -> !pto.tensor_view<?x?xf32>
  func.return
}

// -----

// offsets match the source rank
func.func @case4(%tv: !pto.tensor_view<?x?xf32>, %a: index) {
  // expected-error @+1 {{pto.partition_view has 1 offsets operand(s) but the source rank is 2}}
  %pv = pto.partition_view %tv, offsets = [%a], sizes = [%a, %a] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
  func.return
}

// -----

// sizes match the source rank
func.func @case5(%tv: !pto.tensor_view<?x?xf32>, %a: index) {
  // expected-error @+1 {{pto.partition_view has 3 sizes operand(s) but the source rank is 2}}
  %pv = pto.partition_view %tv, offsets = [%a, %a], sizes = [%a, %a, %a] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
  func.return
}

// -----

// the result has the source rank
func.func @case6(%tv: !pto.tensor_view<?x?xf32>, %a: index) {
  // expected-error @+1 {{pto.partition_view result rank 1 must equal the source rank 2}}
  %pv = pto.partition_view %tv, offsets = [%a, %a], sizes = [%a, %a] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16xf32>
  func.return
}

// -----

// the result has the source element type
func.func @case7(%tv: !pto.tensor_view<?x?xf32>, %a: index) {
  // expected-error @+1 {{pto.partition_view result element type f16 must equal the source element type f32}}
  %pv = pto.partition_view %tv, offsets = [%a, %a], sizes = [%a, %a] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf16>
  func.return
}

// -----

// a window lies within its source
func.func @case8(%tv: !pto.tensor_view<8x64xf32>, %a: index) {
  // expected-error @+1 {{pto.partition_view result dim 0 (16) exceeds the source dim (8)}}
  %pv = pto.partition_view %tv, offsets = [%a, %a], sizes = [%a, %a] : !pto.tensor_view<8x64xf32> -> !pto.partition_tensor_view<16x16xf32>
  func.return
}

// -----

// constant sizes agree with the result type
func.func @case9(%tv: !pto.tensor_view<?x?xf32>, %a: index) {
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  // expected-error @+1 {{pto.partition_view sizes[1] is the constant 32 but the result dim 1 is 16}}
  %pv = pto.partition_view %tv, offsets = [%a, %a], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
  func.return
}

// -----

// v_row=? needs a valid_row operand
func.func @case10(%a: index) {
  // expected-error @+1 {{pto.alloc_tile needs a valid_row operand: the type has v_row=?}}
  %t = pto.alloc_tile valid_col = %a : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=?, v_col=?>
  func.return
}

// -----

// a static v_col takes no valid_col operand
func.func @case11(%a: index) {
  // expected-error @+1 {{pto.alloc_tile takes a valid_col operand only when the type has v_col=?, got v_col=16}}
  %t = pto.alloc_tile valid_row = %a valid_col = %a : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=?>
  func.return
}

// -----

// a tile fits its buffer: 224 KiB fit the A5 UB, not the 192 KiB A2/A3 UB
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @case12() {
    // expected-error @+1 {{pto.alloc_tile tile of 229376 bytes exceeds the 196608-byte loc=vec buffer of target a2a3}}
    %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=224, cols=256>
    func.return
  }
}

// -----

// tload reads a partition view
func.func @case13(%tv: !pto.tensor_view<16x16xf32>) {
  // expected-error @+1 {{pto.tload src must be a !pto.partition_tensor_view, got !pto.tensor_view<16x16xf32>}}
  %x = pto.tload %tv : !pto.tensor_view<16x16xf32> -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
  func.return
}

// -----

// tload writes Vec or Mat tiles only
func.func @case14(%pv: !pto.partition_tensor_view<16x16xf16>) {
  // expected-error @+1 {{pto.tload dst must be in loc=vec or loc=mat, got loc=left}}
  %x = pto.tload %pv : !pto.partition_tensor_view<16x16xf16> -> !pto.tile<loc=left, dtype=f16, rows=16, cols=16, blayout=col_major, slayout=row_major>
  func.return
}

// -----

// A2A3 tload element types: no fp8
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @case15(%pv: !pto.partition_tensor_view<16x32xi8>) {
    // expected-error @+1 {{pto.tload dst dtype f8E4M3FN is not supported on target a2a3 (supported: bf16, f16, f32, i16, i32, i64, i8, ui16, ui32, ui64, ui8)}}
    %x = pto.tload %pv : !pto.partition_tensor_view<16x32xi8> -> !pto.tile<loc=vec, dtype=f8E4M3FN, rows=16, cols=32>
    func.return
  }
}

// -----

// sizeof(tile dtype) == sizeof(GM dtype)
func.func @case16(%pv: !pto.partition_tensor_view<16x16xf32>) {
  // expected-error @+1 {{pto.tload dst element size 2 bytes (f16) must equal the src element size 4 bytes (f32)}}
  %x = pto.tload %pv : !pto.partition_tensor_view<16x16xf32> -> !pto.tile<loc=vec, dtype=f16, rows=16, cols=16>
  func.return
}

// -----

// the tile's storage holds the window tload copies
func.func @case17(%pv: !pto.partition_tensor_view<32x32xf32>) {
  // expected-error @+1 {{pto.tload dst tile 16x16 cannot hold the partition view 32x32: to a row-major tile it is a 32x32 window (rows 32 > 16)}}
  %x = pto.tload %pv : !pto.partition_tensor_view<32x32xf32> -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
  func.return
}

// -----

// tstore writes as many elements as the partition view holds
func.func @case17b(%t: !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=16, v_col=32>, %pv: !pto.partition_tensor_view<32x32xf32>) {
  // expected-error @+1 {{pto.tstore src valid region 16x32 (512 elements) must hold the 1024 elements of the partition view 32x32}}
  pto.tstore ins(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=16, v_col=32>) outs(%pv : !pto.partition_tensor_view<32x32xf32>)
  func.return
}

// -----

// tstore reads Vec, Mat or Acc tiles
func.func @case18(%t: !pto.tile<loc=left, dtype=f16, rows=16, cols=16, blayout=col_major, slayout=row_major>, %pv: !pto.partition_tensor_view<16x16xf16>) {
  // expected-error @+1 {{pto.tstore src must be in loc=vec or loc=mat or loc=acc, got loc=left}}
  pto.tstore %t, %pv : !pto.tile<loc=left, dtype=f16, rows=16, cols=16, blayout=col_major, slayout=row_major>, !pto.partition_tensor_view<16x16xf16>
  func.return
}

// -----

// A5 has no store from Mat
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @case19(%t: !pto.tile<loc=mat, dtype=f16, rows=16, cols=16>, %pv: !pto.partition_tensor_view<16x16xf16>) {
    // expected-error @+1 {{pto.tstore from loc=mat is not supported on target a5}}
    pto.tstore %t, %pv : !pto.tile<loc=mat, dtype=f16, rows=16, cols=16>, !pto.partition_tensor_view<16x16xf16>
    func.return
  }
}

// -----

// an Acc tile holds int32 or float
func.func @case20(%t: !pto.tile<loc=acc, dtype=f16, rows=16, cols=16, blayout=col_major, slayout=row_major>, %pv: !pto.partition_tensor_view<16x16xf16>) {
  // expected-error @+1 {{pto.tstore src dtype f16 is not supported from loc=acc on target cpu (supported: f32, i32)}}
  pto.tstore %t, %pv : !pto.tile<loc=acc, dtype=f16, rows=16, cols=16, blayout=col_major, slayout=row_major>, !pto.partition_tensor_view<16x16xf16>
  func.return
}

// -----

// Acc -> GM without quantisation: pto-isa's CheckAcc2gm<false> output types
func.func @case21(%t: !pto.tile<loc=acc, dtype=i32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>, %pv: !pto.partition_tensor_view<16x16xi8>) {
  // expected-error @+1 {{pto.tstore dst element type i8 cannot be stored from an i32 accumulator (legal: bf16, f16, f32, i32)}}
  pto.tstore %t, %pv : !pto.tile<loc=acc, dtype=i32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>, !pto.partition_tensor_view<16x16xi8>
  func.return
}

// -----

// Acc static shape: 1 <= Cols <= 4095
func.func @case22(%t: !pto.tile<loc=acc, dtype=f32, rows=16, cols=4096, blayout=col_major, slayout=row_major, fractal=1024>, %pv: !pto.partition_tensor_view<16x4096xf32>) {
  // expected-error @+1 {{pto.tstore acc src cols 4096 must lie in [1, 4095]}}
  pto.tstore %t, %pv : !pto.tile<loc=acc, dtype=f32, rows=16, cols=4096, blayout=col_major, slayout=row_major, fractal=1024>, !pto.partition_tensor_view<16x4096xf32>
  func.return
}

// -----

// Vec stores keep the element size
func.func @case23(%t: !pto.tile<loc=vec, dtype=f16, rows=16, cols=16>, %pv: !pto.partition_tensor_view<16x16xf32>) {
  // expected-error @+1 {{pto.tstore src element size 2 bytes (f16) must equal the dst element size 4 bytes (f32)}}
  pto.tstore %t, %pv : !pto.tile<loc=vec, dtype=f16, rows=16, cols=16>, !pto.partition_tensor_view<16x16xf32>
  func.return
}

// -----

// SSA form stores a !pto.tile
func.func @case24(%t: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %pv: !pto.partition_tensor_view<16x16xf32>) {
  // expected-error @+1 {{pto.tstore in SSA form takes a !pto.tile, not a !pto.tile_buf}}
  pto.tstore %t, %pv : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, !pto.partition_tensor_view<16x16xf32>
  func.return
}

// -----

// DPS form stores a !pto.tile_buf
func.func @case25(%t: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, %pv: !pto.partition_tensor_view<16x16xf32>) {
  // expected-error @+1 {{pto.tstore in DPS form takes a !pto.tile_buf, not a !pto.tile}}
  pto.tstore ins(%t : !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) outs(%pv : !pto.partition_tensor_view<16x16xf32>)
  func.return
}

// -----

// a tile and a view (and an fp tile: corpus_ops_invalid.mlir)
func.func @case26(%t: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %pv: !pto.partition_tensor_view<16x16xf32>) {
  // expected-error @+1 {{pto.tstore takes a tile and a partition view: `ins(%t : T) outs(%v : V)` (DPS) or `%t, %v : T, V` (SSA)}}
  "pto.tstore"(%t, %pv, %pv, %pv) <{operandSegmentSizes = array<i32: 3, 1>}> : (!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, !pto.partition_tensor_view<16x16xf32>, !pto.partition_tensor_view<16x16xf32>, !pto.partition_tensor_view<16x16xf32>) -> ()
  func.return
}

// -----

// tstore has no result
func.func @case27(%t: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, %pv: !pto.partition_tensor_view<16x16xf32>) {
  // expected-error @+1 {{pto.tstore has no result}}
  %r = "pto.tstore"(%t, %pv) <{operandSegmentSizes = array<i32: 2, 0>}> : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, !pto.partition_tensor_view<16x16xf32>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
  func.return
}

// -----

// legal location pairs
func.func @case28(%t: !pto.tile<loc=left, dtype=f16, rows=16, cols=16, blayout=col_major, slayout=row_major>) {
  // expected-error @+1 {{pto.tmov from loc=left to loc=vec is not a legal move (legal: mat->left, mat->right, mat->bias, mat->scaling, vec->vec, vec->mat, acc->mat, acc->vec)}}
  %x = pto.tmov %t : !pto.tile<loc=left, dtype=f16, rows=16, cols=16, blayout=col_major, slayout=row_major> -> !pto.tile<loc=vec, dtype=f16, rows=16, cols=16>
  func.return
}

// -----

// A2A3 has no Acc -> Vec move
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @case29(%t: !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>) {
    // expected-error @+1 {{pto.tmov from loc=acc to loc=vec is not supported on target a2a3}}
    %x = pto.tmov %t : !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024> -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
    func.return
  }
}

// -----

// Mat -> Left element types (CommonCheck)
func.func @case30(%t: !pto.tile<loc=mat, dtype=i32, rows=16, cols=16, blayout=col_major, slayout=row_major>) {
  // expected-error @+1 {{pto.tmov src dtype i32 is not supported for mat->left moves on target cpu (supported: bf16, f16, f32, f8E4M3FN, f8E5M2, i8)}}
  %x = pto.tmov %t : !pto.tile<loc=mat, dtype=i32, rows=16, cols=16, blayout=col_major, slayout=row_major> -> !pto.tile<loc=left, dtype=i32, rows=16, cols=16, blayout=col_major, slayout=row_major>
  func.return
}

// -----

// src dtype == dst dtype
func.func @case31(%t: !pto.tile<loc=mat, dtype=f16, rows=16, cols=16, blayout=col_major, slayout=row_major>) {
  // expected-error @+1 {{pto.tmov dst dtype f32 must equal the src dtype f16}}
  %x = pto.tmov %t : !pto.tile<loc=mat, dtype=f16, rows=16, cols=16, blayout=col_major, slayout=row_major> -> !pto.tile<loc=left, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major>
  func.return
}

// -----

// Mat -> Bias pairs: half -> float
func.func @case32(%t: !pto.tile<loc=mat, dtype=f16, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tmov dst dtype f16 is not a legal result of moving f16 mat->bias (legal: f32)}}
  %x = pto.tmov %t : !pto.tile<loc=mat, dtype=f16, rows=1, cols=32> -> !pto.tile<loc=bias, dtype=f16, rows=1, cols=32>
  func.return
}

// -----

// Acc -> Vec conversions of a float accumulator
func.func @case33(%t: !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>) {
  // expected-error @+1 {{pto.tmov dst dtype i32 is not a legal result of moving f32 acc->vec (legal: bf16, f16, f32)}}
  %x = pto.tmov %t : !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024> -> !pto.tile<loc=vec, dtype=i32, rows=16, cols=16>
  func.return
}

// -----

// Src Rows/Cols == Dst Rows/Cols
func.func @case34(%t: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) {
  // expected-error @+1 {{pto.tmov dst shape 16x32 must equal the src shape 16x16}}
  %x = pto.tmov %t : !pto.tile<loc=vec, dtype=f32, rows=16, cols=16> -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>
  func.return
}

// -----

// Mat -> Bias: a single source row
func.func @case35(%t: !pto.tile<loc=mat, dtype=f32, rows=2, cols=16>) {
  // expected-error @+1 {{pto.tmov src of a mat->bias move must be a single row, got rows=2}}
  %x = pto.tmov %t : !pto.tile<loc=mat, dtype=f32, rows=2, cols=16> -> !pto.tile<loc=bias, dtype=f32, rows=2, cols=16>
  func.return
}

// -----

// Mat -> Bias: Cols * sizeof aligned to 64 bytes
func.func @case36(%t: !pto.tile<loc=mat, dtype=f16, rows=1, cols=16>) {
  // expected-error @+1 {{pto.tmov src row of a mat->bias move is 32 bytes, which must be a multiple of 64}}
  %x = pto.tmov %t : !pto.tile<loc=mat, dtype=f16, rows=1, cols=16> -> !pto.tile<loc=bias, dtype=f32, rows=1, cols=16>
  func.return
}

// -----

// Mat -> Scaling: Cols * sizeof aligned to 128 bytes
func.func @case37(%t: !pto.tile<loc=mat, dtype=ui64, rows=1, cols=8>) {
  // expected-error @+1 {{pto.tmov src row of a mat->scaling move is 64 bytes, which must be a multiple of 128}}
  %x = pto.tmov %t : !pto.tile<loc=mat, dtype=ui64, rows=1, cols=8> -> !pto.tile<loc=scaling, dtype=ui64, rows=1, cols=8>
  func.return
}

// -----

// Mat -> Left source layouts (CommonCheck)
func.func @case38(%t: !pto.tile<loc=mat, dtype=f16, rows=16, cols=16, blayout=col_major>) {
  // expected-error @+1 {{pto.tmov src layout blayout=col_major, slayout=none_box cannot feed loc=left: a col_major tile needs row_major boxes}}
  %x = pto.tmov %t : !pto.tile<loc=mat, dtype=f16, rows=16, cols=16, blayout=col_major> -> !pto.tile<loc=left, dtype=f16, rows=16, cols=16, blayout=col_major, slayout=row_major>
  func.return
}

// -----

// GM windows have 1 to 5 dimensions (GlobalTensor's Shape<B, H, W, R, C>)
func.func @rank6(%pv: !pto.partition_tensor_view<1x1x1x1x16x16xf32>) {
  // expected-error @+1 {{pto.tload dst partition view of rank 6: global tensors have 1 to 5 dimensions}}
  %x = pto.tload %pv : !pto.partition_tensor_view<1x1x1x1x16x16xf32> -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
  func.return
}

// -----

// a row-major tile flattens the leading dimensions into rows: 2x16x8 is a 32x8 window
func.func @nd_window(%pv: !pto.partition_tensor_view<2x16x8xf32>) {
  // expected-error @+1 {{pto.tload dst valid region 16x16 does not fit the partition view 2x16x8: to a row-major tile it is a 32x8 window (cols 8 < 16)}}
  %x = pto.tload %pv : !pto.partition_tensor_view<2x16x8xf32> -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
  func.return
}

// -----

// a col-major tile flattens them into columns: 2x8x16 is an 8x32 window
func.func @dn_window(%t: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, blayout=col_major>, %pv: !pto.partition_tensor_view<2x8x16xf32>) {
  // expected-error @+1 {{pto.tstore src valid region 16x16 does not fit the partition view 2x8x16: to a col-major tile it is a 8x32 window (rows 8 < 16)}}
  pto.tstore %t, %pv : !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, blayout=col_major>, !pto.partition_tensor_view<2x8x16xf32>
  func.return
}

// -----

// a boxed tile meets an N-D view as NZ (S0..S4): rows S2 x S3, cols S0 x S1 x S4
func.func @boxed_nd(%pv: !pto.partition_tensor_view<2x8x16xf16>) {
  // expected-error @+1 {{pto.tload dst valid region 32x16 does not fit the partition view 2x8x16: to a boxed tile it is a 16x16 window (rows 16 < 32)}}
  %x = pto.tload %pv : !pto.partition_tensor_view<2x8x16xf16> -> !pto.tile<loc=mat, dtype=f16, rows=32, cols=16, blayout=col_major, slayout=row_major>
  func.return
}

// -----

// an Acc store to ND is 2-D to 2-D (pto-isa TStoreAccNz2nd)
func.func @acc_nd(%t: !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>, %pv: !pto.partition_tensor_view<2x8x16xf32>) {
  // expected-error @+1 {{pto.tstore src is a boxed tile, which moves to or from a 2-D window, but the partition view 2x8x16 has a leading dimension other than 1}}
  pto.tstore %t, %pv : !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>, !pto.partition_tensor_view<2x8x16xf32>
  func.return
}

// -----

// A5 E8M0 MX scales: a mat -> scaling move keeps A's (ZZ) or B's (NN) scale boxes
module attributes {pto.target_arch = "a5"} {
func.func @case_mx_move(%t: !pto.tile<loc=mat, dtype=!pto.f8E8M0, rows=1, cols=32, blayout=row_major, slayout=row_major, fractal=32>) {
  // expected-error @+1 {{pto.tmov dst of an MX scale move needs the boxes of A's (row_major/row_major) or B's (col_major/col_major) scales, as src}}
  %x = pto.tmov %t : !pto.tile<loc=mat, dtype=!pto.f8E8M0, rows=1, cols=32, blayout=row_major, slayout=row_major, fractal=32> -> !pto.tile<loc=scaling, dtype=!pto.f8E8M0, rows=1, cols=32>
  func.return
}
}

// -----

// A5 tload of E8M0 scales fills a mat tile of MX scale boxes
module attributes {pto.target_arch = "a5"} {
func.func @case_mx_load(%pv: !pto.partition_tensor_view<1x32x!pto.f8E8M0>) {
  // expected-error @+1 {{pto.tload dst of E8M0 scales must be a mat tile of MX scale boxes (row_major/row_major or col_major/col_major, fractal=32)}}
  %t = pto.tload %pv : !pto.partition_tensor_view<1x32x!pto.f8E8M0> -> !pto.tile<loc=mat, dtype=!pto.f8E8M0, rows=1, cols=32>
  func.return
}
}
