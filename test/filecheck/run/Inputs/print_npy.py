"""Print .npy files for FileCheck: `name: shape dtype` then the values, one row a line."""

import sys

import numpy as np

for path in sys.argv[1:]:
    array = np.load(path)
    print(f"{path.rsplit('/', 1)[-1]}: {'x'.join(map(str, array.shape))} {array.dtype}")
    for row in np.atleast_2d(array):
        print(" ".join(repr(v.item()) for v in row))
