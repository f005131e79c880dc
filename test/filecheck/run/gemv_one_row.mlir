// Seed 000's own example: TileLeft<half, 1, 16>, TileRight<half, 16, 16>, TileAcc<float, 1, 16>
// with the A5 layouts (a 1-row tile is exempt from the box-row rule), here with an f32 bias
// (the seed's rule: the bias dtype is the accumulator's). It verifies and runs on every target,
// and the result is bias + a @ b as numpy computes it. Inputs/gemv_i8_one_row_a2a3.mlir is an
// int8 GEMV with a 1-row left tile in A2/A3's own left layout.
// RUN: rm -rf %t && mkdir -p %t
// RUN: pto-run %s --target a5 --arg rand:1x16xf16:1 --arg rand:16x16xf16:2 --arg rand:1x16xf32:3 --arg zeros:1x16xf32 --out-dir %t/a5
// RUN: pto-run %s --target a2a3 --arg %t/a5/arg0.npy --arg %t/a5/arg1.npy --arg %t/a5/arg2.npy --arg zeros:1x16xf32 --out-dir %t/a2a3
// RUN: pto-run %s --target cpu --arg %t/a5/arg0.npy --arg %t/a5/arg1.npy --arg %t/a5/arg2.npy --arg zeros:1x16xf32 --out-dir %t/cpu
// RUN: python3 %S/Inputs/check_gemv.py %t/a5/arg0.npy %t/a5/arg1.npy %t/a5/arg2.npy %t/a5/arg3.npy | filecheck %s
// RUN: python3 %S/Inputs/check_gemv.py %t/a5/arg0.npy %t/a5/arg1.npy %t/a5/arg2.npy %t/a2a3/arg3.npy | filecheck %s
// RUN: python3 %S/Inputs/check_gemv.py %t/a5/arg0.npy %t/a5/arg1.npy %t/a5/arg2.npy %t/cpu/arg3.npy | filecheck %s
// RUN: pto-run %S/Inputs/gemv_i8_one_row_a2a3.mlir --arg rand:1x64xi8:1 --arg rand:64x32xi8:2 --arg zeros:1x32xi32 --out-dir %t/i8
// RUN: python3 %S/Inputs/check_gemv.py %t/i8/arg0.npy %t/i8/arg1.npy %t/i8/arg2.npy | filecheck %s --check-prefix=I8

// CHECK: float32 1x16 close to bias + a @ b: True
// I8: int32 1x32 equal to a @ b: True

!left = !pto.tile_buf<loc=left, dtype=f16, rows=1, cols=16, blayout=col_major, slayout=row_major>
!right = !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, blayout=row_major, slayout=col_major>
!bias = !pto.tile_buf<loc=bias, dtype=f32, rows=1, cols=16>
!acc = !pto.tile_buf<loc=acc, dtype=f32, rows=1, cols=16, blayout=col_major, slayout=row_major, fractal=1024>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @gemv_bias(%a: !left, %b: !right, %bias: !bias, %c: !acc) {
    pto.tgemv.bias ins(%a, %b, %bias : !left, !right, !bias) outs(%c : !acc)
    func.return
  }
}
