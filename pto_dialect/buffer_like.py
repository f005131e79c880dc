"""Memref buffers that stand for pointers (PTOAS's `PTO_BufferLikeType` of mid 2026).

vpto-dev's PTOAS (2026-06) and the newest snapshot's cube lit kernels pass a
`memref<?xT, #pto.address_space<mat>>` (any location, or `gm`) where the raw cube ops take a
`!pto.ptr<T, l1>`: the buffer is the pointer to its first element in that memory
(docs/decisions.md "memref buffers as cube pointers").
"""

from __future__ import annotations

from typing import cast

from xdsl.dialects.builtin import MemRefType
from xdsl.ir import Attribute

from pto_dialect.attrs import Location, LocationAttr
from pto_dialect.memory_types import SPACE_OF_LOCATION, MemorySpace, PtrType


def buffer_pointer(t: Attribute) -> PtrType | None:
    """`t` as a pointer type: a `!pto.ptr` itself, a memref in a location or GM the pointer of
    its element type into that memory; None for anything else."""
    if isinstance(t, PtrType):
        return t
    if not isinstance(t, MemRefType):
        return None
    memref = cast(MemRefType[Attribute], t)
    space = memref.memory_space
    if not isinstance(space, LocationAttr):
        return None
    memory = MemorySpace.GM if space.data is Location.GM else SPACE_OF_LOCATION[space.data]
    return PtrType(memref.element_type, memory)
