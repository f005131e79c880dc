// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// The tile chapter's pages landed for issue 25: tsync, tpack, talias, settf32mode/sethf32mode.

// tsync: PTOAS's `ins(...)` form (tile buffers, partition views, memrefs) and its early-2026
// `ins(...) outs(...)` form, which prints as one `ins` list; the manual's barrier form
// `tsync.op #pto.op<C>` on the pipe of op class C.
// CHECK-LABEL: func.func @tsync
// CHECK-NEXT:    pto.tsync ins(%t, %v : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.partition_tensor_view<32x32xf32>)
// CHECK-NEXT:    pto.tsync ins(%v, %m : !pto.partition_tensor_view<32x32xf32>, memref<32x32xf32, #pto.address_space<gm>>)
// CHECK-NEXT:    pto.tsync ins( : )
// CHECK-NEXT:    pto.tsync.op #pto.op<TADD>
// CHECK-NEXT:    pto.tsync.op #pto.op<TSTORE_ACC> {note = "fix"}
// GENERIC: "pto.tsync"(%t, %v) : (!pto.tile_buf<{{.*}}>, !pto.partition_tensor_view<32x32xf32>) -> ()
// GENERIC: "pto.tsync"(%v, %m) : (!pto.partition_tensor_view<32x32xf32>, memref<32x32xf32, #pto.address_space<gm>>) -> ()
// GENERIC: "pto.tsync"() : () -> ()
// GENERIC: "pto.tsync.op"() <{target_pipe = #pto.pipe<PIPE_V>, op_class = "TADD"}> : () -> ()
// GENERIC: "pto.tsync.op"() <{target_pipe = #pto.pipe<PIPE_FIX>, op_class = "TSTORE_ACC"}> {note = "fix"} : () -> ()
module attributes {pto.target_arch = "a2a3"} {
  func.func @tsync(%t: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, %v: !pto.partition_tensor_view<32x32xf32>, %m: memref<32x32xf32, #pto.address_space<gm>>) {
    pto.tsync ins(%t, %v : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.partition_tensor_view<32x32xf32>)
    pto.tsync ins(%v : !pto.partition_tensor_view<32x32xf32>) outs(%m : memref<32x32xf32, #pto.address_space<gm>>)
    pto.tsync ins( : )
    pto.tsync.op #pto.op<TADD>
    pto.tsync.op #pto.op<TSTORE_ACC> {note = "fix"}
    return
  }
}

// tpack (A5): PTOAS's DPS form and the page's SSA form.
// CHECK-LABEL: func.func @tpack
// CHECK-NEXT:    pto.tpack ins(%s : !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%d : !pto.tile_buf<loc=vec, dtype=i16, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:    %{{.*}} = pto.tpack %t : !pto.tile<loc=vec, dtype=f16, rows=8, cols=32, v_row=8, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0> -> !pto.tile<loc=vec, dtype=ui8, rows=8, cols=32, v_row=8, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// GENERIC: "pto.tpack"(%s, %d) <{operandSegmentSizes = array<i32: 1, 1>}> : (!pto.tile_buf<{{.*}}dtype=i32{{.*}}>, !pto.tile_buf<{{.*}}dtype=i16{{.*}}>) -> ()
// GENERIC: "pto.tpack"(%t) <{operandSegmentSizes = array<i32: 1, 0>}> : (!pto.tile<{{.*}}dtype=f16{{.*}}>) -> !pto.tile<{{.*}}dtype=ui8{{.*}}>
module attributes {pto.target_arch = "a5"} {
  func.func @tpack(%s: !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=16>, %d: !pto.tile_buf<loc=vec, dtype=i16, rows=8, cols=16>, %t: !pto.tile<loc=vec, dtype=f16, rows=8, cols=32>) {
    pto.tpack ins(%s : !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=16>) outs(%d : !pto.tile_buf<loc=vec, dtype=i16, rows=8, cols=16>)
    %p = pto.tpack %t : !pto.tile<loc=vec, dtype=f16, rows=8, cols=32> -> !pto.tile<loc=vec, dtype=ui8, rows=8, cols=32>
    return
  }
}

// talias: a tile (or tile buffer) of another type over the same bytes.
// CHECK-LABEL: func.func @talias
// CHECK-NEXT:    %{{.*}} = pto.talias %b : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=16, v_row=4, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0> -> !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=8, v_row=8, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:    %{{.*}} = pto.talias %t : !pto.tile<loc=vec, dtype=f16, rows=8, cols=32, v_row=8, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0> -> !pto.tile<loc=vec, dtype=f16, rows=8, cols=32, v_row=4, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// GENERIC: "pto.talias"(%b) : (!pto.tile_buf<{{.*}}dtype=f32{{.*}}>) -> !pto.tile_buf<{{.*}}dtype=i32{{.*}}>
// GENERIC: "pto.talias"(%t) : (!pto.tile<{{.*}}>) -> !pto.tile<{{.*}}v_row=4{{.*}}>
func.func @talias(%b: !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=16>, %t: !pto.tile<loc=vec, dtype=f16, rows=8, cols=32>) {
  %a = pto.talias %b : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=16> -> !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=8>
  %h = pto.talias %t : !pto.tile<loc=vec, dtype=f16, rows=8, cols=32> -> !pto.tile<loc=vec, dtype=f16, rows=8, cols=32, v_row=4, v_col=32>
  return
}

// settf32mode / sethf32mode: the pages' dictionary form and their Level-2 template; `mode`
// takes the RoundMode spellings (CAST_ROUND is ROUND); other attributes share the dictionary.
// CHECK-LABEL: func.func @modes
// CHECK-NEXT:    pto.settf32mode {enable = true, mode = #pto.round_mode<ROUND>}
// CHECK-NEXT:    pto.settf32mode {enable = false}
// CHECK-NEXT:    pto.sethf32mode {enable = true, mode = #pto.round_mode<RINT>, note = 1 : i64}
// GENERIC: "pto.settf32mode"() <{enable = true, mode = #pto.round_mode<ROUND>}> : () -> ()
// GENERIC: "pto.settf32mode"() <{enable = false}> : () -> ()
// GENERIC: "pto.sethf32mode"() <{enable = true, mode = #pto.round_mode<RINT>}> {note = 1 : i64} : () -> ()
module attributes {pto.target_arch = "a5"} {
  func.func @modes() {
    pto.settf32mode {enable = true, mode = #pto.round_mode<CAST_ROUND>}
    pto.settf32mode ins({enable = false}) outs()
    pto.sethf32mode {enable = true, mode = #pto<round_mode rint>, note = 1}
    return
  }
}
