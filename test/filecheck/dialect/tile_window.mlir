// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// The spellings PTOAS kernels write (DPS, index operands) and the manual's SSA form, on
// A2/A3 (PTOAS's default target), whose left tiles are zZ.
!m = !pto.tile_buf<loc=mat, dtype=bf16, rows=16, cols=128, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
!l = !pto.tile_buf<loc=left, dtype=bf16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=row_major, fractal=512, pad=0>
!v = !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=128>
!w = !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
!t = !pto.tile<loc=vec, dtype=f16, rows=32, cols=32>
!s = !pto.tile<loc=vec, dtype=f16, rows=16, cols=16>

// CHECK-LABEL: func.func @window
// CHECK-NEXT: pto.textract ins(%m, %r, %c : !pto.tile_buf<loc=mat, dtype=bf16, rows=16, cols=128, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%l : !pto.tile_buf<loc=left, dtype=bf16, rows=16, cols=64{{.*}}>)
// CHECK-NEXT: pto.textract ins(%v, %r, %c : !pto.tile_buf<{{.*}}>, index, index) outs(%w : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tinsert ins(%w, %r, %c : !pto.tile_buf<{{.*}}>, index, index) outs(%v : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: %0 = pto.textract %t, %r, %c : (!pto.tile<loc=vec, dtype=f16, rows=32, cols=32{{.*}}>, index, index) -> !pto.tile<loc=vec, dtype=f16, rows=16, cols=16{{.*}}>
// CHECK-NEXT: %1 = pto.tinsert %s, %i, %i : (!pto.tile<{{.*}}>, i16, i16) -> !pto.tile<{{.*}}>
// GENERIC: "pto.textract"(%m, %r, %c, %l) <{operandSegmentSizes = array<i32: 3, 1>}>
// GENERIC: "pto.textract"(%v, %r, %c, %w) <{operandSegmentSizes = array<i32: 3, 1>}>
// GENERIC: "pto.tinsert"(%w, %r, %c, %v) <{operandSegmentSizes = array<i32: 3, 1>}>
// GENERIC: "pto.textract"(%t, %r, %c) <{operandSegmentSizes = array<i32: 3, 0>}>
// GENERIC: "pto.tinsert"(%s, %i, %i) <{operandSegmentSizes = array<i32: 3, 0>}>
builtin.module attributes {pto.target_arch = "a2a3"} {
func.func @window(%m: !m, %l: !l, %v: !v, %w: !w, %t: !t, %s: !s, %r: index, %c: index, %i: i16) {
  pto.textract ins(%m, %r, %c : !m, index, index) outs(%l : !l)
  pto.textract ins(%v, %r, %c : !v, index, index) outs(%w : !w)
  pto.tinsert ins(%w, %r, %c : !w, index, index) outs(%v : !v)
  %0 = pto.textract %t, %r, %c : (!t, index, index) -> !s
  %1 = pto.tinsert %s, %i, %i : (!s, i16, i16) -> !t
  func.return
}
}
