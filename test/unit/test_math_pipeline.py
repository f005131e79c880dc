"""Elementwise math ops through `pto-pipeline` on every target: the same bytes before the
pipeline and after each of its passes (`check_chain` of the pipeline's translation
validation), on a fixed Level-1 chain that uses every lowered math op."""

from __future__ import annotations

import pytest
from kernelgen import Chain
from test_pipeline_validation import check_chain

CHAIN_OPS = (
    ("texp", (0,)),
    ("taddc", (0, 1, 2)),
    ("trelu", (3,)),
    ("tsqrt", (4,)),
    ("trecip", (5,)),
    ("tsubc", (6, 0, 1)),
    ("trsqrt", (7,)),
    ("tlog", (8,)),
)


@pytest.mark.parametrize("target", ["a2a3", "a5", "cpu"])
@pytest.mark.parametrize("dtype", ["f32", "f16"])
def test_math_chain_keeps_its_bytes_through_the_pipeline(target: str, dtype: str) -> None:
    chain = Chain(
        dtype=dtype,
        rows=2,
        cols=64,
        valid=(2, 37),
        dynamic=True,
        tiles=2,
        loads=2,
        ops=CHAIN_OPS,
        reduction="tcolsum",
        accumulate=True,
    )
    check_chain(chain, target)


@pytest.mark.parametrize("target", ["a2a3", "a5", "cpu"])
def test_integer_relu_and_ternaries_keep_their_bytes(target: str) -> None:
    ops = (("taddc", (0, 1, 0)), ("trelu", (2,)), ("tsubc", (3, 1, 2)))
    chain = Chain("i32", 4, 16, (3, 11), False, 2, 2, ops, "tcolmax", False)
    check_chain(chain, target)
