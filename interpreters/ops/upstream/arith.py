"""Every op of `arith` on scalars, with MLIR's semantics at the width of each type.

Each op is compiled on its first run into a function of its operand values, specialised to
its types (width, signedness, float rounding), so that a loop body pays one dictionary
lookup and one call per op. Where MLIR leaves a result undefined (poison or undefined
behaviour: division by zero, a shift by the width or more, a float converted to an integer
that cannot hold it) the run stops with an error at the op (docs/semantics.md, "Scalar
arithmetic").
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from math import isnan
from typing import Any

import numpy as np
from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    FloatAttr,
    IntegerAttr,
    VectorType,
)
from xdsl.interpreter import Interpreter, PythonValues
from xdsl.ir import Attribute, Operation

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.impls import implements, register_functions
from interpreters.ops.upstream.scalars import (
    Builder,
    Compiled,
    CompiledFunctions,
    float_dtype,
    int_width,
    round_exact,
    rounding,
    signed,
    unsigned,
    wrap,
)
from pto_dialect.upstream_ops import IndexCastUIOp


def _width(op: Operation, type: Attribute, index_bitwidth: int) -> int:
    width = int_width(type, index_bitwidth)
    if width is None:
        raise PtoRuntimeError(f"pto-run runs {op.name} on integers and index, not on {type}")
    return width


def _float(op: Operation, type: Attribute) -> Callable[[float], float]:
    return rounding(type, op.name)[1]


# ---- constants ----------------------------------------------------------------------------


def _constant(op: arith.ConstantOp, index_bitwidth: int) -> Compiled:
    value = op.value
    result: object
    if isinstance(value, IntegerAttr):
        width = _width(op, value.type, index_bitwidth)
        result = wrap(value.value.data, width)
    elif isinstance(value, FloatAttr):
        result = _float(op, value.type)(value.value.data)
    elif isinstance(value, DenseIntOrFPElementsAttr) and isinstance(value.type, VectorType):
        # PTOAS kernels pass `dense<...> : vector<4xi16>` as tmrgsort's executed operand: a
        # read-only value, held as a numpy array
        result = np.array(value.get_values())
    else:
        raise PtoRuntimeError(f"pto-run has no value for the constant {value}")
    values = (result,)
    return lambda args: values


# ---- integers -----------------------------------------------------------------------------

_IntFn = Callable[[int, int, int], int]
"""(lhs, rhs, width) -> the exact result, wrapped to the width afterwards."""


def _check_divisor(op: Operation, rhs: int) -> None:
    if rhs == 0:
        raise PtoRuntimeError(f"{op.name}: division by zero")


def _signed_quotient(op: Operation, lhs: int, rhs: int, width: int) -> tuple[int, int]:
    """Signed operands; the signed quotient overflows only for MIN / -1."""
    a, b = signed(lhs, width), signed(rhs, width)
    _check_divisor(op, b)
    if a == -(1 << (width - 1)) and b == -1 and width > 1:
        raise PtoRuntimeError(f"{op.name}: {a} / -1 overflows i{width}")
    return a, b


def _trunc_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _int_binary(fn: Callable[[Operation, int, int, int], int]) -> Builder:
    def build(op: Operation, index_bitwidth: int) -> Compiled:
        width = _width(op, op.results[0].type, index_bitwidth)

        def run(args: PythonValues) -> PythonValues:
            return (wrap(fn(op, args[0], args[1], width), width),)

        return run

    return build


def _plain(fn: Callable[[int, int], int]) -> Builder:
    """An op whose result is `fn` of the operands (any spelling) wrapped to the width."""

    def build(op: Operation, index_bitwidth: int) -> Compiled:
        width = _width(op, op.results[0].type, index_bitwidth)
        mask = (1 << width) - 1
        top = 1 << (width - 1)
        if width == 1:
            return lambda args: (bool(fn(int(args[0]), int(args[1])) & 1),)

        def run(args: PythonValues) -> PythonValues:
            value = fn(args[0], args[1]) & mask
            return (value - (mask + 1) if value & top else value,)

        return run

    return build


def _divsi(op: Operation, lhs: int, rhs: int, width: int) -> int:
    a, b = _signed_quotient(op, lhs, rhs, width)
    return _trunc_div(a, b)


def _remsi(op: Operation, lhs: int, rhs: int, width: int) -> int:
    a, b = signed(lhs, width), signed(rhs, width)
    _check_divisor(op, b)
    return a - _trunc_div(a, b) * b


def _floordivsi(op: Operation, lhs: int, rhs: int, width: int) -> int:
    a, b = _signed_quotient(op, lhs, rhs, width)
    return a // b


def _ceildivsi(op: Operation, lhs: int, rhs: int, width: int) -> int:
    a, b = _signed_quotient(op, lhs, rhs, width)
    return -(-a // b)


def _unsigned_pair(op: Operation, lhs: int, rhs: int, width: int) -> tuple[int, int]:
    a, b = unsigned(lhs, width), unsigned(rhs, width)
    _check_divisor(op, b)
    return a, b


def _divui(op: Operation, lhs: int, rhs: int, width: int) -> int:
    a, b = _unsigned_pair(op, lhs, rhs, width)
    return a // b


def _remui(op: Operation, lhs: int, rhs: int, width: int) -> int:
    a, b = _unsigned_pair(op, lhs, rhs, width)
    return a % b


def _ceildivui(op: Operation, lhs: int, rhs: int, width: int) -> int:
    a, b = _unsigned_pair(op, lhs, rhs, width)
    return -(-a // b)


def _minmax(pick: Callable[[int, int], int], is_signed: bool) -> Callable[..., int]:
    def fn(op: Operation, lhs: int, rhs: int, width: int) -> int:
        read = signed if is_signed else unsigned
        return pick(read(lhs, width), read(rhs, width))

    return fn


def _shift_amount(op: Operation, rhs: int, width: int) -> int:
    amount = unsigned(rhs, width)
    if amount >= width:
        raise PtoRuntimeError(f"{op.name}: shift amount {amount} is not less than the width "
                              f"{width} (the result is poison)")  # fmt: skip
    return amount


def _shli(op: Operation, lhs: int, rhs: int, width: int) -> int:
    return unsigned(lhs, width) << _shift_amount(op, rhs, width)


def _shrui(op: Operation, lhs: int, rhs: int, width: int) -> int:
    return unsigned(lhs, width) >> _shift_amount(op, rhs, width)


def _shrsi(op: Operation, lhs: int, rhs: int, width: int) -> int:
    return signed(lhs, width) >> _shift_amount(op, rhs, width)


_CMPI: tuple[Callable[[int, int], bool], ...] = (
    operator.eq, operator.ne, operator.lt, operator.le, operator.gt, operator.ge,
    operator.lt, operator.le, operator.gt, operator.ge,
)  # fmt: skip
"""arith.cmpi by predicate: eq ne slt sle sgt sge ult ule ugt uge (6 and up unsigned)."""


def _cmpi(op: arith.CmpiOp, index_bitwidth: int) -> Compiled:
    width = _width(op, op.lhs.type, index_bitwidth)
    predicate = op.predicate.value.data
    compare = _CMPI[predicate]
    read = unsigned if predicate >= 6 else signed
    return lambda args: (compare(read(args[0], width), read(args[1], width)),)


def _addui_extended(op: arith.AddUIExtendedOp, index_bitwidth: int) -> Compiled:
    width = _width(op, op.lhs.type, index_bitwidth)

    def run(args: PythonValues) -> PythonValues:
        total = unsigned(args[0], width) + unsigned(args[1], width)
        return (wrap(total, width), total >> width != 0)

    return run


def _mul_extended(is_signed: bool) -> Builder:
    def build(op: Operation, index_bitwidth: int) -> Compiled:
        width = _width(op, op.operands[0].type, index_bitwidth)
        read = signed if is_signed else unsigned

        def run(args: PythonValues) -> PythonValues:
            product = read(args[0], width) * read(args[1], width)
            return (wrap(product, width), wrap(product >> width, width))

        return run

    return build


# ---- casts between integers ---------------------------------------------------------------


def _int_cast(extend_signed: bool) -> Builder:
    """trunci, extsi, extui, index_cast, index_castui: the input read signed or unsigned
    (which matters only when it widens), wrapped to the result's width."""

    def build(op: Operation, index_bitwidth: int) -> Compiled:
        source = _width(op, op.operands[0].type, index_bitwidth)
        target = _width(op, op.results[0].type, index_bitwidth)
        read = signed if extend_signed else unsigned
        return lambda args: (wrap(read(args[0], source), target),)

    return build


# ---- floats -------------------------------------------------------------------------------


def _float_binary(fn: Callable[[float, float], float]) -> Builder:
    def build(op: Operation, index_bitwidth: int) -> Compiled:
        round_to = _float(op, op.results[0].type)
        return lambda args: (round_to(fn(args[0], args[1])),)

    return build


def _divide(a: float, b: float) -> float:
    """IEEE division (Python raises on a zero divisor)."""
    if b == 0.0 or isnan(a) or isnan(b):
        return float(np.float64(a) / np.float64(b))
    return a / b


def _negf(op: arith.NegfOp, index_bitwidth: int) -> Compiled:
    rounding(op.result.type, op.name)
    return lambda args: (-args[0],)


def _nan_or(fn: Callable[[float, float], float], propagate: bool) -> Callable[..., float]:
    """min/max with -0 below +0; NaN operands propagate (`minimumf`) or are ignored
    (`minnumf`: the other operand, NaN only when both are)."""

    def pick(a: float, b: float) -> float:
        if isnan(a) or isnan(b):
            if propagate or (isnan(a) and isnan(b)):
                return float("nan")
            return b if isnan(a) else a
        if a == b == 0.0:
            return fn(a, b) if np.signbit(a) == np.signbit(b) else _signed_zero(fn)
        return fn(a, b)

    return pick


def _signed_zero(fn: Callable[[float, float], float]) -> float:
    return -0.0 if fn is min else 0.0


def _cmpf(op: arith.CmpfOp, index_bitwidth: int) -> Compiled:
    predicate = op.predicate.value.data
    rounding(op.lhs.type, op.name)
    compare: Callable[[float, float], bool] | None = _CMPF_ORDERED.get(predicate % 8)

    def run(args: PythonValues) -> PythonValues:
        a, b = args
        unordered = isnan(a) or isnan(b)
        if predicate == 0:
            return (False,)
        if predicate == 15:
            return (True,)
        if predicate == 7:
            return (not unordered,)
        if predicate == 14:
            return (unordered,)
        assert compare is not None
        if unordered:
            return (predicate >= 8,)
        return (compare(a, b),)

    return run


_CMPF_ORDERED: dict[int, Callable[[float, float], bool]] = {
    1: operator.eq, 2: operator.gt, 3: operator.ge, 4: operator.lt, 5: operator.le,
    6: operator.ne,
}  # fmt: skip
"""arith.cmpf predicates 1-6 (oeq ogt oge olt ole one) and 9-13 + 8 (ueq ... une): the
comparison of two ordered operands; with a NaN the ordered ones are false, the unordered
true (0 false, 7 ord, 14 uno, 15 true)."""


def _select(op: arith.SelectOp, index_bitwidth: int) -> Compiled:
    return lambda args: (args[1] if args[0] else args[2],)


def _bitcast(op: arith.BitcastOp, index_bitwidth: int) -> Compiled:
    source, target = op.input.type, op.result.type
    source_width = int_width(source, index_bitwidth)
    target_width = int_width(target, index_bitwidth)
    source_float = float_dtype(source)
    target_float = float_dtype(target)
    if (source_width is None and source_float is None) or (
        target_width is None and target_float is None
    ):
        raise PtoRuntimeError(f"pto-run runs {op.name} on scalars, not {source} -> {target}")

    def to_bits(value: Any) -> int:
        if source_float is not None:
            raw = np.array(value, dtype=source_float).view(f"u{source_float.itemsize}")
            return int(raw)
        assert source_width is not None
        return unsigned(value, source_width)

    def from_bits(bits: int) -> Any:
        if target_float is not None:
            raw = np.array(bits, dtype=f"u{target_float.itemsize}")
            return float(raw.view(target_float))
        assert target_width is not None
        return wrap(bits, target_width)

    return lambda args: (from_bits(to_bits(args[0])),)


def _float_to_int(is_signed: bool) -> Builder:
    """fptosi / fptoui: towards zero; NaN and values outside the type are poison."""

    def build(op: Operation, index_bitwidth: int) -> Compiled:
        width = _width(op, op.results[0].type, index_bitwidth)
        low, high = (-(1 << (width - 1)), (1 << (width - 1)) - 1) if is_signed else (
            0, (1 << width) - 1)  # fmt: skip

        def run(args: PythonValues) -> PythonValues:
            value = args[0]
            if isnan(value) or value in (float("inf"), float("-inf")):
                raise PtoRuntimeError(f"{op.name} of {value}: not a number an integer holds "
                                      "(the result is poison)")  # fmt: skip
            whole = int(value)  # towards zero
            if not low <= whole <= high:
                raise PtoRuntimeError(f"{op.name} of {value}: outside the range [{low}, "
                                      f"{high}] of {op.results[0].type} (the result is "
                                      "poison)")  # fmt: skip
            return (wrap(whole, width),)

        return run

    return build


def _int_to_float(is_signed: bool) -> Builder:
    """sitofp / uitofp: the integer rounded to nearest, ties to even."""

    def build(op: Operation, index_bitwidth: int) -> Compiled:
        width = _width(op, op.operands[0].type, index_bitwidth)
        dtype, round_to = rounding(op.results[0].type, op.name)
        read = signed if is_signed else unsigned

        def run(args: PythonValues) -> PythonValues:
            value = read(args[0], width)
            if abs(value) <= 1 << 53:  # exact in a double: one rounding
                return (round_to(float(value)),)
            from fractions import Fraction  # (with `decimal`: on first use)

            return (round_exact(Fraction(value), dtype),)

        return run

    return build


def _float_cast(op: Operation, index_bitwidth: int) -> Compiled:
    """extf (exact) and truncf (to nearest, ties to even; beyond the range: infinity)."""
    rounding(op.operands[0].type, op.name)
    round_to = _float(op, op.results[0].type)
    return lambda args: (round_to(args[0]),)


BUILDERS: dict[type[Operation], Builder] = {
    arith.ConstantOp: _constant,
    arith.AddiOp: _plain(operator.add),
    arith.SubiOp: _plain(operator.sub),
    arith.MuliOp: _plain(operator.mul),
    arith.AndIOp: _plain(lambda a, b: a & b),
    arith.OrIOp: _plain(lambda a, b: a | b),
    arith.XOrIOp: _plain(lambda a, b: a ^ b),
    arith.AddUIExtendedOp: _addui_extended,
    arith.MulSIExtendedOp: _mul_extended(True),
    arith.MulUIExtendedOp: _mul_extended(False),
    arith.DivSIOp: _int_binary(_divsi),
    arith.DivUIOp: _int_binary(_divui),
    arith.RemSIOp: _int_binary(_remsi),
    arith.RemUIOp: _int_binary(_remui),
    arith.FloorDivSIOp: _int_binary(_floordivsi),
    arith.CeilDivSIOp: _int_binary(_ceildivsi),
    arith.CeilDivUIOp: _int_binary(_ceildivui),
    arith.MinSIOp: _int_binary(_minmax(min, True)),
    arith.MaxSIOp: _int_binary(_minmax(max, True)),
    arith.MinUIOp: _int_binary(_minmax(min, False)),
    arith.MaxUIOp: _int_binary(_minmax(max, False)),
    arith.ShLIOp: _int_binary(_shli),
    arith.ShRUIOp: _int_binary(_shrui),
    arith.ShRSIOp: _int_binary(_shrsi),
    arith.CmpiOp: _cmpi,
    arith.TruncIOp: _int_cast(True),
    arith.ExtSIOp: _int_cast(True),
    arith.ExtUIOp: _int_cast(False),
    arith.IndexCastOp: _int_cast(True),
    IndexCastUIOp: _int_cast(False),
    arith.AddfOp: _float_binary(operator.add),
    arith.SubfOp: _float_binary(operator.sub),
    arith.MulfOp: _float_binary(operator.mul),
    arith.DivfOp: _float_binary(_divide),
    arith.NegfOp: _negf,
    arith.MinimumfOp: _float_binary(_nan_or(min, propagate=True)),
    arith.MaximumfOp: _float_binary(_nan_or(max, propagate=True)),
    arith.MinnumfOp: _float_binary(_nan_or(min, propagate=False)),
    arith.MaxnumfOp: _float_binary(_nan_or(max, propagate=False)),
    arith.CmpfOp: _cmpf,
    arith.SelectOp: _select,
    arith.BitcastOp: _bitcast,
    arith.FPToSIOp: _float_to_int(True),
    arith.FPToUIOp: _float_to_int(False),
    arith.SIToFPOp: _int_to_float(True),
    arith.UIToFPOp: _int_to_float(False),
    arith.ExtFOp: _float_cast,
    arith.TruncFOp: _float_cast,
}
"""Per arith op class: what compiles one op of it."""


@register_functions
class ArithFunctions(CompiledFunctions):
    """Every op of `arith` (`BUILDERS`)."""

    BUILDERS = BUILDERS

    @implements(*BUILDERS)
    def run_arith(
        self, interpreter: Interpreter, op: Operation, args: PythonValues
    ) -> PythonValues:
        return self.run_compiled(interpreter, op, args)
