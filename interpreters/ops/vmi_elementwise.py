"""Interpreter functions of the VMI elementwise ops, compares, selects, carries and SFU ops
(`semantics.vmi_elementwise`). `BINARY`, `UNARY` and `SCALAR` say which lane function
computes which op (the micro-ops' own, `semantics.vector_arith` and `semantics.math`)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import cast

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.impls import implements, register_functions
from interpreters.ops.vmi_common import VmiFunctions, data_dtype, vmi_array
from interpreters.semantics import math
from interpreters.semantics import vector_arith as va
from interpreters.semantics import vmi_elementwise as sem
from pto_dialect import rules
from pto_dialect.dtypes import F32, DType
from pto_dialect.ops import vmi_elementwise as ew
from pto_dialect.ops import vmi_sfu as sfu
from pto_dialect.ops.vmi_common import VmiOp, vreg_type
from pto_dialect.ops.vmi_types import VmiMaskType, is_vmi_unsigned
from pto_dialect.rules import VectorArithRules

_ADD, _SUB, _MUL = va.lanes_of(np.add), va.lanes_of(np.subtract), va.lanes_of(np.multiply)
_AND, _OR, _XOR = (va.bitwise(f) for f in (np.bitwise_and, np.bitwise_or, np.bitwise_xor))
_SHL, _SHR = va.shift(left=True), va.shift(left=False)

BINARY: Mapping[type[VmiOp], va.LaneOp] = MappingProxyType(
    {
        ew.VmiVaddOp: _ADD, ew.VmiVsubOp: _SUB, ew.VmiVmulOp: _MUL, ew.VmiVdivOp: va.divide,
        ew.VmiVmaxOp: va.maximum, ew.VmiVminOp: va.minimum, ew.VmiVandOp: _AND,
        ew.VmiVorOp: _OR, ew.VmiVxorOp: _XOR, ew.VmiVshlOp: _SHL, ew.VmiVshrOp: _SHR,
        ew.VmiAddfOp: _ADD, ew.VmiAddiOp: _ADD, ew.VmiSubfOp: _SUB, ew.VmiSubiOp: _SUB,
        ew.VmiMulfOp: _MUL, ew.VmiMuliOp: _MUL, ew.VmiDivfOp: va.divide,
        ew.VmiMinfOp: va.minimum, ew.VmiMaxfOp: va.maximum, ew.VmiMiniOp: va.minimum,
        ew.VmiMaxiOp: va.maximum, ew.VmiAndiOp: _AND, ew.VmiOriOp: _OR, ew.VmiXoriOp: _XOR,
        ew.VmiShliOp: _SHL, ew.VmiShruiOp: _SHR, ew.VmiShrsiOp: _SHR,
    }
)  # fmt: skip
"""The lane function of each two-source elementwise op."""

UNARY: Mapping[type[VmiOp], va.UnaryLaneOp] = MappingProxyType(
    {
        ew.VmiVabsOp: va.absolute, ew.VmiVnegOp: va.negate, ew.VmiVnotOp: va.invert,
        ew.VmiVexpOp: math.exp_values, ew.VmiVlnOp: math.ln_values,
        ew.VmiVsqrtOp: math.sqrt_values, ew.VmiVreluOp: math.relu_values,
        ew.VmiNegfOp: va.negate, ew.VmiNegiOp: va.negate, ew.VmiAbsfOp: va.absolute,
        ew.VmiAbsiOp: va.absolute, ew.VmiSqrtOp: math.sqrt_values,
        ew.VmiExpOp: math.exp_values, ew.VmiLnOp: math.ln_values,
        ew.VmiReluOp: math.relu_values, ew.VmiNotOp: va.invert,
    }
)  # fmt: skip
"""The lane function of each one-source elementwise op."""

SCALAR: Mapping[type[VmiOp], va.LaneOp] = MappingProxyType(
    {
        ew.VmiVaddsOp: _ADD, ew.VmiVmulsOp: _MUL, ew.VmiVmaxsOp: va.maximum,
        ew.VmiVminsOp: va.minimum, ew.VmiVshlsOp: _SHL, ew.VmiVshrsOp: _SHR,
    }
)  # fmt: skip
"""The lane function of each vector-scalar op (the scalar on every lane)."""

MASK_LOGIC: Mapping[type[VmiOp], np.ufunc] = MappingProxyType(
    {ew.VmiVandOp: np.logical_and, ew.VmiVorOp: np.logical_or, ew.VmiVxorOp: np.logical_xor}
)
"""vand/vor/vxor on masks."""

_SIGNEDNESS: Mapping[type[VmiOp], str] = MappingProxyType({ew.VmiShruiOp: "u", ew.VmiShrsiOp: "i"})
"""Legacy shifts whose op, not the element type, fixes the signedness."""


def _as(values: np.ndarray, kind: str) -> np.ndarray:
    return values.view(np.dtype(f"{kind}{values.dtype.itemsize}"))


@register_functions
class VmiElementwiseFunctions(VmiFunctions):
    @property
    def _rules(self) -> VectorArithRules:
        return rules.VECTOR_ARITH_RULES[self.machine.target.arch]

    @implements(ew.BinaryOp, ew.LegacyBinaryOp)
    def run_binary(self, interpreter: Interpreter, op: VmiOp, args: PythonValues) -> PythonValues:
        lhs, rhs = vmi_array(args[0]), vmi_array(args[1])
        if isinstance(op.operands[0].type, VmiMaskType):
            self.record(op)
            return (MASK_LOGIC[type(op)](lhs, rhs),)
        dtype = data_dtype(op.results[0])
        kind = _SIGNEDNESS.get(type(op))
        if kind is not None:
            result = sem.binary(BINARY[type(op)], _as(lhs, kind), rhs, dtype, self._rules)
            result = result.view(lhs.dtype)
        else:
            result = sem.binary(BINARY[type(op)], lhs, rhs, dtype, self._rules)
        mask = vmi_array(args[2]) if len(args) > 2 else None
        self.record(op)
        return (sem.merged(result, lhs, mask, cast(ew.ElementwiseOp, op).pmode == "merge"),)

    @implements(ew.UnaryOp, ew.LegacyUnaryOp)
    def run_unary(self, interpreter: Interpreter, op: VmiOp, args: PythonValues) -> PythonValues:
        values = vmi_array(args[0])
        self.record(op)
        if isinstance(op.operands[0].type, VmiMaskType):
            return (~values,)
        result = sem.unary(UNARY[type(op)], values, data_dtype(op.results[0]))
        mask = vmi_array(args[1]) if len(args) > 1 else None
        return (sem.merged(result, values, mask, op.pmode == "merge"),)

    @implements(ew.ScalarOp)
    def run_scalar(
        self, interpreter: Interpreter, op: ew.ScalarOp, args: PythonValues
    ) -> PythonValues:
        values = vmi_array(args[0])
        dtype = data_dtype(op.result)
        amount = sem.scalar(cast(int | float, args[1]), dtype, values.size)
        result = sem.binary(SCALAR[type(op)], values, amount, dtype, self._rules)
        self.record(op)
        return (sem.merged(result, values, vmi_array(args[2]), op.pmode == "merge"),)

    @implements(ew.VmiVcmpOp)
    def run_vcmp(
        self, interpreter: Interpreter, op: ew.VmiVcmpOp, args: PythonValues
    ) -> PythonValues:
        lhs, rhs, seed = (vmi_array(a) for a in args)
        self.record(op)
        return (sem.compare(op.attr_str("cmp") or "", lhs, rhs) & seed,)

    @implements(ew.VmiVcmpsOp)
    def run_vcmps(
        self, interpreter: Interpreter, op: ew.VmiVcmpsOp, args: PythonValues
    ) -> PythonValues:
        src, seed = vmi_array(args[0]), vmi_array(args[2])
        rhs = sem.scalar(cast(int | float, args[1]), data_dtype(op.src), src.size)
        self.record(op)
        return (sem.compare(op.attr_str("cmp") or "", src, rhs) & seed,)

    @implements(ew.LegacyCompareOp)
    def run_cmp(
        self, interpreter: Interpreter, op: ew.LegacyCompareOp, args: PythonValues
    ) -> PythonValues:
        lhs, rhs = vmi_array(args[0]), vmi_array(args[1])
        self.record(op)
        return (sem.compare(op.attr_str("predicate") or "", lhs, rhs),)

    @implements(ew.SelectOp)
    def run_select(
        self, interpreter: Interpreter, op: ew.SelectOp, args: PythonValues
    ) -> PythonValues:
        mask, true, false = (vmi_array(a) for a in args)
        self.record(op)
        return (np.where(mask, true, false),)

    @implements(ew.CarryOp)
    def run_carry(
        self, interpreter: Interpreter, op: ew.CarryOp, args: PythonValues
    ) -> PythonValues:
        lhs, rhs = vmi_array(args[0]), vmi_array(args[1])
        carry_in = vmi_array(args[2]) if isinstance(op, ew.VmiVaddcsOp) else None
        self.record(op)
        return sem.add_with_carry(lhs, rhs, carry_in, vmi_array(args[-1]))

    @implements(ew.VmiFmaOp)
    def run_fma(
        self, interpreter: Interpreter, op: ew.VmiFmaOp, args: PythonValues
    ) -> PythonValues:
        lhs, rhs, acc = (vmi_array(a) for a in args)
        self.record(op)
        return (sem.fused_multiply_add(acc, lhs, rhs, data_dtype(op.result)),)

    # ---- SFU ------------------------------------------------------------------------------
    @implements(sfu.VmiVmulaOp)
    def run_vmula(
        self, interpreter: Interpreter, op: sfu.VmiVmulaOp, args: PythonValues
    ) -> PythonValues:
        acc, lhs, rhs = (vmi_array(a) for a in args[:3])
        self.record(op)
        return (sem.fused_multiply_add(acc, lhs, rhs, data_dtype(op.result)),)

    @implements(sfu.VmiVaxpyOp)
    def run_vaxpy(
        self, interpreter: Interpreter, op: sfu.VmiVaxpyOp, args: PythonValues
    ) -> PythonValues:
        x, acc = vmi_array(args[0]), vmi_array(args[1])
        dtype = data_dtype(op.result)
        alpha = sem.scalar(cast(float, args[2]), dtype, x.size)
        self.record(op)
        return (sem.fused_multiply_add(acc, alpha, x, dtype),)

    @implements(sfu.VmiVexpdifOp)
    def run_vexpdif(
        self, interpreter: Interpreter, op: sfu.VmiVexpdifOp, args: PythonValues
    ) -> PythonValues:
        """`exp(x - max)` rounded once to f32 (the micro-op `vexpdif`, which PTOAS lowers
        the VMI op to)."""
        x, high = (vmi_array(a).astype(np.float32) for a in args[:2])
        self.record(op)
        return (math.via_float64(_exp_of_difference, F32, x, high),)

    @implements(sfu.VmiVlreluOp, sfu.VmiVpreluOp)
    def run_relu(self, interpreter: Interpreter, op: VmiOp, args: PythonValues) -> PythonValues:
        """PTOAS's chain: `max(x, 0) + slope * min(x, 0)`, each step rounded."""
        x = vmi_array(args[0])
        dtype = data_dtype(op.results[0])
        slope = args[1] if isinstance(op, sfu.VmiVpreluOp) else None
        if slope is None:
            slope_lanes = sem.scalar(cast(float, args[1]), dtype, x.size)
        else:
            slope_lanes = vmi_array(slope)
        zero = np.zeros_like(x)
        self.record(op)
        return (_leaky(x, zero, slope_lanes, dtype, self._rules),)

    @implements(sfu.VmiVmullOp)
    def run_vmull(
        self, interpreter: Interpreter, op: sfu.VmiVmullOp, args: PythonValues
    ) -> PythonValues:
        a, b, mask = (vmi_array(x) for x in args)
        signed = not is_vmi_unsigned(vreg_type(op.a).element_type)  # signless: signed
        self.record(op)
        return sem.multiply_high_low(a, b, mask, signed)

    @implements(sfu.HistogramOp)
    def run_histogram(
        self, interpreter: Interpreter, op: sfu.HistogramOp, args: PythonValues
    ) -> PythonValues:
        acc, source, mask = (vmi_array(a) for a in args)
        self.record(op)
        return (sem.histogram(acc, source, mask, isinstance(op, sfu.VmiVchistOp)),)


def _exp_of_difference(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.exp(a - b)


def _leaky(
    x: np.ndarray, zero: np.ndarray, slope: np.ndarray, dtype: DType, arith: VectorArithRules
) -> np.ndarray:
    full = sem.everywhere(x.size)
    positive = va.maximum(x, zero, full, dtype, arith)
    negative = va.minimum(x, zero, full, dtype, arith)
    scaled = _MUL(slope, negative, full, dtype, arith)
    return np.asarray(_ADD(positive, scaled, full, dtype, arith), dtype=x.dtype)
