"""Every op of `math` on scalars: numpy's function in the operand's own float type (so a
NaN, an infinity, a signed zero come out as numpy and IEEE 754 give them), the integer ops
at their width. Where numpy has no function or no single rounding, docs/semantics.md
("Scalar arithmetic") says what is computed: `erf` (Python's double `math.erf`, rounded
once), `fma` (exact, rounded once), `fpowi` (the double power, rounded once), `round`
(half away from zero), `rsqrt` (`1 / sqrt(x)`, two roundings), `ipowi` with a negative
exponent (MLIR's integer reciprocal: 0 unless the base is 1 or -1; a zero base is an error).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import copysign, erf, isfinite, trunc
from typing import Any

import numpy as np
from xdsl.dialects import math
from xdsl.interpreter import Interpreter, PythonValues
from xdsl.ir import Operation

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.impls import implements, register_functions
from interpreters.ops.upstream.scalars import (
    Builder,
    Compiled,
    CompiledFunctions,
    int_width,
    round_exact,
    rounding,
    signed,
    unsigned,
    wrap,
)


def _numpy(fn: Callable[..., Any]) -> Builder:
    """A float op computed by numpy's `fn` on operands of the result's type."""

    def build(op: Operation, index_bitwidth: int) -> Compiled:
        dtype, _ = rounding(op.results[0].type, op.name)
        scalar = dtype.type
        if len(op.operands) == 1:
            return lambda args: (float(fn(scalar(args[0]))),)
        return lambda args: (float(fn(scalar(args[0]), scalar(args[1]))),)

    return build


def _double(fn: Callable[[float], float]) -> Builder:
    """A float op computed in double by `fn` and rounded once to the result's type."""

    def build(op: Operation, index_bitwidth: int) -> Compiled:
        _, round_to = rounding(op.results[0].type, op.name)
        return lambda args: (round_to(fn(args[0])),)

    return build


def _round_half_away(x: float) -> float:
    if not isfinite(x):
        return x
    whole = float(trunc(x))
    if abs(x - whole) >= 0.5:
        whole += copysign(1.0, x)
    return copysign(whole, x)  # -0.4 rounds to -0.0


def _rsqrt(op: Operation, index_bitwidth: int) -> Compiled:
    dtype, _ = rounding(op.results[0].type, op.name)
    one = dtype.type(1)
    return lambda args: (float(one / np.sqrt(dtype.type(args[0]))),)


def _fma(op: math.FmaOp, index_bitwidth: int) -> Compiled:
    dtype, round_to = rounding(op.result.type, op.name)

    def run(args: PythonValues) -> PythonValues:
        a, b, c = args
        if not (isfinite(a) and isfinite(b) and isfinite(c)):
            return (round_to(a * b + c),)
        return (round_exact(Fraction(a) * Fraction(b) + Fraction(c), dtype),)

    return run


def _fpowi(op: math.FPowIOp, index_bitwidth: int) -> Compiled:
    _, round_to = rounding(op.result.type, op.name)
    width = _width(op, op.rhs.type, index_bitwidth)

    def run(args: PythonValues) -> PythonValues:
        base, exponent = float(args[0]), signed(args[1], width)
        try:
            return (round_to(base**exponent),)
        except ZeroDivisionError:  # 0 ** -n
            return (round_to(copysign(float("inf"), base) if exponent % 2 else float("inf")),)
        except OverflowError:
            return (round_to(float(np.float64(base) ** np.float64(exponent))),)

    return run


def _width(op: Operation, type: Any, index_bitwidth: int) -> int:
    width = int_width(type, index_bitwidth)
    if width is None:
        raise PtoRuntimeError(f"pto-run runs {op.name} on integers, not on {type}")
    return width


def _int_unary(fn: Callable[[int, int], int]) -> Builder:
    """An integer op of the operand read unsigned: `fn(value, width)`, wrapped."""

    def build(op: Operation, index_bitwidth: int) -> Compiled:
        width = _width(op, op.results[0].type, index_bitwidth)
        return lambda args: (wrap(fn(unsigned(args[0], width), width), width),)

    return build


def _absi(value: int, width: int) -> int:
    return abs(signed(value, width))


def _ctlz(value: int, width: int) -> int:
    return width - value.bit_length()


def _cttz(value: int, width: int) -> int:
    return width if value == 0 else (value & -value).bit_length() - 1


def _ctpop(value: int, width: int) -> int:
    return bin(value).count("1")


def _ipowi(op: math.IPowIOp, index_bitwidth: int) -> Compiled:
    width = _width(op, op.result.type, index_bitwidth)

    def run(args: PythonValues) -> PythonValues:
        base, exponent = signed(args[0], width), signed(args[1], width)
        if exponent >= 0:
            return (wrap(pow(base, exponent, 1 << width), width),)
        if base == 0:
            raise PtoRuntimeError(f"{op.name}: 0 to the negative power {exponent}")
        if base in (1, -1):
            return (wrap(base ** (exponent % 2), width),)
        return (wrap(0, width),)

    return run


BUILDERS: dict[type[Operation], Builder] = {
    math.AbsFOp: _numpy(np.abs),
    math.AcosOp: _numpy(np.arccos),
    math.AcoshOp: _numpy(np.arccosh),
    math.AsinOp: _numpy(np.arcsin),
    math.AsinhOp: _numpy(np.arcsinh),
    math.AtanOp: _numpy(np.arctan),
    math.AtanhOp: _numpy(np.arctanh),
    math.Atan2Op: _numpy(np.arctan2),
    math.CbrtOp: _numpy(np.cbrt),
    math.CeilOp: _numpy(np.ceil),
    math.CopySignOp: _numpy(np.copysign),
    math.CosOp: _numpy(np.cos),
    math.CoshOp: _numpy(np.cosh),
    math.ErfOp: _double(erf),
    math.Exp2Op: _numpy(np.exp2),
    math.ExpM1Op: _numpy(np.expm1),
    math.ExpOp: _numpy(np.exp),
    math.FloorOp: _numpy(np.floor),
    math.Log10Op: _numpy(np.log10),
    math.Log1pOp: _numpy(np.log1p),
    math.Log2Op: _numpy(np.log2),
    math.LogOp: _numpy(np.log),
    math.PowFOp: _numpy(np.power),
    math.RoundEvenOp: _numpy(np.rint),
    math.RoundOp: _double(_round_half_away),
    math.RsqrtOp: _rsqrt,
    math.SinOp: _numpy(np.sin),
    math.SinhOp: _numpy(np.sinh),
    math.SqrtOp: _numpy(np.sqrt),
    math.TanOp: _numpy(np.tan),
    math.TanhOp: _numpy(np.tanh),
    math.TruncOp: _numpy(np.trunc),
    math.FmaOp: _fma,
    math.FPowIOp: _fpowi,
    math.AbsIOp: _int_unary(_absi),
    math.CountLeadingZerosOp: _int_unary(_ctlz),
    math.CountTrailingZerosOp: _int_unary(_cttz),
    math.CtPopOp: _int_unary(_ctpop),
    math.IPowIOp: _ipowi,
}
"""Per math op class: what compiles one op of it."""


@register_functions
class MathFunctions(CompiledFunctions):
    """Every op of `math` (`BUILDERS`)."""

    BUILDERS = BUILDERS

    @implements(*BUILDERS)
    def run_math(self, interpreter: Interpreter, op: Operation, args: PythonValues) -> PythonValues:
        return self.run_compiled(interpreter, op, args)
