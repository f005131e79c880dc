"""Interpreter functions of the VMI broadcasts, index generators, lane permutations and
internal layout ops (`semantics.vmi_rearrange`)."""

from __future__ import annotations

from typing import cast

import numpy as np
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.impls import implements, register_functions
from interpreters.ops.vmi_common import VmiFunctions, vmi_array
from interpreters.semantics import rearrange
from interpreters.semantics import vmi_elementwise as ew
from interpreters.semantics import vmi_rearrange as sem
from pto_dialect.ops import vmi_rearrange as ops
from pto_dialect.ops.vmi_common import vreg_type
from pto_dialect.ops.vmi_types import VmiMaskType, VmiVRegType, placement_of
from pto_dialect.vector_types import MaskType


@register_functions
class VmiRearrangeFunctions(VmiFunctions):
    @implements(ops.BroadcastOp)
    def run_broadcast(
        self, interpreter: Interpreter, op: ops.BroadcastOp, args: PythonValues
    ) -> PythonValues:
        result = vreg_type(op.result)
        self.record(op)
        if op.groups is not None:
            return (sem.group_broadcast(vmi_array(args[0]), result.count),)
        value = args[0]
        if isinstance(value, np.ndarray):
            return (np.repeat(cast(np.ndarray, value)[:1], result.count),)
        return (ew.scalar(cast(int | float, value), result.dtype, result.count),)

    @implements(ops.IotaOp)
    def run_iota(
        self, interpreter: Interpreter, op: ops.IotaOp, args: PythonValues
    ) -> PythonValues:
        result = vreg_type(op.result)
        self.record(op)
        values = sem.iota(cast(int | float, args[0]), result.dtype, result.count,
                          op.group or 1, op.descending)  # fmt: skip
        return (values,)

    @implements(ops.VmiVselrOp)
    def run_vselr(
        self, interpreter: Interpreter, op: ops.VmiVselrOp, args: PythonValues
    ) -> PythonValues:
        self.record(op)
        return (sem.select_lanes(vmi_array(args[0]), vmi_array(args[1])),)

    @implements(ops.VmiShuffleOp)
    def run_shuffle(
        self, interpreter: Interpreter, op: ops.VmiShuffleOp, args: PythonValues
    ) -> PythonValues:
        self.record(op)
        return (vmi_array(args[0])[np.array(op.indices, dtype=np.int64)].copy(),)

    @implements(ops.VmiVintlvOp)
    def run_vintlv(
        self, interpreter: Interpreter, op: ops.VmiVintlvOp, args: PythonValues
    ) -> PythonValues:
        self.record(op)
        return rearrange.interleave(vmi_array(args[0]), vmi_array(args[1]))

    @implements(ops.VmiVdintlvOp)
    def run_vdintlv(
        self, interpreter: Interpreter, op: ops.VmiVdintlvOp, args: PythonValues
    ) -> PythonValues:
        self.record(op)
        return rearrange.deinterleave(vmi_array(args[0]), vmi_array(args[1]))

    @implements(ops.VmiChannelSplitOp)
    def run_split(
        self, interpreter: Interpreter, op: ops.VmiChannelSplitOp, args: PythonValues
    ) -> PythonValues:
        self.record(op)
        return tuple(sem.channel_split(vmi_array(args[0]), len(op.results)))

    @implements(ops.VmiChannelMergeOp)
    def run_merge(
        self, interpreter: Interpreter, op: ops.VmiChannelMergeOp, args: PythonValues
    ) -> PythonValues:
        self.record(op)
        return (sem.channel_merge([vmi_array(a) for a in args]),)

    @implements(ops.VmiActivePrefixIndexOp)
    def run_prefix(
        self, interpreter: Interpreter, op: ops.VmiActivePrefixIndexOp, args: PythonValues
    ) -> PythonValues:
        self.record(op)
        return (rearrange.prefix_count(vmi_array(args[0]), vreg_type(op.result).dtype),)

    @implements(ops.VmiCompressOp)
    def run_compress(
        self, interpreter: Interpreter, op: ops.VmiCompressOp, args: PythonValues
    ) -> PythonValues:
        self.record(op)
        return (sem.compress(vmi_array(args[0]), vmi_array(args[1])),)

    @implements(ops.VmiConstantOp)
    def run_constant(
        self, interpreter: Interpreter, op: ops.VmiConstantOp, args: PythonValues
    ) -> PythonValues:
        value = op.attributes["value"]
        assert isinstance(value, DenseIntOrFPElementsAttr)
        dtype = vreg_type(op.result).dtype
        self.record(op)
        values = [v for v in value.get_values()]  # pyright: ignore[reportUnknownVariableType]
        if dtype.is_float:
            return (np.array(values, dtype=np.float64).astype(dtype.numpy),)
        raw = np.array(values, dtype=np.int64) & ((1 << dtype.bits) - 1)
        return (raw.astype(np.dtype(f"u{dtype.bytes}")).view(dtype.numpy),)

    @implements(ops.VmiEnsureLayoutOp)
    def run_ensure(
        self, interpreter: Interpreter, op: ops.VmiEnsureLayoutOp, args: PythonValues
    ) -> PythonValues:
        self.record(op)
        return (vmi_array(args[0]).copy(),)

    @implements(ops.VmiUnpackOp)
    def run_unpack(
        self, interpreter: Interpreter, op: ops.VmiUnpackOp, args: PythonValues
    ) -> PythonValues:
        whole = op.source.type
        assert isinstance(whole, VmiVRegType | VmiMaskType)
        values = vmi_array(args[0])
        self.record(op)
        fill = np.zeros((), values.dtype)
        return tuple(sem.parts(values, placement_of(whole), fill))

    @implements(ops.VmiPackOp)
    def run_pack(
        self, interpreter: Interpreter, op: ops.VmiPackOp, args: PythonValues
    ) -> PythonValues:
        whole = op.result.type
        assert isinstance(whole, VmiVRegType | VmiMaskType)
        self.record(op)
        return (sem.whole([vmi_array(a) for a in args], placement_of(whole)),)


_ = MaskType
