"""`builtin.unrealized_conversion_cast` between the scalar types PTOAS kernels cast between
(`i32 to ui32`, `ui16 to i16`, ...): the same bits read as the result's type; xDSL's
functions for the rest of builtin (attribute values)."""

from __future__ import annotations

from typing import cast

from xdsl.dialects.builtin import (
    IntegerType,
    Signedness,
    SignednessAttr,
    UnrealizedConversionCastOp,
)
from xdsl.interpreter import Interpreter, PythonValues
from xdsl.interpreters.builtin import BuiltinFunctions as XdslBuiltinFunctions
from xdsl.ir import Attribute

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.impls import implements, register_functions
from interpreters.ops.upstream.scalars import float_dtype, int_width, signed, unsigned


def _cast(value: object, source: Attribute, target: Attribute, index_bitwidth: int) -> object:
    if source == target:
        return value
    source_width, target_width = (
        int_width(source, index_bitwidth),
        int_width(target, index_bitwidth),
    )
    if source_width is not None and target_width is not None:
        bits = unsigned(int(value), source_width)  # pyright: ignore[reportArgumentType]
        is_unsigned = _unsigned_type(target)
        return unsigned(bits, target_width) if is_unsigned else signed(bits, target_width)
    scalars = (source_width, target_width, float_dtype(source), float_dtype(target))
    if any(s is not None for s in scalars):
        raise PtoRuntimeError(f"pto-run cannot cast a value of {source} to {target}")
    return value  # the same value seen as another non-scalar type


def _unsigned_type(type: Attribute) -> bool:
    if not isinstance(type, IntegerType):
        return False
    integer = cast("IntegerType[int, Signedness]", type)
    return integer.signedness == SignednessAttr(Signedness.UNSIGNED)


@register_functions
class BuiltinFunctions(XdslBuiltinFunctions):
    """xDSL's builtin functions with the scalar casts above."""

    @implements(UnrealizedConversionCastOp)
    def run_scalar_cast(
        self, interpreter: Interpreter, op: UnrealizedConversionCastOp, args: PythonValues
    ) -> PythonValues:
        bitwidth = interpreter.index_bitwidth
        return tuple(
            _cast(value, source.type, result.type, bitwidth)
            for source, result, value in zip(op.inputs, op.outputs, args, strict=True)
        )
