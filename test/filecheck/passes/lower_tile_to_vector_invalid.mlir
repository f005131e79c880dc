// pto-lower-tile-to-vector diagnostics: one per input the pass cannot lower exactly.
// RUN: pto-opt %s --split-input-file -p pto-lower-tile-to-vector --verify-diagnostics
// RUN: not pto-opt %s -p "pto-lower-tile-to-vector{target=a9}" 2>&1 | filecheck %s --check-prefix=TARGET

// TARGET: pto-lower-tile-to-vector: unknown target 'a9'

// An SSA tile op has no buffers yet.
func.func @ssa(%x: !pto.tile<loc=vec, dtype=f32, rows=8, cols=64>) {
  // expected-error @+1 {{pto-lower-tile-to-vector: pto.tabs: SSA tile op: run pto-convert-to-dps and pto-plan-memory first}}
  %y = pto.tabs %x : !pto.tile<loc=vec, dtype=f32, rows=8, cols=64> -> !pto.tile<loc=vec, dtype=f32, rows=8, cols=64>
  func.return
}

// -----

// An alloc_tile without a planned address.
func.func @unplanned() {
  %s = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
  %a = arith.constant 4096 : i64
  %d = pto.alloc_tile addr = %a : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
  // expected-error @+1 {{pto-lower-tile-to-vector: pto.tabs: src tile buffer %s has no planned address: run pto-plan-memory first}}
  pto.tabs ins(%s : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>)
  func.return
}

// -----

// A declared tile: its address is the pipe slot a tpop binds it to.
func.func @declared() {
  %s = pto.declare_tile -> !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
  %a = arith.constant 4096 : i64
  %d = pto.alloc_tile addr = %a : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
  // expected-error @+1 {{pto-lower-tile-to-vector: pto.tabs: src tile buffer %s is a pto.declare_tile: its address is the pipe slot a pto.tpop binds it to at run time}}
  pto.tabs ins(%s : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>)
  func.return
}

// -----

// A tile buffer that is a function argument: its address is unknown.
func.func @argument(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>) {
  %a = arith.constant 4096 : i64
  %d = pto.alloc_tile addr = %a : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
  // expected-error @+1 {{pto-lower-tile-to-vector: pto.tabs: src tile buffer %s is not a pto.alloc_tile result, so its address is unknown: run pto-plan-memory first}}
  pto.tabs ins(%s : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>)
  func.return
}

// -----

// A tile buffer carried through scf.for iter_args is not traced.
func.func @iter_arg(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = arith.constant 0 : i64
  %b = arith.constant 4096 : i64
  %s = pto.alloc_tile addr = %a : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
  %d = pto.alloc_tile addr = %b : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %d) -> (!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>) {
    // expected-error @+1 {{pto-lower-tile-to-vector: pto.tabs: dst tile buffer %t is not a pto.alloc_tile result, so its address is unknown: run pto-plan-memory first}}
    pto.tabs ins(%s : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>)
    scf.yield %t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
  }
  func.return
}

// -----

// Integer tdiv on A5: vdiv is float-only (no exact integer division from the vector ops).
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @tdiv_i32() {
    %a = arith.constant 0 : i64
    %x = pto.alloc_tile addr = %a : !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=64>
    // expected-error @+1 {{pto-lower-tile-to-vector: pto.tdiv: i32 on target a5 has no exact vector lowering: pto.vdiv does not support i32 as one instruction (A5's integer vdiv is PTOAS's software sequence)}}
    pto.tdiv ins(%x, %x : !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=64>, !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=64>) outs(%x : !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=64>)
    func.return
  }
}

// -----

// 64-bit tadd on the CPU target (as A5): vadd has no 64-bit lanes.
builtin.module attributes {pto.target_arch = "cpu"} {
  func.func @tadd_i64() {
    %a = arith.constant 0 : i64
    %x = pto.alloc_tile addr = %a : !pto.tile_buf<loc=vec, dtype=i64, rows=8, cols=64>
    // expected-error @+1 {{pto-lower-tile-to-vector: pto.tadd: i64 on target cpu has no exact vector lowering: pto.vadd does not support i64 (supported: bf16, f16, f32, i16, i32, i8, ui16, ui32, ui8)}}
    pto.tadd ins(%x, %x : !pto.tile_buf<loc=vec, dtype=i64, rows=8, cols=64>, !pto.tile_buf<loc=vec, dtype=i64, rows=8, cols=64>) outs(%x : !pto.tile_buf<loc=vec, dtype=i64, rows=8, cols=64>)
    func.return
  }
}

// -----

// A destination over its source shifted by 256 bytes: the chunked loop would read overwritten elements.
func.func @shifted_dst() {
  %a = arith.constant 0 : i64
  %b = arith.constant 256 : i64
  %s = pto.alloc_tile addr = %a : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
  %d = pto.alloc_tile addr = %b : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
  // expected-error @+1 {{pto-lower-tile-to-vector: pto.tsub: src0 %s (bytes [0, 2048)) overlaps dst %d (bytes [256, 2304)) at another position: a chunked loop would read elements it already overwrote}}
  pto.tsub ins(%s, %s : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>, !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>)
  func.return
}

// -----

// The same for a column reduction whose dst row 0 lies inside src at another position.
func.func @reduce_shifted_dst() {
  %a = arith.constant 0 : i64
  %b = arith.constant 256 : i64
  %s = pto.alloc_tile addr = %a : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>
  %d = pto.alloc_tile addr = %b : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64>
  // expected-error @+1 {{pto-lower-tile-to-vector: pto.tcolmin: dst %d (bytes [256, 512)) overlaps src %s (bytes [0, 4096)) at another position: a chunked loop would read elements it already overwrote}}
  pto.tcolmin ins(%s : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64>)
  func.return
}

// -----

// The pairwise sum's scratch tile over its source.
func.func @tmp_over_src() {
  %a = arith.constant 0 : i64
  %b = arith.constant 4096 : i64
  %c = arith.constant 2048 : i64
  %s = pto.alloc_tile addr = %a : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>
  %d = pto.alloc_tile addr = %b : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64>
  %t = pto.alloc_tile addr = %c : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
  // expected-error @+1 {{pto-lower-tile-to-vector: pto.tcolsum: tmp %t (bytes [2048, 4096)) overlaps src %s (bytes [0, 4096)): the pairwise sum writes tmp while it reads src and writes dst}}
  pto.tcolsum ins(%s, %t {isBinary = true} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>, !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64>)
  func.return
}

// -----

// A scratch tile too small for the pairwise sum of 16 rows (a2a3: 8 partial sums of 64 columns).
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @tmp_too_small() {
    %a = arith.constant 0 : i64
    %b = arith.constant 4096 : i64
    %c = arith.constant 8192 : i64
    %s = pto.alloc_tile addr = %a : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>
    %d = pto.alloc_tile addr = %b : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64>
    %t = pto.alloc_tile addr = %c : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=64>
    // expected-error @+1 {{pto-lower-tile-to-vector: pto.tcolsum: tmp %t (bytes [8192, 9216)) is a 4x64 tile; the pairwise sum of 16x64 needs 8x64: the tile op fails at run time}}
    pto.tcolsum ins(%s, %t {isBinary = true} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>, !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=64>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64>)
    func.return
  }
}

// -----

// A 32-byte tile at the end of UB: a masked vsts still needs its 256-byte footprint inside UB.
func.func @ub_end() {
  %a = arith.constant 0 : i64
  %b = arith.constant 253920 : i64
  %s = pto.alloc_tile addr = %a : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8>
  %d = pto.alloc_tile addr = %b : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8>
  // expected-error @+1 {{pto-lower-tile-to-vector: pto.tabs: tile %d (bytes [253920, 253952)): the 256-byte footprint of its last pto.vsts would reach byte 254176, beyond the 253952-byte UB of target cpu}}
  pto.tabs ins(%s : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8>)
  func.return
}

// -----

// A boxed (non-ND) tile.
func.func @boxed() {
  %a = arith.constant 0 : i64
  %b = arith.constant 1024 : i64
  %s = pto.alloc_tile addr = %a : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, blayout=row_major, slayout=row_major>
  %d = pto.alloc_tile addr = %b : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, blayout=row_major, slayout=row_major>
  // expected-error @+1 {{pto-lower-tile-to-vector: pto.tabs: dst tile buffer %d is a loc=vec tile with blayout=row_major, slayout=row_major: the vector lowering handles loc=vec ND tiles (row-major, none_box)}}
  pto.tabs ins(%s : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, blayout=row_major, slayout=row_major>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, blayout=row_major, slayout=row_major>)
  func.return
}
