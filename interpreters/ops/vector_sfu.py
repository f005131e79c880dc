"""Interpreter functions of the SFU/DSA micro-ops (`pto.vexpdif`).

`vexpdif`: the float64 difference of the operands (exact unless their exponents differ by
more than 29), its float64 exponential, rounded once to the result type; NaNs settled as
`vexp` does (docs/semantics.md). A widening form reads the even or odd f16 lanes, widened to
f32 (exactly). Inactive lanes are zero.
"""

from __future__ import annotations

from typing import cast

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.impls import implements, register_functions
from interpreters.machine.core import MachineFunctions
from interpreters.semantics import math
from pto_dialect.dtypes import DType
from pto_dialect.ops.vector_sfu import Part, VExpDifOp


def _exp_of_difference(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.exp(a - b)


def expdif(x: np.ndarray, m: np.ndarray, dtype: DType) -> np.ndarray:
    """`exp(x - m)` computed in float64 and rounded once to `dtype`."""
    return math.via_float64(_exp_of_difference, dtype, x, m)


@register_functions
class VectorSfuFunctions(MachineFunctions):
    @implements(VExpDifOp)
    def run_vexpdif(
        self, interpreter: Interpreter, op: VExpDifOp, args: PythonValues
    ) -> PythonValues:
        x, m, mask = cast(tuple[np.ndarray, np.ndarray, np.ndarray], tuple(args))
        dtype = op.result.type.element
        if op.widening:
            first = 0 if op.selected is Part.EVEN else 1
            x, m, mask = x[first::2], m[first::2], mask[first::2]
            x, m = x.astype(dtype.numpy), m.astype(dtype.numpy)
        result = expdif(x, m, dtype)
        result = np.where(mask, result, np.zeros_like(result))
        self.on_vector_pipe(op, dtype)
        return (result,)
