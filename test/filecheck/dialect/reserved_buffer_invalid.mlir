// RUN: pto-opt %s --split-input-file --verify-diagnostics

// size > 0
func.func @size() {
  // expected-error @+1 {{pto.reserve_buffer size must be positive, got 0}}
  %0 = pto.reserve_buffer {name = "a", size = 0, location = #pto.address_space<vec>, auto = true} -> i32
  func.return
}

// -----

// an on-chip location
func.func @gm() {
  // expected-error @+1 {{pto.reserve_buffer location must be an on-chip address space, got gm}}
  %0 = pto.reserve_buffer {name = "a", size = 64, location = #pto.address_space<gm>, auto = true} -> i32
  func.return
}

// -----

// auto = true takes no base
func.func @auto_base() {
  // expected-error @+1 {{pto.reserve_buffer with auto = true takes no base (planning assigns it)}}
  %0 = pto.reserve_buffer {name = "a", size = 64, location = #pto.address_space<vec>, auto = true, base = 0} -> i32
  func.return
}

// -----

// auto = false needs a base
func.func @no_base() {
  // expected-error @+1 {{pto.reserve_buffer with auto = false needs a base}}
  %0 = pto.reserve_buffer {name = "a", size = 64, location = #pto.address_space<vec>, auto = false} -> i32
  func.return
}

// -----

// the base is non-negative
func.func @negative_base() {
  // expected-error @+1 {{pto.reserve_buffer base must be non-negative, got -32}}
  %0 = pto.reserve_buffer {name = "a", size = 64, location = #pto.address_space<vec>, auto = false, base = -32} -> i32
  func.return
}

// -----

// names are unique in a function
func.func @twice() {
  %0 = pto.reserve_buffer {name = "a", size = 64, location = #pto.address_space<vec>, auto = true} -> i32
  // expected-error @+1 {{pto.reserve_buffer "a" is declared twice in @twice}}
  %1 = pto.reserve_buffer {name = "a", size = 64, location = #pto.address_space<mat>, auto = true} -> i32
  func.return
}

// -----

// the result is an i32 address
func.func @result() {
  // expected-error @+1 {{pto.reserve_buffer result must be i32, got i64}}
  %0 = pto.reserve_buffer {name = "a", size = 64, location = #pto.address_space<vec>, auto = true} -> i64
  func.return
}

// -----

// an import names a function that reserves that buffer
func.func @peer() {
  %0 = pto.reserve_buffer {name = "a", size = 64, location = #pto.address_space<vec>, auto = true} -> i32
  func.return
}
func.func @importer() {
  // expected-error @+1 {{pto.import_reserved_buffer peer_func @peer must be a function of the module that reserves a buffer "b"}}
  %0 = pto.import_reserved_buffer {name = "b", peer_func = @peer} -> i32
  func.return
}

// -----

// (name, peer_func) pairs are unique in a function
func.func @peer() {
  %0 = pto.reserve_buffer {name = "a", size = 64, location = #pto.address_space<vec>, auto = true} -> i32
  func.return
}
func.func @importer() {
  %0 = pto.import_reserved_buffer {name = "a", peer_func = @peer} -> i32
  // expected-error @+1 {{pto.import_reserved_buffer "a" of @peer is declared twice in @importer}}
  %1 = pto.import_reserved_buffer {name = "a", peer_func = @peer} -> i32
  func.return
}

// -----

func.func @keys() {
  // expected-error @+1 {{unknown key 'sz' (keys: name, size, location, auto, base)}}
  %0 = pto.reserve_buffer {name = "a", sz = 64, location = #pto.address_space<vec>, auto = true} -> i32
  func.return
}
