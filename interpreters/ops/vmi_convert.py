"""Interpreter functions of the VMI conversions (`semantics.vmi_convert`)."""

from __future__ import annotations

from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.impls import implements, register_functions
from interpreters.ops.vmi_common import VmiFunctions, vmi_array
from interpreters.semantics import vmi_convert as sem
from pto_dialect.ops.vmi_common import vreg_type
from pto_dialect.ops.vmi_convert import CastOp, ConvertOp, VmiExtsiOp, VmiExtuiOp
from pto_dialect.ops.vmi_types import is_vmi_signed


@register_functions
class VmiConvertFunctions(VmiFunctions):
    @implements(ConvertOp)
    def run_convert(
        self, interpreter: Interpreter, op: ConvertOp, args: PythonValues
    ) -> PythonValues:
        source, result = vreg_type(op.source), vreg_type(op.result)
        signed = is_vmi_signed(source.element_type)
        if isinstance(op, VmiExtsiOp | VmiExtuiOp):
            signed = isinstance(op, VmiExtsiOp)
        values = sem.convert(vmi_array(args[0]), source.dtype, result.dtype, op.rounding,
                             op.saturate, signed)  # fmt: skip
        self.record(op)
        return (values.view(result.dtype.numpy),)

    @implements(CastOp)
    def run_cast(self, interpreter: Interpreter, op: CastOp, args: PythonValues) -> PythonValues:
        self.record(op)
        return (sem.reinterpret(vmi_array(args[0]), vreg_type(op.result).dtype),)
