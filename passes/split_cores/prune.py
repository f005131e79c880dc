"""One core's copy of a mixed function: the other core's tile ops, the loop-carried tiles
they compute and the index arithmetic and views only they used are removed."""

from __future__ import annotations

from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import UnrealizedConversionCastOp
from xdsl.ir import Attribute, Operation
from xdsl.rewriter import InsertPoint, Rewriter

from passes.split_cores.kinds import CUBE_LOCATIONS
from pto_dialect.attrs import KernelKind
from pto_dialect.ops.runtime import GetSubBlockIdxOp
from pto_dialect.ops.tile_memory import MakeTensorViewOp, PartitionViewOp
from pto_dialect.tile_types import TileTypeBase

PURE: tuple[type[Operation], ...] = (
    arith.ConstantOp,
    arith.AddiOp,
    arith.SubiOp,
    arith.MuliOp,
    arith.IndexCastOp,
    MakeTensorViewOp,
    PartitionViewOp,
    GetSubBlockIdxOp,
    UnrealizedConversionCastOp,
)
"""Ops removed when nothing uses their results."""


def other_tile(type: Attribute, keep: KernelKind) -> bool:
    """A tile type that lives on the core of the other kind than `keep`."""
    if not isinstance(type, TileTypeBase):
        return False
    cube = type.location in CUBE_LOCATIONS
    return cube is (keep is KernelKind.VECTOR)


def prune(function: func.FuncOp, drop: list[Operation], keep: KernelKind) -> None:
    """Removes `drop` (the other core's tile ops of `function`) and what only they used."""
    ops = list(function.walk())
    for op in ops:
        if isinstance(op, scf.YieldOp) and isinstance(op.parent_op(), scf.ForOp):
            kept = [v for v in op.operands if not other_tile(v.type, keep)]
            if len(kept) != len(op.operands):
                Rewriter.replace_op(op, scf.YieldOp(*kept))
    for op in reversed(drop):
        Rewriter.erase_op(op, safe_erase=False)
    for op in reversed(ops):
        if isinstance(op, scf.ForOp) and op.parent is not None:
            _drop_loop_tiles(op, keep)
    remove_unused(function)


def _drop_loop_tiles(loop: scf.ForOp, keep: KernelKind) -> None:
    """`loop` without the other core's loop-carried tiles (nothing uses them any more)."""
    gone = [i for i, v in enumerate(loop.iter_args) if other_tile(v.type, keep)]
    if not gone:
        return
    kept = [v for i, v in enumerate(loop.iter_args) if i not in gone]
    block = loop.body.block
    for i in reversed(gone):
        block.erase_arg(block.args[i + 1])
    new = scf.ForOp(loop.lb, loop.ub, loop.step, kept, loop.detach_region(loop.body))
    Rewriter.insert_op(new, InsertPoint.before(loop))
    results = iter(new.results)
    for i, old in enumerate(loop.results):
        if i not in gone:
            old.replace_all_uses_with(next(results))
    Rewriter.erase_op(loop, safe_erase=False)


def remove_unused(function: func.FuncOp) -> None:
    """Removes the pure ops no one uses and the loops left empty, last first, until none."""
    changed = True
    while changed:
        changed = False
        for op in reversed(list(function.walk())):
            if op.parent is None:
                continue
            empty_loop = (
                isinstance(op, scf.ForOp)
                and not op.results
                and all(isinstance(o, scf.YieldOp) for o in op.body.block.ops)
            )
            unused = isinstance(op, PURE) and all(not r.uses for r in op.results)
            if empty_loop or unused:
                Rewriter.erase_op(op)
                changed = True
