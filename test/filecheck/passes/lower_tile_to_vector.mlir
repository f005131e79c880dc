// pto-lower-tile-to-vector: each elementwise op / column reduction on planned UB tiles becomes
// one pto.vecscope of scf.for loops over 256-byte chunks (N = 256 / sizeof(T) lanes: 64 f32,
// 128 f16/i16, 256 i8/ui8), tails masked by pto.plt_b<bits> whose remaining count is threaded
// through iter_args. Expected bounds follow the contract: a valid region whose columns fill
// the tile is one run of v_row x cols elements; otherwise a loop over the valid rows (row
// offset i x cols of each tile) around a loop over the valid columns.
// RUN: xdsl-opt %s --split-input-file -p pto-lower-tile-to-vector | filecheck %s
// The pass is idempotent: a second run changes nothing.
// RUN: xdsl-opt %s --split-input-file -p pto-lower-tile-to-vector > %t.once
// RUN: xdsl-opt %s --split-input-file -p pto-lower-tile-to-vector,pto-lower-tile-to-vector > %t.twice
// RUN: diff %t.once %t.twice

// 32x32 f32 |x|: the valid region is one run of 1024 elements, 64 lanes a chunk (seed 002's loop).
// CHECK-LABEL: func.func @flat_tabs
// CHECK:         %[[SRC:.*]] = pto.castptr %{{.*}} : i64 -> !pto.ptr<f32, ub>
// CHECK:         %[[DST:.*]] = pto.castptr %{{.*}} : i64 -> !pto.ptr<f32, ub>
// CHECK-DAG:     %[[TOTAL:.*]] = arith.constant 1024 : i32
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[END:.*]] = arith.constant 1024 : index
// CHECK-DAG:     %[[STEP:.*]] = arith.constant 64 : index
// CHECK:         pto.vecscope {
// CHECK-NEXT:      %{{.*}} = scf.for %[[OFF:.*]] = %[[C0]] to %[[END]] step %[[STEP]] iter_args(%[[REM:.*]] = %[[TOTAL]]) -> (i32) {
// CHECK-NEXT:        %[[MASK:.*]], %[[NEXT:.*]] = pto.plt_b32 %[[REM]] : i32 -> !pto.mask<b32>, i32
// CHECK-NEXT:        %[[V:.*]] = pto.vlds %[[SRC]][%[[OFF]]] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
// CHECK-NEXT:        %[[R:.*]] = pto.vabs %[[V]], %[[MASK]] : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT:        pto.vsts %[[R]], %[[DST]][%[[OFF]]], %[[MASK]] : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
// CHECK-NEXT:        scf.yield %[[NEXT]] : i32
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @flat_tabs() {
    %a0 = arith.constant 0 : i64
    %a1 = arith.constant 4096 : i64
    %src = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32>
    %dst = pto.alloc_tile addr = %a1 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32>
    pto.tabs ins(%src : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32>) outs(%dst : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32>)
    func.return
  }
}

// -----

// 16x128 f16 tadd on a2a3: one run of 2048 elements, 128 lanes a chunk, plt_b16.
// CHECK-LABEL: func.func @flat_tadd_f16
// CHECK:         %[[X:.*]] = pto.castptr %{{.*}} : i64 -> !pto.ptr<f16, ub>
// CHECK-NEXT:    %{{.*}} = arith.constant 4096 : i64
// CHECK-NEXT:    %[[Y:.*]] = pto.castptr %{{.*}} : i64 -> !pto.ptr<f16, ub>
// CHECK-NEXT:    %{{.*}} = arith.constant 8192 : i64
// CHECK-NEXT:    %[[Z:.*]] = pto.castptr %{{.*}} : i64 -> !pto.ptr<f16, ub>
// CHECK-NEXT:    %[[TOTAL:.*]] = arith.constant 2048 : i32
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[END:.*]] = arith.constant 2048 : index
// CHECK-NEXT:    %[[STEP:.*]] = arith.constant 128 : index
// CHECK-NEXT:    pto.vecscope {
// CHECK-NEXT:      %{{.*}} = scf.for %[[OFF:.*]] = %[[C0]] to %[[END]] step %[[STEP]] iter_args(%[[REM:.*]] = %[[TOTAL]]) -> (i32) {
// CHECK-NEXT:        %[[MASK:.*]], %[[NEXT:.*]] = pto.plt_b16 %[[REM]] : i32 -> !pto.mask<b16>, i32
// CHECK-NEXT:        %[[A:.*]] = pto.vlds %[[X]][%[[OFF]]] : !pto.ptr<f16, ub> -> !pto.vreg<128xf16>
// CHECK-NEXT:        %[[B:.*]] = pto.vlds %[[Y]][%[[OFF]]] : !pto.ptr<f16, ub> -> !pto.vreg<128xf16>
// CHECK-NEXT:        %[[R:.*]] = pto.vadd %[[A]], %[[B]], %[[MASK]] : !pto.vreg<128xf16>, !pto.vreg<128xf16>, !pto.mask<b16> -> !pto.vreg<128xf16>
// CHECK-NEXT:        pto.vsts %[[R]], %[[Z]][%[[OFF]]], %[[MASK]] : !pto.vreg<128xf16>, !pto.ptr<f16, ub>, !pto.mask<b16>
// CHECK-NEXT:        scf.yield %[[NEXT]] : i32
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @flat_tadd_f16() {
    %a0 = arith.constant 0 : i64
    %a1 = arith.constant 4096 : i64
    %a2 = arith.constant 8192 : i64
    %x = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128>
    %y = pto.alloc_tile addr = %a1 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128>
    %z = pto.alloc_tile addr = %a2 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128>
    pto.tadd ins(%x, %y : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128>) outs(%z : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128>)
    func.return
  }
}

// -----

// 10x100 valid of 16x128 f32: rows 0..10, row offset i x 128, columns 0..100 in chunks of 64,
// the second chunk masked to 36 lanes by the remaining count.
// CHECK-LABEL: func.func @partial_tsub
// CHECK:         %[[X:.*]] = pto.castptr %{{.*}} : i64 -> !pto.ptr<f32, ub>
// CHECK:         %[[Y:.*]] = pto.castptr %{{.*}} : i64 -> !pto.ptr<f32, ub>
// CHECK:         %[[Z:.*]] = pto.castptr %{{.*}} : i64 -> !pto.ptr<f32, ub>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[ROWS:.*]] = arith.constant 10 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[STRIDE:.*]] = arith.constant 128 : index
// CHECK-NEXT:    %[[COLS32:.*]] = arith.constant 100 : i32
// CHECK-NEXT:    %[[COLS:.*]] = arith.constant 100 : index
// CHECK-NEXT:    %[[STEP:.*]] = arith.constant 64 : index
// CHECK-NEXT:    pto.vecscope {
// CHECK-NEXT:      scf.for %[[I:.*]] = %[[C0]] to %[[ROWS]] step %[[C1]] {
// CHECK-NEXT:        %[[ROW:.*]] = arith.muli %[[I]], %[[STRIDE]] : index
// CHECK-NEXT:        %{{.*}} = scf.for %[[OFF:.*]] = %[[C0]] to %[[COLS]] step %[[STEP]] iter_args(%[[REM:.*]] = %[[COLS32]]) -> (i32) {
// CHECK-NEXT:          %[[MASK:.*]], %[[NEXT:.*]] = pto.plt_b32 %[[REM]] : i32 -> !pto.mask<b32>, i32
// CHECK-NEXT:          %[[AT:.*]] = arith.addi %[[ROW]], %[[OFF]] : index
// CHECK-NEXT:          %[[A:.*]] = pto.vlds %[[X]][%[[AT]]] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
// CHECK-NEXT:          %[[B:.*]] = pto.vlds %[[Y]][%[[AT]]] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
// CHECK-NEXT:          %[[R:.*]] = pto.vsub %[[A]], %[[B]], %[[MASK]] : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT:          pto.vsts %[[R]], %[[Z]][%[[AT]]], %[[MASK]] : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
// CHECK-NEXT:          scf.yield %[[NEXT]] : i32
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @partial_tsub() {
    %a0 = arith.constant 0 : i64
    %a1 = arith.constant 8192 : i64
    %a2 = arith.constant 16384 : i64
    %x = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=10, v_col=100>
    %y = pto.alloc_tile addr = %a1 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=10, v_col=100>
    %z = pto.alloc_tile addr = %a2 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=10, v_col=100>
    pto.tsub ins(%x, %y : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=10, v_col=100>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=10, v_col=100>) outs(%z : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=10, v_col=100>)
    func.return
  }
}

// -----

// ui8 tmax on a5, in place (src1 is dst): 256 lanes, plt_b8; 200 of 256 columns, so a row loop.
// CHECK-LABEL: func.func @tmax_ui8
// CHECK:         %[[X:.*]] = pto.castptr %{{.*}} : i64 -> !pto.ptr<ui8, ub>
// CHECK:         %[[Z:.*]] = pto.castptr %{{.*}} : i64 -> !pto.ptr<ui8, ub>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[ROWS:.*]] = arith.constant 8 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[STRIDE:.*]] = arith.constant 256 : index
// CHECK-NEXT:    %[[COLS32:.*]] = arith.constant 200 : i32
// CHECK-NEXT:    %[[COLS:.*]] = arith.constant 200 : index
// CHECK-NEXT:    pto.vecscope {
// CHECK-NEXT:      scf.for %[[I:.*]] = %[[C0]] to %[[ROWS]] step %[[C1]] {
// CHECK-NEXT:        %[[ROW:.*]] = arith.muli %[[I]], %[[STRIDE]] : index
// CHECK-NEXT:        %{{.*}} = scf.for %[[OFF:.*]] = %[[C0]] to %[[COLS]] step %[[STRIDE]] iter_args(%[[REM:.*]] = %[[COLS32]]) -> (i32) {
// CHECK-NEXT:          %[[MASK:.*]], %[[NEXT:.*]] = pto.plt_b8 %[[REM]] : i32 -> !pto.mask<b8>, i32
// CHECK-NEXT:          %[[AT:.*]] = arith.addi %[[ROW]], %[[OFF]] : index
// CHECK-NEXT:          %[[A:.*]] = pto.vlds %[[X]][%[[AT]]] : !pto.ptr<ui8, ub> -> !pto.vreg<256xui8>
// CHECK-NEXT:          %[[B:.*]] = pto.vlds %[[Z]][%[[AT]]] : !pto.ptr<ui8, ub> -> !pto.vreg<256xui8>
// CHECK-NEXT:          %[[R:.*]] = pto.vmax %[[A]], %[[B]], %[[MASK]] : !pto.vreg<256xui8>, !pto.vreg<256xui8>, !pto.mask<b8> -> !pto.vreg<256xui8>
// CHECK-NEXT:          pto.vsts %[[R]], %[[Z]][%[[AT]]], %[[MASK]] : !pto.vreg<256xui8>, !pto.ptr<ui8, ub>, !pto.mask<b8>
// CHECK-NEXT:          scf.yield %[[NEXT]] : i32
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @tmax_ui8() {
    %a0 = arith.constant 0 : i64
    %a1 = arith.constant 2048 : i64
    %x = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=ui8, rows=8, cols=256, v_row=8, v_col=200>
    %z = pto.alloc_tile addr = %a1 : !pto.tile_buf<loc=vec, dtype=ui8, rows=8, cols=256, v_row=8, v_col=200>
    pto.tmax ins(%x, %z : !pto.tile_buf<loc=vec, dtype=ui8, rows=8, cols=256, v_row=8, v_col=200>, !pto.tile_buf<loc=vec, dtype=ui8, rows=8, cols=256, v_row=8, v_col=200>) outs(%z : !pto.tile_buf<loc=vec, dtype=ui8, rows=8, cols=256, v_row=8, v_col=200>)
    func.return
  }
}

// -----

// i8 tmin on a5: one run of 1024 elements, 256 lanes, plt_b8.
// CHECK-LABEL: func.func @flat_tmin_i8
// CHECK:         %[[TOTAL:.*]] = arith.constant 1024 : i32
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[END:.*]] = arith.constant 1024 : index
// CHECK-NEXT:    %[[STEP:.*]] = arith.constant 256 : index
// CHECK-NEXT:    pto.vecscope {
// CHECK-NEXT:      %{{.*}} = scf.for %[[OFF:.*]] = %[[C0]] to %[[END]] step %[[STEP]] iter_args(%[[REM:.*]] = %[[TOTAL]]) -> (i32) {
// CHECK-NEXT:        %[[MASK:.*]], %{{.*}} = pto.plt_b8 %[[REM]] : i32 -> !pto.mask<b8>, i32
// CHECK-NEXT:        %[[A:.*]] = pto.vlds %{{.*}}[%[[OFF]]] : !pto.ptr<i8, ub> -> !pto.vreg<256xi8>
// CHECK-NEXT:        %[[B:.*]] = pto.vlds %{{.*}}[%[[OFF]]] : !pto.ptr<i8, ub> -> !pto.vreg<256xi8>
// CHECK-NEXT:        %{{.*}} = pto.vmin %[[A]], %[[B]], %[[MASK]] : !pto.vreg<256xi8>, !pto.vreg<256xi8>, !pto.mask<b8> -> !pto.vreg<256xi8>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @flat_tmin_i8() {
    %a0 = arith.constant 0 : i64
    %a1 = arith.constant 1024 : i64
    %a2 = arith.constant 2048 : i64
    %x = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=i8, rows=4, cols=256>
    %y = pto.alloc_tile addr = %a1 : !pto.tile_buf<loc=vec, dtype=i8, rows=4, cols=256>
    %z = pto.alloc_tile addr = %a2 : !pto.tile_buf<loc=vec, dtype=i8, rows=4, cols=256>
    pto.tmin ins(%x, %y : !pto.tile_buf<loc=vec, dtype=i8, rows=4, cols=256>, !pto.tile_buf<loc=vec, dtype=i8, rows=4, cols=256>) outs(%z : !pto.tile_buf<loc=vec, dtype=i8, rows=4, cols=256>)
    func.return
  }
}

// -----

// Dynamic valid sizes: the loops run to the alloc_tile's valid_row / valid_col operands;
// the column count reaches plt as an i32 cast made before the vecscope.
// CHECK-LABEL: func.func @dynamic_tabs(%vr: index, %vc: index)
// CHECK:         %[[X:.*]] = pto.castptr %{{.*}} : i64 -> !pto.ptr<f16, ub>
// CHECK:         %[[Z:.*]] = pto.castptr %{{.*}} : i64 -> !pto.ptr<f16, ub>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[N:.*]] = arith.constant 128 : index
// CHECK-NEXT:    %[[VC32:.*]] = arith.index_cast %vc : index to i32
// CHECK-NEXT:    pto.vecscope {
// CHECK-NEXT:      scf.for %[[I:.*]] = %[[C0]] to %vr step %[[C1]] {
// CHECK-NEXT:        %[[ROW:.*]] = arith.muli %[[I]], %[[N]] : index
// CHECK-NEXT:        %{{.*}} = scf.for %[[OFF:.*]] = %[[C0]] to %vc step %[[N]] iter_args(%[[REM:.*]] = %[[VC32]]) -> (i32) {
// CHECK-NEXT:          %[[MASK:.*]], %[[NEXT:.*]] = pto.plt_b16 %[[REM]] : i32 -> !pto.mask<b16>, i32
// CHECK-NEXT:          %[[AT:.*]] = arith.addi %[[ROW]], %[[OFF]] : index
// CHECK-NEXT:          %[[A:.*]] = pto.vlds %[[X]][%[[AT]]] : !pto.ptr<f16, ub> -> !pto.vreg<128xf16>
// CHECK-NEXT:          %[[R:.*]] = pto.vabs %[[A]], %[[MASK]] : !pto.vreg<128xf16>, !pto.mask<b16> -> !pto.vreg<128xf16>
// CHECK-NEXT:          pto.vsts %[[R]], %[[Z]][%[[AT]]], %[[MASK]] : !pto.vreg<128xf16>, !pto.ptr<f16, ub>, !pto.mask<b16>
// CHECK-NEXT:          scf.yield %[[NEXT]] : i32
builtin.module attributes {pto.target_arch = "cpu"} {
  func.func @dynamic_tabs(%vr: index, %vc: index) {
    %a0 = arith.constant 0 : i64
    %a1 = arith.constant 4096 : i64
    %x = pto.alloc_tile addr = %a0 valid_row = %vr valid_col = %vc : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=?, v_col=?>
    %z = pto.alloc_tile addr = %a1 valid_row = %vr valid_col = %vc : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=?, v_col=?>
    pto.tabs ins(%x : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=?, v_col=?>) outs(%z : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=?, v_col=?>)
    func.return
  }
}

// -----

// Dynamic rows, full columns: still one run, of valid_row x 128 elements.
// CHECK-LABEL: func.func @dynamic_rows_tmul_i16(%vr: index)
// CHECK:         %[[N:.*]] = arith.constant 128 : index
// CHECK-NEXT:    %[[TOTAL:.*]] = arith.muli %vr, %[[N]] : index
// CHECK:         %[[X:.*]] = pto.castptr %{{.*}} : i64 -> !pto.ptr<i16, ub>
// CHECK:         %[[Z:.*]] = pto.castptr %{{.*}} : i64 -> !pto.ptr<i16, ub>
// CHECK-NEXT:    %[[TOTAL32:.*]] = arith.index_cast %[[TOTAL]] : index to i32
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    pto.vecscope {
// CHECK-NEXT:      %{{.*}} = scf.for %[[OFF:.*]] = %[[C0]] to %[[TOTAL]] step %[[N]] iter_args(%[[REM:.*]] = %[[TOTAL32]]) -> (i32) {
// CHECK-NEXT:        %[[MASK:.*]], %{{.*}} = pto.plt_b16 %[[REM]] : i32 -> !pto.mask<b16>, i32
// CHECK-NEXT:        %[[A:.*]] = pto.vlds %[[X]][%[[OFF]]] : !pto.ptr<i16, ub> -> !pto.vreg<128xi16>
// CHECK-NEXT:        %[[B:.*]] = pto.vlds %[[X]][%[[OFF]]] : !pto.ptr<i16, ub> -> !pto.vreg<128xi16>
// CHECK-NEXT:        %[[R:.*]] = pto.vmul %[[A]], %[[B]], %[[MASK]] : !pto.vreg<128xi16>, !pto.vreg<128xi16>, !pto.mask<b16> -> !pto.vreg<128xi16>
// CHECK-NEXT:        pto.vsts %[[R]], %[[Z]][%[[OFF]]], %[[MASK]] : !pto.vreg<128xi16>, !pto.ptr<i16, ub>, !pto.mask<b16>
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @dynamic_rows_tmul_i16(%vr: index) {
    %a0 = arith.constant 0 : i64
    %a1 = arith.constant 4096 : i64
    %x = pto.alloc_tile addr = %a0 valid_row = %vr : !pto.tile_buf<loc=vec, dtype=i16, rows=16, cols=128, v_row=?, v_col=128>
    %z = pto.alloc_tile addr = %a1 valid_row = %vr : !pto.tile_buf<loc=vec, dtype=i16, rows=16, cols=128, v_row=?, v_col=128>
    pto.tmul ins(%x, %x : !pto.tile_buf<loc=vec, dtype=i16, rows=16, cols=128, v_row=?, v_col=128>, !pto.tile_buf<loc=vec, dtype=i16, rows=16, cols=128, v_row=?, v_col=128>) outs(%z : !pto.tile_buf<loc=vec, dtype=i16, rows=16, cols=128, v_row=?, v_col=128>)
    func.return
  }
}

// -----

// Each tile at its own row stride: src0 has 128 columns, src1 and dst 64 (dst valid 4 of 8 rows).
// CHECK-LABEL: func.func @strides_tmin
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[ROWS:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[C64:.*]] = arith.constant 64 : index
// CHECK-NEXT:    %[[C128:.*]] = arith.constant 128 : index
// CHECK-NEXT:    %[[COLS32:.*]] = arith.constant 64 : i32
// CHECK-NEXT:    pto.vecscope {
// CHECK-NEXT:      scf.for %[[I:.*]] = %[[C0]] to %[[ROWS]] step %[[C1]] {
// CHECK-NEXT:        %[[ROW64:.*]] = arith.muli %[[I]], %[[C64]] : index
// CHECK-NEXT:        %[[ROW128:.*]] = arith.muli %[[I]], %[[C128]] : index
// CHECK-NEXT:        %{{.*}} = scf.for %[[OFF:.*]] = %[[C0]] to %[[C64]] step %[[C64]] iter_args(%[[REM:.*]] = %[[COLS32]]) -> (i32) {
// CHECK-NEXT:          %[[MASK:.*]], %{{.*}} = pto.plt_b32 %[[REM]] : i32 -> !pto.mask<b32>, i32
// CHECK-NEXT:          %[[AT64:.*]] = arith.addi %[[ROW64]], %[[OFF]] : index
// CHECK-NEXT:          %[[AT128:.*]] = arith.addi %[[ROW128]], %[[OFF]] : index
// CHECK-NEXT:          %[[A:.*]] = pto.vlds %x_ub[%[[AT128]]] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
// CHECK-NEXT:          %[[B:.*]] = pto.vlds %y_ub[%[[AT64]]] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
// CHECK-NEXT:          %[[R:.*]] = pto.vmin %[[A]], %[[B]], %[[MASK]] : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT:          pto.vsts %[[R]], %z_ub[%[[AT64]]], %[[MASK]] : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @strides_tmin() {
    %a0 = arith.constant 0 : i64
    %a1 = arith.constant 2048 : i64
    %a2 = arith.constant 4096 : i64
    %x = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=128, v_row=4, v_col=64>
    %y = pto.alloc_tile addr = %a1 : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=64>
    %z = pto.alloc_tile addr = %a2 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64, v_row=4, v_col=64>
    pto.tmin ins(%x, %y : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=128, v_row=4, v_col=64>, !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=64>) outs(%z : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64, v_row=4, v_col=64>)
    func.return
  }
}

// -----

// tadd whose src0 is valid on 4x40 of dst's 8x64: lanes outside it read all-one bits. A row
// threads two counts: dst's 64 columns and src0's prefix (40 in rows 0..3, else 0); src0 is
// read with vsldb over its prefix blocks only; the all-ones f32 register is the i32 -1 broadcast
// stored into the chunk's lanes of dst and loaded back (after a VST_VLD mem_bar on A5); `ones + src1` is stored over the 64
// lanes, then `src0 + src1` over the prefix.
// CHECK-LABEL: func.func @tadd_fill
// CHECK:         %[[X:.*]] = pto.castptr %{{.*}} : i64 -> !pto.ptr<f32, ub>
// CHECK:         %[[Y:.*]] = pto.castptr %{{.*}} : i64 -> !pto.ptr<f32, ub>
// CHECK:         %[[ZADDR:.*]] = arith.constant 4096 : i64
// CHECK-NEXT:    %[[Z:.*]] = pto.castptr %[[ZADDR]] : i64 -> !pto.ptr<f32, ub>
// CHECK-NEXT:    %[[M1:.*]] = arith.constant -1 : i32
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[ROWS:.*]] = arith.constant 8 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[C64:.*]] = arith.constant 64 : index
// CHECK-NEXT:    %[[VR:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[VC:.*]] = arith.constant 40 : index
// CHECK-NEXT:    %[[C64_32:.*]] = arith.constant 64 : i32
// CHECK-NEXT:    %[[C7:.*]] = arith.constant 7 : i32
// CHECK-NEXT:    %[[C8:.*]] = arith.constant 8 : i32
// CHECK-NEXT:    %[[BS:.*]] = arith.constant 1 : i16
// CHECK-NEXT:    %[[RS:.*]] = arith.constant 0 : i16
// CHECK-NEXT:    %[[ZI:.*]] = pto.castptr %[[ZADDR]] : i64 -> !pto.ptr<i32, ub>
// CHECK-NEXT:    pto.vecscope {
// CHECK-NEXT:      %[[ONES:.*]] = pto.vbr %[[M1]] : i32 -> !pto.vreg<64xi32>
// CHECK-NEXT:      scf.for %[[I:.*]] = %[[C0]] to %[[ROWS]] step %[[C1]] {
// CHECK-NEXT:        %[[ROW:.*]] = arith.muli %[[I]], %[[C64]] : index
// CHECK-NEXT:        %[[IN:.*]] = arith.cmpi slt, %[[I]], %[[VR]] : index
// CHECK-NEXT:        %[[PREFIX:.*]] = arith.select %[[IN]], %[[VC]], %[[C0]] : index
// CHECK-NEXT:        %[[PREFIX32:.*]] = arith.index_cast %[[PREFIX]] : index to i32
// CHECK-NEXT:        %{{.*}}, %{{.*}} = scf.for %[[OFF:.*]] = %[[C0]] to %[[C64]] step %[[C64]] iter_args(%[[REM:.*]] = %[[C64_32]], %[[REM1:.*]] = %[[PREFIX32]]) -> (i32, i32) {
// CHECK-NEXT:          %[[ALL:.*]], %[[NEXT:.*]] = pto.plt_b32 %[[REM]] : i32 -> !pto.mask<b32>, i32
// CHECK-NEXT:          %[[BOTH:.*]], %[[NEXT1:.*]] = pto.plt_b32 %[[REM1]] : i32 -> !pto.mask<b32>, i32
// CHECK-NEXT:          %[[AT:.*]] = arith.addi %[[ROW]], %[[OFF]] : index
// CHECK-NEXT:          %[[UP:.*]] = arith.addi %[[REM1]], %[[C7]] : i32
// CHECK-NEXT:          %[[BLOCKS:.*]] = arith.divsi %[[UP]], %[[C8]] : i32
// CHECK-NEXT:          %[[BMASK:.*]], %{{.*}} = pto.plt_b32 %[[BLOCKS]] : i32 -> !pto.mask<b32>, i32
// CHECK-NEXT:          %[[XAT:.*]] = pto.addptr %[[X]], %[[AT]] : !pto.ptr<f32, ub>, index -> !pto.ptr<f32, ub>
// CHECK-NEXT:          %[[A:.*]] = pto.vsldb %[[XAT]], %[[BS]], %[[RS]], %[[BMASK]] : !pto.ptr<f32, ub>, i16, i16, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT:          %[[B:.*]] = pto.vlds %[[Y]][%[[AT]]] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
// CHECK-NEXT:          pto.vsts %[[ONES]], %[[ZI]][%[[AT]]], %[[ALL]] : !pto.vreg<64xi32>, !pto.ptr<i32, ub>, !pto.mask<b32>
// CHECK-NEXT:          pto.mem_bar "VST_VLD"
// CHECK-NEXT:          %[[F:.*]] = pto.vlds %[[Z]][%[[AT]]] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
// CHECK-NEXT:          %[[R0:.*]] = pto.vadd %[[F]], %[[B]], %[[ALL]] : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT:          pto.vsts %[[R0]], %[[Z]][%[[AT]]], %[[ALL]] : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
// CHECK-NEXT:          %[[R1:.*]] = pto.vadd %[[A]], %[[B]], %[[BOTH]] : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT:          pto.vsts %[[R1]], %[[Z]][%[[AT]]], %[[BOTH]] : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
// CHECK-NEXT:          scf.yield %[[NEXT]], %[[NEXT1]] : i32, i32
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @tadd_fill() {
    %a0 = arith.constant 0 : i64
    %a1 = arith.constant 2048 : i64
    %a2 = arith.constant 4096 : i64
    %x = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64, v_row=4, v_col=40>
    %y = pto.alloc_tile addr = %a1 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
    %z = pto.alloc_tile addr = %a2 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
    pto.tadd ins(%x, %y : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64, v_row=4, v_col=40>, !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>) outs(%z : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>)
    func.return
  }
}

// -----

// A 32-byte tile: a 256-byte vlds would read past it, so the source is read with vsldb over
// ceil(3 / 8) = 1 block (block stride 1, repeat stride 0); the store stays a masked vsts.
// CHECK-LABEL: func.func @small_tile
// CHECK:         %[[X:.*]] = pto.castptr %{{.*}} : i64 -> !pto.ptr<f32, ub>
// CHECK:         %[[Z:.*]] = pto.castptr %{{.*}} : i64 -> !pto.ptr<f32, ub>
// CHECK-NEXT:    %[[C3_32:.*]] = arith.constant 3 : i32
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT:    %[[C64:.*]] = arith.constant 64 : index
// CHECK-NEXT:    %[[C7:.*]] = arith.constant 7 : i32
// CHECK-NEXT:    %[[C8:.*]] = arith.constant 8 : i32
// CHECK-NEXT:    %[[BS:.*]] = arith.constant 1 : i16
// CHECK-NEXT:    %[[RS:.*]] = arith.constant 0 : i16
// CHECK-NEXT:    pto.vecscope {
// CHECK-NEXT:      %{{.*}} = scf.for %[[OFF:.*]] = %[[C0]] to %[[C3]] step %[[C64]] iter_args(%[[REM:.*]] = %[[C3_32]]) -> (i32) {
// CHECK-NEXT:        %[[MASK:.*]], %[[NEXT:.*]] = pto.plt_b32 %[[REM]] : i32 -> !pto.mask<b32>, i32
// CHECK-NEXT:        %[[UP:.*]] = arith.addi %[[REM]], %[[C7]] : i32
// CHECK-NEXT:        %[[BLOCKS:.*]] = arith.divsi %[[UP]], %[[C8]] : i32
// CHECK-NEXT:        %[[BMASK:.*]], %{{.*}} = pto.plt_b32 %[[BLOCKS]] : i32 -> !pto.mask<b32>, i32
// CHECK-NEXT:        %[[XAT:.*]] = pto.addptr %[[X]], %[[OFF]] : !pto.ptr<f32, ub>, index -> !pto.ptr<f32, ub>
// CHECK-NEXT:        %[[A:.*]] = pto.vsldb %[[XAT]], %[[BS]], %[[RS]], %[[BMASK]] : !pto.ptr<f32, ub>, i16, i16, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT:        %[[R:.*]] = pto.vabs %[[A]], %[[MASK]] : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT:        pto.vsts %[[R]], %[[Z]][%[[OFF]]], %[[MASK]] : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
// CHECK-NEXT:        scf.yield %[[NEXT]] : i32
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @small_tile() {
    %a0 = arith.constant 0 : i64
    %a1 = arith.constant 32 : i64
    %x = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8, v_row=1, v_col=3>
    %z = pto.alloc_tile addr = %a1 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8, v_row=1, v_col=3>
    pto.tabs ins(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8, v_row=1, v_col=3>) outs(%z : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8, v_row=1, v_col=3>)
    func.return
  }
}

// -----

// tcolmax over the source's 10x100 valid region: per chunk of 64 columns, acc = row 0, then
// acc = vmax(acc, row i) for i = 1..9 in row order; only dst row 0's 100 columns are stored.
// CHECK-LABEL: func.func @colmax
// CHECK:         %[[S:.*]] = pto.castptr %{{.*}} : i64 -> !pto.ptr<f32, ub>
// CHECK:         %[[D:.*]] = pto.castptr %{{.*}} : i64 -> !pto.ptr<f32, ub>
// CHECK-NEXT:    %[[COLS32:.*]] = arith.constant 100 : i32
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[COLS:.*]] = arith.constant 100 : index
// CHECK-NEXT:    %[[C64:.*]] = arith.constant 64 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[ROWS:.*]] = arith.constant 10 : index
// CHECK-NEXT:    %[[C128:.*]] = arith.constant 128 : index
// CHECK-NEXT:    pto.vecscope {
// CHECK-NEXT:      %{{.*}} = scf.for %[[OFF:.*]] = %[[C0]] to %[[COLS]] step %[[C64]] iter_args(%[[REM:.*]] = %[[COLS32]]) -> (i32) {
// CHECK-NEXT:        %[[MASK:.*]], %[[NEXT:.*]] = pto.plt_b32 %[[REM]] : i32 -> !pto.mask<b32>, i32
// CHECK-NEXT:        %[[ROW0:.*]] = pto.vlds %[[S]][%[[OFF]]] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
// CHECK-NEXT:        %[[ACC:.*]] = scf.for %[[I:.*]] = %[[C1]] to %[[ROWS]] step %[[C1]] iter_args(%[[PART:.*]] = %[[ROW0]]) -> (!pto.vreg<64xf32>) {
// CHECK-NEXT:          %[[ROW:.*]] = arith.muli %[[I]], %[[C128]] : index
// CHECK-NEXT:          %[[AT:.*]] = arith.addi %[[ROW]], %[[OFF]] : index
// CHECK-NEXT:          %[[V:.*]] = pto.vlds %[[S]][%[[AT]]] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
// CHECK-NEXT:          %[[M:.*]] = pto.vmax %[[PART]], %[[V]], %[[MASK]] : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT:          scf.yield %[[M]] : !pto.vreg<64xf32>
// CHECK-NEXT:        }
// CHECK-NEXT:        pto.vsts %[[ACC]], %[[D]][%[[OFF]]], %[[MASK]] : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
// CHECK-NEXT:        scf.yield %[[NEXT]] : i32
// CHECK-NEXT:      }
// CHECK-NEXT:    }
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @colmax() {
    %a0 = arith.constant 0 : i64
    %a1 = arith.constant 8192 : i64
    %s = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=10, v_col=100>
    %d = pto.alloc_tile addr = %a1 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128, v_row=1, v_col=100>
    pto.tcolmax ins(%s : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=10, v_col=100>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128, v_row=1, v_col=100>)
    func.return
  }
}

// -----

// a2a3 tcolsum {isBinary} of 5 rows: tmp[j] = r[2j] + r[2j+1] for j < 2, the odd row 4
// folded into tmp[0] (tmp[0] + r4), one more level tmp[0] = tmp[0] + tmp[1], dst = tmp[0].
// CHECK-LABEL: func.func @colsum_pairwise
// CHECK:         %[[S:.*]] = pto.castptr %{{.*}} : i64 -> !pto.ptr<f32, ub>
// CHECK:         %[[D:.*]] = pto.castptr %{{.*}} : i64 -> !pto.ptr<f32, ub>
// CHECK:         %[[T:.*]] = pto.castptr %{{.*}} : i64 -> !pto.ptr<f32, ub>
// CHECK-NEXT:    %[[C64_32:.*]] = arith.constant 64 : i32
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C64:.*]] = arith.constant 64 : index
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[ROW4:.*]] = arith.constant 256 : index
// CHECK-NEXT:    pto.vecscope {
// CHECK-NEXT:      %{{.*}} = scf.for %[[OFF:.*]] = %[[C0]] to %[[C64]] step %[[C64]] iter_args(%[[REM:.*]] = %[[C64_32]]) -> (i32) {
// CHECK-NEXT:        %[[MASK:.*]], %[[NEXT:.*]] = pto.plt_b32 %[[REM]] : i32 -> !pto.mask<b32>, i32
// CHECK-NEXT:        scf.for %[[J:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// CHECK-NEXT:          %[[E:.*]] = arith.muli %[[J]], %[[C2]] : index
// CHECK-NEXT:          %[[ER:.*]] = arith.muli %[[E]], %[[C64]] : index
// CHECK-NEXT:          %[[EAT:.*]] = arith.addi %[[ER]], %[[OFF]] : index
// CHECK-NEXT:          %[[EV:.*]] = pto.vlds %[[S]][%[[EAT]]] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
// CHECK-NEXT:          %[[O:.*]] = arith.addi %[[E]], %[[C1]] : index
// CHECK-NEXT:          %[[OR:.*]] = arith.muli %[[O]], %[[C64]] : index
// CHECK-NEXT:          %[[OAT:.*]] = arith.addi %[[OR]], %[[OFF]] : index
// CHECK-NEXT:          %[[OV:.*]] = pto.vlds %[[S]][%[[OAT]]] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
// CHECK-NEXT:          %[[SUM:.*]] = pto.vadd %[[EV]], %[[OV]], %[[MASK]] : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT:          %[[TR:.*]] = arith.muli %[[J]], %[[C64]] : index
// CHECK-NEXT:          %[[TAT:.*]] = arith.addi %[[TR]], %[[OFF]] : index
// CHECK-NEXT:          pto.vsts %[[SUM]], %[[T]][%[[TAT]]], %[[MASK]] : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
// CHECK-NEXT:        }
// CHECK-NEXT:        %[[LAT:.*]] = arith.addi %[[ROW4]], %[[OFF]] : index
// CHECK-NEXT:        %[[LEFT:.*]] = pto.vlds %[[S]][%[[LAT]]] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
// CHECK-NEXT:        %[[HEAD:.*]] = pto.vlds %[[T]][%[[OFF]]] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
// CHECK-NEXT:        %[[FOLD:.*]] = pto.vadd %[[HEAD]], %[[LEFT]], %[[MASK]] : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT:        pto.vsts %[[FOLD]], %[[T]][%[[OFF]]], %[[MASK]] : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
// CHECK-NEXT:        scf.for %[[J1:.*]] = %[[C0]] to %[[C1]] step %[[C1]] {
// CHECK:               pto.vsts %{{.*}}, %[[T]][%{{.*}}], %[[MASK]]
// CHECK-NEXT:        }
// CHECK-NEXT:        %[[TOTAL:.*]] = pto.vlds %[[T]][%[[OFF]]] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
// CHECK-NEXT:        pto.vsts %[[TOTAL]], %[[D]][%[[OFF]]], %[[MASK]] : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
// CHECK-NEXT:        scf.yield %[[NEXT]] : i32
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @colsum_pairwise() {
    %a0 = arith.constant 0 : i64
    %a1 = arith.constant 4096 : i64
    %a2 = arith.constant 4352 : i64
    %s = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f32, rows=5, cols=64>
    %d = pto.alloc_tile addr = %a1 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64>
    %t = pto.alloc_tile addr = %a2 : !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=64>
    pto.tcolsum ins(%s, %t {isBinary = true} : !pto.tile_buf<loc=vec, dtype=f32, rows=5, cols=64>, !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=64>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64>)
    func.return
  }
}

// -----

// a5 tcolsum {isBinary} with a dynamic row count: no chunk when R = 0; R = 1 adds row 0 to a
// zero register and writes it to tmp row 0 too; otherwise the pairwise levels run in an
// scf.while, the odd row of a level added to its last partial sum (row + tmp[half - 1]); a
// VST_VLD mem_bar orders each load of tmp after the stores of the level before it (A5).
// CHECK-LABEL: func.func @colsum_pairwise_dynamic(%vr: index)
// CHECK:         %[[SOME:.*]] = arith.cmpi sgt, %vr, %[[C0:.*]] : index
// CHECK-NEXT:    %{{.*}} = arith.constant 64 : index
// CHECK-NEXT:    %[[WIDTH:.*]] = arith.select %[[SOME]], %{{.*}}, %{{.*}} : index
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[PAIRS:.*]] = arith.divsi %vr, %{{.*}} : index
// CHECK:         pto.vecscope {
// CHECK-NEXT:      %[[ZEROS:.*]] = pto.vbr %[[ZERO]] : f32 -> !pto.vreg<64xf32>
// CHECK-NEXT:      %{{.*}} = scf.for %[[OFF:.*]] = %{{.*}} to %[[WIDTH]] step
// CHECK-NEXT:        %[[MASK:.*]], %{{.*}} = pto.plt_b32
// CHECK-NEXT:        %[[ONE:.*]] = arith.cmpi eq, %vr, %{{.*}} : index
// CHECK-NEXT:        scf.if %[[ONE]] {
// CHECK-NEXT:          %[[ROW:.*]] = pto.vlds %s_ub[%[[OFF]]]
// CHECK-NEXT:          %[[SUM:.*]] = pto.vadd %[[ZEROS]], %[[ROW]], %[[MASK]]
// CHECK-NEXT:          pto.vsts %[[SUM]], %t_ub[%[[C0]]], %[[MASK]]
// CHECK-NEXT:          pto.vsts %[[SUM]], %d_ub[%[[OFF]]], %[[MASK]]
// CHECK-NEXT:        } else {
// CHECK-NEXT:          scf.for %{{.*}} = %{{.*}} to %[[PAIRS]] step
// CHECK:               %[[PARITY:.*]] = arith.remsi %vr, %[[C2:.*]] : index
// CHECK-NEXT:          %[[ODD:.*]] = arith.cmpi ne, %[[PARITY]], %{{.*}} : index
// CHECK-NEXT:          scf.if %[[ODD]] {
// CHECK-NEXT:            %[[LR:.*]] = arith.muli %[[PAIRS]], %[[C2]] : index
// CHECK-NEXT:            %[[LROW:.*]] = arith.muli %[[LR]], %[[C64:.*]] : index
// CHECK-NEXT:            %[[LAT:.*]] = arith.addi %[[LROW]], %[[OFF]] : index
// CHECK-NEXT:            %[[LEFT:.*]] = pto.vlds %s_ub[%[[LAT]]]
// CHECK-NEXT:            pto.mem_bar "VST_VLD"
// CHECK-NEXT:            %[[LAST:.*]] = arith.addi %[[PAIRS]], %{{.*}} : index
// CHECK-NEXT:            %[[TROW:.*]] = arith.muli %[[LAST]], %[[C64]] : index
// CHECK-NEXT:            %[[TAIL:.*]] = pto.vlds %t_ub[%[[TROW]]]
// CHECK-NEXT:            %[[FOLD:.*]] = pto.vadd %[[LEFT]], %[[TAIL]], %[[MASK]]
// CHECK-NEXT:            %[[TROW2:.*]] = arith.muli %[[LAST]], %[[C64]] : index
// CHECK-NEXT:            pto.vsts %[[FOLD]], %t_ub[%[[TROW2]]], %[[MASK]]
// CHECK-NEXT:          }
// CHECK-NEXT:          %{{.*}} = scf.while (%{{.*}} = %[[PAIRS]]) : (index) -> index {
// CHECK:               %[[TOTAL:.*]] = pto.vlds %t_ub[%[[C0]]]
// CHECK-NEXT:          pto.vsts %[[TOTAL]], %d_ub[%[[OFF]]], %[[MASK]]
// CHECK-NEXT:        }
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @colsum_pairwise_dynamic(%vr: index) {
    %a0 = arith.constant 0 : i64
    %a1 = arith.constant 4096 : i64
    %a2 = arith.constant 4352 : i64
    %s = pto.alloc_tile addr = %a0 valid_row = %vr : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=64>
    %d = pto.alloc_tile addr = %a1 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64>
    %t = pto.alloc_tile addr = %a2 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
    pto.tcolsum ins(%s, %t {isBinary = true} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=64>, !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>) outs(%d : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64>)
    func.return
  }
}

// -----

// An op inside a loop is lowered in place, between the ops around it; tload stays.
// CHECK-LABEL: func.func @in_loop
// CHECK:         scf.for %{{.*}} = %{{.*}} to %n step %{{.*}} {
// CHECK-NEXT:      pto.tload
// CHECK-NEXT:      %[[A:.*]] = arith.constant 0 : i64
// CHECK-NEXT:      %[[X:.*]] = pto.castptr %[[A]] : i64 -> !pto.ptr<i32, ub>
// CHECK-NEXT:      %[[TOTAL:.*]] = arith.constant 512 : i32
// CHECK-NEXT:      %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[END:.*]] = arith.constant 512 : index
// CHECK-NEXT:      %[[STEP:.*]] = arith.constant 64 : index
// CHECK-NEXT:      pto.vecscope {
// CHECK-NEXT:        %{{.*}} = scf.for %[[OFF:.*]] = %[[C0]] to %[[END]] step %[[STEP]] iter_args(%{{.*}} = %[[TOTAL]]) -> (i32) {
// CHECK:               pto.vadd
// CHECK-NEXT:          pto.vsts %{{.*}}, %[[X]][%[[OFF]]]
// CHECK:             }
// CHECK-NEXT:      }
// CHECK-NEXT:      pto.tstore
// CHECK-NEXT:    }
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @in_loop(%g: !pto.partition_tensor_view<8x64xi32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %a0 = arith.constant 0 : i64
    %x = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=64>
    scf.for %k = %c0 to %n step %c1 {
      pto.tload ins(%g : !pto.partition_tensor_view<8x64xi32>) outs(%x : !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=64>)
      pto.tadd ins(%x, %x : !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=64>, !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=64>) outs(%x : !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=64>)
      pto.tstore ins(%x : !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=64>) outs(%g : !pto.partition_tensor_view<8x64xi32>)
    }
    func.return
  }
}
