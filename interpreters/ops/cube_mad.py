"""Interpreter functions of the cube's `mad` family (`pto_dialect.ops.cube_mad`).

The operands are read from L0A / L0B in the target's formats (`semantics.cube`), the sum is
the matrix family's (`semantics.matrix.product_sum`: fused steps, ascending k), started from
the L0C values (`_acc`), the bias row (`_bias`) or zero; the result goes back to L0C as NZ.
Without a `sat` / `nosat` clause the mode is IEEE (nosat).
"""

from __future__ import annotations

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import check
from interpreters.engine.impls import implements, register_functions
from interpreters.machine import costs
from interpreters.machine.core import MachineFunctions
from interpreters.machine.memory import Access, Pointer
from interpreters.ops.cube_move import as_int, placed
from interpreters.semantics import cube
from interpreters.semantics.matrix import MAX_MNK, Numerics, operand_matrices, product_sum
from interpreters.semantics.mx_formats import to_f32
from pto_dialect.dtypes import F8E8M0, DType
from pto_dialect.fractal import l0a_format
from pto_dialect.memory_types import MemorySpace
from pto_dialect.mx import SCALE_ADDRESS_SHIFT
from pto_dialect.ops.cube_mad import DISABLE_GEMV, SAT_MODE, TF32_MODE, MadFamilyOp


def _span(ptr: Pointer, offsets: np.ndarray, dtype: DType) -> Access:
    assert ptr.memory is not None
    low, high = cube.byte_span(ptr.offset, offsets, dtype.bytes)
    return Access(ptr.memory, low, high)


@register_functions
class CubeMadFunctions(MachineFunctions):
    """`mad`, `mad_acc`, `mad_bias` and the MX forms."""

    @implements(MadFamilyOp)
    def run_mad(
        self, interpreter: Interpreter, op: MadFamilyOp, args: PythonValues
    ) -> PythonValues:
        machine = self.machine
        lhs = placed(machine, args[0], MemorySpace.L0A, "lhs")
        rhs = placed(machine, args[1], MemorySpace.L0B, "rhs")
        dst = placed(machine, args[2], MemorySpace.L0C, "dst")
        m, n, k = (as_int(v) for v in args[-3:])
        for name, value in (("m", m), ("n", n), ("k", k)):
            check(1 <= value <= MAX_MNK, f"{op.name} {name} = {value} must lie in [1, {MAX_MNK}]")
        c, a, b = op.elements()
        assert lhs.memory is not None and rhs.memory is not None and dst.memory is not None
        gemv = m == 1 and not op.flag(DISABLE_GEMV)
        a_at = cube.lhs_offsets(m, k, a, l0a_format(machine.target.arch), gemv)
        b_at = cube.rhs_offsets(k, n, b)
        c_at = cube.acc_offsets(m, n)
        a_vals = cube.gather(lhs.memory.data, lhs.offset, a_at, a)
        b_vals = cube.gather(rhs.memory.data, rhs.offset, b_at, b)
        reads = [_span(lhs, a_at, a), _span(rhs, b_at, b)]
        start = None
        if op.ACC:
            start = cube.gather(dst.memory.data, dst.offset, c_at, c)
            reads.append(_span(dst, c_at, c))
        if op.BIAS:
            bias = placed(machine, args[3], MemorySpace.BT, "bias")
            assert bias.memory is not None
            row_at = np.arange(n, dtype=np.int64).reshape(1, -1)
            start = np.broadcast_to(cube.gather(bias.memory.data, bias.offset, row_at, c), (m, n))
            reads.append(_span(bias, row_at, c))
        scales = None
        if op.MX:
            scales = (
                self._scales(MemorySpace.L0A, lhs, m, k, False, reads, gemv),
                self._scales(MemorySpace.L0B, rhs, n, k, True, reads),
            )
        numerics = Numerics(op.clause(SAT_MODE) == "sat", op.clause(TF32_MODE))
        a_mat, b_mat, exact = operand_matrices(c, a_vals, b_vals, m, k, n, (a, b), scales, numerics)
        result = product_sum(a_mat, b_mat, c, start, numerics.saturate, exact)
        written = _span(dst, c_at, c)
        pipes = machine.pipes
        cycles = costs.matmul_cycles(m, k, n, a, not pipes.cube_streaming, machine.target)
        pipes.cube_streaming = True
        self.on_pipe(op, reads, [written], cycles)
        at = dst.offset + c_at[..., None] * c.bytes + np.arange(c.bytes)
        dst.memory.data[at.reshape(-1)] = (
            np.ascontiguousarray(result.astype(c.numpy)).view(np.uint8).reshape(-1)
        )
        return ()

    def _scales(
        self,
        space: MemorySpace,
        operand: Pointer,
        rows: int,
        k: int,
        right: bool,
        reads: list[Access],
        gemv: bool = False,
    ) -> np.ndarray:
        """The f32 values of an operand's MX scales: A's m x G or B's G x n."""
        memory = self.machine.scale_memory(space)
        base = operand.offset >> SCALE_ADDRESS_SHIFT
        at = base + cube.scale_offsets(rows, k, right, gemv)
        check(int(at.max()) < memory.size, f"MX scales beyond the {memory.name} buffer")
        reads.append(Access(memory, int(at.min()), int(at.max()) + 1))
        return to_f32(memory.data[at], F8E8M0)
