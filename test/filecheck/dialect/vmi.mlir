// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// One instance of every VMI op (PTOAS VMIOps.td spellings): the custom form prints
// canonically and reparses; the generic form names the op.

// CHECK-LABEL: func.func @absf(
// CHECK-NEXT: %r = pto.vmi.absf %a : !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.absf"
func.func @absf(%a: !pto.vmi.vreg<64xf32>) {
  %r = pto.vmi.absf %a : !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @absi(
// CHECK-NEXT: %r = pto.vmi.absi %a : !pto.vmi.vreg<64xsi32> -> !pto.vmi.vreg<64xsi32>
// GENERIC: "pto.vmi.absi"
func.func @absi(%a: !pto.vmi.vreg<64xsi32>) {
  %r = pto.vmi.absi %a : !pto.vmi.vreg<64xsi32> -> !pto.vmi.vreg<64xsi32>
  func.return
}

// CHECK-LABEL: func.func @active_prefix_index(
// CHECK-NEXT: %idx = pto.vmi.active_prefix_index %0 : !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xi32>
// GENERIC: "pto.vmi.active_prefix_index"
func.func @active_prefix_index(%0: !pto.vmi.mask<64xpred>) {
  %idx = pto.vmi.active_prefix_index %0 : !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xi32>
  func.return
}

// CHECK-LABEL: func.func @addf(
// CHECK-NEXT: %r = pto.vmi.addf %a, %b : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.addf"
func.func @addf(%a: !pto.vmi.vreg<64xf32>, %b: !pto.vmi.vreg<64xf32>) {
  %r = pto.vmi.addf %a, %b : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @addi(
// CHECK-NEXT: %r = pto.vmi.addi %a, %b : !pto.vmi.vreg<64xi32>, !pto.vmi.vreg<64xi32> -> !pto.vmi.vreg<64xi32>
// GENERIC: "pto.vmi.addi"
func.func @addi(%a: !pto.vmi.vreg<64xi32>, %b: !pto.vmi.vreg<64xi32>) {
  %r = pto.vmi.addi %a, %b : !pto.vmi.vreg<64xi32>, !pto.vmi.vreg<64xi32> -> !pto.vmi.vreg<64xi32>
  func.return
}

// CHECK-LABEL: func.func @andi(
// CHECK-NEXT: %r = pto.vmi.andi %a, %b : !pto.vmi.vreg<64xi32>, !pto.vmi.vreg<64xi32> -> !pto.vmi.vreg<64xi32>
// GENERIC: "pto.vmi.andi"
func.func @andi(%a: !pto.vmi.vreg<64xi32>, %b: !pto.vmi.vreg<64xi32>) {
  %r = pto.vmi.andi %a, %b : !pto.vmi.vreg<64xi32>, !pto.vmi.vreg<64xi32> -> !pto.vmi.vreg<64xi32>
  func.return
}

// CHECK-LABEL: func.func @bitcast(
// CHECK-NEXT: %r = pto.vmi.bitcast %a : !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xi32>
// GENERIC: "pto.vmi.bitcast"
func.func @bitcast(%a: !pto.vmi.vreg<64xf32>) {
  %r = pto.vmi.bitcast %a : !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xi32>
  func.return
}

// CHECK-LABEL: func.func @broadcast(
// CHECK-NEXT: %r = pto.vmi.broadcast %a : f32 -> !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.broadcast"
func.func @broadcast(%a: f32) {
  %r = pto.vmi.broadcast %a : f32 -> !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @channel_merge(
// CHECK-NEXT: %merged = pto.vmi.channel_merge %0, %1, %2 : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<192xf32>
// GENERIC: "pto.vmi.channel_merge"
func.func @channel_merge(%0: !pto.vmi.vreg<64xf32>, %1: !pto.vmi.vreg<64xf32>, %2: !pto.vmi.vreg<64xf32>) {
  %merged = pto.vmi.channel_merge %0, %1, %2 : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<192xf32>
  func.return
}

// CHECK-LABEL: func.func @channel_split(
// CHECK-NEXT: %ch0, %ch1, %ch2 = pto.vmi.channel_split %0 : !pto.vmi.vreg<192xf32> -> !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.channel_split"
func.func @channel_split(%0: !pto.vmi.vreg<192xf32>) {
  %ch0, %ch1, %ch2 = pto.vmi.channel_split %0 : !pto.vmi.vreg<192xf32> -> !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @cmpf(
// CHECK-NEXT: %r = pto.vmi.cmpf "olt", %a, %b : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.mask<64xpred>
// GENERIC: "pto.vmi.cmpf"
func.func @cmpf(%a: !pto.vmi.vreg<64xf32>, %b: !pto.vmi.vreg<64xf32>) {
  %r = pto.vmi.cmpf "olt", %a, %b : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.mask<64xpred>
  func.return
}

// CHECK-LABEL: func.func @cmpi(
// CHECK-NEXT: %r = pto.vmi.cmpi "slt", %a, %b : !pto.vmi.vreg<64xi32>, !pto.vmi.vreg<64xi32> -> !pto.vmi.mask<64xpred>
// GENERIC: "pto.vmi.cmpi"
func.func @cmpi(%a: !pto.vmi.vreg<64xi32>, %b: !pto.vmi.vreg<64xi32>) {
  %r = pto.vmi.cmpi "slt", %a, %b : !pto.vmi.vreg<64xi32>, !pto.vmi.vreg<64xi32> -> !pto.vmi.mask<64xpred>
  func.return
}

// CHECK-LABEL: func.func @compress(
// CHECK-NEXT: %out = pto.vmi.compress %0, %1 : !pto.vmi.vreg<64xf32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.compress"
func.func @compress(%0: !pto.vmi.vreg<64xf32>, %1: !pto.vmi.mask<64xpred>) {
  %out = pto.vmi.compress %0, %1 : !pto.vmi.vreg<64xf32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @compress_store(
// CHECK-NEXT: pto.vmi.compress_store %v, %p[%o], %m : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.vmi.mask<64xpred>
// GENERIC: "pto.vmi.compress_store"
func.func @compress_store(%v: !pto.vmi.vreg<64xf32>, %p: !pto.ptr<f32, ub>, %o: index, %m: !pto.vmi.mask<64xpred>) {
  pto.vmi.compress_store %v, %p[%o], %m : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.vmi.mask<64xpred>
  func.return
}

// CHECK-LABEL: func.func @constant(
// CHECK-NEXT: %constant = pto.vmi.constant {value = dense<1.000000e+00> : tensor<128xf32>} : !pto.vmi.vreg<128xf32>
// GENERIC: "pto.vmi.constant"
func.func @constant() {
  %constant = pto.vmi.constant {value = dense<1.000000e+00> : tensor<128xf32>} : !pto.vmi.vreg<128xf32>
  func.return
}

// CHECK-LABEL: func.func @constant_mask(
// CHECK-NEXT: %mask = pto.vmi.constant_mask {value = dense<true> : tensor<128xi1>} : !pto.vmi.mask<128xpred>
// GENERIC: "pto.vmi.constant_mask"
func.func @constant_mask() {
  %mask = pto.vmi.constant_mask {value = dense<true> : tensor<128xi1>} : !pto.vmi.mask<128xpred>
  func.return
}

// CHECK-LABEL: func.func @create_group_mask(
// CHECK-NEXT: %mask = pto.vmi.create_group_mask %0 {num_groups = 8 : i64, group_size = 32 : i64} : index -> !pto.vmi.mask<256xpred>
// GENERIC: "pto.vmi.create_group_mask"
func.func @create_group_mask(%0: index) {
  %mask = pto.vmi.create_group_mask %0 {num_groups = 8 : i64, group_size = 32 : i64} : index -> !pto.vmi.mask<256xpred>
  func.return
}

// CHECK-LABEL: func.func @create_mask(
// CHECK-NEXT: %mask256 = pto.vmi.create_mask %0 : index -> !pto.vmi.mask<256xpred>
// GENERIC: "pto.vmi.create_mask"
func.func @create_mask(%0: index) {
  %mask256 = pto.vmi.create_mask %0 : index -> !pto.vmi.mask<256xpred>
  func.return
}

// CHECK-LABEL: func.func @deinterleave_load(
// CHECK-NEXT: %lo, %hi = pto.vmi.deinterleave_load %p[%o] : !pto.ptr<f32, ub> -> !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.deinterleave_load"
func.func @deinterleave_load(%p: !pto.ptr<f32, ub>, %o: index) {
  %lo, %hi = pto.vmi.deinterleave_load %p[%o] : !pto.ptr<f32, ub> -> !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @divf(
// CHECK-NEXT: %r = pto.vmi.divf %a, %b : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.divf"
func.func @divf(%a: !pto.vmi.vreg<64xf32>, %b: !pto.vmi.vreg<64xf32>) {
  %r = pto.vmi.divf %a, %b : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @ensure_layout(
// CHECK-NEXT: %strided = pto.vmi.ensure_layout %0 : !pto.vmi.vreg<64xf16, #pto.vmi.layout<contiguous>> -> !pto.vmi.vreg<64xf16, #pto.vmi.layout<contiguous, lane_stride = 2>>
// GENERIC: "pto.vmi.ensure_layout"
func.func @ensure_layout(%0: !pto.vmi.vreg<64xf16, #pto.vmi.layout<contiguous>>) {
  %strided = pto.vmi.ensure_layout %0 : !pto.vmi.vreg<64xf16, #pto.vmi.layout<contiguous>> -> !pto.vmi.vreg<64xf16, #pto.vmi.layout<contiguous, lane_stride = 2>>
  func.return
}

// CHECK-LABEL: func.func @ensure_mask_granularity(
// CHECK-NEXT: %r = pto.vmi.ensure_mask_granularity %0 : !pto.vmi.mask<128xpred> -> !pto.vmi.mask<128xb32, #pto.vmi.layout<contiguous>>
// GENERIC: "pto.vmi.ensure_mask_granularity"
func.func @ensure_mask_granularity(%0: !pto.vmi.mask<128xpred>) {
  %r = pto.vmi.ensure_mask_granularity %0 : !pto.vmi.mask<128xpred> -> !pto.vmi.mask<128xb32, #pto.vmi.layout<contiguous>>
  func.return
}

// CHECK-LABEL: func.func @ensure_mask_layout(
// CHECK-NEXT: %mask_c = pto.vmi.ensure_mask_layout %0 : !pto.vmi.mask<64xb16, #pto.vmi.layout<contiguous, lane_stride = 2>> -> !pto.vmi.mask<64xb16, #pto.vmi.layout<contiguous>>
// GENERIC: "pto.vmi.ensure_mask_layout"
func.func @ensure_mask_layout(%0: !pto.vmi.mask<64xb16, #pto.vmi.layout<contiguous, lane_stride = 2>>) {
  %mask_c = pto.vmi.ensure_mask_layout %0 : !pto.vmi.mask<64xb16, #pto.vmi.layout<contiguous, lane_stride = 2>> -> !pto.vmi.mask<64xb16, #pto.vmi.layout<contiguous>>
  func.return
}

// CHECK-LABEL: func.func @exp(
// CHECK-NEXT: %r = pto.vmi.exp %a : !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.exp"
func.func @exp(%a: !pto.vmi.vreg<64xf32>) {
  %r = pto.vmi.exp %a : !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @expand_load(
// CHECK-NEXT: %r = pto.vmi.expand_load %p[%o], %m, %t : !pto.ptr<f32, ub>, !pto.vmi.mask<64xpred>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.expand_load"
func.func @expand_load(%p: !pto.ptr<f32, ub>, %o: index, %m: !pto.vmi.mask<64xpred>, %t: !pto.vmi.vreg<64xf32>) {
  %r = pto.vmi.expand_load %p[%o], %m, %t : !pto.ptr<f32, ub>, !pto.vmi.mask<64xpred>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @extf(
// CHECK-NEXT: %r = pto.vmi.extf %a : !pto.vmi.vreg<64xf16> -> !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.extf"
func.func @extf(%a: !pto.vmi.vreg<64xf16>) {
  %r = pto.vmi.extf %a : !pto.vmi.vreg<64xf16> -> !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @extsi(
// CHECK-NEXT: %wide = pto.vmi.extsi %0 : !pto.vmi.vreg<256xsi16> -> !pto.vmi.vreg<256xsi32>
// GENERIC: "pto.vmi.extsi"
func.func @extsi(%0: !pto.vmi.vreg<256xsi16>) {
  %wide = pto.vmi.extsi %0 : !pto.vmi.vreg<256xsi16> -> !pto.vmi.vreg<256xsi32>
  func.return
}

// CHECK-LABEL: func.func @extui(
// CHECK-NEXT: %wide = pto.vmi.extui %0 : !pto.vmi.vreg<1xsi8, #pto.vmi.layout<num_groups = 1, slots = 1>> -> !pto.vmi.vreg<1xsi16, #pto.vmi.layout<num_groups = 1, slots = 1>>
// GENERIC: "pto.vmi.extui"
func.func @extui(%0: !pto.vmi.vreg<1xsi8, #pto.vmi.layout<num_groups = 1, slots = 1>>) {
  %wide = pto.vmi.extui %0 : !pto.vmi.vreg<1xsi8, #pto.vmi.layout<num_groups = 1, slots = 1>> -> !pto.vmi.vreg<1xsi16, #pto.vmi.layout<num_groups = 1, slots = 1>>
  func.return
}

// CHECK-LABEL: func.func @fma(
// CHECK-NEXT: %r = pto.vmi.fma %a, %b, %c : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.fma"
func.func @fma(%a: !pto.vmi.vreg<64xf32>, %b: !pto.vmi.vreg<64xf32>, %c: !pto.vmi.vreg<64xf32>) {
  %r = pto.vmi.fma %a, %b, %c : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @fptosi(
// CHECK-NEXT: %r = pto.vmi.fptosi %a {rounding = "R", saturate = "SAT"} : !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xsi32>
// GENERIC: "pto.vmi.fptosi"
func.func @fptosi(%a: !pto.vmi.vreg<64xf32>) {
  %r = pto.vmi.fptosi %a {rounding = "R", saturate = "SAT"} : !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xsi32>
  func.return
}

// CHECK-LABEL: func.func @fptoui(
// CHECK-NEXT: %result = pto.vmi.fptoui %0 {saturate = "SAT"} : !pto.vmi.vreg<128xf16> -> !pto.vmi.vreg<128xui8>
// GENERIC: "pto.vmi.fptoui"
func.func @fptoui(%0: !pto.vmi.vreg<128xf16>) {
  %result = pto.vmi.fptoui %0 {saturate = "SAT"} : !pto.vmi.vreg<128xf16> -> !pto.vmi.vreg<128xui8>
  func.return
}

// CHECK-LABEL: func.func @gather(
// CHECK-NEXT: %r = pto.vmi.gather %p[%i], %m, %t : !pto.ptr<f32, ub>, !pto.vmi.vreg<64xi32>, !pto.vmi.mask<64xpred>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.gather"
func.func @gather(%p: !pto.ptr<f32, ub>, %i: !pto.vmi.vreg<64xi32>, %m: !pto.vmi.mask<64xpred>, %t: !pto.vmi.vreg<64xf32>) {
  %r = pto.vmi.gather %p[%i], %m, %t : !pto.ptr<f32, ub>, !pto.vmi.vreg<64xi32>, !pto.vmi.mask<64xpred>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @group_broadcast(
// CHECK-NEXT: %broadcast32 = pto.vmi.group_broadcast %0 {num_groups = 16 : i64} : !pto.vmi.vreg<16xui32> -> !pto.vmi.vreg<128xui32>
// GENERIC: "pto.vmi.group_broadcast"
func.func @group_broadcast(%0: !pto.vmi.vreg<16xui32>) {
  %broadcast32 = pto.vmi.group_broadcast %0 {num_groups = 16 : i64} : !pto.vmi.vreg<16xui32> -> !pto.vmi.vreg<128xui32>
  func.return
}

// CHECK-LABEL: func.func @group_broadcast_load(
// CHECK-NEXT: %r = pto.vmi.group_broadcast_load %p[%o], %s {num_groups = 8 : i64} : !pto.ptr<f32, ub> -> !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.group_broadcast_load"
func.func @group_broadcast_load(%p: !pto.ptr<f32, ub>, %o: index, %s: index) {
  %r = pto.vmi.group_broadcast_load %p[%o], %s {num_groups = 8 : i64} : !pto.ptr<f32, ub> -> !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @group_iota(
// CHECK-NEXT: %r = pto.vmi.group_iota %b {group = 8 : i64} : i32 -> !pto.vmi.vreg<64xi32>
// GENERIC: "pto.vmi.group_iota"
func.func @group_iota(%b: i32) {
  %r = pto.vmi.group_iota %b {group = 8 : i64} : i32 -> !pto.vmi.vreg<64xi32>
  func.return
}

// CHECK-LABEL: func.func @group_load(
// CHECK-NEXT: %r = pto.vmi.group_load %p[%o], %s {num_groups = 8 : i64} : !pto.ptr<f32, ub> -> !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.group_load"
func.func @group_load(%p: !pto.ptr<f32, ub>, %o: index, %s: index) {
  %r = pto.vmi.group_load %p[%o], %s {num_groups = 8 : i64} : !pto.ptr<f32, ub> -> !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @group_reduce_addf(
// CHECK-NEXT: %sum = pto.vmi.group_reduce_addf %0, %1 {num_groups = 8 : i64, reassoc} : !pto.vmi.vreg<64xf16>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<8xf16>
// GENERIC: "pto.vmi.group_reduce_addf"
func.func @group_reduce_addf(%0: !pto.vmi.vreg<64xf16>, %1: !pto.vmi.mask<64xpred>) {
  %sum = pto.vmi.group_reduce_addf %0, %1 {num_groups = 8 : i64, reassoc} : !pto.vmi.vreg<64xf16>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<8xf16>
  func.return
}

// CHECK-LABEL: func.func @group_reduce_addi(
// CHECK-NEXT: %sum = pto.vmi.group_reduce_addi %0, %1 {num_groups = 8 : i64, reassoc} : !pto.vmi.vreg<256xsi32>, !pto.vmi.mask<256xpred> -> !pto.vmi.vreg<8xsi32>
// GENERIC: "pto.vmi.group_reduce_addi"
func.func @group_reduce_addi(%0: !pto.vmi.vreg<256xsi32>, %1: !pto.vmi.mask<256xpred>) {
  %sum = pto.vmi.group_reduce_addi %0, %1 {num_groups = 8 : i64, reassoc} : !pto.vmi.vreg<256xsi32>, !pto.vmi.mask<256xpred> -> !pto.vmi.vreg<8xsi32>
  func.return
}

// CHECK-LABEL: func.func @group_reduce_maxf(
// CHECK-NEXT: %r = pto.vmi.group_reduce_maxf %a, %m {num_groups = 8 : i64} : !pto.vmi.vreg<64xf32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<8xf32>
// GENERIC: "pto.vmi.group_reduce_maxf"
func.func @group_reduce_maxf(%a: !pto.vmi.vreg<64xf32>, %m: !pto.vmi.mask<64xpred>) {
  %r = pto.vmi.group_reduce_maxf %a, %m {num_groups = 8 : i64} : !pto.vmi.vreg<64xf32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<8xf32>
  func.return
}

// CHECK-LABEL: func.func @group_reduce_maxi(
// CHECK-NEXT: %r = pto.vmi.group_reduce_maxi %a, %m {num_groups = 8 : i64} : !pto.vmi.vreg<64xi32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<8xi32>
// GENERIC: "pto.vmi.group_reduce_maxi"
func.func @group_reduce_maxi(%a: !pto.vmi.vreg<64xi32>, %m: !pto.vmi.mask<64xpred>) {
  %r = pto.vmi.group_reduce_maxi %a, %m {num_groups = 8 : i64} : !pto.vmi.vreg<64xi32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<8xi32>
  func.return
}

// CHECK-LABEL: func.func @group_reduce_minf(
// CHECK-NEXT: %r = pto.vmi.group_reduce_minf %a, %m {num_groups = 8 : i64} : !pto.vmi.vreg<64xf32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<8xf32>
// GENERIC: "pto.vmi.group_reduce_minf"
func.func @group_reduce_minf(%a: !pto.vmi.vreg<64xf32>, %m: !pto.vmi.mask<64xpred>) {
  %r = pto.vmi.group_reduce_minf %a, %m {num_groups = 8 : i64} : !pto.vmi.vreg<64xf32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<8xf32>
  func.return
}

// CHECK-LABEL: func.func @group_reduce_mini(
// CHECK-NEXT: %r = pto.vmi.group_reduce_mini %a, %m {num_groups = 8 : i64} : !pto.vmi.vreg<64xi32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<8xi32>
// GENERIC: "pto.vmi.group_reduce_mini"
func.func @group_reduce_mini(%a: !pto.vmi.vreg<64xi32>, %m: !pto.vmi.mask<64xpred>) {
  %r = pto.vmi.group_reduce_mini %a, %m {num_groups = 8 : i64} : !pto.vmi.vreg<64xi32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<8xi32>
  func.return
}

// CHECK-LABEL: func.func @group_slot_load(
// CHECK-NEXT: %r = pto.vmi.group_slot_load %p[%o], %s {num_groups = 8 : i64} : !pto.ptr<f32, ub> -> !pto.vmi.vreg<8xf32>
// GENERIC: "pto.vmi.group_slot_load"
func.func @group_slot_load(%p: !pto.ptr<f32, ub>, %o: index, %s: index) {
  %r = pto.vmi.group_slot_load %p[%o], %s {num_groups = 8 : i64} : !pto.ptr<f32, ub> -> !pto.vmi.vreg<8xf32>
  func.return
}

// CHECK-LABEL: func.func @group_store(
// CHECK-NEXT: pto.vmi.group_store %v, %p[%o], %s {num_groups = 8 : i64} : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>
// GENERIC: "pto.vmi.group_store"
func.func @group_store(%v: !pto.vmi.vreg<64xf32>, %p: !pto.ptr<f32, ub>, %o: index, %s: index) {
  pto.vmi.group_store %v, %p[%o], %s {num_groups = 8 : i64} : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>
  func.return
}

// CHECK-LABEL: func.func @interleave_store(
// CHECK-NEXT: pto.vmi.interleave_store %a, %b, %p[%o] : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>
// GENERIC: "pto.vmi.interleave_store"
func.func @interleave_store(%a: !pto.vmi.vreg<64xf32>, %b: !pto.vmi.vreg<64xf32>, %p: !pto.ptr<f32, ub>, %o: index) {
  pto.vmi.interleave_store %a, %b, %p[%o] : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>
  func.return
}

// CHECK-LABEL: func.func @iota(
// CHECK-NEXT: %r = pto.vmi.iota %b {order = "ASC"} : i32 -> !pto.vmi.vreg<64xi32>
// GENERIC: "pto.vmi.iota"
func.func @iota(%b: i32) {
  %r = pto.vmi.iota %b {order = "ASC"} : i32 -> !pto.vmi.vreg<64xi32>
  func.return
}

// CHECK-LABEL: func.func @ln(
// CHECK-NEXT: %r = pto.vmi.ln %a : !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.ln"
func.func @ln(%a: !pto.vmi.vreg<64xf32>) {
  %r = pto.vmi.ln %a : !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @load(
// CHECK-NEXT: %a = pto.vmi.load %0[%1] : !pto.ptr<ui8, ub> -> !pto.vmi.vreg<128xui8>
// GENERIC: "pto.vmi.load"
func.func @load(%0: !pto.ptr<ui8, ub>, %1: index) {
  %a = pto.vmi.load %0[%1] : !pto.ptr<ui8, ub> -> !pto.vmi.vreg<128xui8>
  func.return
}

// CHECK-LABEL: func.func @mask_and(
// CHECK-NEXT: %r = pto.vmi.mask_and %a, %b : !pto.vmi.mask<64xpred>, !pto.vmi.mask<64xpred> -> !pto.vmi.mask<64xpred>
// GENERIC: "pto.vmi.mask_and"
func.func @mask_and(%a: !pto.vmi.mask<64xpred>, %b: !pto.vmi.mask<64xpred>) {
  %r = pto.vmi.mask_and %a, %b : !pto.vmi.mask<64xpred>, !pto.vmi.mask<64xpred> -> !pto.vmi.mask<64xpred>
  func.return
}

// CHECK-LABEL: func.func @mask_not(
// CHECK-NEXT: %r = pto.vmi.mask_not %a : !pto.vmi.mask<64xpred> -> !pto.vmi.mask<64xpred>
// GENERIC: "pto.vmi.mask_not"
func.func @mask_not(%a: !pto.vmi.mask<64xpred>) {
  %r = pto.vmi.mask_not %a : !pto.vmi.mask<64xpred> -> !pto.vmi.mask<64xpred>
  func.return
}

// CHECK-LABEL: func.func @mask_or(
// CHECK-NEXT: %r = pto.vmi.mask_or %a, %b : !pto.vmi.mask<64xpred>, !pto.vmi.mask<64xpred> -> !pto.vmi.mask<64xpred>
// GENERIC: "pto.vmi.mask_or"
func.func @mask_or(%a: !pto.vmi.mask<64xpred>, %b: !pto.vmi.mask<64xpred>) {
  %r = pto.vmi.mask_or %a, %b : !pto.vmi.mask<64xpred>, !pto.vmi.mask<64xpred> -> !pto.vmi.mask<64xpred>
  func.return
}

// CHECK-LABEL: func.func @mask_xor(
// CHECK-NEXT: %r = pto.vmi.mask_xor %a, %b : !pto.vmi.mask<64xpred>, !pto.vmi.mask<64xpred> -> !pto.vmi.mask<64xpred>
// GENERIC: "pto.vmi.mask_xor"
func.func @mask_xor(%a: !pto.vmi.mask<64xpred>, %b: !pto.vmi.mask<64xpred>) {
  %r = pto.vmi.mask_xor %a, %b : !pto.vmi.mask<64xpred>, !pto.vmi.mask<64xpred> -> !pto.vmi.mask<64xpred>
  func.return
}

// CHECK-LABEL: func.func @masked_load(
// CHECK-NEXT: %r = pto.vmi.masked_load %p[%o], %m, %t : !pto.ptr<f32, ub>, !pto.vmi.mask<64xpred>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.masked_load"
func.func @masked_load(%p: !pto.ptr<f32, ub>, %o: index, %m: !pto.vmi.mask<64xpred>, %t: !pto.vmi.vreg<64xf32>) {
  %r = pto.vmi.masked_load %p[%o], %m, %t : !pto.ptr<f32, ub>, !pto.vmi.mask<64xpred>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @masked_store(
// CHECK-NEXT: pto.vmi.masked_store %v, %p[%o], %m : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.vmi.mask<64xpred>
// GENERIC: "pto.vmi.masked_store"
func.func @masked_store(%v: !pto.vmi.vreg<64xf32>, %p: !pto.ptr<f32, ub>, %o: index, %m: !pto.vmi.mask<64xpred>) {
  pto.vmi.masked_store %v, %p[%o], %m : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.vmi.mask<64xpred>
  func.return
}

// CHECK-LABEL: func.func @maxf(
// CHECK-NEXT: %r = pto.vmi.maxf %a, %b : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.maxf"
func.func @maxf(%a: !pto.vmi.vreg<64xf32>, %b: !pto.vmi.vreg<64xf32>) {
  %r = pto.vmi.maxf %a, %b : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @maxi(
// CHECK-NEXT: %r = pto.vmi.maxi %a, %b : !pto.vmi.vreg<64xi32>, !pto.vmi.vreg<64xi32> -> !pto.vmi.vreg<64xi32>
// GENERIC: "pto.vmi.maxi"
func.func @maxi(%a: !pto.vmi.vreg<64xi32>, %b: !pto.vmi.vreg<64xi32>) {
  %r = pto.vmi.maxi %a, %b : !pto.vmi.vreg<64xi32>, !pto.vmi.vreg<64xi32> -> !pto.vmi.vreg<64xi32>
  func.return
}

// CHECK-LABEL: func.func @minf(
// CHECK-NEXT: %r = pto.vmi.minf %a, %b : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.minf"
func.func @minf(%a: !pto.vmi.vreg<64xf32>, %b: !pto.vmi.vreg<64xf32>) {
  %r = pto.vmi.minf %a, %b : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @mini(
// CHECK-NEXT: %r = pto.vmi.mini %a, %b : !pto.vmi.vreg<64xi32>, !pto.vmi.vreg<64xi32> -> !pto.vmi.vreg<64xi32>
// GENERIC: "pto.vmi.mini"
func.func @mini(%a: !pto.vmi.vreg<64xi32>, %b: !pto.vmi.vreg<64xi32>) {
  %r = pto.vmi.mini %a, %b : !pto.vmi.vreg<64xi32>, !pto.vmi.vreg<64xi32> -> !pto.vmi.vreg<64xi32>
  func.return
}

// CHECK-LABEL: func.func @mulf(
// CHECK-NEXT: %r = pto.vmi.mulf %a, %b : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.mulf"
func.func @mulf(%a: !pto.vmi.vreg<64xf32>, %b: !pto.vmi.vreg<64xf32>) {
  %r = pto.vmi.mulf %a, %b : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @muli(
// CHECK-NEXT: %prod = pto.vmi.muli %0, %1 : !pto.vmi.vreg<128xi32, #pto.vmi.layout<deinterleaved = 2>>, !pto.vmi.vreg<128xi32, #pto.vmi.layout<deinterleaved = 2>> -> !pto.vmi.vreg<128xi32, #pto.vmi.layout<deinterleaved = 2>>
// GENERIC: "pto.vmi.muli"
func.func @muli(%0: !pto.vmi.vreg<128xi32, #pto.vmi.layout<deinterleaved = 2>>, %1: !pto.vmi.vreg<128xi32, #pto.vmi.layout<deinterleaved = 2>>) {
  %prod = pto.vmi.muli %0, %1 : !pto.vmi.vreg<128xi32, #pto.vmi.layout<deinterleaved = 2>>, !pto.vmi.vreg<128xi32, #pto.vmi.layout<deinterleaved = 2>> -> !pto.vmi.vreg<128xi32, #pto.vmi.layout<deinterleaved = 2>>
  func.return
}

// CHECK-LABEL: func.func @negf(
// CHECK-NEXT: %r = pto.vmi.negf %a : !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.negf"
func.func @negf(%a: !pto.vmi.vreg<64xf32>) {
  %r = pto.vmi.negf %a : !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @negi(
// CHECK-NEXT: %r = pto.vmi.negi %a : !pto.vmi.vreg<64xi32> -> !pto.vmi.vreg<64xi32>
// GENERIC: "pto.vmi.negi"
func.func @negi(%a: !pto.vmi.vreg<64xi32>) {
  %r = pto.vmi.negi %a : !pto.vmi.vreg<64xi32> -> !pto.vmi.vreg<64xi32>
  func.return
}

// CHECK-LABEL: func.func @not(
// CHECK-NEXT: %r = pto.vmi.not %a : !pto.vmi.vreg<64xi32> -> !pto.vmi.vreg<64xi32>
// GENERIC: "pto.vmi.not"
func.func @not(%a: !pto.vmi.vreg<64xi32>) {
  %r = pto.vmi.not %a : !pto.vmi.vreg<64xi32> -> !pto.vmi.vreg<64xi32>
  func.return
}

// CHECK-LABEL: func.func @ori(
// CHECK-NEXT: %r = pto.vmi.ori %a, %b : !pto.vmi.vreg<64xi32>, !pto.vmi.vreg<64xi32> -> !pto.vmi.vreg<64xi32>
// GENERIC: "pto.vmi.ori"
func.func @ori(%a: !pto.vmi.vreg<64xi32>, %b: !pto.vmi.vreg<64xi32>) {
  %r = pto.vmi.ori %a, %b : !pto.vmi.vreg<64xi32>, !pto.vmi.vreg<64xi32> -> !pto.vmi.vreg<64xi32>
  func.return
}

// CHECK-LABEL: func.func @pack(
// CHECK-NEXT: %lo = pto.vmi.pack %0 : !pto.vreg<128xf16> -> !pto.vmi.vreg<64xf16, #pto.vmi.layout<contiguous>>
// GENERIC: "pto.vmi.pack"
func.func @pack(%0: !pto.vreg<128xf16>) {
  %lo = pto.vmi.pack %0 : !pto.vreg<128xf16> -> !pto.vmi.vreg<64xf16, #pto.vmi.layout<contiguous>>
  func.return
}

// CHECK-LABEL: func.func @pge(
// CHECK-NEXT: %r = pto.vmi.pge "PAT_VL8" : !pto.vmi.mask<64xpred>
// GENERIC: "pto.vmi.pge"
func.func @pge() {
  %r = pto.vmi.pge "PAT_VL8" : !pto.vmi.mask<64xpred>
  func.return
}

// CHECK-LABEL: func.func @plt(
// CHECK-NEXT: %r, %next = pto.vmi.plt %n : i32 -> !pto.vmi.mask<64xpred>, i32
// GENERIC: "pto.vmi.plt"
func.func @plt(%n: i32) {
  %r, %next = pto.vmi.plt %n : i32 -> !pto.vmi.mask<64xpred>, i32
  func.return
}

// CHECK-LABEL: func.func @pset(
// CHECK-NEXT: %then_seed = pto.vmi.pset "PAT_ALL" : !pto.vmi.mask<128xpred>
// GENERIC: "pto.vmi.pset"
func.func @pset() {
  %then_seed = pto.vmi.pset "PAT_ALL" : !pto.vmi.mask<128xpred>
  func.return
}

// CHECK-LABEL: func.func @reduce_addf(
// CHECK-NEXT: %r = pto.vmi.reduce_addf %a, %m {reassoc} : !pto.vmi.vreg<64xf32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<1xf32>
// GENERIC: "pto.vmi.reduce_addf"
func.func @reduce_addf(%a: !pto.vmi.vreg<64xf32>, %m: !pto.vmi.mask<64xpred>) {
  %r = pto.vmi.reduce_addf %a, %m {reassoc} : !pto.vmi.vreg<64xf32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<1xf32>
  func.return
}

// CHECK-LABEL: func.func @reduce_addi(
// CHECK-NEXT: %r = pto.vmi.reduce_addi %a, %m : !pto.vmi.vreg<64xi32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<1xi32>
// GENERIC: "pto.vmi.reduce_addi"
func.func @reduce_addi(%a: !pto.vmi.vreg<64xi32>, %m: !pto.vmi.mask<64xpred>) {
  %r = pto.vmi.reduce_addi %a, %m : !pto.vmi.vreg<64xi32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<1xi32>
  func.return
}

// CHECK-LABEL: func.func @reduce_maxf(
// CHECK-NEXT: %r = pto.vmi.reduce_maxf %a, %m : !pto.vmi.vreg<64xf32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<1xf32>
// GENERIC: "pto.vmi.reduce_maxf"
func.func @reduce_maxf(%a: !pto.vmi.vreg<64xf32>, %m: !pto.vmi.mask<64xpred>) {
  %r = pto.vmi.reduce_maxf %a, %m : !pto.vmi.vreg<64xf32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<1xf32>
  func.return
}

// CHECK-LABEL: func.func @reduce_maxi(
// CHECK-NEXT: %r = pto.vmi.reduce_maxi %a, %m : !pto.vmi.vreg<64xi32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<1xi32>
// GENERIC: "pto.vmi.reduce_maxi"
func.func @reduce_maxi(%a: !pto.vmi.vreg<64xi32>, %m: !pto.vmi.mask<64xpred>) {
  %r = pto.vmi.reduce_maxi %a, %m : !pto.vmi.vreg<64xi32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<1xi32>
  func.return
}

// CHECK-LABEL: func.func @reduce_minf(
// CHECK-NEXT: %r = pto.vmi.reduce_minf %a, %m : !pto.vmi.vreg<64xf32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<1xf32>
// GENERIC: "pto.vmi.reduce_minf"
func.func @reduce_minf(%a: !pto.vmi.vreg<64xf32>, %m: !pto.vmi.mask<64xpred>) {
  %r = pto.vmi.reduce_minf %a, %m : !pto.vmi.vreg<64xf32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<1xf32>
  func.return
}

// CHECK-LABEL: func.func @reduce_mini(
// CHECK-NEXT: %r = pto.vmi.reduce_mini %a, %m : !pto.vmi.vreg<64xi32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<1xi32>
// GENERIC: "pto.vmi.reduce_mini"
func.func @reduce_mini(%a: !pto.vmi.vreg<64xi32>, %m: !pto.vmi.mask<64xpred>) {
  %r = pto.vmi.reduce_mini %a, %m : !pto.vmi.vreg<64xi32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<1xi32>
  func.return
}

// CHECK-LABEL: func.func @relu(
// CHECK-NEXT: %r = pto.vmi.relu %a : !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.relu"
func.func @relu(%a: !pto.vmi.vreg<64xf32>) {
  %r = pto.vmi.relu %a : !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @scatter(
// CHECK-NEXT: pto.vmi.scatter %v, %p[%i], %m : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.vmi.vreg<64xi32>, !pto.vmi.mask<64xpred>
// GENERIC: "pto.vmi.scatter"
func.func @scatter(%v: !pto.vmi.vreg<64xf32>, %p: !pto.ptr<f32, ub>, %i: !pto.vmi.vreg<64xi32>, %m: !pto.vmi.mask<64xpred>) {
  pto.vmi.scatter %v, %p[%i], %m : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.vmi.vreg<64xi32>, !pto.vmi.mask<64xpred>
  func.return
}

// CHECK-LABEL: func.func @select(
// CHECK-NEXT: %r = pto.vmi.select %m, %a, %b : !pto.vmi.mask<64xpred>, !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.select"
func.func @select(%m: !pto.vmi.mask<64xpred>, %a: !pto.vmi.vreg<64xf32>, %b: !pto.vmi.vreg<64xf32>) {
  %r = pto.vmi.select %m, %a, %b : !pto.vmi.mask<64xpred>, !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @shli(
// CHECK-NEXT: %r = pto.vmi.shli %a, %b : !pto.vmi.vreg<64xi32>, !pto.vmi.vreg<64xi32> -> !pto.vmi.vreg<64xi32>
// GENERIC: "pto.vmi.shli"
func.func @shli(%a: !pto.vmi.vreg<64xi32>, %b: !pto.vmi.vreg<64xi32>) {
  %r = pto.vmi.shli %a, %b : !pto.vmi.vreg<64xi32>, !pto.vmi.vreg<64xi32> -> !pto.vmi.vreg<64xi32>
  func.return
}

// CHECK-LABEL: func.func @shrsi(
// CHECK-NEXT: %r = pto.vmi.shrsi %a, %b : !pto.vmi.vreg<64xi32>, !pto.vmi.vreg<64xi32> -> !pto.vmi.vreg<64xi32>
// GENERIC: "pto.vmi.shrsi"
func.func @shrsi(%a: !pto.vmi.vreg<64xi32>, %b: !pto.vmi.vreg<64xi32>) {
  %r = pto.vmi.shrsi %a, %b : !pto.vmi.vreg<64xi32>, !pto.vmi.vreg<64xi32> -> !pto.vmi.vreg<64xi32>
  func.return
}

// CHECK-LABEL: func.func @shrui(
// CHECK-NEXT: %r = pto.vmi.shrui %a, %b : !pto.vmi.vreg<64xi32>, !pto.vmi.vreg<64xi32> -> !pto.vmi.vreg<64xi32>
// GENERIC: "pto.vmi.shrui"
func.func @shrui(%a: !pto.vmi.vreg<64xi32>, %b: !pto.vmi.vreg<64xi32>) {
  %r = pto.vmi.shrui %a, %b : !pto.vmi.vreg<64xi32>, !pto.vmi.vreg<64xi32> -> !pto.vmi.vreg<64xi32>
  func.return
}

// CHECK-LABEL: func.func @shuffle(
// CHECK-NEXT: %out = pto.vmi.shuffle %0 [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127] : !pto.vmi.vreg<128xf32> -> !pto.vmi.vreg<128xf32>
// GENERIC: "pto.vmi.shuffle"
func.func @shuffle(%0: !pto.vmi.vreg<128xf32>) {
  %out = pto.vmi.shuffle %0 [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127] : !pto.vmi.vreg<128xf32> -> !pto.vmi.vreg<128xf32>
  func.return
}

// CHECK-LABEL: func.func @sitofp(
// CHECK-NEXT: %f = pto.vmi.sitofp %0 : !pto.vmi.vreg<64xsi32> -> !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.sitofp"
func.func @sitofp(%0: !pto.vmi.vreg<64xsi32>) {
  %f = pto.vmi.sitofp %0 : !pto.vmi.vreg<64xsi32> -> !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @sqrt(
// CHECK-NEXT: %r = pto.vmi.sqrt %a : !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.sqrt"
func.func @sqrt(%a: !pto.vmi.vreg<64xf32>) {
  %r = pto.vmi.sqrt %a : !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @store(
// CHECK-NEXT: pto.vmi.store %0, %1[%2] : !pto.vmi.vreg<128xf32>, !pto.ptr<f32, ub>
// GENERIC: "pto.vmi.store"
func.func @store(%0: !pto.vmi.vreg<128xf32>, %1: !pto.ptr<f32, ub>, %2: index) {
  pto.vmi.store %0, %1[%2] : !pto.vmi.vreg<128xf32>, !pto.ptr<f32, ub>
  func.return
}

// CHECK-LABEL: func.func @stride_load(
// CHECK-NEXT: %v = pto.vmi.stride_load %p[%o], %b, %r, %m : !pto.ptr<f32, ub>, i16, i16, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.stride_load"
func.func @stride_load(%p: !pto.ptr<f32, ub>, %o: index, %b: i16, %r: i16, %m: !pto.vmi.mask<64xpred>) {
  %v = pto.vmi.stride_load %p[%o], %b, %r, %m : !pto.ptr<f32, ub>, i16, i16, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @stride_store(
// CHECK-NEXT: pto.vmi.stride_store %v, %p[%o], %b, %r, %m : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>, i16, i16, !pto.vmi.mask<64xpred>
// GENERIC: "pto.vmi.stride_store"
func.func @stride_store(%v: !pto.vmi.vreg<64xf32>, %p: !pto.ptr<f32, ub>, %o: index, %b: i16, %r: i16, %m: !pto.vmi.mask<64xpred>) {
  pto.vmi.stride_store %v, %p[%o], %b, %r, %m : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>, i16, i16, !pto.vmi.mask<64xpred>
  func.return
}

// CHECK-LABEL: func.func @subf(
// CHECK-NEXT: %r = pto.vmi.subf %a, %b : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.subf"
func.func @subf(%a: !pto.vmi.vreg<64xf32>, %b: !pto.vmi.vreg<64xf32>) {
  %r = pto.vmi.subf %a, %b : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @subi(
// CHECK-NEXT: %r = pto.vmi.subi %a, %b : !pto.vmi.vreg<64xi32>, !pto.vmi.vreg<64xi32> -> !pto.vmi.vreg<64xi32>
// GENERIC: "pto.vmi.subi"
func.func @subi(%a: !pto.vmi.vreg<64xi32>, %b: !pto.vmi.vreg<64xi32>) {
  %r = pto.vmi.subi %a, %b : !pto.vmi.vreg<64xi32>, !pto.vmi.vreg<64xi32> -> !pto.vmi.vreg<64xi32>
  func.return
}

// CHECK-LABEL: func.func @truncf(
// CHECK-NEXT: %narrow = pto.vmi.truncf %0 {saturate = "SAT"} : !pto.vmi.vreg<128xf32> -> !pto.vmi.vreg<128xbf16>
// GENERIC: "pto.vmi.truncf"
func.func @truncf(%0: !pto.vmi.vreg<128xf32>) {
  %narrow = pto.vmi.truncf %0 {saturate = "SAT"} : !pto.vmi.vreg<128xf32> -> !pto.vmi.vreg<128xbf16>
  func.return
}

// CHECK-LABEL: func.func @trunci(
// CHECK-NEXT: %result = pto.vmi.trunci %0 {saturate = "NOSAT"} : !pto.vmi.vreg<128xui16, #pto.vmi.layout<contiguous>> -> !pto.vmi.vreg<128xui8, #pto.vmi.layout<contiguous, lane_stride = 2>>
// GENERIC: "pto.vmi.trunci"
func.func @trunci(%0: !pto.vmi.vreg<128xui16, #pto.vmi.layout<contiguous>>) {
  %result = pto.vmi.trunci %0 {saturate = "NOSAT"} : !pto.vmi.vreg<128xui16, #pto.vmi.layout<contiguous>> -> !pto.vmi.vreg<128xui8, #pto.vmi.layout<contiguous, lane_stride = 2>>
  func.return
}

// CHECK-LABEL: func.func @unpack(
// CHECK-NEXT: %result = pto.vmi.unpack %0 : !pto.vmi.vreg<64xsi32, #pto.vmi.layout<contiguous>> -> !pto.vreg<64xsi32>
// GENERIC: "pto.vmi.unpack"
func.func @unpack(%0: !pto.vmi.vreg<64xsi32, #pto.vmi.layout<contiguous>>) {
  %result = pto.vmi.unpack %0 : !pto.vmi.vreg<64xsi32, #pto.vmi.layout<contiguous>> -> !pto.vreg<64xsi32>
  func.return
}

// A b16 mask of lane stride 2 is carried by b32 masks (PTOAS getVMIMaskPhysicalGranularity).
// CHECK-LABEL: func.func @unpack_mask_of_lane_stride(
// CHECK-NEXT: %p = pto.vmi.unpack %0 : !pto.vmi.mask<64xb16, #pto.vmi.layout<contiguous, lane_stride = 2>> -> !pto.mask<b32>
// GENERIC: "pto.vmi.unpack"
func.func @unpack_mask_of_lane_stride(%0: !pto.vmi.mask<64xb16, #pto.vmi.layout<contiguous, lane_stride = 2>>) {
  %p = "pto.vmi.unpack"(%0) : (!pto.vmi.mask<64xb16, #pto.vmi.layout<contiguous, lane_stride = 2>>) -> !pto.mask<b32>
  func.return
}

// PTOAS's `PtrOrMemRef`: a vec memref is the UB pointer of its element type.
// CHECK-LABEL: func.func @load_store_memref(
// CHECK-NEXT: %v = pto.vmi.load %0[%1] : memref<64xf32, #pto.address_space<vec>> -> !pto.vmi.vreg<64xf32>
// CHECK-NEXT: pto.vmi.store %v, %0[%1] : !pto.vmi.vreg<64xf32>, memref<64xf32, #pto.address_space<vec>>
// GENERIC: "pto.vmi.load"
func.func @load_store_memref(%0: memref<64xf32, #pto.address_space<vec>>, %1: index) {
  %v = "pto.vmi.load"(%0, %1) : (memref<64xf32, #pto.address_space<vec>>, index) -> !pto.vmi.vreg<64xf32>
  "pto.vmi.store"(%v, %0, %1) : (!pto.vmi.vreg<64xf32>, memref<64xf32, #pto.address_space<vec>>, index) -> ()
  func.return
}

// CHECK-LABEL: func.func @vabs(
// CHECK-NEXT: %abs = pto.vmi.vabs %0 : !pto.vmi.vreg<256xbf16> -> !pto.vmi.vreg<256xbf16>
// GENERIC: "pto.vmi.vabs"
func.func @vabs(%0: !pto.vmi.vreg<256xbf16>) {
  %abs = pto.vmi.vabs %0 : !pto.vmi.vreg<256xbf16> -> !pto.vmi.vreg<256xbf16>
  func.return
}

// CHECK-LABEL: func.func @vadd(
// CHECK-NEXT: %out2_f32 = pto.vmi.vadd %0, %1 : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.vadd"
func.func @vadd(%0: !pto.vmi.vreg<64xf32>, %1: !pto.vmi.vreg<64xf32>) {
  %out2_f32 = pto.vmi.vadd %0, %1 : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @vaddc(
// CHECK-NEXT: %r, %c = pto.vmi.vaddc %a, %b, %m : !pto.vmi.vreg<64xi32>, !pto.vmi.vreg<64xi32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xi32>, !pto.vmi.mask<64xpred>
// GENERIC: "pto.vmi.vaddc"
func.func @vaddc(%a: !pto.vmi.vreg<64xi32>, %b: !pto.vmi.vreg<64xi32>, %m: !pto.vmi.mask<64xpred>) {
  %r, %c = pto.vmi.vaddc %a, %b, %m : !pto.vmi.vreg<64xi32>, !pto.vmi.vreg<64xi32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xi32>, !pto.vmi.mask<64xpred>
  func.return
}

// CHECK-LABEL: func.func @vaddcs(
// CHECK-NEXT: %r, %c = pto.vmi.vaddcs %a, %b, %ci, %m : !pto.vmi.vreg<64xi32>, !pto.vmi.vreg<64xi32>, !pto.vmi.mask<64xpred>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xi32>, !pto.vmi.mask<64xpred>
// GENERIC: "pto.vmi.vaddcs"
func.func @vaddcs(%a: !pto.vmi.vreg<64xi32>, %b: !pto.vmi.vreg<64xi32>, %ci: !pto.vmi.mask<64xpred>, %m: !pto.vmi.mask<64xpred>) {
  %r, %c = pto.vmi.vaddcs %a, %b, %ci, %m : !pto.vmi.vreg<64xi32>, !pto.vmi.vreg<64xi32>, !pto.vmi.mask<64xpred>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xi32>, !pto.vmi.mask<64xpred>
  func.return
}

// CHECK-LABEL: func.func @vadds(
// CHECK-NEXT: %r = pto.vmi.vadds %a, %s, %m : !pto.vmi.vreg<64xf32>, f32, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.vadds"
func.func @vadds(%a: !pto.vmi.vreg<64xf32>, %s: f32, %m: !pto.vmi.mask<64xpred>) {
  %r = pto.vmi.vadds %a, %s, %m : !pto.vmi.vreg<64xf32>, f32, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @vand(
// CHECK-NEXT: %and = pto.vmi.vand %0, %1 : !pto.vmi.vreg<128xi32, #pto.vmi.layout<deinterleaved = 2>>, !pto.vmi.vreg<128xi32, #pto.vmi.layout<deinterleaved = 2>> -> !pto.vmi.vreg<128xi32, #pto.vmi.layout<deinterleaved = 2>>
// GENERIC: "pto.vmi.vand"
func.func @vand(%0: !pto.vmi.vreg<128xi32, #pto.vmi.layout<deinterleaved = 2>>, %1: !pto.vmi.vreg<128xi32, #pto.vmi.layout<deinterleaved = 2>>) {
  %and = pto.vmi.vand %0, %1 : !pto.vmi.vreg<128xi32, #pto.vmi.layout<deinterleaved = 2>>, !pto.vmi.vreg<128xi32, #pto.vmi.layout<deinterleaved = 2>> -> !pto.vmi.vreg<128xi32, #pto.vmi.layout<deinterleaved = 2>>
  func.return
}

// CHECK-LABEL: func.func @vaxpy(
// CHECK-NEXT: %r = pto.vmi.vaxpy %x, %acc, %al, %m : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32>, f32, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.vaxpy"
func.func @vaxpy(%x: !pto.vmi.vreg<64xf32>, %acc: !pto.vmi.vreg<64xf32>, %al: f32, %m: !pto.vmi.mask<64xpred>) {
  %r = pto.vmi.vaxpy %x, %acc, %al, %m : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32>, f32, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @vbrc(
// CHECK-NEXT: %scale128 = pto.vmi.vbrc %0 {group = 4 : i64} : !pto.vmi.vreg<4xbf16> -> !pto.vmi.vreg<128xbf16>
// GENERIC: "pto.vmi.vbrc"
func.func @vbrc(%0: !pto.vmi.vreg<4xbf16>) {
  %scale128 = pto.vmi.vbrc %0 {group = 4 : i64} : !pto.vmi.vreg<4xbf16> -> !pto.vmi.vreg<128xbf16>
  func.return
}

// CHECK-LABEL: func.func @vcadd(
// CHECK-NEXT: %sum = pto.vmi.vcadd %0, %1 {group = 1 : i64, reassoc} : !pto.vmi.vreg<64xf32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<1xf32>
// GENERIC: "pto.vmi.vcadd"
func.func @vcadd(%0: !pto.vmi.vreg<64xf32>, %1: !pto.vmi.mask<64xpred>) {
  %sum = pto.vmi.vcadd %0, %1 {group = 1 : i64, reassoc} : !pto.vmi.vreg<64xf32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<1xf32>
  func.return
}

// CHECK-LABEL: func.func @vchist(
// CHECK-NEXT: %hist = pto.vmi.vchist %0, %1, %2 : !pto.vmi.vreg<128xui16>, !pto.vmi.vreg<300xui8>, !pto.vmi.mask<300xpred> -> !pto.vmi.vreg<128xui16>
// GENERIC: "pto.vmi.vchist"
func.func @vchist(%0: !pto.vmi.vreg<128xui16>, %1: !pto.vmi.vreg<300xui8>, %2: !pto.vmi.mask<300xpred>) {
  %hist = pto.vmi.vchist %0, %1, %2 : !pto.vmi.vreg<128xui16>, !pto.vmi.vreg<300xui8>, !pto.vmi.mask<300xpred> -> !pto.vmi.vreg<128xui16>
  func.return
}

// CHECK-LABEL: func.func @vci(
// CHECK-NEXT: %iota = pto.vmi.vci %0 : f32 -> !pto.vmi.vreg<128xf32>
// GENERIC: "pto.vmi.vci"
func.func @vci(%0: f32) {
  %iota = pto.vmi.vci %0 : f32 -> !pto.vmi.vreg<128xf32>
  func.return
}

// CHECK-LABEL: func.func @vcmax(
// CHECK-NEXT: %amax = pto.vmi.vcmax %0, %1 {group = 4 : i64} : !pto.vmi.vreg<256xf32>, !pto.vmi.mask<256xpred> -> !pto.vmi.vreg<4xf32>
// GENERIC: "pto.vmi.vcmax"
func.func @vcmax(%0: !pto.vmi.vreg<256xf32>, %1: !pto.vmi.mask<256xpred>) {
  %amax = pto.vmi.vcmax %0, %1 {group = 4 : i64} : !pto.vmi.vreg<256xf32>, !pto.vmi.mask<256xpred> -> !pto.vmi.vreg<4xf32>
  func.return
}

// CHECK-LABEL: func.func @vcmin(
// CHECK-NEXT: %out = pto.vmi.vcmin %0, %1 : !pto.vmi.vreg<128xf16>, !pto.vmi.mask<128xpred> -> !pto.vmi.vreg<1xf16>
// GENERIC: "pto.vmi.vcmin"
func.func @vcmin(%0: !pto.vmi.vreg<128xf16>, %1: !pto.vmi.mask<128xpred>) {
  %out = pto.vmi.vcmin %0, %1 : !pto.vmi.vreg<128xf16>, !pto.vmi.mask<128xpred> -> !pto.vmi.vreg<1xf16>
  func.return
}

// CHECK-LABEL: func.func @vcmp(
// CHECK-NEXT: %finite_mask = pto.vmi.vcmp %0, %1, %2 {cmp = "olt"} : !pto.vmi.vreg<128xf32>, !pto.vmi.vreg<128xf32>, !pto.vmi.mask<128xpred> -> !pto.vmi.mask<128xpred>
// GENERIC: "pto.vmi.vcmp"
func.func @vcmp(%0: !pto.vmi.vreg<128xf32>, %1: !pto.vmi.vreg<128xf32>, %2: !pto.vmi.mask<128xpred>) {
  %finite_mask = pto.vmi.vcmp %0, %1, %2 {cmp = "olt"} : !pto.vmi.vreg<128xf32>, !pto.vmi.vreg<128xf32>, !pto.vmi.mask<128xpred> -> !pto.vmi.mask<128xpred>
  func.return
}

// CHECK-LABEL: func.func @vcmps(
// CHECK-NEXT: %valid = pto.vmi.vcmps %0, %1, %2 {cmp = "lt"} : !pto.vmi.vreg<256xui32>, ui32, !pto.vmi.mask<256xpred> -> !pto.vmi.mask<256xpred>
// GENERIC: "pto.vmi.vcmps"
func.func @vcmps(%0: !pto.vmi.vreg<256xui32>, %1: ui32, %2: !pto.vmi.mask<256xpred>) {
  %valid = pto.vmi.vcmps %0, %1, %2 {cmp = "lt"} : !pto.vmi.vreg<256xui32>, ui32, !pto.vmi.mask<256xpred> -> !pto.vmi.mask<256xpred>
  func.return
}

// CHECK-LABEL: func.func @vcvt(
// CHECK-NEXT: %cvt = pto.vmi.vcvt %0 {rounding = "Z", saturate = "SAT"} : !pto.vmi.vreg<64xf32, #pto.vmi.layout<contiguous>> -> !pto.vmi.vreg<64xsi32, #pto.vmi.layout<contiguous>>
// GENERIC: "pto.vmi.vcvt"
func.func @vcvt(%0: !pto.vmi.vreg<64xf32, #pto.vmi.layout<contiguous>>) {
  %cvt = pto.vmi.vcvt %0 {rounding = "Z", saturate = "SAT"} : !pto.vmi.vreg<64xf32, #pto.vmi.layout<contiguous>> -> !pto.vmi.vreg<64xsi32, #pto.vmi.layout<contiguous>>
  func.return
}

// CHECK-LABEL: func.func @vdhist(
// CHECK-NEXT: %hist = pto.vmi.vdhist %0, %1, %2 : !pto.vmi.vreg<256xui16>, !pto.vmi.vreg<256xui8>, !pto.vmi.mask<256xpred> -> !pto.vmi.vreg<256xui16>
// GENERIC: "pto.vmi.vdhist"
func.func @vdhist(%0: !pto.vmi.vreg<256xui16>, %1: !pto.vmi.vreg<256xui8>, %2: !pto.vmi.mask<256xpred>) {
  %hist = pto.vmi.vdhist %0, %1, %2 : !pto.vmi.vreg<256xui16>, !pto.vmi.vreg<256xui8>, !pto.vmi.mask<256xpred> -> !pto.vmi.vreg<256xui16>
  func.return
}

// CHECK-LABEL: func.func @vdintlv(
// CHECK-NEXT: %lo, %hi = pto.vmi.vdintlv %0, %1, %2 : !pto.vmi.vreg<128xf32>, !pto.vmi.vreg<128xf32>, !pto.vmi.mask<128xb32> -> !pto.vmi.vreg<128xf32>, !pto.vmi.vreg<128xf32>
// GENERIC: "pto.vmi.vdintlv"
func.func @vdintlv(%0: !pto.vmi.vreg<128xf32>, %1: !pto.vmi.vreg<128xf32>, %2: !pto.vmi.mask<128xb32>) {
  %lo, %hi = pto.vmi.vdintlv %0, %1, %2 : !pto.vmi.vreg<128xf32>, !pto.vmi.vreg<128xf32>, !pto.vmi.mask<128xb32> -> !pto.vmi.vreg<128xf32>, !pto.vmi.vreg<128xf32>
  func.return
}

// CHECK-LABEL: func.func @vdiv(
// CHECK-NEXT: %scale_raw = pto.vmi.vdiv %0, %1 : !pto.vmi.vreg<1xf32>, !pto.vmi.vreg<1xf32> -> !pto.vmi.vreg<1xf32>
// GENERIC: "pto.vmi.vdiv"
func.func @vdiv(%0: !pto.vmi.vreg<1xf32>, %1: !pto.vmi.vreg<1xf32>) {
  %scale_raw = pto.vmi.vdiv %0, %1 : !pto.vmi.vreg<1xf32>, !pto.vmi.vreg<1xf32> -> !pto.vmi.vreg<1xf32>
  func.return
}

// CHECK-LABEL: func.func @vexp(
// CHECK-NEXT: %exp = pto.vmi.vexp %0 : !pto.vmi.vreg<128xf32> -> !pto.vmi.vreg<128xf32>
// GENERIC: "pto.vmi.vexp"
func.func @vexp(%0: !pto.vmi.vreg<128xf32>) {
  %exp = pto.vmi.vexp %0 : !pto.vmi.vreg<128xf32> -> !pto.vmi.vreg<128xf32>
  func.return
}

// CHECK-LABEL: func.func @vexpdif(
// CHECK-NEXT: %exp = pto.vmi.vexpdif %0, %1, %2 : !pto.vmi.vreg<128xf32>, !pto.vmi.vreg<128xf32>, !pto.vmi.mask<128xpred> -> !pto.vmi.vreg<128xf32>
// GENERIC: "pto.vmi.vexpdif"
func.func @vexpdif(%0: !pto.vmi.vreg<128xf32>, %1: !pto.vmi.vreg<128xf32>, %2: !pto.vmi.mask<128xpred>) {
  %exp = pto.vmi.vexpdif %0, %1, %2 : !pto.vmi.vreg<128xf32>, !pto.vmi.vreg<128xf32>, !pto.vmi.mask<128xpred> -> !pto.vmi.vreg<128xf32>
  func.return
}

// CHECK-LABEL: func.func @vgather(
// CHECK-NEXT: %out = pto.vmi.vgather %0, %1, %2 : !pto.ptr<f32, ub>, !pto.vmi.vreg<64xi32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.vgather"
func.func @vgather(%0: !pto.ptr<f32, ub>, %1: !pto.vmi.vreg<64xi32>, %2: !pto.vmi.mask<64xpred>) {
  %out = pto.vmi.vgather %0, %1, %2 : !pto.ptr<f32, ub>, !pto.vmi.vreg<64xi32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @vgatherb(
// CHECK-NEXT: %r = pto.vmi.vgatherb %p, %o, %m : !pto.ptr<f32, ub>, !pto.vmi.vreg<8xui32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.vgatherb"
func.func @vgatherb(%p: !pto.ptr<f32, ub>, %o: !pto.vmi.vreg<8xui32>, %m: !pto.vmi.mask<64xpred>) {
  %r = pto.vmi.vgatherb %p, %o, %m : !pto.ptr<f32, ub>, !pto.vmi.vreg<8xui32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @vinterpret_cast(
// CHECK-NEXT: %low32 = pto.vmi.vinterpret_cast %0 : !pto.vmi.vreg<256xbf16> -> !pto.vmi.vreg<128xf32>
// GENERIC: "pto.vmi.vinterpret_cast"
func.func @vinterpret_cast(%0: !pto.vmi.vreg<256xbf16>) {
  %low32 = pto.vmi.vinterpret_cast %0 : !pto.vmi.vreg<256xbf16> -> !pto.vmi.vreg<128xf32>
  func.return
}

// CHECK-LABEL: func.func @vintlv(
// CHECK-NEXT: %low, %high = pto.vmi.vintlv %0, %1, %2 : !pto.vmi.vreg<256xbf16>, !pto.vmi.vreg<256xbf16>, !pto.vmi.mask<256xpred> -> !pto.vmi.vreg<256xbf16>, !pto.vmi.vreg<256xbf16>
// GENERIC: "pto.vmi.vintlv"
func.func @vintlv(%0: !pto.vmi.vreg<256xbf16>, %1: !pto.vmi.vreg<256xbf16>, %2: !pto.vmi.mask<256xpred>) {
  %low, %high = pto.vmi.vintlv %0, %1, %2 : !pto.vmi.vreg<256xbf16>, !pto.vmi.vreg<256xbf16>, !pto.vmi.mask<256xpred> -> !pto.vmi.vreg<256xbf16>, !pto.vmi.vreg<256xbf16>
  func.return
}

// CHECK-LABEL: func.func @vln(
// CHECK-NEXT: %ln = pto.vmi.vln %0 : !pto.vmi.vreg<128xf32> -> !pto.vmi.vreg<128xf32>
// GENERIC: "pto.vmi.vln"
func.func @vln(%0: !pto.vmi.vreg<128xf32>) {
  %ln = pto.vmi.vln %0 : !pto.vmi.vreg<128xf32> -> !pto.vmi.vreg<128xf32>
  func.return
}

// CHECK-LABEL: func.func @vload(
// CHECK-NEXT: %x = pto.vmi.vload %0[%1] : !pto.ptr<bf16, ub> -> !pto.vmi.vreg<256xbf16>
// GENERIC: "pto.vmi.vload"
func.func @vload(%0: !pto.ptr<bf16, ub>, %1: index) {
  %x = pto.vmi.vload %0[%1] : !pto.ptr<bf16, ub> -> !pto.vmi.vreg<256xbf16>
  func.return
}

// CHECK-LABEL: func.func @vlrelu(
// CHECK-NEXT: %r = pto.vmi.vlrelu %x, %s, %m : !pto.vmi.vreg<64xf32>, f32, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.vlrelu"
func.func @vlrelu(%x: !pto.vmi.vreg<64xf32>, %s: f32, %m: !pto.vmi.mask<64xpred>) {
  %r = pto.vmi.vlrelu %x, %s, %m : !pto.vmi.vreg<64xf32>, f32, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @vmax(
// CHECK-NEXT: %amax = pto.vmi.vmax %0, %1 : !pto.vmi.vreg<2xf32>, !pto.vmi.vreg<2xf32> -> !pto.vmi.vreg<2xf32>
// GENERIC: "pto.vmi.vmax"
func.func @vmax(%0: !pto.vmi.vreg<2xf32>, %1: !pto.vmi.vreg<2xf32>) {
  %amax = pto.vmi.vmax %0, %1 : !pto.vmi.vreg<2xf32>, !pto.vmi.vreg<2xf32> -> !pto.vmi.vreg<2xf32>
  func.return
}

// CHECK-LABEL: func.func @vmaxs(
// CHECK-NEXT: %r = pto.vmi.vmaxs %a, %s, %m : !pto.vmi.vreg<64xf32>, f32, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.vmaxs"
func.func @vmaxs(%a: !pto.vmi.vreg<64xf32>, %s: f32, %m: !pto.vmi.mask<64xpred>) {
  %r = pto.vmi.vmaxs %a, %s, %m : !pto.vmi.vreg<64xf32>, f32, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @vmin(
// CHECK-NEXT: %scale_clamped_vec = pto.vmi.vmin %0, %1 : !pto.vmi.vreg<128xf32>, !pto.vmi.vreg<128xf32> -> !pto.vmi.vreg<128xf32>
// GENERIC: "pto.vmi.vmin"
func.func @vmin(%0: !pto.vmi.vreg<128xf32>, %1: !pto.vmi.vreg<128xf32>) {
  %scale_clamped_vec = pto.vmi.vmin %0, %1 : !pto.vmi.vreg<128xf32>, !pto.vmi.vreg<128xf32> -> !pto.vmi.vreg<128xf32>
  func.return
}

// CHECK-LABEL: func.func @vmins(
// CHECK-NEXT: %r = pto.vmi.vmins %a, %s, %m : !pto.vmi.vreg<64xf32>, f32, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.vmins"
func.func @vmins(%a: !pto.vmi.vreg<64xf32>, %s: f32, %m: !pto.vmi.mask<64xpred>) {
  %r = pto.vmi.vmins %a, %s, %m : !pto.vmi.vreg<64xf32>, f32, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @vmul(
// CHECK-NEXT: %q = pto.vmi.vmul %0, %1 : !pto.vmi.vreg<128xbf16>, !pto.vmi.vreg<128xbf16> -> !pto.vmi.vreg<128xbf16>
// GENERIC: "pto.vmi.vmul"
func.func @vmul(%0: !pto.vmi.vreg<128xbf16>, %1: !pto.vmi.vreg<128xbf16>) {
  %q = pto.vmi.vmul %0, %1 : !pto.vmi.vreg<128xbf16>, !pto.vmi.vreg<128xbf16> -> !pto.vmi.vreg<128xbf16>
  func.return
}

// CHECK-LABEL: func.func @vmula(
// CHECK-NEXT: %xg0_new = pto.vmi.vmula %0, %1, %2 : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.vmula"
func.func @vmula(%0: !pto.vmi.vreg<64xf32>, %1: !pto.vmi.vreg<64xf32>, %2: !pto.vmi.vreg<64xf32>) {
  %xg0_new = pto.vmi.vmula %0, %1, %2 : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @vmull(
// CHECK-NEXT: %low, %high = pto.vmi.vmull %0, %1, %2 : !pto.vmi.vreg<128xi32>, !pto.vmi.vreg<128xi32>, !pto.vmi.mask<128xpred> -> !pto.vmi.vreg<128xi32>, !pto.vmi.vreg<128xi32>
// GENERIC: "pto.vmi.vmull"
func.func @vmull(%0: !pto.vmi.vreg<128xi32>, %1: !pto.vmi.vreg<128xi32>, %2: !pto.vmi.mask<128xpred>) {
  %low, %high = pto.vmi.vmull %0, %1, %2 : !pto.vmi.vreg<128xi32>, !pto.vmi.vreg<128xi32>, !pto.vmi.mask<128xpred> -> !pto.vmi.vreg<128xi32>, !pto.vmi.vreg<128xi32>
  func.return
}

// CHECK-LABEL: func.func @vmuls(
// CHECK-NEXT: %r = pto.vmi.vmuls %a, %s, %m : !pto.vmi.vreg<64xf32>, f32, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.vmuls"
func.func @vmuls(%a: !pto.vmi.vreg<64xf32>, %s: f32, %m: !pto.vmi.mask<64xpred>) {
  %r = pto.vmi.vmuls %a, %s, %m : !pto.vmi.vreg<64xf32>, f32, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @vneg(
// CHECK-NEXT: %neg = pto.vmi.vneg %0 : !pto.vmi.vreg<128xf32, #pto.vmi.layout<deinterleaved = 2>> -> !pto.vmi.vreg<128xf32, #pto.vmi.layout<deinterleaved = 2>>
// GENERIC: "pto.vmi.vneg"
func.func @vneg(%0: !pto.vmi.vreg<128xf32, #pto.vmi.layout<deinterleaved = 2>>) {
  %neg = pto.vmi.vneg %0 : !pto.vmi.vreg<128xf32, #pto.vmi.layout<deinterleaved = 2>> -> !pto.vmi.vreg<128xf32, #pto.vmi.layout<deinterleaved = 2>>
  func.return
}

// CHECK-LABEL: func.func @vnot(
// CHECK-NEXT: %not = pto.vmi.vnot %0 : !pto.vmi.vreg<128xi32, #pto.vmi.layout<deinterleaved = 2>> -> !pto.vmi.vreg<128xi32, #pto.vmi.layout<deinterleaved = 2>>
// GENERIC: "pto.vmi.vnot"
func.func @vnot(%0: !pto.vmi.vreg<128xi32, #pto.vmi.layout<deinterleaved = 2>>) {
  %not = pto.vmi.vnot %0 : !pto.vmi.vreg<128xi32, #pto.vmi.layout<deinterleaved = 2>> -> !pto.vmi.vreg<128xi32, #pto.vmi.layout<deinterleaved = 2>>
  func.return
}

// CHECK-LABEL: func.func @vor(
// CHECK-NEXT: %out = pto.vmi.vor %0, %1 : !pto.vmi.mask<128xb16, #pto.vmi.layout<contiguous>>, !pto.vmi.mask<128xb16, #pto.vmi.layout<contiguous>> -> !pto.vmi.mask<128xb16, #pto.vmi.layout<contiguous>>
// GENERIC: "pto.vmi.vor"
func.func @vor(%0: !pto.vmi.mask<128xb16, #pto.vmi.layout<contiguous>>, %1: !pto.vmi.mask<128xb16, #pto.vmi.layout<contiguous>>) {
  %out = pto.vmi.vor %0, %1 : !pto.vmi.mask<128xb16, #pto.vmi.layout<contiguous>>, !pto.vmi.mask<128xb16, #pto.vmi.layout<contiguous>> -> !pto.vmi.mask<128xb16, #pto.vmi.layout<contiguous>>
  func.return
}

// CHECK-LABEL: func.func @vprelu(
// CHECK-NEXT: %r = pto.vmi.vprelu %x, %al, %m : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.vprelu"
func.func @vprelu(%x: !pto.vmi.vreg<64xf32>, %al: !pto.vmi.vreg<64xf32>, %m: !pto.vmi.mask<64xpred>) {
  %r = pto.vmi.vprelu %x, %al, %m : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32>, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @vrelu(
// CHECK-NEXT: %relu = pto.vmi.vrelu %0 : !pto.vmi.vreg<128xsi32> -> !pto.vmi.vreg<128xsi32>
// GENERIC: "pto.vmi.vrelu"
func.func @vrelu(%0: !pto.vmi.vreg<128xsi32>) {
  %relu = pto.vmi.vrelu %0 : !pto.vmi.vreg<128xsi32> -> !pto.vmi.vreg<128xsi32>
  func.return
}

// CHECK-LABEL: func.func @vscatter(
// CHECK-NEXT: pto.vmi.vscatter %0, %1, %2, %3 : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.vmi.vreg<64xi32>, !pto.vmi.mask<64xpred>
// GENERIC: "pto.vmi.vscatter"
func.func @vscatter(%0: !pto.vmi.vreg<64xf32>, %1: !pto.ptr<f32, ub>, %2: !pto.vmi.vreg<64xi32>, %3: !pto.vmi.mask<64xpred>) {
  pto.vmi.vscatter %0, %1, %2, %3 : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.vmi.vreg<64xi32>, !pto.vmi.mask<64xpred>
  func.return
}

// CHECK-LABEL: func.func @vsel(
// CHECK-NEXT: %scale_vec = pto.vmi.vsel %0, %1, %2 : !pto.vmi.mask<128xpred>, !pto.vmi.vreg<128xf32>, !pto.vmi.vreg<128xf32> -> !pto.vmi.vreg<128xf32>
// GENERIC: "pto.vmi.vsel"
func.func @vsel(%0: !pto.vmi.mask<128xpred>, %1: !pto.vmi.vreg<128xf32>, %2: !pto.vmi.vreg<128xf32>) {
  %scale_vec = pto.vmi.vsel %0, %1, %2 : !pto.vmi.mask<128xpred>, !pto.vmi.vreg<128xf32>, !pto.vmi.vreg<128xf32> -> !pto.vmi.vreg<128xf32>
  func.return
}

// CHECK-LABEL: func.func @vselr(
// CHECK-NEXT: %result = pto.vmi.vselr %0, %1 : !pto.vmi.vreg<64xui32>, !pto.vmi.vreg<64xui32> -> !pto.vmi.vreg<64xui32>
// GENERIC: "pto.vmi.vselr"
func.func @vselr(%0: !pto.vmi.vreg<64xui32>, %1: !pto.vmi.vreg<64xui32>) {
  %result = pto.vmi.vselr %0, %1 : !pto.vmi.vreg<64xui32>, !pto.vmi.vreg<64xui32> -> !pto.vmi.vreg<64xui32>
  func.return
}

// CHECK-LABEL: func.func @vshl(
// CHECK-NEXT: %shift = pto.vmi.vshl %0, %1 : !pto.vmi.vreg<128xi32, #pto.vmi.layout<deinterleaved = 2>>, !pto.vmi.vreg<128xi32, #pto.vmi.layout<deinterleaved = 2>> -> !pto.vmi.vreg<128xi32, #pto.vmi.layout<deinterleaved = 2>>
// GENERIC: "pto.vmi.vshl"
func.func @vshl(%0: !pto.vmi.vreg<128xi32, #pto.vmi.layout<deinterleaved = 2>>, %1: !pto.vmi.vreg<128xi32, #pto.vmi.layout<deinterleaved = 2>>) {
  %shift = pto.vmi.vshl %0, %1 : !pto.vmi.vreg<128xi32, #pto.vmi.layout<deinterleaved = 2>>, !pto.vmi.vreg<128xi32, #pto.vmi.layout<deinterleaved = 2>> -> !pto.vmi.vreg<128xi32, #pto.vmi.layout<deinterleaved = 2>>
  func.return
}

// CHECK-LABEL: func.func @vshls(
// CHECK-NEXT: %r = pto.vmi.vshls %a, %s, %m : !pto.vmi.vreg<64xi32>, i16, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xi32>
// GENERIC: "pto.vmi.vshls"
func.func @vshls(%a: !pto.vmi.vreg<64xi32>, %s: i16, %m: !pto.vmi.mask<64xpred>) {
  %r = pto.vmi.vshls %a, %s, %m : !pto.vmi.vreg<64xi32>, i16, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xi32>
  func.return
}

// CHECK-LABEL: func.func @vshr(
// CHECK-NEXT: %shifted = pto.vmi.vshr %0, %1 : !pto.vmi.vreg<256xsi16>, !pto.vmi.vreg<256xsi16> -> !pto.vmi.vreg<256xsi16>
// GENERIC: "pto.vmi.vshr"
func.func @vshr(%0: !pto.vmi.vreg<256xsi16>, %1: !pto.vmi.vreg<256xsi16>) {
  %shifted = pto.vmi.vshr %0, %1 : !pto.vmi.vreg<256xsi16>, !pto.vmi.vreg<256xsi16> -> !pto.vmi.vreg<256xsi16>
  func.return
}

// CHECK-LABEL: func.func @vshrs(
// CHECK-NEXT: %r = pto.vmi.vshrs %a, %s, %m : !pto.vmi.vreg<64xi32>, i16, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xi32>
// GENERIC: "pto.vmi.vshrs"
func.func @vshrs(%a: !pto.vmi.vreg<64xi32>, %s: i16, %m: !pto.vmi.mask<64xpred>) {
  %r = pto.vmi.vshrs %a, %s, %m : !pto.vmi.vreg<64xi32>, i16, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xi32>
  func.return
}

// CHECK-LABEL: func.func @vsqrt(
// CHECK-NEXT: %sqrt = pto.vmi.vsqrt %0 : !pto.vmi.vreg<128xf32> -> !pto.vmi.vreg<128xf32>
// GENERIC: "pto.vmi.vsqrt"
func.func @vsqrt(%0: !pto.vmi.vreg<128xf32>) {
  %sqrt = pto.vmi.vsqrt %0 : !pto.vmi.vreg<128xf32> -> !pto.vmi.vreg<128xf32>
  func.return
}

// CHECK-LABEL: func.func @vsstb(
// CHECK-NEXT: pto.vmi.vsstb %0, %1[%2], %3, %4 : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.vmi.mask<64xpred>
// GENERIC: "pto.vmi.vsstb"
func.func @vsstb(%0: !pto.vmi.vreg<64xf32>, %1: !pto.ptr<f32, ub>, %2: index, %3: i16, %4: !pto.vmi.mask<64xpred>) {
  pto.vmi.vsstb %0, %1[%2], %3, %4 : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.vmi.mask<64xpred>
  func.return
}

// CHECK-LABEL: func.func @vstore(
// CHECK-NEXT: pto.vmi.vstore %0, %1[%2] : !pto.vmi.vreg<128xbf16>, !pto.ptr<bf16, ub>
// GENERIC: "pto.vmi.vstore"
func.func @vstore(%0: !pto.vmi.vreg<128xbf16>, %1: !pto.ptr<bf16, ub>, %2: index) {
  pto.vmi.vstore %0, %1[%2] : !pto.vmi.vreg<128xbf16>, !pto.ptr<bf16, ub>
  func.return
}

// CHECK-LABEL: func.func @vsub(
// CHECK-NEXT: %out1_f32 = pto.vmi.vsub %0, %1 : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
// GENERIC: "pto.vmi.vsub"
func.func @vsub(%0: !pto.vmi.vreg<64xf32>, %1: !pto.vmi.vreg<64xf32>) {
  %out1_f32 = pto.vmi.vsub %0, %1 : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @vxor(
// CHECK-NEXT: %xor = pto.vmi.vxor %0, %1 : !pto.vmi.vreg<256xi16>, !pto.vmi.vreg<256xi16> -> !pto.vmi.vreg<256xi16>
// GENERIC: "pto.vmi.vxor"
func.func @vxor(%0: !pto.vmi.vreg<256xi16>, %1: !pto.vmi.vreg<256xi16>) {
  %xor = pto.vmi.vxor %0, %1 : !pto.vmi.vreg<256xi16>, !pto.vmi.vreg<256xi16> -> !pto.vmi.vreg<256xi16>
  func.return
}

// CHECK-LABEL: func.func @xori(
// CHECK-NEXT: %r = pto.vmi.xori %a, %b : !pto.vmi.vreg<64xi32>, !pto.vmi.vreg<64xi32> -> !pto.vmi.vreg<64xi32>
// GENERIC: "pto.vmi.xori"
func.func @xori(%a: !pto.vmi.vreg<64xi32>, %b: !pto.vmi.vreg<64xi32>) {
  %r = pto.vmi.xori %a, %b : !pto.vmi.vreg<64xi32>, !pto.vmi.vreg<64xi32> -> !pto.vmi.vreg<64xi32>
  func.return
}
