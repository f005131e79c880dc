// RUN: pto-opt %s --split-input-file --verify-diagnostics

// ins(src, scalar): one operand is a scalar
func.func @case0(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) {
  // expected-error @+1 {{pto.tadds expects ins(src, scalar) (one non-tile scalar operand), got ins(tile, tile)}}
  %x = pto.tadds %a, %a : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
  func.return
}

// -----

// operand count of the layouts
func.func @case1(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, %s: f32) {
  // expected-error @+1 {{pto.tadds expects ins(src, scalar) (one non-tile scalar operand), got ins(tile, f32, f32)}}
  %x = pto.tadds %a, %s, %s : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, f32, f32) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
  func.return
}

// -----

// tdivs: (src, scalar) or (scalar, src)
func.func @case2(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) {
  // expected-error @+1 {{pto.tdivs expects ins(src, scalar) or ins(scalar, src) (one non-tile scalar operand), got ins(tile)}}
  %x = pto.tdivs %a : !pto.tile<loc=vec, dtype=f32, rows=16, cols=16> -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
  func.return
}

// -----

// exactly one destination
func.func @case3(%b: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %s: f32) {
  // expected-error @+1 {{pto.tmuls needs exactly one destination: an outs(...) buffer (DPS form) or a result (SSA form)}}
  pto.tmuls ins(%b, %s : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, f32)
  func.return
}

// -----

// sources in loc=vec
func.func @case4(%a: !pto.tile<loc=mat, dtype=f32, rows=16, cols=16>, %s: f32) {
  // expected-error @+1 {{pto.tadds src must be in loc=vec, got loc=mat}}
  %x = pto.tadds %a, %s : (!pto.tile<loc=mat, dtype=f32, rows=16, cols=16>, f32) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
  func.return
}

// -----

// dst in loc=vec
func.func @case5(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, %s: f32) {
  // expected-error @+1 {{pto.tmins dst must be in loc=vec, got loc=mat}}
  %x = pto.tmins %a, %s : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, f32) -> !pto.tile<loc=mat, dtype=f32, rows=16, cols=16>
  func.return
}

// -----

// row-major tiles
func.func @case6(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, blayout=col_major>, %s: f32) {
  // expected-error @+1 {{pto.tmaxs src must be row-major (blayout=row_major), got blayout=col_major}}
  %x = pto.tmaxs %a, %s : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16, blayout=col_major>, f32) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
  func.return
}

// -----

// element types per target (pto-isa a5/TSubS.hpp: no fp8)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @case7(%a: !pto.tile<loc=vec, dtype=f8E4M3FN, rows=16, cols=32>, %s: f8E4M3FN) {
    // expected-error @+1 {{pto.tsubs dtype f8E4M3FN is not supported on target a5 (supported: bf16, f16, f32, i16, i32, i64, i8, ui16, ui32, ui64, ui8)}}
    %x = pto.tsubs %a, %s : (!pto.tile<loc=vec, dtype=f8E4M3FN, rows=16, cols=32>, f8E4M3FN) -> !pto.tile<loc=vec, dtype=f8E4M3FN, rows=16, cols=32>
    func.return
  }
}

// -----

// tpows: no f16 on A2/A3 (a2a3/TPow.hpp)
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @case8(%a: !pto.tile<loc=vec, dtype=f16, rows=16, cols=16>, %s: f16) {
    // expected-error @+1 {{pto.tpows dtype f16 is not supported on target a2a3 (supported: f32, i16, i32, i8, ui16, ui32, ui8)}}
    %x = pto.tpows %a, %s : (!pto.tile<loc=vec, dtype=f16, rows=16, cols=16>, f16) -> !pto.tile<loc=vec, dtype=f16, rows=16, cols=16>
    func.return
  }
}

// -----

// source and dst share one element type
func.func @case9(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, %c: !pto.tile<loc=vec, dtype=f16, rows=16, cols=16>, %s: f32) {
  // expected-error @+1 {{pto.taddsc src1 dtype f16 must equal the dst dtype f32}}
  %x = pto.taddsc %a, %s, %c : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, f32, !pto.tile<loc=vec, dtype=f16, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
  func.return
}

// -----

// source and dst valid regions equal
func.func @case10(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, v_row=8>, %s: f32) {
  // expected-error @+1 {{pto.tlrelu src valid shape 8x16 must equal the dst valid shape 16x16}}
  %x = pto.tlrelu %a, %s : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16, v_row=8>, f32) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
  func.return
}

// -----

// scalar has the element type
func.func @case11(%a: !pto.tile<loc=vec, dtype=f16, rows=16, cols=16>, %s: f32) {
  // expected-error @+1 {{pto.tadds scalar type f32 must be the element type f16}}
  %x = pto.tadds %a, %s : (!pto.tile<loc=vec, dtype=f16, rows=16, cols=16>, f32) -> !pto.tile<loc=vec, dtype=f16, rows=16, cols=16>
  func.return
}

// -----

// integer scalar: the element width (a shift count may be any integer: decisions.md)
func.func @case12(%a: !pto.tile<loc=vec, dtype=i16, rows=16, cols=16>, %s: i32) {
  // expected-error @+1 {{pto.tands scalar type i32 must be the element type i16}}
  %x = pto.tands %a, %s : (!pto.tile<loc=vec, dtype=i16, rows=16, cols=16>, i32) -> !pto.tile<loc=vec, dtype=i16, rows=16, cols=16>
  func.return
}

// -----

// tlrelu slope: the element type or f32
func.func @case13(%a: !pto.tile<loc=vec, dtype=f16, rows=16, cols=16>, %s: bf16) {
  // expected-error @+1 {{pto.tlrelu scalar type bf16 must be the element type f16 or f32}}
  %x = pto.tlrelu %a, %s : (!pto.tile<loc=vec, dtype=f16, rows=16, cols=16>, bf16) -> !pto.tile<loc=vec, dtype=f16, rows=16, cols=16>
  func.return
}

// -----

// txors: A2/A3 needs tmp
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @case14(%a: !pto.tile<loc=vec, dtype=i16, rows=16, cols=16>, %s: i16) {
    // expected-error @+1 {{pto.txors needs a tmp operand on target a2a3 (its page: the implementation computes through a scratch tile)}}
    %x = pto.txors %a, %s : (!pto.tile<loc=vec, dtype=i16, rows=16, cols=16>, i16) -> !pto.tile<loc=vec, dtype=i16, rows=16, cols=16>
    func.return
  }
}

// -----

// tmp shares the element type
func.func @case15(%a: !pto.tile<loc=vec, dtype=i32, rows=16, cols=16>, %t: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, %s: i32) {
  // expected-error @+1 {{pto.trems tmp dtype f32 must equal the dst dtype i32}}
  %x = pto.trems %a, %s, %t : (!pto.tile<loc=vec, dtype=i32, rows=16, cols=16>, i32, !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=i32, rows=16, cols=16>
  func.return
}

// -----

// trems tmp: at least dst's valid cols
func.func @case16(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, %t: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, v_col=8>, %s: f32) {
  // expected-error @+1 {{pto.trems tmp valid cols 8 must be at least the dst valid cols 16 (trems.md, tmp buffer requirements)}}
  %x = pto.trems %a, %s, %t : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, f32, !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, v_col=8>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
  func.return
}

// -----

// A2/A3 tands: src and dst not the same buffer
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @case17(%b: !pto.tile_buf<loc=vec, dtype=i16, rows=16, cols=16>, %s: i16) {
    // expected-error @+1 {{pto.tands src and dst are the same tile buffer, which target a2a3 does not support (its page: source and destination must not share memory)}}
    pto.tands ins(%b, %s : !pto.tile_buf<loc=vec, dtype=i16, rows=16, cols=16>, i16) outs(%b : !pto.tile_buf<loc=vec, dtype=i16, rows=16, cols=16>)
    func.return
  }
}

// -----

// taxpy SSA: the acc source
func.func @case18(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, %s: f32) {
  // expected-error @+1 {{pto.taxpy in SSA form takes ins(src, scalar, acc): its result is acc + src * scalar}}
  %x = pto.taxpy %a, %s : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, f32) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
  func.return
}

// -----

// taxpy: src as dst, or f16 into f32
func.func @case19(%b: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %h: !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>, %s: f32) {
  // expected-error @+1 {{pto.taxpy src dtype f32 must equal the dst dtype f16}}
  pto.taxpy ins(%b, %s : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, f32) outs(%h : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>)
  func.return
}

// -----

// taxpy: the scalar has src's type
func.func @case20(%b: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %h: !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>, %s: f32) {
  // expected-error @+1 {{pto.taxpy scalar type f32 must be the element type f16}}
  pto.taxpy ins(%h, %s : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>, f32) outs(%b : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>)
  func.return
}

// -----

// texpands SSA: static valid shape
func.func @case21(%s: f32) {
  // expected-error @+1 {{pto.texpands in SSA form needs a static valid shape: it has no source to take a dynamic one from}}
  %x = pto.texpands %s : f32 -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, v_row=?, v_col=?>
  func.return
}

// -----

// SSA form takes !pto.tile
func.func @case22(%b: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %s: f32) {
  // expected-error @+1 {{pto.tadds in SSA form takes !pto.tile operands, not !pto.tile_buf}}
  %x = pto.tadds %b, %s : (!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, f32) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
  func.return
}

// -----

// tdivs precisionType: a #pto.div_precision
func.func @case23(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, %s: f32) {
  // expected-error @+1 {{pto.tdivs precisionType must be a #pto.div_precision<default|high_precision>, got 1 : i32}}
  %x = pto.tdivs %a, %s {precisionType = 1 : i32} : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, f32) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
  func.return
}

// -----

// tshls.md: the scalar is a count in [0, bits - 1] ("zero and positive values")
func.func @case24(%a: !pto.tile<loc=vec, dtype=i16, rows=16, cols=16>) {
  %s = arith.constant 16 : i16
  // expected-error @+1 {{pto.tshls scalar 16 is outside [0, 15], the shift counts of i16 elements}}
  %x = pto.tshls %a, %s : (!pto.tile<loc=vec, dtype=i16, rows=16, cols=16>, i16) -> !pto.tile<loc=vec, dtype=i16, rows=16, cols=16>
  func.return
}

// -----

// tshrs.md: a negative count
func.func @case25(%a: !pto.tile<loc=vec, dtype=i32, rows=16, cols=16>) {
  %s = arith.constant -1 : i32
  // expected-error @+1 {{pto.tshrs scalar -1 is outside [0, 31], the shift counts of i32 elements}}
  %x = pto.tshrs %a, %s : (!pto.tile<loc=vec, dtype=i32, rows=16, cols=16>, i32) -> !pto.tile<loc=vec, dtype=i32, rows=16, cols=16>
  func.return
}

// -----

// tdivs.md: integer division by a constant zero (target-defined)
func.func @case26(%a: !pto.tile<loc=vec, dtype=i32, rows=16, cols=16>) {
  %s = arith.constant 0 : i32
  // expected-error @+1 {{pto.tdivs scalar is a constant 0: division by zero is target-defined (its page), an error here}}
  %x = pto.tdivs %a, %s : (!pto.tile<loc=vec, dtype=i32, rows=16, cols=16>, i32) -> !pto.tile<loc=vec, dtype=i32, rows=16, cols=16>
  func.return
}

// -----

// tfmods.md: fmod by a constant zero (the CPU simulator asserts)
func.func @case27(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) {
  %s = arith.constant -0.0 : f32
  // expected-error @+1 {{pto.tfmods scalar is a constant 0: division by zero is target-defined (its page), an error here}}
  %x = pto.tfmods %a, %s : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, f32) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
  func.return
}
