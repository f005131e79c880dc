"""Interpreter functions of `pto.vcvt` (`semantics.convert.convert_lanes`: a register op on
PIPE_V, one repeat of its record's cost) and `pto.vbitcast` (the bytes reinterpreted)."""

from __future__ import annotations

from typing import cast

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.impls import implements, register_functions
from interpreters.machine.core import MachineFunctions
from interpreters.semantics import vmi_convert
from interpreters.semantics.convert import convert_lanes, place_lanes
from pto_dialect.attrs import SatMode
from pto_dialect.dtypes import HIF8
from pto_dialect.ops.vector_convert import VBitcastOp, VCvtOp
from pto_dialect.vector_types import VRegType


@register_functions
class VectorConvertFunctions(MachineFunctions):
    @implements(VCvtOp)
    def run_vcvt(self, interpreter: Interpreter, op: VCvtOp, args: PythonValues) -> PythonValues:
        values, mask = cast(tuple[np.ndarray, np.ndarray], tuple(args))
        if len(mask) == 2 * len(values):  # 64-bit lanes under a b32 mask: bit 2*i
            mask = mask[0::2]
        src = cast(VRegType, op.input.type)
        dst = op.result.type
        if HIF8 in (src.element, dst.element):  # the VMI layer's HiFloat8 codes
            rnd = None if op.rnd is None else op.rnd.data
            sat = op.saturation is SatMode.ON
            converted = vmi_convert.convert(values, src.element, dst.element, rnd, sat, False)
            result = place_lanes(converted, mask, dst.element, dst.lanes.data, op.part_index)
            self.on_vector_pipe(op, src.element)
            return (result,)
        result = convert_lanes(
            values,
            mask,
            dst.element,
            dst.lanes.data,
            op.part_index,
            (op.round_mode, op.saturation),
            src.element,
        )
        self.on_vector_pipe(op, src.element)
        return (result,)

    @implements(VBitcastOp)
    def run_vbitcast(
        self, interpreter: Interpreter, op: VBitcastOp, args: PythonValues
    ) -> PythonValues:
        """The same bytes in the result's element type; no pipe time (a type cast)."""
        values = cast(np.ndarray, args[0])
        return (values.view(op.result.type.element.numpy).copy(),)
