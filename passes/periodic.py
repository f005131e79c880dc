"""Index values that repeat with the iteration of a loop: the slot selectors of multi-buffering.

`pto-insert-sync` runs a loop body a few times abstractly. An `scf.if` whose condition is
known in each abstract iteration (`%k == 0` with `%k = %i mod 2`) can then be followed along
the branch that runs, instead of merging both branches: the knowledge of the flags of one
slot is not lost at the join with the other slot's branch. That is sound only when the
abstract iterations show every transition the real ones make, i.e. when the condition is
periodic in the iteration: a loop whose induction variable reaches the condition only
through `arith.remui`/`arith.remsi` by a constant N repeats it every N iterations, so
2N abstract iterations see every pair of consecutive ones.

`evaluate(value, known)` returns `(value, period)`: period N >= 1 for a value that repeats
every N iterations (1: constants), `POLY` for an integer polynomial of the iteration index
(the induction variable, sums and products of it; reduced modulo N it repeats every N
iterations), `OTHER` for anything else (a quotient of the index); None when the value is
not known. `known` maps each induction variable to `(value, lb, step)`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from math import lcm

from xdsl.dialects import arith
from xdsl.ir import OpResult, SSAValue

from pto_dialect.ops.tile_memory import constant_index

MAX_PERIOD = 16
"""The longest period followed (the most slots a multi tile has)."""

Value = tuple[int, int]
Known = tuple[int, int, int]
"""An induction variable's value in the abstract iteration, its loop's lb and step."""

_BINARY: dict[type, Callable[[int, int], int]] = {
    arith.AddiOp: lambda a, b: a + b,
    arith.SubiOp: lambda a, b: a - b,
    arith.MuliOp: lambda a, b: a * b,
}

_PREDICATES: dict[int, Callable[[int, int], bool]] = {
    0: lambda a, b: a == b,
    1: lambda a, b: a != b,
    2: lambda a, b: a < b,
    3: lambda a, b: a <= b,
    4: lambda a, b: a > b,
    5: lambda a, b: a >= b,
}
"""`arith.cmpi` predicates on values the analysis knows to be non-negative (eq, ne and the
signed orders; the unsigned ones agree on them and are 6-9, mapped below)."""


POLY = 0
OTHER = -1


def _period(a: int, b: int) -> int:
    if OTHER in (a, b):
        return OTHER
    if POLY in (a, b):
        return POLY
    return lcm(a, b)


def _is_index(dividend: SSAValue, divisor: int, known: Mapping[SSAValue, Known]) -> bool:
    """Whether `dividend / divisor` is the iteration index: `(iv - lb) / step` (or
    `iv / step` with lb 0) for a loop of constant lb and step."""
    base = 0
    if isinstance(dividend, OpResult) and isinstance(dividend.op, arith.SubiOp):
        lb = constant_index(dividend.op.rhs)
        if lb is None:
            return False
        dividend, base = dividend.op.lhs, lb
    loop = known.get(dividend)
    return loop is not None and loop[1] == base and loop[2] == divisor


def evaluate(value: SSAValue, known: Mapping[SSAValue, Known]) -> Value | None:
    """`value` in the current abstract iteration (the module doc)."""
    if value in known:
        return known[value][0], POLY
    if not isinstance(value, OpResult):
        return None
    op = value.op
    if isinstance(op, arith.ConstantOp):
        constant = constant_index(value)
        return None if constant is None else (constant, 1)
    if type(op) in _BINARY:
        lhs, rhs = evaluate(op.operands[0], known), evaluate(op.operands[1], known)
        if lhs is None or rhs is None:
            return None
        return _BINARY[type(op)](lhs[0], rhs[0]), _period(lhs[1], rhs[1])
    if isinstance(op, arith.RemUIOp | arith.RemSIOp | arith.DivUIOp | arith.DivSIOp):
        lhs, rhs = evaluate(op.operands[0], known), evaluate(op.operands[1], known)
        if lhs is None or rhs is None or rhs[1] != 1 or rhs[0] <= 0 or lhs[0] < 0:
            return None
        if isinstance(op, arith.RemUIOp | arith.RemSIOp):
            return lhs[0] % rhs[0], rhs[0] if lhs[1] == POLY else lhs[1]
        period = lhs[1]
        if period == POLY and not _is_index(op.operands[0], rhs[0], known):
            period = OTHER
        return lhs[0] // rhs[0], period
    if isinstance(op, arith.CmpiOp):
        lhs, rhs = evaluate(op.lhs, known), evaluate(op.rhs, known)
        predicate = op.predicate.value.data
        compare = _PREDICATES.get(predicate if predicate < 6 else predicate - 4)
        if lhs is None or rhs is None or compare is None or min(lhs[0], rhs[0]) < 0:
            return None
        return int(compare(lhs[0], rhs[0])), _period(lhs[1], rhs[1])
    return None


def decided(value: SSAValue, known: Mapping[SSAValue, Known]) -> bool | None:
    """The condition `value` when it is known and periodic (with a period of at most
    `MAX_PERIOD`), else None: the analysis then follows both branches."""
    result = evaluate(value, known)
    if result is None or not 1 <= result[1] <= MAX_PERIOD:
        return None
    return bool(result[0])


def loop_period(conditions: list[SSAValue], known: Mapping[SSAValue, Known]) -> int:
    """The common period of the decidable conditions (1 when none is)."""
    period = 1
    for condition in conditions:
        result = evaluate(condition, known)
        if result is not None and 1 <= result[1] <= MAX_PERIOD:
            period = lcm(period, result[1])
    return period if period <= MAX_PERIOD else 1
