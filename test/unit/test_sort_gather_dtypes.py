"""Element-type tables of the sort and gather tile ops, per target, as the pages list them:
each listed type verifies, each other type is rejected naming the op."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from support import build_tile_op, vec_tile_type
from xdsl.utils.exceptions import VerifyException

from pto_dialect.dtypes import ALL_DTYPES, I16, I32, U16, U32, DType, dtypes
from pto_dialect.ops.tile_gather import TGatherBOp, TGatherOp, TScatterOp
from pto_dialect.ops.tile_sort import TMrgSortOp, TSort32Op
from pto_dialect.targets import A2A3, A5, CPU, TargetProfile

_BYTES_124 = "i8 ui8 i16 ui16 i32 ui32 f16 bf16 f32"

# From the pages' constraint sections (the CPU column follows A5, seed 000).
PAGE_TABLES: dict[str, tuple[str, str]] = {
    "tsort32": ("f16 f32", "f16 f32"),  # tsort32.md: half or float
    "tmrgsort": ("f16 f32", "f16 f32"),  # tmrgsort.md: half or float
    # tgather: the A5 column adds pto-isa's a5/TGather.hpp 1-byte data (PTOAS agrees)
    "tgather": (
        "i16 ui16 f16 bf16 i32 ui32 f32",
        "i8 ui8 i16 ui16 i32 ui32 f16 f32 f8E4M3FN f8E5M2",
    ),
    "tgatherb": (_BYTES_124, _BYTES_124),  # tgatherb.md implementation checks
    "tscatter": (_BYTES_124, _BYTES_124),  # tscatter.md implementation checks
}


def build(name: str, target: TargetProfile, dtype: DType) -> None:
    cols = max(64, 256 // dtype.bytes)
    tile = vec_tile_type(dtype, 1, cols, (1, cols))
    wide = vec_tile_type(dtype, 1, 4 * cols, (1, 4 * cols))
    builders: dict[str, Callable[[], Any]] = {
        "tsort32": lambda: build_tile_op(
            target, TSort32Op, [tile, vec_tile_type(U32, 1, cols, (1, cols))],
            vec_tile_type(dtype, 1, cols * 8 // dtype.bytes, (1, cols * 8 // dtype.bytes)),
        ),
        "tmrgsort": lambda: build_tile_op(target, TMrgSortOp, [tile, tile, wide], wide),
        "tgather": lambda: build_tile_op(
            target, TGatherOp, [tile, *[vec_tile_type(I32, 1, cols, (1, cols))] * 2], tile
        ),
        "tgatherb": lambda: build_tile_op(
            target, TGatherBOp, [tile, vec_tile_type(U32, 1, 64, (1, cols * dtype.bytes // 32))],
            tile,
        ),
        "tscatter": lambda: build_tile_op(
            target, TScatterOp,
            [tile, vec_tile_type(I32 if dtype.bits == 32 else I16 if dtype.bits <= 16 else U16,
                                 1, cols, (1, cols))],
            tile,
        ),
    }  # fmt: skip
    builders[name]()


CASES = [
    (name, target, dtype)
    for name in PAGE_TABLES
    for target in (A2A3, A5, CPU)
    for dtype in ALL_DTYPES
    if dtype.bits <= 32
]


@pytest.mark.parametrize(("name", "target", "dtype"), CASES,
                         ids=[f"{n}-{t.name}-{d}" for n, t, d in CASES])  # fmt: skip
def test_page_dtype_table(name: str, target: TargetProfile, dtype: DType) -> None:
    a2a3, a5 = PAGE_TABLES[name]
    legal = dtypes(a2a3 if target is A2A3 else a5)
    if dtype in legal:
        build(name, target, dtype)
        return
    with pytest.raises(VerifyException, match=rf"pto\.{name} dtype {dtype} is not supported"):
        build(name, target, dtype)
