"""Interpreter functions of the mode configuration (`settf32mode`, `sethf32mode`) and the
numerics those modes give the f32 tile matmuls (`matmul_numerics`).

`settf32mode` writes the CTRL register's MAD TF32 bits (46: enable, 47: CAST_ROUND, ties away;
clear: CAST_RINT, nearest even); `sethf32mode` records its flag. Neither touches memory or
takes cycles. An A5 f32 x f32 tile matmul with the TF32 bit set rounds its operands to TF32
as `mad ... tf32_mode(...)` does; one under HF32 on A2/A3 or A5 is a run-time error.
"""

from __future__ import annotations

from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.impls import implements, register_functions
from interpreters.machine.core import Machine, MachineFunctions
from interpreters.semantics.matrix import Numerics
from pto_dialect.attrs import RoundMode
from pto_dialect.dtypes import F32, DType
from pto_dialect.ops.tile_config import (
    HF32_UNDEFINED,
    TF32_APPLIES,
    TF32_ENABLE_BIT,
    TF32_ROUND_AWAY_BIT,
    SetHf32ModeOp,
    SetTf32ModeOp,
)


def _bit(word: int, bit: int, value: bool) -> int:
    return word | (1 << bit) if value else word & ~(1 << bit)


def matmul_numerics(machine: Machine, operands: tuple[DType, DType]) -> Numerics | None:
    """The TF32 rounding an f32 x f32 tile matmul gets from the core's modes (None: none)."""
    if operands != (F32, F32):
        return None
    arch = machine.target.arch
    if machine.hf32 and HF32_UNDEFINED[arch]:
        raise PtoRuntimeError(
            "an f32 tile matmul under HF32 mode (pto.sethf32mode): no public source fixes "
            "what HF32 does to the operands (sethf32mode.md: implementation-defined; pto-isa "
            "and PTOAS implement no SETHF32MODE)"
        )
    if not TF32_APPLIES[arch] or not machine.ctrl >> TF32_ENABLE_BIT & 1:
        return None
    away = bool(machine.ctrl >> TF32_ROUND_AWAY_BIT & 1)
    return Numerics(tf32="round_away" if away else "round_even")


@register_functions
class TileConfigFunctions(MachineFunctions):
    @implements(SetTf32ModeOp)
    def run_settf32mode(
        self, interpreter: Interpreter, op: SetTf32ModeOp, args: PythonValues
    ) -> PythonValues:
        ctrl = _bit(self.machine.ctrl, TF32_ENABLE_BIT, op.enabled)
        if op.enabled:
            ctrl = _bit(ctrl, TF32_ROUND_AWAY_BIT, op.round_mode is RoundMode.ROUND)
        self.machine.ctrl = ctrl
        return ()

    @implements(SetHf32ModeOp)
    def run_sethf32mode(
        self, interpreter: Interpreter, op: SetHf32ModeOp, args: PythonValues
    ) -> PythonValues:
        self.machine.hf32 = op.enabled
        return ()
