"""Interpreter functions of the vector-scalar micro-ops (`vadds` ... `vlrelu`), the carry-in
chains `vaddcs`/`vsubcs` and `vaxpy`.

A vector-scalar op is its vector-vector counterpart's numpy function applied to the input
and the scalar broadcast to every lane (`SCALAR` says which), inactive lanes zero; the
tile-scalar ops share those functions (`semantics.scalar`), so both levels agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import cast

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.impls import implements, register_functions
from interpreters.machine.core import MachineFunctions
from interpreters.semantics import scalar as tile_sem
from interpreters.semantics import vector_arith as sem
from pto_dialect import rules
from pto_dialect.dtypes import DType
from pto_dialect.ops.vector_scalar import (
    VAddCsOp,
    VAddsOp,
    VAndsOp,
    VAxpyOp,
    VectorCarryInOp,
    VectorScalarOp,
    VLReluOp,
    VMaxsOp,
    VMinsOp,
    VMulsOp,
    VOrsOp,
    VShlsOp,
    VShrsOp,
    VSubsOp,
    VXorsOp,
)
from pto_dialect.rules import VectorArithRules
from pto_dialect.vector_types import VRegType


def _shift(left: bool) -> sem.LaneOp:
    name = "vshls" if left else "vshrs"

    def run(
        lhs: np.ndarray, rhs: np.ndarray, mask: np.ndarray, dtype: DType, rules: VectorArithRules
    ) -> np.ndarray:
        return tile_sem.shift_by_scalar(name, left, lhs, rhs, dtype, rules.shift_range)

    return run


def _lrelu(
    lhs: np.ndarray, rhs: np.ndarray, mask: np.ndarray, dtype: DType, rules: VectorArithRules
) -> np.ndarray:
    return tile_sem.leaky_relu(lhs, rhs)


SCALAR: Mapping[type[VectorScalarOp], sem.LaneOp] = MappingProxyType(
    {
        VAddsOp: sem.lanes_of(np.add),
        VSubsOp: sem.lanes_of(np.subtract),
        VMulsOp: sem.lanes_of(np.multiply),
        VMaxsOp: sem.maximum,
        VMinsOp: sem.minimum,
        VAndsOp: sem.lanes_of(np.bitwise_and),
        VOrsOp: sem.lanes_of(np.bitwise_or),
        VXorsOp: sem.lanes_of(np.bitwise_xor),
        VShlsOp: _shift(left=True),
        VShrsOp: _shift(left=False),
        VLReluOp: _lrelu,
    }
)
"""The numpy semantics of each vector-scalar op: that of its binary counterpart."""


def _element(type: object) -> DType:
    assert isinstance(type, VRegType)
    return type.element


def carry_in(
    add: bool, lhs: np.ndarray, rhs: np.ndarray, carry: np.ndarray, mask: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """`vaddcs`: `lhs + rhs + carry_in` as 32-bit unsigned, carry the 33rd bit; `vsubcs`:
    `lhs + ~rhs + carry_in`, i.e. `lhs - rhs - (1 - carry_in)`, carry true when the exact
    difference is not negative (no borrow): the carry convention of PTOAS's board-tested
    vsubcs cases (an all-true carry_in subtracts nothing), not the page's borrow (docs/
    decisions.md). Inactive lanes: result 0, flag false."""
    a, b = lhs.view(np.uint32).astype(np.int64), rhs.view(np.uint32).astype(np.int64)
    c = carry.astype(np.int64)
    exact = a + b + c if add else a - b - (1 - c)
    flag = exact > 0xFFFFFFFF if add else exact >= 0
    result = (exact & 0xFFFFFFFF).astype(np.uint32)
    result[~mask] = 0
    return result.view(lhs.dtype), flag & mask


@register_functions
class VectorScalarFunctions(MachineFunctions):
    @implements(VectorScalarOp)
    def run_vector_scalar(
        self, interpreter: Interpreter, op: VectorScalarOp, args: PythonValues
    ) -> PythonValues:
        vreg = op.result.type
        dtype = _element(vreg)
        values, scalar, mask = args
        values, mask = cast(np.ndarray, values), cast(np.ndarray, mask)
        lanes = tile_sem.scalar_array(scalar, dtype, values.shape)
        arith_rules = rules.VECTOR_ARITH_RULES[self.machine.target.arch]
        result = sem.binary(SCALAR[type(op)], values, lanes, mask, dtype, arith_rules)
        self.on_vector_pipe(op, dtype)
        return (result,)

    @implements(VectorCarryInOp)
    def run_carry_in(
        self, interpreter: Interpreter, op: VectorCarryInOp, args: PythonValues
    ) -> PythonValues:
        lhs, rhs, carry, mask = cast(tuple[np.ndarray, ...], tuple(args))
        result, flags = carry_in(isinstance(op, VAddCsOp), lhs, rhs, carry, mask)
        self.on_vector_pipe(op, _element(op.result.type))
        return (result, flags)

    @implements(VAxpyOp)
    def run_vaxpy(self, interpreter: Interpreter, op: VAxpyOp, args: PythonValues) -> PythonValues:
        dtype = _element(op.result.type)
        x, y, alpha, mask = args
        x, y, mask = cast(np.ndarray, x), cast(np.ndarray, y), cast(np.ndarray, mask)
        lanes = tile_sem.scalar_array(alpha, dtype, x.shape)
        result = tile_sem.axpy(x, lanes, y, dtype)
        result[~mask] = 0
        self.on_vector_pipe(op, dtype)
        return (result,)
