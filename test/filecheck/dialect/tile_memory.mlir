// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

!vb = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>
!v = !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
!pv = !pto.partition_tensor_view<16x16xf32>

// CHECK-LABEL: func.func @views
// CHECK-NEXT: %tv = pto.make_tensor_view %p, shape = [%m, %n], strides = [%n, %one] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
// CHECK-NEXT: %tv2 = pto.make_tensor_view %p, shape = [%m, %n], strides = [%n, %one] : !pto.tensor_view<?x?xf32>
// CHECK-NEXT: %tvh = pto.make_tensor_view %h, shape = [%m, %n], strides = [%n, %one] {layout = #pto.layout<dn>} : !pto.tensor_view<1024x512xf16>
// CHECK-NEXT: %c16 = arith.constant 16 : index
// CHECK-NEXT: %pv = pto.partition_view %tv, offsets = [%m, %n], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
// CHECK-NEXT: %inferred = pto.partition_view %tv, offsets = [%m, %n], sizes = [%c16, %n] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x?xf32>
// CHECK-NEXT: %pvh = pto.partition_view %tvh, offsets = [%m, %n], sizes = [%m, %n] : !pto.tensor_view<1024x512xf16> -> !pto.partition_tensor_view<16x16xf16>
// GENERIC-LABEL: "func.func"() <{sym_name = "views"
// GENERIC: "pto.make_tensor_view"(%p, %m, %n, %n, %one) <{operandSegmentSizes = array<i32: 1, 2, 2>}> {layout = #pto.layout<nd>} : (!pto.ptr<f32>, index, index, index, index) -> !pto.tensor_view<?x?xf32>
// GENERIC: "pto.make_tensor_view"(%p, %m, %n, %n, %one) <{operandSegmentSizes = array<i32: 1, 2, 2>}> : (!pto.ptr<f32>, index, index, index, index) -> !pto.tensor_view<?x?xf32>
// GENERIC: "pto.partition_view"(%tv, %m, %n, %c16, %c16) <{operandSegmentSizes = array<i32: 1, 2, 2>}> : (!pto.tensor_view<?x?xf32>, index, index, index, index) -> !pto.partition_tensor_view<16x16xf32>
func.func @views(%p: !pto.ptr<f32>, %h: !pto.ptr<f16>, %m: index, %n: index, %one: index) {
  %tv = pto.make_tensor_view %p, shape = [%m, %n], strides = [%n, %one] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
  %tv2 = pto.make_tensor_view %p, shape = [%m, %n], strides = [%n, %one] : !pto.tensor_view<?x?xf32>
  %tvh = pto.make_tensor_view %h, shape = [%m, %n], strides = [%n, %one] {layout = #pto.layout<dn>} : !pto.tensor_view<1024x512xf16>
  %c16 = arith.constant 16 : index
  %pv = pto.partition_view %tv, offsets = [%m, %n], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
  %inferred = pto.partition_view %tv, offsets = [%m, %n], sizes = [%c16, %n] : !pto.tensor_view<?x?xf32>
  %pvh = pto.partition_view %tvh, offsets = [%m, %n], sizes = [%m, %n] : !pto.tensor_view<1024x512xf16> -> !pto.partition_tensor_view<16x16xf16>
  func.return
}

// CHECK-LABEL: func.func @alloc
// CHECK-NEXT: %t0 = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: %t1 = pto.alloc_tile addr = %addr : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16{{.*}}>
// CHECK-NEXT: %t2 = pto.alloc_tile valid_row = %r valid_col = %c : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=?, v_col=?{{.*}}>
// CHECK-NEXT: %t3 = pto.alloc_tile addr = %addr valid_col = %c : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=?{{.*}}>
// CHECK-NEXT: %t4 = pto.alloc_tile valid_row = %r : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=?, v_col=16{{.*}}>
// GENERIC-LABEL: "func.func"() <{sym_name = "alloc"
// GENERIC: "pto.alloc_tile"() <{operandSegmentSizes = array<i32: 0, 0, 0>}>
// GENERIC: "pto.alloc_tile"(%addr) <{operandSegmentSizes = array<i32: 1, 0, 0>}>
// GENERIC: "pto.alloc_tile"(%r, %c) <{operandSegmentSizes = array<i32: 0, 1, 1>}>
// GENERIC: "pto.alloc_tile"(%addr, %c) <{operandSegmentSizes = array<i32: 1, 0, 1>}>
// GENERIC: "pto.alloc_tile"(%r) <{operandSegmentSizes = array<i32: 0, 1, 0>}>
func.func @alloc(%addr: i64, %r: index, %c: index) {
  %t0 = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>
  %t1 = pto.alloc_tile addr = %addr : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>
  %t2 = pto.alloc_tile valid_row = %r valid_col = %c : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=?, v_col=?>
  %t3 = pto.alloc_tile addr = %addr valid_col = %c : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_col=?>
  %t4 = pto.alloc_tile valid_row = %r : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=?>
  func.return
}

// CHECK-LABEL: func.func @load_store
// CHECK-NEXT: pto.tload ins(%pv : !pto.partition_tensor_view<16x16xf32>) outs(%vb : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16{{.*}}>)
// CHECK-NEXT: %t = pto.tload %pv : !pto.partition_tensor_view<16x16xf32> -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16{{.*}}>
// CHECK-NEXT: %m = pto.tload %pvh : !pto.partition_tensor_view<16x32xf16> -> !pto.tile<loc=mat, dtype=f16, rows=16, cols=32{{.*}}>
// CHECK-NEXT: pto.tstore ins(%vb : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16{{.*}}>) outs(%pv : !pto.partition_tensor_view<16x16xf32>)
// CHECK-NEXT: pto.tstore %t, %pv : !pto.tile<loc=vec, dtype=f32, rows=16, cols=16{{.*}}>, !pto.partition_tensor_view<16x16xf32>
// CHECK-NEXT: pto.tstore ins(%acc : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=32{{.*}}>) outs(%pvh : !pto.partition_tensor_view<16x32xf16>)
// GENERIC-LABEL: "func.func"() <{sym_name = "load_store"
// GENERIC: "pto.tload"(%pv, %vb) <{operandSegmentSizes = array<i32: 1, 1>}>
// GENERIC: %t = "pto.tload"(%pv) <{operandSegmentSizes = array<i32: 1, 0>}>
// GENERIC: %m = "pto.tload"(%pvh) <{operandSegmentSizes = array<i32: 1, 0>}>
// GENERIC: "pto.tstore"(%vb, %pv) <{operandSegmentSizes = array<i32: 1, 1>}>
// GENERIC: "pto.tstore"(%t, %pv) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tstore"(%acc, %pvh) <{operandSegmentSizes = array<i32: 1, 1>}>
func.func @load_store(%pv: !pv, %pvh: !pto.partition_tensor_view<16x32xf16>, %vb: !vb, %acc: !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=32, blayout=col_major, slayout=row_major, fractal=1024>) {
  pto.tload ins(%pv : !pv) outs(%vb : !vb)
  %t = pto.tload %pv : !pv -> !v
  %m = pto.tload %pvh : !pto.partition_tensor_view<16x32xf16> -> !pto.tile<loc=mat, dtype=f16, rows=16, cols=32>
  pto.tstore ins(%vb : !vb) outs(%pv : !pv)
  pto.tstore %t, %pv : !v, !pv
  pto.tstore ins(%acc : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=32, blayout=col_major, slayout=row_major, fractal=1024>) outs(%pvh : !pto.partition_tensor_view<16x32xf16>)
  func.return
}

!mat_nz = !pto.tile<loc=mat, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>
!left = !pto.tile<loc=left, dtype=f16, rows=16, cols=32, blayout=col_major, slayout=row_major>
!mat_zn = !pto.tile<loc=mat, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>
!right = !pto.tile<loc=right, dtype=f16, rows=32, cols=16, blayout=row_major, slayout=col_major>
!mat_row = !pto.tile<loc=mat, dtype=f16, rows=1, cols=32>
!bias = !pto.tile<loc=bias, dtype=f32, rows=1, cols=32>
!mat_u64 = !pto.tile<loc=mat, dtype=ui64, rows=1, cols=16>
!scaling = !pto.tile<loc=scaling, dtype=ui64, rows=1, cols=16>
!acc = !pto.tile<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
!mat_h = !pto.tile<loc=mat, dtype=f16, rows=16, cols=16>
!vec_h = !pto.tile<loc=vec, dtype=f16, rows=16, cols=16>

// CHECK-LABEL: func.func @moves
// CHECK-NEXT: %l = pto.tmov %mnz : !pto.tile<loc=mat{{.*}}> -> !pto.tile<loc=left, dtype=f16, rows=16, cols=32{{.*}}>
// CHECK-NEXT: %r = pto.tmov %mzn : !pto.tile<loc=mat{{.*}}> -> !pto.tile<loc=right, dtype=f16, rows=32, cols=16{{.*}}>
// CHECK-NEXT: %b = pto.tmov %mrow : !pto.tile<loc=mat, dtype=f16, rows=1, cols=32{{.*}}> -> !pto.tile<loc=bias, dtype=f32, rows=1, cols=32{{.*}}>
// CHECK-NEXT: %s = pto.tmov %mu64 : !pto.tile<loc=mat, dtype=ui64{{.*}}> -> !pto.tile<loc=scaling, dtype=ui64{{.*}}>
// CHECK-NEXT: %v = pto.tmov %vh : !pto.tile<loc=vec{{.*}}> -> !pto.tile<loc=vec{{.*}}>
// CHECK-NEXT: %am = pto.tmov %acc : !pto.tile<loc=acc{{.*}}> -> !pto.tile<loc=mat, dtype=f16{{.*}}>
// CHECK-NEXT: %av = pto.tmov %acc : !pto.tile<loc=acc{{.*}}> -> !pto.tile<loc=vec, dtype=f16{{.*}}>
// CHECK-NEXT: %vm = pto.tmov %vh : !pto.tile<loc=vec{{.*}}> -> !pto.tile<loc=mat, dtype=f16{{.*}}>
// CHECK-NEXT: pto.tmov ins(%vb : !pto.tile_buf<loc=vec{{.*}}>) outs(%vb : !pto.tile_buf<loc=vec{{.*}}>)
// GENERIC-LABEL: "func.func"() <{sym_name = "moves"
// GENERIC: %l = "pto.tmov"(%mnz) <{operandSegmentSizes = array<i32: 1, 0>}>
// GENERIC: "pto.tmov"(%vb, %vb) <{operandSegmentSizes = array<i32: 1, 1>}>
func.func @moves(%mnz: !mat_nz, %mzn: !mat_zn, %mrow: !mat_row, %mu64: !mat_u64, %vh: !vec_h, %acc: !acc, %vb: !vb) {
  %l = pto.tmov %mnz : !mat_nz -> !left
  %r = pto.tmov %mzn : !mat_zn -> !right
  %b = pto.tmov %mrow : !mat_row -> !bias
  %s = pto.tmov %mu64 : !mat_u64 -> !scaling
  %v = pto.tmov %vh : !vec_h -> !vec_h
  %am = pto.tmov %acc : !acc -> !mat_h
  %av = pto.tmov %acc : !acc -> !vec_h
  %vm = pto.tmov %vh : !vec_h -> !mat_h
  pto.tmov ins(%vb : !vb) outs(%vb : !vb)
  func.return
}

// N-D windows: a row-major tile takes 2x4x2x16 as 16x16 (rows from the leading dimensions), a
// col-major one takes 2x16x8 as 16x16 (columns from dimensions 0 and 2)
// CHECK-LABEL: func.func @nd_windows
// CHECK: pto.tload %a : !pto.partition_tensor_view<2x4x2x16xf32> -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16,
// CHECK: pto.tstore %t, %b : !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, {{.*}}blayout=col_major{{.*}}>, !pto.partition_tensor_view<2x16x8xf32>
// CHECK: pto.tload %c : !pto.partition_tensor_view<1x1x1x16x16xf32> -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16,
func.func @nd_windows(%a: !pto.partition_tensor_view<2x4x2x16xf32>, %b: !pto.partition_tensor_view<2x16x8xf32>, %c: !pto.partition_tensor_view<1x1x1x16x16xf32>, %t: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, blayout=col_major>) {
  %x = pto.tload %a : !pto.partition_tensor_view<2x4x2x16xf32> -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
  pto.tstore %t, %b : !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, blayout=col_major>, !pto.partition_tensor_view<2x16x8xf32>
  %y = pto.tload %c : !pto.partition_tensor_view<1x1x1x16x16xf32> -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
  func.return
}
