"""The `pto` dialect: every op and attribute of the project."""

from __future__ import annotations

from xdsl.ir import Dialect

from pto_dialect.attrs import ATTRIBUTES
from pto_dialect.ops import (
    dma,
    pointer,
    sync,
    tile_elementwise,
    tile_matrix,
    tile_memory,
    tile_move,
    tile_multi_buffer,
    tile_reduce,
    vecscope,
    vector_arith,
    vector_load,
    vector_mask,
    vector_store,
)
from pto_dialect.types import TYPES

OP_MODULES = (
    tile_memory,
    tile_multi_buffer,
    tile_move,
    tile_matrix,
    tile_reduce,
    tile_elementwise,
    vecscope,
    vector_load,
    vector_store,
    vector_arith,
    vector_mask,
    pointer,
    sync,
    dma,
)

PTO = Dialect(
    "pto",
    [op for module in OP_MODULES for op in module.OPS],
    [*TYPES, *ATTRIBUTES],
)
