// pto-split-cube-vector diagnostics: one per mixed function the pass cannot split exactly.
// RUN: pto-opt %s --split-input-file -p pto-split-cube-vector --verify-diagnostics

!acc = !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
!vec = !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
!ps = !pto.partition_tensor_view<16x16xf32>
// The vector unit loads the work space before the cube stores it: no hand-over to order.
func.func @early(%acc: !acc, %w: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %vw = pto.make_tensor_view %w, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
  %pw = pto.partition_view %vw, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !ps
  // expected-error @+1 {{pto-split-cube-vector: pto.tload: loads GM that the cube core stores: a hand-over is one tstore followed in the same block by one tload of the same view}}
  %x = pto.tload %pw : !ps -> !vec
  pto.tstore %acc, %pw : !acc, !ps
  func.return
}

// -----

!acc = !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
!vec = !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
!col = !pto.tile<loc=vec, dtype=f32, rows=1, cols=16>
!ps = !pto.partition_tensor_view<16x16xf32>
// A column sum needs every row: each vector core holds half of them.
func.func @columns(%acc: !acc, %w: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %vw = pto.make_tensor_view %w, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
  %pw = pto.partition_view %vw, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !ps
  pto.tstore %acc, %pw : !acc, !ps
  %x = pto.tload %pw : !ps -> !vec
  // expected-error @+1 {{pto-split-cube-vector: pto.tcolsum: mixes the rows of its tiles: the vector cores each take half of them}}
  %s = pto.tcolsum %x : !vec -> !col
  func.return
}

// -----

!acc = !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
!vec = !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
!odd = !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, v_row=15, v_col=16>
!ps = !pto.partition_tensor_view<16x16xf32>
// A tile whose valid rows are fewer than its rows cannot be halved exactly.
func.func @partial(%acc: !acc, %w: !pto.ptr<f32>, %zero: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %vw = pto.make_tensor_view %w, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
  %pw = pto.partition_view %vw, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !ps
  pto.tstore %acc, %pw : !acc, !ps
  %x = pto.tload %pw : !ps -> !vec
  // expected-error @+1 {{pto-split-cube-vector: pto.texpands: a vector tile of 16 rows (valid 15) cannot be shared by the 2 vector cores: the rows must be even and all valid}}
  %h = pto.texpands %zero : f32 -> !odd
  func.return
}

// -----

!acc = !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
!vec = !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
!ps = !pto.partition_tensor_view<16x16xf32>
// An op that is neither one core's tile op nor code both cores may run (a barrier).
func.func @barrier(%acc: !acc, %w: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %vw = pto.make_tensor_view %w, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
  %pw = pto.partition_view %vw, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !ps
  pto.tstore %acc, %pw : !acc, !ps
  // expected-error @+1 {{pto-split-cube-vector: pto.barrier: only tile ops, views, launch queries, arith and scf.for may be in a function split over the cores (which core would run it?)}}
  pto.barrier #pto.pipe<PIPE_ALL>
  %x = pto.tload %pw : !ps -> !vec
  func.return
}

// -----

!acc = !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
!vec = !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
!ps = !pto.partition_tensor_view<16x16xf32>
// A vector tile argument: its caller gives the whole tile, each vector core would take half.
// expected-error @+1 {{pto-split-cube-vector: func.func: vector tile argument %v: the vector cores each take half of its rows, which its caller does not know (pass GM pointers)}}
func.func @argument(%acc: !acc, %v: !vec, %w: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %vw = pto.make_tensor_view %w, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
  %pw = pto.partition_view %vw, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !ps
  pto.tstore %acc, %pw : !acc, !ps
  %x = pto.tload %pw : !ps -> !vec
  %y = pto.tadd %x, %v : (!vec, !vec) -> !vec
  func.return
}
