"""The records of the elementwise math tile ops (tile_math.py): both forms, and the element
types per target as the manual's pages and pto-isa's implementation checks list them."""

from __future__ import annotations

import pytest
from test_tile_ops import ALL_NAMES, dps_op, on_target, ssa_op, vec, verify_error

from pto_dialect.attrs import Pipe
from pto_dialect.ops import tile_math
from pto_dialect.ops.base import TileOp
from pto_dialect.tile_types import TileTypeBase

OPS = {c.name.removeprefix("pto."): c for c in tile_math.OPS}

# (op, target) -> legal element types; the CPU simulator follows A5 (seed 000).
TABLE = {
    **{(op, t): "f32 f16" for op in ("texp", "tlog", "tsqrt", "trsqrt", "trecip")
       for t in ("a2a3", "a5")},  # the pages: `float` or `half`
    ("trelu", "a2a3"): "f16 f32 i32",  # trelu.md: half, float, int32_t
    ("trelu", "a5"): "f16 f32 i32",
    ("tprelu", "a2a3"): "f16 f32",  # tprelu.md: half, float
    ("tprelu", "a5"): "f16 f32",
    ("tpow", "a2a3"): "i32 i16 i8 ui32 ui16 ui8 f32",  # npu/a2a3/TPow.hpp
    ("tpow", "a5"): "f32 f16 i32 ui32 i16 ui16 i8 ui8",  # tpow.md: DEFAULT algorithm
    ("tfmod", "a2a3"): "f32",  # npu/a2a3/TFmod.hpp: float only
    ("tfmod", "a5"): "f16 f32 ui16 i16 ui32 i32",  # npu/a5/TFMod.hpp
    ("trem", "a2a3"): "f32 i32",  # trem.md
    ("trem", "a5"): "f32 i32 ui32 f16 i16 ui16",
    ("taddc", "a2a3"): "f32 f16 bf16 i32 i16",  # no list: tadd.md's, without fp8
    ("taddc", "a5"): "f32 f16 bf16 i32 i16 i8 ui8",
    ("tsubc", "a2a3"): "f32 f16 i32 i16",  # no list: both tsub.md and tadd.md
    ("tsubc", "a5"): "f32 f16 i32 i16 i8 ui8",
}  # fmt: skip
TABLE.update({(op, "cpu"): TABLE[op, "a5"] for op, _ in list(TABLE)})


def sources(cls: type[TileOp], t: TileTypeBase, count: int | None = None) -> list[TileTypeBase]:
    """`cls`'s sources of type `t`; a tmp that must be an 8-bit mask (tprelu) is one."""
    count = cls.NUM_INS if count is None else count
    ins = [t] * count
    if cls is tile_math.TPreluOp:
        ins[-1] = vec("ui8", 17, 32)
    return ins


@pytest.mark.parametrize("cls", tile_math.OPS, ids=lambda c: c.name)
def test_both_forms(cls: type[TileOp]) -> None:
    t = vec("f32" if "f32" in TABLE[cls.name.removeprefix("pto."), "a5"] else "i32", 16, 32)
    ssa = ssa_op(cls, sources(cls, t), t)
    dps = dps_op(cls, sources(cls, t), t)
    for op in (ssa, dps):
        on_target(op, "a2a3" if cls is not tile_math.TPreluOp else "a5").verify()
        assert op.pipe() is Pipe.V
    assert not ssa.is_dps and dps.is_dps


@pytest.mark.parametrize(("op", "target"), sorted(TABLE))
def test_dtype_tables(op: str, target: str) -> None:
    cls = OPS[op]
    legal = set(TABLE[op, target].split())
    for name in ALL_NAMES:
        t = vec(name, 16, 32)
        built = ssa_op(cls, sources(cls, t), t)
        if name in legal:
            on_target(built, target).verify()
        else:
            message = verify_error(built, target)
            assert f"dtype {name} is not supported on target {target}" in message


def test_trsqrt_tmp_is_optional() -> None:
    t = vec("f16", 16, 32)
    for count in (1, 2):
        on_target(dps_op(tile_math.TRsqrtOp, [t] * count, t), "a2a3").verify()
    assert dps_op(tile_math.TRsqrtOp, [t, t], t).scratch_sources() == frozenset({1})


def test_lowering_records() -> None:
    """What each op lowers to, or that it is refused (the pass tests check the refusals)."""
    assert tile_math.TAddCOp.lowers_to() and tile_math.TSubCOp.vector_chain()[0].name == "pto.vsub"
    for cls in (tile_math.TPowOp, tile_math.TFModOp, tile_math.TRemOp):
        assert cls.lowers_to() == () and cls.REFUSED
