// RUN: pto-opt %s --split-input-file --verify-diagnostics

// a typed pointer
func.func @case0(%p: !pto.ptr, %c: index) {
  // expected-error @+1 {{pto.load_scalar needs a typed pointer such as !pto.ptr<f32>}}
  %x = pto.load_scalar %p[%c] : !pto.ptr -> i32
  func.return
}

// -----

// the result is the pointer's element type
func.func @case1(%p: !pto.ptr<i32>, %c: index) {
  // expected-error @+1 {{pto.load_scalar result type f32 must equal the pointer's element type i32}}
  %x = pto.load_scalar %p[%c] : !pto.ptr<i32> -> f32
  func.return
}

// -----

// the stored value is the pointer's element type
func.func @case2(%p: !pto.ptr<i32>, %c: index, %f: f32) {
  // expected-error @+1 {{pto.store_scalar value type f32 must equal the pointer's element type i32}}
  pto.store_scalar %f, %p[%c] : !pto.ptr<i32>, f32
  func.return
}

// -----

// cacheinvalid: GM only
func.func @case3() {
  // expected-error @+1 {{pto.cmo.cacheinvalid invalidates the GM data cache, not vec}}
  pto.cmo.cacheinvalid all #pto.address_space<vec>
  func.return
}

// -----

// cacheinvalid: a GM address
func.func @case4(%p: !pto.ptr<f32, ub>) {
  // expected-error @+1 {{pto.cmo.cacheinvalid address type !pto.ptr<f32, ub> must be a GM !pto.ptr or a tensor view}}
  pto.cmo.cacheinvalid %p single_cache_line : !pto.ptr<f32, ub>
  func.return
}

// -----

// local arrays: an index per dimension
func.func @case5(%c: index) {
  %a = pto.declare_local_array -> !pto.local_array<2x8xi32>
  // expected-error @+1 {{pto.local_array_get needs 2 indices for !pto.local_array<2x8xi32>, got 1}}
  %y = pto.local_array_get %a[%c] : !pto.local_array<2x8xi32> -> i32
  func.return
}

// -----

// local arrays: the element type
func.func @case6(%c: index, %f: f32) {
  %a = pto.declare_local_array -> !pto.local_array<8xi32>
  // expected-error @+1 {{pto.local_array_set scalar type f32 must equal the array's element type i32}}
  pto.local_array_set %a[%c], %f : !pto.local_array<8xi32>, f32
  func.return
}

// -----

// set_validshape: a dynamic valid shape
func.func @case7(%t: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>, %c: index) {
  // expected-error @+1 {{pto.set_validshape needs a tile with a dynamic valid shape (v_row=?, v_col=?), got !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=8, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>}}
  pto.set_validshape %t, %c, %c : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
  func.return
}

// -----

// set_validshape: constants within the shape
func.func @case8(%t: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=?, v_col=?>, %c: index) {
  %c9 = arith.constant 9 : index
  // expected-error @+1 {{pto.set_validshape valid_col 9 must be in [0, 8]}}
  pto.set_validshape %t, %c, %c9 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=?, v_col=?>
  func.return
}

// -----

// tensor-view queries: a dimension of the view
func.func @case9(%tv: !pto.tensor_view<?x?xf32>) {
  %c2 = arith.constant 2 : index
  // expected-error @+1 {{pto.get_tensor_view_dim dimension 2 must be in [0, 2) for !pto.tensor_view<?x?xf32>}}
  %n = pto.get_tensor_view_dim %tv, %c2 : !pto.tensor_view<?x?xf32> -> index
  func.return
}

// -----

// addresses: a typed pointer or a memref
func.func @case10(%t: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) {
  // expected-error @+1 {{pto.tile_buf_addr result i64 must be a typed !pto.ptr or a memref}}
  %q = pto.tile_buf_addr %t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8> -> i64
  func.return
}

// -----

// addresses: the tile's memory
func.func @case11(%t: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) {
  // expected-error @+1 {{pto.tile_buf_addr result !pto.ptr<f32> must point into ub}}
  %q = pto.tile_buf_addr %t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8> -> !pto.ptr<f32>
  func.return
}

// -----

// addresses: the element type
func.func @case12(%tv: !pto.tensor_view<?x?xf32>) {
  // expected-error @+1 {{pto.tensor_view_addr result !pto.ptr<f16> must have the source's element type f32}}
  %g = pto.tensor_view_addr %tv : !pto.tensor_view<?x?xf32> -> !pto.ptr<f16>
  func.return
}

// -----

// addresses of memrefs (PTOAS after its view lowering): the element type kept
func.func @case12a(%m: memref<4x8xf32, #pto.address_space<gm>>) {
  // expected-error @+1 {{pto.tensor_view_addr memref result element type must match the source's}}
  %g = pto.tensor_view_addr %m : memref<4x8xf32, #pto.address_space<gm>> -> memref<4x8xf16, #pto.address_space<gm>>
  func.return
}

// -----

// addresses of memrefs: the rank kept
func.func @case12b(%m: memref<4x8xf32, #pto.address_space<vec>>) {
  // expected-error @+1 {{pto.tile_buf_addr memref result rank must match the source's (2)}}
  %g = pto.tile_buf_addr %m : memref<4x8xf32, #pto.address_space<vec>> -> memref<32xf32, #pto.address_space<vec>>
  func.return
}

// -----

// addresses of memrefs: the memory kept
func.func @case12c(%m: memref<4x8xf32, #pto.address_space<vec>>) {
  // expected-error @+1 {{pto.tile_buf_addr memref result must stay in ub}}
  %g = pto.tile_buf_addr %m : memref<4x8xf32, #pto.address_space<vec>> -> memref<4x8xf32, #pto.address_space<mat>>
  func.return
}

// -----

// addresses of memrefs: a tile's memref is in a tile location
func.func @case12d(%m: memref<4x8xf32, #pto.address_space<gm>>) {
  // expected-error @+1 {{pto.tile_buf_addr memref source must be in a tile location, got memref<4x8xf32, #pto.address_space<gm>>}}
  %g = pto.tile_buf_addr %m : memref<4x8xf32, #pto.address_space<gm>> -> !pto.ptr<f32, gm>
  func.return
}

// -----

// addresses of memrefs: a view's memref is in GM
func.func @case12e(%m: memref<4x8xf32, #pto.address_space<vec>>) {
  // expected-error @+1 {{pto.tensor_view_addr memref source must stay in gm memory space}}
  %g = pto.tensor_view_addr %m : memref<4x8xf32, #pto.address_space<vec>> -> !pto.ptr<f32, gm>
  func.return
}

// -----

// tsetval/tgetval: a vec tile
func.func @case13(%t: !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major>, %c: index) {
  // expected-error @+1 {{pto.tgetval needs a loc=vec tile (the scalar unit reads and writes UB), got loc=mat}}
  %e = pto.tgetval ins(%t, %c : !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major>, index) outs : f32
  func.return
}

// -----

// tsetval/tgetval: the element type
func.func @case14(%t: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>, %c: index, %h: f16) {
  // expected-error @+1 {{pto.tsetval scalar type f16 must equal the tile's element type f32}}
  pto.tsetval ins(%c, %h : index, f16) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>)
  func.return
}

// -----

// tsetval/tgetval: an offset within the tile
func.func @case15(%t: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) {
  %c64 = arith.constant 64 : index
  // expected-error @+1 {{pto.tgetval offset 64 must be in [0, 64)}}
  %e = pto.tgetval ins(%t, %c64 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>, index) outs : f32
  func.return
}

// -----

// ttrans: vec tiles
func.func @case16(%s: !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major>, %d: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) {
  // expected-error @+1 {{pto.ttrans src must be in loc=vec, got loc=mat}}
  pto.ttrans ins(%s : !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>)
  func.return
}

// -----

// ttrans: a row-major ND source
func.func @case17(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, blayout=col_major>, %d: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) {
  // expected-error @+1 {{pto.ttrans src must be row-major with slayout=none_box}}
  pto.ttrans ins(%s : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, blayout=col_major>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>)
  func.return
}

// -----

// ttrans: 1-, 2- or 4-byte elements
func.func @case18(%s: !pto.tile_buf<loc=vec, dtype=i64, rows=8, cols=8>, %d: !pto.tile_buf<loc=vec, dtype=i64, rows=8, cols=8>) {
  // expected-error @+1 {{pto.ttrans dtype i64 is not supported on target cpu}}
  pto.ttrans ins(%s : !pto.tile_buf<loc=vec, dtype=i64, rows=8, cols=8>) outs(%d : !pto.tile_buf<loc=vec, dtype=i64, rows=8, cols=8>)
  func.return
}

// -----

// ttrans: one element width
func.func @case19(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>, %d: !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=16>) {
  // expected-error @+1 {{pto.ttrans dst element f16 must have the width of src's f32 (the bits are copied)}}
  pto.ttrans ins(%s : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) outs(%d : !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=16>)
  func.return
}

// -----

// ttrans: dst holds the transpose
func.func @case20(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>, %d: !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=8>) {
  // expected-error @+1 {{pto.ttrans dst 4x8 cannot hold the transpose of src's valid 8x8}}
  pto.ttrans ins(%s : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=8>)
  func.return
}

// -----

// ttrans SSA: the result's valid shape is the source's transposed
func.func @case21(%s: !pto.tile<loc=vec, dtype=f32, rows=8, cols=8, v_row=2, v_col=8>) {
  // expected-error @+1 {{pto.ttrans result valid 2x8 must be src's transposed, 8x2}}
  %r = pto.ttrans %s : (!pto.tile<loc=vec, dtype=f32, rows=8, cols=8, v_row=2, v_col=8>) -> !pto.tile<loc=vec, dtype=f32, rows=8, cols=8, v_row=2, v_col=8>
  func.return
}

// -----

// mgather: option attributes
func.func @case22(%v: !pto.partition_tensor_view<8x8xf32>, %i: !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8>, %d: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) {
  // expected-error @+1 {{pto.mgather coalesce must be a pto.coalesce attribute, got "row"}}
  pto.mgather ins(%v, %i : !pto.partition_tensor_view<8x8xf32>, !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) {coalesce = "row"}
  func.return
}

// -----

// mgather: a vec value tile (a mat one is the GM -> L1 form)
func.func @case23(%v: !pto.partition_tensor_view<8x8xf32>, %i: !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8>, %d: !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major>) {
  // expected-error @+1 {{pto.mgather value tile must be in loc=vec, got loc=acc}}
  pto.mgather ins(%v, %i : !pto.partition_tensor_view<8x8xf32>, !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8>) outs(%d : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major>)
  func.return
}

// -----

// mgather: a row-major value tile
func.func @case24(%v: !pto.partition_tensor_view<8x8xf32>, %i: !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8>, %d: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, blayout=col_major>) {
  // expected-error @+1 {{pto.mgather value tile must be row-major (blayout=row_major), got blayout=col_major}}
  pto.mgather ins(%v, %i : !pto.partition_tensor_view<8x8xf32>, !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, blayout=col_major>)
  func.return
}

// -----

// mgather: a vec index tile
func.func @case25(%v: !pto.partition_tensor_view<8x8xf32>, %i: !pto.tile_buf<loc=mat, dtype=i32, rows=16, cols=16, blayout=col_major, slayout=row_major>, %d: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) {
  // expected-error @+1 {{pto.mgather idx must be in loc=vec, got loc=mat}}
  pto.mgather ins(%v, %i : !pto.partition_tensor_view<8x8xf32>, !pto.tile_buf<loc=mat, dtype=i32, rows=16, cols=16, blayout=col_major, slayout=row_major>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>)
  func.return
}

// -----

// mgather: a row-major index tile
func.func @case26(%v: !pto.partition_tensor_view<8x8xf32>, %i: !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=8, blayout=col_major>, %d: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) {
  // expected-error @+1 {{pto.mgather idx must be row-major (blayout=row_major), got blayout=col_major}}
  pto.mgather ins(%v, %i : !pto.partition_tensor_view<8x8xf32>, !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=8, blayout=col_major>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>)
  func.return
}

// -----

// mgather: 32-bit indices
func.func @case27(%v: !pto.partition_tensor_view<8x8xf32>, %i: !pto.tile_buf<loc=vec, dtype=i16, rows=1, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) {
  // expected-error @+1 {{pto.mgather idx element type i16 must be i32 or ui32}}
  pto.mgather ins(%v, %i : !pto.partition_tensor_view<8x8xf32>, !pto.tile_buf<loc=vec, dtype=i16, rows=1, cols=16>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>)
  func.return
}

// -----

// mgather: the pages' element types
func.func @case28(%v: !pto.partition_tensor_view<8x8xi64>, %i: !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8>, %d: !pto.tile_buf<loc=vec, dtype=i64, rows=8, cols=8>) {
  // expected-error @+1 {{pto.mgather dtype i64 is not supported on target cpu}}
  pto.mgather ins(%v, %i : !pto.partition_tensor_view<8x8xi64>, !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8>) outs(%d : !pto.tile_buf<loc=vec, dtype=i64, rows=8, cols=8>)
  func.return
}

// -----

// mgather: a GM table
func.func @case29(%v: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>, %i: !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8>, %d: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) {
  // expected-error @+1 {{pto.mgather table must be a !pto.partition_tensor_view, got !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=8, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>}}
  pto.mgather ins(%v, %i : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>, !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>)
  func.return
}

// -----

// mgather: the table's element type
func.func @case30(%v: !pto.partition_tensor_view<8x8xf16>, %i: !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8>, %d: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) {
  // expected-error @+1 {{pto.mgather table element type f16 must equal the tile's f32}}
  pto.mgather ins(%v, %i : !pto.partition_tensor_view<8x8xf16>, !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>)
  func.return
}

// -----

// mscatter: one GM table
func.func @case31(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>, %i: !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8>) {
  // expected-error @+1 {{pto.mscatter writes one GM table: outs(%t : !pto.partition_tensor_view)}}
  pto.mscatter ins(%s, %i : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>, !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8>)
  func.return
}

// -----

// mscatter: atomic add takes f16/f32/32-bit integer payloads (PTOAS)
func.func @case31b(%s: !pto.tile_buf<loc=vec, dtype=bf16, rows=8, cols=16>, %i: !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8>, %v: !pto.partition_tensor_view<8x16xbf16>) {
  // expected-error @+1 {{pto.mscatter scatterAtomicOp add does not take bf16 payloads (legal: f16, f32, i32, ui32)}}
  pto.mscatter ins(%s, %i : !pto.tile_buf<loc=vec, dtype=bf16, rows=8, cols=16>, !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8>) outs(%v : !pto.partition_tensor_view<8x16xbf16>) {scatterAtomicOp = #pto.scatter_atomic_op<add>}
  func.return
}

// -----

// vshl/vshr: counts of lhs's width (either signedness)
func.func @shift_counts(%a: !pto.vreg<128xui16>, %b: !pto.vreg<64xsi32>, %m: !pto.mask<b16>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vshl rhs type !pto.vreg<64xsi32> must be !pto.vreg<128xui16>, or its lanes of the other signedness}}
    %r = pto.vshl %a, %b, %m : !pto.vreg<128xui16>, !pto.vreg<64xsi32>, !pto.mask<b16> -> !pto.vreg<128xui16>
  }
  func.return
}

// -----

// SPR ops: only AR
func.func @spr_name() {
  pto.vecscope {
    // expected-error @+1 {{pto.sprclr requires spr to be "AR", got "CTRL"}}
    pto.sprclr "CTRL"
  }
  func.return
}

// -----

// SPR stores: a UB pointer of 32-bit integers
func.func @spr_dst(%p: !pto.ptr<f32, ub>, %o: i32) {
  pto.vecscope {
    // expected-error @+1 {{pto.sprsts destination !pto.ptr<f32, ub> must be a UB pointer of ui32 or i32}}
    pto.sprsts "AR", %p[%o] : !pto.ptr<f32, ub>, i32
  }
  func.return
}

// -----

// SPR stores: an i32 offset
func.func @spr_offset(%p: !pto.ptr<ui32, ub>, %o: i64) {
  pto.vecscope {
    // expected-error @+1 {{pto.sprsts offset type i64 must be i32}}
    pto.sprsts "AR", %p[%o] : !pto.ptr<ui32, ub>, i64
  }
  func.return
}

// -----

// sprsti: a constant offset
func.func @spr_constant(%p: !pto.ptr<ui32, ub>, %o: i32) {
  pto.vecscope {
    // expected-error @+1 {{pto.sprsti offset must be a constant (an 8-bit immediate)}}
    pto.sprsti "AR", %p[%o] : !pto.ptr<ui32, ub>, i32
  }
  func.return
}

// -----

// sprsti: a signed 8-bit immediate
func.func @spr_imm(%p: !pto.ptr<ui32, ub>) {
  %c = arith.constant 200 : i32
  pto.vecscope {
    // expected-error @+1 {{pto.sprsti offset 200 must be a signed 8-bit immediate}}
    pto.sprsti "AR", %p[%c] : !pto.ptr<ui32, ub>, i32
  }
  func.return
}

// -----

// SPR stores: the updated base has the destination's type
func.func @spr_post(%p: !pto.ptr<ui32, ub>, %o: i32) {
  pto.vecscope {
    // expected-error @+1 {{pto.sprsts updated base !pto.ptr<i32, ub> must be !pto.ptr<ui32, ub>}}
    %n = pto.sprsts "AR", %p[%o] : !pto.ptr<ui32, ub>, i32 -> !pto.ptr<i32, ub>
  }
  func.return
}

// -----

// vcvt: a part within the form's ratio
func.func @vcvt_part(%v: !pto.vreg<64xf32>, %m: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vcvt part "P2" selects lane 2 of 2: f32 -> f16 is a 2:1 form}}
    %r = pto.vcvt %v, %m {rnd = "R", part = "P2"} : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<128xf16>
  }
  func.return
}

// -----

// vcvt: 64-bit lanes take a b32 mask
func.func @vcvt_i64_mask(%v: !pto.vreg<32xi64>, %m: !pto.mask<b16>) {
  pto.vecscope {
    // expected-error @+1 {{pto.vcvt masks the 64-bit lanes of !pto.vreg<32xi64> with a !pto.mask<b32> (bit 2*i for lane i), got !pto.mask<b16>}}
    %r = pto.vcvt %v, %m {rnd = "R"} : !pto.vreg<32xi64>, !pto.mask<b16> -> !pto.vreg<64xf32>
  }
  func.return
}

// -----

// ptrtoint: a pointer to an i64
func.func @ptrtoint(%p: !pto.ptr<ui32>) {
  // expected-error @+1 {{pto.ptrtoint result type i32 must be i64}}
  %a = pto.ptrtoint %p : !pto.ptr<ui32> -> i32
  func.return
}

// -----

// inttoptr: an integer to a pointer
func.func @inttoptr(%a: f32) {
  // expected-error @+1 {{pto.inttoptr address type f32 must be an integer}}
  %p = pto.inttoptr %a : f32 -> !pto.ptr<ui32>
  func.return
}

// -----

// the pointer side is a !pto.ptr
func.func @inttoptr_ptr(%a: i64) {
  // expected-error @+1 {{pto.inttoptr pointer type i64 must be a !pto.ptr}}
  %p = pto.inttoptr %a : i64 -> i64
  func.return
}

// -----

// tprefetch: a vec tile
func.func @prefetch_loc(%v: !pto.partition_tensor_view<16x16xf32>, %t: !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major>) {
  // expected-error @+1 {{pto.tprefetch dst must be in loc=vec, got loc=mat}}
  pto.tprefetch ins(%v : !pto.partition_tensor_view<16x16xf32>) outs(%t : !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major>)
  func.return
}

// -----

// tprefetch: one element size
func.func @prefetch_size(%v: !pto.partition_tensor_view<16x16xf16>, %t: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) {
  // expected-error @+1 {{pto.tprefetch dst element f32 must have the size of src's f16}}
  pto.tprefetch ins(%v : !pto.partition_tensor_view<16x16xf16>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>)
  func.return
}

// -----

// tprefetch: a GM view
func.func @prefetch_src(%v: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %t: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) {
  // expected-error @+1 {{pto.tprefetch src must be a !pto.partition_tensor_view, got !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>}}
  pto.tprefetch ins(%v : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>)
  func.return
}

// -----

// tassign: a 32-byte aligned address
func.func @assign_align(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) {
  %a = arith.constant 70660 : i64
  // expected-error @+1 {{pto.tassign addr must be aligned to 32 bytes for local tile memory, got 70660}}
  %r = pto.tassign %s, %a : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8> -> !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
  func.return
}

// -----

// tassign: the tile's own type
func.func @assign_type(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>, %a: i64) {
  // expected-error @+1 {{pto.tassign result !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0> must be the tile's type !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=8, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>}}
  %r = pto.tassign %s, %a : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8> -> !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16>
  func.return
}

// -----

// mask-pattern tgather: the row or the col axis
func.func @gather_col(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>, %d: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) {
  // expected-error @+1 {{pto.tgather with maskPattern takes axis "row" or "col", got "diag"}}
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P1111>} : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>, "diag") outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>)
  func.return
}

// -----

// fusion_region: its results are what it yields
func.func @fusion_types() {
  // expected-error @+1 {{pto.fusion_region yields 1 value(s) of types (index), its results are (i32)}}
  %r = pto.fusion_region {
    %c = arith.constant 4 : index
    pto.yield(%c) : (index) -> ()
  } : i32
  func.return
}

// -----

// dcci: the cache kinds
func.func @dcci_cache(%p: !pto.ptr<i32>) {
  // expected-error @+1 {{pto.dcci cache "ALL" must be one of SINGLE_CACHE_LINE, ENTIRE_DATA_CACHE}}
  pto.dcci %p "ALL" : !pto.ptr<i32>
  func.return
}

// -----

// dcci: the destinations
func.func @dcci_dst(%p: !pto.ptr<i32>) {
  // expected-error @+1 {{pto.dcci dst "OUT" must be one of CACHELINE_ALL, CACHELINE_UB, CACHELINE_OUT, CACHELINE_ATOMIC}}
  pto.dcci %p "SINGLE_CACHE_LINE", "OUT" : !pto.ptr<i32>
  func.return
}

// -----

// dsb: the memories
func.func @dsb() {
  // expected-error @+1 {{pto.dsb mem "GM" must be one of ALL, DDR, UB, SEQ}}
  pto.dsb "GM"
  func.return
}

// -----

// sbitset: a bit of the 64-bit CTRL
func.func @sbitset(%c: i64) {
  %b = arith.constant 64 : i64
  // expected-error @+1 {{pto.sbitset1 bit 64 must lie in [0, 63]}}
  %r = pto.sbitset1 %c, %b : i64, i64 -> i64
  func.return
}

// -----

// a dynamic flag goes between two different pipes
func.func @flag_dyn_same_pipe(%e: index) {
  // expected-error @+1 {{pto.set_flag_dyn source pipe PIPE_V must differ from the destination pipe (use pto.barrier within one pipe)}}
  pto.set_flag_dyn [#pto.pipe<PIPE_V>, #pto.pipe<PIPE_V>, %e]
  return
}

// -----

// fp: a scaling tile
func.func @fp_scaling(%acc: !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, %fp: !pto.tile_buf<loc=mat, dtype=ui64, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, %v: !pto.partition_tensor_view<16x16xi8>) {
  // expected-error @+1 {{pto.tstore fp must be a !pto.tile_buf in loc=scaling, got !pto.tile_buf<loc=mat, dtype=ui64, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>}}
  pto.tstore ins(%acc : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0> fp %fp : !pto.tile_buf<loc=mat, dtype=ui64, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%v : !pto.partition_tensor_view<16x16xi8>)
  func.return
}

// -----

// fp of the SSA form (tstore.md's pto.tstore.fp): a !pto.tile in loc=scaling
func.func @fp_ssa(%acc: !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major>, %fp: !pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=16>, %v: !pto.partition_tensor_view<16x16xi8>) {
  // expected-error @+1 {{pto.tstore fp must be a !pto.tile in loc=scaling, got !pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>}}
  pto.tstore.fp %acc, %fp, %v : (!pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major>, !pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=16>, !pto.partition_tensor_view<16x16xi8>) -> ()
  func.return
}

// -----

// an event-id array has a positive size
func.func @eventid_array_empty() {
  // expected-error @+1 {{pto.eventid_array needs a positive size, got 0}}
  %e = pto.declare_eventid_array -> !pto.eventid_array<0>
  return
}

// -----

// fp: from an accumulator
func.func @fp_acc(%src: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, %fp: !pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, %v: !pto.partition_tensor_view<16x16xf32>) {
  // expected-error @+1 {{pto.tstore with an fp tile moves from loc=acc, got loc=vec}}
  pto.tstore ins(%src : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0> fp %fp : !pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%v : !pto.partition_tensor_view<16x16xf32>)
  func.return
}

// -----

// mgather to loc=mat: an NZ dst
func.func @mgather_l1_layout(%t: !pto.partition_tensor_view<32x32xf16>, %i: !pto.partition_tensor_view<1x16xi32>) {
  %d = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error @+1 {{pto.mgather to loc=mat needs an NZ dst (blayout=col_major, slayout=row_major, fractal=512)}}
  pto.mgather ins(%t, %i : !pto.partition_tensor_view<32x32xf16>, !pto.partition_tensor_view<1x16xi32>) outs(%d : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {coalesce = #pto<coalesce row>}
  return
}

// -----

// fp: a pair the target quantises (a2a3: no f32 -> f16 vector mode)
module attributes {pto.target_arch = "a2a3"} {
  func.func @fp_pair(%acc: !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, %fp: !pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, %m: !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) {
    // expected-error @+1 {{pto.tmov with an fp tile cannot quantise f32 to f16 on target a2a3 (supported: f32->f32, f32->i8, f32->ui8, i32->f16, i32->i32, i32->i8, i32->ui8)}}
    pto.tmov ins(%acc : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0> fp %fp : !pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%m : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
    func.return
  }
}

// -----

// mgather to loc=mat: coalesce written out
func.func @mgather_l1_coalesce(%t: !pto.partition_tensor_view<32x32xf16>, %i: !pto.partition_tensor_view<1x16xi32>) {
  %d = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{pto.mgather to loc=mat needs an explicit coalesce (row or elem): GM indices have no tile shape to infer it from}}
  pto.mgather ins(%t, %i : !pto.partition_tensor_view<32x32xf16>, !pto.partition_tensor_view<1x16xi32>) outs(%d : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
  return
}

// -----

// mgather to loc=mat: a scratch view exactly with coalesce = elem
func.func @mgather_l1_scratch(%t: !pto.partition_tensor_view<32x32xf16>, %i: !pto.partition_tensor_view<16x32xi32>) {
  %d = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  // expected-error @+1 {{pto.mgather to loc=mat takes a GM scratch operand exactly with coalesce = elem}}
  pto.mgather ins(%t, %i : !pto.partition_tensor_view<32x32xf16>, !pto.partition_tensor_view<16x32xi32>) outs(%d : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) {coalesce = #pto<coalesce elem>}
  return
}

// -----

// struct fields are scalars or structs
func.func @struct_field() {
  // expected-error @+1 {{pto.struct field i1 is not an 8/16/32/64-bit integer, f16, bf16, f32, f64 or a nested !pto.struct}}
  %s = pto.declare_struct -> !pto.struct<f32, i1>
  return
}

// -----

// a struct path ends at a scalar field of the right type
func.func @struct_path(%v: f32) {
  %s = pto.declare_struct -> !pto.struct<!pto.struct<f32, i8>, i16>
  // expected-error @+1 {{pto.struct_get path [0] stops at the nested !pto.struct<f32, i8>: extend it to a scalar}}
  %g = pto.struct_get %s[0] : !pto.struct<!pto.struct<f32, i8>, i16> -> f32
  return
}

// -----

func.func @struct_path_range() {
  %s = pto.declare_struct -> !pto.struct<f32, i8>
  // expected-error @+1 {{pto.struct_get path [5]: field 5 of !pto.struct<f32, i8> does not exist}}
  %g = pto.struct_get %s[5] : !pto.struct<f32, i8> -> f32
  return
}

// -----

func.func @struct_value_type(%v: f16) {
  %s = pto.declare_struct -> !pto.struct<f32, i8>
  // expected-error @+1 {{pto.struct_set value type f16 must equal the field's type f32}}
  pto.struct_set %s[0], %v : !pto.struct<f32, i8>, f16
  return
}

// -----

// a struct is stack storage of its function
func.func @struct_argument(%s: !pto.struct<f32, i8>, %v: f32) {
  // expected-error @+1 {{pto.struct_set struct must be a pto.declare_struct result (stack storage of this function), not a function argument or another op's result}}
  pto.struct_set %s[0], %v : !pto.struct<f32, i8>, f32
  return
}

// -----

func.func @struct_returned() -> !pto.struct<f32, i8> {
  // expected-error @+1 {{pto.declare_struct result must not be returned or yielded (func.return): it is storage of the scope that declares it}}
  %s = pto.declare_struct -> !pto.struct<f32, i8>
  return %s : !pto.struct<f32, i8>
}
