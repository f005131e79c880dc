"""Which op computes how on batched values (`batched`): `BATCHED`, per op class or family,
the maker of its whole-array kernel; the register ops whose numpy semantics work on leading
axes (`BATCH_SAFE`) run as their own interpreter functions, called once with the broadcast
arrays, each result's shape and dtype checked against its type."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, cast

import numpy as np
from xdsl.dialects import arith
from xdsl.ir import Operation

from interpreters.ops.batched import (
    INT_OPS,
    Batch,
    Context,
    Kernel,
    Maker,
    Unbatchable,
    Value,
    addptr,
    cmpi,
    index_cast,
    int_binary,
    lead_shape,
    lifted,
    plt,
    select,
    spread,
)
from interpreters.ops.batched_memory import vlds, vsldb, vsts
from pto_dialect.lazy_table import family_entry
from pto_dialect.ops.pointer import AddPtrOp, CastPtrOp
from pto_dialect.ops.vector_arith import VBrOp, VectorBinaryOp, VectorUnaryOp, VMulAOp
from pto_dialect.ops.vector_compare import VCmpOp, VCmpsOp, VSelOp
from pto_dialect.ops.vector_convert import VBitcastOp, VCvtOp
from pto_dialect.ops.vector_load import VldsOp, VsldbOp
from pto_dialect.ops.vector_mask import PltOp, PsetOp
from pto_dialect.ops.vector_materialize import VDupOp
from pto_dialect.ops.vector_reduce import VectorReduceOp
from pto_dialect.ops.vector_scalar import VAxpyOp, VectorScalarOp
from pto_dialect.ops.vector_store import VstsOp
from pto_dialect.vector_types import MaskType, VRegType

# ---- register ops through their interpreter functions ----------------------------------------

BATCH_SAFE: tuple[type[Operation], ...] = (
    VectorBinaryOp,
    VectorUnaryOp,
    VMulAOp,
    VectorReduceOp,
    VectorScalarOp,
    VAxpyOp,
    VCmpOp,
    VCmpsOp,
    VSelOp,
    VCvtOp,
    VBitcastOp,
    VDupOp,
)
"""Families whose interpreter functions compute on arrays with leading axes as on one
register (their numpy semantics work on the last axis): called once for all iterations."""

PLAIN: tuple[type[Operation], ...] = (PltOp, PsetOp, CastPtrOp, AddPtrOp, VBrOp, *BATCH_SAFE)
"""Ops without effects on memory: where no operand varies with a loop, their interpreter
function runs once on the plain values and the result serves every iteration."""


def register_op(op: Operation, index_bits: int) -> Kernel:
    """A `BATCH_SAFE` op: its interpreter function on the broadcast operands."""
    registers = [isinstance(v.type, VRegType | MaskType) for v in op.operands]
    expected: list[tuple[int, np.dtype[Any]]] = []
    for result in op.results:
        kind = result.type
        if isinstance(kind, VRegType):
            expected.append((kind.lanes.data, np.dtype(kind.element.numpy)))
        elif isinstance(kind, MaskType):
            expected.append((kind.lanes, np.dtype(bool)))
        else:
            raise Unbatchable(f"{op.name} has a result that is not a register")

    def run(ctx: Context, args: Sequence[Value], depth: int) -> tuple[Value, ...]:
        inputs = list(args)
        arrays: list[np.ndarray] = []
        for i, is_register in enumerate(registers):
            if is_register:
                inputs[i] = lifted(args[i], depth)
                arrays.append(inputs[i])
            elif isinstance(args[i], Batch):
                raise Unbatchable(f"{op.name} with a scalar operand that varies")
        lead = lead_shape(arrays, depth)
        for i, is_register in enumerate(registers):
            if is_register:
                array = cast(np.ndarray, inputs[i])
                inputs[i] = spread(array, lead + array.shape[depth:])
        results = ctx.interpreter.run_quietly(op, tuple(inputs))
        checked: list[Value] = []
        for value, (lanes, dtype) in zip(results, expected, strict=True):
            array = cast(np.ndarray, value)
            if (
                not isinstance(value, np.ndarray)
                or array.shape != (*lead, lanes)
                or array.dtype != dtype
            ):
                raise Unbatchable(f"{op.name} does not compute on leading axes")
            checked.append(Batch(array, depth))
        return tuple(checked)

    return run


BATCHED: dict[type[Operation], Maker] = {
    **dict.fromkeys(INT_OPS, int_binary),
    arith.CmpiOp: cmpi,
    arith.IndexCastOp: index_cast,
    arith.SelectOp: select,
    PltOp: plt,
    AddPtrOp: addptr,
    VldsOp: vlds,
    VsldbOp: vsldb,
    VstsOp: vsts,
    **dict.fromkeys(BATCH_SAFE, register_op),
}
"""The whole-array form of each op class or family (`maker_of` looks families up)."""


@cache
def maker_of(op: type[Operation]) -> Maker | None:
    """The maker of op class `op`'s kernel (through its families), None if it has none."""
    return family_entry(BATCHED, op)


@cache
def is_plain(op: type[Operation]) -> bool:
    """Whether `op` has no effect on memory: an invariant instance runs once (`PLAIN`, and
    every arith op)."""
    return op.__module__ == arith.__name__ or any(cls in PLAIN for cls in op.__mro__)
