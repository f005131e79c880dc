"""A5's hand-over through the cross-core pipe (`pto-split-cube-vector{handoff=pipe}`).

On A5 the fixpipe writes L0C straight to the vector cores' UB and MTE3 writes UB to L1
(pto-isa a5 TPush.hpp / TPop.hpp; manual system/ops/TPUSH.md: C2V pushes an acc tile, V2C a
vec tile), so a hand-over needs no GM: the producer's `tstore` becomes a push and the
consumers' `tload` a pop, freed after its last use in its block; so does a `tmov` acc -> vec
(or vec -> mat), A5's one-op form of the transfer (tmov.md). Pipe 0 carries the cube's tiles
to the vector cores (DIR_C2V), pipe 1 the other way (DIR_V2C); split 1 (TILE_UP_DOWN)
gives vector core s its half of the rows, as `halve` does with GM windows. The consumer
reserves the FIFO in its memory (`pto.reserve_buffer`, auto: planning places it) and the
producer imports it, as PTOAS's A5 kernels do. A2/A3 have no L0C -> UB path (their TPUSH
stores to a GM FIFO), so the pass keeps the GM hand-over there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.dialects import func
from xdsl.dialects.builtin import BoolAttr, IntegerAttr, StringAttr, SymbolRefAttr, i8, i32
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.traits import IsTerminator as IsTerminatorTrait

from passes.common import pass_error
from passes.split_cores.handoffs import NAME, Handoff
from pto_dialect.attrs import KernelKind, Location, LocationAttr
from pto_dialect.ops.cross_core_pipe import (
    DIR_C2V,
    DIR_V2C,
    AicInitializePipeOp,
    AivInitializePipeOp,
    TFreeFromAicOp,
    TFreeFromAivOp,
    TPopFromAicOp,
    TPopFromAivOp,
    TPushToAicOp,
    TPushToAivOp,
)
from pto_dialect.ops.reserved_buffer import ImportReservedBufferOp, ReserveBufferOp
from pto_dialect.ops.tile_move import TMovOp
from pto_dialect.tile_types import TileTypeBase

SLOTS = 8
"""Slots of each pipe: PTOAS's default for one direction."""
SPLIT = IntegerAttr(1, i8)
"""TILE_UP_DOWN: vector core s sends or receives rows [s * R/2, (s + 1) * R/2)."""


def _pipe_id(producer: KernelKind) -> int:
    return 0 if producer is KernelKind.CUBE else 1


def _props(producer: KernelKind) -> dict[str, Attribute]:
    return {"id": IntegerAttr(_pipe_id(producer), i32), "split": SPLIT}


@dataclass(frozen=True)
class Transfer:
    """A tile `producer`'s core sends: operand 0 of `send` leaves, the result of `receive`
    arrives (a hand-over's tstore and tload, or both one `tmov` between the cores)."""

    send: Operation
    receive: Operation
    producer: KernelKind


def transfers(handoffs: Sequence[Handoff], moves: Sequence[TMovOp]) -> list[Transfer]:
    """The GM hand-overs and the moves between the cores' memories as pipe transfers."""
    found = [Transfer(h.store, h.load, h.producer) for h in handoffs]
    for move in moves:
        source = move.ins[0].type
        assert isinstance(source, TileTypeBase)
        cube = source.location is not Location.VEC
        found.append(Transfer(move, move, KernelKind.CUBE if cube else KernelKind.VECTOR))
    return found


def add_pipes(
    kind: KernelKind,
    sent: Sequence[Transfer],
    copy: dict[Operation, Operation],
    function: func.FuncOp,
    names: dict[KernelKind, str],
) -> list[Operation]:
    """`kind`'s side of each transfer of `function` (its copy of the mixed function, whose
    ops `copy` maps) as pipe pushes or pops, and the pipes' set-up at its start; gives the
    sending moves, which leave with the other core's ops."""
    for producer in sorted({t.producer for t in sent}, key=_pipe_id):
        sizes = [_bytes(t.send.operands[0].type) for t in sent if t.producer is producer]
        _initialize(kind, producer, max(sizes), function, names)
    leaving: list[Operation] = []
    for t in sent:
        if t.producer is kind:
            send = copy[t.send]
            push = (TPushToAivOp if kind is KernelKind.CUBE else TPushToAicOp).build(
                operands=[[send.operands[0]]], properties=_props(kind)
            )
            Rewriter.insert_op(push, InsertPoint.before(send))
            if send.results:
                leaving.append(send)
            else:
                Rewriter.erase_op(send)
        else:
            receive = copy[t.receive]
            pop_cls = TPopFromAicOp if kind is KernelKind.VECTOR else TPopFromAivOp
            free_cls = TFreeFromAicOp if kind is KernelKind.VECTOR else TFreeFromAivOp
            pop = pop_cls.build(
                operands=[[]],
                properties=_props(t.producer),
                result_types=[receive.results[0].type],
            )
            Rewriter.replace_op(receive, pop)
            free = free_cls.build(operands=[[]], properties=_props(t.producer))
            Rewriter.insert_op(free, InsertPoint.after(_last_use(pop)))
    return leaving


def _bytes(type: Attribute) -> int:
    assert isinstance(type, TileTypeBase)
    return type.size_bytes


def _initialize(
    kind: KernelKind,
    producer: KernelKind,
    slot_size: int,
    function: func.FuncOp,
    names: dict[KernelKind, str],
) -> None:
    """The set-up of the pipe that carries `producer`'s tiles, on `kind`'s side."""
    c2v = producer is KernelKind.CUBE
    buffer_name = StringAttr(
        f"{names[KernelKind.CUBE].removesuffix('_cube')}_{'c2v' if c2v else 'v2c'}"
    )
    if producer is kind:
        peer = names[KernelKind.VECTOR if kind is KernelKind.CUBE else KernelKind.CUBE]
        buffer: Operation = ImportReservedBufferOp.build(
            properties={"name": buffer_name, "peer_func": SymbolRefAttr(peer)},
            result_types=[i32],
        )
    else:
        space = Location.VEC if kind is KernelKind.VECTOR else Location.MAT
        buffer = ReserveBufferOp.build(
            properties={
                "name": buffer_name,
                "size": IntegerAttr(slot_size * SLOTS, i32),
                "location": LocationAttr(space),
                "auto": BoolAttr.from_bool(True),
            },
            result_types=[i32],
        )
    init_cls = AicInitializePipeOp if kind is KernelKind.CUBE else AivInitializePipeOp
    address: list[SSAValue] = [buffer.results[0]]
    init = init_cls.build(
        operands=[[], [], address if c2v else [], [] if c2v else address],
        properties={
            "id": IntegerAttr(_pipe_id(producer), i32),
            "dir_mask": IntegerAttr(DIR_C2V if c2v else DIR_V2C, i8),
            "slot_size": IntegerAttr(slot_size, i32),
        },
    )
    Rewriter.insert_op([buffer, init], InsertPoint.at_start(function.body.block))


def _last_use(pop: Operation) -> Operation:
    """The op of `pop`'s block after which its tile is no longer used (refused when the
    tile leaves the block)."""
    block = pop.parent
    assert isinstance(block, Block)
    last = pop
    for use in pop.results[0].uses:
        user = use.operation
        while user.parent is not block:
            parent = user.parent_op()
            assert parent is not None
            user = parent
        if user.has_trait(IsTerminatorTrait):
            raise pass_error(NAME, "a tile popped from a pipe must be used up in its block", pop)
        if block.get_operation_index(user) > block.get_operation_index(last):
            last = user
    return last
