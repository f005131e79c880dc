// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

!f32v = !pto.vreg<64xf32>
!i32v = !pto.vreg<64xi32>
!u32v = !pto.vreg<64xui32>
!f16v = !pto.vreg<128xf16>
!bf16v = !pto.vreg<128xbf16>
!i16v = !pto.vreg<128xi16>
!i8v = !pto.vreg<256xi8>
!ui8v = !pto.vreg<256xui8>
!m32 = !pto.mask<b32>
!m16 = !pto.mask<b16>
!m8 = !pto.mask<b8>

// Every op of the binary family (seed 004), custom and generic form.
// CHECK-LABEL: func.func @binary
// CHECK:      %add = pto.vadd %a, %b, %m : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT: %sub = pto.vsub %h, %h, %m16 : !pto.vreg<128xf16>, !pto.vreg<128xf16>, !pto.mask<b16> -> !pto.vreg<128xf16>
// CHECK-NEXT: %mul = pto.vmul %bh, %bh, %m16 : !pto.vreg<128xbf16>, !pto.vreg<128xbf16>, !pto.mask<b16> -> !pto.vreg<128xbf16>
// CHECK-NEXT: %div = pto.vdiv %a, %b, %m : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT: %max = pto.vmax %s, %s, %m16 : !pto.vreg<128xi16>, !pto.vreg<128xi16>, !pto.mask<b16> -> !pto.vreg<128xi16>
// CHECK-NEXT: %min = pto.vmin %c, %c, %m8 : !pto.vreg<256xi8>, !pto.vreg<256xi8>, !pto.mask<b8> -> !pto.vreg<256xi8>
// CHECK-NEXT: %and = pto.vand %i, %i, %m : !pto.vreg<64xi32>, !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xi32>
// CHECK-NEXT: %or = pto.vor %u, %u, %m : !pto.vreg<64xui32>, !pto.vreg<64xui32>, !pto.mask<b32> -> !pto.vreg<64xui32>
// CHECK-NEXT: %xor = pto.vxor %uc, %uc, %m8 : !pto.vreg<256xui8>, !pto.vreg<256xui8>, !pto.mask<b8> -> !pto.vreg<256xui8>
// CHECK-NEXT: %shl = pto.vshl %s, %s, %m16 : !pto.vreg<128xi16>, !pto.vreg<128xi16>, !pto.mask<b16> -> !pto.vreg<128xi16>
// CHECK-NEXT: %shr = pto.vshr %u, %u, %m : !pto.vreg<64xui32>, !pto.vreg<64xui32>, !pto.mask<b32> -> !pto.vreg<64xui32>
// CHECK-NEXT: %sum, %carry = pto.vaddc %u, %u, %m : !pto.vreg<64xui32>, !pto.vreg<64xui32>, !pto.mask<b32> -> !pto.vreg<64xui32>, !pto.mask<b32>
// CHECK-NEXT: %diff, %borrow = pto.vsubc %i, %i, %m : !pto.vreg<64xi32>, !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xi32>, !pto.mask<b32>
// GENERIC-LABEL: "func.func"() <{sym_name = "binary"
// GENERIC:      %add = "pto.vadd"(%a, %b, %m) : (!pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32>) -> !pto.vreg<64xf32>
// GENERIC-NEXT: %sub = "pto.vsub"(%h, %h, %m16) : (!pto.vreg<128xf16>, !pto.vreg<128xf16>, !pto.mask<b16>) -> !pto.vreg<128xf16>
// GENERIC-NEXT: %mul = "pto.vmul"(%bh, %bh, %m16) : (!pto.vreg<128xbf16>, !pto.vreg<128xbf16>, !pto.mask<b16>) -> !pto.vreg<128xbf16>
// GENERIC-NEXT: %div = "pto.vdiv"(%a, %b, %m) : (!pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32>) -> !pto.vreg<64xf32>
// GENERIC-NEXT: %max = "pto.vmax"(%s, %s, %m16) : (!pto.vreg<128xi16>, !pto.vreg<128xi16>, !pto.mask<b16>) -> !pto.vreg<128xi16>
// GENERIC-NEXT: %min = "pto.vmin"(%c, %c, %m8) : (!pto.vreg<256xi8>, !pto.vreg<256xi8>, !pto.mask<b8>) -> !pto.vreg<256xi8>
// GENERIC-NEXT: %and = "pto.vand"(%i, %i, %m) : (!pto.vreg<64xi32>, !pto.vreg<64xi32>, !pto.mask<b32>) -> !pto.vreg<64xi32>
// GENERIC-NEXT: %or = "pto.vor"(%u, %u, %m) : (!pto.vreg<64xui32>, !pto.vreg<64xui32>, !pto.mask<b32>) -> !pto.vreg<64xui32>
// GENERIC-NEXT: %xor = "pto.vxor"(%uc, %uc, %m8) : (!pto.vreg<256xui8>, !pto.vreg<256xui8>, !pto.mask<b8>) -> !pto.vreg<256xui8>
// GENERIC-NEXT: %shl = "pto.vshl"(%s, %s, %m16) : (!pto.vreg<128xi16>, !pto.vreg<128xi16>, !pto.mask<b16>) -> !pto.vreg<128xi16>
// GENERIC-NEXT: %shr = "pto.vshr"(%u, %u, %m) : (!pto.vreg<64xui32>, !pto.vreg<64xui32>, !pto.mask<b32>) -> !pto.vreg<64xui32>
// GENERIC-NEXT: %sum, %carry = "pto.vaddc"(%u, %u, %m) : (!pto.vreg<64xui32>, !pto.vreg<64xui32>, !pto.mask<b32>) -> (!pto.vreg<64xui32>, !pto.mask<b32>)
// GENERIC-NEXT: %diff, %borrow = "pto.vsubc"(%i, %i, %m) : (!pto.vreg<64xi32>, !pto.vreg<64xi32>, !pto.mask<b32>) -> (!pto.vreg<64xi32>, !pto.mask<b32>)
func.func @binary(%a: !f32v, %b: !f32v, %i: !i32v, %u: !u32v, %h: !f16v, %bh: !bf16v, %s: !i16v,
                  %c: !i8v, %uc: !ui8v, %m: !m32, %m16: !m16, %m8: !m8) {
  pto.vecscope {
    %add = pto.vadd %a, %b, %m : !f32v, !f32v, !m32 -> !f32v
    %sub = pto.vsub %h, %h, %m16 : !f16v, !f16v, !m16 -> !f16v
    %mul = pto.vmul %bh, %bh, %m16 : !bf16v, !bf16v, !m16 -> !bf16v
    %div = pto.vdiv %a, %b, %m : !f32v, !f32v, !m32 -> !f32v
    %max = pto.vmax %s, %s, %m16 : !i16v, !i16v, !m16 -> !i16v
    %min = pto.vmin %c, %c, %m8 : !i8v, !i8v, !m8 -> !i8v
    %and = pto.vand %i, %i, %m : !i32v, !i32v, !m32 -> !i32v
    %or = pto.vor %u, %u, %m : !u32v, !u32v, !m32 -> !u32v
    %xor = pto.vxor %uc, %uc, %m8 : !ui8v, !ui8v, !m8 -> !ui8v
    %shl = pto.vshl %s, %s, %m16 : !i16v, !i16v, !m16 -> !i16v
    %shr = pto.vshr %u, %u, %m : !u32v, !u32v, !m32 -> !u32v
    %sum, %carry = pto.vaddc %u, %u, %m : !u32v, !u32v, !m32 -> !u32v, !m32
    %diff, %borrow = pto.vsubc %i, %i, %m : !i32v, !i32v, !m32 -> !i32v, !m32
  }
  func.return
}

// vabs (as the seed 002 kernel uses it), vmula (accumulator first), vbr, vneg, vnot.
// CHECK-LABEL: func.func @unary_fma_broadcast
// CHECK:      %out = pto.vabs %vec, %mask : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT: %acc2 = pto.vmula %acc, %vec, %vec, %mask : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT: %splat = pto.vbr %x : f32 -> !pto.vreg<64xf32>
// CHECK-NEXT: %splat8 = pto.vbr %y : i8 -> !pto.vreg<256xi8>
// CHECK-NEXT: %neg = pto.vneg %vec, %mask : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT: %not = pto.vnot %splat8, %m8 : !pto.vreg<256xi8>, !pto.mask<b8> -> !pto.vreg<256xi8>
// GENERIC-LABEL: "func.func"() <{sym_name = "unary_fma_broadcast"
// GENERIC:      %out = "pto.vabs"(%vec, %mask) : (!pto.vreg<64xf32>, !pto.mask<b32>) -> !pto.vreg<64xf32>
// GENERIC-NEXT: %acc2 = "pto.vmula"(%acc, %vec, %vec, %mask) : (!pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32>) -> !pto.vreg<64xf32>
// GENERIC-NEXT: %splat = "pto.vbr"(%x) : (f32) -> !pto.vreg<64xf32>
// GENERIC-NEXT: %splat8 = "pto.vbr"(%y) : (i8) -> !pto.vreg<256xi8>
// GENERIC-NEXT: %neg = "pto.vneg"(%vec, %mask) : (!pto.vreg<64xf32>, !pto.mask<b32>) -> !pto.vreg<64xf32>
// GENERIC-NEXT: %not = "pto.vnot"(%splat8, %m8) : (!pto.vreg<256xi8>, !pto.mask<b8>) -> !pto.vreg<256xi8>
func.func @unary_fma_broadcast(%vec: !f32v, %acc: !f32v, %mask: !m32, %x: f32, %y: i8, %m8: !pto.mask<b8>) {
  pto.vecscope {
    %out = pto.vabs %vec, %mask : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
    %acc2 = pto.vmula %acc, %vec, %vec, %mask : !f32v, !f32v, !f32v, !m32 -> !f32v
    %splat = pto.vbr %x : f32 -> !pto.vreg<64xf32>
    %splat8 = pto.vbr %y : i8 -> !pto.vreg<256xi8>
    %neg = pto.vneg %vec, %mask : !f32v, !m32 -> !f32v
    %not = pto.vnot %splat8, %m8 : !pto.vreg<256xi8>, !pto.mask<b8> -> !pto.vreg<256xi8>
  }
  func.return
}

// The Typical Usage lines of seed 004, verbatim, inside a vecscope.
// CHECK-LABEL: func.func @seed004_typical_usage
// CHECK:      %sum = pto.vadd %a, %b, %mask : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT: %prod = pto.vmul %x, %y, %mask : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT: %clamped_low = pto.vmax %input, %min_vec, %mask : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT: %clamped = pto.vmin %clamped_low, %max_vec, %mask : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT: %masked = pto.vand %data, %bitmask, %mask : !pto.vreg<64xi32>, !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xi32>
func.func @seed004_typical_usage(%a: !f32v, %b: !f32v, %x: !f32v, %y: !f32v, %input: !f32v,
                                 %min_vec: !f32v, %max_vec: !f32v, %data: !i32v,
                                 %bitmask: !i32v, %mask: !m32) {
  pto.vecscope {
    // Vector addition
    %sum = pto.vadd %a, %b, %mask : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>

    // Element-wise multiply
    %prod = pto.vmul %x, %y, %mask : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>

    // Clamp to range [min, max]
    %clamped_low = pto.vmax %input, %min_vec, %mask : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
    %clamped = pto.vmin %clamped_low, %max_vec, %mask : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>

    // Bit manipulation
    %masked = pto.vand %data, %bitmask, %mask : !pto.vreg<64xi32>, !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xi32>
  }
  func.return
}

// The compute part of the seed 004 vecscope kernel: the tail mask comes from plt_b32 in an
// scf.for inside the scope (loads and stores replaced by arguments).
// CHECK-LABEL: func.func @seed004_vecscope_loop
// CHECK:      pto.vecscope {
// CHECK-NEXT:   %{{.*}} = scf.for %offset = %c0 to %N step %c64 iter_args(%remaining = %N_i32) -> (i32) {
// CHECK-NEXT:     %mask, %next = pto.plt_b32 %remaining : i32 -> !pto.mask<b32>, i32
// CHECK-NEXT:     %out = pto.vadd %lhs, %rhs, %mask : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK-NEXT:     scf.yield %next : i32
func.func @seed004_vecscope_loop(%lhs: !f32v, %rhs: !f32v, %N: index, %N_i32: i32) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  pto.vecscope {
    %last = scf.for %offset = %c0 to %N step %c64 iter_args(%remaining = %N_i32) -> (i32) {
      %mask, %next = pto.plt_b32 %remaining : i32 -> !pto.mask<b32>, i32
      %out = pto.vadd %lhs, %rhs, %mask : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
      scf.yield %next : i32
    }
  }
  func.return
}

// Target-specific legality: 8-bit vmul is legal on A2/A3.
// CHECK-LABEL: func.func @a2a3_vmul_i8
// CHECK: pto.vmul %c, %c, %m8 : !pto.vreg<256xi8>, !pto.vreg<256xi8>, !pto.mask<b8> -> !pto.vreg<256xi8>
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @a2a3_vmul_i8(%c: !i8v, %m8: !m8) {
    pto.vecscope {
      %p = pto.vmul %c, %c, %m8 : !i8v, !i8v, !m8 -> !i8v
    }
    func.return
  }
}
