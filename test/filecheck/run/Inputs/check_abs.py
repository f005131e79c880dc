"""Print whether the second .npy holds the absolute values of the first, bit for bit."""

import sys

import numpy as np

x, y = (np.load(path) for path in sys.argv[1:3])
print(f"equal to |x|: {np.array_equal(np.abs(x).view(np.uint32), y.view(np.uint32))}")
