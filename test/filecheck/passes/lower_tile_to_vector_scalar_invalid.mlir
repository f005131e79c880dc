// pto-lower-tile-to-vector diagnostics for the tile-scalar ops it cannot lower exactly.
// RUN: pto-opt %s --split-input-file -p pto-lower-tile-to-vector --verify-diagnostics

// The record says why: no vector op computes pow (vexp/vln are not there yet).
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @tpows(%e: f32) {
    %a0 = arith.constant 0 : i64
    %a1 = arith.constant 4096 : i64
    %src = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
    %dst = pto.alloc_tile addr = %a1 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
    // expected-error @+1 {{pto-lower-tile-to-vector: pto.tpows: has no exact vector lowering: pow needs vexp and vln, which this project's vector ops do not have yet}}
    pto.tpows ins(%src, %e : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>, f32) outs(%dst : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>)
    func.return
  }
}

// -----

// An f32 slope of an f16 tile that is not a constant: no vector op converts a scalar.
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @tlrelu_slope(%slope: f32) {
    %a0 = arith.constant 0 : i64
    %a1 = arith.constant 4096 : i64
    %src = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=64>
    %dst = pto.alloc_tile addr = %a1 : !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=64>
    // expected-error @+1 {{pto-lower-tile-to-vector: pto.tlrelu: the f32 scalar of the f16 tile is not a constant: no vector op converts a scalar to the element type}}
    pto.tlrelu ins(%src, %slope : !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=64>, f32) outs(%dst : !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=64>)
    func.return
  }
}

// -----

// A source overlapping dst at another position.
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @overlap(%s: f32) {
    %a0 = arith.constant 0 : i64
    %a1 = arith.constant 1024 : i64
    %src = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
    %dst = pto.alloc_tile addr = %a1 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>
    // expected-error @+1 {{pto-lower-tile-to-vector: pto.tmuls: src %src (bytes [0, 2048)) overlaps dst %dst (bytes [1024, 3072)) at another position: a chunked loop would read elements it already overwrote}}
    pto.tmuls ins(%src, %s : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>, f32) outs(%dst : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>)
    func.return
  }
}
