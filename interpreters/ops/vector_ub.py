"""Interpreter functions of `pto_dialect.ops.vector_ub`: the A2/A3 vector unit's UB-to-UB
instructions under the vector mask (`semantics.vector_ub`), computing with the numpy
functions of the vector ops their records name (`VECTOR_OP`), costed as those ops' A2/A3
instructions over their repeats."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import check
from interpreters.engine.impls import implements, register_functions
from interpreters.machine import cost_params as P
from interpreters.machine import costs
from interpreters.machine.core import MachineFunctions
from interpreters.machine.memory import Access, Pointer
from interpreters.ops.vector_arith import BINARY, UNARY
from interpreters.ops.vector_scalar import SCALAR
from interpreters.semantics import vector_arith as arith
from interpreters.semantics import vector_ub as sem
from interpreters.semantics.scalar import scalar_array
from pto_dialect import rules
from pto_dialect.attrs import TargetArch
from pto_dialect.dtypes import DType, dtype_named
from pto_dialect.memory_types import MemorySpace
from pto_dialect.ops.vector_arith import VectorBinaryOp, VectorUnaryOp
from pto_dialect.ops.vector_scalar import VectorScalarOp
from pto_dialect.ops.vector_ub import (
    COUNT_MODE_BIT,
    UbBinaryOp,
    UbMaskModeOp,
    UbOp,
    UbScalarOp,
    UbSetMaskOp,
    UbUnaryOp,
)

Compute = Callable[[list[np.ndarray], int], np.ndarray]
"""The destination's elements from the sources' and the number of lanes that run."""


@register_functions
class VectorUbFunctions(MachineFunctions):
    @implements(UbSetMaskOp)
    def run_set_mask(
        self, interpreter: Interpreter, op: UbSetMaskOp, args: PythonValues
    ) -> PythonValues:
        self.machine.ub_mask = (int(args[0]), int(args[1]))
        self.on_pipe(op)
        return ()

    @implements(UbMaskModeOp)
    def run_mask_mode(
        self, interpreter: Interpreter, op: UbMaskModeOp, args: PythonValues
    ) -> PythonValues:
        bit = 1 << COUNT_MODE_BIT
        ctrl = self.machine.ctrl
        self.machine.ctrl = (ctrl | bit) if op.COUNT else (ctrl & ~bit)
        self.on_pipe(op)
        return ()

    @implements(UbOp)
    def run_ub(self, interpreter: Interpreter, op: UbOp, args: PythonValues) -> PythonValues:
        target = self.machine.target
        check(
            target.arch is TargetArch.A2A3,
            f"{op.name} is an instruction of the A2/A3 vector unit; target {target.name} has "
            "none (PTOAS's A5 lowering emits nothing for it)",
        )
        dtype = op.element()
        size = dtype.bytes
        pointers = [
            self.machine.place(cast(Pointer, a), MemorySpace.UB) for a in args[: op.POINTERS]
        ]
        scalar = int(args[op.POINTERS]) if op.HAS_SCALAR else 0
        repeat, *strides = (int(a) for a in args[op.POINTERS + op.HAS_SCALAR :])
        half = len(strides) // 2
        memory = pointers[0].memory
        assert memory is not None
        count_mode = bool(self.machine.ctrl >> COUNT_MODE_BIT & 1)
        lanes = sem.lanes(size, repeat, self.machine.ub_mask, count_mode)
        where = [
            sem.offsets(size, lanes.repeats, strides[i], strides[half + i])
            for i in range(op.POINTERS)
        ]
        roles = ("dst", "src0", "src1") if op.POINTERS == 3 else ("dst", "src")
        compute = _compute(op, dtype, rules.VECTOR_ARITH_RULES[target.arch], scalar)
        reads: list[Access] = []
        writes: list[Access] = []

        def run(rows: slice) -> None:
            active = lanes.active[rows]
            index = [
                sem.byte_index(p.offset, w[rows][active], size, memory.size, f"{op.name} {r}")
                for p, w, r in zip(pointers, where, roles, strict=False)
            ]
            if not index[0].size:
                return
            sources = [sem.gather(memory.data, i, dtype.numpy) for i in index[1:]]
            with np.errstate(all="ignore"):
                result = compute(sources, len(index[0]))
            for i, accesses in zip(index, (writes, *[reads] * (len(index) - 1)), strict=True):
                accesses.append(Access(memory, int(i.min()), int(i.max()) + 1))
            sem.scatter(memory.data, index[0], result)

        dst_bytes = [pointers[0].offset + where[0][lanes.active]]
        src_bytes = [
            p.offset + w[lanes.active] for p, w in zip(pointers[1:], where[1:], strict=True)
        ]
        if sem.needs_order(dst_bytes[0], src_bytes):
            for r in range(lanes.repeats):
                run(slice(r, r + 1))
        else:
            run(slice(None))
        cycles = costs.vector_cycles(target, type(op), dtype, lanes.repeats)
        self.on_pipe(op, reads, writes, cycles + (P.MASK_FLOOR if lanes.partial else 0))
        return ()


def _compute(op: UbOp, dtype: DType, arith_rules: rules.VectorArithRules, scalar: int) -> Compute:
    """The function of the instruction's source elements that gives its destination's."""
    vector = op.VECTOR_OP
    if isinstance(op, UbBinaryOp):
        fn = BINARY[cast(type[VectorBinaryOp], vector)]
        return lambda s, n: arith.binary(fn, s[0], s[1], _full(n), dtype, arith_rules)
    if isinstance(op, UbUnaryOp):
        ufn = UNARY[cast(type[VectorUnaryOp], vector)]
        return lambda s, n: arith.unary(ufn, s[0], _full(n), dtype)
    if isinstance(op, UbScalarOp):
        sfn = SCALAR[cast(type[VectorScalarOp], vector)]
        if op.SHIFT:  # VSHL/VSHR .u16/.u32: a logical shift of the bits
            bits = dtype_named(f"ui{dtype.bits}")

            def shift(s: list[np.ndarray], n: int) -> np.ndarray:
                raw = s[0].view(bits.numpy)
                amount = scalar_array(scalar, bits, raw.shape)
                out = arith.binary(sfn, raw, amount, _full(n), bits, arith_rules)
                return out.view(dtype.numpy)

            return shift
        value = sem.scalar_bits(scalar, dtype.numpy)
        return lambda s, n: arith.binary(sfn, s[0], np.full(n, value), _full(n), dtype, arith_rules)
    value = sem.scalar_bits(scalar, dtype.numpy)  # vdup
    return lambda s, n: np.full(n, value)


def _full(lanes: int) -> np.ndarray:
    return np.ones(lanes, dtype=bool)
