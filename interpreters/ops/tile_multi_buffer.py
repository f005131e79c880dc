"""Interpreter functions of multi-buffered tiles: `alloc_multi_tile` and `multi_tile_get`.

An `alloc_multi_tile` is `count` slots of its slot type: with an address, slot k is the tile
at `addr + k x slot bytes` of its location's memory; without one, fresh space of
`count x slot bytes` (zeros) holds the slots. `multi_tile_get` returns slot k as a tile
buffer; a slot outside `[0, count)` is a run-time error. Neither runs on a pipe.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import check
from interpreters.engine.impls import implements, register_functions
from interpreters.machine.core import MachineFunctions
from interpreters.machine.memory import Memory, Tile
from interpreters.ops.tile_memory import alloc_operands, optional_operands
from pto_dialect.multi_tile_types import MultiTileBufType
from pto_dialect.ops.tile_multi_buffer import AllocMultiTileOp, MultiTileGetOp


@dataclass(frozen=True)
class MultiTile:
    """The slots of one `alloc_multi_tile`: slot k is a tile at `base + k x slot bytes`."""

    memory: Memory | None
    """The memory of a planned multi tile; None: each run-time value has its own fresh space."""
    base: int
    type: MultiTileBufType
    valid: tuple[int, int]
    slots: tuple[Tile, ...]


@register_functions
class TileMultiBufferFunctions(MachineFunctions):
    @implements(AllocMultiTileOp)
    def run_alloc_multi_tile(
        self, interpreter: Interpreter, op: AllocMultiTileOp, args: PythonValues
    ) -> PythonValues:
        multi = op.multi_type
        slot = multi.slot
        address, vr, vc = alloc_operands(optional_operands(op), args, slot)
        size = slot.size_bytes
        if address is None:
            memory = self.machine.fresh(slot.location, multi.size_bytes)
            tiles = tuple(Tile(memory, k * size, slot, vr, vc) for k in range(multi.count.data))
            return (MultiTile(None, 0, multi, (vr, vc), tiles),)
        tiles = tuple(
            self.machine.tile_at(slot, address + k * size, vr, vc) for k in range(multi.count.data)
        )
        return (MultiTile(tiles[0].memory, address, multi, (vr, vc), tiles),)

    @implements(MultiTileGetOp)
    def run_multi_tile_get(
        self, interpreter: Interpreter, op: MultiTileGetOp, args: PythonValues
    ) -> PythonValues:
        multi = cast(MultiTile, args[0])
        k = int(cast(int, args[1]))
        count = len(multi.slots)
        check(0 <= k < count, f"slot {k} of a multi_tile_buf of {count} slots must lie in "
              f"[0, {count})")  # fmt: skip
        return (multi.slots[k],)
