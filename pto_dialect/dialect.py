"""The `pto` dialect: every op and attribute of the project."""

from __future__ import annotations

from xdsl.ir import Dialect

from pto_dialect.attrs import ATTRIBUTES
from pto_dialect.multi_tile_types import TYPES as MULTI_TILE_TYPES
from pto_dialect.ops import (
    dma,
    pointer,
    sync,
    tile_compare,
    tile_convert,
    tile_elementwise,
    tile_generate,
    tile_expand,
    tile_math,
    tile_matrix,
    tile_memory,
    tile_move,
    tile_multi_buffer,
    tile_partial,
    tile_quant,
    tile_reduce,
    tile_row_reduce,
    tile_scalar,
    vecscope,
    vector_arith,
    vector_compare,
    vector_convert,
    vector_index,
    vector_load,
    vector_mask,
    vector_math,
    vector_predicate,
    vector_predicate_memory,
    vector_rearrange,
    vector_reduce,
    vector_scalar,
    vector_store,
)
from pto_dialect.types import TYPES

OP_MODULES = (
    tile_memory,
    tile_multi_buffer,
    tile_move,
    tile_matrix,
    tile_reduce,
    tile_row_reduce,
    tile_elementwise,
    tile_scalar,
    tile_math,
    vecscope,
    vector_load,
    vector_store,
    vector_arith,
    vector_mask,
    vector_scalar,
    vector_math,
    pointer,
    sync,
    dma,
    tile_convert,
    tile_compare,
    vector_convert,
    vector_compare,
    vector_rearrange,
    vector_predicate,
    vector_predicate_memory,
    vector_reduce,
    tile_generate,
    vector_index,
    tile_partial,
    tile_quant,
    tile_expand,
)

PTO = Dialect(
    "pto",
    [op for module in OP_MODULES for op in module.OPS],
    [*TYPES, *MULTI_TILE_TYPES, *ATTRIBUTES, *tile_scalar.ATTRIBUTES, *tile_quant.ATTRIBUTES],
)
