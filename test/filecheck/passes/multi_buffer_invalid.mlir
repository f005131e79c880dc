// pto-multi-buffer, pto-plan-memory of multi tiles, pto-insert-sync{mode=bufid} and the
// pipeline's multi-buffer option: one diagnostic per unsupported input.
// RUN: not pto-opt %s -p "pto-multi-buffer{count=1}" 2>&1 | filecheck %s --check-prefix=LOW
// RUN: not pto-opt %s -p "pto-multi-buffer{count=17}" 2>&1 | filecheck %s --check-prefix=HIGH
// RUN: not pto-opt %s -p "pto-pipeline{multi-buffer=-1}" 2>&1 | filecheck %s --check-prefix=PIPELINE
// RUN: not pto-opt %s --split-input-file -p "pto-insert-sync{mode=bufid}" 2>&1 | filecheck %s --check-prefix=BUFID
// RUN: not pto-opt %s --split-input-file -p pto-plan-memory 2>&1 | filecheck %s --check-prefix=PLAN

// LOW: pto-multi-buffer: count=1 must lie in [2, 16]
// HIGH: pto-multi-buffer: count=17 must lie in [2, 16]
// PIPELINE: pto-pipeline: multi-buffer=-1 must be 0 (off) or a slot count

// get_buf/rls_buf are A5 buffer-id instructions: bufid mode refuses an a2a3 module.
// BUFID: pto-insert-sync: mode=bufid: get_buf/rls_buf are A5 instructions (buffer-id sync), the module's target is a2a3
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @k() {
    func.return
  }
}

// -----

// A multi tile's slots lie at addr + k x slot bytes: left tiles are 512-byte aligned, so a
// slot of 256 bytes would put slot 1 off the alignment.
// PLAN: pto-plan-memory: pto.alloc_multi_tile: the slots of multi tile buffer %m have 32 bytes, not a multiple of the 512-byte alignment of loc=left: slot k at addr + k x slot bytes would be misaligned
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @k() {
    %c0 = arith.constant 0 : index
    %m = pto.alloc_multi_tile : !pto.multi_tile_buf<!pto.tile_buf<loc=left, dtype=f16, rows=1, cols=16, blayout=row_major, slayout=row_major, fractal=512>, count=2>
    %t = pto.multi_tile_get %m[%c0] : !pto.multi_tile_buf<!pto.tile_buf<loc=left, dtype=f16, rows=1, cols=16, blayout=row_major, slayout=row_major, fractal=512>, count=2> -> !pto.tile_buf<loc=left, dtype=f16, rows=1, cols=16, blayout=row_major, slayout=row_major, fractal=512>
    func.return
  }
}
