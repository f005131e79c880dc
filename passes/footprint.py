"""What a DPS tile op touches: the byte ranges of its tile buffers and GM windows.

This is the static counterpart of what the interpreter records for the pipe model
(docs/machine.md, "Hazards"); both read the op's record (`operand_effects`): a tile op
accesses its whole tile buffers and, for `tload`/`tstore`, the span of its GM window.
Where a range is not known statically (a dynamic partition offset, an unplanned buffer),
it widens conservatively: a larger range can only make the sync pass order more, never
less.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import inf, prod

from xdsl.dialects import func, memref
from xdsl.ir import BlockArgument, SSAValue

from pto_dialect.memory_types import SPACE_OF_LOCATION, PartitionTensorViewType, PtrType
from pto_dialect.ops.base import TileOp
from pto_dialect.ops.cross_core_pipe import PopOp
from pto_dialect.ops.lowered_pipe import DeclareTileOp
from pto_dialect.ops.pointer import AddPtrOp, CastPtrOp
from pto_dialect.ops.scalar_memory import LdDevOp, LoadScalarOp, ScalarAccessOp
from pto_dialect.ops.tile_buf_meta import TileBufAddrOp, TileElementOp
from pto_dialect.ops.tile_memory import (
    AllocTileOp,
    MakeTensorViewOp,
    PartitionViewOp,
    constant_index,
    is_gm_memref,
)
from pto_dialect.ops.tile_multi_buffer import AllocMultiTileOp, MultiTileGetOp
from pto_dialect.ops.tile_view import ReinterpretOp, WindowViewOp
from pto_dialect.records import Effect
from pto_dialect.tile_types import TileBufType, TileTypeBase

MemoryKey = object
"""Identifies one memory: an on-chip space (planned buffers share it), an unplanned
alloc_tile (fresh space of its own), or the SSA value a GM pointer is rooted at."""


@dataclass(frozen=True)
class Access:
    """Bytes [start, end) of `memory` that an op reads or writes (`end` may be inf)."""

    memory: MemoryKey
    start: float
    end: float
    write: bool

    def conflicts(self, other: Access) -> bool:
        return (
            (self.write or other.write)
            and self.memory == other.memory
            and self.start < other.end
            and other.start < self.end
        )


class FootprintError(Exception):
    """A value whose memory the analysis cannot name."""


def tile_access(value: SSAValue, write: bool) -> Access:
    """The whole tile buffer `value`, which must be an alloc_tile result (or an argument)."""
    owner = value.owner
    if isinstance(owner, AllocTileOp):
        tile = owner.tile_type
        address = owner.address
        if address is None:
            return Access(owner, 0, tile.size_bytes, write)
        return Access(SPACE_OF_LOCATION[tile.location], address, address + tile.size_bytes, write)
    if isinstance(owner, MultiTileGetOp) and isinstance(owner.source.owner, AllocMultiTileOp):
        return _slot_access(owner, owner.source.owner, write)
    if isinstance(owner, PopOp | DeclareTileOp) and isinstance(value.type, TileTypeBase):
        return Access(owner, 0, value.type.size_bytes, write)  # a pipe slot: space of its own
    if isinstance(owner, WindowViewOp):
        return tile_access(owner.source, write)  # a window of its source: all of it
    if isinstance(owner, ReinterpretOp):
        return tile_access(owner.src, write)  # the same bytes (treshape, talias)
    if (
        isinstance(value, BlockArgument)
        and isinstance(value.type, TileBufType)
        and isinstance(value.block.parent_op(), func.FuncOp)
    ):
        return Access(value, 0, value.type.size_bytes, write)  # a function argument
    name = f"%{value.name_hint} " if value.name_hint else ""
    raise FootprintError(
        f"tile buffer {name}is not a pto.alloc_tile result, a pto.multi_tile_get of a "
        "pto.alloc_multi_tile or an argument of the function"
    )


def _slot_access(get: MultiTileGetOp, multi: AllocMultiTileOp, write: bool) -> Access:
    """Slot k of a multi tile: `[base + k x slot, base + (k + 1) x slot)`; every slot when k is
    not a constant (conservative). An unplanned multi tile is a memory of its own."""
    slot = multi.multi_type.slot_bytes
    k = get.slot_index
    start, end = (0, multi.multi_type.size_bytes) if k is None else (k * slot, (k + 1) * slot)
    address = multi.address
    if address is None:
        return Access(multi, start, end, write)
    space = SPACE_OF_LOCATION[multi.multi_type.slot.location]
    return Access(space, address + start, address + end, write)


def _gm_root(ptr: SSAValue) -> tuple[SSAValue, float]:
    """The value a GM pointer is rooted at and the byte offset from it (inf if unknown)."""
    offset: float = 0
    while True:
        owner = ptr.owner
        if isinstance(owner, AddPtrOp):
            count = constant_index(owner.offset)
            ptr_type = owner.result.type
            assert isinstance(ptr_type, PtrType)
            size = ptr_type.element.bytes if ptr_type.element is not None else None
            offset = inf if count is None or size is None else offset + count * size
            ptr = owner.ptr
        elif isinstance(owner, CastPtrOp) and isinstance(owner.input.type, PtrType):
            ptr = owner.input
        else:
            return ptr, offset


def view_access(value: SSAValue, write: bool) -> Access:
    """The GM bytes a tload/tstore window `value` (a partition view) may touch; a function
    argument (a view or a GM memref parameter) is a buffer of its own, touched anywhere, and
    so is a `memref.reinterpret_cast` of one."""
    if isinstance(value, BlockArgument):
        return Access(value, 0, inf, write)
    part = value.owner
    if isinstance(part, memref.ReinterpretCastOp):
        return view_access(part.source, write)  # its source's buffer, anywhere (conservative)
    if not isinstance(part, PartitionViewOp) or not isinstance(part.source.owner, MakeTensorViewOp):
        raise FootprintError("GM view is not a pto.partition_view of a pto.make_tensor_view")
    view = part.source.owner
    root, base = _gm_root(view.ptr)
    view_type = part.result.type
    assert isinstance(view_type, PartitionTensorViewType)
    esize = view_type.element.bytes
    offsets = [constant_index(v) for v in part.offsets]
    sizes = [constant_index(v) for v in part.sizes]
    strides = [constant_index(v) for v in view.strides]
    known = [*offsets, *sizes, *strides]
    if base == inf or any(v is None for v in known) or any(s < 0 for s in strides if s):
        return Access(root, 0, inf, write)
    offs = [o for o in offsets if o is not None]
    dims = [s for s in sizes if s is not None]
    steps = [s for s in strides if s is not None]
    if prod(dims) == 0:
        return Access(root, 0, 0, write)
    start = base + esize * sum(o * s for o, s in zip(offs, steps, strict=True))
    span = sum((d - 1) * s for d, s in zip(dims, steps, strict=True)) + 1
    return Access(root, start, start + span * esize, write)


def tsync_access(value: SSAValue) -> Access:
    """The bytes a `pto.tsync` operand names: a tile buffer's or a GM window's (read)."""
    if isinstance(value.type, PartitionTensorViewType):
        return view_access(value, False)
    return tile_access(value, False)


def scalar_access(op: ScalarAccessOp) -> Access:
    """The element a `load_scalar`/`store_scalar` (`ld_dev`/`st_dev`) touches: in GM from the
    pointer's root, in an on-chip memory from a `castptr` of a constant address or a
    `tile_buf_addr`; all of the pointer's memory where the offset is not a constant."""
    ptr, offset = op.operands[0], op.operands[1]
    write = not isinstance(op, LoadScalarOp | LdDevOp)
    ptr_type = ptr.type
    assert isinstance(ptr_type, PtrType)
    esize = ptr_type.element.bytes if ptr_type.element is not None else 1
    index = constant_index(offset)
    root, base = _gm_root(ptr)
    owner = root.owner
    memory: MemoryKey = root
    if isinstance(owner, CastPtrOp) and (address := constant_index(owner.input)) is not None:
        memory, base = ptr_type.memory, base + address
    elif isinstance(owner, TileBufAddrOp):
        whole = tile_access(owner.src, write)
        memory, base = whole.memory, base + whole.start
    if index is None or base == inf:
        return Access(memory, 0, inf, write)
    start = base + index * esize
    return Access(memory, start, start + esize, write)


def footprint(op: TileOp | TileElementOp | ScalarAccessOp) -> list[Access]:
    """Every access of a DPS tile op, from its record's effects (`operand_effects`): a
    scratch operand is read and written, an unused one not touched; the element of a scalar
    load or store (`scalar_access`)."""
    if isinstance(op, ScalarAccessOp):
        return [scalar_access(op)]
    accesses: list[Access] = []
    for value, effect in zip(op.operands, op.operand_effects(), strict=True):
        if effect is Effect.NONE:
            continue
        if isinstance(value.type, TileBufType):
            accesses.append(tile_access(value, effect.writes))
        elif isinstance(value.type, PartitionTensorViewType) or is_gm_memref(value.type):
            accesses.append(view_access(value, effect.writes))
    return accesses
