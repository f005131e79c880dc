"""Running one vector compute op in the interpreter, for the vector arithmetic and predicate
tests: the op inside a vecscope of a module of a target, and the case lists per target.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, overload

import numpy as np
from support import legal_dtypes
from xdsl.dialects.builtin import ModuleOp, StringAttr
from xdsl.interpreter import Interpreter, PythonValues
from xdsl.ir import Attribute, Block, BlockArgument, Operation, Region

from interpreters.machine.core import Machine
from interpreters.ops.vector_arith import VectorArithFunctions
from pto_dialect.dtypes import DType, mlir_type
from pto_dialect.ops.vecscope import VecScopeOp
from pto_dialect.ops.vector_arith import BINARY_OPS, VectorBinaryOp
from pto_dialect.targets import A2A3, A5, CPU, TargetProfile
from pto_dialect.vector_types import MaskType, VRegType

TARGETS = (A2A3, A5, CPU)
OPS: dict[str, type[VectorBinaryOp]] = {cls.name.removeprefix("pto."): cls for cls in BINARY_OPS}
PLAIN_BINARY = [name for name in OPS if name not in ("vaddc", "vsubc")]


# ----------------------------------------------------------------------------------------
# Running one op
# ----------------------------------------------------------------------------------------


# A one-argument lambda gets its parameter typed; op classes and other makers take the rest.
@overload
def build(
    target: TargetProfile,
    arg_types: Sequence[Attribute],
    make: Callable[[BlockArgument], Operation],
) -> Operation: ...
@overload
def build(
    target: TargetProfile, arg_types: Sequence[Attribute], make: Callable[..., Operation]
) -> Operation: ...
def build(
    target: TargetProfile, arg_types: Sequence[Attribute], make: Callable[..., Operation]
) -> Operation:
    """The op `make(*block_args)` inside a vecscope of a module of `target`, verified."""
    outer = Block(arg_types=list(arg_types))
    op = make(*outer.args)
    outer.add_op(VecScopeOp(Block([op])))
    module = ModuleOp(Region(outer))
    module.attributes["pto.target_arch"] = StringAttr(target.name)
    op.verify()
    return op


def run(machine: Machine, op: Operation, args: Sequence[Any]) -> PythonValues:
    interpreter = Interpreter(ModuleOp([]))
    interpreter.register_implementations(VectorArithFunctions(machine))
    with np.errstate(all="ignore"):  # as pto-run runs kernels: IEEE exceptions are results
        return interpreter.run_op(op, tuple(args))


def vreg(dtype: DType) -> VRegType:
    return VRegType(mlir_type(dtype))


def mask_type(dtype: DType) -> MaskType:
    return MaskType(dtype.bits)


def lanes_of(dtype: DType) -> int:
    return 2048 // dtype.bits


def legal(target: TargetProfile, name: str) -> list[DType]:
    return sorted(legal_dtypes(target, name), key=lambda d: d.name)


def cases(names: Sequence[str]) -> list[tuple[TargetProfile, str, DType]]:
    return [(t, n, d) for t in TARGETS for n in names for d in legal(t, n)]


def case_id(case: tuple[TargetProfile, str, DType]) -> str:
    return f"{case[0].name}-{case[1]}-{case[2]}"
