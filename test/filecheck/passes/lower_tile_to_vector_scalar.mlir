// pto-lower-tile-to-vector on tile-scalar ops: the scalar goes to the record's vector-scalar
// op (or one pto.vbr register), chunk by chunk, with the loops of the elementwise ops.
// RUN: xdsl-opt %s --split-input-file -p pto-lower-tile-to-vector | filecheck %s
// RUN: xdsl-opt %s --split-input-file -p pto-lower-tile-to-vector > %t.once
// RUN: xdsl-opt %s --split-input-file -p pto-lower-tile-to-vector,pto-lower-tile-to-vector > %t.twice
// RUN: diff %t.once %t.twice

// tadds on a partial region: a loop over the 3 valid rows around the 40 valid columns.
// CHECK-LABEL: func.func @tadds_rows
// CHECK:         pto.vecscope {
// CHECK-NEXT:      scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:             pto.plt_b32
// CHECK-NEXT:        arith.addi
// CHECK-NEXT:        %[[V:.*]] = pto.vlds
// CHECK-NEXT:        %[[R:.*]] = pto.vadds %[[V]], %s, %{{.*}} : !pto.vreg<64xf32>, f32, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT:        pto.vsts %[[R]]
// CHECK-NOT:     pto.tadds
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @tadds_rows(%s: f32) {
    %a0 = arith.constant 0 : i64
    %a1 = arith.constant 4096 : i64
    %src = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=64, v_row=3, v_col=40>
    %dst = pto.alloc_tile addr = %a1 : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=64, v_row=3, v_col=40>
    pto.tadds ins(%src, %s : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=64, v_row=3, v_col=40>, f32) outs(%dst : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=64, v_row=3, v_col=40>)
    func.return
  }
}

// -----

// tdivs scalar / src: one broadcast register, the divisor the loaded chunk.
// CHECK-LABEL: func.func @tdivs_scalar_first
// CHECK:         pto.vecscope {
// CHECK-NEXT:      %[[S:.*]] = pto.vbr %s : f32 -> !pto.vreg<64xf32>
// CHECK:             %[[V:.*]] = pto.vlds
// CHECK-NEXT:        %{{.*}} = pto.vdiv %[[S]], %[[V]], %{{.*}} : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @tdivs_scalar_first(%s: f32) {
    %a0 = arith.constant 0 : i64
    %a1 = arith.constant 4096 : i64
    %src = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32>
    %dst = pto.alloc_tile addr = %a1 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32>
    pto.tdivs ins(%s, %src : f32, !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32>) outs(%dst : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32>)
    func.return
  }
}

// -----

// taxpy in PTOAS's form: dst is loaded as the accumulator.
// CHECK-LABEL: func.func @taxpy_dst_acc
// CHECK:             %[[X:.*]] = pto.vlds %[[SRC:.*]][%[[OFF:.*]]] : !pto.ptr<f16, ub> -> !pto.vreg<128xf16>
// CHECK-NEXT:        %[[Y:.*]] = pto.vlds %[[DST:.*]][%[[OFF]]] : !pto.ptr<f16, ub> -> !pto.vreg<128xf16>
// CHECK-NEXT:        %[[R:.*]] = pto.vaxpy %[[X]], %[[Y]], %alpha, %{{.*}} : (!pto.vreg<128xf16>, !pto.vreg<128xf16>, f16, !pto.mask<b16>) -> !pto.vreg<128xf16>
// CHECK-NEXT:        pto.vsts %[[R]], %[[DST]][%[[OFF]]]
builtin.module attributes {pto.target_arch = "cpu"} {
  func.func @taxpy_dst_acc(%alpha: f16) {
    %a0 = arith.constant 0 : i64
    %a1 = arith.constant 4096 : i64
    %x = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>
    %y = pto.alloc_tile addr = %a1 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>
    pto.taxpy ins(%x, %alpha : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>, f16) outs(%y : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>)
    func.return
  }
}

// -----

// texpands: no load, one register stored over the region (ui16 through an i16 pointer).
// CHECK-LABEL: func.func @texpands_unsigned
// CHECK:         %[[P:.*]] = pto.castptr %{{.*}} : i64 -> !pto.ptr<i16, ub>
// CHECK:         pto.vecscope {
// CHECK-NEXT:      %[[S:.*]] = pto.vbr %s : i16 -> !pto.vreg<128xi16>
// CHECK-NOT:       pto.vlds
// CHECK:           pto.vsts %[[S]], %[[P]]
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @texpands_unsigned(%s: i16) {
    %a0 = arith.constant 0 : i64
    %dst = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=ui16, rows=2, cols=256, v_row=2, v_col=200>
    pto.texpands ins(%s : i16) outs(%dst : !pto.tile_buf<loc=vec, dtype=ui16, rows=2, cols=256, v_row=2, v_col=200>)
    func.return
  }
}

// -----

// An f32 constant slope of an f16 tlrelu is rounded to f16 when the code is generated
// (0.1 -> 0.0999755859375, the nearest f16).
// CHECK-LABEL: func.func @tlrelu_constant_slope
// CHECK:         %[[K:.*]] = arith.constant 9.997560e-02 : f16
// CHECK:           pto.vlrelu %{{.*}}, %[[K]], %{{.*}} : !pto.vreg<128xf16>, f16, !pto.mask<b16> -> !pto.vreg<128xf16>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @tlrelu_constant_slope() {
    %slope = arith.constant 0.1 : f32
    %a0 = arith.constant 0 : i64
    %a1 = arith.constant 4096 : i64
    %src = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>
    %dst = pto.alloc_tile addr = %a1 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>
    pto.tlrelu ins(%src, %slope : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>, f32) outs(%dst : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>)
    func.return
  }
}
