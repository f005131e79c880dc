// pto-plan-memory: exact addresses on small DPS kernels, one case per rule of
// passes/plan_memory.py. An 8x8 f32 vec tile is 256 bytes.
// RUN: xdsl-opt %s --split-input-file -p pto-plan-memory | filecheck %s
// The pass is idempotent: a second run changes nothing.
// RUN: xdsl-opt %s --split-input-file -p pto-plan-memory > %t.once.mlir
// RUN: xdsl-opt %s --split-input-file -p pto-plan-memory,pto-plan-memory > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir
// A planned module read back is left as it is.
// RUN: xdsl-opt %t.once.mlir --split-input-file -p pto-plan-memory | diff %t.once.mlir -

!t = !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
!pv = !pto.partition_tensor_view<8x8xf32>
!tv = !pto.tensor_view<?x?xf32>

// A chain of unary ops: each buffer dies at the op that reads it, so the next-but-one
// buffer takes its bytes (ta, tc at 0; tb, td at 256); the constant sits right before
// its alloc.
// CHECK-LABEL: func.func @chain
// CHECK:         %ta_addr = arith.constant 0 : i64
// CHECK-NEXT:    %ta = pto.alloc_tile addr = %ta_addr : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8,
// CHECK-NEXT:    %tb_addr = arith.constant 256 : i64
// CHECK-NEXT:    %tb = pto.alloc_tile addr = %tb_addr :
// CHECK-NEXT:    %tc_addr = arith.constant 0 : i64
// CHECK-NEXT:    %tc = pto.alloc_tile addr = %tc_addr :
// CHECK-NEXT:    %td_addr = arith.constant 256 : i64
// CHECK-NEXT:    %td = pto.alloc_tile addr = %td_addr :
// CHECK-NEXT:    pto.tload ins(%pa : {{.*}}) outs(%ta :
// CHECK-NEXT:    pto.tabs ins(%ta : {{.*}}) outs(%tb :
// CHECK-NEXT:    pto.tabs ins(%tb : {{.*}}) outs(%tc :
// CHECK-NEXT:    pto.tabs ins(%tc : {{.*}}) outs(%td :
// CHECK-NEXT:    pto.tstore ins(%td : {{.*}}) outs(%pa :
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @chain(%a: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %va = pto.make_tensor_view %a, shape = [%c8, %c8], strides = [%c8, %c1] : !tv
    %pa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %ta = pto.alloc_tile : !t
    %tb = pto.alloc_tile : !t
    %tc = pto.alloc_tile : !t
    %td = pto.alloc_tile : !t
    pto.tload ins(%pa : !pv) outs(%ta : !t)
    pto.tabs ins(%ta : !t) outs(%tb : !t)
    pto.tabs ins(%tb : !t) outs(%tc : !t)
    pto.tabs ins(%tc : !t) outs(%td : !t)
    pto.tstore ins(%td : !t) outs(%pa : !pv)
    func.return
  }
}

// -----

!t = !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
!pv = !pto.partition_tensor_view<8x8xf32>
!tv = !pto.tensor_view<?x?xf32>

// Overlapping live ranges never share bytes: ta and tb are live together, and tc is
// written by the op that last reads them (no in-place reuse), so tc needs a third slot;
// td comes after ta and tb died and takes the lowest free bytes. The allocs sit at the
// top of the function: a buffer lives from its first use, not from its alloc.
// CHECK-LABEL: func.func @overlap
// CHECK:         %ta_addr = arith.constant 0 : i64
// CHECK:         %tb_addr = arith.constant 256 : i64
// CHECK:         %tc_addr = arith.constant 512 : i64
// CHECK:         %td_addr = arith.constant 0 : i64
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @overlap(%a: !pto.ptr<f32>, %b: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %va = pto.make_tensor_view %a, shape = [%c8, %c8], strides = [%c8, %c1] : !tv
    %vb = pto.make_tensor_view %b, shape = [%c8, %c8], strides = [%c8, %c1] : !tv
    %pa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %pb = pto.partition_view %vb, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %ta = pto.alloc_tile : !t
    %tb = pto.alloc_tile : !t
    %tc = pto.alloc_tile : !t
    %td = pto.alloc_tile : !t
    pto.tload ins(%pa : !pv) outs(%ta : !t)
    pto.tload ins(%pb : !pv) outs(%tb : !t)
    pto.tadd ins(%ta, %tb : !t, !t) outs(%tc : !t)
    pto.tabs ins(%tc : !t) outs(%td : !t)
    pto.tstore ins(%td : !t) outs(%pa : !pv)
    func.return
  }
}

// -----

!t = !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
!pv = !pto.partition_tensor_view<8x8xf32>
!tv = !pto.tensor_view<?x?xf32>

// Loops. %acc is defined outside the loop and used in it: it lives for the whole loop
// (from the tabs that writes it, where %pre is still live, so it takes 256), and no body
// buffer takes its bytes: %y, live with %x, goes to 512. The body buffers live within the
// body: %z reuses the bytes of %x, dead at the tabs that writes %z. %post comes after
// the loop and reuses 0.
// CHECK-LABEL: func.func @loop
// CHECK:         %pre_addr = arith.constant 0 : i64
// CHECK:         %acc_addr = arith.constant 256 : i64
// CHECK:         %post_addr = arith.constant 0 : i64
// CHECK:         scf.for
// CHECK-NEXT:      %x_addr = arith.constant 0 : i64
// CHECK-NEXT:      %x = pto.alloc_tile addr = %x_addr
// CHECK-NEXT:      %y_addr = arith.constant 512 : i64
// CHECK-NEXT:      %y = pto.alloc_tile addr = %y_addr
// CHECK-NEXT:      %z_addr = arith.constant 0 : i64
// CHECK-NEXT:      %z = pto.alloc_tile addr = %z_addr
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @loop(%a: !pto.ptr<f32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %va = pto.make_tensor_view %a, shape = [%c8, %c8], strides = [%c8, %c1] : !tv
    %pa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %pre = pto.alloc_tile : !t
    %acc = pto.alloc_tile : !t
    %post = pto.alloc_tile : !t
    pto.tload ins(%pa : !pv) outs(%pre : !t)
    pto.tabs ins(%pre : !t) outs(%acc : !t)
    scf.for %i = %c0 to %n step %c1 {
      %x = pto.alloc_tile : !t
      %y = pto.alloc_tile : !t
      %z = pto.alloc_tile : !t
      pto.tload ins(%pa : !pv) outs(%x : !t)
      pto.tabs ins(%x : !t) outs(%y : !t)
      pto.tabs ins(%y : !t) outs(%z : !t)
      pto.tadd ins(%z, %acc : !t, !t) outs(%acc : !t)
    }
    pto.tabs ins(%acc : !t) outs(%post : !t)
    pto.tstore ins(%post : !t) outs(%pa : !pv)
    func.return
  }
}

// -----

!t = !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
!pv = !pto.partition_tensor_view<8x8xf32>
!tv = !pto.tensor_view<?x?xf32>

// scf.if: %in is used in the then-branch only but lives for the whole scf.if (a use in a
// region counts as the op that holds it), so the branch buffers do not take its bytes;
// %t1 (then) and %e1 (else) never live at the same time and share bytes.
// CHECK-LABEL: func.func @branch
// CHECK:         %in_addr = arith.constant 0 : i64
// CHECK:         scf.if
// CHECK-NEXT:      %t1_addr = arith.constant 256 : i64
// CHECK-NEXT:      %t1 = pto.alloc_tile addr = %t1_addr
// CHECK:         } else {
// CHECK-NEXT:      %e1_addr = arith.constant 256 : i64
// CHECK-NEXT:      %e1 = pto.alloc_tile addr = %e1_addr
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @branch(%a: !pto.ptr<f32>, %cond: i1) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %va = pto.make_tensor_view %a, shape = [%c8, %c8], strides = [%c8, %c1] : !tv
    %pa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %in = pto.alloc_tile : !t
    pto.tload ins(%pa : !pv) outs(%in : !t)
    scf.if %cond {
      %t1 = pto.alloc_tile : !t
      pto.tload ins(%pa : !pv) outs(%t1 : !t)
      pto.tstore ins(%t1 : !t) outs(%pa : !pv)
      pto.tstore ins(%in : !t) outs(%pa : !pv)
    } else {
      %e1 = pto.alloc_tile : !t
      pto.tload ins(%pa : !pv) outs(%e1 : !t)
      pto.tstore ins(%e1 : !t) outs(%pa : !pv)
    }
    func.return
  }
}

// -----

!t = !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
!pv = !pto.partition_tensor_view<8x8xf32>
!tv = !pto.tensor_view<?x?xf32>

// Pre-planned buffers keep their address and its constant. %fixed's bytes [0, 256) are
// reserved from the function entry to its last use: %u1, live before %fixed, avoids them
// (256), and so does %u2 (256 again: %u1 died); %u3 starts after %fixed died and takes
// its bytes (0); %u4 overlaps %u3 and takes 256.
// CHECK-LABEL: func.func @preplanned
// CHECK:         %k = arith.constant 0 : i64
// CHECK-NEXT:    %fixed = pto.alloc_tile addr = %k :
// CHECK-NEXT:    %u1_addr = arith.constant 256 : i64
// CHECK-NEXT:    %u1 = pto.alloc_tile addr = %u1_addr
// CHECK-NEXT:    %u2_addr = arith.constant 256 : i64
// CHECK-NEXT:    %u2 = pto.alloc_tile addr = %u2_addr
// CHECK-NEXT:    %u3_addr = arith.constant 0 : i64
// CHECK-NEXT:    %u3 = pto.alloc_tile addr = %u3_addr
// CHECK-NEXT:    %u4_addr = arith.constant 256 : i64
// CHECK-NEXT:    %u4 = pto.alloc_tile addr = %u4_addr
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @preplanned(%a: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %va = pto.make_tensor_view %a, shape = [%c8, %c8], strides = [%c8, %c1] : !tv
    %pa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %k = arith.constant 0 : i64
    %fixed = pto.alloc_tile addr = %k : !t
    %u1 = pto.alloc_tile : !t
    %u2 = pto.alloc_tile : !t
    %u3 = pto.alloc_tile : !t
    %u4 = pto.alloc_tile : !t
    pto.tload ins(%pa : !pv) outs(%u1 : !t)
    pto.tabs ins(%u1 : !t) outs(%fixed : !t)
    pto.tabs ins(%fixed : !t) outs(%u2 : !t)
    pto.tabs ins(%u2 : !t) outs(%u3 : !t)
    pto.tabs ins(%u3 : !t) outs(%u4 : !t)
    pto.tstore ins(%u4 : !t) outs(%pa : !pv)
    func.return
  }
}

// -----

!t = !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
!pv = !pto.partition_tensor_view<8x8xf32>
!tv = !pto.tensor_view<?x?xf32>

// A buffer read before anything writes it (%fresh, only read) keeps bytes of its own for
// the whole function, so it reads zeros as a fresh buffer does: it is placed first (at
// 0) and %late, live after every other buffer died, does not reuse it.
// CHECK-LABEL: func.func @read_first
// CHECK:         %x_addr = arith.constant 256 : i64
// CHECK:         %fresh_addr = arith.constant 0 : i64
// CHECK:         %y_addr = arith.constant 512 : i64
// CHECK:         %late_addr = arith.constant 256 : i64
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @read_first(%a: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %va = pto.make_tensor_view %a, shape = [%c8, %c8], strides = [%c8, %c1] : !tv
    %pa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %x = pto.alloc_tile : !t
    pto.tload ins(%pa : !pv) outs(%x : !t)
    %fresh = pto.alloc_tile : !t
    %y = pto.alloc_tile : !t
    pto.tadd ins(%x, %fresh : !t, !t) outs(%y : !t)
    pto.tstore ins(%y : !t) outs(%pa : !pv)
    %late = pto.alloc_tile : !t
    pto.tload ins(%pa : !pv) outs(%late : !t)
    pto.tstore ins(%late : !t) outs(%pa : !pv)
    func.return
  }
}

// -----

// Alignment: UB buffers are 32-byte aligned, so a 1x8 f32 vec tile of 32 bytes is
// followed at 32 (the type rules make every tile a multiple of 32 bytes). L0 buffers
// (left/right/acc) are 512-byte aligned (PTOAS): a 1x16 f16 left tile of 32 bytes is
// followed at 512, the size rounded up to the alignment.
// CHECK-LABEL: func.func @alignment
// CHECK:         %s_addr = arith.constant 0 : i64
// CHECK:         %s2_addr = arith.constant 32 : i64
// CHECK:         %l_addr = arith.constant 0 : i64
// CHECK:         %l2_addr = arith.constant 512 : i64
!s = !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8>
!ps = !pto.partition_tensor_view<1x8xf32>
!m = !pto.tile_buf<loc=mat, dtype=f16, rows=1, cols=16>
!l = !pto.tile_buf<loc=left, dtype=f16, rows=1, cols=16>
!r = !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16>
!c = !pto.tile_buf<loc=acc, dtype=f32, rows=1, cols=16>
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @alignment(%a: !pto.ptr<f32>, %m: !m, %r: !r, %c: !c) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %va = pto.make_tensor_view %a, shape = [%c1, %c8], strides = [%c8, %c1] : !pto.tensor_view<?x?xf32>
    %pa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c1, %c8] : !pto.tensor_view<?x?xf32> -> !ps
    %s = pto.alloc_tile : !s
    %s2 = pto.alloc_tile : !s
    pto.tload ins(%pa : !ps) outs(%s : !s)
    pto.tabs ins(%s : !s) outs(%s2 : !s)
    pto.tstore ins(%s2 : !s) outs(%pa : !ps)
    %l = pto.alloc_tile : !l
    %l2 = pto.alloc_tile : !l
    pto.tmov ins(%m : !m) outs(%l : !l)
    pto.tmov ins(%m : !m) outs(%l2 : !l)
    pto.tmatmul ins(%l, %r : !l, !r) outs(%c : !c)
    pto.tmatmul.acc ins(%c, %l2, %r : !c, !l, !r) outs(%c : !c)
    func.return
  }
}

// -----

!ma = !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>
!mb = !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>
!mbias = !pto.tile_buf<loc=mat, dtype=f32, rows=1, cols=16>
!l = !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>
!r = !pto.tile_buf<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>
!bias = !pto.tile_buf<loc=bias, dtype=f32, rows=1, cols=16>
!c = !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
!tv = !pto.tensor_view<?x?xf16>
!tvf = !pto.tensor_view<?x?xf32>
!pa = !pto.partition_tensor_view<16x32xf16>
!pb = !pto.partition_tensor_view<32x16xf16>
!pbi = !pto.partition_tensor_view<1x16xf32>
!po = !pto.partition_tensor_view<16x16xf32>

// Each location is its own memory: mat (L1) holds the three staged operands (1024, 1024
// and 64 bytes, all live at the first tmov); left, right, bias and acc start at 0 each.
// The second round's mat buffers reuse the first round's bytes, %c2 and %l2/%r2 those of
// the first round's L0 buffers.
// CHECK-LABEL: func.func @matmul
// CHECK:         %ma_addr = arith.constant 0 : i64
// CHECK:         %mb_addr = arith.constant 1024 : i64
// CHECK:         %mbias_addr = arith.constant 2048 : i64
// CHECK:         %l_addr = arith.constant 0 : i64
// CHECK:         %r_addr = arith.constant 0 : i64
// CHECK:         %bias_addr = arith.constant 0 : i64
// CHECK:         %acc_addr = arith.constant 0 : i64
// CHECK:         %ma2_addr = arith.constant 0 : i64
// CHECK:         %mb2_addr = arith.constant 1024 : i64
// CHECK:         %l2_addr = arith.constant 0 : i64
// CHECK:         %r2_addr = arith.constant 0 : i64
// CHECK:         %acc2_addr = arith.constant 1024 : i64
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @matmul(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %bi: !pto.ptr<f32>, %out: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %va = pto.make_tensor_view %a, shape = [%c16, %c32], strides = [%c32, %c1] : !tv
    %vb = pto.make_tensor_view %b, shape = [%c32, %c16], strides = [%c16, %c1] : !tv
    %vbi = pto.make_tensor_view %bi, shape = [%c1, %c16], strides = [%c16, %c1] : !tvf
    %vo = pto.make_tensor_view %out, shape = [%c16, %c16], strides = [%c16, %c1] : !tvf
    %pa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c16, %c32] : !tv -> !pa
    %pb = pto.partition_view %vb, offsets = [%c0, %c0], sizes = [%c32, %c16] : !tv -> !pb
    %pbi = pto.partition_view %vbi, offsets = [%c0, %c0], sizes = [%c1, %c16] : !tvf -> !pbi
    %po = pto.partition_view %vo, offsets = [%c0, %c0], sizes = [%c16, %c16] : !tvf -> !po
    %ma = pto.alloc_tile : !ma
    %mb = pto.alloc_tile : !mb
    %mbias = pto.alloc_tile : !mbias
    %l = pto.alloc_tile : !l
    %r = pto.alloc_tile : !r
    %bias = pto.alloc_tile : !bias
    %acc = pto.alloc_tile : !c
    pto.tload ins(%pa : !pa) outs(%ma : !ma)
    pto.tload ins(%pb : !pb) outs(%mb : !mb)
    pto.tload ins(%pbi : !pbi) outs(%mbias : !mbias)
    pto.tmov ins(%ma : !ma) outs(%l : !l)
    pto.tmov ins(%mb : !mb) outs(%r : !r)
    pto.tmov ins(%mbias : !mbias) outs(%bias : !bias)
    pto.tmatmul.bias ins(%l, %r, %bias : !l, !r, !bias) outs(%acc : !c)
    %ma2 = pto.alloc_tile : !ma
    %mb2 = pto.alloc_tile : !mb
    %l2 = pto.alloc_tile : !l
    %r2 = pto.alloc_tile : !r
    %acc2 = pto.alloc_tile : !c
    pto.tload ins(%pa : !pa) outs(%ma2 : !ma)
    pto.tload ins(%pb : !pb) outs(%mb2 : !mb)
    pto.tmov ins(%ma2 : !ma) outs(%l2 : !l)
    pto.tmov ins(%mb2 : !mb) outs(%r2 : !r)
    pto.tmatmul.acc ins(%acc, %l2, %r2 : !c, !l, !r) outs(%acc2 : !c)
    pto.tstore ins(%acc2 : !c) outs(%po : !po)
    func.return
  }
}

// -----

!big = !pto.tile_buf<loc=vec, dtype=f32, rows=100, cols=256>
!pv = !pto.partition_tensor_view<100x256xf32>
!tv = !pto.tensor_view<?x?xf32>

// Capacity: two live 102400-byte tiles need 204800 bytes of UB: a5 (248 KiB) holds them;
// a2a3 (192 KiB) does not (plan_memory_invalid.mlir).
// CHECK-LABEL: func.func @two_big
// CHECK:         %x_addr = arith.constant 0 : i64
// CHECK:         %y_addr = arith.constant 102400 : i64
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @two_big(%a: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %c256 = arith.constant 256 : index
    %va = pto.make_tensor_view %a, shape = [%c100, %c256], strides = [%c256, %c1] : !tv
    %pa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c100, %c256] : !tv -> !pv
    %x = pto.alloc_tile : !big
    %y = pto.alloc_tile : !big
    pto.tload ins(%pa : !pv) outs(%x : !big)
    pto.tabs ins(%x : !big) outs(%y : !big)
    pto.tstore ins(%y : !big) outs(%pa : !pv)
    func.return
  }
}

// -----

!t = !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
!pv = !pto.partition_tensor_view<8x8xf32>
!tv = !pto.tensor_view<?x?xf32>

// Writes in branches. %once is written in the then-branch only and read after the
// scf.if: it may be read unwritten, so it keeps bytes of its own for the whole function
// (placed first, at 0; %late does not reuse them). %t, in the loop body, is written in
// both branches before it is read: it is planned like any body buffer (512; %x, read in
// the loop, lives for all of it at 256), and %u, written by the tabs that last reads %t,
// goes to 768. %late reuses the bytes of %x.
// CHECK-LABEL: func.func @branches
// CHECK:         %once_addr = arith.constant 0 : i64
// CHECK:         %x_addr = arith.constant 256 : i64
// CHECK:         scf.for
// CHECK-NEXT:      %t_addr = arith.constant 512 : i64
// CHECK-NEXT:      %t = pto.alloc_tile addr = %t_addr
// CHECK:           %u_addr = arith.constant 768 : i64
// CHECK-NEXT:      %u = pto.alloc_tile addr = %u_addr
// CHECK:         %late_addr = arith.constant 256 : i64
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @branches(%a: !pto.ptr<f32>, %n: index, %cond: i1) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %va = pto.make_tensor_view %a, shape = [%c8, %c8], strides = [%c8, %c1] : !tv
    %pa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %once = pto.alloc_tile : !t
    %x = pto.alloc_tile : !t
    pto.tload ins(%pa : !pv) outs(%x : !t)
    scf.if %cond {
      pto.tabs ins(%x : !t) outs(%once : !t)
    }
    pto.tstore ins(%once : !t) outs(%pa : !pv)
    scf.for %i = %c0 to %n step %c1 {
      %t = pto.alloc_tile : !t
      scf.if %cond {
        pto.tload ins(%pa : !pv) outs(%t : !t)
      } else {
        pto.tabs ins(%x : !t) outs(%t : !t)
      }
      %u = pto.alloc_tile : !t
      pto.tabs ins(%t : !t) outs(%u : !t)
      pto.tstore ins(%u : !t) outs(%pa : !pv)
    }
    %late = pto.alloc_tile : !t
    pto.tload ins(%pa : !pv) outs(%late : !t)
    pto.tstore ins(%late : !t) outs(%pa : !pv)
    func.return
  }
}

// -----

// Fragmentation the sweep cannot avoid: in order of first use %a, %b, %c (64 KiB each)
// fill the 192 KiB of a2a3, %a and %c die and %b stays in the middle, so no 128 KiB range
// is left for %d. Placed largest first, %d takes 0, %b (live beside it) 128 KiB, and %a
// and %c, dead before %d is loaded, the bytes at 0 and 64 KiB.
// CHECK-LABEL: func.func @by_size
// CHECK:         %a_addr = arith.constant 0 : i64
// CHECK:         %b_addr = arith.constant 131072 : i64
// CHECK:         %c_addr = arith.constant 65536 : i64
// CHECK:         %d_addr = arith.constant 0 : i64
!q = !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=256>
!h = !pto.tile_buf<loc=vec, dtype=f32, rows=128, cols=256>
!pq = !pto.partition_tensor_view<64x256xf32>
!ph = !pto.partition_tensor_view<128x256xf32>
!tv = !pto.tensor_view<?x?xf32>
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @by_size(%g: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %v = pto.make_tensor_view %g, shape = [%c128, %c256], strides = [%c256, %c1] : !tv
    %pq = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c64, %c256] : !tv -> !pq
    %ph = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c128, %c256] : !tv -> !ph
    %a = pto.alloc_tile : !q
    %b = pto.alloc_tile : !q
    %c = pto.alloc_tile : !q
    %d = pto.alloc_tile : !h
    pto.tload ins(%pq : !pq) outs(%a : !q)
    pto.tload ins(%pq : !pq) outs(%b : !q)
    pto.tload ins(%pq : !pq) outs(%c : !q)
    pto.tstore ins(%a : !q) outs(%pq : !pq)
    pto.tstore ins(%c : !q) outs(%pq : !pq)
    pto.tload ins(%ph : !ph) outs(%d : !h)
    pto.tstore ins(%b : !q) outs(%pq : !pq)
    pto.tstore ins(%d : !h) outs(%ph : !ph)
    func.return
  }
}

// -----

// A scratch operand is written by the op before it is read (what it held is not used):
// %tmp1 lives at the first trowsum only, so %tmp2 reuses its bytes, in a loop too.
// CHECK-LABEL: func.func @scratch
// CHECK:         scf.for
// CHECK:           %tmp1_addr = arith.constant [[TMP:[0-9]+]] : i64
// CHECK:           %tmp2_addr = arith.constant [[TMP]] : i64
!s = !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
!r = !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_col=1>
!pv = !pto.partition_tensor_view<8x8xf32>
!tv = !pto.tensor_view<?x?xf32>
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @scratch(%a: !pto.ptr<f32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %va = pto.make_tensor_view %a, shape = [%c8, %c8], strides = [%c8, %c1] : !tv
    %pa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    scf.for %i = %c0 to %n step %c1 {
      %x = pto.alloc_tile : !s
      pto.tload ins(%pa : !pv) outs(%x : !s)
      %tmp1 = pto.alloc_tile : !s
      %r1 = pto.alloc_tile : !r
      pto.trowsum ins(%x, %tmp1 : !s, !s) outs(%r1 : !r)
      %tmp2 = pto.alloc_tile : !s
      %r2 = pto.alloc_tile : !r
      pto.trowmax ins(%x, %tmp2 : !s, !s) outs(%r2 : !r)
      %y = pto.alloc_tile : !s
      pto.tabs ins(%x : !s) outs(%y : !s)
      pto.tstore ins(%y : !s) outs(%pa : !pv)
    }
    func.return
  }
}
