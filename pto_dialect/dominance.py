"""SSA dominance: every use of a value must be dominated by its definition.

xDSL 0.74's `verify` does not check it (its parser accepts forward references, and
`xdsl.irdl.dominance.DominanceInfo` only relates blocks, by iterating sets to a fixpoint),
so IR with a value used before its definition verifies and then breaks the passes and the
interpreter. The project's tools call `verify_dominance` before they transform or run IR.

The rule, as in MLIR: an op's result is visible to the ops after it in its block, to the
ops nested in those, and to the blocks that its block dominates; a block argument to its
block and the blocks it dominates; nothing from outside reaches into an op isolated from
above (`func.func`); an op's results are not visible in its own regions.

One walk checks a module in linear time: a value joins the set of visible values when the
walk passes its definition and leaves it when the walk leaves the part of the IR its
definition dominates. A region of several blocks (a `func.func` body with `cf` branches) is
walked along its dominator tree, computed by Cooper, Harvey and Kennedy's iterative
algorithm over reverse postorder ("A Simple, Fast Dominance Algorithm", 2001).

Two choices are stricter than MLIR: the body of `builtin.module` is checked like any other
region (MLIR makes it a graph region, where order does not matter; the project's passes and
interpreter take ops in order), and a block the entry block cannot reach sees only its own
values and those of enclosing regions (MLIR accepts any use there).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects.builtin import FileLineColLoc
from xdsl.ir import Block, BlockArgument, Operation, Region, SSAValue
from xdsl.traits import IsolatedFromAbove
from xdsl.utils.exceptions import VerifyException


def where(op: Operation) -> str:
    """`name at file:line:col` (just the name when the op has no file location)."""
    loc = op.location
    if isinstance(loc, FileLineColLoc):
        return f"{op.name} at {loc.filename.data}:{loc.line.data}:{loc.column.data}"
    return op.name


def _describe(value: SSAValue) -> str:
    """`%x (result #0 of pto.tload at k.mlir:3:5)` or `%x (argument #1 of a block of scf.for)`."""
    name = f"%{value.name_hint}" if value.name_hint else "an unnamed value"
    if isinstance(value, BlockArgument):
        parent = value.block.parent_op()
        owner = f"a block of {where(parent)}" if parent is not None else "a detached block"
        return f"{name} (argument #{value.index} of {owner})"
    owner = value.owner
    assert isinstance(owner, Operation)
    index = owner.results.index(value)
    return f"{name} (result #{index} of {where(owner)})"


@dataclass(frozen=True)
class DominanceViolation:
    """Operand `index` of `user` is a value whose definition does not dominate `user`."""

    user: Operation
    index: int

    @property
    def value(self) -> SSAValue:
        return self.user.operands[self.index]

    @property
    def message(self) -> str:
        """The rule broken, without the user's name and location."""
        return (
            f"operand #{self.index} is {_describe(self.value)}, whose definition does not "
            "dominate this use"
        )

    def __str__(self) -> str:
        return f"{where(self.user)}: {self.message}"


class DominanceError(VerifyException):
    """IR with a use that its definition does not dominate."""

    def __init__(self, violation: DominanceViolation) -> None:
        super().__init__(str(violation))
        self.violation = violation


def find_violation(root: Operation) -> DominanceViolation | None:
    """The first use in the regions of `root`, in program order, that its definition does
    not dominate; None when there is none. Nothing outside `root` is visible."""
    return _Walk().regions(root)


def verify_dominance(root: Operation) -> None:
    """Raises `DominanceError` for the first use in `root` that its definition does not
    dominate."""
    violation = find_violation(root)
    if violation is not None:
        raise DominanceError(violation)


class _Walk:
    """The set of values visible at the current point of a walk in program order."""

    def __init__(self) -> None:
        self.visible: set[SSAValue] = set()

    def regions(self, op: Operation) -> DominanceViolation | None:
        outer = self.visible
        if op.has_trait(IsolatedFromAbove):
            self.visible = set()
        try:
            for region in op.regions:
                if (violation := self.region(region)) is not None:
                    return violation
            return None
        finally:
            self.visible = outer

    def block(self, block: Block, added: list[SSAValue]) -> DominanceViolation | None:
        """Checks the ops of `block`; the values it defines stay visible (in `added`)."""
        for arg in block.args:
            self.visible.add(arg)
            added.append(arg)
        for op in block.ops:
            for index, operand in enumerate(op.operands):
                if operand not in self.visible:
                    return DominanceViolation(op, index)
            if op.regions and (violation := self.regions(op)) is not None:
                return violation
            self.visible.update(op.results)
            added.extend(op.results)
        return None

    def region(self, region: Region) -> DominanceViolation | None:
        """Walks the blocks of `region` depth first along its dominator tree: the values
        of a block stay visible in the blocks it dominates."""
        children = _dominator_children(region)
        for root in _roots(region, children):
            stack: list[Block | list[SSAValue]] = [root]
            while stack:
                item = stack.pop()
                if isinstance(item, list):  # leaving a subtree: its values go
                    self.visible.difference_update(item)
                    continue
                added: list[SSAValue] = []
                if (violation := self.block(item, added)) is not None:
                    return violation
                stack.append(added)
                stack.extend(reversed(children.get(item, ())))
        return None


def _successors(block: Block) -> tuple[Block, ...]:
    last = block.last_op
    return tuple(last.successors) if last is not None else ()


def _reverse_postorder(entry: Block) -> list[Block]:
    """The blocks reachable from `entry`, in reverse postorder of a depth-first search."""
    order: list[Block] = []
    seen = {entry}
    stack: list[tuple[Block, int]] = [(entry, 0)]
    while stack:
        block, next_index = stack.pop()
        successors = _successors(block)
        if next_index < len(successors):
            stack.append((block, next_index + 1))
            successor = successors[next_index]
            if successor not in seen:
                seen.add(successor)
                stack.append((successor, 0))
        else:
            order.append(block)
    order.reverse()
    return order


def _immediate_dominators(entry: Block) -> dict[Block, Block]:
    """The immediate dominator of every block reachable from `entry` (entry: itself)."""
    order = _reverse_postorder(entry)
    number = {block: i for i, block in enumerate(order)}
    predecessors: dict[Block, list[Block]] = {block: [] for block in order}
    for block in order:
        for successor in _successors(block):
            predecessors[successor].append(block)
    idom = {entry: entry}

    def intersect(a: Block, b: Block) -> Block:
        while a is not b:
            while number[a] > number[b]:
                a = idom[a]
            while number[b] > number[a]:
                b = idom[b]
        return a

    changed = True
    while changed:
        changed = False
        for block in order[1:]:
            new: Block | None = None
            for pred in predecessors[block]:
                if pred in idom:
                    new = pred if new is None else intersect(pred, new)
            assert new is not None, "a reachable block has a processed predecessor"
            if idom.get(block) is not new:
                idom[block] = new
                changed = True
    return idom


def _dominator_children(region: Region) -> dict[Block, list[Block]]:
    """Each block's children in the dominator tree of `region`, in block order."""
    entry = region.blocks.first
    if entry is None or entry.next_block is None:
        return {}
    idom = _immediate_dominators(entry)
    children: dict[Block, list[Block]] = {}
    for block in region.blocks:
        parent = idom.get(block)
        if parent is not None and parent is not block:
            children.setdefault(parent, []).append(block)
    return children


def _roots(region: Region, children: dict[Block, list[Block]]) -> list[Block]:
    """The entry block and every block the entry cannot reach: the roots of the walk."""
    blocks = list(region.blocks)
    if len(blocks) < 2:
        return blocks
    dominated = {child for kids in children.values() for child in kids}
    return [block for block in blocks if block not in dominated]
