"""xDSL's arith semantics, faster where lowered kernels spend their time: `arith.constant`
evaluated once per op, integer add/sub/mul/compare with the width read once per op, and
the unsigned division and remainder xDSL lacks."""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import cast

import numpy as np
from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    VectorType,
)
from xdsl.interpreter import Interpreter, InterpreterFunctions, PythonValues
from xdsl.interpreters.arith import ArithFunctions
from xdsl.ir import Attribute, Operation
from xdsl.utils.comparisons import to_signed, to_unsigned
from xdsl.utils.exceptions import InterpretationError

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.impls import implements, register_functions
from pto_dialect.upstream_ops import IndexCastUIOp


@register_functions
class CachedConstantArithFunctions(ArithFunctions):
    """xDSL's arith functions, with each constant's value computed on first use.

    Lowered kernels keep their constants inside loop bodies, so a constant runs once per
    iteration; xDSL's implementation re-derives the value through a generic type check that
    costs more than the vector op next to it. The values are xDSL's: an index constant is
    signed to the interpreter's index width, any other integer or float is the attribute's.
    """

    def __init__(self) -> None:
        self._values: dict[arith.ConstantOp, PythonValues] = {}

    @implements(arith.ConstantOp)
    def run_cached_constant(
        self, interpreter: Interpreter, op: arith.ConstantOp, args: PythonValues
    ) -> PythonValues:
        values = self._values.get(op)
        if values is None:
            value = op.value
            if isinstance(value, IntegerAttr):
                data: int | float = value.value.data
                if isinstance(value.type, IndexType):
                    data = to_signed(data, interpreter.index_bitwidth)
            elif isinstance(value, FloatAttr):
                if value.type.bitwidth > 64:  # numpy has no portable float of that width
                    raise PtoRuntimeError(f"{value.type} constants cannot be interpreted")
                data = value.value.data
            elif isinstance(value, DenseIntOrFPElementsAttr) and isinstance(value.type, VectorType):
                # PTOAS kernels pass `dense<...> : vector<4xi16>` as tmrgsort's executed
                # operand: a read-only value, held as a numpy array.
                values = self._values[op] = (np.array(value.get_values()),)
                return values
            else:
                raise InterpretationError(f"arith.constant not implemented for {type(value)}")
            values = self._values[op] = (data,)
        return values


_CMPI = (
    operator.eq, operator.ne, operator.lt, operator.le, operator.gt, operator.ge,
    operator.lt, operator.le, operator.gt, operator.ge,
)  # fmt: skip
"""arith.cmpi by predicate (eq ne slt sle sgt sge ult ule ugt uge); 6 and up unsigned."""


_IntBinary = tuple[Callable[[int, int], int], Callable[..., PythonValues]]

_INT_BINARY: dict[type[Operation], _IntBinary] = {
    arith.AddiOp: (operator.add, ArithFunctions.run_addi),
    arith.SubiOp: (operator.sub, ArithFunctions.run_subi),
    arith.MuliOp: (operator.mul, ArithFunctions.run_muli),
}
"""Per integer binary op: its exact result (wrapped to the width afterwards) and xDSL's
implementation, for the types it does not handle."""


_MINMAX: dict[type[Operation], tuple[Callable[[int, int], int], bool]] = {
    arith.MaxSIOp: (max, False),
    arith.MinSIOp: (min, False),
    arith.MaxUIOp: (max, True),
    arith.MinUIOp: (min, True),
}
"""Integer min/max ops: the choice and whether the operands are read unsigned."""


@register_functions
class KernelArithFunctions(CachedConstantArithFunctions):
    """The arith functions `pto-run` registers: cached constants, and xDSL's `arith.addi`,
    `subi`, `muli` and `cmpi` on index and integer values (and the integer min/max ops xDSL
    lacks), with the
    width of each op read from its type once: the results are xDSL's (wrapped to the signed
    range of the width; cmpi's unsigned predicates on the unsigned values). Other types
    get xDSL's own implementation and its error."""

    def __init__(self) -> None:
        super().__init__()
        self._widths: dict[Operation, int | None] = {}

    def _width(self, interpreter: Interpreter, op: Operation, type: Attribute) -> int | None:
        width = self._widths.get(op, -1)
        if width == -1:
            width = None
            if isinstance(type, IndexType):
                width = interpreter.index_bitwidth
            elif isinstance(type, IntegerType):
                width = cast(IntegerType, type).bitwidth
            self._widths[op] = width
        return width

    @implements(arith.AddiOp, arith.SubiOp, arith.MuliOp)
    def run_int_binary(
        self, interpreter: Interpreter, op: arith.AddiOp | arith.SubiOp | arith.MuliOp,
        args: PythonValues,
    ) -> PythonValues:  # fmt: skip
        width = self._width(interpreter, op, op.result.type)
        compute, xdsl = _INT_BINARY[type(op)]
        if width is None:
            return xdsl(self, interpreter, op, args)
        return (to_signed(compute(args[0], args[1]), width),)

    @implements(arith.MaxSIOp, arith.MinSIOp, arith.MaxUIOp, arith.MinUIOp)
    def run_int_minmax(
        self, interpreter: Interpreter,
        op: arith.MaxSIOp | arith.MinSIOp | arith.MaxUIOp | arith.MinUIOp, args: PythonValues,
    ) -> PythonValues:  # fmt: skip
        """`arith.maxsi`/`minsi`/`maxui`/`minui` (xDSL has none; PyPTO kernels clamp tile
        extents with them): the operands as signed or unsigned values of their width."""
        width = self._width(interpreter, op, op.result.type)
        if width is None:
            raise PtoRuntimeError(f"{op.name} on {op.result.type} is not supported")
        pick, unsigned = _MINMAX[type(op)]
        convert = to_unsigned if unsigned else to_signed
        return (to_signed(pick(convert(args[0], width), convert(args[1], width)), width),)

    @implements(arith.CmpiOp)
    def run_int_cmpi(
        self, interpreter: Interpreter, op: arith.CmpiOp, args: PythonValues
    ) -> PythonValues:
        width = self._width(interpreter, op, op.lhs.type)
        predicate = op.predicate.value.data
        if width is None or not 0 <= predicate < len(_CMPI):
            return super().run_cmpi(interpreter, op, args)
        convert = to_unsigned if predicate >= 6 else to_signed
        return (_CMPI[predicate](convert(args[0], width), convert(args[1], width)),)


@register_functions
class UnsignedIndexArithFunctions(InterpreterFunctions):
    """`arith.divui` and `arith.remui`, which xDSL's arith functions lack: PTOAS kernels pick
    a multi-buffer slot with `arith.remui %i, %c2`. The operands are read as unsigned values of
    their width (the interpreter's index width for `index`); division by zero is an error."""

    @staticmethod
    def _unsigned(interpreter: Interpreter, op: arith.DivUIOp | arith.RemUIOp,
                  args: PythonValues) -> tuple[int, int, int]:  # fmt: skip
        type = op.result.type
        width = interpreter.index_bitwidth if isinstance(type, IndexType) else getattr(
            type, "bitwidth", interpreter.index_bitwidth)  # fmt: skip
        lhs, rhs = (int(a) % (1 << width) for a in args)
        if rhs == 0:
            raise PtoRuntimeError(f"{op.name}: division by zero")
        return lhs, rhs, width

    @implements(arith.DivUIOp)
    def run_divui(
        self, interpreter: Interpreter, op: arith.DivUIOp, args: PythonValues
    ) -> PythonValues:
        lhs, rhs, width = self._unsigned(interpreter, op, args)
        return (to_signed(lhs // rhs, width),)

    @implements(arith.RemUIOp)
    def run_remui(
        self, interpreter: Interpreter, op: arith.RemUIOp, args: PythonValues
    ) -> PythonValues:
        lhs, rhs, width = self._unsigned(interpreter, op, args)
        return (to_signed(lhs % rhs, width),)


@register_functions
class IndexCastUIFunctions(InterpreterFunctions):
    """`arith.index_castui` (`pto_dialect.upstream_ops`): the operand read as unsigned at its
    width (the interpreter's index width for `index`), wrapped to the result's width."""

    @implements(IndexCastUIOp)
    def run_index_castui(
        self, interpreter: Interpreter, op: IndexCastUIOp, args: PythonValues
    ) -> PythonValues:
        def width(type: Attribute) -> int:
            if isinstance(type, IntegerType):
                return cast(IntegerType, type).bitwidth
            return interpreter.index_bitwidth

        value = to_unsigned(int(args[0]), width(op.input.type))
        return (to_signed(value, width(op.result.type)),)
