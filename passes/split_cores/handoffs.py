"""The tiles one kind of core hands to the other in a mixed Level-1 function, and the FFTS
flags that order each hand-over.

A hand-over is written in the one-core kernel as a `pto.tstore` of one core's tile to a GM
view followed, in the same block, by a `pto.tload` of the same view (the same SSA value or
a `pto.partition_view` of the same operands) into a tile of the other core: the only way
from L0C to UB on every target (A2/A3 have no direct path; manual tstore.md/tload.md) and
from UB to L1. Each hand-over gets two FFTS flags (event ids 2i and 2i + 1, mode 2 within
the block): the producer sets `ready` after its store and waits for `free` on the same pipe
(so its next store of that GM waits for the consumers' loads); the consumers wait for
`ready` before their load and set `free` after it (scalar/ops/pipeline-sync/
set-cross-core.md; PTOAS lowers `sync.set/wait` to `ffts_cross_core_sync/wait_flag_dev`).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from xdsl.dialects.builtin import IntegerAttr, i32
from xdsl.ir import Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from passes.common import pass_error
from pto_dialect.attrs import KernelKind, Location, Pipe, PipeAttr
from pto_dialect.ops.ffts import SyncSetOp, SyncWaitOp
from pto_dialect.ops.tile_memory import PartitionViewOp, TLoadOp, TStoreOp
from pto_dialect.tile_types import TileTypeBase

NAME = "pto-split-cube-vector"
EVENTS = 16
"""FFTS flags 0-15 (the 4-bit event id of `sync.set`)."""


@dataclass(frozen=True)
class Handoff:
    """`store` (on `producer`'s core) writes the GM that `load` (on the other) reads."""

    store: TStoreOp
    load: TLoadOp
    producer: KernelKind
    ready: int
    free: int


def view_key(view: SSAValue) -> Hashable:
    """Two views with one key are the same GM: one value, or partition views of the same
    source, offsets and sizes."""
    owner = view.owner
    if isinstance(owner, PartitionViewOp):
        return (owner.source, tuple(owner.offsets), tuple(owner.sizes))
    return view


def find_handoffs(ops: Sequence[Operation], kinds: dict[Operation, KernelKind]) -> list[Handoff]:
    """The hand-overs among `ops` (a function's ops in program order); a load of GM that
    the other core stores anywhere else is a diagnostic (it would race)."""
    stores: dict[Hashable, list[TStoreOp]] = {}
    for op in ops:
        if isinstance(op, TStoreOp) and op in kinds:
            stores.setdefault(view_key(op.view), []).append(op)
    found: list[Handoff] = []
    for op in ops:
        if not isinstance(op, TLoadOp) or op not in kinds:
            continue
        theirs = [s for s in stores.get(view_key(op.ins[0]), []) if kinds[s] is not kinds[op]]
        if not theirs:
            continue
        store = theirs[0]
        if len(theirs) > 1 or store.parent is not op.parent or not _precedes(store, op):
            raise pass_error(
                NAME,
                f"loads GM that the {kinds[store].value} core stores: a hand-over is one "
                "tstore followed in the same block by one tload of the same view",
                op,
            )
        if any(h.store is store for h in found):
            raise pass_error(NAME, "a hand-over's tstore is loaded twice by the other core", op)
        ready, free = 2 * len(found), 2 * len(found) + 1
        if free >= EVENTS:
            raise pass_error(NAME, f"more than {EVENTS // 2} hand-overs (16 FFTS flags)", op)
        found.append(Handoff(store, op, kinds[store], ready, free))
    return found


def _precedes(a: Operation, b: Operation) -> bool:
    block = a.parent
    assert block is not None
    return block.get_operation_index(a) < block.get_operation_index(b)


def flag(cls: type[SyncSetOp] | type[SyncWaitOp], pipe: Pipe, event: int) -> Operation:
    return cls.build(
        operands=[[]], properties={"pipe": PipeAttr(pipe), "event_id": IntegerAttr(event, i32)}
    )


def store_pipe(store: TStoreOp) -> Pipe:
    """An acc tile leaves through the fixpipe, a vec tile on MTE3 (TStoreOp.PIPE_RULES)."""
    tile = store.src.type
    acc = isinstance(tile, TileTypeBase) and tile.location is Location.ACC
    return Pipe.FIX if acc else Pipe.MTE3


def add_flags(
    kind: KernelKind, handoffs: Sequence[Handoff], copy: dict[Operation, Operation]
) -> None:
    """The flags of `kind`'s side of each hand-over, around its copies (`copy`) of the ops."""
    for h in handoffs:
        if h.producer is kind:
            store = copy[h.store]
            pipe = store_pipe(h.store)
            Rewriter.insert_op(
                [flag(SyncSetOp, pipe, h.ready), flag(SyncWaitOp, pipe, h.free)],
                InsertPoint.after(store),
            )
        else:
            load = copy[h.load]
            Rewriter.insert_op(flag(SyncWaitOp, Pipe.MTE2, h.ready), InsertPoint.before(load))
            Rewriter.insert_op(flag(SyncSetOp, Pipe.MTE2, h.free), InsertPoint.after(load))
