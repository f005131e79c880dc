"""Interpreter functions of the VMI mask producers and mask algebra
(`semantics.vmi_predicate`)."""

from __future__ import annotations

from typing import cast

import numpy as np
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.impls import implements, register_functions
from interpreters.ops.vmi_common import VmiFunctions, vmi_array
from interpreters.semantics import vmi_predicate as sem
from pto_dialect.ops import vmi_predicate as pred
from pto_dialect.ops.vmi_common import mask_type


@register_functions
class VmiPredicateFunctions(VmiFunctions):
    @implements(pred.CreateMaskOp)
    def run_create_mask(
        self, interpreter: Interpreter, op: pred.CreateMaskOp, args: PythonValues
    ) -> PythonValues:
        self.record(op)
        return (sem.prefix(op.mask.count, int(cast(int, args[0]))),)

    @implements(pred.CreateGroupMaskOp)
    def run_group_mask(
        self, interpreter: Interpreter, op: pred.CreateGroupMaskOp, args: PythonValues
    ) -> PythonValues:
        self.record(op)
        size = op.attr_int("group_size") or 1
        return (sem.group_prefix(op.mask.count, size, int(cast(int, args[0]))),)

    @implements(pred.PatternMaskOp)
    def run_pattern(
        self, interpreter: Interpreter, op: pred.PatternMaskOp, args: PythonValues
    ) -> PythonValues:
        lanes = op.mask.count
        group = op.group or 1
        self.record(op)
        return (sem.group_prefix(lanes, lanes // group, op.active()),)

    @implements(pred.PltOp)
    def run_plt(self, interpreter: Interpreter, op: pred.PltOp, args: PythonValues) -> PythonValues:
        self.record(op)
        return sem.remaining(int(cast(int, args[0])), mask_type(op.mask).count)

    @implements(pred.ConstantMaskOp)
    def run_constant(
        self, interpreter: Interpreter, op: pred.ConstantMaskOp, args: PythonValues
    ) -> PythonValues:
        value = op.attributes["value"]
        assert isinstance(value, DenseIntOrFPElementsAttr)
        self.record(op)
        return (np.array([bool(v) for v in value.get_values()], dtype=bool),)

    @implements(pred.MaskBinaryOp)
    def run_logic(
        self, interpreter: Interpreter, op: pred.MaskBinaryOp, args: PythonValues
    ) -> PythonValues:
        ufunc = {pred.MaskAndOp: np.logical_and, pred.MaskOrOp: np.logical_or,
                 pred.MaskXorOp: np.logical_xor}[type(op)]  # fmt: skip
        self.record(op)
        return (ufunc(vmi_array(args[0]), vmi_array(args[1])),)

    @implements(pred.MaskNotOp)
    def run_not(
        self, interpreter: Interpreter, op: pred.MaskNotOp, args: PythonValues
    ) -> PythonValues:
        self.record(op)
        return (~vmi_array(args[0]),)

    @implements(pred.MaskMaterializeOp)
    def run_materialize(
        self, interpreter: Interpreter, op: pred.MaskMaterializeOp, args: PythonValues
    ) -> PythonValues:
        self.record(op)
        return (vmi_array(args[0]).copy(),)
