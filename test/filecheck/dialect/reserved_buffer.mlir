// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// The spellings PTOAS tests write (the short `location = <vec>` too).
// CHECK-LABEL: func.func @cube
// CHECK-NEXT: %0 = pto.reserve_buffer {name = "v2c", size = 4096, location = #pto.address_space<mat>, auto = true} -> i32
// CHECK-NEXT: %1 = pto.import_reserved_buffer {name = "c2v", peer_func = @vector} -> i32
// CHECK-LABEL: func.func @vector
// CHECK-NEXT: %0 = pto.reserve_buffer {name = "c2v", size = 131072, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
// CHECK-NEXT: %1 = pto.reserve_buffer {name = "x", size = 8192, location = #pto.address_space<vec>, auto = true} -> i32
// CHECK-NEXT: %2 = pto.import_reserved_buffer {name = "v2c", peer_func = @cube} -> i32
// GENERIC: "pto.reserve_buffer"() <{name = "v2c", size = 4096 : i32, location = #pto.address_space<mat>, auto = true}> : () -> i32
// GENERIC: "pto.import_reserved_buffer"() <{name = "c2v", peer_func = @vector}> : () -> i32
// GENERIC: "pto.reserve_buffer"() <{name = "c2v", size = 131072 : i32, location = #pto.address_space<vec>, auto = false, base = 0 : i32}> : () -> i32
func.func @cube() {
  %0 = pto.reserve_buffer {name = "v2c", size = 4096, location = #pto.address_space<mat>, auto = true} -> i32
  %1 = pto.import_reserved_buffer {
    name = "c2v",
    peer_func = @vector
  } -> i32
  func.return
}
func.func @vector() {
  %0 = pto.reserve_buffer {name = "c2v", size = 131072, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
  %1 = pto.reserve_buffer{name = "x", size = 8192, location = <vec>, auto = true} -> i32
  %2 = pto.import_reserved_buffer {name = "v2c", peer_func = @cube} -> i32
  func.return
}
