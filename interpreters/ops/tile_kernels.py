"""Base of the interpreter functions that run a tile op through a numpy kernel of its class.

The elementwise and tile-scalar bridges share it: the op's kernel, made once per op and
reused on every run of it (its dtype and the target are fixed).
"""

from __future__ import annotations

from interpreters.machine.core import Machine, MachineFunctions
from interpreters.semantics.elementwise import Kernel, Maker
from pto_dialect.dtypes import DType
from pto_dialect.ops.base import TileOp


class TileKernelFunctions(MachineFunctions):
    """Interpreter functions whose ops each run one cached kernel into a destination tile."""

    def __init__(self, machine: Machine) -> None:
        super().__init__(machine)
        self._kernels: dict[TileOp, Kernel] = {}

    def kernel(self, op: TileOp, make: Maker, dtype: DType) -> Kernel:
        """The op's computation: made by `make` on the op's first run, then reused."""
        kernel = self._kernels.get(op)
        if kernel is None:
            kernel = self._kernels[op] = make(dtype, self.machine.target.arch)
        return kernel
