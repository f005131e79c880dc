"""Interpreter functions of the vector cross-lane reductions (`pto_dialect.ops.vector_reduce`).

`REDUCTIONS` says which numpy function (`semantics.vector_reduce`) computes which op; the
ops touch no memory and run on PIPE_V with the cycles of their record.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from types import MappingProxyType
from typing import cast

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.impls import implements, register_functions
from interpreters.machine.core import MachineFunctions
from interpreters.semantics import vector_reduce as sem
from pto_dialect.ops.vector_reduce import (
    VCaddOp,
    VCgaddOp,
    VCgmaxOp,
    VCgminOp,
    VCmaxOp,
    VCminOp,
    VCpaddOp,
    VectorReduceOp,
)

Reduction = Callable[[np.ndarray, np.ndarray], np.ndarray]

REDUCTIONS: Mapping[type[VectorReduceOp], Reduction] = MappingProxyType(
    {
        VCaddOp: sem.vcadd,
        VCmaxOp: partial(sem.vcextremum, largest=True),
        VCminOp: partial(sem.vcextremum, largest=False),
        VCgaddOp: sem.vcgadd,
        VCgmaxOp: partial(sem.vcgextremum, largest=True),
        VCgminOp: partial(sem.vcgextremum, largest=False),
        VCpaddOp: sem.vcpadd,
    }
)
"""The numpy semantics of each cross-lane reduction (docs/semantics.md)."""


@register_functions
class VectorReduceFunctions(MachineFunctions):
    """`vcadd vcmax vcmin vcgadd vcgmax vcgmin vcpadd`."""

    @implements(VectorReduceOp)
    def run_reduce(
        self, interpreter: Interpreter, op: VectorReduceOp, args: PythonValues
    ) -> PythonValues:
        values, mask = cast(tuple[np.ndarray, np.ndarray], tuple(args))
        result = REDUCTIONS[type(op)](values, mask)
        self.on_vector_pipe(op, op.result.type.element)
        return (result,)
