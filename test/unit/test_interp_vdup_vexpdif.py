"""`pto.vdup` and `pto.vexpdif` in the interpreter, against references from their pages.

vdup.md: `dst[i] = input_scalar_or_element` on the active lanes; vexpdif.md:
`dst[i] = expf(src[i] - max[i])`, here the exact difference's exponential rounded once
(computed with Python's `math.exp` on the float64 difference, element by element).
Inactive lanes are zero (the dialect's masked vector ops).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, TypeVar, cast

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.dialects.builtin import ModuleOp, StringAttr, f16, f32
from xdsl.interpreter import Interpreter, InterpreterFunctions
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue

from interpreters.machine.core import Machine
from interpreters.ops.vector_materialize import VectorMaterializeFunctions
from interpreters.ops.vector_sfu import VectorSfuFunctions
from pto_dialect.ops.vecscope import VecScopeOp
from pto_dialect.ops.vector_materialize import Position, VDupOp
from pto_dialect.ops.vector_sfu import Part, VExpDifOp
from pto_dialect.targets import A5, CPU
from pto_dialect.vector_types import MaskType, VRegType

F32V, F16V = VRegType(f32), VRegType(f16)
OpT = TypeVar("OpT", bound=Operation)


def _args(*types: Attribute) -> tuple[Block, tuple[SSAValue, ...]]:
    block = Block(arg_types=types)
    return block, tuple(block.args)


def _verified(block: Block, op: OpT) -> OpT:
    """`op` inside a vecscope of a cpu module of `block`, verified."""
    scope = VecScopeOp()
    scope.body.block.add_op(op)
    block.add_op(scope)
    module = ModuleOp(Region(block))
    module.attributes["pto.target_arch"] = StringAttr(CPU.name)
    op.verify()
    return op


def _run(functions: InterpreterFunctions, op: Operation, args: Sequence[object]) -> np.ndarray:
    interpreter = Interpreter(ModuleOp([]))
    interpreter.register_implementations(functions)
    return cast(np.ndarray, interpreter.run_op(op, tuple(args))[0])


def _mask(lanes: int, active: int) -> np.ndarray:
    return np.arange(lanes) < active


@pytest.mark.parametrize("position", list(Position))
def test_vdup_of_a_vreg_copies_its_lowest_or_highest_lane_into_the_active_lanes(
    position: Position,
) -> None:
    block, (v, m) = _args(F32V, MaskType(32))
    op = _verified(block, VDupOp(v, m, F32V, position))
    values = np.arange(64, dtype=np.float32) - 10.5
    result = _run(VectorMaterializeFunctions(Machine(A5)), op, [values, _mask(64, 40)])
    want = np.zeros(64, np.float32)
    want[:40] = -10.5 if position is Position.LOWEST else 52.5
    assert result.tobytes() == want.tobytes()


def test_vdup_of_a_scalar_rounds_it_to_the_element_type() -> None:
    block, (s, m) = _args(f16, MaskType(16))
    op = _verified(block, VDupOp(s, m, F16V))
    result = _run(VectorMaterializeFunctions(Machine(CPU)), op, [1.0 / 3.0, _mask(128, 128)])
    assert np.all(result == np.float16(1.0 / 3.0)) and result.dtype == np.float16


def _exp_reference(x: np.ndarray, m: np.ndarray, dtype: type[np.floating[Any]]) -> np.ndarray:
    out: list[float] = []
    for a, b in zip(x.astype(np.float64).tolist(), m.astype(np.float64).tolist(), strict=True):
        d = a - b
        if math.isnan(d):
            out.append(math.nan)
        elif d > 709:
            out.append(math.inf)
        else:
            out.append(math.exp(d))
    with np.errstate(all="ignore"):
        return np.array(out, np.float64).astype(dtype)


FLOATS32 = st.one_of(
    st.floats(-100, 100, width=32), st.sampled_from([0.0, -0.0, math.inf, -math.inf, math.nan])
)


@settings(max_examples=40, deadline=None)
@given(
    x=st.lists(FLOATS32, min_size=64, max_size=64),
    m=st.lists(FLOATS32, min_size=64, max_size=64),
    active=st.integers(0, 64),
)
def test_vexpdif_is_the_exponential_of_the_difference_rounded_once(
    x: list[float], m: list[float], active: int
) -> None:
    block, (a, b, k) = _args(F32V, F32V, MaskType(32))
    op = _verified(block, VExpDifOp(a, b, k, Part.ODD))
    xs, ms = np.array(x, np.float32), np.array(m, np.float32)
    with np.errstate(all="ignore"):
        result = _run(VectorSfuFunctions(Machine(A5)), op, [xs, ms, _mask(64, active)])
    want = _exp_reference(xs, ms, np.float32)
    want[active:] = 0
    nan = np.isnan(want)
    assert np.array_equal(np.isnan(result), nan)
    assert result[~nan].tobytes() == want[~nan].tobytes()


@pytest.mark.parametrize("part", list(Part))
def test_widening_vexpdif_reads_the_even_or_odd_f16_lanes_into_f32(part: Part) -> None:
    block, (a, b, k) = _args(F16V, F16V, MaskType(16))
    op = _verified(block, VExpDifOp(a, b, k, part, F32V))
    x = (np.arange(128) / 16).astype(np.float16)
    m = np.full(128, 2.0, np.float16)
    mask = _mask(128, 100)
    result = _run(VectorSfuFunctions(Machine(CPU)), op, [x, m, mask])
    first = 0 if part is Part.EVEN else 1
    want = _exp_reference(x[first::2], m[first::2], np.float32)
    want[~mask[first::2]] = 0
    assert result.dtype == np.float32 and result.tobytes() == want.tobytes()
