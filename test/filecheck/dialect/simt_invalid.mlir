// RUN: pto-opt %s --split-input-file --verify-diagnostics

// One case per verifier rule of the SIMT ops (messages after PTOAS lib/PTO/IR/VPTO.cpp).

module attributes {pto.target_arch = "a2a3"} {
  func.func @f() attributes {pto.simt_entry} {
    // expected-error @+1 {{pto.get_tid_x is only on a5 (target a2a3): SIMT is an A5 layer}}
    %t = pto.get_tid_x : i32
    func.return
  }
}

// -----

func.func @f(%g: !pto.ptr<i32, gm>, %i: index) {
  // expected-error @+1 {{pto.ldg must be inside a pto.simt_entry function or pto.section.simt}}
  %v = pto.ldg %g[%i] : !pto.ptr<i32, gm> -> i32
  func.return
}

// -----

func.func @f() {
  // expected-error @+1 {{pto.syncthreads must appear inside a function marked with 'pto.simt_entry' or inside pto.section.simt}}
  pto.syncthreads
  func.return
}

// -----

func.func @f() attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.get_laneid result type i64 must be i32}}
  %l = pto.get_laneid : i64
  func.return
}

// -----

func.func @f(%p: i32) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.vote_any pred type i32 must be i1}}
  %v = pto.vote_any %p : i32 -> i1
  func.return
}

// -----

func.func @f(%p: i1) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.vote_ballot result type i1 must be i32}}
  %v = pto.vote_ballot %p : i1 -> i1
  func.return
}

// -----

func.func @f(%v: i32, %c: i32) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.shuffle_up result type i64 must equal the value type i32}}
  %r = "pto.shuffle_up"(%v, %c) : (i32, i32) -> i64
  func.return
}

// -----

func.func @f(%v: bf16, %c: i32) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.shuffle_idx requires i32, i64, f16, f32 or vector<2xf16> value/result type}}
  %r = pto.shuffle_idx %v, %c : bf16, i32 -> bf16
  func.return
}

// -----

func.func @f(%v: i32, %c: i64) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.shuffle_bfly requires mask operand to be i32}}
  %r = pto.shuffle_bfly %v, %c : i32, i64 -> i32
  func.return
}

// -----

func.func @f(%v: i32, %c: i32) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.shuffle_idx requires width to be 16 or 32}}
  %r = pto.shuffle_idx %v, %c {width = 24 : i32} : i32, i32 -> i32
  func.return
}

// -----

func.func @f(%v: i32) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.redux_add result type f32 must equal the value type i32}}
  %r = pto.redux_add %v : i32 -> f32
  func.return
}

// -----

func.func @f(%v: i64) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.redux_add requires i32, f16 or f32 value/result type}}
  %r = pto.redux_add %v : i64 -> i64
  func.return
}

// -----

func.func @f(%v: f32) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.redux_max does not accept signedness for floating-point redux}}
  %r = pto.redux_max %v signed : f32 -> f32
  func.return
}

// -----

func.func @f(%v: i32) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.redux_max requires explicit signedness for integer redux}}
  %r = pto.redux_max %v : i32 -> i32
  func.return
}

// -----

func.func @f(%p: !pto.ptr, %i: index) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.load pointer must be a typed !pto.ptr, got !pto.ptr}}
  %v = "pto.load"(%p, %i) : (!pto.ptr, index) -> i32
  func.return
}

// -----

func.func @f(%p: !pto.ptr<i32, ub>, %i: i32, %v: i32) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.store offset type i32 must be index (in elements)}}
  "pto.store"(%p, %i, %v) : (!pto.ptr<i32, ub>, i32, i32) -> ()
  func.return
}

// -----

func.func @f(%p: !pto.ptr<i32, ub>, %i: index) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.load value type f32 must equal the pointer element type i32}}
  %v = pto.load %p[%i] : !pto.ptr<i32, ub> -> f32
  func.return
}

// -----

func.func @f(%p: !pto.ptr<i32, ub>, %i: index, %v: i32) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.stg requires GM pointer}}
  pto.stg %v, %p[%i] : !pto.ptr<i32, ub>, i32
  func.return
}

// -----

func.func @f(%p: !pto.ptr<vector<2xui32>, gm>, %i: index) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.ldg currently supports 8/16/32/64-bit integer, f16/bf16/f32/f64/fp8, packed vector<2xT> (T = f16/bf16/f32/i8/i16/i32), packed vector<2/4/8xfp8>, and !pto.hif8x2 value type}}
  %v = pto.ldg %p[%i] : !pto.ptr<vector<2xui32>, gm> -> vector<2xui32>
  func.return
}

// -----

func.func @f(%p: !pto.ptr<i32, ub>, %c: i64, %v: i32) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.atomic_cas requires compare and value types to match}}
  %o = "pto.atomic_cas"(%p, %c, %v) : (!pto.ptr<i32, ub>, i64, i32) -> i32
  func.return
}

// -----

func.func @f(%p: !pto.ptr<i16, ub>, %v: i16) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.atomic_add requires i32, i64, f16, bf16, f32, vector<2xf16> or vector<2xbf16> atomic value type}}
  %o = pto.atomic_add %p, %v : !pto.ptr<i16, ub>, i16 -> i16
  func.return
}

// -----

func.func @f(%p: !pto.ptr<i32, ub>, %v: i32) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.atomic_add requires atomic result type to match value type}}
  %o = pto.atomic_add %p, %v : !pto.ptr<i32, ub>, i32 -> f32
  func.return
}

// -----

func.func @f(%p: index, %v: i32) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.atomic_add requires !pto.ptr pointer operand}}
  %o = "pto.atomic_add"(%p, %v) : (index, i32) -> i32
  func.return
}

// -----

func.func @f(%p: !pto.ptr<f32, ub>, %v: i32) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.atomic_add requires atomic value type to match pointer element type}}
  %o = pto.atomic_add %p, %v : !pto.ptr<f32, ub>, i32 -> i32
  func.return
}

// -----

func.func @f(%p: !pto.ptr<i32, l1>, %v: i32) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.atomic_add requires GM or UB pointer}}
  %o = pto.atomic_add %p, %v : !pto.ptr<i32, l1>, i32 -> i32
  func.return
}

// -----

func.func @f(%p: !pto.ptr<i64, ub>, %v: i64) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.atomic_add does not support i64 UB-space atomics}}
  %o = pto.atomic_add %p, %v signed : !pto.ptr<i64, ub>, i64 -> i64
  func.return
}

// -----

func.func @f(%p: !pto.ptr<f32, ub>, %v: f32) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.atomic_xor requires integer type for bitwise atomics}}
  %o = pto.atomic_xor %p, %v : !pto.ptr<f32, ub>, f32 -> f32
  func.return
}

// -----

func.func @f(%p: !pto.ptr<f32, ub>, %v: f32) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.atomic_max does not accept signedness for floating-point atomics}}
  %o = pto.atomic_max %p, %v signed : !pto.ptr<f32, ub>, f32 -> f32
  func.return
}

// -----

func.func @f(%p: !pto.ptr<vector<2xf16>, gm>, %v: vector<2xf16>) {
  // expected-error @+1 {{pto.atomic_add requires packed atomics to be inside a pto.simt_entry function or pto.section.simt on beta.1}}
  %o = pto.atomic_add %p, %v : !pto.ptr<vector<2xf16>, gm>, vector<2xf16> -> vector<2xf16>
  func.return
}

// -----

func.func @f(%p: !pto.ptr<vector<2xf16>, gm>, %v: vector<2xf16>) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.atomic_add does not support using the old value result for packed atomics on beta.1; leave the result unused}}
  %o = pto.atomic_add %p, %v : !pto.ptr<vector<2xf16>, gm>, vector<2xf16> -> vector<2xf16>
  %s = pto.sqrt %o : vector<2xf16> -> vector<2xf16>
  func.return
}

// -----

func.func @f(%a: i32, %s: i64) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.prmt selector type i64 must be i32}}
  %r = pto.prmt %a, %a, %s : i32, i32, i64 -> i32
  func.return
}

// -----

func.func @f(%a: i16) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.mulhi operands must both be i32 or i64, got i16 and i16}}
  %r = pto.mulhi %a, %a signed : i16, i16 -> i16
  func.return
}

// -----

func.func @f(%a: i32) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.mul_i32toi64 result type i32 must be i64}}
  %r = pto.mul_i32toi64 %a, %a unsigned : i32, i32 -> i32
  func.return
}

// -----

func.func @f(%a: f32) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.fma takes 3 operand(s), got 2}}
  %r = "pto.fma"(%a, %a) : (f32, f32) -> f32
  func.return
}

// -----

func.func @f(%a: f32, %b: f16) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.pow operand type f16 must equal the result type f32}}
  %r = pto.pow %a, %b : f32, f16 -> f32
  func.return
}

// -----

func.func @f(%a: f16) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.sin type f16 must be f32}}
  %r = pto.sin %a : f16 -> f16
  func.return
}

// -----

func.func @f(%a: i16) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.convert requires i32, i64, f16, bf16, f32 or supported vector<2xT> conversion types}}
  %r = pto.convert %a round(r) nosat signed : i16 -> f32
  func.return
}

// -----

func.func @f(%a: i32) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.convert does not support mixed integer and packed conversion}}
  %r = pto.convert %a round(r) nosat : i32 -> vector<2xf16>
  func.return
}

// -----

func.func @f(%a: vector<2xf32>) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.convert does not accept signedness for packed floating conversion}}
  %r = pto.convert %a round(r) nosat signed : vector<2xf32> -> vector<2xf16>
  func.return
}

// -----

func.func @f(%a: f32) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.convert does not support mixed scalar and packed conversion}}
  %r = pto.convert %a round(r) nosat : f32 -> vector<2xf16>
  func.return
}

// -----

func.func @f(%a: vector<2xf16>) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.convert unsupported packed conversion type pair; supported packed pairs are f32x2-to-f16x2, f16x2-to-f32x2, f32x2-to-bf16x2, and bf16x2-to-f32x2, f32x2-to-f8x2, f32x2/f16x2-to-hif8x2, f8x2/hif8x2-to-f32x2/f16x2}}
  %r = pto.convert %a round(r) nosat : vector<2xf16> -> vector<2xbf16>
  func.return
}

// -----

func.func @f(%a: vector<2xf32>) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.convert f32x2-to-f8x2 conversion supports rounding r}}
  %r = pto.convert %a round(z) nosat : vector<2xf32> -> vector<2xf8E4M3FN>
  func.return
}

// -----

func.func @f(%a: i32) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.convert does not support integer-to-integer conversion}}
  %r = pto.convert %a round(r) nosat signed : i32 -> i64
  func.return
}

// -----

func.func @f(%a: i32) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.convert requires signedness when converting to or from integer type}}
  %r = pto.convert %a round(r) nosat : i32 -> f32
  func.return
}

// -----

func.func @f(%a: f32) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.convert does not accept signedness for floating-to-floating conversion}}
  %r = pto.convert %a round(r) nosat signed : f32 -> f16
  func.return
}

// -----

func.func @f(%a: i64) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.convert supports i64 conversion only to f32 in the confirmed slice}}
  %r = pto.convert %a round(r) nosat signed : i64 -> f16
  func.return
}

// -----

func.func @f(%a: i32) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.convert integer-to-floating conversion supports rounding r/a/f/c/z}}
  %r = pto.convert %a round(o) nosat signed : i32 -> f32
  func.return
}

// -----

func.func @f(%a: f16) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.convert supports conversion to i64 only from f32 in the confirmed slice}}
  %r = pto.convert %a round(r) sat signed : f16 -> i64
  func.return
}

// -----

func.func @f(%a: f32) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.convert fp32-to-integer conversion requires saturation enable}}
  %r = pto.convert %a round(z) nosat signed : f32 -> i32
  func.return
}

// -----

func.func @f(%a: f16) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.convert fp16/bf16-to-integer conversion supports rounding r/a/f/c/z}}
  %r = pto.convert %a round(o) sat signed : f16 -> i32
  func.return
}

// -----

func.func @f(%a: f32) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.convert fp32-to-fp16 conversion supports rounding r/a/f/c/z/o}}
  %r = pto.convert %a round(h) nosat : f32 -> f16
  func.return
}

// -----

func.func @f(%a: bf16) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.convert fp16/bf16-to-floating conversion supports rounding r/a/f/c/z}}
  %r = pto.convert %a round(o) nosat : bf16 -> f32
  func.return
}

// -----

func.func @f(%v: i32) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.keep requires slot in range [0, 122]}}
  pto.keep %v {slot = 123 : i64} : i32
  func.return
}

// -----

func.func @f(%v: f64) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.keep supports integer scalar payloads up to 64 bits and f16/bf16/f32 payloads}}
  pto.keep %v {slot = 0 : i64} : f64
  func.return
}

// -----

func.func @f(%v: i64) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.keep requires an even slot for 64-bit keep/resume values}}
  pto.keep %v {slot = 7 : i64} : i64
  func.return
}

// -----

func.func @f() attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.resume requires slot in range [0, 121] for 64-bit keep/resume values}}
  %v = pto.resume {slot = 122 : i64} : i64
  func.return
}

// -----

func.func @f(%v: i32) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.keep must be in the contiguous SIMT keep epilogue group immediately before optional 'pto.syncthreads' and func.return or the end of pto.section.simt}}
  pto.keep %v {slot = 0 : i64} : i32
  %t = pto.get_tid_x : i32
  func.return
}

// -----

func.func @f() attributes {pto.simt_entry} {
  %t = pto.get_tid_x : i32
  // expected-error @+1 {{pto.resume must be in the contiguous SIMT resume prologue group after constant-like operations}}
  %v = pto.resume {slot = 0 : i64} : i32
  func.return
}

// -----

func.func @f(%a: i64, %b: i32) attributes {pto.simt_entry} {
  pto.keep %a {slot = 2 : i64} : i64
  // expected-error @+1 {{pto.keep slot 3 overlaps another slot of its group}}
  pto.keep %b {slot = 3 : i64} : i32
  func.return
}

// -----

func.func @f(%x: i64) {
  // expected-error @+1 {{pto.simt_launch dim_x must be i32, got i64}}
  "pto.simt_launch"(%x, %x, %x) <{callee = @body}> : (i64, i64, i64) -> ()
  func.return
}
func.func @body() attributes {pto.simt_entry} {
  func.return
}

// -----

func.func @f(%x: i32) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.simt_launch must not appear inside a function marked with 'pto.simt_entry'; launch the SIMT entry from an outer non-simt function}}
  pto.simt_launch @f<<<%x, %x, %x>>>(%x) : (i32) -> ()
  func.return
}

// -----

func.func @f(%x: i32) {
  // expected-error @+1 {{pto.simt_launch 'nowhere' does not reference a valid function}}
  pto.simt_launch @nowhere<<<%x, %x, %x>>>() : () -> ()
  func.return
}

// -----

func.func @f(%x: i32) {
  // expected-error @+1 {{pto.simt_launch callee 'body' must be marked with 'pto.simt_entry'}}
  pto.simt_launch @body<<<%x, %x, %x>>>() : () -> ()
  func.return
}
func.func @body() {
  func.return
}

// -----

func.func @f(%x: i32) {
  // expected-error @+1 {{pto.simt_launch requires a callee with no results}}
  pto.simt_launch @body<<<%x, %x, %x>>>() : () -> ()
  func.return
}
func.func @body() -> i32 attributes {pto.simt_entry} {
  %c = arith.constant 0 : i32
  func.return %c : i32
}

// -----

func.func @f(%x: i32) {
  // expected-error @+1 {{pto.simt_launch incorrect number of operands for callee}}
  pto.simt_launch @body<<<%x, %x, %x>>>() : () -> ()
  func.return
}
func.func @body(%a: i32) attributes {pto.simt_entry} {
  func.return
}

// -----

func.func @f(%x: i32, %y: i64) {
  // expected-error @+1 {{pto.simt_launch operand type mismatch: expected operand type i32, but provided i64 for operand number 0}}
  pto.simt_launch @body<<<%x, %x, %x>>>(%y) : (i64) -> ()
  func.return
}
func.func @body(%a: i32) attributes {pto.simt_entry} {
  func.return
}

// -----

func.func @f(%x: i32) {
  // expected-error @+1 {{pto.simt_launch: pto.simt_max_threads of @body must be in [1, 2048], got 4096}}
  pto.simt_launch @body<<<%x, %x, %x>>>() : () -> ()
  func.return
}
func.func @body() attributes {pto.simt_entry, pto.simt_max_threads = 4096 : i32} {
  func.return
}

// -----

func.func @f(%x: i32) {
  // expected-error @+1 {{pto.simt_launch: pto.simt_max_threads of @body must be an i32}}
  pto.simt_launch @body<<<%x, %x, %x>>>() : () -> ()
  func.return
}
func.func @body() attributes {pto.simt_entry, pto.simt_max_threads = 64 : i64} {
  func.return
}

// -----

func.func @f(%x: i64) {
  // expected-error @+1 {{pto.store_vfsimt_info dim_z must be i32, got i64}}
  "pto.store_vfsimt_info"(%x, %x, %x) : (i64, i64, i64) -> ()
  func.return
}

// -----

func.func @f(%x: i32) attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.store_vfsimt_info must not appear inside a function marked with 'pto.simt_entry'; launch the SIMT entry from an outer non-simt function}}
  pto.store_vfsimt_info %x, %x, %x : i32, i32, i32
  func.return
}

// -----

// expected-error @+1 {{pto.section.simt must be nested under a func.func}}
pto.section.simt<<<32, 1, 1>>> {
}

// -----

func.func @f() {
  // expected-error @+1 {{pto.section.simt requires non-negative i32 launch dimensions}}
  "pto.section.simt"() <{dim_x = -1 : i32, dim_y = 1 : i32, dim_z = 1 : i32}> ({
  ^bb0:
  }) : () -> ()
  func.return
}

// -----

func.func @f() attributes {pto.simt_entry} {
  // expected-error @+1 {{pto.section.simt must not appear inside a function marked with 'pto.simt_entry'}}
  pto.section.simt<<<32, 1, 1>>> {
  }
  func.return
}

// -----

func.func @f() {
  // expected-error @+1 {{pto.section.simt body takes no block arguments}}
  "pto.section.simt"() <{dim_x = 1 : i32, dim_y = 1 : i32, dim_z = 1 : i32}> ({
  ^bb0(%a: i32):
  }) : () -> ()
  func.return
}

// -----

func.func @f() {
  // expected-error @+1 {{pto.section.simt nested pto.section.simt is not allowed}}
  pto.section.simt<<<32, 1, 1>>> {
    pto.section.simt<<<32, 1, 1>>> {
    }
  }
  func.return
}

// -----

func.func @f(%i: i64) {
  // expected-error @+1 {{pto.get_buf_dyn buf_id must be index, got i64}}
  "pto.get_buf_dyn"(%i) <{target_pipe = #pto.pipe<PIPE_V>, static_mode = 0 : i64, operandSegmentSizes = array<i32: 1, 0>}> : (i64) -> ()
  func.return
}
