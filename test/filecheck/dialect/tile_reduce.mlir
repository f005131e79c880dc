// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

!s = !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
!d = !pto.tile<loc=vec, dtype=f32, rows=1, cols=16>
!sb = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>
!db = !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16>

// CHECK-LABEL: func.func @col_reduce
// CHECK-NEXT: %0 = pto.tcolmin %s : !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0> -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: %1 = pto.tcolmax %s : !pto.tile<{{.*}}> -> !pto.tile<{{.*}}>
// CHECK-NEXT: %2 = pto.tcolsum %s : !pto.tile<{{.*}}> -> !pto.tile<{{.*}}>
// CHECK-NEXT: %3 = pto.tcolsum %s, %s {isBinary = true} : (!pto.tile<{{.*}}>, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK-NEXT: pto.tcolmin ins(%sb : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16{{.*}}>) outs(%db : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16{{.*}}>)
// CHECK-NEXT: pto.tcolmax ins(%sb : !pto.tile_buf<{{.*}}>) outs(%db : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tcolsum ins(%sb : !pto.tile_buf<{{.*}}>) outs(%db : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.tcolsum ins(%sb, %sb {isBinary = false} : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%db : !pto.tile_buf<{{.*}}>)
// GENERIC: "pto.tcolmin"(%s) <{operandSegmentSizes = array<i32: 1, 0>}>
// GENERIC: "pto.tcolmax"(%s) <{operandSegmentSizes = array<i32: 1, 0>}>
// GENERIC: "pto.tcolsum"(%s) <{operandSegmentSizes = array<i32: 1, 0>}>
// GENERIC: "pto.tcolsum"(%s, %s) <{operandSegmentSizes = array<i32: 2, 0>}> {isBinary = true}
// GENERIC: "pto.tcolmin"(%sb, %db) <{operandSegmentSizes = array<i32: 1, 1>}>
// GENERIC: "pto.tcolmax"(%sb, %db) <{operandSegmentSizes = array<i32: 1, 1>}>
// GENERIC: "pto.tcolsum"(%sb, %db) <{operandSegmentSizes = array<i32: 1, 1>}>
// GENERIC: "pto.tcolsum"(%sb, %sb, %db) <{operandSegmentSizes = array<i32: 2, 1>}> {isBinary = false}
func.func @col_reduce(%s: !s, %sb: !sb, %db: !db) {
  %0 = pto.tcolmin %s : !s -> !d
  %1 = pto.tcolmax %s : !s -> !d
  %2 = pto.tcolsum %s : !s -> !d
  %3 = pto.tcolsum %s, %s {isBinary = true} : (!s, !s) -> !d
  pto.tcolmin ins(%sb : !sb) outs(%db : !db)
  pto.tcolmax ins(%sb : !sb) outs(%db : !db)
  pto.tcolsum ins(%sb : !sb) outs(%db : !db)
  pto.tcolsum ins(%sb, %sb {isBinary = false} : !sb, !sb) outs(%db : !db)
  func.return
}

// Seed 001 (pto.tcolmin), AS Level 1 and AS Level 2 lines with the tile types of its C++
// example: a 16x16 float Vec source reduced into a 1x16 float Vec destination.
// CHECK-LABEL: func.func @seed_001
// CHECK-NEXT: %dst = pto.tcolmin %src : !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0> -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: pto.tcolmin ins(%srcb : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%dstb : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
func.func @seed_001(%src: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, %srcb: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, %dstb: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {
  %dst = pto.tcolmin %src : !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0> -> !pto.tile<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tcolmin ins(%srcb : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%dstb : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  func.return
}

// Dynamic valid columns are checked at run time; i8 is an A5 type of the column reductions.
// CHECK-LABEL: func.func @a5_dynamic
// CHECK-NEXT: pto.tcolmax ins(%s : !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=32, v_row=?, v_col=?{{.*}}>) outs(%d : !pto.tile_buf<loc=vec, dtype=i8, rows=1, cols=32, v_row=1, v_col=8{{.*}}>)
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @a5_dynamic(%s: !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=32, v_row=?, v_col=?>, %d: !pto.tile_buf<loc=vec, dtype=i8, rows=1, cols=32, v_col=8>) {
    pto.tcolmax ins(%s : !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=32, v_row=?, v_col=?>) outs(%d : !pto.tile_buf<loc=vec, dtype=i8, rows=1, cols=32, v_col=8>)
    func.return
  }
}
