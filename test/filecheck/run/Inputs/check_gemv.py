"""Print how the last .npy compares with [bias +] a @ b computed by numpy from the others.

    check_gemv.py A.npy B.npy [BIAS.npy] C.npy

Integer results must be equal (int32 wrap-around); float results close (numpy sums in
another order than the cube).
"""

import sys

import numpy as np

*inputs, result = (np.load(path) for path in sys.argv[1:])
a, b = inputs[0], inputs[1]
got = result
shape = "x".join(map(str, got.shape))
if got.dtype.kind == "i":
    want = (a.astype(np.int64) @ b.astype(np.int64)).astype(np.int32)
    print(f"{got.dtype} {shape} equal to a @ b: {np.array_equal(got, want)}")
else:
    want = a.astype(np.float64) @ b.astype(np.float64)
    if len(inputs) == 3:
        want = want + inputs[2].astype(np.float64)
    close = bool(np.allclose(got, want, rtol=1e-5, atol=1e-5))
    print(f"{got.dtype} {shape} close to bias + a @ b: {close}")
