// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

!s = !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=32>
!i = !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=32>
!o = !pto.tile_buf<loc=vec, dtype=ui32, rows=1, cols=8>
!x = !pto.tile_buf<loc=vec, dtype=i16, rows=1, cols=32>

// The DPS forms as PTOAS writes them (the A2/A3 index gather takes its tmp).
// CHECK-LABEL: func.func @dps
// CHECK-NEXT: pto.tgather ins(%src, %indices, %tmp : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=32{{.*}}>, !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=32{{.*}}>, !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=32{{.*}}>) outs(%dst : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=32{{.*}}>)
// CHECK-NEXT: pto.tgatherb ins(%src, %off : !pto.tile_buf<{{.*}}>, !pto.tile_buf<loc=vec, dtype=ui32, rows=1, cols=8{{.*}}>) outs(%dst : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tscatter ins(%src, %idx : !pto.tile_buf<{{.*}}>, !pto.tile_buf<loc=vec, dtype=i16, rows=1, cols=32{{.*}}>) outs(%dst : !pto.tile_buf<{{.*}}>)
// GENERIC: "pto.tgather"(%src, %indices, %tmp, %dst) <{operandSegmentSizes = array<i32: 3, 1>}>
// GENERIC: "pto.tgatherb"(%src, %off, %dst) <{operandSegmentSizes = array<i32: 2, 1>}>
// GENERIC: "pto.tscatter"(%src, %idx, %dst) <{operandSegmentSizes = array<i32: 2, 1>}>
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @dps(%src: !s, %indices: !i, %tmp: !i, %off: !o, %idx: !x, %dst: !s) {
    pto.tgather ins(%src, %indices, %tmp : !s, !i, !i) outs(%dst : !s)
    pto.tgatherb ins(%src, %off : !s, !o) outs(%dst : !s)
    pto.tscatter ins(%src, %idx : !s, !x) outs(%dst : !s)
    func.return
  }
}

// SSA forms; on A5 tgather takes no tmp and b16 indices.
// CHECK-LABEL: func.func @ssa
// CHECK-NEXT: %0 = pto.tgather %src, %idx : (!pto.tile<loc=vec, dtype=f32, rows=1, cols=64{{.*}}>, !pto.tile<loc=vec, dtype=ui16, rows=1, cols=64{{.*}}>) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=64{{.*}}>
// CHECK-NEXT: %1 = pto.tgatherb %src, %off : (!pto.tile<{{.*}}>, !pto.tile<loc=vec, dtype=ui32, rows=1, cols=8{{.*}}>) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=64{{.*}}>
// GENERIC: "pto.tgather"(%src, %idx) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tgatherb"(%src, %off) <{operandSegmentSizes = array<i32: 2, 0>}>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @ssa(%src: !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, %idx: !pto.tile<loc=vec, dtype=ui16, rows=1, cols=64>, %off: !pto.tile<loc=vec, dtype=ui32, rows=1, cols=8>) {
    %0 = pto.tgather %src, %idx : (!pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, !pto.tile<loc=vec, dtype=ui16, rows=1, cols=64>) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=64>
    %1 = pto.tgatherb %src, %off : (!pto.tile<loc=vec, dtype=f32, rows=1, cols=64>, !pto.tile<loc=vec, dtype=ui32, rows=1, cols=8>) -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=64, v_col=64>
    func.return
  }
}

// The mask-pattern forms, PTOAS's spelling in DPS form (the attr-dict as an ins operand).
// CHECK-LABEL: func.func @mask
// CHECK-NEXT: pto.tgather ins(%src, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64{{.*}}>) outs(%half : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32{{.*}}>)
// CHECK-NEXT: pto.tscatter ins(%half, {maskPattern = #pto.mask_pattern<P1010>} : !pto.tile_buf<{{.*}}>) outs(%src : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: %0 = pto.tgather %s {maskPattern = #pto.mask_pattern<P1000>} : !pto.tile<loc=vec, dtype=f16, rows=1, cols=64{{.*}}> -> !pto.tile<loc=vec, dtype=f16, rows=1, cols=16{{.*}}>
// GENERIC: "pto.tgather"(%src, %half) <{operandSegmentSizes = array<i32: 1, 1>}> {maskPattern = #pto.mask_pattern<P0101>}
// CHECK-NEXT: pto.tgather ins(%rows, {maskPattern = #pto.mask_pattern<P0010>, axis = "col"} : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=16{{.*}}>) outs(%row : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16{{.*}}>)
// CHECK-NEXT: pto.tscatter ins(%row, {maskPattern = #pto.mask_pattern<P0010>, axis = "col"} : !pto.tile_buf<{{.*}}>) outs(%rows : !pto.tile_buf<{{.*}}>)
// GENERIC: "pto.tscatter"(%half, %src) <{operandSegmentSizes = array<i32: 1, 1>}> {maskPattern = #pto.mask_pattern<P1010>}
// GENERIC: "pto.tgather"(%rows, %row) <{operandSegmentSizes = array<i32: 1, 1>}> {maskPattern = #pto.mask_pattern<P0010>, axis = "col"}
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @mask(%src: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64>, %half: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>, %s: !pto.tile<loc=vec, dtype=f16, rows=1, cols=64>, %rows: !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=16>, %row: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16>) {
    pto.tgather ins(%src, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64>) outs(%half : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>)
    pto.tscatter ins(%half, {maskPattern = #pto.mask_pattern<P1010>} : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>) outs(%src : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64>)
    %0 = pto.tgather %s {maskPattern = #pto.mask_pattern<P1000>} : !pto.tile<loc=vec, dtype=f16, rows=1, cols=64> -> !pto.tile<loc=vec, dtype=f16, rows=1, cols=16>
    pto.tgather ins(%rows, {maskPattern = #pto.mask_pattern<P0010>} : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=16>, "col") outs(%row : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16>)
    pto.tscatter ins(%row, {maskPattern = #pto.mask_pattern<P0010>} : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16>, "col") outs(%rows : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=16>)
    func.return
  }
}

// The comparison form (PTOAS: ins(%src, %kValue, %tmp) outs(%dst, %cdst) {offset}).
// CHECK-LABEL: func.func @compare
// CHECK-NEXT: pto.tgather ins(%src, %k, %tmp, {cmpMode = #pto.cmp<GT>, offset = 7 : i32} : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=32{{.*}}>, f16, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32{{.*}}>) outs(%dst, %cdst : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=32{{.*}}>, !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=32{{.*}}>)
// GENERIC: "pto.tgather"(%src, %k, %tmp, %dst, %cdst) <{operandSegmentSizes = array<i32: 3, 2>}> {cmpMode = #pto.cmp<GT>, offset = 7 : i32}
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @compare(%src: !s, %k: f16, %tmp: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, %dst: !i, %cdst: !i) {
    pto.tgather ins(%src, %k, %tmp : !s, f16, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>) outs(%dst, %cdst : !i, !i) {cmpMode = #pto<cmp gt>, offset = 7 : i32}
    func.return
  }
}

// The comparison form on A5 (a5/TGather.hpp): 16-bit integers, GT.
// CHECK-LABEL: func.func @compare_a5
// CHECK-NEXT: pto.tgather ins(%src, %k, %tmp, {cmpMode = #pto.cmp<GT>} : !pto.tile_buf<loc=vec, dtype=i16, rows=1, cols=64{{.*}}>, i16, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32{{.*}}>) outs(%dst, %cdst : !pto.tile_buf<loc=vec, dtype=ui32, rows=1, cols=64{{.*}}>, !pto.tile_buf<loc=vec, dtype=ui32, rows=1, cols=8{{.*}}>)
// GENERIC: "pto.tgather"(%src, %k, %tmp, %dst, %cdst) <{operandSegmentSizes = array<i32: 3, 2>}> {cmpMode = #pto.cmp<GT>}
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @compare_a5(%src: !pto.tile_buf<loc=vec, dtype=i16, rows=1, cols=64>, %k: i16, %tmp: !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>, %dst: !pto.tile_buf<loc=vec, dtype=ui32, rows=1, cols=64>, %cdst: !pto.tile_buf<loc=vec, dtype=ui32, rows=1, cols=8>) {
    pto.tgather ins(%src, %k, %tmp : !pto.tile_buf<loc=vec, dtype=i16, rows=1, cols=64>, i16, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32>) outs(%dst, %cdst : !pto.tile_buf<loc=vec, dtype=ui32, rows=1, cols=64>, !pto.tile_buf<loc=vec, dtype=ui32, rows=1, cols=8>) {cmpMode = #pto<cmp gt>}
    func.return
  }
}
