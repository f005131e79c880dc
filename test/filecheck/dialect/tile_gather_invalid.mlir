// RUN: pto-opt %s --split-input-file --verify-diagnostics

// tgather: TileType::Vec for src
func.func @case0(%s: !pto.tile<loc=mat, dtype=f32, rows=1, cols=32>, %i: !pto.tile<loc=vec, dtype=i32, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tgather src must be in loc=vec, got loc=mat}}
  %x = pto.tgather %s, %i : (!pto.tile<loc=mat, dtype=f32, rows=1, cols=32>, !pto.tile<loc=vec, dtype=i32, rows=1, cols=32>) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=32>
  func.return
}

// -----

// tgather: row-major tiles
func.func @case1(%s: !pto.tile<loc=vec, dtype=f32, rows=1, cols=32>, %i: !pto.tile<loc=vec, dtype=i32, rows=8, cols=32, blayout=col_major>) {
  // expected-error @+1 {{pto.tgather indices must be ND (blayout=row_major, slayout=none_box), got blayout=col_major, slayout=none_box}}
  %x = pto.tgather %s, %i : (!pto.tile<loc=vec, dtype=f32, rows=1, cols=32>, !pto.tile<loc=vec, dtype=i32, rows=8, cols=32, blayout=col_major>) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=32>
  func.return
}

// -----

// tgather: dst of src's type
func.func @case2(%s: !pto.tile<loc=vec, dtype=f32, rows=1, cols=32>, %i: !pto.tile<loc=vec, dtype=i32, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tgather dst dtype f16 must equal the src dtype f32}}
  %x = pto.tgather %s, %i : (!pto.tile<loc=vec, dtype=f32, rows=1, cols=32>, !pto.tile<loc=vec, dtype=i32, rows=1, cols=32>) -> !pto.tile<loc=vec, dtype=f16, rows=1, cols=32>
  func.return
}

// -----

// tgather A5: no bf16 data (PTOAS isSupportedGatherElemTypeA5Index)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @case3(%s: !pto.tile<loc=vec, dtype=bf16, rows=1, cols=32>, %i: !pto.tile<loc=vec, dtype=i32, rows=1, cols=32>) {
    // expected-error @+1 {{pto.tgather dtype bf16 is not supported on target a5}}
    %x = pto.tgather %s, %i : (!pto.tile<loc=vec, dtype=bf16, rows=1, cols=32>, !pto.tile<loc=vec, dtype=i32, rows=1, cols=32>) -> !pto.tile<loc=vec, dtype=bf16, rows=1, cols=32>
    func.return
  }
}

// -----

// tgather A2/A3: b32 indices
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @case4(%s: !pto.tile<loc=vec, dtype=f32, rows=1, cols=32>, %i: !pto.tile<loc=vec, dtype=i16, rows=1, cols=32>) {
    // expected-error @+1 {{pto.tgather indices dtype i16 is not supported on target a2a3 (i32, ui32)}}
    %x = pto.tgather %s, %i, %i : (!pto.tile<loc=vec, dtype=f32, rows=1, cols=32>, !pto.tile<loc=vec, dtype=i16, rows=1, cols=32>, !pto.tile<loc=vec, dtype=i16, rows=1, cols=32>) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=32>
    func.return
  }
}

// -----

// tgather: indices cover dst's valid region
func.func @case5(%s: !pto.tile<loc=vec, dtype=f32, rows=1, cols=32>, %i: !pto.tile<loc=vec, dtype=i32, rows=1, cols=32, v_col=16>) {
  // expected-error @+1 {{pto.tgather indices valid cols 16 must equal the dst valid cols 32}}
  %x = pto.tgather %s, %i : (!pto.tile<loc=vec, dtype=f32, rows=1, cols=32>, !pto.tile<loc=vec, dtype=i32, rows=1, cols=32, v_col=16>) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=32>
  func.return
}

// -----

// tgather A2/A3: the C++ API requires tmp
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @case6(%s: !pto.tile<loc=vec, dtype=f32, rows=1, cols=32>, %i: !pto.tile<loc=vec, dtype=i32, rows=1, cols=32>) {
    // expected-error @+1 {{pto.tgather on A2/A3 needs a tmp tile (ins(%src, %indices, %tmp))}}
    %x = pto.tgather %s, %i : (!pto.tile<loc=vec, dtype=f32, rows=1, cols=32>, !pto.tile<loc=vec, dtype=i32, rows=1, cols=32>) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=32>
    func.return
  }
}

// -----

// tgather: tmp of the indices' type
func.func @case7(%s: !pto.tile<loc=vec, dtype=f32, rows=1, cols=32>, %i: !pto.tile<loc=vec, dtype=i32, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tgather tmp dtype f32 must equal the indices dtype i32}}
  %x = pto.tgather %s, %i, %s : (!pto.tile<loc=vec, dtype=f32, rows=1, cols=32>, !pto.tile<loc=vec, dtype=i32, rows=1, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=1, cols=32>) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=32>
  func.return
}

// -----

// tgather A2/A3: tmp shape is the indices' valid shape
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @case8(%s: !pto.tile<loc=vec, dtype=f32, rows=1, cols=32>, %i: !pto.tile<loc=vec, dtype=i32, rows=1, cols=32>, %t: !pto.tile<loc=vec, dtype=i32, rows=1, cols=64>) {
    // expected-error @+1 {{pto.tgather tmp shape 1x64 must be the indices' valid shape 1x32 on A2/A3}}
    %x = pto.tgather %s, %i, %t : (!pto.tile<loc=vec, dtype=f32, rows=1, cols=32>, !pto.tile<loc=vec, dtype=i32, rows=1, cols=32>, !pto.tile<loc=vec, dtype=i32, rows=1, cols=64>) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=32>
    func.return
  }
}

// -----

// tgatherb: 32-bit offsets
func.func @case9(%s: !pto.tile<loc=vec, dtype=f32, rows=1, cols=32>, %o: !pto.tile<loc=vec, dtype=i16, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tgatherb offsets dtype i16 must be ui32 (or i32)}}
  %x = pto.tgatherb %s, %o : (!pto.tile<loc=vec, dtype=f32, rows=1, cols=32>, !pto.tile<loc=vec, dtype=i16, rows=1, cols=32>) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=32>
  func.return
}

// -----

// tgatherb: whole 32-byte blocks of dst
func.func @case10(%s: !pto.tile<loc=vec, dtype=f32, rows=1, cols=32>, %o: !pto.tile<loc=vec, dtype=ui32, rows=1, cols=8>) {
  // expected-error @+1 {{pto.tgatherb dst valid cols 4 must fill whole 32-byte blocks (8 f32 elements)}}
  %x = pto.tgatherb %s, %o : (!pto.tile<loc=vec, dtype=f32, rows=1, cols=32>, !pto.tile<loc=vec, dtype=ui32, rows=1, cols=8>) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=32, v_col=4>
  func.return
}

// -----

// tgatherb: one offset per block
func.func @case11(%s: !pto.tile<loc=vec, dtype=f32, rows=1, cols=32>, %o: !pto.tile<loc=vec, dtype=ui32, rows=1, cols=8, v_col=2>) {
  // expected-error @+1 {{pto.tgatherb offsets valid cols 2 must give one offset per 32-byte block of dst (4)}}
  %x = pto.tgatherb %s, %o : (!pto.tile<loc=vec, dtype=f32, rows=1, cols=32>, !pto.tile<loc=vec, dtype=ui32, rows=1, cols=8, v_col=2>) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=32>
  func.return
}

// -----

// tgatherb: supported data types
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @case12(%s: !pto.tile<loc=vec, dtype=f8E4M3FN, rows=1, cols=32>, %o: !pto.tile<loc=vec, dtype=ui32, rows=1, cols=8>) {
    // expected-error @+1 {{pto.tgatherb dtype f8E4M3FN is not supported on target a5}}
    %x = pto.tgatherb %s, %o : (!pto.tile<loc=vec, dtype=f8E4M3FN, rows=1, cols=32>, !pto.tile<loc=vec, dtype=ui32, rows=1, cols=8>) -> !pto.tile<loc=vec, dtype=f8E4M3FN, rows=1, cols=32>
    func.return
  }
}

// -----

// tscatter: DPS form only
func.func @case13(%s: !pto.tile<loc=vec, dtype=f32, rows=1, cols=32>, %i: !pto.tile<loc=vec, dtype=i32, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tscatter writes only the scattered elements of dst: use the DPS form (outs(%dst)); an SSA result would leave the others undefined}}
  %x = pto.tscatter %s, %i : (!pto.tile<loc=vec, dtype=f32, rows=1, cols=32>, !pto.tile<loc=vec, dtype=i32, rows=1, cols=32>) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=32>
  func.return
}

// -----

// tscatter: index types
func.func @case14(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, %i: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, %d: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tscatter indexes dtype f32 is not supported on target cpu (i16, i32, ui16, ui32)}}
  pto.tscatter ins(%s, %i : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>)
  func.return
}

// -----

// tscatter: 4-byte data take 4-byte indexes
func.func @case15(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, %i: !pto.tile_buf<loc=vec, dtype=i16, rows=1, cols=32>, %d: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tscatter indexes dtype i16 must be 32-bit for f32 data}}
  pto.tscatter ins(%s, %i : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=i16, rows=1, cols=32>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>)
  func.return
}

// -----

// tscatter: 1-byte data take 2-byte indexes
func.func @case16(%s: !pto.tile_buf<loc=vec, dtype=i8, rows=1, cols=32>, %i: !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=32>, %d: !pto.tile_buf<loc=vec, dtype=i8, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tscatter indexes dtype i32 must be 16-bit for i8 data}}
  pto.tscatter ins(%s, %i : !pto.tile_buf<loc=vec, dtype=i8, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=32>) outs(%d : !pto.tile_buf<loc=vec, dtype=i8, rows=1, cols=32>)
  func.return
}

// -----

// tscatter: indexes cover src's valid region
func.func @case17(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=32>, %i: !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=32>, %d: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tscatter indexes valid rows 1 must equal the src valid rows 2}}
  pto.tscatter ins(%s, %i : !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=32>, !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=32>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>)
  func.return
}

// -----

// tscatter: TileType::Vec
func.func @case18(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, %i: !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=32>, %d: !pto.tile_buf<loc=mat, dtype=f32, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tscatter dst must be in loc=vec, got loc=mat}}
  pto.tscatter ins(%s, %i : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=32>) outs(%d : !pto.tile_buf<loc=mat, dtype=f32, rows=1, cols=32>)
  func.return
}

// -----

// tgather comparison form: pto-isa's CPU simulator has no such overload
func.func @compare(%s: !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=32>, %k: f16, %t: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, %d: !pto.tile_buf<loc=vec, dtype=ui32, rows=1, cols=32>, %c: !pto.tile_buf<loc=vec, dtype=ui32, rows=1, cols=8>) {
  // expected-error @+1 {{pto.tgather comparison form has no implementation in pto-isa's CPU simulator (cpu/TGather.hpp)}}
  pto.tgather ins(%s, %k, %t : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=32>, f16, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>) outs(%d, %c : !pto.tile_buf<loc=vec, dtype=ui32, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=ui32, rows=1, cols=8>)
  func.return
}

// -----

// tgather comparison form: kValue of src's element type
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @compare_k(%s: !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=32>, %k: f32, %t: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, %d: !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=32>, %c: !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8>) {
    // expected-error @+1 {{pto.tgather comparison form kValue type f32 must be the src element type f16}}
    pto.tgather ins(%s, %k, %t : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=32>, f32, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>) outs(%d, %c : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8>)
    func.return
  }
}

// -----

// tgather comparison form on A5: the TGATHER_IMPL src types (a5/TGather.hpp)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @compare_a5_src(%s: !pto.tile_buf<loc=vec, dtype=bf16, rows=1, cols=32>, %k: bf16, %t: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, %d: !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=32>, %c: !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8>) {
    // expected-error @+1 {{pto.tgather comparison form src dtype bf16 is not supported on target a5 (supported: f16, f32, i16, i32, i8, ui16, ui32, ui8)}}
    pto.tgather ins(%s, %k, %t : !pto.tile_buf<loc=vec, dtype=bf16, rows=1, cols=32>, bf16, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>) outs(%d, %c : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8>)
    func.return
  }
}

// -----

// tgather comparison form on A5: dst int32_t or uint32_t (a5/TGather.hpp)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @compare_a5_dst(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, %k: f32, %t: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, %d: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, %c: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8>) {
    // expected-error @+1 {{pto.tgather comparison form dst dtype f32 is not supported on target a5 (supported: i32, ui32)}}
    pto.tgather ins(%s, %k, %t : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, f32, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>) outs(%d, %c : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8>)
    func.return
  }
}

// -----

// tscatter mask form on A2/A3: the TSCATTER types (a2a3/TScatter.hpp; no 8-byte elements)
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @mask_a2a3(%s: !pto.tile_buf<loc=vec, dtype=i64, rows=1, cols=32>, %d: !pto.tile_buf<loc=vec, dtype=i64, rows=1, cols=64>) {
    // expected-error @+1 {{pto.tscatter dtype i64 is not supported with maskPattern on target a2a3 (supported: bf16, f16, f32, i16, i32, i8, ui16, ui32, ui8)}}
    pto.tscatter ins(%s, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<loc=vec, dtype=i64, rows=1, cols=32>) outs(%d : !pto.tile_buf<loc=vec, dtype=i64, rows=1, cols=64>)
    func.return
  }
}

// -----

// tscatter mask form: dst valid cols = F_P x src valid cols
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @mask_cols(%s: !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64>, %d: !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=32>) {
    // expected-error @+1 {{pto.tscatter dst valid cols 32 must be 2 x the src valid cols 64 for #pto.mask_pattern<P0101>}}
    pto.tscatter ins(%s, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64>) outs(%d : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=32>)
    func.return
  }
}

// -----

// tscatter mask form: dst rows = src rows
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @mask_rows(%s: !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=32>, %d: !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64>) {
    // expected-error @+1 {{pto.tscatter dst valid rows 1 must equal the src valid rows 2}}
    pto.tscatter ins(%s, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=32>) outs(%d : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64>)
    func.return
  }
}

// -----

// tgather mask form: sizeof(dst element) == sizeof(src element)
func.func @mask_size(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, %d: !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tgather dst dtype f16 must have the size of the src dtype f32}}
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>) outs(%d : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=32>)
  func.return
}

// -----

// tgather mask form: dst.GetValidCol() == DstTileData::Cols (continuous dst storage)
func.func @mask_contiguous(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, %d: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32, v_col=16>) {
  // expected-error @+1 {{pto.tgather with maskPattern packs the selected elements into dst's storage: dst valid cols must be its cols (32), statically}}
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32, v_col=16>)
  func.return
}

// -----

// tgather mask form: one source
func.func @mask_sources(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, %i: !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=32>) {
  // expected-error @+1 {{pto.tgather with maskPattern takes ins(%src) and one destination, got 2 sources}}
  pto.tgather ins(%s, %i, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=32>) outs(%s : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>)
  func.return
}

// -----

// tgather mask form: the selected elements fit dst
func.func @mask_fit(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=32>, %d: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16>) {
  // expected-error @+1 {{pto.tgather selects 32 elements but dst holds 16}}
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=32>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16>)
  func.return
}

// -----

// GATHER_COL: dst has the selected rows of src
func.func @gather_col_rows(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=3, v_col=16>) {
  // expected-error @+1 {{pto.tgather along axis "col" selects 4 of the 8 src valid rows, but dst has 3 valid rows}}
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16>, "col") outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=3, v_col=16>)
  func.return
}

// -----

// GATHER_COL: whole rows, src's valid columns
func.func @gather_col_cols(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=16, v_row=4, v_col=8>) {
  // expected-error @+1 {{pto.tgather along axis "col": dst valid cols 8 must equal the src valid cols 16}}
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16>, "col") outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=16, v_row=4, v_col=8>)
  func.return
}

// -----

// SCATTER_COL: whole rows, src's valid columns
func.func @scatter_col_cols(%s: !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=32>, %d: !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=64>) {
  // expected-error @+1 {{pto.tscatter along axis "col": dst valid cols 64 must equal the src valid cols 32}}
  pto.tscatter ins(%s, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=32>, "col") outs(%d : !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=64>)
  func.return
}

// -----

// SCATTER_COL: src has one row per selected dst row
func.func @scatter_col_rows(%s: !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=32>, %d: !pto.tile_buf<loc=vec, dtype=f16, rows=4, cols=32>) {
  // expected-error @+1 {{pto.tscatter along axis "col": #pto.mask_pattern<P0101> selects 2 of the 4 dst valid rows, but src has 1 valid rows}}
  pto.tscatter ins(%s, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=32>, "col") outs(%d : !pto.tile_buf<loc=vec, dtype=f16, rows=4, cols=32>)
  func.return
}
