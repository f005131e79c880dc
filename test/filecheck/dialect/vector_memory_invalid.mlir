// RUN: pto-opt %s --split-input-file --verify-diagnostics

// One case per verifier rule of the seed 002 vector load/store ops.

func.func @f(%p: !pto.ptr<f32>, %o: index) {
  // expected-error @+1 {{pto.vlds source must address UB (!pto.ptr<T, ub> or untyped !pto.ptr), got !pto.ptr<f32>}}
  %v = pto.vlds %p[%o] : !pto.ptr<f32> -> !pto.vreg<64xf32>
  func.return
}

// -----

func.func @f(%v: !pto.vreg<64xf32>, %p: !pto.ptr<f32>, %o: index, %m: !pto.mask<b32>) {
  // expected-error @+1 {{pto.vsts dest must address UB (!pto.ptr<T, ub> or untyped !pto.ptr), got !pto.ptr<f32>}}
  pto.vsts %v, %p[%o], %m : !pto.vreg<64xf32>, !pto.ptr<f32>, !pto.mask<b32>
  func.return
}

// -----

func.func @f(%p: !pto.ptr<f32>) {
  // expected-error @+1 {{pto.vldas source must address UB (!pto.ptr<T, ub> or untyped !pto.ptr), got !pto.ptr<f32>}}
  %a = pto.vldas %p : !pto.ptr<f32> -> !pto.align
  func.return
}

// -----

func.func @f(%a: !pto.align, %p: !pto.ptr<f16>) {
  // expected-error @+1 {{pto.vstar dest must address UB (!pto.ptr<T, ub> or untyped !pto.ptr), got !pto.ptr<f16>}}
  pto.vstar %a, %p : !pto.align, !pto.ptr<f16>
  func.return
}

// -----

func.func @f(%a: !pto.align, %g: !pto.ptr<f32>, %v: !pto.vreg<64xf32>, %p: !pto.ptr<f32, ub>, %o: index) {
  // expected-error @+1 {{pto.vstu base_in must address UB (!pto.ptr<T, ub> or untyped !pto.ptr), got !pto.ptr<f32>}}
  %a2, %p2 = pto.vstu %a, %g, %v, %p, %o : !pto.align, !pto.ptr<f32>, !pto.vreg<64xf32>, !pto.ptr<f32, ub>, index -> !pto.align, !pto.ptr<f32>
  func.return
}

// -----

func.func @f(%p: !pto.ptr<f16, ub>, %o: index) {
  // expected-error @+1 {{pto.vlds source element type f16 must equal the result element type f32}}
  %v = pto.vlds %p[%o] {dist = "NORM"} : !pto.ptr<f16, ub> -> !pto.vreg<64xf32>
  func.return
}

// -----

func.func @f(%p: !pto.ptr<f16, ub>, %i: !pto.vreg<128xi16>, %n: index) {
  // expected-error @+1 {{pto.vgather2 source element type f16 must equal the result element type i16}}
  %v = pto.vgather2 %p, %i, %n : !pto.ptr<f16, ub>, !pto.vreg<128xi16>, index -> !pto.vreg<128xi16>
  func.return
}

// -----

func.func @f(%a: !pto.align, %v: !pto.vreg<64xf32>, %p: !pto.ptr<f16, ub>) {
  // expected-error @+1 {{pto.vstur dest element type f16 must equal the value element type f32}}
  %a2 = pto.vstur %a, %v, %p : !pto.align, !pto.vreg<64xf32>, !pto.ptr<f16, ub> -> !pto.align
  func.return
}

// -----

func.func @f(%p: !pto.ptr<f32, ub>, %o: index) {
  // expected-error @+1 {{pto.vlds dist US_B16 needs 16-bit result elements, got f32}}
  %v = pto.vlds %p[%o] {dist = "US_B16"} : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
  func.return
}

// -----

func.func @f(%p: !pto.ptr<i32, ub>, %o: index) {
  // expected-error @+1 {{pto.vlds dist DS_B8 needs 8-bit result elements, got i32}}
  %v = pto.vlds %p[%o] {dist = "DS_B8"} : !pto.ptr<i32, ub> -> !pto.vreg<64xi32>
  func.return
}

// -----

func.func @f(%p: !pto.ptr<bf16, ub>, %o: index) {
  // expected-error @+1 {{pto.vlds dist DINTLV_B32 needs 32-bit result elements, got bf16}}
  %v = pto.vlds %p[%o] {dist = "DINTLV_B32"} : !pto.ptr<bf16, ub> -> !pto.vreg<128xbf16>
  func.return
}

// -----

func.func @f(%p: !pto.ptr<i32, ub>, %o: index) {
  // expected-error @+1 {{pto.vlds source element type i32 must be 16-bit for dist UNPK_B16 (16-bit UB elements)}}
  %v = pto.vlds %p[%o] {dist = "UNPK_B16"} : !pto.ptr<i32, ub> -> !pto.vreg<64xi32>
  func.return
}

// -----

func.func @f(%v: !pto.vreg<128xf16>, %p: !pto.ptr<f16, ub>, %o: index, %m: !pto.mask<b16>) {
  // expected-error @+1 {{pto.vsts dist NORM_B32 needs 32-bit value elements, got f16}}
  pto.vsts %v, %p[%o], %m {dist = "NORM_B32"} : !pto.vreg<128xf16>, !pto.ptr<f16, ub>, !pto.mask<b16>
  func.return
}

// -----

func.func @f(%v: !pto.vreg<64xi32>, %p: !pto.ptr<i32, ub>, %o: index, %m: !pto.mask<b32>) {
  // expected-error @+1 {{pto.vsts dist PK_B16 needs value lanes of at most 16 bits, got i32}}
  pto.vsts %v, %p[%o], %m {dist = "PK_B16"} : !pto.vreg<64xi32>, !pto.ptr<i32, ub>, !pto.mask<b32>
  func.return
}

// -----

func.func @f(%v: !pto.vreg<64xi32>, %p: !pto.ptr<i8, ub>, %o: index, %m: !pto.mask<b32>) {
  // expected-error @+1 {{pto.vsts dest element type i8 must be the value element type i32 or 16-bit for dist PK_B32}}
  pto.vsts %v, %p[%o], %m {dist = "PK_B32"} : !pto.vreg<64xi32>, !pto.ptr<i8, ub>, !pto.mask<b32>
  func.return
}

// -----

func.func @f(%v: !pto.vreg<128xf16>, %p: !pto.ptr<f16, ub>, %o: index, %m: !pto.mask<b16>) {
  // expected-error @+1 {{pto.vsts dist MRG4CHN_B8 needs 8-bit value elements, got f16}}
  pto.vsts %v, %p[%o], %m {dist = "MRG4CHN_B8"} : !pto.vreg<128xf16>, !pto.ptr<f16, ub>, !pto.mask<b16>
  func.return
}

// -----

func.func @f(%v: !pto.vreg<32xi64>, %p: !pto.ptr<i64, ub>, %o: index, %m: !pto.mask<b32>) {
  // expected-error @+1 {{pto.vsts has no store distribution for 64-bit value elements}}
  pto.vsts %v, %p[%o], %m : !pto.vreg<32xi64>, !pto.ptr<i64, ub>, !pto.mask<b32>
  func.return
}

// -----

func.func @f(%p: !pto.ptr<f32, ub>, %o: index) {
  // expected-error @+1 {{pto.vlds dist "NORM_B32" is a store distribution of pto.vsts; pto.vlds takes one of NORM, BRC_B8, BRC_B16, BRC_B32, US_B8, US_B16, DS_B8, DS_B16, UNPK_B8, UNPK_B16, UNPK_B32, SPLT4CHN_B8, SPLT2CHN_B8, SPLT2CHN_B16, DINTLV_B32, BLK}}
  %v = pto.vlds %p[%o] {dist = "NORM_B32"} : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
  func.return
}

// -----

func.func @f(%v: !pto.vreg<64xf32>, %p: !pto.ptr<f32, ub>, %o: index, %m: !pto.mask<b32>) {
  // expected-error @+1 {{pto.vsts dist "BRC_B32" is a load distribution of pto.vlds; pto.vsts takes one of NORM_B8, NORM_B16, NORM_B32, PK_B16, PK_B32, PK_B64, PK4_B32, 1PT_B8, 1PT_B16, 1PT_B32, MRG4CHN_B8, MRG2CHN_B8, MRG2CHN_B16}}
  pto.vsts %v, %p[%o], %m {dist = "BRC_B32"} : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
  func.return
}

// -----

func.func @f(%p: !pto.ptr<f32, ub>, %o: index) {
  // expected-error @+1 {{pto.vldsx2 dist "INTLV_B32" is a dual-store distribution of pto.vstsx2; pto.vldsx2 takes one of DINTLV_B8, DINTLV_B16, DINTLV_B32, BDINTLV}}
  %l, %h = pto.vldsx2 %p[%o], "INTLV_B32" : !pto.ptr<f32, ub>, index -> !pto.vreg<64xf32>, !pto.vreg<64xf32>
  func.return
}

// -----

func.func @f(%v: !pto.vreg<64xf32>, %p: !pto.ptr<f32, ub>, %o: index, %m: !pto.mask<b32>) {
  // expected-error @+1 {{pto.vstsx2 dist "DINTLV_B32" is a load distribution of pto.vlds; pto.vstsx2 takes one of INTLV_B8, INTLV_B16, INTLV_B32}}
  pto.vstsx2 %v, %v, %p[%o], "DINTLV_B32", %m : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.ptr<f32, ub>, index, !pto.mask<b32>
  func.return
}

// -----

func.func @f(%p: !pto.ptr<f32, ub>, %o: index) {
  // expected-error @+1 {{pto.vlds dist "NORM_B64" is unknown; expected one of NORM, BRC_B8, BRC_B16, BRC_B32, US_B8, US_B16, DS_B8, DS_B16, UNPK_B8, UNPK_B16, UNPK_B32, SPLT4CHN_B8, SPLT2CHN_B8, SPLT2CHN_B16, DINTLV_B32, BLK}}
  %v = pto.vlds %p[%o] {dist = "NORM_B64"} : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
  func.return
}

// -----

func.func @f(%p: !pto.ptr<f32, ub>, %o: index) {
  // expected-error @+1 {{pto.vsld stride "NORM" is a load distribution of pto.vlds; pto.vsld takes one of STRIDE_S3_B16, STRIDE_S4_B64, STRIDE_S8_B32, STRIDE_S2_B64}}
  %v = pto.vsld %p[%o], "NORM" : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
  func.return
}

// -----

func.func @f(%v: !pto.vreg<64xf32>, %p: !pto.ptr<f32, ub>, %o: index) {
  // expected-error @+1 {{pto.vsst stride "STRIDE_S16_B32" is unknown; expected one of STRIDE_S3_B16, STRIDE_S4_B64, STRIDE_S8_B32, STRIDE_S2_B64}}
  pto.vsst %v, %p[%o], "STRIDE_S16_B32" : !pto.vreg<64xf32>, !pto.ptr<f32, ub>
  func.return
}

// -----

func.func @f(%a: !pto.align, %v: !pto.vreg<64xf32>, %p: !pto.ptr<f32, ub>) {
  // expected-error @+1 {{pto.vstur mode "NORM_B32" is a store distribution of pto.vsts; pto.vstur takes one of POST_UPDATE, NO_POST_UPDATE}}
  %a2 = pto.vstur %a, %v, %p, "NORM_B32" : !pto.align, !pto.vreg<64xf32>, !pto.ptr<f32, ub> -> !pto.align
  func.return
}

// -----

func.func @f(%a: !pto.align, %o: index, %v: !pto.vreg<64xf32>, %p: !pto.ptr<f32, ub>) {
  // expected-error @+1 {{pto.vstu mode "POST" is unknown; expected one of POST_UPDATE, NO_POST_UPDATE}}
  %a2, %o2 = pto.vstu %a, %o, %v, %p, "POST" : !pto.align, index, !pto.vreg<64xf32>, !pto.ptr<f32, ub> -> !pto.align, index
  func.return
}

// -----

func.func @f(%p: !pto.ptr<f32, ub>, %o: index) {
  // expected-error @+1 {{pto.vldsx2 low and high must have the same type, got !pto.vreg<64xf32> and !pto.vreg<64xi32>}}
  %l, %h = pto.vldsx2 %p[%o], "DINTLV_B32" : !pto.ptr<f32, ub>, index -> !pto.vreg<64xf32>, !pto.vreg<64xi32>
  func.return
}

// -----

func.func @f(%l: !pto.vreg<64xf32>, %h: !pto.vreg<64xui32>, %p: !pto.ptr<f32, ub>, %o: index, %m: !pto.mask<b32>) {
  // expected-error @+1 {{pto.vstsx2 low and high must have the same type, got !pto.vreg<64xf32> and !pto.vreg<64xui32>}}
  pto.vstsx2 %l, %h, %p[%o], "INTLV_B32", %m : !pto.vreg<64xf32>, !pto.vreg<64xui32>, !pto.ptr<f32, ub>, index, !pto.mask<b32>
  func.return
}

// -----

func.func @f(%v: !pto.vreg<64xf32>, %p: !pto.ptr<f32, ub>, %o: index, %m: !pto.mask<b16>) {
  // expected-error @+1 {{pto.vsts mask granularity b16 must match the 32-bit elements of value (!pto.mask<b32>)}}
  pto.vsts %v, %p[%o], %m {dist = "NORM_B32"} : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b16>
  func.return
}

// -----

func.func @f(%v: !pto.vreg<64xi32>, %p: !pto.ptr<i16, ub>, %o: index, %m: !pto.mask<b16>) {
  // expected-error @+1 {{pto.vsts mask granularity b16 must be b32 for dist PK_B32 (the predicate is read for 32-bit data)}}
  pto.vsts %v, %p[%o], %m {dist = "PK_B32"} : !pto.vreg<64xi32>, !pto.ptr<i16, ub>, !pto.mask<b16>
  func.return
}

// -----

func.func @f(%v: !pto.vreg<128xf16>, %p: !pto.ptr<f16, ub>, %o: index, %m: !pto.mask<b32>) {
  // expected-error @+1 {{pto.vstsx2 mask granularity b32 must match the 16-bit elements of low (!pto.mask<b16>)}}
  pto.vstsx2 %v, %v, %p[%o], "INTLV_B16", %m : !pto.vreg<128xf16>, !pto.vreg<128xf16>, !pto.ptr<f16, ub>, index, !pto.mask<b32>
  func.return
}

// -----

func.func @f(%p: !pto.ptr<f32, ub>, %o: i32, %m: !pto.mask<b8>) {
  // expected-error @+1 {{pto.vsldb mask granularity b8 must match the 32-bit elements of result (!pto.mask<b32>)}}
  %v = pto.vsldb %p, %o, %m : !pto.ptr<f32, ub>, i32, !pto.mask<b8> -> !pto.vreg<64xf32>
  func.return
}

// -----

func.func @f(%v: !pto.vreg<256xi8>, %p: !pto.ptr<i8, ub>, %o: i32, %m: !pto.mask<b32>) {
  // expected-error @+1 {{pto.vsstb mask granularity b32 must match the 8-bit elements of value (!pto.mask<b8>)}}
  pto.vsstb %v, %p, %o, %m : !pto.vreg<256xi8>, !pto.ptr<i8, ub>, i32, !pto.mask<b32>
  func.return
}

// -----

func.func @f(%p: !pto.ptr<f32, ub>, %i: !pto.vreg<64xi32>, %m: !pto.mask<b16>) {
  // expected-error @+1 {{pto.vgather2_bc mask granularity b16 must match the 32-bit elements of result (!pto.mask<b32>)}}
  %v = pto.vgather2_bc %p, %i, %m : !pto.ptr<f32, ub>, !pto.vreg<64xi32>, !pto.mask<b16> -> !pto.vreg<64xf32>
  func.return
}

// -----

func.func @f(%p: !pto.ptr<f32, ub>, %i: !pto.vreg<64xf32>, %n: index) {
  // expected-error @+1 {{pto.vgather2 offsets must be an integer vreg, got !pto.vreg<64xf32>}}
  %v = pto.vgather2 %p, %i, %n : !pto.ptr<f32, ub>, !pto.vreg<64xf32>, index -> !pto.vreg<64xf32>
  func.return
}

// -----

func.func @f(%p: !pto.ptr<f32, ub>, %i: !pto.vreg<128xui16>, %n: index) {
  // expected-error @+1 {{pto.vgather2 offsets have 128 lanes but result has 64; they must match}}
  %v = pto.vgather2 %p, %i, %n : !pto.ptr<f32, ub>, !pto.vreg<128xui16>, index -> !pto.vreg<64xf32>
  func.return
}

// -----

func.func @f(%p: !pto.ptr<f16, ub>, %i: !pto.vreg<64xi32>, %m: !pto.mask<b16>) {
  // expected-error @+1 {{pto.vgather2_bc offsets have 64 lanes but result has 128; they must match}}
  %v = pto.vgather2_bc %p, %i, %m : !pto.ptr<f16, ub>, !pto.vreg<64xi32>, !pto.mask<b16> -> !pto.vreg<128xf16>
  func.return
}

// -----

func.func @f(%v: !pto.vreg<128xf16>, %p: !pto.ptr<f16, ub>, %i: !pto.vreg<128xbf16>, %n: index) {
  // expected-error @+1 {{pto.vscatter offsets must be an integer vreg, got !pto.vreg<128xbf16>}}
  pto.vscatter %v, %p, %i, %n : !pto.vreg<128xf16>, !pto.ptr<f16, ub>, !pto.vreg<128xbf16>, index
  func.return
}

// -----

// b8: 16-bit offsets, one per request (PTOAS micro-isa 03-vector-load-store.md)
func.func @f(%v: !pto.vreg<256xi8>, %p: !pto.ptr<i8, ub>, %i: !pto.vreg<64xi32>, %n: index) {
  // expected-error @+1 {{pto.vscatter of b8 values takes 16-bit offsets, got !pto.vreg<64xi32>}}
  pto.vscatter %v, %p, %i, %n : !pto.vreg<256xi8>, !pto.ptr<i8, ub>, !pto.vreg<64xi32>, index
  func.return
}

// -----

func.func @f(%p: !pto.ptr<f16, ub>, %i: !pto.vreg<128xi16>, %n: index) {
  // expected-error @+1 {{pto.vgatherb offsets must have 32-bit integer elements (i32 or ui32), got i16}}
  %v = pto.vgatherb %p, %i, %n : !pto.ptr<f16, ub>, !pto.vreg<128xi16>, index -> !pto.vreg<128xf16>
  func.return
}

// -----

func.func @f(%v: !pto.vreg<32xi64>, %p: !pto.ptr<i64, ub>, %i: !pto.vreg<32xi64>, %n: index) {
  // expected-error @+1 {{pto.vscatter supports only b8, b16 and b32 elements, got i64}}
  pto.vscatter %v, %p, %i, %n : !pto.vreg<32xi64>, !pto.ptr<i64, ub>, !pto.vreg<32xi64>, index
  func.return
}

// -----

func.func @f(%p: !pto.ptr<f32, ub>, %a: !pto.align) {
  // expected-error @+1 {{pto.vldus base_out type !pto.ptr<f16, ub> must equal the source type !pto.ptr<f32, ub>}}
  %v, %a2, %p2 = pto.vldus %p, %a : !pto.ptr<f32, ub>, !pto.align -> !pto.vreg<64xf32>, !pto.align, !pto.ptr<f16, ub>
  func.return
}

// -----

func.func @f(%p: !pto.ptr<f32, ub>, %a: !pto.align) {
  // expected-error @+1 {{pto.vldus source element type f32 must equal the result element type i32}}
  %v, %a2, %p2 = pto.vldus %p, %a : !pto.ptr<f32, ub>, !pto.align -> !pto.vreg<64xi32>, !pto.align, !pto.ptr<f32, ub>
  func.return
}

// -----

func.func @f(%p: !pto.ptr<f32, ub>) {
  // expected-error @+1 {{pto.vldas result must be !pto.align, got !pto.mask<b32>}}
  %a = pto.vldas %p : !pto.ptr<f32, ub> -> !pto.mask<b32>
  func.return
}

// -----

func.func @f(%a: !pto.mask<b32>, %p: !pto.ptr<f32, ub>, %o: index) {
  // expected-error @+1 {{pto.vsta align must be !pto.align, got !pto.mask<b32>}}
  pto.vsta %a, %p[%o] : !pto.mask<b32>, !pto.ptr<f32, ub>, index
  func.return
}

// -----

func.func @f(%p: !pto.ptr<f32, ub>, %a: index) {
  // expected-error @+1 {{pto.vldus align must be !pto.align, got index}}
  %v, %a2, %p2 = pto.vldus %p, %a : !pto.ptr<f32, ub>, index -> !pto.vreg<64xf32>, !pto.align, !pto.ptr<f32, ub>
  func.return
}

// -----

func.func @f(%a: !pto.align, %b: !pto.ptr<f32, ub>, %v: !pto.vreg<64xf32>, %o: index) {
  // expected-error @+1 {{pto.vstu takes either an index %mode operand (form A) or a "MODE" string (form B), exactly one of them}}
  %a2, %b2 = pto.vstu %a, %b, %v, %b, %o, "POST_UPDATE" : !pto.align, !pto.ptr<f32, ub>, !pto.vreg<64xf32>, !pto.ptr<f32, ub>, index -> !pto.align, !pto.ptr<f32, ub>
  func.return
}

// -----

func.func @f(%a: !pto.align, %b: !pto.ptr<f32, ub>, %v: !pto.vreg<64xf32>, %o: index) {
  // expected-error @+1 {{pto.vstu form A threads a base pointer: base_in must be a !pto.ptr, got index}}
  %a2, %o2 = pto.vstu %a, %o, %v, %b, %o : !pto.align, index, !pto.vreg<64xf32>, !pto.ptr<f32, ub>, index -> !pto.align, index
  func.return
}

// -----

func.func @f(%a: !pto.align, %b: !pto.ptr<f32, ub>, %v: !pto.vreg<64xf32>) {
  // expected-error @+1 {{pto.vstu form B threads an offset: offset_in must be index, got !pto.ptr}}
  %a2, %b2 = pto.vstu %a, %b, %v, %b, "POST_UPDATE" : !pto.align, !pto.ptr<f32, ub>, !pto.vreg<64xf32>, !pto.ptr<f32, ub> -> !pto.align, !pto.ptr<f32, ub>
  func.return
}

// -----

func.func @f(%a: !pto.align, %b: !pto.ptr<f32, ub>, %v: !pto.vreg<64xf32>, %o: index) {
  // expected-error @+1 {{pto.vstu offset_out type !pto.ptr<f32, ub> must equal the offset_in type index}}
  %a2, %b2 = pto.vstu %a, %o, %v, %b, "POST_UPDATE" : !pto.align, index, !pto.vreg<64xf32>, !pto.ptr<f32, ub> -> !pto.align, !pto.ptr<f32, ub>
  func.return
}

// -----

func.func @f(%a: !pto.align, %b: !pto.ptr<f32, ub>, %v: !pto.vreg<64xf32>, %o: index) {
  // expected-error @+1 {{pto.vstu base_out type !pto.ptr must equal the dest type !pto.ptr<f32, ub>}}
  %a2, %b2 = pto.vstu %a, %b, %v, %b, %o : !pto.align, !pto.ptr<f32, ub>, !pto.vreg<64xf32>, !pto.ptr<f32, ub>, index -> !pto.align, !pto.ptr
  func.return
}

// -----

// without form A's operand or a MODE it is PTOAS's form: an i32 offset second
func.func @f(%a: !pto.align, %b: !pto.ptr<f32, ub>, %v: !pto.vreg<64xf32>) {
  // expected-error @+1 {{pto.vstus form B takes an i32 scalar offset, got !pto.ptr}}
  %a2, %b2 = pto.vstus %a, %b, %v, %b : !pto.align, !pto.ptr<f32, ub>, !pto.vreg<64xf32>, !pto.ptr<f32, ub> -> !pto.align, !pto.ptr<f32, ub>
  func.return
}

// -----

func.func @f(%a: !pto.align, %b: !pto.ptr<f32, ub>, %v: !pto.vreg<64xf32>, %o: i64) {
  // expected-error @+1 {{pto.vstus form B takes an i32 scalar offset, got i64}}
  %a2, %b2 = pto.vstus %a, %o, %v, %b, "POST_UPDATE" : !pto.align, i64, !pto.vreg<64xf32>, !pto.ptr<f32, ub> -> !pto.align, !pto.ptr<f32, ub>
  func.return
}

// -----

func.func @f(%a: !pto.align, %b: !pto.ptr<f32, ub>, %v: !pto.vreg<64xf32>, %o: i32) {
  // expected-error @+1 {{pto.vstus form A threads a base pointer: base_in must be a !pto.ptr, got i32}}
  %a2, %b2 = pto.vstus %a, %o, %v, %b, %o : !pto.align, i32, !pto.vreg<64xf32>, !pto.ptr<f32, ub>, i32 -> !pto.align, !pto.ptr<f32, ub>
  func.return
}

// -----

func.func @f(%a: !pto.align, %b: !pto.ptr<f32, ub>, %v: !pto.vreg<64xf32>, %o: i32) {
  // expected-error @+1 {{pto.vstus base_out type !pto.ptr<i32, ub> must equal the dest type !pto.ptr<f32, ub>}}
  %a2, %b2 = pto.vstus %a, %o, %v, %b, "NO_POST_UPDATE" : !pto.align, i32, !pto.vreg<64xf32>, !pto.ptr<f32, ub> -> !pto.align, !pto.ptr<i32, ub>
  func.return
}

// -----

func.func @f(%a: !pto.align, %b: !pto.ptr<f32, ub>, %c: !pto.ptr<i32, ub>, %v: !pto.vreg<64xf32>, %o: index) {
  // expected-error @+1 {{pto.vstu base_in type !pto.ptr<i32, ub> must equal the dest type !pto.ptr<f32, ub>}}
  %a2, %b2 = pto.vstu %a, %c, %v, %b, %o : !pto.align, !pto.ptr<i32, ub>, !pto.vreg<64xf32>, !pto.ptr<f32, ub>, index -> !pto.align, !pto.ptr<f32, ub>
  func.return
}

// -----

func.func @f(%a: !pto.vreg<64xf32>, %p: !pto.ptr<f32, ub>) {
  // expected-error @+1 {{pto.vstar align must be !pto.align, got !pto.vreg<64xf32>}}
  pto.vstar %a, %p : !pto.vreg<64xf32>, !pto.ptr<f32, ub>
  func.return
}

// -----

func.func @f(%a: !pto.align, %v: !pto.vreg<64xf32>, %p: !pto.ptr<f32, ub>) {
  // expected-error @+1 {{pto.vstur align_out must be !pto.align, got !pto.ptr<f32, ub>}}
  %a2 = pto.vstur %a, %v, %p : !pto.align, !pto.vreg<64xf32>, !pto.ptr<f32, ub> -> !pto.ptr<f32, ub>
  func.return
}

// -----

func.func @f(%a: !pto.align, %b: !pto.ptr<f32, ub>, %v: !pto.vreg<64xf32>, %o: index) {
  // expected-error @+1 {{pto.vstus offset must be i32, got index}}
  %a2, %b2 = pto.vstus %a, %b, %v, %b, %o : !pto.align, !pto.ptr<f32, ub>, !pto.vreg<64xf32>, !pto.ptr<f32, ub>, index -> !pto.align, !pto.ptr<f32, ub>
  func.return
}

// -----

func.func @f(%p: !pto.ptr<f32, ub>, %i: i32, %n: index) {
  // expected-error @+1 {{pto.vgather2 offsets must be a !pto.vreg, got i32}}
  %v = pto.vgather2 %p, %i, %n : !pto.ptr<f32, ub>, i32, index -> !pto.vreg<64xf32>
  func.return
}

// -----

func.func @f(%v: !pto.vreg<64xf32>, %p: !pto.ptr<f32, ub>, %o: index, %m: i1) {
  // expected-error @+1 {{pto.vsts mask must be a !pto.mask, got i1}}
  pto.vsts %v, %p[%o], %m : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, i1
  func.return
}

// -----

func.func @f(%p: memref<64xf32>, %o: index) {
  // expected-error @+1 {{pto.vlds source must be a !pto.ptr or a vec memref, got memref<64xf32>}}
  %v = pto.vlds %p[%o] : memref<64xf32> -> !pto.vreg<64xf32>
  func.return
}

// -----

func.func @f(%a: !pto.align, %p: !pto.ptr<f32, ub>, %o: index) {
  // expected-error @+1 {{pto.vstas offset must be i32, got index}}
  pto.vstas %a, %p, %o : !pto.align, !pto.ptr<f32, ub>, index
  func.return
}

// -----

func.func @f(%p: !pto.ptr<f32, ub>, %o: index, %m: !pto.mask<b32>) {
  // expected-error @+1 {{pto.vsldb takes either one i32 control word (manual form) or an i16 block stride and an i16 repeat stride (PTOAS form), got index}}
  %v = pto.vsldb %p, %o, %m : !pto.ptr<f32, ub>, index, !pto.mask<b32> -> !pto.vreg<64xf32>
  func.return
}

// -----

builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%p: !pto.ptr<f8E4M3FN, ub>, %o: index) {
    // expected-error @+1 {{pto.vlds result element type f8E4M3FN is not supported on target a2a3}}
    %v = pto.vlds %p[%o] : !pto.ptr<f8E4M3FN, ub> -> !pto.vreg<256xf8E4M3FN>
    func.return
  }
}

// -----

builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%p: !pto.ptr<i32, ub>, %o: index) {
    // expected-error @+1 {{pto.vlds result element type i64 is not supported on target a2a3}}
    %v = pto.vlds %p[%o] {dist = "UNPK_B32"} : !pto.ptr<i32, ub> -> !pto.vreg<32xi64>
    func.return
  }
}

// -----

builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%v: !pto.vreg<256xf8E5M2>, %p: !pto.ptr<f8E5M2, ub>, %o: index, %m: !pto.mask<b8>) {
    // expected-error @+1 {{pto.vsts value element type f8E5M2 is not supported on target a2a3}}
    pto.vsts %v, %p[%o], %m : !pto.vreg<256xf8E5M2>, !pto.ptr<f8E5M2, ub>, !pto.mask<b8>
    func.return
  }
}
