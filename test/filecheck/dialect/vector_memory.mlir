// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// Every op and form of seed 002 (vector load/store); the seed's syntax lines with
// T=f32, N=64, I=i32, G=b32, and its complete example lines verbatim.

// CHECK-LABEL: func.func @seed_vlds_norm(
// CHECK-NEXT:    %v = pto.vlds %ub[%offset] {dist = "NORM"} : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
// GENERIC: %v = "pto.vlds"(%ub, %offset) <{dist = "NORM"}> : (!pto.ptr<f32, ub>, index) -> !pto.vreg<64xf32>
func.func @seed_vlds_norm(%ub: !pto.ptr<f32, ub>, %offset: index, %c0: index) {
  %v = pto.vlds %ub[%offset] {dist = "NORM"} : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @seed_vlds_brc(
// CHECK-NEXT:    %v = pto.vlds %ub[%c0] {dist = "BRC_B32"} : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
// GENERIC: %v = "pto.vlds"(%ub, %c0) <{dist = "BRC_B32"}> : (!pto.ptr<f32, ub>, index) -> !pto.vreg<64xf32>
func.func @seed_vlds_brc(%ub: !pto.ptr<f32, ub>, %offset: index, %c0: index) {
  %v = pto.vlds %ub[%c0] {dist = "BRC_B32"} : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @seed_kernel_lines(
// CHECK-NEXT:    %vec = pto.vlds %ub_in[%offset] : !pto.ptr -> !pto.vreg<64xf32>
// CHECK-NEXT:    pto.vsts %vec, %ub_out[%offset], %mask : !pto.vreg<64xf32>, !pto.ptr, !pto.mask<b32>
// GENERIC: %vec = "pto.vlds"(%ub_in, %offset) : (!pto.ptr, index) -> !pto.vreg<64xf32>
// GENERIC: "pto.vsts"(%vec, %ub_out, %offset, %mask) : (!pto.vreg<64xf32>, !pto.ptr, index, !pto.mask<b32>) -> ()
func.func @seed_kernel_lines(%ub_in: !pto.ptr, %ub_out: !pto.ptr, %offset: index, %mask: !pto.mask<b32>) {
  %vec = pto.vlds %ub_in[%offset] : !pto.ptr -> !pto.vreg<64xf32>
  pto.vsts %vec, %ub_out[%offset], %mask : !pto.vreg<64xf32>, !pto.ptr, !pto.mask<b32>
  func.return
}

// CHECK-LABEL: func.func @seed_unaligned_load(
// CHECK-NEXT:    %align = pto.vldas %ub : !pto.ptr<f32, ub> -> !pto.align
// CHECK-NEXT:    %vec, %align2, %ub2 = pto.vldus %ub, %align : !pto.ptr<f32, ub>, !pto.align -> !pto.vreg<64xf32>, !pto.align, !pto.ptr<f32, ub>
// GENERIC: %align = "pto.vldas"(%ub) : (!pto.ptr<f32, ub>) -> !pto.align
// GENERIC: %vec, %align2, %ub2 = "pto.vldus"(%ub, %align) : (!pto.ptr<f32, ub>, !pto.align) -> (!pto.vreg<64xf32>, !pto.align, !pto.ptr<f32, ub>)
func.func @seed_unaligned_load(%ub: !pto.ptr<f32, ub>) {
  %align = pto.vldas %ub : !pto.ptr<f32, ub> -> !pto.align
  %vec, %align2, %ub2 = pto.vldus %ub, %align : !pto.ptr<f32, ub>, !pto.align -> !pto.vreg<64xf32>, !pto.align, !pto.ptr<f32, ub>
  func.return
}

// CHECK-LABEL: func.func @seed_vldsx2(
// CHECK-NEXT:    %x, %y = pto.vldsx2 %ub[%offset], "DINTLV_B32" : !pto.ptr<f32, ub>, index -> !pto.vreg<64xf32>, !pto.vreg<64xf32>
// GENERIC: %x, %y = "pto.vldsx2"(%ub, %offset) <{dist = "DINTLV_B32"}> : (!pto.ptr<f32, ub>, index) -> (!pto.vreg<64xf32>, !pto.vreg<64xf32>)
func.func @seed_vldsx2(%ub: !pto.ptr<f32, ub>, %offset: index, %c0: index) {
  %x, %y = pto.vldsx2 %ub[%offset], "DINTLV_B32" : !pto.ptr<f32, ub>, index -> !pto.vreg<64xf32>, !pto.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @seed_vsts(
// CHECK-NEXT:    pto.vsts %v, %ub[%offset], %mask {dist = "NORM_B32"} : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
// GENERIC: "pto.vsts"(%v, %ub, %offset, %mask) <{dist = "NORM_B32"}> : (!pto.vreg<64xf32>, !pto.ptr<f32, ub>, index, !pto.mask<b32>) -> ()
func.func @seed_vsts(%v: !pto.vreg<64xf32>, %ub: !pto.ptr<f32, ub>, %offset: index, %mask: !pto.mask<b32>) {
  pto.vsts %v, %ub[%offset], %mask {dist = "NORM_B32"} : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
  func.return
}

// CHECK-LABEL: func.func @syntax_vlds(
// CHECK-NEXT:    %result = pto.vlds %source[%offset] {dist = "NORM"} : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
// GENERIC: %result = "pto.vlds"(%source, %offset) <{dist = "NORM"}> : (!pto.ptr<f32, ub>, index) -> !pto.vreg<64xf32>
func.func @syntax_vlds(%source: !pto.ptr<f32, ub>, %offset: index) {
  %result = pto.vlds %source[%offset] {dist = "NORM"} : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @syntax_vldas(
// CHECK-NEXT:    %result = pto.vldas %source : !pto.ptr<f32, ub> -> !pto.align
// GENERIC: %result = "pto.vldas"(%source) : (!pto.ptr<f32, ub>) -> !pto.align
func.func @syntax_vldas(%source: !pto.ptr<f32, ub>) {
  %result = pto.vldas %source : !pto.ptr<f32, ub> -> !pto.align
  func.return
}

// CHECK-LABEL: func.func @syntax_vldus(
// CHECK-NEXT:    %result, %align_out, %base_out = pto.vldus %source, %align : !pto.ptr<f32, ub>, !pto.align -> !pto.vreg<64xf32>, !pto.align, !pto.ptr<f32, ub>
// GENERIC: %result, %align_out, %base_out = "pto.vldus"(%source, %align) : (!pto.ptr<f32, ub>, !pto.align) -> (!pto.vreg<64xf32>, !pto.align, !pto.ptr<f32, ub>)
func.func @syntax_vldus(%source: !pto.ptr<f32, ub>, %align: !pto.align) {
  %result, %align_out, %base_out = pto.vldus %source, %align : !pto.ptr<f32, ub>, !pto.align -> !pto.vreg<64xf32>, !pto.align, !pto.ptr<f32, ub>
  func.return
}

// CHECK-LABEL: func.func @syntax_vldsx2(
// CHECK-NEXT:    %low, %high = pto.vldsx2 %source[%offset], "DINTLV_B32" : !pto.ptr<f32, ub>, index -> !pto.vreg<64xf32>, !pto.vreg<64xf32>
// GENERIC: %low, %high = "pto.vldsx2"(%source, %offset) <{dist = "DINTLV_B32"}> : (!pto.ptr<f32, ub>, index) -> (!pto.vreg<64xf32>, !pto.vreg<64xf32>)
func.func @syntax_vldsx2(%source: !pto.ptr<f32, ub>, %offset: index) {
  %low, %high = pto.vldsx2 %source[%offset], "DINTLV_B32" : !pto.ptr<f32, ub>, index -> !pto.vreg<64xf32>, !pto.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @syntax_vsld(
// CHECK-NEXT:    %r0 = pto.vsld %source[%offset], "STRIDE_S3_B16" : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
// CHECK-NEXT:    %r1 = pto.vsld %source[%offset], "STRIDE_S4_B64" : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
// CHECK-NEXT:    %r2 = pto.vsld %source[%offset], "STRIDE_S8_B32" : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
// CHECK-NEXT:    %r3 = pto.vsld %source[%offset], "STRIDE_S2_B64" : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
// GENERIC: %r0 = "pto.vsld"(%source, %offset) <{stride = "STRIDE_S3_B16"}> : (!pto.ptr<f32, ub>, index) -> !pto.vreg<64xf32>
// GENERIC: %r1 = "pto.vsld"(%source, %offset) <{stride = "STRIDE_S4_B64"}> : (!pto.ptr<f32, ub>, index) -> !pto.vreg<64xf32>
// GENERIC: %r2 = "pto.vsld"(%source, %offset) <{stride = "STRIDE_S8_B32"}> : (!pto.ptr<f32, ub>, index) -> !pto.vreg<64xf32>
// GENERIC: %r3 = "pto.vsld"(%source, %offset) <{stride = "STRIDE_S2_B64"}> : (!pto.ptr<f32, ub>, index) -> !pto.vreg<64xf32>
func.func @syntax_vsld(%source: !pto.ptr<f32, ub>, %offset: index) {
  %r0 = pto.vsld %source[%offset], "STRIDE_S3_B16" : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
  %r1 = pto.vsld %source[%offset], "STRIDE_S4_B64" : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
  %r2 = pto.vsld %source[%offset], "STRIDE_S8_B32" : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
  %r3 = pto.vsld %source[%offset], "STRIDE_S2_B64" : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @syntax_vsldb(
// CHECK-NEXT:    %result = pto.vsldb %source, %offset, %mask : !pto.ptr<f32, ub>, i32, !pto.mask<b32> -> !pto.vreg<64xf32>
// GENERIC: %result = "pto.vsldb"(%source, %offset, %mask) : (!pto.ptr<f32, ub>, i32, !pto.mask<b32>) -> !pto.vreg<64xf32>
func.func @syntax_vsldb(%source: !pto.ptr<f32, ub>, %offset: i32, %mask: !pto.mask<b32>) {
  %result = pto.vsldb %source, %offset, %mask : !pto.ptr<f32, ub>, i32, !pto.mask<b32> -> !pto.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @syntax_vgather2(
// CHECK-NEXT:    %result = pto.vgather2 %source, %offsets, %active_lanes : !pto.ptr<f32, ub>, !pto.vreg<64xi32>, index -> !pto.vreg<64xf32>
// GENERIC: %result = "pto.vgather2"(%source, %offsets, %active_lanes) : (!pto.ptr<f32, ub>, !pto.vreg<64xi32>, index) -> !pto.vreg<64xf32>
func.func @syntax_vgather2(%source: !pto.ptr<f32, ub>, %offsets: !pto.vreg<64xi32>, %active_lanes: index) {
  %result = pto.vgather2 %source, %offsets, %active_lanes : !pto.ptr<f32, ub>, !pto.vreg<64xi32>, index -> !pto.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @syntax_vgatherb(
// CHECK-NEXT:    %result = pto.vgatherb %source, %offsets, %active_lanes : !pto.ptr<f32, ub>, !pto.vreg<64xi32>, index -> !pto.vreg<64xf32>
// GENERIC: %result = "pto.vgatherb"(%source, %offsets, %active_lanes) : (!pto.ptr<f32, ub>, !pto.vreg<64xi32>, index) -> !pto.vreg<64xf32>
func.func @syntax_vgatherb(%source: !pto.ptr<f32, ub>, %offsets: !pto.vreg<64xi32>, %active_lanes: index) {
  %result = pto.vgatherb %source, %offsets, %active_lanes : !pto.ptr<f32, ub>, !pto.vreg<64xi32>, index -> !pto.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @syntax_vgather2_bc(
// CHECK-NEXT:    %result = pto.vgather2_bc %source, %offsets, %mask : !pto.ptr<f32, ub>, !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// GENERIC: %result = "pto.vgather2_bc"(%source, %offsets, %mask) : (!pto.ptr<f32, ub>, !pto.vreg<64xi32>, !pto.mask<b32>) -> !pto.vreg<64xf32>
func.func @syntax_vgather2_bc(%source: !pto.ptr<f32, ub>, %offsets: !pto.vreg<64xi32>, %mask: !pto.mask<b32>) {
  %result = pto.vgather2_bc %source, %offsets, %mask : !pto.ptr<f32, ub>, !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xf32>
  func.return
}

// CHECK-LABEL: func.func @syntax_vsts(
// CHECK-NEXT:    pto.vsts %value, %dest[%offset], %mask {dist = "NORM_B32"} : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
// GENERIC: "pto.vsts"(%value, %dest, %offset, %mask) <{dist = "NORM_B32"}> : (!pto.vreg<64xf32>, !pto.ptr<f32, ub>, index, !pto.mask<b32>) -> ()
func.func @syntax_vsts(%value: !pto.vreg<64xf32>, %dest: !pto.ptr<f32, ub>, %offset: index, %mask: !pto.mask<b32>) {
  pto.vsts %value, %dest[%offset], %mask {dist = "NORM_B32"} : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
  func.return
}

// CHECK-LABEL: func.func @syntax_vstsx2(
// CHECK-NEXT:    pto.vstsx2 %low, %high, %dest[%offset], "INTLV_B32", %mask : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.ptr<f32, ub>, index, !pto.mask<b32>
// GENERIC: "pto.vstsx2"(%low, %high, %dest, %offset, %mask) <{dist = "INTLV_B32"}> : (!pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.ptr<f32, ub>, index, !pto.mask<b32>) -> ()
func.func @syntax_vstsx2(%low: !pto.vreg<64xf32>, %high: !pto.vreg<64xf32>, %dest: !pto.ptr<f32, ub>, %offset: index, %mask: !pto.mask<b32>) {
  pto.vstsx2 %low, %high, %dest[%offset], "INTLV_B32", %mask : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.ptr<f32, ub>, index, !pto.mask<b32>
  func.return
}

// CHECK-LABEL: func.func @syntax_vsst(
// CHECK-NEXT:    pto.vsst %value, %dest[%offset], "STRIDE_S3_B16" : !pto.vreg<64xf32>, !pto.ptr<f32, ub>
// CHECK-NEXT:    pto.vsst %value, %dest[%offset], "STRIDE_S4_B64" : !pto.vreg<64xf32>, !pto.ptr<f32, ub>
// CHECK-NEXT:    pto.vsst %value, %dest[%offset], "STRIDE_S8_B32" : !pto.vreg<64xf32>, !pto.ptr<f32, ub>
// CHECK-NEXT:    pto.vsst %value, %dest[%offset], "STRIDE_S2_B64" : !pto.vreg<64xf32>, !pto.ptr<f32, ub>
// GENERIC: "pto.vsst"(%value, %dest, %offset) <{stride = "STRIDE_S3_B16"}> : (!pto.vreg<64xf32>, !pto.ptr<f32, ub>, index) -> ()
// GENERIC: "pto.vsst"(%value, %dest, %offset) <{stride = "STRIDE_S4_B64"}> : (!pto.vreg<64xf32>, !pto.ptr<f32, ub>, index) -> ()
// GENERIC: "pto.vsst"(%value, %dest, %offset) <{stride = "STRIDE_S8_B32"}> : (!pto.vreg<64xf32>, !pto.ptr<f32, ub>, index) -> ()
// GENERIC: "pto.vsst"(%value, %dest, %offset) <{stride = "STRIDE_S2_B64"}> : (!pto.vreg<64xf32>, !pto.ptr<f32, ub>, index) -> ()
func.func @syntax_vsst(%value: !pto.vreg<64xf32>, %dest: !pto.ptr<f32, ub>, %offset: index) {
  pto.vsst %value, %dest[%offset], "STRIDE_S3_B16" : !pto.vreg<64xf32>, !pto.ptr<f32, ub>
  pto.vsst %value, %dest[%offset], "STRIDE_S4_B64" : !pto.vreg<64xf32>, !pto.ptr<f32, ub>
  pto.vsst %value, %dest[%offset], "STRIDE_S8_B32" : !pto.vreg<64xf32>, !pto.ptr<f32, ub>
  pto.vsst %value, %dest[%offset], "STRIDE_S2_B64" : !pto.vreg<64xf32>, !pto.ptr<f32, ub>
  func.return
}

// CHECK-LABEL: func.func @syntax_vsstb(
// CHECK-NEXT:    pto.vsstb %value, %dest, %offset, %mask : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, i32, !pto.mask<b32>
// GENERIC: "pto.vsstb"(%value, %dest, %offset, %mask) : (!pto.vreg<64xf32>, !pto.ptr<f32, ub>, i32, !pto.mask<b32>) -> ()
func.func @syntax_vsstb(%value: !pto.vreg<64xf32>, %dest: !pto.ptr<f32, ub>, %offset: i32, %mask: !pto.mask<b32>) {
  pto.vsstb %value, %dest, %offset, %mask : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, i32, !pto.mask<b32>
  func.return
}

// CHECK-LABEL: func.func @syntax_vscatter(
// CHECK-NEXT:    pto.vscatter %value, %dest, %offsets, %active_lanes : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.vreg<64xi32>, index
// GENERIC: "pto.vscatter"(%value, %dest, %offsets, %active_lanes) : (!pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.vreg<64xi32>, index) -> ()
func.func @syntax_vscatter(%value: !pto.vreg<64xf32>, %dest: !pto.ptr<f32, ub>, %offsets: !pto.vreg<64xi32>, %active_lanes: index) {
  pto.vscatter %value, %dest, %offsets, %active_lanes : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.vreg<64xi32>, index
  func.return
}

// CHECK-LABEL: func.func @syntax_vsta(
// CHECK-NEXT:    pto.vsta %value, %dest[%offset] : !pto.align, !pto.ptr<f32, ub>, index
// GENERIC: "pto.vsta"(%value, %dest, %offset) : (!pto.align, !pto.ptr<f32, ub>, index) -> ()
func.func @syntax_vsta(%value: !pto.align, %dest: !pto.ptr<f32, ub>, %offset: index) {
  pto.vsta %value, %dest[%offset] : !pto.align, !pto.ptr<f32, ub>, index
  func.return
}

// CHECK-LABEL: func.func @syntax_vstu_a(
// CHECK-NEXT:    %align_out, %base_out = pto.vstu %align_in, %base_in, %value, %dest, %mode : !pto.align, !pto.ptr<f32, ub>, !pto.vreg<64xf32>, !pto.ptr<f32, ub>, index -> !pto.align, !pto.ptr<f32, ub>
// GENERIC: %align_out, %base_out = "pto.vstu"(%align_in, %base_in, %value, %dest, %mode) : (!pto.align, !pto.ptr<f32, ub>, !pto.vreg<64xf32>, !pto.ptr<f32, ub>, index) -> (!pto.align, !pto.ptr<f32, ub>)
func.func @syntax_vstu_a(%align_in: !pto.align, %base_in: !pto.ptr<f32, ub>, %value: !pto.vreg<64xf32>, %dest: !pto.ptr<f32, ub>, %mode: index) {
  %align_out, %base_out = pto.vstu %align_in, %base_in, %value, %dest, %mode : !pto.align, !pto.ptr<f32, ub>, !pto.vreg<64xf32>, !pto.ptr<f32, ub>, index -> !pto.align, !pto.ptr<f32, ub>
  func.return
}

// CHECK-LABEL: func.func @syntax_vstu_b(
// CHECK-NEXT:    %align_out, %offset_out = pto.vstu %align_in, %offset_in, %value, %base, "POST_UPDATE" : !pto.align, index, !pto.vreg<64xf32>, !pto.ptr<f32, ub> -> !pto.align, index
// CHECK-NEXT:    %align_out2, %offset_out2 = pto.vstu %align_out, %offset_out, %value, %base, "NO_POST_UPDATE" : !pto.align, index, !pto.vreg<64xf32>, !pto.ptr<f32, ub> -> !pto.align, index
// GENERIC: %align_out, %offset_out = "pto.vstu"(%align_in, %offset_in, %value, %base) <{mode = "POST_UPDATE"}> : (!pto.align, index, !pto.vreg<64xf32>, !pto.ptr<f32, ub>) -> (!pto.align, index)
// GENERIC: %align_out2, %offset_out2 = "pto.vstu"(%align_out, %offset_out, %value, %base) <{mode = "NO_POST_UPDATE"}> : (!pto.align, index, !pto.vreg<64xf32>, !pto.ptr<f32, ub>) -> (!pto.align, index)
func.func @syntax_vstu_b(%align_in: !pto.align, %offset_in: index, %value: !pto.vreg<64xf32>, %base: !pto.ptr<f32, ub>) {
  %align_out, %offset_out = pto.vstu %align_in, %offset_in, %value, %base, "POST_UPDATE" : !pto.align, index, !pto.vreg<64xf32>, !pto.ptr<f32, ub> -> !pto.align, index
  %align_out2, %offset_out2 = pto.vstu %align_out, %offset_out, %value, %base, "NO_POST_UPDATE" : !pto.align, index, !pto.vreg<64xf32>, !pto.ptr<f32, ub> -> !pto.align, index
  func.return
}

// CHECK-LABEL: func.func @syntax_vstus_a(
// CHECK-NEXT:    %align_out, %base_out = pto.vstus %align_in, %base_in, %value, %dest, %offset : !pto.align, !pto.ptr<f32, ub>, !pto.vreg<64xf32>, !pto.ptr<f32, ub>, i32 -> !pto.align, !pto.ptr<f32, ub>
// GENERIC: %align_out, %base_out = "pto.vstus"(%align_in, %base_in, %value, %dest, %offset) : (!pto.align, !pto.ptr<f32, ub>, !pto.vreg<64xf32>, !pto.ptr<f32, ub>, i32) -> (!pto.align, !pto.ptr<f32, ub>)
func.func @syntax_vstus_a(%align_in: !pto.align, %base_in: !pto.ptr<f32, ub>, %value: !pto.vreg<64xf32>, %dest: !pto.ptr<f32, ub>, %offset: i32) {
  %align_out, %base_out = pto.vstus %align_in, %base_in, %value, %dest, %offset : !pto.align, !pto.ptr<f32, ub>, !pto.vreg<64xf32>, !pto.ptr<f32, ub>, i32 -> !pto.align, !pto.ptr<f32, ub>
  func.return
}

// CHECK-LABEL: func.func @syntax_vstus_b(
// CHECK-NEXT:    %align_out, %base_out = pto.vstus %align_in, %offset, %value, %base, "POST_UPDATE" : !pto.align, i32, !pto.vreg<64xf32>, !pto.ptr<f32, ub> -> !pto.align, !pto.ptr<f32, ub>
// GENERIC: %align_out, %base_out = "pto.vstus"(%align_in, %offset, %value, %base) <{mode = "POST_UPDATE"}> : (!pto.align, i32, !pto.vreg<64xf32>, !pto.ptr<f32, ub>) -> (!pto.align, !pto.ptr<f32, ub>)
func.func @syntax_vstus_b(%align_in: !pto.align, %offset: i32, %value: !pto.vreg<64xf32>, %base: !pto.ptr<f32, ub>) {
  %align_out, %base_out = pto.vstus %align_in, %offset, %value, %base, "POST_UPDATE" : !pto.align, i32, !pto.vreg<64xf32>, !pto.ptr<f32, ub> -> !pto.align, !pto.ptr<f32, ub>
  func.return
}

// CHECK-LABEL: func.func @syntax_vstur_a(
// CHECK-NEXT:    %align_out = pto.vstur %align_in, %value, %dest : !pto.align, !pto.vreg<64xf32>, !pto.ptr<f32, ub> -> !pto.align
// GENERIC: %align_out = "pto.vstur"(%align_in, %value, %dest) : (!pto.align, !pto.vreg<64xf32>, !pto.ptr<f32, ub>) -> !pto.align
func.func @syntax_vstur_a(%align_in: !pto.align, %value: !pto.vreg<64xf32>, %dest: !pto.ptr<f32, ub>) {
  %align_out = pto.vstur %align_in, %value, %dest : !pto.align, !pto.vreg<64xf32>, !pto.ptr<f32, ub> -> !pto.align
  func.return
}

// CHECK-LABEL: func.func @syntax_vstur_b(
// CHECK-NEXT:    %align_out = pto.vstur %align_in, %value, %base, "NO_POST_UPDATE" : !pto.align, !pto.vreg<64xf32>, !pto.ptr<f32, ub> -> !pto.align
// GENERIC: %align_out = "pto.vstur"(%align_in, %value, %base) <{mode = "NO_POST_UPDATE"}> : (!pto.align, !pto.vreg<64xf32>, !pto.ptr<f32, ub>) -> !pto.align
func.func @syntax_vstur_b(%align_in: !pto.align, %value: !pto.vreg<64xf32>, %base: !pto.ptr<f32, ub>) {
  %align_out = pto.vstur %align_in, %value, %base, "NO_POST_UPDATE" : !pto.align, !pto.vreg<64xf32>, !pto.ptr<f32, ub> -> !pto.align
  func.return
}

// CHECK-LABEL: func.func @syntax_vstas(
// CHECK-NEXT:    pto.vstas %align, %dest, %offset : !pto.align, !pto.ptr<f32, ub>, i32
// GENERIC: "pto.vstas"(%align, %dest, %offset) : (!pto.align, !pto.ptr<f32, ub>, i32) -> ()
func.func @syntax_vstas(%align: !pto.align, %dest: !pto.ptr<f32, ub>, %offset: i32) {
  pto.vstas %align, %dest, %offset : !pto.align, !pto.ptr<f32, ub>, i32
  func.return
}

// CHECK-LABEL: func.func @syntax_vstar(
// CHECK-NEXT:    pto.vstar %value, %dest : !pto.align, !pto.ptr<f32, ub>
// GENERIC: "pto.vstar"(%value, %dest) : (!pto.align, !pto.ptr<f32, ub>) -> ()
func.func @syntax_vstar(%value: !pto.align, %dest: !pto.ptr<f32, ub>) {
  pto.vstar %value, %dest : !pto.align, !pto.ptr<f32, ub>
  func.return
}

// CHECK-LABEL: func.func @vlds_modes(
// CHECK-NEXT:    %norm8 = pto.vlds %p8[%o] : !pto.ptr<i8, ub> -> !pto.vreg<256xi8>
// CHECK-NEXT:    %brc8 = pto.vlds %p8[%o] {dist = "BRC_B8"} : !pto.ptr<i8, ub> -> !pto.vreg<256xi8>
// CHECK-NEXT:    %brc16 = pto.vlds %p16[%o] {dist = "BRC_B16"} : !pto.ptr<f16, ub> -> !pto.vreg<128xf16>
// CHECK-NEXT:    %us8 = pto.vlds %p8[%o] {dist = "US_B8"} : !pto.ptr<i8, ub> -> !pto.vreg<256xi8>
// CHECK-NEXT:    %us16 = pto.vlds %p16[%o] {dist = "US_B16"} : !pto.ptr<f16, ub> -> !pto.vreg<128xf16>
// CHECK-NEXT:    %ds8 = pto.vlds %p8[%o] {dist = "DS_B8"} : !pto.ptr<i8, ub> -> !pto.vreg<256xi8>
// CHECK-NEXT:    %ds16 = pto.vlds %p16[%o] {dist = "DS_B16"} : !pto.ptr<f16, ub> -> !pto.vreg<128xf16>
// CHECK-NEXT:    %unpk8 = pto.vlds %pu8[%o] {dist = "UNPK_B8"} : !pto.ptr<ui8, ub> -> !pto.vreg<128xui16>
// CHECK-NEXT:    %unpk16 = pto.vlds %pi16[%o] {dist = "UNPK_B16"} : !pto.ptr<i16, ub> -> !pto.vreg<64xi32>
// CHECK-NEXT:    %unpk32 = pto.vlds %pi32[%o] {dist = "UNPK_B32"} : !pto.ptr<i32, ub> -> !pto.vreg<32xi64>
// CHECK-NEXT:    %splt4 = pto.vlds %pu8[%o] {dist = "SPLT4CHN_B8"} : !pto.ptr<ui8, ub> -> !pto.vreg<256xui8>
// CHECK-NEXT:    %splt2a = pto.vlds %pu8[%o] {dist = "SPLT2CHN_B8"} : !pto.ptr<ui8, ub> -> !pto.vreg<256xui8>
// CHECK-NEXT:    %splt2b = pto.vlds %p16[%o] {dist = "SPLT2CHN_B16"} : !pto.ptr<f16, ub> -> !pto.vreg<128xf16>
// CHECK-NEXT:    %dintlv = pto.vlds %p32[%o] {dist = "DINTLV_B32"} : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
// CHECK-NEXT:    %blk = pto.vlds %p16[%o] {dist = "BLK"} : !pto.ptr<f16, ub> -> !pto.vreg<128xf16>
// GENERIC: %norm8 = "pto.vlds"(%p8, %o) : (!pto.ptr<i8, ub>, index) -> !pto.vreg<256xi8>
// GENERIC: %brc8 = "pto.vlds"(%p8, %o) <{dist = "BRC_B8"}> : (!pto.ptr<i8, ub>, index) -> !pto.vreg<256xi8>
// GENERIC: %brc16 = "pto.vlds"(%p16, %o) <{dist = "BRC_B16"}> : (!pto.ptr<f16, ub>, index) -> !pto.vreg<128xf16>
// GENERIC: %us8 = "pto.vlds"(%p8, %o) <{dist = "US_B8"}> : (!pto.ptr<i8, ub>, index) -> !pto.vreg<256xi8>
// GENERIC: %us16 = "pto.vlds"(%p16, %o) <{dist = "US_B16"}> : (!pto.ptr<f16, ub>, index) -> !pto.vreg<128xf16>
// GENERIC: %ds8 = "pto.vlds"(%p8, %o) <{dist = "DS_B8"}> : (!pto.ptr<i8, ub>, index) -> !pto.vreg<256xi8>
// GENERIC: %ds16 = "pto.vlds"(%p16, %o) <{dist = "DS_B16"}> : (!pto.ptr<f16, ub>, index) -> !pto.vreg<128xf16>
// GENERIC: %unpk8 = "pto.vlds"(%pu8, %o) <{dist = "UNPK_B8"}> : (!pto.ptr<ui8, ub>, index) -> !pto.vreg<128xui16>
// GENERIC: %unpk16 = "pto.vlds"(%pi16, %o) <{dist = "UNPK_B16"}> : (!pto.ptr<i16, ub>, index) -> !pto.vreg<64xi32>
// GENERIC: %unpk32 = "pto.vlds"(%pi32, %o) <{dist = "UNPK_B32"}> : (!pto.ptr<i32, ub>, index) -> !pto.vreg<32xi64>
// GENERIC: %splt4 = "pto.vlds"(%pu8, %o) <{dist = "SPLT4CHN_B8"}> : (!pto.ptr<ui8, ub>, index) -> !pto.vreg<256xui8>
// GENERIC: %splt2a = "pto.vlds"(%pu8, %o) <{dist = "SPLT2CHN_B8"}> : (!pto.ptr<ui8, ub>, index) -> !pto.vreg<256xui8>
// GENERIC: %splt2b = "pto.vlds"(%p16, %o) <{dist = "SPLT2CHN_B16"}> : (!pto.ptr<f16, ub>, index) -> !pto.vreg<128xf16>
// GENERIC: %dintlv = "pto.vlds"(%p32, %o) <{dist = "DINTLV_B32"}> : (!pto.ptr<f32, ub>, index) -> !pto.vreg<64xf32>
// GENERIC: %blk = "pto.vlds"(%p16, %o) <{dist = "BLK"}> : (!pto.ptr<f16, ub>, index) -> !pto.vreg<128xf16>
func.func @vlds_modes(%p8: !pto.ptr<i8, ub>, %pu8: !pto.ptr<ui8, ub>, %p16: !pto.ptr<f16, ub>, %pi16: !pto.ptr<i16, ub>, %p32: !pto.ptr<f32, ub>, %pi32: !pto.ptr<i32, ub>, %o: index) {
  %norm8 = pto.vlds %p8[%o] : !pto.ptr<i8, ub> -> !pto.vreg<256xi8>
  %brc8 = pto.vlds %p8[%o] {dist = "BRC_B8"} : !pto.ptr<i8, ub> -> !pto.vreg<256xi8>
  %brc16 = pto.vlds %p16[%o] {dist = "BRC_B16"} : !pto.ptr<f16, ub> -> !pto.vreg<128xf16>
  %us8 = pto.vlds %p8[%o] {dist = "US_B8"} : !pto.ptr<i8, ub> -> !pto.vreg<256xi8>
  %us16 = pto.vlds %p16[%o] {dist = "US_B16"} : !pto.ptr<f16, ub> -> !pto.vreg<128xf16>
  %ds8 = pto.vlds %p8[%o] {dist = "DS_B8"} : !pto.ptr<i8, ub> -> !pto.vreg<256xi8>
  %ds16 = pto.vlds %p16[%o] {dist = "DS_B16"} : !pto.ptr<f16, ub> -> !pto.vreg<128xf16>
  %unpk8 = pto.vlds %pu8[%o] {dist = "UNPK_B8"} : !pto.ptr<ui8, ub> -> !pto.vreg<128xui16>
  %unpk16 = pto.vlds %pi16[%o] {dist = "UNPK_B16"} : !pto.ptr<i16, ub> -> !pto.vreg<64xi32>
  %unpk32 = pto.vlds %pi32[%o] {dist = "UNPK_B32"} : !pto.ptr<i32, ub> -> !pto.vreg<32xi64>
  %splt4 = pto.vlds %pu8[%o] {dist = "SPLT4CHN_B8"} : !pto.ptr<ui8, ub> -> !pto.vreg<256xui8>
  %splt2a = pto.vlds %pu8[%o] {dist = "SPLT2CHN_B8"} : !pto.ptr<ui8, ub> -> !pto.vreg<256xui8>
  %splt2b = pto.vlds %p16[%o] {dist = "SPLT2CHN_B16"} : !pto.ptr<f16, ub> -> !pto.vreg<128xf16>
  %dintlv = pto.vlds %p32[%o] {dist = "DINTLV_B32"} : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
  %blk = pto.vlds %p16[%o] {dist = "BLK"} : !pto.ptr<f16, ub> -> !pto.vreg<128xf16>
  func.return
}

// CHECK-LABEL: func.func @vldsx2_modes(
// CHECK-NEXT:    %l8, %h8 = pto.vldsx2 %p8[%o], "DINTLV_B8" : !pto.ptr<ui8, ub>, index -> !pto.vreg<256xui8>, !pto.vreg<256xui8>
// CHECK-NEXT:    %l16, %h16 = pto.vldsx2 %p16[%o], "DINTLV_B16" : !pto.ptr<bf16, ub>, index -> !pto.vreg<128xbf16>, !pto.vreg<128xbf16>
// CHECK-NEXT:    %lb, %hb = pto.vldsx2 %p16[%o], "BDINTLV" : !pto.ptr<bf16, ub>, index -> !pto.vreg<128xbf16>, !pto.vreg<128xbf16>
// GENERIC: %l8, %h8 = "pto.vldsx2"(%p8, %o) <{dist = "DINTLV_B8"}> : (!pto.ptr<ui8, ub>, index) -> (!pto.vreg<256xui8>, !pto.vreg<256xui8>)
// GENERIC: %l16, %h16 = "pto.vldsx2"(%p16, %o) <{dist = "DINTLV_B16"}> : (!pto.ptr<bf16, ub>, index) -> (!pto.vreg<128xbf16>, !pto.vreg<128xbf16>)
// GENERIC: %lb, %hb = "pto.vldsx2"(%p16, %o) <{dist = "BDINTLV"}> : (!pto.ptr<bf16, ub>, index) -> (!pto.vreg<128xbf16>, !pto.vreg<128xbf16>)
func.func @vldsx2_modes(%p8: !pto.ptr<ui8, ub>, %p16: !pto.ptr<bf16, ub>, %o: index) {
  %l8, %h8 = pto.vldsx2 %p8[%o], "DINTLV_B8" : !pto.ptr<ui8, ub>, index -> !pto.vreg<256xui8>, !pto.vreg<256xui8>
  %l16, %h16 = pto.vldsx2 %p16[%o], "DINTLV_B16" : !pto.ptr<bf16, ub>, index -> !pto.vreg<128xbf16>, !pto.vreg<128xbf16>
  %lb, %hb = pto.vldsx2 %p16[%o], "BDINTLV" : !pto.ptr<bf16, ub>, index -> !pto.vreg<128xbf16>, !pto.vreg<128xbf16>
  func.return
}

// CHECK-LABEL: func.func @vsts_modes(
// CHECK-NEXT:    pto.vsts %v8, %p8[%o], %m8 : !pto.vreg<256xui8>, !pto.ptr<ui8, ub>, !pto.mask<b8>
// CHECK-NEXT:    pto.vsts %v8, %p8[%o], %m8 {dist = "NORM_B8"} : !pto.vreg<256xui8>, !pto.ptr<ui8, ub>, !pto.mask<b8>
// CHECK-NEXT:    pto.vsts %v16, %p16[%o], %m16 {dist = "NORM_B16"} : !pto.vreg<128xi16>, !pto.ptr<i16, ub>, !pto.mask<b16>
// CHECK-NEXT:    pto.vsts %v16, %pi8[%o], %m16 {dist = "PK_B16"} : !pto.vreg<128xi16>, !pto.ptr<i8, ub>, !pto.mask<b16>
// CHECK-NEXT:    pto.vsts %v32, %p16[%o], %m32 {dist = "PK_B32"} : !pto.vreg<64xi32>, !pto.ptr<i16, ub>, !pto.mask<b32>
// CHECK-NEXT:    pto.vsts %v8, %p8[%o], %m8 {dist = "MRG4CHN_B8"} : !pto.vreg<256xui8>, !pto.ptr<ui8, ub>, !pto.mask<b8>
// CHECK-NEXT:    pto.vsts %v8, %p8[%o], %m8 {dist = "MRG2CHN_B8"} : !pto.vreg<256xui8>, !pto.ptr<ui8, ub>, !pto.mask<b8>
// CHECK-NEXT:    pto.vsts %v16, %p16[%o], %m16 {dist = "MRG2CHN_B16"} : !pto.vreg<128xi16>, !pto.ptr<i16, ub>, !pto.mask<b16>
// GENERIC: "pto.vsts"(%v8, %p8, %o, %m8) : (!pto.vreg<256xui8>, !pto.ptr<ui8, ub>, index, !pto.mask<b8>) -> ()
// GENERIC: "pto.vsts"(%v8, %p8, %o, %m8) <{dist = "NORM_B8"}> : (!pto.vreg<256xui8>, !pto.ptr<ui8, ub>, index, !pto.mask<b8>) -> ()
// GENERIC: "pto.vsts"(%v16, %p16, %o, %m16) <{dist = "NORM_B16"}> : (!pto.vreg<128xi16>, !pto.ptr<i16, ub>, index, !pto.mask<b16>) -> ()
// GENERIC: "pto.vsts"(%v16, %pi8, %o, %m16) <{dist = "PK_B16"}> : (!pto.vreg<128xi16>, !pto.ptr<i8, ub>, index, !pto.mask<b16>) -> ()
// GENERIC: "pto.vsts"(%v32, %p16, %o, %m32) <{dist = "PK_B32"}> : (!pto.vreg<64xi32>, !pto.ptr<i16, ub>, index, !pto.mask<b32>) -> ()
// GENERIC: "pto.vsts"(%v8, %p8, %o, %m8) <{dist = "MRG4CHN_B8"}> : (!pto.vreg<256xui8>, !pto.ptr<ui8, ub>, index, !pto.mask<b8>) -> ()
// GENERIC: "pto.vsts"(%v8, %p8, %o, %m8) <{dist = "MRG2CHN_B8"}> : (!pto.vreg<256xui8>, !pto.ptr<ui8, ub>, index, !pto.mask<b8>) -> ()
// GENERIC: "pto.vsts"(%v16, %p16, %o, %m16) <{dist = "MRG2CHN_B16"}> : (!pto.vreg<128xi16>, !pto.ptr<i16, ub>, index, !pto.mask<b16>) -> ()
func.func @vsts_modes(%v8: !pto.vreg<256xui8>, %v16: !pto.vreg<128xi16>, %v32: !pto.vreg<64xi32>, %p8: !pto.ptr<ui8, ub>, %pi8: !pto.ptr<i8, ub>, %p16: !pto.ptr<i16, ub>, %p32: !pto.ptr<i32, ub>, %o: index, %m8: !pto.mask<b8>, %m16: !pto.mask<b16>, %m32: !pto.mask<b32>) {
  pto.vsts %v8, %p8[%o], %m8 : !pto.vreg<256xui8>, !pto.ptr<ui8, ub>, !pto.mask<b8>
  pto.vsts %v8, %p8[%o], %m8 {dist = "NORM_B8"} : !pto.vreg<256xui8>, !pto.ptr<ui8, ub>, !pto.mask<b8>
  pto.vsts %v16, %p16[%o], %m16 {dist = "NORM_B16"} : !pto.vreg<128xi16>, !pto.ptr<i16, ub>, !pto.mask<b16>
  pto.vsts %v16, %pi8[%o], %m16 {dist = "PK_B16"} : !pto.vreg<128xi16>, !pto.ptr<i8, ub>, !pto.mask<b16>
  pto.vsts %v32, %p16[%o], %m32 {dist = "PK_B32"} : !pto.vreg<64xi32>, !pto.ptr<i16, ub>, !pto.mask<b32>
  pto.vsts %v8, %p8[%o], %m8 {dist = "MRG4CHN_B8"} : !pto.vreg<256xui8>, !pto.ptr<ui8, ub>, !pto.mask<b8>
  pto.vsts %v8, %p8[%o], %m8 {dist = "MRG2CHN_B8"} : !pto.vreg<256xui8>, !pto.ptr<ui8, ub>, !pto.mask<b8>
  pto.vsts %v16, %p16[%o], %m16 {dist = "MRG2CHN_B16"} : !pto.vreg<128xi16>, !pto.ptr<i16, ub>, !pto.mask<b16>
  func.return
}

// CHECK-LABEL: func.func @vstsx2_modes(
// CHECK-NEXT:    pto.vstsx2 %v8, %v8, %p8[%o], "INTLV_B8", %m8 : !pto.vreg<256xi8>, !pto.vreg<256xi8>, !pto.ptr<i8, ub>, index, !pto.mask<b8>
// CHECK-NEXT:    pto.vstsx2 %v16, %v16, %p16[%o], "INTLV_B16", %m16 : !pto.vreg<128xf16>, !pto.vreg<128xf16>, !pto.ptr<f16, ub>, index, !pto.mask<b16>
// GENERIC: "pto.vstsx2"(%v8, %v8, %p8, %o, %m8) <{dist = "INTLV_B8"}> : (!pto.vreg<256xi8>, !pto.vreg<256xi8>, !pto.ptr<i8, ub>, index, !pto.mask<b8>) -> ()
// GENERIC: "pto.vstsx2"(%v16, %v16, %p16, %o, %m16) <{dist = "INTLV_B16"}> : (!pto.vreg<128xf16>, !pto.vreg<128xf16>, !pto.ptr<f16, ub>, index, !pto.mask<b16>) -> ()
func.func @vstsx2_modes(%v8: !pto.vreg<256xi8>, %v16: !pto.vreg<128xf16>, %p8: !pto.ptr<i8, ub>, %p16: !pto.ptr<f16, ub>, %o: index, %m8: !pto.mask<b8>, %m16: !pto.mask<b16>) {
  pto.vstsx2 %v8, %v8, %p8[%o], "INTLV_B8", %m8 : !pto.vreg<256xi8>, !pto.vreg<256xi8>, !pto.ptr<i8, ub>, index, !pto.mask<b8>
  pto.vstsx2 %v16, %v16, %p16[%o], "INTLV_B16", %m16 : !pto.vreg<128xf16>, !pto.vreg<128xf16>, !pto.ptr<f16, ub>, index, !pto.mask<b16>
  func.return
}

// CHECK-LABEL: func.func @gather_scatter_narrow(
// CHECK-NEXT:    %g = pto.vgather2 %p16, %i16, %n : !pto.ptr<f16, ub>, !pto.vreg<128xui16>, index -> !pto.vreg<128xf16>
// CHECK-NEXT:    %bc = pto.vgather2_bc %p16, %i16, %m16 : !pto.ptr<f16, ub>, !pto.vreg<128xui16>, !pto.mask<b16> -> !pto.vreg<128xf16>
// CHECK-NEXT:    pto.vscatter %v16, %p16, %i16, %n : !pto.vreg<128xf16>, !pto.ptr<f16, ub>, !pto.vreg<128xui16>, index
// CHECK-NEXT:    pto.vscatter %v8, %p8, %i8, %n : !pto.vreg<256xui8>, !pto.ptr<ui8, ub>, !pto.vreg<256xui8>, index
// GENERIC: %g = "pto.vgather2"(%p16, %i16, %n) : (!pto.ptr<f16, ub>, !pto.vreg<128xui16>, index) -> !pto.vreg<128xf16>
// GENERIC: %bc = "pto.vgather2_bc"(%p16, %i16, %m16) : (!pto.ptr<f16, ub>, !pto.vreg<128xui16>, !pto.mask<b16>) -> !pto.vreg<128xf16>
// GENERIC: "pto.vscatter"(%v16, %p16, %i16, %n) : (!pto.vreg<128xf16>, !pto.ptr<f16, ub>, !pto.vreg<128xui16>, index) -> ()
// GENERIC: "pto.vscatter"(%v8, %p8, %i8, %n) : (!pto.vreg<256xui8>, !pto.ptr<ui8, ub>, !pto.vreg<256xui8>, index) -> ()
func.func @gather_scatter_narrow(%p16: !pto.ptr<f16, ub>, %p8: !pto.ptr<ui8, ub>, %i16: !pto.vreg<128xui16>, %i8: !pto.vreg<256xui8>, %v16: !pto.vreg<128xf16>, %v8: !pto.vreg<256xui8>, %n: index, %m16: !pto.mask<b16>) {
  %g = pto.vgather2 %p16, %i16, %n : !pto.ptr<f16, ub>, !pto.vreg<128xui16>, index -> !pto.vreg<128xf16>
  %bc = pto.vgather2_bc %p16, %i16, %m16 : !pto.ptr<f16, ub>, !pto.vreg<128xui16>, !pto.mask<b16> -> !pto.vreg<128xf16>
  pto.vscatter %v16, %p16, %i16, %n : !pto.vreg<128xf16>, !pto.ptr<f16, ub>, !pto.vreg<128xui16>, index
  pto.vscatter %v8, %p8, %i8, %n : !pto.vreg<256xui8>, !pto.ptr<ui8, ub>, !pto.vreg<256xui8>, index
  func.return
}

// CHECK-LABEL: func.func @untyped_pointers(
// CHECK-NEXT:    %r = pto.vlds %p[%o] {dist = "UNPK_B8"} : !pto.ptr -> !pto.vreg<128xf16>
// CHECK-NEXT:    %al = pto.vldas %p : !pto.ptr -> !pto.align
// CHECK-NEXT:    %u, %al2, %p2 = pto.vldus %p, %al : !pto.ptr, !pto.align -> !pto.vreg<128xf16>, !pto.align, !pto.ptr
// CHECK-NEXT:    %s = pto.vsldb %p, %o32, %m : !pto.ptr, i32, !pto.mask<b16> -> !pto.vreg<128xf16>
// CHECK-NEXT:    pto.vsts %v, %p[%o], %m {dist = "PK_B16"} : !pto.vreg<128xf16>, !pto.ptr, !pto.mask<b16>
// CHECK-NEXT:    pto.vscatter %v, %p, %idx, %o : !pto.vreg<128xf16>, !pto.ptr, !pto.vreg<128xi16>, index
// CHECK-NEXT:    %a1, %b1 = pto.vstu %a, %p, %v, %p, %o : !pto.align, !pto.ptr, !pto.vreg<128xf16>, !pto.ptr, index -> !pto.align, !pto.ptr
// CHECK-NEXT:    pto.vstar %a1, %b1 : !pto.align, !pto.ptr
// GENERIC: %r = "pto.vlds"(%p, %o) <{dist = "UNPK_B8"}> : (!pto.ptr, index) -> !pto.vreg<128xf16>
// GENERIC: %al = "pto.vldas"(%p) : (!pto.ptr) -> !pto.align
// GENERIC: %u, %al2, %p2 = "pto.vldus"(%p, %al) : (!pto.ptr, !pto.align) -> (!pto.vreg<128xf16>, !pto.align, !pto.ptr)
// GENERIC: %s = "pto.vsldb"(%p, %o32, %m) : (!pto.ptr, i32, !pto.mask<b16>) -> !pto.vreg<128xf16>
// GENERIC: "pto.vsts"(%v, %p, %o, %m) <{dist = "PK_B16"}> : (!pto.vreg<128xf16>, !pto.ptr, index, !pto.mask<b16>) -> ()
// GENERIC: "pto.vscatter"(%v, %p, %idx, %o) : (!pto.vreg<128xf16>, !pto.ptr, !pto.vreg<128xi16>, index) -> ()
// GENERIC: %a1, %b1 = "pto.vstu"(%a, %p, %v, %p, %o) : (!pto.align, !pto.ptr, !pto.vreg<128xf16>, !pto.ptr, index) -> (!pto.align, !pto.ptr)
// GENERIC: "pto.vstar"(%a1, %b1) : (!pto.align, !pto.ptr) -> ()
func.func @untyped_pointers(%p: !pto.ptr, %o: index, %o32: i32, %a: !pto.align, %v: !pto.vreg<128xf16>, %m: !pto.mask<b16>, %idx: !pto.vreg<128xi16>) {
  %r = pto.vlds %p[%o] {dist = "UNPK_B8"} : !pto.ptr -> !pto.vreg<128xf16>
  %al = pto.vldas %p : !pto.ptr -> !pto.align
  %u, %al2, %p2 = pto.vldus %p, %al : !pto.ptr, !pto.align -> !pto.vreg<128xf16>, !pto.align, !pto.ptr
  %s = pto.vsldb %p, %o32, %m : !pto.ptr, i32, !pto.mask<b16> -> !pto.vreg<128xf16>
  pto.vsts %v, %p[%o], %m {dist = "PK_B16"} : !pto.vreg<128xf16>, !pto.ptr, !pto.mask<b16>
  pto.vscatter %v, %p, %idx, %o : !pto.vreg<128xf16>, !pto.ptr, !pto.vreg<128xi16>, index
  %a1, %b1 = pto.vstu %a, %p, %v, %p, %o : !pto.align, !pto.ptr, !pto.vreg<128xf16>, !pto.ptr, index -> !pto.align, !pto.ptr
  pto.vstar %a1, %b1 : !pto.align, !pto.ptr
  func.return
}
