// pto-lower-matrix on a planned kernel: each cube tile op becomes micro-ops of its own pipe.
// RUN: pto-opt %s -p pto-lower-matrix | filecheck %s
// RUN: pto-opt %s -p pto-lower-matrix,pto-lower-matrix | filecheck %s
// RUN: pto-opt %s -p 'pto-lower-matrix{target=cpu}' | filecheck %s --check-prefix=CPU

!ma = !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=20, v_col=24, blayout=col_major, slayout=row_major>
!mb = !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=24, v_col=16, blayout=col_major, slayout=row_major>
!l = !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=32, v_row=20, v_col=24, blayout=col_major, slayout=row_major>
!r = !pto.tile_buf<loc=right, dtype=f16, rows=32, cols=32, v_row=24, v_col=16, blayout=row_major, slayout=col_major>
!acc = !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=20, v_col=16, blayout=col_major, slayout=row_major, fractal=1024>
!tv = !pto.tensor_view<?x?xf16>
!tc = !pto.tensor_view<?x?xf32>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @gemm(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %c: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c20 = arith.constant 20 : index
    %c24 = arith.constant 24 : index
    %c48 = arith.constant 48 : index
    %va = pto.make_tensor_view %a, shape = [%c20, %c48], strides = [%c48, %c1] : !tv
    %vb = pto.make_tensor_view %b, shape = [%c48, %c16], strides = [%c16, %c1] : !tv
    %vc = pto.make_tensor_view %c, shape = [%c20, %c16], strides = [%c1, %c20] : !tc
    %pa = pto.partition_view %va, offsets = [%c0, %c24], sizes = [%c20, %c24] : !tv -> !pto.partition_tensor_view<20x24xf16>
    %pb = pto.partition_view %vb, offsets = [%c24, %c0], sizes = [%c24, %c16] : !tv -> !pto.partition_tensor_view<24x16xf16>
    %pc = pto.partition_view %vc, offsets = [%c0, %c0], sizes = [%c20, %c16] : !tc -> !pto.partition_tensor_view<20x16xf32>
    %a0 = arith.constant 0 : i64
    %a2048 = arith.constant 2048 : i64
    %ma = pto.alloc_tile addr = %a0 : !ma
    %mb = pto.alloc_tile addr = %a2048 : !mb
    %l = pto.alloc_tile addr = %a0 : !l
    %r = pto.alloc_tile addr = %a0 : !r
    %acc = pto.alloc_tile addr = %a0 : !acc
    pto.tload ins(%pa : !pto.partition_tensor_view<20x24xf16>) outs(%ma : !ma)
    pto.tload ins(%pb : !pto.partition_tensor_view<24x16xf16>) outs(%mb : !mb)
    pto.tmov ins(%ma : !ma) outs(%l : !l)
    pto.tmov ins(%mb : !mb) outs(%r : !r)
    pto.tmatmul ins(%l, %r : !l, !r) outs(%acc : !acc)
    pto.tmatmul.acc ins(%acc, %l, %r : !acc, !l, !r) outs(%acc : !acc)
    pto.tstore ins(%acc : !acc) outs(%pc : !pto.partition_tensor_view<20x16xf32>)
    func.return
  }
}

// A (20x24 valid, ND window at column 24: %a + 24 elements, rows 48 f16 = 96 bytes apart)
// repacked into the NZ L1 tile (loop3 = its 32 rows); B's NZ tile the same way.
// CHECK:      %[[GA:.*]] = pto.addptr %a, %c24{{.*}} : !pto.ptr<f16>, index -> !pto.ptr<f16>
// CHECK:      pto.mte_gm_l1_frac %[[GA]], %{{.*}}, nd2nz, shape(%c20_i64, %c24_i64), src_layout(%c96_i64), dst_group(%c1_i64, %c1_i64, %c32_i64, %c64_i64), ctrl(%c0_i64, %false)
// CHECK:      %[[GB:.*]] = pto.addptr %b, %c384 : !pto.ptr<f16>, index -> !pto.ptr<f16>
// CHECK:      pto.mte_gm_l1_frac %[[GB]], %{{.*}}, nd2nz, shape(%c24_i64{{.*}}, %c16_i64), src_layout(%c32_i64{{.*}})
// L0A: 2 x 2 boxes (m 20 -> 2 of 16 rows, k 24 f16 -> 2 C0), L1 and L0A 2 boxes a column.
// CHECK:      pto.mte_l1_l0a %{{.*}}, %{{.*}}, %c0_i64{{.*}}, %c0_i64{{.*}}, %c2_i64, %c2_i64, %c2_i64, %c2_i64 : !pto.ptr<f16, l1>, !pto.ptr<f16, l0a>
// L0B from the NZ tile, transposed: 2 boxes of 16 k-rows, 1 C0 of n, one box a row of ZN.
// CHECK:      pto.mte_l1_l0b %{{.*}}, %{{.*}}, %c0_i64{{.*}}, %c0_i64{{.*}}, %c2_i64{{.*}}, %c1_i64{{.*}}, %c2_i64{{.*}}, %c1_i64{{.*}} {transpose = true}
// CHECK:      pto.mad %{{.*}}, %{{.*}}, %{{.*}}, %c20_i64{{.*}}, %c16_i64{{.*}}, %c24_i64{{.*}} : !pto.ptr<f16, l0a>, !pto.ptr<f16, l0b>, !pto.ptr<f32, l0c>, i64, i64, i64
// CHECK:      pto.mad_acc %{{.*}}, %{{.*}}, %{{.*}}, %c20_i64{{.*}}, %c16_i64{{.*}}, %c24_i64{{.*}}
// C into the DN window: 32 L0C rows a box column, columns 20 elements apart.
// CHECK:      pto.mte_l0c_gm %{{.*}}, %c, %c20_i64{{.*}}, %c16_i64{{.*}}, %c32_i64{{.*}}, %c20_i64{{.*}}, %c0_i64{{.*}}, %c0_i64{{.*}}, nz2dn(%c1_i64{{.*}})
// CHECK-NOT:  pto.t{{load|mov|matmul|store}}

// CPU: pto.tload
// CPU: pto.tmatmul.acc
// CPU: pto.tstore
