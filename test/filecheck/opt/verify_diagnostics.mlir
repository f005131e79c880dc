// pto-opt --verify-diagnostics: each `expected-error` must be produced at its line with its
// text, and every error must be expected; then the exit status is 0.
// RUN: pto-opt %s --split-input-file --verify-diagnostics -p pto-plan-memory

!t = !pto.tile_buf<loc=vec, dtype=f32, rows=100, cols=256>

// @+N: the error is N lines below (here a pass failure).
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @two_big() {
    %x = pto.alloc_tile : !t
    %y = pto.alloc_tile : !t
    // expected-error @+1 {{pto-plan-memory: pto.tabs: loc=vec (ub) needs 204800 bytes}}
    pto.tabs ins(%x : !t) outs(%y : !t)
    func.return
  }
}

// -----

// @below, and -re: the parts in inner braces are regular expressions.
func.func @g(%a: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>, %b: !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=16>) {
  // expected-error-re @below {{pto.tadd src0 dtype {{f[0-9]+}} must equal the dst dtype f16}}
  pto.tadd ins(%a, %a : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>, !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) outs(%b : !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=16>)
  func.return
}

// -----

// @+2 from above the op; then on the same line, @above and @-1.
// expected-error @+2 {{expected an operand after 'addr ='}}
func.func @f(%a: i64) {
  %t = pto.alloc_tile addr = : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
  func.return
}

// -----

func.func @h(%p: !pto.ptr<f32>, %a: index) {
  %tv = pto.make_tensor_view %p, shape = [%a], strides = [%a, %a] : !pto.tensor_view<?x?xf32> // expected-error {{has 1 shape operand(s) but the view rank is 2}}
  func.return
}

// -----

func.func @i(%p: !pto.ptr<f32>, %a: index) {
  %tv = pto.make_tensor_view %p, shape = [%a], strides = [%a, %a] : !pto.tensor_view<?x?xf32>
  // expected-error @above {{has 1 shape operand(s)}}
  func.return
}

// -----

func.func @j(%p: !pto.ptr<f32>, %a: index) {
  %tv = pto.make_tensor_view %p, shape = [%a], strides = [%a, %a] : !pto.tensor_view<?x?xf32>
  // expected-error @-1 {{pto.make_tensor_view has 1 shape operand(s)}}
  func.return
}

// -----

// A chunk without errors is fine and printed as usual.
func.func @ok() {
  func.return
}
