"""Scalar values of the upstream dialects as the interpreter holds them.

An integer of any width (and `index`) is a Python int in the signed range of its width, an
`i1` a Python bool (what `arith.cmpi` gives); operations read their operands as the low
`width` bits, so either spelling of a value is accepted. A float is a Python float holding
a value of its type exactly (rounded to f16, bf16, f32 or an fp8 type after every
operation: a double holds each of them exactly, and an operation computed in double and
rounded once to a type of at most 24 significand bits is correctly rounded).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, cast

import numpy as np
from xdsl.dialects.builtin import Float64Type, IndexType, IntegerType
from xdsl.interpreter import Interpreter, InterpreterFunctions, PythonValues
from xdsl.ir import Attribute, Operation

from interpreters.engine.errors import PtoRuntimeError
from pto_dialect.dtypes import dtype_of

if TYPE_CHECKING:
    from fractions import Fraction

Round = Callable[[float], float]
Compiled = Callable[[PythonValues], PythonValues]
"""One op's semantics, specialised to its types: operand values -> result values."""
Builder = Callable[[Any, int], Compiled]
"""What compiles an op of a class: (op, index bitwidth) -> its `Compiled` function."""


class CompiledFunctions(InterpreterFunctions):
    """Functions of a dialect whose ops are compiled on their first run (`BUILDERS`), so
    that a loop body pays one dictionary lookup and one call per op."""

    BUILDERS: ClassVar[dict[type[Operation], Builder]] = {}

    def __init__(self) -> None:
        self._compiled: dict[Operation, Compiled] = {}

    def run_compiled(
        self, interpreter: Interpreter, op: Operation, args: PythonValues
    ) -> PythonValues:
        compiled = self._compiled.get(op)
        if compiled is None:
            build = self.BUILDERS[type(op)]
            compiled = self._compiled[op] = build(op, interpreter.index_bitwidth)
        return compiled(args)


def int_width(type: Attribute, index_bitwidth: int) -> int | None:
    """The bits of an integer or index type, None for any other type."""
    if isinstance(type, IndexType):
        return index_bitwidth
    if isinstance(type, IntegerType):
        return cast(IntegerType, type).bitwidth
    return None


def wrap(value: int, width: int) -> int:
    """`value` modulo 2^width, in the signed range (a bool for width 1)."""
    value &= (1 << width) - 1
    if width == 1:
        return bool(value)
    return value - (1 << width) if value >> (width - 1) else value


def unsigned(value: int, width: int) -> int:
    """The low `width` bits of `value` as an unsigned number."""
    return int(value) & ((1 << width) - 1)


def signed(value: int, width: int) -> int:
    """The low `width` bits of `value` as a two's complement number."""
    value = int(value) & ((1 << width) - 1)
    return value - (1 << width) if value >> (width - 1) else value


def float_dtype(type: Attribute) -> np.dtype[np.generic] | None:
    """The numpy dtype of a float type (f64 included), None for any other type."""
    if isinstance(type, Float64Type):
        return np.dtype(np.float64)
    dtype = dtype_of(type)
    return dtype.numpy if dtype is not None and dtype.is_float else None


def rounding(type: Attribute, what: str) -> tuple[np.dtype[np.generic], Round]:
    """The dtype of float `type` and the function rounding a double to it."""
    dtype = float_dtype(type)
    if dtype is None:
        raise PtoRuntimeError(f"{what}: pto-run has no scalar values of type {type}")
    if dtype == np.float64:
        return dtype, float
    scalar = dtype.type
    return dtype, lambda value: float(scalar(value))


def round_exact(value: Fraction, dtype: np.dtype[np.generic]) -> float:
    """The exact rational `value` correctly rounded (to nearest, ties to even) to `dtype`."""
    from fractions import Fraction  # (with `decimal`: on first use)

    scalar = dtype.type
    near = scalar(float(value))  # within one unit of dtype of the result
    if not np.isfinite(near):
        return float(near)
    candidates = {float(near), float(np.nextafter(near, scalar(np.inf))),
                  float(np.nextafter(near, scalar(-np.inf)))}  # fmt: skip
    finite = [c for c in candidates if np.isfinite(c)]
    best = min(finite, key=lambda c: (abs(Fraction(c) - value), _odd(c, dtype)))
    return best


def _odd(value: float, dtype: np.dtype[np.generic]) -> int:
    """1 when the last significand bit of `value` (a value of `dtype`) is set: a tie goes to
    the even neighbour."""
    bits = np.array(value, dtype=dtype).view(f"u{dtype.itemsize}")
    return int(bits) & 1
