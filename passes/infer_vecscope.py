"""`pto-infer-vecscope`: vector ops outside a `pto.vecscope` wrapped in inferred scopes.

PTOAS writes VMI and vector micro-ops at function level and infers the vector-function
scopes (its `pto-infer-vpto-vecscope`, PTOInferVPTOVecScope.cpp, run after VMI
physicalisation). This pass applies the same rules, before lowering, to VMI ops and
micro-ops alike, block by block (nested blocks after their parent's ops):

- **Vector** ops: a `pto.*` op with a vector-typed operand or result (`!pto.vreg`,
  `!pto.mask`, `!pto.align`, `!pto.vmi.vreg`, `!pto.vmi.mask`), `pto.mem_bar`,
  `pto.sprclr`; and an `scf.for` / `scf.if` / `scf.while` whose regions hold a vector op,
  or that carries a vector value, and no boundary (kept whole; the carried-value case is
  ours: PTOAS folds an `scf.if` that only yields vector values to a select first).
- **Safe scalars**: ops without regions, terminators or calls whose effects are known to
  be none (`arith`, pure `pto` ops); they join a scope when every user is in it, else stay
  before it.
- **Boundaries** end a run: everything else: an explicit `pto.vecscope`, terminators,
  `func.call`, `pto.barrier`, DMA, sync and other ops with memory effects, control flow
  with a boundary inside, and the ops PTOAS keeps out of inferred scopes (`vbitsort`,
  `vmrgsort4`, `get_block_idx`, `get_block_num`).

Within a run between boundaries, from its first op, the longest prefix that holds a vector
op and whose moved ops have no result used outside it becomes one resultless scope; the
search goes on after it (greedy, as PTOAS). A vector-typed value used past a boundary is
first rematerialised: its producer, when it and the producers of its vector operands are
free of memory access (mask and constant producers, broadcasts), is cloned in front of the
user's segment, or just before a user nested in a boundary (an explicit scope: PTOAS's
`vmi-layout-sink-materialization` sinks producers to their uses) or in a later block; the
original, once unused, is dropped. A vector-typed value that still escapes (to
`func.return`, a call, a later op it cannot be rebuilt for) is a located error, as in
PTOAS. The search is linear in the run when the run's longest prefix works (the usual
case); a failing prefix is cut back to the escaping producer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum

from xdsl.context import Context
from xdsl.dialects import func, scf
from xdsl.dialects.builtin import AnyFloat, IndexType, IntegerType, ModuleOp
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.traits import IsTerminator, is_side_effect_free

from passes.common import checked_pass, pass_error
from pto_dialect.dominance import where
from pto_dialect.ops.runtime import GetBlockIdxOp, GetBlockNumOp, MemBarOp
from pto_dialect.ops.sync import BarrierOp
from pto_dialect.ops.vecscope import VecScopeOp
from pto_dialect.ops.vector_sort import VBitSortOp, VMrgSort4Op
from pto_dialect.ops.vector_spr import SprClrOp
from pto_dialect.ops.vmi_common import VmiOp
from pto_dialect.ops.vmi_types import VmiMaskType, VmiVRegType
from pto_dialect.vector_types import AlignType, MaskType, VRegType

NAME = "pto-infer-vecscope"

VECTOR_TYPES = (VRegType, MaskType, AlignType, VmiVRegType, VmiMaskType)
"""Values that live only inside a vector function (PTOAS: `isVecScopeType`)."""
NEEDS_SCOPE = (MemBarOp, SprClrOp)
"""Vector ops without a vector-typed value (PTOAS: `requiresVectorScope`)."""
KEPT_OUT = (VBitSortOp, VMrgSort4Op, GetBlockIdxOp, GetBlockNumOp)
"""Ops PTOAS never puts in an inferred scope (`isForbiddenInsideInferredVectorScope`)."""
ATOMIC = (scf.ForOp, scf.IfOp, scf.WhileOp)
"""Control flow moved whole when its regions hold vector ops and no boundary."""


class Kind(Enum):
    VECTOR = "vector"
    SCALAR = "safe scalar"
    BOUNDARY = "boundary"


def is_vector_type(type: Attribute) -> bool:
    return isinstance(type, VECTOR_TYPES)


def _is_scalar_type(type: Attribute) -> bool:
    return isinstance(type, IntegerType | IndexType | AnyFloat)


@dataclass
class _Classifier:
    """Each op's kind, once (control flow is classified by its regions' ops)."""

    kinds: dict[Operation, Kind] = field(default_factory=dict[Operation, Kind])

    def __call__(self, op: Operation) -> Kind:
        kind = self.kinds.get(op)
        if kind is None:
            kind = self.kinds[op] = self._classify(op)
        return kind

    def _classify(self, op: Operation) -> Kind:
        if isinstance(op, (VecScopeOp, func.CallOp, BarrierOp, *KEPT_OUT)):
            return Kind.BOUNDARY
        if op.has_trait(IsTerminator):
            return Kind.BOUNDARY
        if op.name.startswith("pto.") and (
            isinstance(op, (VmiOp, *NEEDS_SCOPE))
            or any(is_vector_type(v.type) for v in (*op.operands, *op.results))
        ):
            return Kind.VECTOR
        if isinstance(op, ATOMIC):
            return self._atomic(op)
        if not op.regions and is_side_effect_free(op):
            return Kind.SCALAR
        return Kind.BOUNDARY

    def _atomic(self, op: Operation) -> Kind:
        vector = any(is_vector_type(v.type) for v in (*op.operands, *op.results))
        for region in op.regions:
            for block in region.blocks:
                for inner in block.ops:
                    if inner.has_trait(IsTerminator):
                        continue
                    kind = self(inner)
                    if kind is Kind.BOUNDARY:
                        return Kind.BOUNDARY
                    vector |= kind is Kind.VECTOR
        return Kind.VECTOR if vector else Kind.BOUNDARY


@dataclass(frozen=True)
class Escape:
    """A result of a would-be scope's op used outside it."""

    value: SSAValue
    producer: Operation
    user: Operation

    @property
    def diagnosed(self) -> bool:
        return is_vector_type(self.value.type)


@dataclass(frozen=True)
class Plan:
    """One inferred scope: the ops it moves, and the safe scalars between them that feed
    them but stay outside (they move in front of the scope)."""

    moved: list[Operation]
    hoisted: list[Operation]


def _in_block(op: Operation, block: Block) -> Operation | None:
    """`op`'s ancestor (or itself) in `block`; None for a use in another block (a
    successor of a block of several)."""
    node: Operation | None = op
    while node is not None and node.parent_block() is not block:
        node = node.parent_op()
    return node


@dataclass
class _Run:
    """A run of vector and safe-scalar ops between two boundaries of one block."""

    ops: list[Operation]
    kind: Callable[[Operation], Kind]
    block: Block = field(init=False)
    position: dict[Operation, int] = field(init=False)
    vectors_before: list[int] = field(init=False)

    def __post_init__(self) -> None:
        block = self.ops[0].parent_block()
        assert block is not None
        self.block = block
        self.position = {op: i for i, op in enumerate(self.ops)}
        self.vectors_before = [0]
        for op in self.ops:
            self.vectors_before.append(self.vectors_before[-1] + (self.kind(op) is Kind.VECTOR))

    def moved(self, begin: int, end: int) -> set[Operation]:
        """The ops a scope of `ops[begin:end]` would hold: its vector ops and the safe
        scalars all of whose users it holds."""
        ops = self.ops[begin:end]
        moved = {op for op in ops if self.kind(op) is Kind.VECTOR}
        for op in reversed(ops):  # users follow their definitions: one pass suffices
            if op in moved or self.kind(op) is not Kind.SCALAR:
                continue
            users = [_in_block(u.operation, self.block) for r in op.results for u in r.uses]
            if users and all(u in moved for u in users):
                moved.add(op)
        return moved

    def plan(self, begin: int, end: int) -> Plan | Escape:
        """The scope of `ops[begin:end]` (PTOAS: `buildResultlessScopePlan`), or the first
        moved result used outside it."""
        ops, block = self.ops[begin:end], self.block
        moved = self.moved(begin, end)
        for op in ops:
            if op not in moved:
                continue
            for result in op.results:
                for user in (use.operation for use in result.uses):
                    if _in_block(user, block) not in moved:
                        return Escape(result, op, user)
        hoisted: set[Operation] = set()
        for op in reversed(ops):
            if op in moved or self.kind(op) is not Kind.SCALAR:
                continue
            users = {_in_block(u.operation, block) for r in op.results for u in r.uses}
            if users & moved or users & hoisted:
                hoisted.add(op)
        order = [op for op in ops if op in moved]
        first = self.position[order[0]]
        return Plan(order, [op for op in ops if op in hoisted and self.position[op] > first])

    def scopes(self) -> tuple[list[tuple[int, int, Plan]], tuple[int, int, Escape] | None]:
        """The greedy scopes of the run, and the first op that starts none because a
        vector-typed value escapes (with the candidate that showed it)."""
        found: list[tuple[int, int, Plan]] = []
        failure: tuple[int, int, Escape] | None = None
        begin, count = 0, len(self.ops)
        while begin < count:
            end, first, plan = count, None, None
            while end > begin and self.vectors_before[end] > self.vectors_before[begin]:
                tried = self.plan(begin, end)
                if isinstance(tried, Plan):
                    plan = tried
                    break
                if first is None:
                    first = (begin, end, tried)
                top = _in_block(tried.user, self.block)
                user = count if top is None else self.position.get(top, count)
                # every prefix longer than its producer holds it and leaves this user out
                end = self.position[tried.producer] if user >= end else end - 1
            if plan is None:
                if (failure is None and first is not None and first[2].diagnosed
                        and self.kind(self.ops[begin]) is Kind.VECTOR):  # fmt: skip
                    failure = first
                begin += 1
                continue
            found.append((begin, end, plan))
            begin = end
        return found, failure


def _runs(block: Block, kind: Callable[[Operation], Kind]) -> list[_Run]:
    runs: list[_Run] = []
    pending: list[Operation] = []
    for op in block.ops:
        if kind(op) is Kind.BOUNDARY:
            if pending:
                runs.append(_Run(pending, kind))
            pending = []
        else:
            pending.append(op)
    if pending:
        runs.append(_Run(pending, kind))
    return runs


def _rebuildable(op: Operation) -> bool:
    """Free of memory access: cloned where a user past a boundary needs its value."""
    if op.regions or op.has_trait(IsTerminator) or isinstance(op, func.CallOp):
        return False
    if isinstance(op, VmiOp):
        return all(is_vector_type(v.type) or _is_scalar_type(v.type) for v in op.operands)
    return is_side_effect_free(op)


@dataclass
class _Inference:
    pass_name: str
    kind: _Classifier = field(default_factory=_Classifier)

    def region_of(self, op: Operation) -> None:
        for region in op.regions:
            for block in region.blocks:
                self.block(block)

    def block(self, block: Block) -> None:
        for _ in range(256):  # PTOAS's bound on repair rounds
            if not self._repair(block):
                break
        for run in _runs(block, self.kind):
            found, failure = run.scopes()
            if failure is not None:
                _refuse(self.pass_name, failure[2])
            for _, _, plan in found:
                _wrap(plan)
        for op in list(block.ops):
            if not isinstance(op, VecScopeOp):
                self.region_of(op)

    def _anchors(self, block: Block) -> dict[Operation, Operation]:
        """Per op of a run, the first op of its would-be scope, or of its stretch of ops
        outside scopes (PTOAS: `computeLogicalScopeAnchors`)."""
        anchors: dict[Operation, Operation] = {}
        for run in _runs(block, self.kind):
            found, _ = run.scopes()
            in_scope = {op: plan.moved[0] for _, _, plan in found for op in plan.moved}
            outside: Operation | None = None
            for op in run.ops:
                if op in in_scope:
                    anchors[op], outside = in_scope[op], None
                else:
                    outside = outside or op
                    anchors[op] = outside
        return anchors

    def _repair(self, block: Block) -> bool:
        """Rebuilds the first escaping vector value of `block` in its users' segments
        (PTOAS: `repairEscapingSubclusters`); False when none escapes or it cannot be."""
        for run in _runs(block, self.kind):
            _, failure = run.scopes()
            if failure is None:
                continue
            begin, end, escape = failure
            inside = run.moved(begin, end)
            anchors = self._anchors(block)
            users = [u for u in escape.value.uses if _in_block(u.operation, block) not in inside]
            places: list[Operation] = []
            for use in users:
                top = _in_block(use.operation, block)
                if top is not None and top in anchors:
                    places.append(anchors[top])
                elif top is not use.operation:  # in a boundary (an explicit scope), or a
                    places.append(use.operation)  # later block: rebuilt just before it
                else:
                    return False
            if not users or not _rebuildable_value(escape.value):
                return False
            clones: dict[tuple[SSAValue, Operation], SSAValue] = {}
            for use, anchor in zip(users, places, strict=True):
                value = _clone(escape.value, anchor, clones)
                if value is None:
                    return False
                use.operation.operands[use.index] = value
            _erase_if_dead(escape.producer)
            return True
        return False


def _erase_if_dead(op: Operation) -> None:
    """Erases a rebuilt producer nothing uses any more, and so on up its vector operands
    (so that it does not become a scope of its own)."""
    if any(r.uses for r in op.results):
        return
    sources = [o.owner for o in op.operands if is_vector_type(o.type)]
    op.detach()
    op.erase()
    for source in sources:
        if isinstance(source, Operation):
            _erase_if_dead(source)


def _rebuildable_value(value: SSAValue) -> bool:
    """Whether `_clone` can recompute `value` (its producers access no memory)."""
    producer = value.owner
    if not isinstance(producer, Operation) or not _rebuildable(producer):
        return False
    return all(_rebuildable_value(o) for o in producer.operands if is_vector_type(o.type))


def _clone(
    value: SSAValue, anchor: Operation, clones: dict[tuple[SSAValue, Operation], SSAValue]
) -> SSAValue | None:
    """`value` recomputed just before `anchor` (its vector operands too), or None."""
    if (value, anchor) in clones:
        return clones[(value, anchor)]
    producer = value.owner
    if not isinstance(producer, Operation) or not _rebuildable(producer):
        return None
    mapping: dict[SSAValue, SSAValue] = {}
    for operand in producer.operands:
        if is_vector_type(operand.type):
            rebuilt = _clone(operand, anchor, clones)
            if rebuilt is None:
                return None
            mapping[operand] = rebuilt
    copy = producer.clone(value_mapper=mapping)
    Rewriter.insert_op(copy, InsertPoint.before(anchor))
    for old, new in zip(producer.results, copy.results, strict=True):
        clones[(old, anchor)] = new
    return clones[(value, anchor)]


def _refuse(pass_name: str, escape: Escape) -> None:
    raise pass_error(pass_name, f"cannot infer a resultless pto.vecscope: its {escape.value.type} "
                     f"result is used outside the scope, by {where(escape.user)} (vector "
                     "values live only inside a vector function)", escape.producer)  # fmt: skip


def _wrap(plan: Plan) -> None:
    first = plan.moved[0]
    scope = VecScopeOp()
    scope.location = first.location
    Rewriter.insert_op(scope, InsertPoint.before(first))
    for op in plan.hoisted:
        op.detach()
        Rewriter.insert_op(op, InsertPoint.before(scope))
    for op in plan.moved:
        op.detach()
        scope.block.add_op(op)


def infer_functions(functions: Sequence[func.FuncOp], pass_name: str = NAME) -> None:
    """Infers the scopes of `functions`' bodies (errors name `pass_name`)."""
    inference = _Inference(pass_name)
    for function in functions:
        inference.region_of(function)


def outside_scopes(function: func.FuncOp) -> list[VmiOp]:
    """`function`'s VMI ops outside every `pto.vecscope`."""
    found: list[VmiOp] = []

    def visit(block: Block) -> None:
        for op in block.ops:
            if isinstance(op, VmiOp):
                found.append(op)
            if not isinstance(op, VecScopeOp | func.FuncOp):
                for region in op.regions:
                    for inner in region.blocks:
                        visit(inner)

    for block in function.body.blocks:
        visit(block)
    return found


@checked_pass
@dataclass(frozen=True)
class InferVecScopePass(ModulePass):
    """Wraps vector ops outside a `pto.vecscope` in inferred scopes (PTOAS's rules)."""

    name = NAME

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        infer_functions([f for f in op.walk() if isinstance(f, func.FuncOp)])
