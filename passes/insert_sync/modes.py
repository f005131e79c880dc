"""The other modes of `pto-insert-sync`: `mode=bufid` turns the inserted flag pairs into
buffer-id sync (`to_buffer_ids`), `mode=serial` orders every op after the previous one
(`serialise`, the baseline)."""

from __future__ import annotations

from collections import defaultdict

from xdsl.ir import Block, Operation
from xdsl.rewriter import InsertPoint, Rewriter

from passes.insert_sync.state import EVENTS, Pair
from pto_dialect.attrs import Pipe
from pto_dialect.ops.base import TileOp
from pto_dialect.ops.sync import BUF_ID_COUNT, BarrierOp, GetBufOp, RlsBufOp, SetFlagOp, WaitFlagOp


def to_buffer_ids(pairs: list[Pair]) -> None:
    """`mode=bufid`: each inserted flag pair becomes buffer-slot sync where it can.

    The pairs are grouped by the bytes they order and the block they stand in; each group
    gets one buffer id, and every anchor of its pairs is wrapped in `get_buf`/`rls_buf` of
    that id on the anchor's pipe (the source pipe after which the set stood, the destination
    pipe before which the wait stood). Ops wrapped with one id run in program order across
    pipes (a `get_buf` waits for the last `rls_buf` of its id), which orders every pair of
    the group, loop-carried ones included, with no priming. A pair stays a flag pair when
    its group has no id left (32) or when one anchor would be wrapped twice with one id
    (on two pipes: same-id wraps must not nest)."""
    groups: dict[tuple[object, int], list[Pair]] = defaultdict(list)
    for pair in pairs:
        if pair.anchors is None or any(op.parent is None for op in pair.ops):
            continue  # fell back to a barrier
        block = pair.anchors[0].parent_block()
        groups[(pair.resource, id(block))].append(pair)
    for buf_id, members in enumerate(groups.values()):
        if buf_id >= BUF_ID_COUNT:
            return
        wraps = _wraps(members)
        if wraps is None:
            continue
        for anchor, pipe in wraps.items():
            Rewriter.insert_op(GetBufOp(pipe, buf_id), InsertPoint.before(anchor))
            Rewriter.insert_op(RlsBufOp(pipe, buf_id), InsertPoint.after(anchor))
        for pair in members:
            for flag in pair.ops:
                Rewriter.erase_op(flag)


def _wraps(members: list[Pair]) -> dict[Operation, Pipe] | None:
    """The anchors of a group's pairs and the pipe each is wrapped on; None when one anchor
    would need two pipes (the same id would nest)."""
    wraps: dict[Operation, Pipe] = {}
    for pair in members:
        assert pair.anchors is not None
        for anchor, pipe in zip(pair.anchors, (pair.src, pair.dst), strict=True):
            if wraps.setdefault(anchor, pipe) is not pipe:
                return None
    return wraps


def serialise(block: Block, at_entry: bool = False) -> None:
    """`mode=serial`, the hand-written pattern of the seed 002 kernel: where the pipe changes
    between two tile ops of one block, `set_flag` and `wait_flag` back to back (the later op
    waits for the earlier one to complete); the first tile op of a block entered from
    elsewhere (a loop body, a branch, after a loop or `scf.if`) waits for every pipe
    (`barrier PIPE_ALL`). Everything runs one op after another: the baseline inserted sync
    is measured against (`benchmarks/sync_counts.py`)."""
    previous: Pipe | None = None
    unknown = not at_entry
    for op in list(block.ops):
        if isinstance(op, TileOp):
            pipe = op.pipe()
            if unknown:
                Rewriter.insert_op(BarrierOp(Pipe.ALL), InsertPoint.before(op))
            elif previous is not None and previous is not pipe:
                Rewriter.insert_op(
                    [SetFlagOp(previous, pipe, EVENTS[0]), WaitFlagOp(previous, pipe, EVENTS[0])],
                    InsertPoint.before(op),
                )
            previous, unknown = pipe, False
        elif op.regions:
            for region in op.regions:
                for inner in region.blocks:
                    serialise(inner)
            previous, unknown = None, True
