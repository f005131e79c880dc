"""Interpreter functions of `pto_dialect.ops.vector_a5_extra`: `pltm_b*` masks, `vmadd` (the
fused multiply-add of `vmula`, operands in its order), `vcbmax`/`vcbmin` (the extremum of
`vcmax`/`vcmin` and the lanes that equal it), `vmulscvt` (`vmulconv`'s product, converted and
placed as `vcvt` does), `uvld` (256 bytes at any alignment), `chistv2`/`dhistv2` (a half of
the 256 bins)."""

from __future__ import annotations

from typing import cast

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import check
from interpreters.engine.impls import implements, register_functions
from interpreters.ops.vector_load import UbFunctions
from interpreters.semantics import vector_arith as sem
from interpreters.semantics.convert import convert_lanes
from interpreters.semantics.elementwise import arith
from interpreters.semantics.vector_memory import VREG_BYTES, check_span
from interpreters.semantics.vector_reduce import extremum
from pto_dialect.attrs import SatMode
from pto_dialect.dtypes import I8, I16, I32, dtype_named
from pto_dialect.ops.vector_a5_extra import (
    HistogramOp,
    PltmOp,
    UvldOp,
    VcbExtremumOp,
    VMaddOp,
    VMulsCvtOp,
)
from pto_dialect.ops.vector_convert import ROUND_CODES
from pto_dialect.vector_types import VRegType

_MASK_COST_DTYPE = {8: I8, 16: I16, 32: I32}


@register_functions
class VectorA5ExtraFunctions(UbFunctions):
    @implements(PltmOp)
    def run_pltm(self, interpreter: Interpreter, op: PltmOp, args: PythonValues) -> PythonValues:
        loop, bound = _signed(int(args[0]), 16), sem.to_i32(int(args[1]))
        lanes = op.lanes
        active = min(max(bound - loop * lanes, 0), lanes)
        self.on_vector_pipe(op, _MASK_COST_DTYPE[op.BITS])
        return (sem.lane_prefix(lanes, active),)

    @implements(VMaddOp)
    def run_vmadd(self, interpreter: Interpreter, op: VMaddOp, args: PythonValues) -> PythonValues:
        acc, lhs, rhs, mask = cast(tuple[np.ndarray, ...], tuple(args))
        dtype = cast(VRegType, op.result.type).element
        result = sem.multiply_add(rhs, acc, lhs, mask, dtype)  # rhs + acc * lhs
        self.on_vector_pipe(op, dtype)
        return (result,)

    @implements(VcbExtremumOp)
    def run_vcb(
        self, interpreter: Interpreter, op: VcbExtremumOp, args: PythonValues
    ) -> PythonValues:
        values, mask = cast(tuple[np.ndarray, np.ndarray], tuple(args))
        value, _ = extremum(values, mask, op.LARGEST)
        result = np.zeros_like(values)
        result[0] = value
        same = values == value
        if values.dtype.kind == "f" and np.isnan(value):
            same = np.isnan(values)
        dtype = cast(VRegType, op.input.type).element
        self.on_vector_pipe(op, dtype)
        return (result, mask & same)

    @implements(VMulsCvtOp)
    def run_vmulscvt(
        self, interpreter: Interpreter, op: VMulsCvtOp, args: PythonValues
    ) -> PythonValues:
        values, scalar, mask = args
        values, mask = cast(np.ndarray, values), cast(np.ndarray, mask)
        src, out = cast(VRegType, op.input.type), cast(VRegType, op.result.type)
        product = arith(np.multiply, values, np.full_like(values, float(cast(float, scalar))))
        conversion = (ROUND_CODES[op.rnd.data], SatMode.OFF)
        result = convert_lanes(
            product, mask, out.element, out.lanes.data, op.part_index, conversion, src.element
        )
        self.on_vector_pipe(op, src.element)
        return (result,)

    @implements(UvldOp)
    def run_uvld(self, interpreter: Interpreter, op: UvldOp, args: PythonValues) -> PythonValues:
        lane = cast(VRegType, op.result.type).element
        memory, base = self.ub(args[0])
        address = base + int(args[1]) * lane.bytes
        check_span(memory, address, VREG_BYTES, "uvld")
        raw = memory.data[address : address + VREG_BYTES].copy()
        self.on_ub(op, memory, lane, reads=[(address, address + VREG_BYTES)])
        return (raw.view(lane.numpy),)

    @implements(HistogramOp)
    def run_histogram(
        self, interpreter: Interpreter, op: HistogramOp, args: PythonValues
    ) -> PythonValues:
        acc, source, mask = (cast(np.ndarray, a) for a in args[:3])
        half = sem.to_i32(int(args[3]))
        check(half in (0, 1), f"{op.name} bin {half} must be 0 (Bin_N0) or 1 (Bin_N1)")
        counts = np.bincount(source[mask].astype(np.int64), minlength=256)
        if op.CUMULATIVE:
            counts = np.cumsum(counts)
        part = counts[128 * half : 128 * half + 128].astype(np.uint16)
        self.on_vector_pipe(op, dtype_named("ui8"))
        return ((acc.view(np.uint16) + part).view(acc.dtype),)


def _signed(value: int, bits: int) -> int:
    value &= (1 << bits) - 1
    return value - (1 << bits) if value >> (bits - 1) else value
