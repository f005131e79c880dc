// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// Ops of PTOAS kernels (issue 25): scalar memory, local arrays, valid shapes, addresses,
// single elements, ttrans, mgather/mscatter; PTOAS's spellings parse, one form prints.

!d = !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
!s = !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=8, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>
!i = !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8, v_row=1, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>
!v = !pto.partition_tensor_view<8x8xf32>

// CHECK-LABEL: func.func @eventid_arrays
// CHECK-NEXT: %e = pto.declare_eventid_array -> !pto.eventid_array<4>
// CHECK-NEXT: pto.eventid_array_set %e[%c], %c : !pto.eventid_array<4>
// CHECK-NEXT: %id = pto.eventid_array_get %e[%c] : !pto.eventid_array<4>
// CHECK-NEXT: pto.set_flag_dyn[<PIPE_MTE2>, <PIPE_V>, %id]
// CHECK-NEXT: pto.wait_flag_dyn[<PIPE_MTE2>, <PIPE_V>, %id]
// GENERIC: "pto.eventid_array_get"(%e, %c) : (!pto.eventid_array<4>, index) -> index
// GENERIC: "pto.set_flag_dyn"(%id) <{src_pipe = #pto.pipe<PIPE_MTE2>, dst_pipe = #pto.pipe<PIPE_V>}> : (index) -> ()
func.func @eventid_arrays(%c: index) {
  %e = pto.declare_eventid_array -> !pto.eventid_array<4>
  pto.eventid_array_set %e[%c], %c : !pto.eventid_array<4>
  %id = pto.eventid_array_get %e[%c] : !pto.eventid_array<4>
  pto.set_flag_dyn [#pto.pipe<PIPE_MTE2>, #pto.pipe<PIPE_V>, %id]
  pto.wait_flag_dyn ["PIPE_MTE2", "PIPE_V", %id]
  return
}

// CHECK-LABEL: func.func @structs
// CHECK-NEXT: %s = pto.declare_struct -> !pto.struct<f16, !pto.struct<f32, i8>>
// CHECK-NEXT: pto.struct_set %s[1, 0], %v : !pto.struct<f16, !pto.struct<f32, i8>>, f32
// CHECK-NEXT: %g = pto.struct_get %s[1, 0] : !pto.struct<f16, !pto.struct<f32, i8>> -> f32
// GENERIC: "pto.struct_set"(%s, %v) <{path = array<i64: 1, 0>}> : (!pto.struct<f16, !pto.struct<f32, i8>>, f32) -> ()
func.func @structs(%v: f32) {
  %s = pto.declare_struct -> !pto.struct<f16, !pto.struct<f32, i8>>
  pto.struct_set %s[1, 0], %v : !pto.struct<f16, !pto.struct<f32, i8>>, f32
  %g = pto.struct_get %s[1, 0] : !pto.struct<f16, !pto.struct<f32, i8>> -> f32
  return
}

// CHECK-LABEL: func.func @scalar_memory
// CHECK-NEXT: %x = pto.load_scalar %p[%c] : !pto.ptr<i32> -> i32
// CHECK-NEXT: pto.store_scalar %x, %p[%c] : !pto.ptr<i32>, i32
// CHECK-NEXT: pto.cmo.cacheinvalid all #pto.address_space<gm>
// CHECK-NEXT: pto.cmo.cacheinvalid %p single_cache_line : !pto.ptr<i32>
// CHECK-NEXT: pto.fence.barrier_all #pto.fence_scope<gm>
// CHECK-NEXT: %a = pto.declare_local_array -> !pto.local_array<2x8xi32>
// CHECK-NEXT: pto.local_array_set %a[%c, %c], %x : !pto.local_array<2x8xi32>, i32
// CHECK-NEXT: %y = pto.local_array_get %a[%c, %c] : !pto.local_array<2x8xi32> -> i32
// GENERIC: "pto.load_scalar"(%p, %c) : (!pto.ptr<i32>, index) -> i32
// GENERIC: "pto.store_scalar"(%p, %c, %x) : (!pto.ptr<i32>, index, i32) -> ()
// GENERIC: "pto.cmo.cacheinvalid"() <{space = #pto.address_space<gm>}> : () -> ()
// GENERIC: "pto.fence.barrier_all"() <{scope = #pto.fence_scope<gm>}> : () -> ()
// GENERIC: "pto.local_array_set"(%a, %c, %c, %x)
func.func @scalar_memory(%p: !pto.ptr<i32>, %c: index) {
  %x = pto.load_scalar %p[%c] : !pto.ptr<i32> -> i32
  pto.store_scalar %x, %p[%c] : !pto.ptr<i32>, i32
  pto.cmo.cacheinvalid all #pto.address_space<gm>
  pto.cmo.cacheinvalid %p single_cache_line : !pto.ptr<i32>
  pto.fence.barrier_all #pto<fence_scope gm>
  %a = pto.declare_local_array -> !pto.local_array<2x8xi32>
  pto.local_array_set %a[%c, %c], %x : !pto.local_array<2x8xi32>, i32
  %y = pto.local_array_get %a[%c, %c] : !pto.local_array<2x8xi32> -> i32
  func.return
}

// CHECK-LABEL: func.func @tile_meta
// CHECK-NEXT: pto.set_validshape %t, %c, %c : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=?, v_col=?{{.*}}>
// CHECK-NEXT: %r, %k = pto.get_validshape %t : !pto.tile_buf<{{.*}}>
// CHECK-NEXT: %n = pto.get_tensor_view_dim %tv, %c : !pto.tensor_view<?x?xf32> -> index
// CHECK-NEXT: %m = pto.get_tensor_view_stride %tv, %c : !pto.tensor_view<?x?xf32> -> index
// CHECK-NEXT: %q = pto.tile_buf_addr %t : !pto.tile_buf<{{.*}}> -> !pto.ptr<f32, ub>
// CHECK-NEXT: %g = pto.tensor_view_addr %tv : !pto.tensor_view<?x?xf32> -> !pto.ptr<f32>
// CHECK-NEXT: pto.tsetval ins(%c, %f : index, f32) outs(%t : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: %e = pto.tgetval ins(%t, %c : !pto.tile_buf<{{.*}}>, index) outs : f32
// GENERIC: "pto.set_validshape"(%t, %c, %c)
// GENERIC: "pto.get_tensor_view_dim"(%tv, %c) : (!pto.tensor_view<?x?xf32>, index) -> index
// GENERIC: "pto.tsetval"(%t, %c, %f)
// GENERIC: "pto.tgetval"(%t, %c)
func.func @tile_meta(%t: !d, %c: index, %tv: !pto.tensor_view<?x?xf32>, %f: f32) {
  pto.set_validshape %t, %c, %c : !d
  %r, %k = pto.get_validshape %t : !d
  %n = pto.get_tensor_view_dim %tv, %c
  %m = pto.get_tensor_view_stride %tv, %c : !pto.tensor_view<?x?xf32> -> index
  %q = pto.tile_buf_addr %t : !d -> !pto.ptr<f32, ub>
  %g = pto.tensor_view_addr %tv : !pto.tensor_view<?x?xf32> -> !pto.ptr<f32, gm>
  pto.tsetval ins(%c, %f : index, f32) outs(%t : !d)
  %e = pto.tgetval ins(%t, %c : !d, index) outs : f32
  func.return
}

// Addresses of memrefs (PTOAS after its view lowering: vmi_vpto_memref_compat.pto).
// CHECK-LABEL: func.func @memref_addresses
// CHECK-NEXT: %g = pto.tensor_view_addr %gm : memref<4x8xf32, strided<[8, 1]>, #pto.address_space<gm>> -> memref<4x8xf32, #pto.address_space<gm>>
// CHECK-NEXT: %u = pto.tile_buf_addr %ub : memref<4x8xf32, #pto.address_space<vec>> -> !pto.ptr<f32, ub>
// GENERIC: "pto.tensor_view_addr"(%gm)
func.func @memref_addresses(%gm: memref<4x8xf32, strided<[8, 1]>, #pto.address_space<gm>>, %ub: memref<4x8xf32, #pto.address_space<vec>>) {
  %g = "pto.tensor_view_addr"(%gm) : (memref<4x8xf32, strided<[8, 1]>, #pto.address_space<gm>>) -> memref<4x8xf32, #pto.address_space<gm>>
  %u = "pto.tile_buf_addr"(%ub) : (memref<4x8xf32, #pto.address_space<vec>>) -> !pto.ptr<f32, ub>
  func.return
}

// CHECK-LABEL: func.func @moves
// CHECK-NEXT: pto.ttrans ins(%s, %s : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%d : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: pto.mgather ins(%v, %i : !pto.partition_tensor_view<8x8xf32>, !pto.tile_buf<{{.*}}dtype=i32{{.*}}>) outs(%d : !pto.tile_buf<{{.*}}>) {coalesce = #pto.coalesce<row>, gatherOob = #pto.gather_oob<clamp>}
// CHECK-NEXT: pto.mscatter ins(%s, %i : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%v : !pto.partition_tensor_view<8x8xf32>) {scatterAtomicOp = #pto.scatter_atomic_op<add>}
// CHECK-NEXT: pto.tstore ins(%s : !pto.tile_buf<{{.*}}>) outs(%v : !pto.partition_tensor_view<8x8xf32>) {atomicType = #pto.atomic_type<atomic_add>}
// CHECK-NEXT: pto.tload ins(%gm : memref<8x8xf32, #pto.address_space<gm>>) outs(%s : !pto.tile_buf<{{.*}}>)
// GENERIC: "pto.ttrans"(%s, %s, %d) <{operandSegmentSizes = array<i32: 2, 1>}>
// GENERIC: "pto.mgather"(%v, %i, %d) <{operandSegmentSizes = array<i32: 2, 1>}> {coalesce = #pto.coalesce<row>, gatherOob = #pto.gather_oob<clamp>}
func.func @moves(%s: !s, %d: !d, %v: !v, %i: !i, %gm: memref<8x8xf32, #pto.address_space<gm>>) {
  pto.ttrans ins(%s, %s : !s, !s) outs(%d : !d)
  pto.mgather ins(%v, %i : !v, !i) outs(%d : !d) {coalesce = #pto<coalesce row>, gatherOob = #pto<gather_oob clamp>}
  pto.mscatter ins(%s, %i : !s, !i) outs(%v : !v) {scatterAtomicOp = #pto<scatter_atomic_op add>}
  pto.tstore ins(%s : !s) outs(%v : !v) {atomicType = #pto<atomic_type atomic_add>}
  pto.tload ins(%gm : memref<8x8xf32, #pto.address_space<gm>>) outs(%s : !s)
  func.return
}

// PTOAS's tile keys: compact= (printed when not 0), its names and attribute form.
// CHECK-LABEL: func.func @compact
// CHECK-SAME: !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=8, v_row=4, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0, compact=2>
// CHECK-SAME: !pto.tile_buf<loc=left, dtype=bf16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0, compact=1>
// CHECK-SAME: !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=8, v_row=4, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
func.func @compact(%a: !pto.tile_buf<vec, 4x8xf32, compact=#pto.compact_mode<row_plus_one>>, %b: !pto.tile_buf<loc=left, dtype=bf16, rows=16, cols=16, blayout=row_major, slayout=row_major, compact=normal>, %c: !pto.tile_buf<vec, 4x8xf32, compact=0>) {
  func.return
}

// PTOAS's `loc=ub` of early 2026 is loc=vec.
// CHECK-LABEL: func.func @ub_location(%t: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8,
func.func @ub_location(%t: !pto.tile_buf<loc=ub, dtype=f32, rows=8, cols=8>) {
  func.return
}

// The AR special register (PTOAS's SPR state ops); the untyped PTOAS form parses too.
// CHECK-LABEL: func.func @spr
// CHECK: pto.sprclr "AR"
// CHECK-NEXT: pto.sprsti "AR", %p[%c] : !pto.ptr<ui32, ub>, i32
// CHECK-NEXT: %n = pto.sprsts "AR", %p[%o] : !pto.ptr<ui32, ub>, i32 -> !pto.ptr<ui32, ub>
// CHECK-NEXT: %m = pto.sprsti "AR", %p[%c] : !pto.ptr<ui32, ub>, i32 -> !pto.ptr<ui32, ub>
// GENERIC: "pto.sprclr"() <{spr = "AR"}> : () -> ()
// GENERIC: "pto.sprsts"(%p, %o) <{spr = "AR"}> : (!pto.ptr<ui32, ub>, i32) -> !pto.ptr<ui32, ub>
func.func @spr(%p: !pto.ptr<ui32, ub>, %o: i32) {
  %c = arith.constant 8 : i32
  pto.vecscope {
    pto.sprclr "AR"
    pto.sprsti "AR", %p[%c] : !pto.ptr<ui32, ub>, i32
    %n = pto.sprsts "AR", %p[%o] : !pto.ptr<ui32, ub>, i32 -> !pto.ptr<ui32, ub>
    %m = pto.sprsti "AR", %p[%c] -> !pto.ptr<ui32, ub>
  }
  func.return
}

// PTOAS's post-update forms: the access at the base, the base advanced as a result.
// CHECK-LABEL: func.func @post_update
// CHECK: %m, %n = pto.pldi %p[%c], "NORM" : !pto.ptr<ui8, ub>, index -> !pto.mask<b8>, !pto.ptr<ui8, ub>
// CHECK-NEXT: %q = pto.psts %m, %p[%c], "NORM" : !pto.mask<b8>, !pto.ptr<ui8, ub>, index -> !pto.ptr<ui8, ub>
// CHECK-NEXT: %lo, %hi, %r = pto.vldsx2 %f[%c], "DINTLV_B32" : !pto.ptr<f32, ub>, index -> !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.ptr<f32, ub>
// GENERIC: "pto.pldi"(%p, %c) <{dist = "NORM"}> : (!pto.ptr<ui8, ub>, index) -> (!pto.mask<b8>, !pto.ptr<ui8, ub>)
func.func @post_update(%p: !pto.ptr<ui8, ub>, %f: !pto.ptr<f32, ub>) {
  %c = arith.constant 1 : index
  pto.vecscope {
    %m, %n = pto.pldi %p[%c], "NORM" : !pto.ptr<ui8, ub>, index -> !pto.mask<b8>, !pto.ptr<ui8, ub>
    %q = pto.psts %m, %p[%c], "NORM" : !pto.mask<b8>, !pto.ptr<ui8, ub>, index -> !pto.ptr<ui8, ub>
    %lo, %hi, %r = pto.vldsx2 %f[%c], "DINTLV_B32" : !pto.ptr<f32, ub>, index -> !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.ptr<f32, ub>
  }
  func.return
}

// PTOAS's vstus without MODE (offset in elements, optional base result) and vstas's result.
// CHECK-LABEL: func.func @vstus_ptoas
// CHECK: %b = pto.vstus %a, %o, %v, %p : !pto.align, i32, !pto.vreg<64xf32>, !pto.ptr<f32, ub> -> !pto.align
// CHECK-NEXT: %c, %q = pto.vstus %b, %o, %v, %p : !pto.align, i32, !pto.vreg<64xf32>, !pto.ptr<f32, ub> -> !pto.align, !pto.ptr<f32, ub>
// CHECK-NEXT: %n = pto.vstas %c, %q, %o : !pto.align, !pto.ptr<f32, ub>, i32 -> !pto.ptr<f32, ub>
func.func @vstus_ptoas(%p: !pto.ptr<f32, ub>, %o: i32, %v: !pto.vreg<64xf32>) {
  pto.vecscope {
    %a = pto.init_align : !pto.align
    %b = pto.vstus %a, %o, %v, %p : !pto.align, i32, !pto.vreg<64xf32>, !pto.ptr<f32, ub> -> !pto.align
    %c, %q = pto.vstus %b, %o, %v, %p : !pto.align, i32, !pto.vreg<64xf32>, !pto.ptr<f32, ub> -> !pto.align, !pto.ptr<f32, ub>
    %n = pto.vstas %c, %q, %o : !pto.align, !pto.ptr<f32, ub>, i32 -> !pto.ptr<f32, ub>
  }
  func.return
}

// vcvt: the 4:1 parts P0-P3 and i64 sources under a b32 mask (PTOAS's board cases).
// CHECK-LABEL: func.func @vcvt_forms
// CHECK: %q = pto.vcvt %u, %m {sat = "SAT", part = "P3"} : !pto.vreg<64xui32>, !pto.mask<b32> -> !pto.vreg<256xui8>
// CHECK-NEXT: %f = pto.vcvt %l, %m {rnd = "R", part = "EVEN"} : !pto.vreg<32xi64>, !pto.mask<b32> -> !pto.vreg<64xf32>
func.func @vcvt_forms(%u: !pto.vreg<64xui32>, %l: !pto.vreg<32xi64>, %m: !pto.mask<b32>) {
  pto.vecscope {
    %q = pto.vcvt %u, %m {sat = "SAT", part = "P3"} : !pto.vreg<64xui32>, !pto.mask<b32> -> !pto.vreg<256xui8>
    %f = pto.vcvt %l, %m {rnd = "R", part = "EVEN"} : !pto.vreg<32xi64>, !pto.mask<b32> -> !pto.vreg<64xf32>
  }
  func.return
}

// ptrtoint/inttoptr and the valid-size queries (also PTOAS's untyped form).
// CHECK-LABEL: func.func @int_ptr
// CHECK: %a = pto.ptrtoint %p : !pto.ptr<ui32> -> i64
// CHECK-NEXT: %q = pto.inttoptr %a : i64 -> !pto.ptr<ui32>
// CHECK-NEXT: %r = pto.tile_valid_rows %t : !pto.tile_buf<{{.*}}> -> index
// CHECK-NEXT: %c = pto.tile_valid_cols %t : !pto.tile_buf<{{.*}}> -> index
// GENERIC: "pto.ptrtoint"(%p) : (!pto.ptr<ui32>) -> i64
// GENERIC: "pto.tile_valid_rows"(%t) : (!pto.tile_buf<{{.*}}>) -> index
func.func @int_ptr(%p: !pto.ptr<ui32>, %t: !d) {
  %a = pto.ptrtoint %p : !pto.ptr<ui32> -> i64
  %q = pto.inttoptr %a : i64 -> !pto.ptr<ui32>
  %r = pto.tile_valid_rows %t
  %c = pto.tile_valid_cols %t : !d -> index
  func.return
}

// CHECK-LABEL: func.func @prefetch
// CHECK: pto.tprefetch ins(%v : !pto.partition_tensor_view<8x8xf32>) outs(%s : !pto.tile_buf<{{.*}}>)
// GENERIC: "pto.tprefetch"(%v, %s) <{operandSegmentSizes = array<i32: 1, 1>}>
func.func @prefetch(%v: !v, %s: !s) {
  pto.tprefetch ins(%v : !v) outs(%s : !s)
  func.return
}

// CHECK-LABEL: func.func @assign
// CHECK: %r = pto.tassign %s, %a : !pto.tile_buf<{{.*}}>, i64 -> !pto.tile_buf<{{.*}}>
// GENERIC: "pto.tassign"(%s, %a) : (!pto.tile_buf<{{.*}}>, i64) -> !pto.tile_buf<{{.*}}>
func.func @assign(%s: !s, %a: i64) {
  %r = pto.tassign %s, %a : !s -> !s
  func.return
}

// PTOAS's mask-pattern tgather with its axis after the types.
// CHECK-LABEL: func.func @gather_axis
// CHECK: pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P1111>, axis = "row"} : !pto.tile_buf<{{.*}}>) outs(%d : !pto.tile_buf<{{.*}}>)
func.func @gather_axis(%s: !s, %d: !s) {
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P1111>} : !s, "row") outs(%d : !s)
  func.return
}

// CHECK-LABEL: func.func @fusion
// CHECK: %r = pto.fusion_region {
// CHECK-NEXT: %c = arith.constant 4 : index
// CHECK-NEXT: pto.yield(%c) : (index) -> ()
// CHECK-NEXT: } : index
// GENERIC: "pto.fusion_region"() ({
// GENERIC: "pto.yield"(%c) : (index) -> ()
// GENERIC: }) : () -> index
func.func @fusion() {
  %r = pto.fusion_region {
    %c = arith.constant 4 : index
    pto.yield(%c) : (index) -> ()
  } : index
  func.return
}

// CHECK-LABEL: func.func @atomic_config
// CHECK: pto.set_atomic_s32
// CHECK-NEXT: pto.set_atomic_add
// CHECK-NEXT: pto.set_atomic_none
// GENERIC: "pto.set_atomic_bf16"() : () -> ()
func.func @atomic_config() {
  pto.set_atomic_s32
  pto.set_atomic_add
  pto.set_atomic_none
  pto.set_atomic_max
  pto.set_atomic_min
  pto.set_atomic_f32
  pto.set_atomic_f16
  pto.set_atomic_bf16
  pto.set_atomic_s16
  pto.set_atomic_s8
  func.return
}

// CHECK-LABEL: func.func @ctrl
// CHECK: %c = pto.get_ctrl : i64
// CHECK-NEXT: %s = pto.sbitset1 %c, %b : i64, i64 -> i64
// CHECK-NEXT: %r = pto.sbitset0 %s, %b : i64, i64 -> i64
// CHECK-NEXT: pto.set_ctrl %r : i64
// GENERIC: "pto.sbitset1"(%c, %b) : (i64, i64) -> i64
// GENERIC: "pto.sbitset0"(%s, %b) : (i64, i64) -> i64
// GENERIC: "pto.set_ctrl"(%r) : (i64) -> ()
func.func @ctrl(%b: i64) {
  %c = pto.get_ctrl : i64
  %s = pto.sbitset1 %c, %b : i64, i64 -> i64
  %r = pto.sbitset0 %s, %b : i64, i64 -> i64
  pto.set_ctrl %r : i64
  func.return
}

// CHECK-LABEL: func.func @vldus_increment
// CHECK: %v, %b, %q = pto.vldus %p, %a, %n : !pto.ptr<f32, ub>, !pto.align, index -> !pto.vreg<64xf32>, !pto.align, !pto.ptr<f32, ub>
func.func @vldus_increment(%p: !pto.ptr<f32, ub>, %n: index) {
  pto.vecscope {
    %a = pto.vldas %p : !pto.ptr<f32, ub> -> !pto.align
    %v, %b, %q = pto.vldus %p, %a, %n : !pto.ptr<f32, ub>, !pto.align, index -> !pto.vreg<64xf32>, !pto.align, !pto.ptr<f32, ub>
  }
  func.return
}

// CHECK-LABEL: func.func @gather_bytes
// CHECK: %r = pto.vgather2 %p, %o, %m : !pto.ptr<ui8, ub>, !pto.vreg<128xui16>, !pto.mask<b16> -> !pto.vreg<128xui16>
func.func @gather_bytes(%p: !pto.ptr<ui8, ub>, %o: !pto.vreg<128xui16>, %m: !pto.mask<b16>) {
  pto.vecscope {
    %r = pto.vgather2 %p, %o, %m : !pto.ptr<ui8, ub>, !pto.vreg<128xui16>, !pto.mask<b16> -> !pto.vreg<128xui16>
  }
  func.return
}

// PTOAS's vaxpy types without parentheses; the manual's form prints.
// CHECK-LABEL: func.func @axpy
// CHECK: %r = pto.vaxpy %x, %y, %a, %m : (!pto.vreg<64xf32>, !pto.vreg<64xf32>, f32, !pto.mask<b32>) -> !pto.vreg<64xf32>
func.func @axpy(%x: !pto.vreg<64xf32>, %y: !pto.vreg<64xf32>, %a: f32, %m: !pto.mask<b32>) {
  pto.vecscope {
    %r = pto.vaxpy %x, %y, %a, %m : !pto.vreg<64xf32>, !pto.vreg<64xf32>, f32, !pto.mask<b32> -> !pto.vreg<64xf32>
  }
  func.return
}

// CHECK-LABEL: func.func @pk4
// CHECK: pto.vsts %v, %p[%c], %m {dist = "PK4_B32"} : !pto.vreg<256xui8>, !pto.ptr<ui8, ub>, !pto.mask<b32>
func.func @pk4(%v: !pto.vreg<256xui8>, %p: !pto.ptr<ui8, ub>, %m: !pto.mask<b32>, %c: index) {
  pto.vecscope {
    pto.vsts %v, %p[%c], %m {dist = "PK4_B32"} : !pto.vreg<256xui8>, !pto.ptr<ui8, ub>, !pto.mask<b32>
  }
  func.return
}

// CHECK-LABEL: func.func @dev_and_cache
// CHECK: %v = pto.ld_dev %p[%c] : !pto.ptr<i32> -> i32
// CHECK-NEXT: pto.st_dev %v, %p[%c] : !pto.ptr<i32>, i32
// CHECK-NEXT: pto.dcci %p "ENTIRE_DATA_CACHE", "CACHELINE_OUT" : !pto.ptr<i32>
// CHECK-NEXT: pto.dcci %p "SINGLE_CACHE_LINE" : !pto.ptr<i32>
// CHECK-NEXT: pto.dsb "ALL"
// GENERIC: "pto.dcci"(%p) <{cache = "ENTIRE_DATA_CACHE", dst = "CACHELINE_OUT"}> : (!pto.ptr<i32>) -> ()
// GENERIC: "pto.dsb"() <{mem = "ALL"}> : () -> ()
func.func @dev_and_cache(%p: !pto.ptr<i32>, %c: index) {
  %v = pto.ld_dev %p[%c] : !pto.ptr<i32> -> i32
  pto.st_dev %v, %p[%c] : !pto.ptr<i32>, i32
  pto.dcci %p "ENTIRE_DATA_CACHE", "CACHELINE_OUT" : !pto.ptr<i32>
  pto.dcci %p "SINGLE_CACHE_LINE" : !pto.ptr<i32>
  pto.dsb "ALL"
  func.return
}

// CHECK-LABEL: func.func @subset
// CHECK: %v = pto.subset %t[%c, %c] sizes [4, 8] : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8{{.*}}> -> !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=8{{.*}}>
// GENERIC: "pto.subset"(%t, %c, %c)
func.func @subset(%t: !s, %c: index) {
  %v = pto.subset %t[%c, %c] sizes [4, 8] : !s
  func.return
}

// CHECK-LABEL: func.func @shift_count
// CHECK: pto.tshls ins(%s, %n : !pto.tile_buf<{{.*}}dtype=i32{{.*}}>, i16) outs(%s : !pto.tile_buf<{{.*}}>)
func.func @shift_count(%s: !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=8>, %n: i16) {
  pto.tshls ins(%s, %n : !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=8>, i16) outs(%s : !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=8>)
  func.return
}

// The fixpipe `fp` tile of accumulator stores and moves (PTOAS: `fp %fp : F` in ins, and
// tmov's second source); one form prints
!fpacc = !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
!fpsc = !pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
!fpmat = !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=32, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// CHECK-LABEL: func.func @fixpipe_fp
// CHECK: pto.tstore ins(%acc : !pto.tile_buf<loc=acc{{.*}}> fp %fp : !pto.tile_buf<loc=scaling{{.*}}>) outs(%v : !pto.partition_tensor_view<16x16xi8>)
// CHECK-NEXT: pto.tmov ins(%acc : !pto.tile_buf<loc=acc{{.*}}> fp %fp : !pto.tile_buf<loc=scaling{{.*}}>) outs(%m : !pto.tile_buf<loc=mat{{.*}}>)
// CHECK-NEXT: pto.textract ins(%acc, %i, %i : !pto.tile_buf<loc=acc{{.*}}>, index, index fp %fp : !pto.tile_buf<loc=scaling{{.*}}>) outs(%m : !pto.tile_buf<loc=mat{{.*}}>)
// GENERIC: "pto.tstore"(%acc, %fp, %v) <{operandSegmentSizes = array<i32: 2, 1>}>
// GENERIC: "pto.tmov"(%acc, %fp, %m) <{operandSegmentSizes = array<i32: 2, 1>}>
// GENERIC: "pto.textract"(%acc, %i, %i, %fp, %m) <{operandSegmentSizes = array<i32: 4, 1>}>
module attributes {pto.target_arch = "a5"} {
  func.func @fixpipe_fp(%acc: !fpacc, %fp: !fpsc, %v: !pto.partition_tensor_view<16x16xi8>, %m: !fpmat, %i: index) {
    pto.tstore ins(%acc : !fpacc fp %fp : !fpsc) outs(%v : !pto.partition_tensor_view<16x16xi8>)
    pto.tmov ins(%acc : !fpacc, %fp : !fpsc) outs(%m : !fpmat)
    pto.textract ins(%acc, %i, %i : !fpacc, index, index fp %fp : !fpsc) outs(%m : !fpmat)
    func.return
  }
}

// PTOAS's early samples drop the `!pto.tile_buf` prefix of an ins/outs type (an unqualified
// `type($a)` of a tile_buf operand prints the bare `<...>`): test/samples/MatMul/tmatmulk.pto.
// CHECK-LABEL: func.func @bare_tile_buf_type
// CHECK: pto.tadd ins(%s, %s : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%s : !pto.tile_buf<{{.*}}>)
func.func @bare_tile_buf_type(%s: !s) {
  pto.tadd ins(%s, %s : <loc=vec, dtype=f32, rows=8, cols=8, v_row=8, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !s) outs(%s : <loc=vec, dtype=f32, rows=8, cols=8, v_row=8, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  func.return
}
