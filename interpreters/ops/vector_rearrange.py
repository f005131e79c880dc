"""Interpreter functions of the data-rearrangement micro-ops (`semantics.rearrange`): register
ops on PIPE_V, one repeat of their record's cost, no memory access."""

from __future__ import annotations

from typing import cast

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.impls import implements, register_functions
from interpreters.machine.core import MachineFunctions
from interpreters.semantics import rearrange as sem
from pto_dialect.ops.vector_common import vreg_of
from pto_dialect.ops.vector_rearrange import (
    IndexSelectOp,
    PairRearrangeOp,
    PartRearrangeOp,
    UnpackOp,
    VDintlvOp,
    VDintlvV2Op,
    VPackOp,
    VShiftOp,
    VSlideOp,
    VSqzOp,
    VTransposeOp,
    VUsqzOp,
)
from pto_dialect.vector_types import VRegType


def _vregs(args: PythonValues, count: int) -> list[np.ndarray]:
    return [cast(np.ndarray, a) for a in args[:count]]


@register_functions
class VectorRearrangeFunctions(MachineFunctions):
    @implements(PairRearrangeOp)
    def run_pair(
        self, interpreter: Interpreter, op: PairRearrangeOp, args: PythonValues
    ) -> PythonValues:
        lhs, rhs = _vregs(args, 2)
        split = sem.deinterleave if isinstance(op, VDintlvOp) else sem.interleave
        self.on_vector_pipe(op, op.low.type.element)
        return split(lhs, rhs)

    @implements(PartRearrangeOp)
    def run_part(
        self, interpreter: Interpreter, op: PartRearrangeOp, args: PythonValues
    ) -> PythonValues:
        lhs, rhs = _vregs(args, 2)
        split = sem.deinterleave if isinstance(op, VDintlvV2Op) else sem.interleave
        self.on_vector_pipe(op, op.result.type.element)
        return (split(lhs, rhs)[1 if op.high else 0],)

    @implements(VSlideOp)
    def run_vslide(
        self, interpreter: Interpreter, op: VSlideOp, args: PythonValues
    ) -> PythonValues:
        src0, src1 = _vregs(args, 2)
        self.on_vector_pipe(op, op.result.type.element)
        return (sem.slide(src0, src1, int(args[2])),)

    @implements(VShiftOp)
    def run_vshift(
        self, interpreter: Interpreter, op: VShiftOp, args: PythonValues
    ) -> PythonValues:
        (src,) = _vregs(args, 1)
        self.on_vector_pipe(op, op.result.type.element)
        return (sem.shift(src, int(args[1])),)

    @implements(IndexSelectOp)
    def run_index_select(
        self, interpreter: Interpreter, op: IndexSelectOp, args: PythonValues
    ) -> PythonValues:
        src, index = _vregs(args, 2)
        self.on_vector_pipe(op, cast(VRegType, op.operands[0].type).element)
        return (sem.lane_select(src, index),)

    @implements(VSqzOp)
    def run_vsqz(self, interpreter: Interpreter, op: VSqzOp, args: PythonValues) -> PythonValues:
        src, mask = _vregs(args, 2)
        self.on_vector_pipe(op, op.result.type.element)
        return (sem.squeeze(src, mask),)

    @implements(VUsqzOp)
    def run_vusqz(self, interpreter: Interpreter, op: VUsqzOp, args: PythonValues) -> PythonValues:
        mask = cast(np.ndarray, args[-1])
        dtype = op.result.type.element
        self.on_vector_pipe(op, dtype)
        return (sem.prefix_count(mask, dtype),)

    @implements(VPackOp)
    def run_vpack(self, interpreter: Interpreter, op: VPackOp, args: PythonValues) -> PythonValues:
        (src,) = _vregs(args, 1)
        self.on_vector_pipe(op, vreg_of(op.src).element)
        return (sem.pack(src, op.high, op.result.type.element),)

    @implements(UnpackOp)
    def run_unpack(
        self, interpreter: Interpreter, op: UnpackOp, args: PythonValues
    ) -> PythonValues:
        (src,) = _vregs(args, 1)
        self.on_vector_pipe(op, vreg_of(op.src).element)
        return (sem.unpack(src, int(args[1]), op.SIGNED, op.result.type.element),)

    @implements(VTransposeOp)
    def run_vtranspose(
        self, interpreter: Interpreter, op: VTransposeOp, args: PythonValues
    ) -> PythonValues:
        raise PtoRuntimeError(
            "the layout of vtranspose's config word is not published (vtranspose.md: "
            "'correctness depends on the control word'); the op verifies but does not run",
            op,
        )
