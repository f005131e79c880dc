// A bf16 array written by np.save (a raw |V2 array) is read with the kernel's element type, and
// --out-dir writes bf16 outputs that np.load reads back as bf16 once ml_dtypes is imported.
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 -c "import ml_dtypes, numpy as n; n.save('%t/x.npy', (n.arange(32, dtype=n.float32) / 3).astype(ml_dtypes.bfloat16))"
// RUN: pto-run %s --arg %t/x.npy --arg zeros:32xbf16 --out-dir %t/out
// RUN: python3 -c "import ml_dtypes, numpy as n; x = n.load('%t/x.npy').view(ml_dtypes.bfloat16); y = n.load('%t/out/arg1.npy'); print(y.dtype, bool((x == y).all()))" | filecheck %s
// CHECK: bfloat16 True

func.func @k(%x: !pto.ptr<bf16>, %y: !pto.ptr<bf16>) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c64 = arith.constant 64 : i64
  %ub = pto.castptr %c0 : i64 -> !pto.ptr<bf16, ub>
  pto.mte_gm_ub %x, %ub, %c0, %c64 nburst(%c1, %c64, %c64)
    : !pto.ptr<bf16>, !pto.ptr<bf16, ub>, i64, i64, i64, i64, i64
  pto.barrier #pto.pipe<PIPE_ALL>
  pto.mte_ub_gm %ub, %y, %c64 nburst(%c1, %c64, %c64)
    : !pto.ptr<bf16, ub>, !pto.ptr<bf16>, i64, i64, i64, i64
  func.return
}
