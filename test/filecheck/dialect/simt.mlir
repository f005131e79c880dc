// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// The SIMT layer (PTOAS docs/isa/micro-isa/17-simt.md) in PTOAS's spelling: omitted cache
// clauses print their defaults (l1cache(cache), l2cache(nmfv)); get_buf_dyn's mode too.

// CHECK-LABEL: func.func @kernel
// CHECK:      %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %x = arith.constant 32 : i32
// CHECK-NEXT: %one = arith.constant 1 : i32
// CHECK-NEXT: %ub = pto.castptr %c0 : index -> !pto.ptr<i32, ub>
// CHECK-NEXT: pto.simt_launch @stage0<<<%x, %one, %one>>>(%gm, %ub, %h2) : (!pto.ptr<i32>, !pto.ptr<i32, ub>, !pto.ptr<vector<2xf16>>) -> ()
// CHECK-NEXT: pto.store_vfsimt_info %one, %one, %x : i32, i32, i32
// CHECK-NEXT: func.call @stage1(%gm) : (!pto.ptr<i32>) -> ()
// CHECK-NEXT: pto.section.simt<<<32, 1, 1>>> {
// CHECK-NEXT: %t = pto.get_tid_x : i32
// CHECK-NEXT: pto.syncthreads
// CHECK-NEXT: }
// CHECK-NEXT: %id = arith.andi %c1, %c1 : index
// CHECK-NEXT: pto.get_buf_dyn "PIPE_V", %id, 0
// CHECK-NEXT: pto.rls_buf_dyn "PIPE_V", %id, 0
// CHECK-NEXT: %old = pto.atomic_add %gm, %x l2cache(nmfv) signed : !pto.ptr<i32>, i32 -> i32
// CHECK-NEXT: pto.store %old, %gm[%c1] : !pto.ptr<i32>, i32
// CHECK-NEXT: func.return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @stage0
// CHECK:      %tx = pto.get_tid_x : i32
// CHECK-NEXT: %ty = pto.get_tid_y : i32
// CHECK-NEXT: %tz = pto.get_tid_z : i32
// CHECK-NEXT: %bx = pto.get_block_dim_x : i32
// CHECK-NEXT: %by = pto.get_block_dim_y : i32
// CHECK-NEXT: %bz = pto.get_block_dim_z : i32
// CHECK-NEXT: %gx = pto.get_grid_dim_x : i32
// CHECK-NEXT: %gy = pto.get_grid_dim_y : i32
// CHECK-NEXT: %gz = pto.get_grid_dim_z : i32
// CHECK-NEXT: %ix = pto.get_block_idx_x : i32
// CHECK-NEXT: %iy = pto.get_block_idx_y : i32
// CHECK-NEXT: %iz = pto.get_block_idx_z : i32
// CHECK-NEXT: %core = pto.get_veccoreid : i32
// CHECK-NEXT: %lane = pto.get_laneid : i32
// CHECK-NEXT: %c32 = pto.get_clock32 : i32
// CHECK-NEXT: %c64 = pto.get_clock64 : i64
// CHECK-NEXT: %meq = pto.get_lanemask_eq : i32
// CHECK-NEXT: %mle = pto.get_lanemask_le : i32
// CHECK-NEXT: %mlt = pto.get_lanemask_lt : i32
// CHECK-NEXT: %mge = pto.get_lanemask_ge : i32
// CHECK-NEXT: %mgt = pto.get_lanemask_gt : i32
// CHECK-NEXT: %p = arith.cmpi eq, %tx, %ty : i32
// CHECK-NEXT: %all = pto.vote_all %p : i1 -> i1
// CHECK-NEXT: %any = pto.vote_any %p : i1 -> i1
// CHECK-NEXT: %uni = pto.vote_uni %p : i1 -> i1
// CHECK-NEXT: %bal = pto.vote_ballot %p : i1 -> i32
// CHECK-NEXT: %s1 = pto.shuffle_idx %tx, %ty {width = 16 : i32} : i32, i32 -> i32
// CHECK-NEXT: %s2 = pto.shuffle_up %tx, %ty : i32, i32 -> i32
// CHECK-NEXT: %s3 = pto.shuffle_down %c64, %ty : i64, i32 -> i64
// CHECK-NEXT: %s4 = pto.shuffle_bfly %tx, %ty : i32, i32 -> i32
// CHECK-NEXT: %r1 = pto.redux_add %tx : i32 -> i32
// CHECK-NEXT: %r2 = pto.redux_max %tx unsigned : i32 -> i32
// CHECK-NEXT: %r3 = pto.redux_min %tx signed : i32 -> i32
// CHECK-NEXT: %i = arith.index_castui %tx : i32 to index
// CHECK-NEXT: %v = pto.load %ub[%i] : !pto.ptr<i32, ub> -> i32
// CHECK-NEXT: pto.store %v, %ub[%i] : !pto.ptr<i32, ub>, i32
// CHECK-NEXT: %g = pto.ldg %gm[%i] l1cache(cache) l2cache(nmfv) : !pto.ptr<i32> -> i32
// CHECK-NEXT: %g2 = pto.ldg %gm[%i] l1cache(uncache) l2cache(nmpref) : !pto.ptr<i32> -> i32
// CHECK-NEXT: pto.stg %g, %gm[%i] l1cache(cache) l2cache(nmfv) : !pto.ptr<i32>, i32
// CHECK-NEXT: pto.stg %g2, %gm[%i] l1cache(uncache) l2cache(wtsred) : !pto.ptr<i32>, i32
// CHECK-NEXT: %a1 = pto.atomic_exch %ub, %tx l2cache(nmfv) : !pto.ptr<i32, ub>, i32 -> i32
// CHECK-NEXT: %a2 = pto.atomic_sub %gm, %tx l2cache(naci) signed : !pto.ptr<i32>, i32 -> i32
// CHECK-NEXT: %a3 = pto.atomic_min %ub, %tx l2cache(nmfv) unsigned : !pto.ptr<i32, ub>, i32 -> i32
// CHECK-NEXT: %a4 = pto.atomic_max %ub, %tx l2cache(nmfv) signed : !pto.ptr<i32, ub>, i32 -> i32
// CHECK-NEXT: %a5 = pto.atomic_and %ub, %tx l2cache(nmfv) : !pto.ptr<i32, ub>, i32 -> i32
// CHECK-NEXT: %a6 = pto.atomic_or %ub, %tx l2cache(nmfv) : !pto.ptr<i32, ub>, i32 -> i32
// CHECK-NEXT: %a7 = pto.atomic_xor %ub, %tx l2cache(nmfv) : !pto.ptr<i32, ub>, i32 -> i32
// CHECK-NEXT: %a8 = pto.atomic_cas %ub, %tx, %ty l2cache(nmfv) : !pto.ptr<i32, ub>, i32 -> i32
// CHECK-NEXT: %h = arith.constant dense<1.000000e+00> : vector<2xf16>
// CHECK-NEXT: %a9 = pto.atomic_add %h2, %h l2cache(nmfv) : !pto.ptr<vector<2xf16>>, vector<2xf16> -> vector<2xf16>
// CHECK-NEXT: %pm = pto.prmt %tx, %ty, %lane : i32, i32, i32 -> i32
// CHECK-NEXT: %hi = pto.mulhi %tx, %ty unsigned : i32, i32 -> i32
// CHECK-NEXT: %w = pto.mul_i32toi64 %tx, %ty signed : i32, i32 -> i64
// CHECK-NEXT: %f = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %m1 = pto.absf %f : f32 -> f32
// CHECK-NEXT: %m2 = pto.sqrt %h : vector<2xf16> -> vector<2xf16>
// CHECK-NEXT: %m3 = pto.exp %f : f32 -> f32
// CHECK-NEXT: %m4 = pto.log %f : f32 -> f32
// CHECK-NEXT: %m5 = pto.sin %f : f32 -> f32
// CHECK-NEXT: %m6 = pto.cos %f : f32 -> f32
// CHECK-NEXT: %m7 = pto.ceil %f : f32 -> f32
// CHECK-NEXT: %m8 = pto.floor %f : f32 -> f32
// CHECK-NEXT: %m9 = pto.rint %f : f32 -> f32
// CHECK-NEXT: %m10 = pto.round %f : f32 -> f32
// CHECK-NEXT: %m11 = pto.fmin %f, %m1 : f32, f32 -> f32
// CHECK-NEXT: %m12 = pto.fmax %f, %m1 : f32, f32 -> f32
// CHECK-NEXT: %m13 = pto.pow %f, %m1 : f32, f32 -> f32
// CHECK-NEXT: %m14 = pto.fma %f, %m1, %m3 : f32, f32, f32 -> f32
// CHECK-NEXT: %cv = pto.convert %f round(z) sat signed : f32 -> i32
// CHECK-NEXT: %hf = pto.convert %h round(r) nosat : vector<2xf16> -> vector<2xf32>
// CHECK-NEXT: %sel = arith.select %p, %tx, %ty : i32
// CHECK-NEXT: pto.threadfence
// CHECK-NEXT: pto.threadfence_block
// CHECK-NEXT: pto.keep %sel {slot = 0 : i64} : i32
// CHECK-NEXT: pto.keep %w {slot = 2 : i64} : i64
// CHECK-NEXT: pto.syncthreads
// CHECK-NEXT: func.return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @stage1
// CHECK:      %c0 = arith.constant 0 : index
// CHECK-NEXT: %v = pto.resume {slot = 0 : i64} : i32
// CHECK-NEXT: %w = pto.resume {slot = 2 : i64} : i64
// CHECK-NEXT: pto.store %v, %gm[%c0] : !pto.ptr<i32>, i32
// CHECK-NEXT: func.return
// CHECK-NEXT: }
// CHECK-NEXT: }
// GENERIC: "pto.simt_launch"(%x, %one, %one, %gm, %ub, %h2) <{callee = @stage0}> : (i32, i32, i32, !pto.ptr<i32>, !pto.ptr<i32, ub>, !pto.ptr<vector<2xf16>>) -> ()
// GENERIC: "pto.section.simt"() <{dim_x = 32 : i32, dim_y = 1 : i32, dim_z = 1 : i32}> ({
// GENERIC: "pto.get_buf_dyn"(%id) <{target_pipe = #pto.pipe<PIPE_V>, static_mode = 0 : i64, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> ()
// GENERIC: %old = "pto.atomic_add"(%gm, %x) <{l2cache = #pto.st_l2cache<nmfv>, signedness = #pto.signedness<signed>}> : (!pto.ptr<i32>, i32) -> i32
// GENERIC: %s1 = "pto.shuffle_idx"(%tx, %ty) {width = 16 : i32} : (i32, i32) -> i32
// GENERIC: %g2 = "pto.ldg"(%gm, %i) <{l1cache = #pto.l1cache<uncache>, l2cache = #pto.ld_l2cache<nmpref>}> : (!pto.ptr<i32>, index) -> i32
// GENERIC: %cv = "pto.convert"(%f) <{rounding = #pto.rounding<z>, saturation = #pto.saturation<sat>, signedness = #pto.signedness<signed>}> : (f32) -> i32
// GENERIC: "pto.keep"(%w) {slot = 2 : i64} : (i64) -> ()

module attributes {pto.target_arch = "a5"} {
  func.func @kernel(%gm: !pto.ptr<i32, gm>, %h2: !pto.ptr<vector<2xf16>, gm>) attributes {pto.aicore} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %x = arith.constant 32 : i32
    %one = arith.constant 1 : i32
    %ub = pto.castptr %c0 : index -> !pto.ptr<i32, ub>
    pto.simt_launch @stage0<<<%x, %one, %one>>>(%gm, %ub, %h2) : (!pto.ptr<i32, gm>, !pto.ptr<i32, ub>, !pto.ptr<vector<2xf16>, gm>) -> ()
    pto.store_vfsimt_info %one, %one, %x : i32, i32, i32
    func.call @stage1(%gm) : (!pto.ptr<i32, gm>) -> ()
    pto.section.simt<<<32, 1, 1>>> {
      %t = pto.get_tid_x : i32
      pto.syncthreads
    }
    %id = arith.andi %c1, %c1 : index
    pto.get_buf_dyn "PIPE_V", %id, 0
    pto.rls_buf_dyn "PIPE_V", %id
    %old = pto.atomic_add %gm, %x signed : !pto.ptr<i32, gm>, i32 -> i32
    pto.store %old, %gm[%c1] : !pto.ptr<i32, gm>, i32
    return
  }
  func.func @stage0(%gm: !pto.ptr<i32, gm>, %ub: !pto.ptr<i32, ub>, %h2: !pto.ptr<vector<2xf16>, gm>) attributes {pto.simt_entry, pto.simt_max_threads = 256 : i32} {
    %tx = pto.get_tid_x : i32
    %ty = pto.get_tid_y : i32
    %tz = pto.get_tid_z : i32
    %bx = pto.get_block_dim_x : i32
    %by = pto.get_block_dim_y : i32
    %bz = pto.get_block_dim_z : i32
    %gx = pto.get_grid_dim_x : i32
    %gy = pto.get_grid_dim_y : i32
    %gz = pto.get_grid_dim_z : i32
    %ix = pto.get_block_idx_x : i32
    %iy = pto.get_block_idx_y : i32
    %iz = pto.get_block_idx_z : i32
    %core = pto.get_veccoreid : i32
    %lane = pto.get_laneid : i32
    %c32 = pto.get_clock32 : i32
    %c64 = pto.get_clock64 : i64
    %meq = pto.get_lanemask_eq : i32
    %mle = pto.get_lanemask_le : i32
    %mlt = pto.get_lanemask_lt : i32
    %mge = pto.get_lanemask_ge : i32
    %mgt = pto.get_lanemask_gt : i32
    %p = arith.cmpi eq, %tx, %ty : i32
    %all = pto.vote_all %p : i1 -> i1
    %any = pto.vote_any %p : i1 -> i1
    %uni = pto.vote_uni %p : i1 -> i1
    %bal = pto.vote_ballot %p : i1 -> i32
    %s1 = pto.shuffle_idx %tx, %ty {width = 16 : i32} : i32, i32 -> i32
    %s2 = pto.shuffle_up %tx, %ty : i32, i32 -> i32
    %s3 = pto.shuffle_down %c64, %ty : i64, i32 -> i64
    %s4 = pto.shuffle_bfly %tx, %ty : i32, i32 -> i32
    %r1 = pto.redux_add %tx : i32 -> i32
    %r2 = pto.redux_max %tx unsigned : i32 -> i32
    %r3 = pto.redux_min %tx signed : i32 -> i32
    %i = arith.index_castui %tx : i32 to index
    %v = pto.load %ub[%i] : !pto.ptr<i32, ub> -> i32
    pto.store %v, %ub[%i] : !pto.ptr<i32, ub>, i32
    %g = pto.ldg %gm[%i] : !pto.ptr<i32, gm> -> i32
    %g2 = pto.ldg %gm[%i] l1cache(uncache) l2cache(nmpref) : !pto.ptr<i32, gm> -> i32
    pto.stg %g, %gm[%i] : !pto.ptr<i32, gm>, i32
    pto.stg %g2, %gm[%i] l1cache(uncache) l2cache(wtsred) : !pto.ptr<i32, gm>, i32
    %a1 = pto.atomic_exch %ub, %tx : !pto.ptr<i32, ub>, i32 -> i32
    %a2 = pto.atomic_sub %gm, %tx l2cache(naci) signed : !pto.ptr<i32, gm>, i32 -> i32
    %a3 = pto.atomic_min %ub, %tx unsigned : !pto.ptr<i32, ub>, i32 -> i32
    %a4 = pto.atomic_max %ub, %tx signed : !pto.ptr<i32, ub>, i32 -> i32
    %a5 = pto.atomic_and %ub, %tx : !pto.ptr<i32, ub>, i32 -> i32
    %a6 = pto.atomic_or %ub, %tx : !pto.ptr<i32, ub>, i32 -> i32
    %a7 = pto.atomic_xor %ub, %tx : !pto.ptr<i32, ub>, i32 -> i32
    %a8 = pto.atomic_cas %ub, %tx, %ty : !pto.ptr<i32, ub>, i32 -> i32
    %h = arith.constant dense<1.0> : vector<2xf16>
    %a9 = pto.atomic_add %h2, %h : !pto.ptr<vector<2xf16>, gm>, vector<2xf16> -> vector<2xf16>
    %pm = pto.prmt %tx, %ty, %lane : i32, i32, i32 -> i32
    %hi = pto.mulhi %tx, %ty unsigned : i32, i32 -> i32
    %w = pto.mul_i32toi64 %tx, %ty signed : i32, i32 -> i64
    %f = arith.constant 2.0 : f32
    %m1 = pto.absf %f : f32 -> f32
    %m2 = pto.sqrt %h : vector<2xf16> -> vector<2xf16>
    %m3 = pto.exp %f : f32 -> f32
    %m4 = pto.log %f : f32 -> f32
    %m5 = pto.sin %f : f32 -> f32
    %m6 = pto.cos %f : f32 -> f32
    %m7 = pto.ceil %f : f32 -> f32
    %m8 = pto.floor %f : f32 -> f32
    %m9 = pto.rint %f : f32 -> f32
    %m10 = pto.round %f : f32 -> f32
    %m11 = pto.fmin %f, %m1 : f32, f32 -> f32
    %m12 = pto.fmax %f, %m1 : f32, f32 -> f32
    %m13 = pto.pow %f, %m1 : f32, f32 -> f32
    %m14 = pto.fma %f, %m1, %m3 : f32, f32, f32 -> f32
    %cv = pto.convert %f round(z) sat signed : f32 -> i32
    %hf = pto.convert %h round(r) nosat : vector<2xf16> -> vector<2xf32>
    %sel = arith.select %p, %tx, %ty : i1, i32
    pto.threadfence
    pto.threadfence_block
    pto.keep %sel {slot = 0 : i64} : i32
    pto.keep %w {slot = 2 : i64} : i64
    pto.syncthreads
    return
  }
  func.func @stage1(%gm: !pto.ptr<i32, gm>) attributes {pto.simt_entry} {
    %c0 = arith.constant 0 : index
    %v = pto.resume {slot = 0 : i64} : i32
    %w = pto.resume {slot = 2 : i64} : i64
    pto.store %v, %gm[%c0] : !pto.ptr<i32, gm>, i32
    return
  }
}
