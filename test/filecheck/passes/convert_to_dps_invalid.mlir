// pto-convert-to-dps diagnostics: one per input the pass cannot convert exactly.
// RUN: pto-opt %s --split-input-file -p pto-convert-to-dps --verify-diagnostics

// A tile passed to an op the pass does not know.
!t = !pto.tile<loc=vec, dtype=f32, rows=8, cols=8>
func.func private @consume(!t)
func.func @call(%t: !t) {
  // expected-error @+1 {{pto-convert-to-dps: func.call: uses !pto.tile values: the pass converts !pto.tile values in the pto tile instructions and in the structured control flow of scf.for, scf.if and scf.yield only}}
  func.call @consume(%t) : (!t) -> ()
  func.return
}

// -----

// A function returning a tile.
!t = !pto.tile<loc=vec, dtype=f32, rows=8, cols=8>
// expected-error @+1 {{pto-convert-to-dps: func.func: @returns returns a !pto.tile: a function gives tiles back by writing !pto.tile_buf arguments}}
func.func @returns(%t: !t) -> !t {
  func.return %t : !t
}

// -----

// Tiles carried by a loop other than scf.for.
!t = !pto.tile<loc=vec, dtype=f32, rows=8, cols=8>
func.func @while(%t: !t, %c: i1) {
  // expected-error @+1 {{pto-convert-to-dps: scf.while: uses !pto.tile values: the pass converts !pto.tile values in the pto tile instructions and in the structured control flow of scf.for, scf.if and scf.yield only}}
  %r = scf.while (%x = %t) : (!t) -> !t {
    scf.condition(%c) %x : !t
  } do {
  ^bb0(%y: !t):
    scf.yield %y : !t
  }
  func.return
}

// -----

// Tile instructions inside a loop other than scf.for, which carries no tile itself.
!t = !pto.tile<loc=vec, dtype=f32, rows=8, cols=8>
!pv = !pto.partition_tensor_view<8x8xf32>
func.func @inside_while(%p: !pv, %c: i1) {
  // expected-error @+1 {{pto-convert-to-dps: scf.while: uses !pto.tile values: the pass converts !pto.tile values in the pto tile instructions and in the structured control flow of scf.for, scf.if and scf.yield only}}
  scf.while (%b = %c) : (i1) -> () {
    scf.condition(%b)
  } do {
    %x = pto.tload %p : !pv -> !t
    pto.tstore %x, %p : !t, !pv
    scf.yield %c : i1
  }
  func.return
}

// -----

// Unstructured control flow.
!t = !pto.tile<loc=vec, dtype=f32, rows=8, cols=8>
!pv = !pto.partition_tensor_view<8x8xf32>
// expected-error @+1 {{pto-convert-to-dps: func.func: @blocks has several blocks and uses !pto.tile values: the pass converts !pto.tile values in the pto tile instructions and in the structured control flow of scf.for, scf.if and scf.yield only}}
func.func @blocks(%p: !pv) {
  %x = pto.tload %p : !pv -> !t
  cf.br ^bb1
^bb1:
  pto.tstore %x, %p : !t, !pv
  func.return
}

// -----

// The initial accumulator is read after the loop starts, and acc tiles cannot be copied.
!left = !pto.tile<loc=left, dtype=f16, rows=16, cols=16>
!right = !pto.tile<loc=right, dtype=f16, rows=16, cols=16>
!acc = !pto.tile<loc=acc, dtype=f32, rows=16, cols=16>
!pc = !pto.partition_tensor_view<16x16xf32>
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @acc_init_reused(%l: !left, %r: !right, %out: !pc, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %first = pto.tmatmul %l, %r : (!left, !right) -> !acc
    // expected-error @+1 {{pto-convert-to-dps: scf.for: the initial tile of iter_arg #0 is still used once the loop has started, so the loop needs a copy of it, but a loc=acc tile cannot be copied (pto.tmov copies within one location only from vec to vec)}}
    %sum = scf.for %i = %c0 to %n step %c1 iter_args(%part = %first) -> (!acc) {
      %next = pto.tmatmul.acc %part, %l, %r : (!acc, !left, !right) -> !acc
      scf.yield %next : !acc
    }
    pto.tstore %first, %out : !acc, !pc
    pto.tstore %sum, %out : !acc, !pc
    func.return
  }
}

// -----

// The yielded accumulator is computed while the iter_arg is still to be read.
!left = !pto.tile<loc=left, dtype=f16, rows=16, cols=16>
!right = !pto.tile<loc=right, dtype=f16, rows=16, cols=16>
!acc = !pto.tile<loc=acc, dtype=f32, rows=16, cols=16>
!pc = !pto.partition_tensor_view<16x16xf32>
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @acc_yield_copy(%l: !left, %r: !right, %out: !pc, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %first = pto.tmatmul %l, %r : (!left, !right) -> !acc
    %sum = scf.for %i = %c0 to %n step %c1 iter_args(%part = %first) -> (!acc) {
      %fresh = pto.tmatmul %l, %r : (!left, !right) -> !acc
      pto.tstore %part, %out : !acc, !pc
      // expected-error @+1 {{pto-convert-to-dps: scf.yield: the tile yielded as #0 cannot be computed in the loop's carried tile buffer, so it needs a copy, but a loc=acc tile cannot be copied (pto.tmov copies within one location only from vec to vec)}}
      scf.yield %fresh : !acc
    }
    pto.tstore %sum, %out : !acc, !pc
    func.return
  }
}

// -----

// tmatmul.acc cannot accumulate into an argument, and computes only m x n = 8x16 of the 16x16
// valid region it would have to fill in a buffer of its own.
!left = !pto.tile<loc=left, dtype=f16, rows=16, cols=16, v_row=8>
!right = !pto.tile<loc=right, dtype=f16, rows=16, cols=16>
!acc = !pto.tile<loc=acc, dtype=f32, rows=16, cols=16>
!pc = !pto.partition_tensor_view<16x16xf32>
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @acc_in_still_used(%l: !left, %r: !right, %c: !acc, %out: !pc) {
    // expected-error @+1 {{pto-convert-to-dps: pto.tmatmul.acc: acc_in is a function argument, which the pass never writes, so the result needs a tile buffer of its own, but the op computes only an 8x16 block of it, which may not cover its valid region 16x16, and an acc tile cannot be copied}}
    %d = pto.tmatmul.acc %c, %l, %r : (!acc, !left, !right) -> !acc
    pto.tstore %d, %out : !acc, !pc
    func.return
  }
}

// -----

// The loop yields a tile of other run-time valid sizes than its initial tile.
!t = !pto.tile<loc=vec, dtype=f32, rows=8, cols=8, v_row=?, v_col=?>
!pv = !pto.partition_tensor_view<?x?xf32>
!tv = !pto.tensor_view<?x?xf32>
func.func @loop_valid(%v: !tv, %n: index, %r0: index, %r1: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %p0 = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%r0, %r0] : !tv -> !pv
  %p1 = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%r1, %r0] : !tv -> !pv
  %init = pto.tload %p0 : !pv -> !t
  // expected-error @+1 {{pto-convert-to-dps: scf.for: the tile yielded as #0 may have other valid sizes (?x?) than iter_arg #0 (?x?); a loop-carried tile buffer has one valid size}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (!t) {
    %x = pto.tload %p1 : !pv -> !t
    scf.yield %x : !t
  }
  pto.tstore %r, %p0 : !t, !pv
  func.return
}

// -----

// The branches yield tiles of different run-time valid sizes.
!t = !pto.tile<loc=vec, dtype=f32, rows=8, cols=8, v_row=?, v_col=?>
!pv = !pto.partition_tensor_view<?x?xf32>
!tv = !pto.tensor_view<?x?xf32>
func.func @branch_valid(%v: !tv, %c: i1, %r0: index, %r1: index) {
  %c0 = arith.constant 0 : index
  %p0 = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%r0, %r0] : !tv -> !pv
  %p1 = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%r1, %r0] : !tv -> !pv
  // expected-error @+1 {{pto-convert-to-dps: scf.if: the branches may yield tiles of different valid sizes as result #0 (?x? and ?x?); its tile buffer has one valid size}}
  %r = scf.if %c -> (!t) {
    %x = pto.tload %p0 : !pv -> !t
    scf.yield %x : !t
  } else {
    %y = pto.tload %p1 : !pv -> !t
    scf.yield %y : !t
  }
  pto.tstore %r, %p0 : !t, !pv
  func.return
}

// -----

// A `?` size of a tile argument is needed for a new buffer, but no SSA value holds it.
!t = !pto.tile<loc=vec, dtype=f32, rows=8, cols=8, v_row=?, v_col=?>
func.func @unnamed_valid(%t: !t) {
  // expected-error @+1 {{pto-convert-to-dps: pto.tabs: the valid sizes of the result come from a !pto.tile function argument with `?` sizes, which no SSA value names, so its tile buffer cannot be allocated (give the argument static valid sizes)}}
  %u = pto.tabs %t : !t -> !t
  func.return
}

// -----

// A tmov to a tile of static valid sizes reads the loop result beyond its `?` rows, where
// its reused buffer holds other elements than the fresh SSA tile.
!t = !pto.tile<loc=vec, dtype=f32, rows=8, cols=8, v_row=?, v_col=8>
!s = !pto.tile<loc=vec, dtype=f32, rows=8, cols=8>
!pv = !pto.partition_tensor_view<?x8xf32>
!ps = !pto.partition_tensor_view<8x8xf32>
!tv = !pto.tensor_view<?x?xf32>
func.func @over_read(%v: !tv, %out: !ps, %n: index, %rows: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%rows, %c8] : !tv -> !pv
  %init = pto.tload %p : !pv -> !t
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (!t) {
    %x = pto.tload %p : !pv -> !t
    %y = pto.tadd %acc, %x : (!t, !t) -> !t
    scf.yield %y : !t
  }
  // expected-error @+1 {{pto-convert-to-dps: pto.tmov: src is read over 8x8, which may exceed its valid region ?x8, and src lives in a reused tile buffer whose elements outside the valid region are not those of the SSA program}}
  %full = pto.tmov %r : !t -> !s
  pto.tstore %full, %out : !s, !ps
  func.return
}

// -----

// A branch yielding a tile of another type (here another pad value) than the scf.if result,
// which xDSL's scf.if does not check (the project's scf rules do, before every pass).
!t = !pto.tile<loc=vec, dtype=f16, rows=16, cols=16>
!z = !pto.tile<loc=vec, dtype=f16, rows=16, cols=16, pad=1>
!pv = !pto.partition_tensor_view<16x16xf16>
func.func @if_yield_type(%p: !pv, %q: !pv, %c: i1) {
  %a = pto.tload %p : !pv -> !t
  %b = pto.tload %p : !pv -> !z
  %r = scf.if %c -> (!t) {
    scf.yield %a : !t
  } else {
    // expected-error-re @+1 {{scf.yield: operand #0 has type !pto.tile<loc=vec, dtype=f16, rows=16, cols=16, {{.*}}, pad=1> but result #0 of the enclosing scf.if has type !pto.tile<loc=vec, dtype=f16, rows=16, cols=16, {{.*}}, pad=0>}}
    scf.yield %b : !z
  }
  pto.tstore %r, %q : !t, !pv
  func.return
}

// -----

// A tile larger than the target's UB (1 MiB of f32 against a5's 248 KiB): its tile buffer
// could not be allocated, so the pass stops before it writes an alloc_tile that does not verify.
!t = !pto.tile<loc=vec, dtype=f32, rows=512, cols=512>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @huge(%t: !t) {
    // expected-error @+1 {{pto-convert-to-dps: pto.tabs: the result needs a tile buffer of 1048576 bytes, more than the 253952-byte loc=vec memory of target a5}}
    %u = pto.tabs %t : !t -> !t
    func.return
  }
}

// -----

// The same for the buffer of an scf.if result (both branches yield arguments, which the
// pass never writes, so the result needs a buffer of its own).
!t = !pto.tile<loc=vec, dtype=f32, rows=512, cols=512>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @huge_branch(%a: !t, %b: !t, %c: i1) {
    // expected-error @+1 {{pto-convert-to-dps: scf.if: result #0 needs a tile buffer of 1048576 bytes, more than the 253952-byte loc=vec memory of target a5}}
    %r = scf.if %c -> (!t) {
      scf.yield %a : !t
    } else {
      scf.yield %b : !t
    }
    func.return
  }
}
