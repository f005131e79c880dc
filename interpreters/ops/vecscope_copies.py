"""Copies of one computation in a loop body, for `vecscope_batch` to run once as an axis.

`pto-fuse` handles a block of B rows per loop iteration (`passes/fuse/emit.py`): the body
starts with the rows `%r_b = arith.addi %i, %c_b` (b = 1 .. B-1) and then holds, in some
order (member by member), B copies of the rows' computation, copy b reading `%r_b` where copy 0
reads `%i`. Run as they stand, the copies cost B times the ops of one; `copies_of` finds
them, and the batcher runs copy 0 once with `%i` given the values `%i + c_b` along an
extra axis.

This is sound whatever produced the loop: the copies are checked to be the same ops
(class, properties, attributes, result types, regions) reading the same values from
outside the loop and, from inside, the values at the same place of their own copy; no op
reads values of two copies. Copy b then computes exactly what copy 0 computes for row
`%i + c_b`. Only the order of their memory accesses differs, which the batcher accepts
only when no access of the scope depends on it (`vecscope_batch.order_free`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IntegerAttr
from xdsl.ir import Operation, SSAValue


@dataclass(frozen=True)
class Copies:
    """A loop body's copies: the seeds (`addi %i, %c` making copy b's row, b >= 1), each
    copy's offset from `%i` (0 first) and copy 0's ops in program order."""

    seeds: tuple[Operation, ...]
    offsets: tuple[int, ...]
    first: tuple[Operation, ...]


def _constant(value: SSAValue) -> int | None:
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


def _defined(op: Operation) -> list[SSAValue]:
    """The values `op` and the ops in its regions define, in a fixed order."""
    values: list[SSAValue] = []
    for inner in op.walk():
        for region in inner.regions:
            for block in region.blocks:
                values.extend(block.args)
        values.extend(inner.results)
    return values


def copies_of(loop: scf.ForOp) -> Copies | None:
    """The copies of `loop`'s body (module docstring), None when it is not made of two or
    more (the loop carries no values; its body is its seeds, then the copies' ops)."""
    block = loop.body.block
    ops = list(block.ops)
    if len(block.args) != 1 or not ops or ops[-1].operands:
        return None
    iv = block.args[0]
    copy_of: dict[SSAValue, int] = {iv: 0}
    offsets = [0]
    seeds: list[Operation] = []
    members: list[list[Operation]] = [[]]
    for op in ops[:-1]:
        offset = _constant(op.operands[1]) if isinstance(op, arith.AddiOp) else None
        if offset is not None and op.operands[0] is iv and not any(members):
            copy_of[op.results[0]] = len(offsets)
            offsets.append(offset)
            seeds.append(op)
            members.append([])
            continue
        found = {copy_of[v] for inner in op.walk() for v in inner.operands if v in copy_of}
        if len(found) != 1:
            return None
        (copy,) = found
        for value in _defined(op):
            copy_of[value] = copy
        members[copy].append(op)
    if len(offsets) < 2 or len(set(offsets)) != len(offsets):
        return None
    first = members[0]
    rows = [iv, *(s.results[0] for s in seeds)]
    places = [_places(row, m) for row, m in zip(rows, members, strict=True)]
    for copy in range(1, len(members)):
        if not _same(first, members[copy], places[0], places[copy]):
            return None
    return Copies(tuple(seeds), tuple(offsets), tuple(first))


def _places(row: SSAValue, ops: Sequence[Operation]) -> dict[SSAValue, int]:
    """Each value a copy defines (its row: -1) by its place in the copy."""
    places: dict[SSAValue, int] = {row: -1}
    for op in ops:
        for value in _defined(op):
            places[value] = len(places)
    return places


def _same(
    ops: Sequence[Operation], other: Sequence[Operation], places: dict[SSAValue, int],
    other_places: dict[SSAValue, int],
) -> bool:  # fmt: skip
    """Whether two copies are the same ops on corresponding values."""
    if len(ops) != len(other):
        return False
    for top, other_top in zip(ops, other, strict=True):
        walk, other_walk = list(top.walk()), list(other_top.walk())
        if len(walk) != len(other_walk):
            return False
        for a, b in zip(walk, other_walk, strict=True):
            if (
                type(a) is not type(b)
                or a.properties != b.properties
                or a.attributes != b.attributes
                or [r.type for r in a.results] != [r.type for r in b.results]
                or len(a.operands) != len(b.operands)
                or [[blk.arg_types for blk in r.blocks] for r in a.regions]
                != [[blk.arg_types for blk in r.blocks] for r in b.regions]
            ):
                return False
            for x, y in zip(a.operands, b.operands, strict=True):
                at, other_at = places.get(x), other_places.get(y)
                if at != other_at or (at is None and x is not y):
                    return False
    return True
