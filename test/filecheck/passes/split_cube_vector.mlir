// pto-split-cube-vector: a mixed Level-1 function becomes a cube kernel and a vector kernel.
// The cube multiplies A by B_j in a loop and hands each product to the vector unit through
// the work space %w, which adds them up in a loop-carried tile: the cube's copy of the loop
// carries nothing, the vector's carries its half of the sum (8 of 16 rows at row
// get_subblock_idx * 8), and a pair of FFTS flags orders each hand-over.
// RUN: xdsl-opt %s -p pto-split-cube-vector | filecheck %s
// On A5 with handoff=pipe the hand-over is pipe 0 (C2V, split 1): a push on the cube, a pop
// freed after its last use on the vector cores, the FIFO reserved in UB and imported.
// RUN: xdsl-opt %s -p 'pto-set-target{target=a5},pto-split-cube-vector{handoff=pipe}' | filecheck %s --check-prefix=PIPE
// The pass is idempotent: a second run changes nothing.
// RUN: xdsl-opt %s -p pto-split-cube-vector > %t.once.mlir
// RUN: xdsl-opt %t.once.mlir -p pto-split-cube-vector | diff %t.once.mlir -

// CHECK-LABEL: func.func @sum_cube(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %w: !pto.ptr<f32>, %y: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
// CHECK-NOT:     pto.texpands
// CHECK:         scf.for %j = %c0 to %c2 step %c1 {
// CHECK:           %s = pto.tmatmul %l, %r
// CHECK-NEXT:      pto.tstore %s, %pw
// CHECK-NEXT:      pto.sync.set <PIPE_FIX>, 0
// CHECK-NEXT:      pto.sync.wait <PIPE_FIX>, 1
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return
// CHECK-LABEL: func.func @sum_vector(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %w: !pto.ptr<f32>, %y: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// CHECK-NEXT:    %[[SB:.*]] = pto.get_subblock_idx
// CHECK-NEXT:    %[[SBI:.*]] = arith.index_cast %[[SB]] : i64 to index
// CHECK-NEXT:    %[[EIGHT:.*]] = arith.constant 8 : index
// CHECK-NEXT:    %[[ROW:.*]] = arith.muli %[[SBI]], %[[EIGHT]] : index
// CHECK-NOT:     pto.tmatmul
// CHECK:         %zero = pto.texpands %cst : f32 -> !pto.tile<loc=vec, dtype=f32, rows=8, cols=32
// CHECK:         %sum = scf.for %j = %c0 to %c2 step %c1 iter_args(%acc = %zero) -> (!pto.tile<loc=vec, dtype=f32, rows=8, cols=32
// CHECK-NEXT:      pto.sync.wait <PIPE_MTE2>, 0
// CHECK-NEXT:      %[[R0:.*]] = arith.addi %c0, %[[ROW]] : index
// CHECK-NEXT:      %[[N:.*]] = arith.constant 8 : index
// CHECK-NEXT:      %[[HALF:.*]] = pto.partition_view %vw, offsets = [%[[R0]], %c0], sizes = [%[[N]], %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x32xf32>
// CHECK-NEXT:      %x = pto.tload %[[HALF]] : !pto.partition_tensor_view<8x32xf32> -> !pto.tile<loc=vec, dtype=f32, rows=8, cols=32
// CHECK-NEXT:      pto.sync.set <PIPE_MTE2>, 1
// CHECK-NEXT:      %next = pto.tadd %acc, %x
// CHECK-NEXT:      scf.yield %next
// CHECK-NEXT:    }
// CHECK:         pto.tstore %sum, %{{.*}} : !pto.tile<loc=vec, dtype=f32, rows=8, cols=32, {{.*}}>, !pto.partition_tensor_view<8x32xf32>
// CHECK-NOT:     func.func @sum(

// PIPE-LABEL: func.func @sum_cube(
// PIPE-NEXT:     %[[IMPORT:.*]] = pto.import_reserved_buffer {name = "sum_c2v", peer_func = @sum_vector} -> i32
// PIPE-NEXT:     pto.aic_initialize_pipe {id = 0, dir_mask = 1, slot_size = 2048}(c2v_consumer_buf = %[[IMPORT]] : i32)
// PIPE:          %s = pto.tmatmul %l, %r
// PIPE-NEXT:     pto.tpush_to_aiv(%s : !pto.tile<loc=acc, {{.*}}>) {id = 0, split = 1}
// PIPE-NEXT:   }
// PIPE-LABEL: func.func @sum_vector(
// PIPE:          %[[FIFO:.*]] = pto.reserve_buffer {name = "sum_c2v", size = 16384, location = #pto.address_space<vec>, auto = true} -> i32
// PIPE-NEXT:     pto.aiv_initialize_pipe {id = 0, dir_mask = 1, slot_size = 2048}(c2v_consumer_buf = %[[FIFO]] : i32)
// PIPE-NOT:      pto.tload
// PIPE:          %x = pto.tpop_from_aic {id = 0, split = 1} -> !pto.tile<loc=vec, dtype=f32, rows=8, cols=32
// PIPE-NEXT:     %next = pto.tadd %acc, %x
// PIPE-NEXT:     pto.tfree_from_aic {id = 0, split = 1}
// PIPE-NEXT:     scf.yield %next

!ma = !pto.tile<loc=mat, dtype=f16, rows=16, cols=16, blayout=col_major, slayout=row_major>
!mb = !pto.tile<loc=mat, dtype=f16, rows=16, cols=32, blayout=row_major, slayout=col_major>
!la = !pto.tile<loc=left, dtype=f16, rows=16, cols=16, blayout=col_major, slayout=row_major>
!rb = !pto.tile<loc=right, dtype=f16, rows=16, cols=32, blayout=row_major, slayout=col_major>
!acc = !pto.tile<loc=acc, dtype=f32, rows=16, cols=32, blayout=col_major, slayout=row_major, fractal=1024>
!vec = !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>
!t16 = !pto.tensor_view<?x?xf16>
!t32 = !pto.tensor_view<?x?xf32>
!pa = !pto.partition_tensor_view<16x16xf16>
!pb = !pto.partition_tensor_view<16x32xf16>
!ps = !pto.partition_tensor_view<16x32xf32>
func.func @sum(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %w: !pto.ptr<f32>, %y: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %cst = arith.constant 0.0 : f32
  %va = pto.make_tensor_view %a, shape = [%c16, %c16], strides = [%c16, %c1] : !t16
  %vb = pto.make_tensor_view %b, shape = [%c16, %c64], strides = [%c64, %c1] : !t16
  %vw = pto.make_tensor_view %w, shape = [%c16, %c32], strides = [%c32, %c1] : !t32
  %vy = pto.make_tensor_view %y, shape = [%c16, %c32], strides = [%c32, %c1] : !t32
  %pa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c16, %c16] : !t16 -> !pa
  %pw = pto.partition_view %vw, offsets = [%c0, %c0], sizes = [%c16, %c32] : !t32 -> !ps
  %py = pto.partition_view %vy, offsets = [%c0, %c0], sizes = [%c16, %c32] : !t32 -> !ps
  %ta = pto.tload %pa : !pa -> !ma
  %l = pto.tmov %ta : !ma -> !la
  %zero = pto.texpands %cst : f32 -> !vec
  %sum = scf.for %j = %c0 to %c2 step %c1 iter_args(%acc = %zero) -> (!vec) {
    %col = arith.muli %j, %c32 : index
    %pb = pto.partition_view %vb, offsets = [%c0, %col], sizes = [%c16, %c32] : !t16 -> !pb
    %tb = pto.tload %pb : !pb -> !mb
    %r = pto.tmov %tb : !mb -> !rb
    %s = pto.tmatmul %l, %r : (!la, !rb) -> !acc
    pto.tstore %s, %pw : !acc, !ps
    %x = pto.tload %pw : !ps -> !vec
    %next = pto.tadd %acc, %x : (!vec, !vec) -> !vec
    scf.yield %next : !vec
  }
  pto.tstore %sum, %py : !vec, !ps
  func.return
}
