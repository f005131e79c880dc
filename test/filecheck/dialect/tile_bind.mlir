// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// bind_tile, pointer_cast and #pto.tile_buf_config (PTOAS of early and mid 2026), as written
// (a buffer only tile ops use becomes a tile when a kernel is loaded: test_tile_bind.py). A
// config's enums parse as attributes or integer codes and print as attributes.

// CHECK-LABEL: func.func @as_written
// CHECK: %v = pto.bind_tile %m, %c1, %c64 {config = #pto.tile_buf_config<blayout=#pto.blayout<row_major>, slayout=#pto.slayout<none_box>, s_fractal_size=512, pad=#pto.pad_value<null>, compact=#pto.compact_mode<null>>} : memref<1x64xf32, #pto.address_space<bias>> -> memref<1x64xf32, #pto.address_space<bias>>
// CHECK: %p = pto.pointer_cast(%a, %a) : memref<64xf32, #pto.address_space<vec>>
// GENERIC: "pto.bind_tile"(%m, %c1, %c64) <{config = #pto.tile_buf_config<blayout=#pto.blayout<row_major>, slayout=#pto.slayout<none_box>, s_fractal_size=512, pad=#pto.pad_value<null>, compact=#pto.compact_mode<null>>, operandSegmentSizes = array<i32: 1, 1, 1>}>
// GENERIC: "pto.pointer_cast"(%a, %a) <{operandSegmentSizes = array<i32: 2, 0, 0>}> : (i64, i64) -> memref<64xf32, #pto.address_space<vec>>
func.func @as_written(%a: i64) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %m = memref.alloc() : memref<1x64xf32, #pto.address_space<bias>>
  %v = pto.bind_tile %m, %c1, %c64 {config = #pto.tile_buf_config<blayout=#pto.blayout<row_major>, slayout=0 : i32, pad=#pto.pad_value<null>>} : memref<1x64xf32, #pto.address_space<bias>> -> memref<1x64xf32, #pto.address_space<bias>>
  %s = memref.subview %v[0, 32] [1, 32] [1, 1] : memref<1x64xf32, #pto.address_space<bias>> to memref<1x32xf32, strided<[64, 1], offset: 32>, #pto.address_space<bias>>
  %p = pto.pointer_cast(%a, %a) : memref<64xf32, #pto.address_space<vec>>
  return
}

// CHECK-LABEL: func.func @bitcast
// CHECK-NEXT: %u = pto.bitcast %t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=8, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0> -> !pto.tile_buf<loc=vec, dtype=ui32, rows=8, cols=8, v_row=8, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// GENERIC: "pto.bitcast"(%t)
func.func @bitcast(%t: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) {
  %u = pto.bitcast %t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8> -> !pto.tile_buf<loc=vec, dtype=ui32, rows=8, cols=8>
  return
}
