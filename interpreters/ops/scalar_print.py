"""Interpreter function of `pto_dialect.ops.scalar_print`: the scalar formatted as C's printf
formats it, appended to the machine's output stream (`Machine.printed`, as `tprint`)."""

from __future__ import annotations

import re
from typing import cast

from xdsl.dialects.builtin import IndexType, IntegerType
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.impls import implements, register_functions
from interpreters.machine.core import MachineFunctions
from pto_dialect.ops.scalar_print import CONVERSION, PrintOp


def c_format(text: str, value: int | float, bits: int | None) -> str:
    """`text` with its one conversion of `value` as printf writes it (`bits`: an integer's
    width; `u o x X` print its two's complement bits, `c` its low byte)."""

    def one(match: re.Match[str]) -> str:
        conv = match.group("conv")
        if conv == "%":
            return "%"
        spec = match.group("spec")
        if conv == "c":
            return f"%{spec}c" % chr(int(value) & 0xFF)
        if conv in "uoxX":
            assert bits is not None
            return f"%{spec}{'d' if conv == 'u' else conv}" % (int(value) & ((1 << bits) - 1))
        if conv in "aA":
            out = float(value).hex()
            return out.upper() if conv == "A" else out
        return f"%{spec}{'d' if conv == 'i' else conv}" % value

    return CONVERSION.sub(one, text)


@register_functions
class ScalarPrintFunctions(MachineFunctions):
    @implements(PrintOp)
    def run_print(self, interpreter: Interpreter, op: PrintOp, args: PythonValues) -> PythonValues:
        kind = op.scalar.type
        bits = cast(IntegerType, kind).bitwidth if isinstance(kind, IntegerType) else None
        bits = 64 if isinstance(kind, IndexType) else bits
        self.machine.printed.append(c_format(op.text, cast(int | float, args[0]), bits))
        return ()
