// pto-lower-matmul-to-vector: a vector-unit tmatmul/tgemv (every operand a planned loc=vec
// tile) becomes one pto.vecscope of register blocks: R rows x G registers of C as the
// iter_args of an scf.for over k (exact trip count K), per k G NORM loads of a row of B and
// R BRC_B32 broadcasts of A, one fused vmula per accumulator, n's tail masked by
// pto.plt_b32 of the columns left, m's tail a block of fewer rows. The vecscope reports
// the register tile and its computational intensity.
// RUN: xdsl-opt %s --split-input-file -p pto-lower-matmul-to-vector | filecheck %s
// The pass is idempotent: a second run changes nothing.
// RUN: xdsl-opt %s --split-input-file -p pto-lower-matmul-to-vector > %t.once
// RUN: xdsl-opt %s --split-input-file -p pto-lower-matmul-to-vector,pto-lower-matmul-to-vector > %t.twice
// RUN: diff %t.once %t.twice

// m = 3, k = 5, n = 70: one block of 3 rows x 2 registers (64 columns and a tail of 6).
// CHECK-LABEL: func.func @tail_n
// CHECK:       %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:       pto.vecscope {
// CHECK:         pto.vbr %[[ZERO]]
// CHECK:         %[[FULL:.*]], %{{.*}} = pto.plt_b32 %c64_i32
// CHECK:         %[[TAIL:.*]], %{{.*}} = pto.plt_b32 %c6_i32
// CHECK:         scf.for %k = %c0 to %c5 step %c1 iter_args({{(%[^,]*, ){5}%[^,]*}}) -> ({{(!pto.vreg<64xf32>, ){5}!pto}}.vreg<64xf32>)
// CHECK-COUNT-2: pto.vlds %b_ub
// CHECK:         pto.vlds %a_ub[%k] {dist = "BRC_B32"}
// CHECK-NEXT:    pto.vmula %{{.*}}, %{{.*}}, %{{.*}}, %[[FULL]]
// CHECK-NEXT:    pto.vmula %{{.*}}, %{{.*}}, %{{.*}}, %[[TAIL]]
// CHECK-COUNT-2: {dist = "BRC_B32"}
// CHECK:         scf.yield
// CHECK-NEXT:  }
// CHECK-NEXT:  pto.vsts %{{.*}}, %c_ub[%c0], %[[FULL]]
// CHECK-NEXT:  pto.vsts %{{.*}}, %c_ub[%c64], %[[TAIL]]
// CHECK-NEXT:  pto.vsts %{{.*}}, %c_ub[%c72], %[[FULL]]
// CHECK-NEXT:  pto.vsts %{{.*}}, %c_ub[%c136], %[[TAIL]]
// CHECK-NEXT:  pto.vsts %{{.*}}, %c_ub[%c144], %[[FULL]]
// CHECK-NEXT:  pto.vsts %{{.*}}, %c_ub[%c208], %[[TAIL]]
// CHECK-NEXT:  } {pto.matmul_tile = "3x128 (R=3, G=2, VL=64, 9 vregs), CI=2.93"}
// CHECK-NOT:   pto.tmatmul
!a = !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=8, v_row=3, v_col=5>
!b = !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=72, v_row=5, v_col=70>
!c = !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=72, v_row=3, v_col=70>
func.func @tail_n() {
  %a0 = arith.constant 0 : i64
  %a1 = arith.constant 128 : i64
  %a2 = arith.constant 4096 : i64
  %a = pto.alloc_tile addr = %a0 : !a
  %b = pto.alloc_tile addr = %a1 : !b
  %c = pto.alloc_tile addr = %a2 : !c
  pto.tmatmul ins(%a, %b : !a, !b) outs(%c : !c)
  func.return
}

// -----

// m = 40, k = 2, n = 64 on a 32-register budget: R + 1 + 1 <= 32 gives R = 30, then a
// tail block of the remaining 10 rows; both loop over k = 0 .. 2.
// CHECK-LABEL: func.func @tail_m
// CHECK:       scf.for %k = %c0 to %c2 step %c1 iter_args({{(%[^,]*, ){29}%[^,]*}}) -> ({{(!pto.vreg<64xf32>, ){29}!pto}}.vreg<64xf32>)
// CHECK-COUNT-30: pto.vsts
// CHECK:       scf.for %k{{.*}} = %c0 to %c2 step %c1 iter_args({{(%[^,]*, ){9}%[^,]*}}) -> ({{(!pto.vreg<64xf32>, ){9}!pto}}.vreg<64xf32>)
// CHECK-COUNT-10: pto.vsts
// CHECK-NOT:   pto.vsts
// CHECK:       } {pto.matmul_tile = "30x64 (R=30, G=1, VL=64, 32 vregs), CI=20.43"}
!a = !pto.tile_buf<loc=vec, dtype=f32, rows=40, cols=8, v_row=40, v_col=2>
!b = !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64, v_row=2, v_col=64>
!c = !pto.tile_buf<loc=vec, dtype=f32, rows=40, cols=64>
func.func @tail_m() {
  %a0 = arith.constant 0 : i64
  %a1 = arith.constant 2048 : i64
  %a2 = arith.constant 8192 : i64
  %a = pto.alloc_tile addr = %a0 : !a
  %b = pto.alloc_tile addr = %a1 : !b
  %c = pto.alloc_tile addr = %a2 : !c
  pto.tmatmul ins(%a, %b : !a, !b) outs(%c : !c)
  func.return
}

// -----

// tgemv.bias, m = 1, k = 16, n = 8: one accumulator; the bias row is added after the k
// loop; B's rows are 8 columns (32 bytes), so its loads are block loads (pto.vsldb) that
// stay inside the buffer.
// CHECK-LABEL: func.func @gemv_bias
// CHECK:       %[[M8:.*]], %{{.*}} = pto.plt_b32 %c8_i32
// CHECK:       %[[ACC:.*]] = scf.for %k = %c0 to %c16 step %c1 iter_args(%{{[^)]*}}) -> (!pto.vreg<64xf32>)
// CHECK:         pto.vsldb
// CHECK-NOT:     pto.plt_b32
// CHECK:         pto.vlds %x_ub[%k] {dist = "BRC_B32"}
// CHECK:       }
// CHECK-NOT:   pto.plt_b32
// CHECK:       %[[BIAS:.*]] = pto.vsldb
// CHECK:       %[[SUM:.*]] = pto.vadd %[[ACC]], %[[BIAS]], %[[M8]]
// CHECK:       pto.vsts %[[SUM]], %y_ub[%c0], %[[M8]]
// CHECK:       } {pto.matmul_tile = "1x64 (R=1, G=1, VL=64, 3 vregs), CI=0.98"}
!x = !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16>
!w = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8>
!row = !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8>
func.func @gemv_bias() {
  %a0 = arith.constant 0 : i64
  %a1 = arith.constant 64 : i64
  %a2 = arith.constant 1024 : i64
  %a3 = arith.constant 2048 : i64
  %x = pto.alloc_tile addr = %a0 : !x
  %w = pto.alloc_tile addr = %a1 : !w
  %bias = pto.alloc_tile addr = %a2 : !row
  %y = pto.alloc_tile addr = %a3 : !row
  pto.tgemv.bias ins(%x, %w, %bias : !x, !w, !row) outs(%y : !row)
  func.return
}

// -----

// f16 -> f32, m = 2, k = 16, n = 70: B's rows are widened by an unpacking load (element i
// in the low half of 32-bit lane i) and vcvt EVEN (f32 lane i = f16 lane 2i); the tail
// group (columns 64..69) would read past B's last row, so it loads one block with
// pto.vsldb and spreads it with vintlvv2 (element i in lanes 2i, 2i + 1) before the same
// vcvt. A's element is a BRC_B16 broadcast, then vcvt. One conversion register more in
// the budget: 2*2 accumulators + 2 B registers + 3 = 9.
// CHECK-LABEL: func.func @widen_f16
// CHECK:       pto.vecscope {
// CHECK:         %[[ALL:.*]], %{{.*}} = pto.plt_b16 %c128_i32
// CHECK:         %[[BLOCK:.*]], %{{.*}} = pto.plt_b16 %c2_i32
// CHECK:         scf.for %k = %c0 to %c16 step %c1 iter_args({{(%[^,]*, ){3}%[^,]*}}) -> ({{(!pto.vreg<64xf32>, ){3}!pto}}.vreg<64xf32>)
// CHECK-NEXT:      %[[KB:.*]] = arith.muli %k, %c80
// CHECK-NEXT:      %[[U:.*]] = pto.vlds %b_ub[%[[KB]]] {dist = "UNPK_B16"} : !pto.ptr<f16, ub> -> !pto.vreg<64xui32>
// CHECK-NEXT:      %[[H:.*]] = pto.vbitcast %[[U]] : !pto.vreg<64xui32> -> !pto.vreg<128xf16>
// CHECK-NEXT:      %[[B0:.*]] = pto.vcvt %[[H]], %[[ALL]] {part = "EVEN"} : !pto.vreg<128xf16>, !pto.mask<b16> -> !pto.vreg<64xf32>
// CHECK:           %[[N:.*]] = pto.vsldb %{{.*}}, %c1_i16, %c0_i16, %[[BLOCK]] : !pto.ptr<f16, ub>, i16, i16, !pto.mask<b16> -> !pto.vreg<128xf16>
// CHECK-NEXT:      %[[S:.*]] = pto.vintlvv2 %[[N]], %[[N]], "LOWER"
// CHECK-NEXT:      %[[B1:.*]] = pto.vcvt %[[S]], %[[ALL]] {part = "EVEN"}
// CHECK-NEXT:      %[[AN:.*]] = pto.vlds %a_ub[%k] {dist = "BRC_B16"} : !pto.ptr<f16, ub> -> !pto.vreg<128xf16>
// CHECK-NEXT:      %[[A:.*]] = pto.vcvt %[[AN]], %[[ALL]] {part = "EVEN"}
// CHECK-NEXT:      pto.vmula %{{.*}}, %[[A]], %[[B0]]
// CHECK-NEXT:      pto.vmula %{{.*}}, %[[A]], %[[B1]]
// CHECK:         scf.yield
// CHECK-COUNT-4: pto.vsts {{.*}} : !pto.vreg<64xf32>, !pto.ptr<f32, ub>
// CHECK-NEXT:  } {pto.matmul_tile = "2x128 (R=2, G=2, VL=64, 8 vregs), CI=1.97"}
!a = !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=16>
!b = !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=80, v_row=16, v_col=70>
!c = !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=80, v_row=2, v_col=70>
func.func @widen_f16() {
  %a0 = arith.constant 0 : i64
  %a1 = arith.constant 64 : i64
  %a2 = arith.constant 4096 : i64
  %a = pto.alloc_tile addr = %a0 : !a
  %b = pto.alloc_tile addr = %a1 : !b
  %c = pto.alloc_tile addr = %a2 : !c
  pto.tmatmul ins(%a, %b : !a, !b) outs(%c : !c)
  func.return
}

// -----

// i8 -> i32, tgemv, k = 32, n = 64: a row of B (64 bytes) is two blocks (pto.vsldb: a
// 256-byte load would leave B at its last rows) sign-extended by vsunpack twice (i8 -> i16
// -> i32, the low half each time); x's element is a BRC_B8 broadcast and vcvt i8 -> i32;
// vmula in i32 (wrap-around, as the tile op sums).
// CHECK-LABEL: func.func @widen_i8
// CHECK:       %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK:       pto.vecscope {
// CHECK:         pto.vbr %[[ZERO]] : i32 -> !pto.vreg<64xi32>
// CHECK:         %[[ALL:.*]], %{{.*}} = pto.plt_b8 %c256_i32
// CHECK:         %[[BLOCKS:.*]], %{{.*}} = pto.plt_b8 %c8_i32
// CHECK:         scf.for %k = %c0 to %c32 step %c1 iter_args(%{{[^,]*}}) -> (!pto.vreg<64xi32>)
// CHECK:           %[[N:.*]] = pto.vsldb %{{.*}}, %c1_i16, %c0_i16, %[[BLOCKS]] : !pto.ptr<i8, ub>, i16, i16, !pto.mask<b8> -> !pto.vreg<256xi8>
// CHECK-NEXT:      %[[H:.*]] = pto.vsunpack %[[N]], %c0 : !pto.vreg<256xi8> -> !pto.vreg<128xi16>
// CHECK-NEXT:      %[[B:.*]] = pto.vsunpack %[[H]], %c0 : !pto.vreg<128xi16> -> !pto.vreg<64xi32>
// CHECK-NEXT:      %[[AN:.*]] = pto.vlds %x_ub[%k] {dist = "BRC_B8"} : !pto.ptr<i8, ub> -> !pto.vreg<256xi8>
// CHECK-NEXT:      %[[A:.*]] = pto.vcvt %[[AN]], %[[ALL]] {part = "EVEN"} : !pto.vreg<256xi8>, !pto.mask<b8> -> !pto.vreg<64xi32>
// CHECK-NEXT:      pto.vmula %{{.*}}, %[[A]], %[[B]], %{{.*}} : !pto.vreg<64xi32>
// CHECK-NEXT:      scf.yield
// CHECK:         pto.vsts {{.*}} : !pto.vreg<64xi32>, !pto.ptr<i32, ub>
// CHECK-NEXT:  } {pto.matmul_tile = "1x64 (R=1, G=1, VL=64, 4 vregs), CI=0.98"}
!x = !pto.tile_buf<loc=vec, dtype=i8, rows=1, cols=32>
!w = !pto.tile_buf<loc=vec, dtype=i8, rows=32, cols=64>
!y = !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=64>
func.func @widen_i8() {
  %a0 = arith.constant 0 : i64
  %a1 = arith.constant 64 : i64
  %a2 = arith.constant 4096 : i64
  %x = pto.alloc_tile addr = %a0 : !x
  %w = pto.alloc_tile addr = %a1 : !w
  %y = pto.alloc_tile addr = %a2 : !y
  pto.tgemv ins(%x, %w : !x, !w) outs(%y : !y)
  func.return
}
