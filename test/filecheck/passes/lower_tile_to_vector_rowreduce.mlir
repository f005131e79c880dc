// pto-lower-tile-to-vector on the row product, the row arg-reductions and the narrow column
// arg-reductions (their bytes: test/unit/test_lower_tile_to_vector_rowreduce.py,
// test_interp_arg_reduce.py).
// RUN: xdsl-opt %s --split-input-file -p pto-lower-tile-to-vector | filecheck %s
// RUN: xdsl-opt %s --split-input-file -p pto-lower-tile-to-vector > %t.once
// RUN: xdsl-opt %s --split-input-file -p pto-lower-tile-to-vector,pto-lower-tile-to-vector > %t.twice
// RUN: diff %t.once %t.twice

// trowprod: merging vmul per register, then log2(64) = 6 vintlv + vmul folds, lane 0 stored.
// CHECK-LABEL: func.func @trowprod_rows
// CHECK:         pto.vecscope {
// CHECK-NEXT:      %[[ONES:.*]] = pto.vbr %{{.*}} : f32 -> !pto.vreg<64xf32>
// CHECK:             %[[V:.*]] = pto.vlds
// CHECK-NEXT:        %[[P:.*]] = pto.vmul %[[ACC:.*]], %[[V]], %[[M:.*]] : !pto.vreg<64xf32>
// CHECK-NEXT:        %{{.*}} = pto.vsel %[[P]], %[[ACC]], %[[M]]
// CHECK:           scf.for %{{.*}} = %c0 to %c6 step %c1 iter_args
// CHECK-NEXT:        %[[LO:.*]], %[[HI:.*]] = pto.vintlv %{{.*}}, %[[ONES]]
// CHECK-NEXT:        %{{.*}} = pto.vmul %[[LO]], %[[HI]]
// CHECK:           pto.vsts
// CHECK-NOT:     pto.trowprod
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @trowprod_rows() {
    %a0 = arith.constant 0 : i64
    %a1 = arith.constant 4096 : i64
    %a2 = arith.constant 8192 : i64
    %src = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=128, v_row=3, v_col=100>
    %tmp = pto.alloc_tile addr = %a1 : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=128, v_row=3, v_col=100>
    %dst = pto.alloc_tile addr = %a2 : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=8, v_row=3, v_col=1>
    pto.trowprod ins(%src, %tmp : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=128, v_row=3, v_col=100>, !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=128, v_row=3, v_col=100>) outs(%dst : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=8, v_row=3, v_col=1>)
    func.return
  }
}

// -----

// trowargmax of f16 into ui32: the index leaves vcmax's lane 1 through vdintlv, is read as
// i32 and offset by the register's column; the f16 compare mask selects it as b32.
// CHECK-LABEL: func.func @trowargmax_f16
// CHECK:             %[[R:.*]] = pto.vcmax %{{.*}} : !pto.vreg<128xf16>, !pto.mask<b16> -> !pto.vreg<128xf16>
// CHECK-NEXT:        %[[VAL:.*]], %[[RAW:.*]] = pto.vdintlv %[[R]], %{{.*}}
// CHECK-NEXT:        %[[LANE:.*]] = pto.vbitcast %[[RAW]] : !pto.vreg<128xf16> -> !pto.vreg<64xi32>
// CHECK-NEXT:        %[[OFF:.*]] = arith.index_cast
// CHECK-NEXT:        %[[AT:.*]] = pto.vadds %[[LANE]], %[[OFF]]
// CHECK-NEXT:        %[[B:.*]] = pto.vcmp %{{.*}}, %[[VAL]], %{{.*}}, "lt"
// CHECK-NEXT:        pto.vsel %[[VAL]]
// CHECK-NEXT:        %[[B32:.*]] = pto.pbitcast %[[B]] : !pto.mask<b16> -> !pto.mask<b32>
// CHECK-NEXT:        pto.vsel %[[AT]], %{{.*}}, %[[B32]]
// CHECK:           pto.vbitcast %{{.*}} : !pto.vreg<64xi32> -> !pto.vreg<64xui32>
// CHECK-NEXT:      arith.muli
// CHECK-NEXT:      pto.vsts
// CHECK-NOT:     pto.trowargmax
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @trowargmax_f16() {
    %a0 = arith.constant 0 : i64
    %a1 = arith.constant 4096 : i64
    %a2 = arith.constant 8192 : i64
    %src = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=256, v_row=2, v_col=200>
    %tmp = pto.alloc_tile addr = %a1 : !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=256, v_row=2, v_col=200>
    %dst = pto.alloc_tile addr = %a2 : !pto.tile_buf<loc=vec, dtype=ui32, rows=2, cols=8, v_row=2, v_col=1>
    pto.trowargmax ins(%src, %tmp : !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=256, v_row=2, v_col=200>, !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=256, v_row=2, v_col=200>) outs(%dst : !pto.tile_buf<loc=vec, dtype=ui32, rows=2, cols=8, v_row=2, v_col=1>)
    func.return
  }
}

// -----

// tcolargmin of i8: two i16 index registers (the b8 compare mask split by punpack), each
// stored as two i32 halves.
// CHECK-LABEL: func.func @tcolargmin_i8
// CHECK:             pto.vcmp %{{.*}}, "lt" : !pto.vreg<256xi8>
// CHECK:             pto.punpack %{{.*}}, "LOWER" : !pto.mask<b8> -> !pto.mask<b16>
// CHECK:             pto.punpack %{{.*}}, "HIGHER" : !pto.mask<b8> -> !pto.mask<b16>
// CHECK-COUNT-4:   pto.vzunpack %{{.*}} : !pto.vreg<128xi16> -> !pto.vreg<64xi32>
// CHECK-NOT:     pto.tcolargmin
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @tcolargmin_i8() {
    %a0 = arith.constant 0 : i64
    %a1 = arith.constant 4096 : i64
    %a2 = arith.constant 8192 : i64
    %src = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=i8, rows=4, cols=256, v_row=3, v_col=200>
    %tmp = pto.alloc_tile addr = %a1 : !pto.tile_buf<loc=vec, dtype=i8, rows=4, cols=256, v_row=3, v_col=200>
    %dst = pto.alloc_tile addr = %a2 : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=256, v_row=1, v_col=200>
    pto.tcolargmin ins(%src, %tmp : !pto.tile_buf<loc=vec, dtype=i8, rows=4, cols=256, v_row=3, v_col=200>, !pto.tile_buf<loc=vec, dtype=i8, rows=4, cols=256, v_row=3, v_col=200>) outs(%dst : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=256, v_row=1, v_col=200>)
    func.return
  }
}

// -----

// trowmax of ui8: registers read as i8, zero-extended halves, reduced in i16; lane 0's low
// byte stored.
// CHECK-LABEL: func.func @trowmax_ui8
// CHECK:             %[[B:.*]] = pto.vbitcast %{{.*}} : !pto.vreg<256xui8> -> !pto.vreg<256xi8>
// CHECK-NEXT:        %[[P:.*]] = pto.vsel %[[B]]
// CHECK-NEXT:        %[[LO:.*]] = pto.vzunpack %[[P]], %c0 : !pto.vreg<256xi8> -> !pto.vreg<128xi16>
// CHECK-NEXT:        %[[HI:.*]] = pto.vzunpack %[[P]], %c1
// CHECK-NEXT:        %[[W:.*]] = pto.vmax %[[LO]], %[[HI]]
// CHECK-NEXT:        %[[C:.*]] = pto.vcmax %[[W]]
// CHECK-NEXT:        pto.vmax %{{.*}}, %[[C]]
// CHECK:           pto.vbitcast %{{.*}} : !pto.vreg<128xi16> -> !pto.vreg<256xui8>
// CHECK-NOT:     pto.trowmax
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @trowmax_ui8() {
    %a0 = arith.constant 0 : i64
    %a1 = arith.constant 4096 : i64
    %a2 = arith.constant 8192 : i64
    %src = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=ui8, rows=4, cols=256, v_row=3, v_col=200>
    %tmp = pto.alloc_tile addr = %a1 : !pto.tile_buf<loc=vec, dtype=ui8, rows=4, cols=256, v_row=3, v_col=200>
    %dst = pto.alloc_tile addr = %a2 : !pto.tile_buf<loc=vec, dtype=ui8, rows=4, cols=32, v_row=3, v_col=1>
    pto.trowmax ins(%src, %tmp : !pto.tile_buf<loc=vec, dtype=ui8, rows=4, cols=256, v_row=3, v_col=200>, !pto.tile_buf<loc=vec, dtype=ui8, rows=4, cols=256, v_row=3, v_col=200>) outs(%dst : !pto.tile_buf<loc=vec, dtype=ui8, rows=4, cols=32, v_row=3, v_col=1>)
    func.return
  }
}
