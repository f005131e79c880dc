// pto-convert-to-dps: SSA tile values become pto.alloc_tile buffers written by DPS ops; one
// case per rule of passes/convert_to_dps/plan.py. test/unit/test_convert_to_dps.py runs every
// case that has an `ARGS:` line before and after the pass on every target and compares
// the outputs byte for byte.
// RUN: xdsl-opt %s --split-input-file -p pto-convert-to-dps | filecheck %s
// RUN: xdsl-opt %examples/tadd_ssa.mlir -p pto-convert-to-dps | filecheck %s --check-prefix=CHAIN
// The pass is idempotent: a second run changes nothing.
// RUN: xdsl-opt %s --split-input-file -p pto-convert-to-dps > %t.once
// RUN: xdsl-opt %s --split-input-file -p pto-convert-to-dps,pto-convert-to-dps > %t.twice
// RUN: diff %t.once %t.twice

// Straight line (examples/tadd_ssa.mlir): each value gets its own buffer, allocated right
// before the op that writes it; the store reads the last one.
// CHAIN:      %pc = pto.partition_view
// CHAIN-NEXT: %ta = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHAIN-NEXT: pto.tload ins(%pa : !pto.partition_tensor_view<32x32xf16>) outs(%ta : !pto.tile_buf<{{.*}}>)
// CHAIN-NEXT: %tb = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, {{.*}}>
// CHAIN-NEXT: pto.tload ins(%pb : !pto.partition_tensor_view<32x32xf16>) outs(%tb : !pto.tile_buf<{{.*}}>)
// CHAIN-NEXT: %sum = pto.alloc_tile
// CHAIN-NEXT: pto.tadd ins(%ta, %tb : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%sum : !pto.tile_buf<{{.*}}>)
// CHAIN-NEXT: %abs = pto.alloc_tile
// CHAIN-NEXT: pto.tabs ins(%sum : !pto.tile_buf<{{.*}}>) outs(%abs : !pto.tile_buf<{{.*}}>)
// CHAIN-NEXT: %res = pto.alloc_tile
// CHAIN-NEXT: pto.tsub ins(%abs, %tb : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%res : !pto.tile_buf<{{.*}}>)
// CHAIN-NEXT: pto.tstore ins(%res : !pto.tile_buf<{{.*}}>) outs(%pc : !pto.partition_tensor_view<32x32xf16>)
// CHAIN-NEXT: func.return
// CHAIN-NOT:  !pto.tile<

!t = !pto.tile<loc=vec, dtype=f32, rows=8, cols=8>
!pv = !pto.partition_tensor_view<8x8xf32>
!tv = !pto.tensor_view<?x?xf32>

// Accumulation over tiles: the initial tile is read by nothing but the loop, so the loop
// updates its buffer in place; the tadd writes the carried buffer it reads; the loop
// loses its iter_arg and result, and the store after it reads the same buffer.
// CHECK-LABEL: func.func @accumulate
// CHECK:         %init = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=8, v_col=8, {{.*}}>
// CHECK-NEXT:    pto.tload ins(%p0 : !pto.partition_tensor_view<8x8xf32>) outs(%init : {{.*}})
// CHECK-NEXT:    scf.for %i = %c1 to %n step %c1 {
// CHECK-NEXT:      %row = arith.muli %i, %c8 : index
// CHECK-NEXT:      %p = pto.partition_view
// CHECK-NEXT:      %x = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=8, v_col=8, {{.*}}>
// CHECK-NEXT:      pto.tload ins(%p : !pto.partition_tensor_view<8x8xf32>) outs(%x : {{.*}})
// CHECK-NEXT:      pto.tadd ins(%init, %x : {{.*}}) outs(%init : {{.*}})
// CHECK-NEXT:    }
// CHECK-NEXT:    %pc = pto.partition_view
// CHECK-NEXT:    pto.tstore ins(%init : {{.*}}) outs(%pc : !pto.partition_tensor_view<8x8xf32>)
// CHECK-NEXT:    func.return
// ARGS: rand:64x8xf32:1 zeros:8x8xf32 5:index
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @accumulate(%a: !pto.ptr<f32>, %c: !pto.ptr<f32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %va = pto.make_tensor_view %a, shape = [%c64, %c8], strides = [%c8, %c1] : !tv
    %vc = pto.make_tensor_view %c, shape = [%c8, %c8], strides = [%c8, %c1] : !tv
    %p0 = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %init = pto.tload %p0 : !pv -> !t
    %sum = scf.for %i = %c1 to %n step %c1 iter_args(%acc = %init) -> (!t) {
      %row = arith.muli %i, %c8 : index
      %p = pto.partition_view %va, offsets = [%row, %c0], sizes = [%c8, %c8] : !tv -> !pv
      %x = pto.tload %p : !pv -> !t
      %next = pto.tadd %acc, %x : (!t, !t) -> !t
      scf.yield %next : !t
    }
    %pc = pto.partition_view %vc, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    pto.tstore %sum, %pc : !t, !pv
    func.return
  }
}

// -----

!t = !pto.tile<loc=vec, dtype=f32, rows=8, cols=8>
!pv = !pto.partition_tensor_view<8x8xf32>
!tv = !pto.tensor_view<?x?xf32>

// The initial tile is still read after the loop: two live values need two buffers, so the
// loop gets a buffer of its own and a vec->vec tmov copies the initial tile into it.
// CHECK-LABEL: func.func @init_still_used
// CHECK:         %init = pto.alloc_tile
// CHECK-NEXT:    pto.tload ins(%p0 : {{.*}}) outs(%init : {{.*}})
// CHECK-NEXT:    %acc = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=8, v_col=8, {{.*}}>
// CHECK-NEXT:    pto.tmov ins(%init : {{.*}}) outs(%acc : {{.*}})
// CHECK-NEXT:    scf.for %i = %c1 to %n step %c1 {
// CHECK:           pto.tmax ins(%acc, %x : {{.*}}) outs(%acc : {{.*}})
// CHECK-NEXT:    }
// CHECK-NEXT:    %span = pto.alloc_tile
// CHECK-NEXT:    pto.tsub ins(%acc, %init : {{.*}}) outs(%span : {{.*}})
// CHECK:         pto.tstore ins(%span : {{.*}}) outs(%pc0 : {{.*}})
// CHECK-NEXT:    pto.tstore ins(%acc : {{.*}}) outs(%pc1 : {{.*}})
// ARGS: rand:64x8xf32:1 zeros:16x8xf32 5:index
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @init_still_used(%a: !pto.ptr<f32>, %c: !pto.ptr<f32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %va = pto.make_tensor_view %a, shape = [%c64, %c8], strides = [%c8, %c1] : !tv
    %vc = pto.make_tensor_view %c, shape = [%c16, %c8], strides = [%c8, %c1] : !tv
    %p0 = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %init = pto.tload %p0 : !pv -> !t
    %max = scf.for %i = %c1 to %n step %c1 iter_args(%acc = %init) -> (!t) {
      %row = arith.muli %i, %c8 : index
      %p = pto.partition_view %va, offsets = [%row, %c0], sizes = [%c8, %c8] : !tv -> !pv
      %x = pto.tload %p : !pv -> !t
      %next = pto.tmax %acc, %x : (!t, !t) -> !t
      scf.yield %next : !t
    }
    %span = pto.tsub %max, %init : (!t, !t) -> !t
    %pc0 = pto.partition_view %vc, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %pc1 = pto.partition_view %vc, offsets = [%c8, %c0], sizes = [%c8, %c8] : !tv -> !pv
    pto.tstore %span, %pc0 : !t, !pv
    pto.tstore %max, %pc1 : !t, !pv
    func.return
  }
}

// -----

!t = !pto.tile<loc=vec, dtype=f32, rows=8, cols=8>
!pv = !pto.partition_tensor_view<8x8xf32>
!tv = !pto.tensor_view<?x?xf32>

// The inner loop's initial tile comes from before the outer loop, which starts every inner
// loop from it again: the inner loop cannot update its buffer in place, so each outer
// iteration copies it into a buffer of its own.
// CHECK-LABEL: func.func @init_from_outer_scope
// CHECK:         %y = pto.alloc_tile
// CHECK-NEXT:    pto.tload ins(%p1 : {{.*}}) outs(%y : {{.*}})
// CHECK-NEXT:    scf.for %i = %c0 to %n step %c1 {
// CHECK-NEXT:      %acc = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=8, v_col=8, {{.*}}>
// CHECK-NEXT:      pto.tmov ins(%x : {{.*}}) outs(%acc : {{.*}})
// CHECK-NEXT:      scf.for %j = %c0 to %c2 step %c1 {
// CHECK-NEXT:        pto.tadd ins(%acc, %y : {{.*}}) outs(%acc : {{.*}})
// CHECK-NEXT:      }
// CHECK-NEXT:      pto.tstore ins(%acc : {{.*}}) outs(%pc : {{.*}})
// CHECK-NEXT:    }
// ARGS: rand:16x8xf32:1 zeros:8x8xf32 3:index
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @init_from_outer_scope(%a: !pto.ptr<f32>, %c: !pto.ptr<f32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %va = pto.make_tensor_view %a, shape = [%c16, %c8], strides = [%c8, %c1] : !tv
    %vc = pto.make_tensor_view %c, shape = [%c8, %c8], strides = [%c8, %c1] : !tv
    %p0 = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %p1 = pto.partition_view %va, offsets = [%c8, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %pc = pto.partition_view %vc, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %x = pto.tload %p0 : !pv -> !t
    %y = pto.tload %p1 : !pv -> !t
    scf.for %i = %c0 to %n step %c1 {
      %r = scf.for %j = %c0 to %c2 step %c1 iter_args(%acc = %x) -> (!t) {
        %s = pto.tadd %acc, %y : (!t, !t) -> !t
        scf.yield %s : !t
      }
      pto.tstore %r, %pc : !t, !pv
    }
    func.return
  }
}

// -----

!t = !pto.tile<loc=vec, dtype=f32, rows=8, cols=8>
!pv = !pto.partition_tensor_view<8x8xf32>
!tv = !pto.tensor_view<?x?xf32>

// The yielded tile is loaded while the iter_arg is still to be read (by the tsub): it gets
// a buffer of its own and is copied into the carried buffer at the end of the body.
// CHECK-LABEL: func.func @difference
// CHECK:         %first = pto.alloc_tile
// CHECK-NEXT:    pto.tload ins(%p0 : {{.*}}) outs(%first : {{.*}})
// CHECK-NEXT:    scf.for %i = %c1 to %n step %c1 {
// CHECK:           %x = pto.alloc_tile
// CHECK-NEXT:      pto.tload ins(%p : {{.*}}) outs(%x : {{.*}})
// CHECK-NEXT:      %d = pto.alloc_tile
// CHECK-NEXT:      pto.tsub ins(%x, %first : {{.*}}) outs(%d : {{.*}})
// CHECK-NEXT:      pto.tstore ins(%d : {{.*}}) outs(%q : {{.*}})
// CHECK-NEXT:      pto.tmov ins(%x : {{.*}}) outs(%first : {{.*}})
// CHECK-NEXT:    }
// CHECK:         pto.tstore ins(%first : {{.*}}) outs(%pc : {{.*}})
// ARGS: rand:64x8xf32:1 zeros:64x8xf32 8:index
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @difference(%a: !pto.ptr<f32>, %c: !pto.ptr<f32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %va = pto.make_tensor_view %a, shape = [%c64, %c8], strides = [%c8, %c1] : !tv
    %vc = pto.make_tensor_view %c, shape = [%c64, %c8], strides = [%c8, %c1] : !tv
    %p0 = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %first = pto.tload %p0 : !pv -> !t
    %last = scf.for %i = %c1 to %n step %c1 iter_args(%prev = %first) -> (!t) {
      %row = arith.muli %i, %c8 : index
      %p = pto.partition_view %va, offsets = [%row, %c0], sizes = [%c8, %c8] : !tv -> !pv
      %q = pto.partition_view %vc, offsets = [%row, %c0], sizes = [%c8, %c8] : !tv -> !pv
      %x = pto.tload %p : !pv -> !t
      %d = pto.tsub %x, %prev : (!t, !t) -> !t
      pto.tstore %d, %q : !t, !pv
      scf.yield %x : !t
    }
    %pc = pto.partition_view %vc, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    pto.tstore %last, %pc : !t, !pv
    func.return
  }
}

// -----

!t = !pto.tile<loc=vec, dtype=f32, rows=8, cols=8>
!pv = !pto.partition_tensor_view<8x8xf32>
!tv = !pto.tensor_view<?x?xf32>

// Swapping two carried tiles is a parallel copy: one of them goes through a temporary.
// CHECK-LABEL: func.func @swap
// CHECK:         %a0 = pto.alloc_tile
// CHECK-NEXT:    pto.tload ins(%p0 : {{.*}}) outs(%a0 : {{.*}})
// CHECK-NEXT:    %b0 = pto.alloc_tile
// CHECK-NEXT:    pto.tload ins(%p1 : {{.*}}) outs(%b0 : {{.*}})
// CHECK-NEXT:    scf.for %i = %c0 to %n step %c1 {
// CHECK-NEXT:      %y = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=8, v_col=8, {{.*}}>
// CHECK-NEXT:      pto.tmov ins(%b0 : {{.*}}) outs(%y : {{.*}})
// CHECK-NEXT:      pto.tmov ins(%a0 : {{.*}}) outs(%b0 : {{.*}})
// CHECK-NEXT:      pto.tmov ins(%y : {{.*}}) outs(%a0 : {{.*}})
// CHECK-NEXT:    }
// CHECK:         pto.tstore ins(%a0 : {{.*}}) outs(%pc0 : {{.*}})
// CHECK-NEXT:    pto.tstore ins(%b0 : {{.*}}) outs(%pc1 : {{.*}})
// ARGS: rand:16x8xf32:1 zeros:16x8xf32 3:index
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @swap(%a: !pto.ptr<f32>, %c: !pto.ptr<f32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %va = pto.make_tensor_view %a, shape = [%c16, %c8], strides = [%c8, %c1] : !tv
    %vc = pto.make_tensor_view %c, shape = [%c16, %c8], strides = [%c8, %c1] : !tv
    %p0 = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %p1 = pto.partition_view %va, offsets = [%c8, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %a0 = pto.tload %p0 : !pv -> !t
    %b0 = pto.tload %p1 : !pv -> !t
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a0, %y = %b0) -> (!t, !t) {
      scf.yield %y, %x : !t, !t
    }
    %pc0 = pto.partition_view %vc, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %pc1 = pto.partition_view %vc, offsets = [%c8, %c0], sizes = [%c8, %c8] : !tv -> !pv
    pto.tstore %r#0, %pc0 : !t, !pv
    pto.tstore %r#1, %pc1 : !t, !pv
    func.return
  }
}

// -----

!t = !pto.tile<loc=vec, dtype=f32, rows=8, cols=8>
!pv = !pto.partition_tensor_view<8x8xf32>
!tv = !pto.tensor_view<?x?xf32>

// scf.if yielding a tile: nothing reads %x after the branch, so the result lives in %x's
// buffer: the then branch adds in place, the else branch has nothing left to do (its
// empty region is dropped).
// CHECK-LABEL: func.func @branch_in_place
// CHECK:         %x = pto.alloc_tile
// CHECK-NEXT:    pto.tload ins(%p0 : {{.*}}) outs(%x : {{.*}})
// CHECK-NEXT:    %y = pto.alloc_tile
// CHECK-NEXT:    pto.tload ins(%p1 : {{.*}}) outs(%y : {{.*}})
// CHECK-NEXT:    scf.if %cond {
// CHECK-NEXT:      pto.tadd ins(%x, %y : {{.*}}) outs(%x : {{.*}})
// CHECK-NEXT:    }
// CHECK-NEXT:    %pc = pto.partition_view
// CHECK-NEXT:    pto.tstore ins(%x : {{.*}}) outs(%pc : {{.*}})
// ARGS: rand:16x8xf32:1 zeros:8x8xf32 1:i1
// ARGS: rand:16x8xf32:1 zeros:8x8xf32 0:i1
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @branch_in_place(%a: !pto.ptr<f32>, %c: !pto.ptr<f32>, %cond: i1) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %va = pto.make_tensor_view %a, shape = [%c16, %c8], strides = [%c8, %c1] : !tv
    %vc = pto.make_tensor_view %c, shape = [%c8, %c8], strides = [%c8, %c1] : !tv
    %p0 = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %p1 = pto.partition_view %va, offsets = [%c8, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %x = pto.tload %p0 : !pv -> !t
    %y = pto.tload %p1 : !pv -> !t
    %r = scf.if %cond -> (!t) {
      %s = pto.tadd %x, %y : (!t, !t) -> !t
      scf.yield %s : !t
    } else {
      scf.yield %x : !t
    }
    %pc = pto.partition_view %vc, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    pto.tstore %r, %pc : !t, !pv
    func.return
  }
}

// -----

!t = !pto.tile<loc=vec, dtype=f32, rows=8, cols=8>
!pv = !pto.partition_tensor_view<8x8xf32>
!tv = !pto.tensor_view<?x?xf32>

// The same branch with %x read after it: the result gets a buffer allocated before the
// scf.if; the then branch computes into it, the else branch copies %x there.
// CHECK-LABEL: func.func @branch_copy
// CHECK:         pto.tload ins(%p1 : {{.*}}) outs(%y : {{.*}})
// CHECK-NEXT:    %s = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=8, v_col=8, {{.*}}>
// CHECK-NEXT:    scf.if %cond {
// CHECK-NEXT:      pto.tadd ins(%x, %y : {{.*}}) outs(%s : {{.*}})
// CHECK-NEXT:    } else {
// CHECK-NEXT:      pto.tmov ins(%x : {{.*}}) outs(%s : {{.*}})
// CHECK-NEXT:    }
// CHECK-NEXT:    %d = pto.alloc_tile
// CHECK-NEXT:    pto.tsub ins(%s, %x : {{.*}}) outs(%d : {{.*}})
// CHECK:         pto.tstore ins(%s : {{.*}}) outs(%pc0 : {{.*}})
// CHECK-NEXT:    pto.tstore ins(%d : {{.*}}) outs(%pc1 : {{.*}})
// ARGS: rand:16x8xf32:1 zeros:16x8xf32 1:i1
// ARGS: rand:16x8xf32:1 zeros:16x8xf32 0:i1
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @branch_copy(%a: !pto.ptr<f32>, %c: !pto.ptr<f32>, %cond: i1) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %va = pto.make_tensor_view %a, shape = [%c16, %c8], strides = [%c8, %c1] : !tv
    %vc = pto.make_tensor_view %c, shape = [%c16, %c8], strides = [%c8, %c1] : !tv
    %p0 = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %p1 = pto.partition_view %va, offsets = [%c8, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %x = pto.tload %p0 : !pv -> !t
    %y = pto.tload %p1 : !pv -> !t
    %r = scf.if %cond -> (!t) {
      %s = pto.tadd %x, %y : (!t, !t) -> !t
      scf.yield %s : !t
    } else {
      scf.yield %x : !t
    }
    %d = pto.tsub %r, %x : (!t, !t) -> !t
    %pc0 = pto.partition_view %vc, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %pc1 = pto.partition_view %vc, offsets = [%c8, %c0], sizes = [%c8, %c8] : !tv -> !pv
    pto.tstore %r, %pc0 : !t, !pv
    pto.tstore %d, %pc1 : !t, !pv
    func.return
  }
}

// -----

!t = !pto.tile<loc=vec, dtype=i32, rows=8, cols=8>
!pv = !pto.partition_tensor_view<8x8xi32>
!tv = !pto.tensor_view<?x?xi32>

// Structures inside a loop: the scf.if result and the inner loop are yielded into the
// outer loop's carried buffer, so both branches and the inner body update %init in place
// and no copy is needed.
// CHECK-LABEL: func.func @branch_in_loop
// CHECK:         pto.tload ins(%p0 : {{.*}}) outs(%init : {{.*}})
// CHECK-NEXT:    scf.for %i = %c1 to %n step %c1 {
// CHECK-NEXT:      %row = arith.muli
// CHECK-NEXT:      %p = pto.partition_view
// CHECK-NEXT:      %x = pto.alloc_tile
// CHECK-NEXT:      pto.tload ins(%p : {{.*}}) outs(%x : {{.*}})
// CHECK-NEXT:      scf.if %cond {
// CHECK-NEXT:        pto.tadd ins(%init, %x : {{.*}}) outs(%init : {{.*}})
// CHECK-NEXT:      } else {
// CHECK-NEXT:        pto.tsub ins(%init, %x : {{.*}}) outs(%init : {{.*}})
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.for %j = %c0 to %c2 step %c1 {
// CHECK-NEXT:        pto.tmax ins(%init, %x : {{.*}}) outs(%init : {{.*}})
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NOT:     pto.tmov
// CHECK:         pto.tstore ins(%init : {{.*}}) outs(%pc : {{.*}})
// ARGS: rand:64x8xi32:1 zeros:8x8xi32 8:index 1:i1
// ARGS: rand:64x8xi32:1 zeros:8x8xi32 8:index 0:i1
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @branch_in_loop(%a: !pto.ptr<i32>, %c: !pto.ptr<i32>, %n: index, %cond: i1) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %va = pto.make_tensor_view %a, shape = [%c64, %c8], strides = [%c8, %c1] : !tv
    %vc = pto.make_tensor_view %c, shape = [%c8, %c8], strides = [%c8, %c1] : !tv
    %p0 = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %init = pto.tload %p0 : !pv -> !t
    %sum = scf.for %i = %c1 to %n step %c1 iter_args(%acc = %init) -> (!t) {
      %row = arith.muli %i, %c8 : index
      %p = pto.partition_view %va, offsets = [%row, %c0], sizes = [%c8, %c8] : !tv -> !pv
      %x = pto.tload %p : !pv -> !t
      %next = scf.if %cond -> (!t) {
        %s = pto.tadd %acc, %x : (!t, !t) -> !t
        scf.yield %s : !t
      } else {
        %s = pto.tsub %acc, %x : (!t, !t) -> !t
        scf.yield %s : !t
      }
      %b = scf.for %j = %c0 to %c2 step %c1 iter_args(%inner = %next) -> (!t) {
        %m = pto.tmax %inner, %x : (!t, !t) -> !t
        scf.yield %m : !t
      }
      scf.yield %b : !t
    }
    %pc = pto.partition_view %vc, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    pto.tstore %sum, %pc : !t, !pv
    func.return
  }
}

// -----

!t = !pto.tile<loc=vec, dtype=f16, rows=8, cols=16, v_row=?, v_col=?>
!row = !pto.tile<loc=vec, dtype=f16, rows=1, cols=16, v_row=1, v_col=?>
!pv = !pto.partition_tensor_view<?x?xf16>
!pr = !pto.partition_tensor_view<1x?xf16>
!tv = !pto.tensor_view<?x?xf16>

// Dynamic valid sizes: a tload result takes its partition view's sizes, an elementwise
// result its first source's, a column reduction 1 x its source's columns; the alloc_tile
// operands are exactly the `?` of the type.
// CHECK-LABEL: func.func @dynamic
// CHECK:         %init = pto.alloc_tile valid_row = %vr valid_col = %vc : !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=16, v_row=?, v_col=?, {{.*}}>
// CHECK-NEXT:    pto.tload ins(%p0 : !pto.partition_tensor_view<?x?xf16>) outs(%init : {{.*}})
// CHECK-NEXT:    scf.for %i = %c1 to %n step %c1 {
// CHECK:           %x = pto.alloc_tile valid_row = %vr valid_col = %vc : !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=16, v_row=?, v_col=?, {{.*}}>
// CHECK-NEXT:      pto.tload ins(%p : {{.*}}) outs(%x : {{.*}})
// CHECK-NEXT:      pto.tmax ins(%init, %x : {{.*}}) outs(%init : {{.*}})
// CHECK-NEXT:    }
// CHECK-NEXT:    %abs = pto.alloc_tile valid_row = %vr valid_col = %vc : {{.*}}
// CHECK-NEXT:    pto.tabs ins(%init : {{.*}}) outs(%abs : {{.*}})
// CHECK-NEXT:    %col = pto.alloc_tile valid_col = %vc : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=16, v_row=1, v_col=?, {{.*}}>
// CHECK-NEXT:    pto.tcolmax ins(%abs : {{.*}}) outs(%col : {{.*}})
// ARGS: rand:64x16xf16:1 zeros:8x16xf16 zeros:1x16xf16 4:index 5:index 13:index
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @dynamic(%a: !pto.ptr<f16>, %c: !pto.ptr<f16>, %s: !pto.ptr<f16>, %n: index, %vr: index, %vc: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %va = pto.make_tensor_view %a, shape = [%c64, %c16], strides = [%c16, %c1] : !tv
    %vc2 = pto.make_tensor_view %c, shape = [%c8, %c16], strides = [%c16, %c1] : !tv
    %vs = pto.make_tensor_view %s, shape = [%c1, %c16], strides = [%c16, %c1] : !tv
    %p0 = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%vr, %vc] : !tv -> !pv
    %init = pto.tload %p0 : !pv -> !t
    %top = scf.for %i = %c1 to %n step %c1 iter_args(%acc = %init) -> (!t) {
      %row = arith.muli %i, %c8 : index
      %p = pto.partition_view %va, offsets = [%row, %c0], sizes = [%vr, %vc] : !tv -> !pv
      %x = pto.tload %p : !pv -> !t
      %m = pto.tmax %acc, %x : (!t, !t) -> !t
      scf.yield %m : !t
    }
    %abs = pto.tabs %top : !t -> !t
    %col = pto.tcolmax %abs : !t -> !row
    %pc = pto.partition_view %vc2, offsets = [%c0, %c0], sizes = [%vr, %vc] : !tv -> !pv
    %ps = pto.partition_view %vs, offsets = [%c0, %c0], sizes = [%c1, %vc] : !tv -> !pr
    pto.tstore %abs, %pc : !t, !pv
    pto.tstore %col, %ps : !row, !pr
    func.return
  }
}

// -----

!t = !pto.tile<loc=vec, dtype=f32, rows=8, cols=8, v_row=?, v_col=8>
!pv = !pto.partition_tensor_view<?x8xf32>
!tv = !pto.tensor_view<?x?xf32>

// Branches loading with the same run-time size: the result's buffer, allocated before the
// scf.if, takes that size; each branch loads into it.
// CHECK-LABEL: func.func @dynamic_branch
// CHECK:         %x = pto.alloc_tile valid_row = %rows : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=?, v_col=8, {{.*}}>
// CHECK-NEXT:    scf.if %cond {
// CHECK-NEXT:      %p0 = pto.partition_view
// CHECK-NEXT:      pto.tload ins(%p0 : {{.*}}) outs(%x : {{.*}})
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %p1 = pto.partition_view
// CHECK-NEXT:      pto.tload ins(%p1 : {{.*}}) outs(%x : {{.*}})
// CHECK-NEXT:    }
// CHECK-NEXT:    pto.tstore ins(%x : {{.*}}) outs(%pc : {{.*}})
// ARGS: rand:16x8xf32:1 zeros:8x8xf32 1:i1 6:index
// ARGS: rand:16x8xf32:1 zeros:8x8xf32 0:i1 3:index
builtin.module attributes {pto.target_arch = "cpu"} {
  func.func @dynamic_branch(%a: !pto.ptr<f32>, %c: !pto.ptr<f32>, %cond: i1, %rows: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %va = pto.make_tensor_view %a, shape = [%c16, %c8], strides = [%c8, %c1] : !tv
    %vc = pto.make_tensor_view %c, shape = [%c8, %c8], strides = [%c8, %c1] : !tv
    %pc = pto.partition_view %vc, offsets = [%c0, %c0], sizes = [%rows, %c8] : !tv -> !pv
    %r = scf.if %cond -> (!t) {
      %p0 = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%rows, %c8] : !tv -> !pv
      %x = pto.tload %p0 : !pv -> !t
      scf.yield %x : !t
    } else {
      %p1 = pto.partition_view %va, offsets = [%c8, %c0], sizes = [%rows, %c8] : !tv -> !pv
      %y = pto.tload %p1 : !pv -> !t
      scf.yield %y : !t
    }
    pto.tstore %r, %pc : !t, !pv
    func.return
  }
}

// -----

!mat_a = !pto.tile<loc=mat, dtype=f16, rows=16, cols=16, blayout=col_major, slayout=row_major>
!mat_b = !pto.tile<loc=mat, dtype=f16, rows=16, cols=16, blayout=row_major, slayout=col_major>
!left = !pto.tile<loc=left, dtype=f16, rows=16, cols=16, blayout=col_major, slayout=row_major>
!right = !pto.tile<loc=right, dtype=f16, rows=16, cols=16, blayout=row_major, slayout=col_major>
!acc = !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
!pv = !pto.partition_tensor_view<16x16xf16>
!pc = !pto.partition_tensor_view<16x16xf32>
!tv = !pto.tensor_view<?x?xf16>
!tc = !pto.tensor_view<?x?xf32>

// Matrix multiply over k blocks: the first product's buffer carries the loop, and
// tmatmul.acc accumulates into it in place (acc tiles cannot be copied).
// CHECK-LABEL: func.func @matmul_k_loop
// CHECK:         %first = pto.alloc_tile : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
// CHECK-NEXT:    pto.tmatmul ins(%l0, %r0 : {{.*}}) outs(%first : {{.*}})
// CHECK-NEXT:    scf.for %k = %c1 to %kb step %c1 {
// CHECK:           %l = pto.alloc_tile : !pto.tile_buf<loc=left, {{.*}}>
// CHECK-NEXT:      pto.tmov ins(%ma : {{.*}}) outs(%l : {{.*}})
// CHECK-NEXT:      %r = pto.alloc_tile : !pto.tile_buf<loc=right, {{.*}}>
// CHECK-NEXT:      pto.tmov ins(%mb : {{.*}}) outs(%r : {{.*}})
// CHECK-NEXT:      pto.tmatmul.acc ins(%first, %l, %r : {{.*}}) outs(%first : {{.*}})
// CHECK-NEXT:    }
// CHECK:         pto.tstore ins(%first : {{.*}}) outs(%pc : !pto.partition_tensor_view<16x16xf32>)
// ARGS: rand:16x64xf16:1 rand:64x16xf16:2 zeros:16x16xf32 4:index
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @matmul_k_loop(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %c: !pto.ptr<f32>, %kb: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %va = pto.make_tensor_view %a, shape = [%c16, %c64], strides = [%c64, %c1] : !tv
    %vb = pto.make_tensor_view %b, shape = [%c64, %c16], strides = [%c16, %c1] : !tv
    %vc = pto.make_tensor_view %c, shape = [%c16, %c16], strides = [%c16, %c1] : !tc
    %pa0 = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c16, %c16] : !tv -> !pv
    %pb0 = pto.partition_view %vb, offsets = [%c0, %c0], sizes = [%c16, %c16] : !tv -> !pv
    %ma0 = pto.tload %pa0 : !pv -> !mat_a
    %mb0 = pto.tload %pb0 : !pv -> !mat_b
    %l0 = pto.tmov %ma0 : !mat_a -> !left
    %r0 = pto.tmov %mb0 : !mat_b -> !right
    %first = pto.tmatmul %l0, %r0 : (!left, !right) -> !acc
    %sum = scf.for %k = %c1 to %kb step %c1 iter_args(%part = %first) -> (!acc) {
      %off = arith.muli %k, %c16 : index
      %pa = pto.partition_view %va, offsets = [%c0, %off], sizes = [%c16, %c16] : !tv -> !pv
      %pb = pto.partition_view %vb, offsets = [%off, %c0], sizes = [%c16, %c16] : !tv -> !pv
      %ma = pto.tload %pa : !pv -> !mat_a
      %mb = pto.tload %pb : !pv -> !mat_b
      %l = pto.tmov %ma : !mat_a -> !left
      %r = pto.tmov %mb : !mat_b -> !right
      %next = pto.tmatmul.acc %part, %l, %r : (!acc, !left, !right) -> !acc
      scf.yield %next : !acc
    }
    %pc = pto.partition_view %vc, offsets = [%c0, %c0], sizes = [%c16, %c16] : !tc -> !pc
    pto.tstore %sum, %pc : !acc, !pc
    func.return
  }
}

// -----

!mat_a = !pto.tile<loc=mat, dtype=f16, rows=16, cols=16, blayout=col_major, slayout=row_major>
!mat_b = !pto.tile<loc=mat, dtype=f16, rows=16, cols=16, blayout=row_major, slayout=col_major>
!left = !pto.tile<loc=left, dtype=f16, rows=16, cols=16, blayout=col_major, slayout=row_major>
!right = !pto.tile<loc=right, dtype=f16, rows=16, cols=16, blayout=row_major, slayout=col_major>
!acc = !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
!pv = !pto.partition_tensor_view<16x16xf16>
!pc = !pto.partition_tensor_view<16x16xf32>
!tv = !pto.tensor_view<?x?xf16>
!tc = !pto.tensor_view<?x?xf32>

// A tmatmul.acc whose result type differs from acc_in's (here in its pad value) cannot
// accumulate into acc_in's buffer, whose type is acc_in's: the result gets a buffer of its own
// type (m x n covers it). Types differing in any parameter are different.
// CHECK-LABEL: func.func @acc_other_type
// CHECK:         %first = pto.alloc_tile : !pto.tile_buf<loc=acc, {{.*}}, pad=0>
// CHECK-NEXT:    pto.tmatmul ins(%l, %r : {{.*}}) outs(%first : {{.*}})
// CHECK-NEXT:    %next = pto.alloc_tile : !pto.tile_buf<loc=acc, {{.*}}, pad=1>
// CHECK-NEXT:    pto.tmatmul.acc ins(%first, %l, %r : {{.*}}) outs(%next : !pto.tile_buf<loc=acc, {{.*}}, pad=1>)
// ARGS: rand:16x16xf16:1 rand:16x16xf16:2 zeros:16x16xf32
!accz = !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024, pad=1>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @acc_other_type(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %c: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %va = pto.make_tensor_view %a, shape = [%c16, %c16], strides = [%c16, %c1] : !tv
    %vb = pto.make_tensor_view %b, shape = [%c16, %c16], strides = [%c16, %c1] : !tv
    %vc = pto.make_tensor_view %c, shape = [%c16, %c16], strides = [%c16, %c1] : !tc
    %pa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c16, %c16] : !tv -> !pv
    %pb = pto.partition_view %vb, offsets = [%c0, %c0], sizes = [%c16, %c16] : !tv -> !pv
    %ma = pto.tload %pa : !pv -> !mat_a
    %mb = pto.tload %pb : !pv -> !mat_b
    %l = pto.tmov %ma : !mat_a -> !left
    %r = pto.tmov %mb : !mat_b -> !right
    %first = pto.tmatmul %l, %r : (!left, !right) -> !acc
    %next = pto.tmatmul.acc %first, %l, %r : (!acc, !left, !right) -> !accz
    %pc = pto.partition_view %vc, offsets = [%c0, %c0], sizes = [%c16, %c16] : !tc -> !pc
    pto.tstore %next, %pc : !accz, !pc
    func.return
  }
}

// -----

!mat_a = !pto.tile<loc=mat, dtype=f16, rows=16, cols=16, blayout=col_major, slayout=row_major>
!mat_b = !pto.tile<loc=mat, dtype=f16, rows=16, cols=16, blayout=row_major, slayout=col_major>
!left = !pto.tile<loc=left, dtype=f16, rows=16, cols=16, blayout=col_major, slayout=row_major>
!right = !pto.tile<loc=right, dtype=f16, rows=16, cols=16, blayout=row_major, slayout=col_major>
!acc = !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
!pv = !pto.partition_tensor_view<16x16xf16>
!pc = !pto.partition_tensor_view<16x16xf32>
!tv = !pto.tensor_view<?x?xf16>
!tc = !pto.tensor_view<?x?xf32>

// acc_in comes from before the loop and every iteration reads it again: tmatmul.acc
// cannot accumulate into it, and writes a buffer of its own (m x n covers its valid region).
// CHECK-LABEL: func.func @acc_in_from_outside
// CHECK:         %first = pto.alloc_tile
// CHECK-NEXT:    pto.tmatmul ins(%l, %r : {{.*}}) outs(%first : {{.*}})
// CHECK-NEXT:    scf.for %i = %c0 to %n step %c1 {
// CHECK-NEXT:      %d = pto.alloc_tile : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, {{.*}}>
// CHECK-NEXT:      pto.tmatmul.acc ins(%first, %l, %r : {{.*}}) outs(%d : {{.*}})
// CHECK-NEXT:      pto.tstore ins(%d : {{.*}}) outs(%pc : {{.*}})
// CHECK-NEXT:    }
// ARGS: rand:16x16xf16:1 rand:16x16xf16:2 zeros:16x16xf32 3:index
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @acc_in_from_outside(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %c: !pto.ptr<f32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %va = pto.make_tensor_view %a, shape = [%c16, %c16], strides = [%c16, %c1] : !tv
    %vb = pto.make_tensor_view %b, shape = [%c16, %c16], strides = [%c16, %c1] : !tv
    %vc = pto.make_tensor_view %c, shape = [%c16, %c16], strides = [%c16, %c1] : !tc
    %pa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c16, %c16] : !tv -> !pv
    %pb = pto.partition_view %vb, offsets = [%c0, %c0], sizes = [%c16, %c16] : !tv -> !pv
    %pc = pto.partition_view %vc, offsets = [%c0, %c0], sizes = [%c16, %c16] : !tc -> !pc
    %ma = pto.tload %pa : !pv -> !mat_a
    %mb = pto.tload %pb : !pv -> !mat_b
    %l = pto.tmov %ma : !mat_a -> !left
    %r = pto.tmov %mb : !mat_b -> !right
    %first = pto.tmatmul %l, %r : (!left, !right) -> !acc
    scf.for %i = %c0 to %n step %c1 {
      %d = pto.tmatmul.acc %first, %l, %r : (!acc, !left, !right) -> !acc
      pto.tstore %d, %pc : !acc, !pc
    }
    func.return
  }
}

// -----

!mat_a = !pto.tile<loc=mat, dtype=f16, rows=16, cols=32, v_row=1, v_col=32, blayout=col_major, slayout=row_major>
!mat_b = !pto.tile<loc=mat, dtype=f16, rows=32, cols=32, blayout=row_major, slayout=col_major>
!mat_bias = !pto.tile<loc=mat, dtype=f32, rows=1, cols=32>
!left = !pto.tile<loc=left, dtype=f16, rows=16, cols=32, v_row=1, v_col=32, blayout=col_major, slayout=row_major>
!right = !pto.tile<loc=right, dtype=f16, rows=32, cols=32, blayout=row_major, slayout=col_major>
!bias = !pto.tile<loc=bias, dtype=f32, rows=1, cols=32>
!acc = !pto.tile<loc=acc, dtype=f32, rows=16, cols=32, v_row=1, v_col=32, blayout=col_major, slayout=row_major, fractal=1024>
!tv = !pto.tensor_view<?x?xf16>
!tc = !pto.tensor_view<?x?xf32>
!px = !pto.partition_tensor_view<1x32xf16>
!pw = !pto.partition_tensor_view<32x32xf16>
!py = !pto.partition_tensor_view<1x32xf32>

// The rest of the matrix family: tgemv starts the loop's accumulator, which tgemv.acc
// updates in place; tmatmul.bias writes a buffer of its own.
// CHECK-LABEL: func.func @matrix_family
// CHECK:         %g = pto.alloc_tile : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=32, v_row=1, v_col=32, {{.*}}>
// CHECK-NEXT:    pto.tgemv ins(%l, %r : {{.*}}) outs(%g : {{.*}})
// CHECK-NEXT:    scf.for %i = %c0 to %n step %c1 {
// CHECK-NEXT:      pto.tgemv.acc ins(%g, %l, %r : {{.*}}) outs(%g : {{.*}})
// CHECK-NEXT:    }
// CHECK-NEXT:    %mb = pto.alloc_tile : !pto.tile_buf<loc=acc, {{.*}}>
// CHECK-NEXT:    pto.tmatmul.bias ins(%l, %r, %bb : {{.*}}) outs(%mb : {{.*}})
// CHECK-NEXT:    pto.tstore ins(%g : {{.*}}) outs(%py0 : {{.*}})
// CHECK-NEXT:    pto.tstore ins(%mb : {{.*}}) outs(%py1 : {{.*}})
// ARGS: rand:1x32xf16:1 rand:32x32xf16:2 rand:1x32xf32:3 zeros:2x32xf32 3:index
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @matrix_family(%x: !pto.ptr<f16>, %w: !pto.ptr<f16>, %b: !pto.ptr<f32>, %y: !pto.ptr<f32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %vx = pto.make_tensor_view %x, shape = [%c1, %c32], strides = [%c32, %c1] : !tv
    %vw = pto.make_tensor_view %w, shape = [%c32, %c32], strides = [%c32, %c1] : !tv
    %vb = pto.make_tensor_view %b, shape = [%c1, %c32], strides = [%c32, %c1] : !tc
    %vy = pto.make_tensor_view %y, shape = [%c2, %c32], strides = [%c32, %c1] : !tc
    %px = pto.partition_view %vx, offsets = [%c0, %c0], sizes = [%c1, %c32] : !tv -> !px
    %pw = pto.partition_view %vw, offsets = [%c0, %c0], sizes = [%c32, %c32] : !tv -> !pw
    %pb = pto.partition_view %vb, offsets = [%c0, %c0], sizes = [%c1, %c32] : !tc -> !py
    %py0 = pto.partition_view %vy, offsets = [%c0, %c0], sizes = [%c1, %c32] : !tc -> !py
    %py1 = pto.partition_view %vy, offsets = [%c1, %c0], sizes = [%c1, %c32] : !tc -> !py
    %ma = pto.tload %px : !px -> !mat_a
    %mw = pto.tload %pw : !pw -> !mat_b
    %mbias = pto.tload %pb : !py -> !mat_bias
    %l = pto.tmov %ma : !mat_a -> !left
    %r = pto.tmov %mw : !mat_b -> !right
    %bb = pto.tmov %mbias : !mat_bias -> !bias
    %g = pto.tgemv %l, %r : (!left, !right) -> !acc
    %sum = scf.for %i = %c0 to %n step %c1 iter_args(%part = %g) -> (!acc) {
      %next = pto.tgemv.acc %part, %l, %r : (!acc, !left, !right) -> !acc
      scf.yield %next : !acc
    }
    %mb = pto.tmatmul.bias %l, %r, %bb : (!left, !right, !bias) -> !acc
    pto.tstore %sum, %py0 : !acc, !py
    pto.tstore %mb, %py1 : !acc, !py
    func.return
  }
}

// -----

!t = !pto.tile<loc=vec, dtype=f32, rows=8, cols=8>
!tb = !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
!row = !pto.tile<loc=vec, dtype=f32, rows=1, cols=8>
!pv = !pto.partition_tensor_view<8x8xf32>
!pr = !pto.partition_tensor_view<1x8xf32>
!tv = !pto.tensor_view<?x?xf32>

// Mixed input: the DPS ops stay as they are. tcolsum's DPS form writes its scratch tile:
// %tmp is not read afterwards and lends its buffer; %keep is, so the second tcolsum gets
// a fresh scratch buffer.
// CHECK-LABEL: func.func @mixed
// CHECK:         %buf = pto.alloc_tile : !pto.tile_buf<{{.*}}>
// CHECK-NEXT:    pto.tload ins(%pa : {{.*}}) outs(%buf : {{.*}})
// CHECK-NEXT:    pto.tabs ins(%buf : {{.*}}) outs(%buf : {{.*}})
// CHECK-NEXT:    pto.tstore ins(%buf : {{.*}}) outs(%pc : {{.*}})
// CHECK:         %s0 = pto.alloc_tile
// CHECK-NEXT:    pto.tcolsum ins(%x, %tmp {isBinary = true} : {{.*}}) outs(%s0 : {{.*}})
// CHECK-NEXT:    %s1 = pto.alloc_tile
// CHECK-NEXT:    %scratch = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=8, v_col=8, {{.*}}>
// CHECK-NEXT:    pto.tcolsum ins(%x, %scratch {isBinary = true} : {{.*}}) outs(%s1 : {{.*}})
// CHECK-NEXT:    %d = pto.alloc_tile
// CHECK-NEXT:    pto.tsub ins(%keep, %x : {{.*}}) outs(%d : {{.*}})
// ARGS: rand:8x8xf32:1 zeros:8x8xf32 zeros:2x8xf32
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @mixed(%a: !pto.ptr<f32>, %c: !pto.ptr<f32>, %s: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %va = pto.make_tensor_view %a, shape = [%c8, %c8], strides = [%c8, %c1] : !tv
    %vc = pto.make_tensor_view %c, shape = [%c8, %c8], strides = [%c8, %c1] : !tv
    %vs = pto.make_tensor_view %s, shape = [%c2, %c8], strides = [%c8, %c1] : !tv
    %pa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %pc = pto.partition_view %vc, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %ps0 = pto.partition_view %vs, offsets = [%c0, %c0], sizes = [%c1, %c8] : !tv -> !pr
    %ps1 = pto.partition_view %vs, offsets = [%c1, %c0], sizes = [%c1, %c8] : !tv -> !pr
    %buf = pto.alloc_tile : !tb
    pto.tload ins(%pa : !pv) outs(%buf : !tb)
    pto.tabs ins(%buf : !tb) outs(%buf : !tb)
    pto.tstore ins(%buf : !tb) outs(%pc : !pv)
    %x = pto.tload %pa : !pv -> !t
    %tmp = pto.tload %pa : !pv -> !t
    %keep = pto.tload %pa : !pv -> !t
    %s0 = pto.tcolsum %x, %tmp {isBinary = true} : (!t, !t) -> !row
    %s1 = pto.tcolsum %x, %keep {isBinary = true} : (!t, !t) -> !row
    %d = pto.tsub %keep, %x : (!t, !t) -> !t
    pto.tstore %s0, %ps0 : !row, !pr
    pto.tstore %s1, %ps1 : !row, !pr
    pto.tstore %d, %pc : !t, !pv
    func.return
  }
}

// -----

!t = !pto.tile<loc=vec, dtype=f32, rows=8, cols=8>
!pv = !pto.partition_tensor_view<8x8xf32>

// A !pto.tile argument becomes a !pto.tile_buf argument (also in a declaration); the pass
// never writes it, so the loop it starts copies it.
// CHECK-LABEL: func.func @argument(%t: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=8, v_col=8, {{.*}}>, %out: !pto.partition_tensor_view<8x8xf32>, %n: index)
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %u = pto.alloc_tile
// CHECK-NEXT:    pto.tabs ins(%t : {{.*}}) outs(%u : {{.*}})
// CHECK-NEXT:    %acc = pto.alloc_tile
// CHECK-NEXT:    pto.tmov ins(%t : {{.*}}) outs(%acc : {{.*}})
// CHECK-NEXT:    scf.for %i = %c0 to %n step %c1 {
// CHECK-NEXT:      pto.tadd ins(%acc, %u : {{.*}}) outs(%acc : {{.*}})
// CHECK-NEXT:    }
// CHECK-NEXT:    pto.tstore ins(%acc : {{.*}}) outs(%out : {{.*}})
// CHECK:       func.func private @declared(!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, {{.*}}>, index) -> ()
func.func @argument(%t: !t, %out: !pv, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %u = pto.tabs %t : !t -> !t
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> (!t) {
    %next = pto.tadd %acc, %u : (!t, !t) -> !t
    scf.yield %next : !t
  }
  pto.tstore %r, %out : !t, !pv
  func.return
}
func.func private @declared(%t: !t, %n: index)

// -----

// A function with several blocks and no tile value has nothing to convert and is left as it
// is (found by the fuzzer: the pass asked the body for its only block and crashed).
// CHECK-LABEL: func.func @blocks_without_tiles
// CHECK-NEXT:    cf.br ^[[BB:.*]]
// CHECK-NEXT:  ^[[BB]]:
// CHECK-NEXT:    func.return
func.func @blocks_without_tiles(%n: index) {
  cf.br ^bb1
^bb1:
  func.return
}

// -----

// A cross-core pipe (pto-split-cube-vector{handoff=pipe}): the popped tile sits in a pipe
// slot that no alloc names, so it is copied into a buffer of its own right after the pop;
// a push reads its tile's buffer.
// CHECK-LABEL: func.func @pipe_ends
// CHECK:         %[[X:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, {{.*}}>
// CHECK-NEXT:    %[[SLOT:.*]] = pto.tpop_from_aic {id = 0, split = 1} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, {{.*}}>
// CHECK-NEXT:    pto.tmov ins(%[[SLOT]] : {{.*}}) outs(%[[X]] : {{.*}})
// CHECK-NEXT:    %[[Y:.*]] = pto.alloc_tile
// CHECK-NEXT:    pto.tmuls ins(%[[X]], %s : {{.*}}) outs(%[[Y]] : {{.*}})
// CHECK-NEXT:    pto.tfree_from_aic {id = 0, split = 1}
// CHECK-NEXT:    pto.tpush_to_aic(%[[Y]] : !pto.tile_buf<{{.*}}>) {id = 1, split = 1}
!vt = !pto.tile<loc=vec, dtype=f32, rows=16, cols=64>
func.func @pipe_ends(%s: f32) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %b = pto.reserve_buffer {name = "c2v", size = 32768, location = #pto.address_space<vec>, auto = true} -> i32
  pto.aiv_initialize_pipe {id = 0, dir_mask = 1, slot_size = 4096}(c2v_consumer_buf = %b : i32)
  %x = pto.tpop_from_aic {id = 0, split = 1} -> !vt
  %y = pto.tmuls %x, %s : (!vt, f32) -> !vt
  pto.tfree_from_aic {id = 0, split = 1}
  pto.tpush_to_aic(%y : !vt) {id = 1, split = 1}
  func.return
}
