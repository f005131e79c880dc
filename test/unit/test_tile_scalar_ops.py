"""The tile-scalar ops' element types per target, from the manual's pages (C++ names),
checked against the verifier of each op."""

from __future__ import annotations

import pytest
from test_tile_ops import ALL_NAMES, on_target, ssa_op, vec, verify_error
from xdsl.dialects.builtin import IntegerType

from pto_dialect.dtypes import dtype_named, mlir_type
from pto_dialect.ops import tile_scalar, tile_scalar_bitwise

# (op, target) -> legal element types, from the tile-scalar-and-immediate pages (C++ names).
_CPP = {"int8_t": "i8", "uint8_t": "ui8", "int16_t": "i16", "uint16_t": "ui16", "int32_t": "i32",
        "uint32_t": "ui32", "half": "f16", "bfloat16_t": "bf16", "float": "f32", "int64_t": "i64",
        "uint64_t": "ui64"}  # fmt: skip
_64 = "int64_t uint64_t"  # pto-isa a5: 64-bit lanes as two 32-bit halves (Int64Binary)
_A5_ARITH = "uint8_t int8_t uint16_t int16_t uint32_t int32_t half float bfloat16_t " + _64
SCALAR_TABLE = {
    ("tadds", "a2a3"): "int32_t int16_t half float",
    ("tadds", "a5"): _A5_ARITH,
    ("tsubs", "a2a3"): "int32_t int16_t half float",
    # tsubs.md gives A2/A3's list for A5; pto-isa a5/TSubS.hpp takes tadds's (decisions.md)
    ("tsubs", "a5"): _A5_ARITH,
    ("tmuls", "a2a3"): "int32_t int16_t half float",
    ("tmuls", "a5"): "uint16_t int16_t uint32_t int32_t half float bfloat16_t " + _64,
    ("tdivs", "a2a3"): "int32_t int16_t half float",
    ("tdivs", "a5"): "uint8_t int8_t uint16_t int16_t uint32_t int32_t half float " + _64,
    ("tmaxs", "a2a3"): "int32_t int16_t half float",
    ("tmaxs", "a5"): _A5_ARITH,
    ("tmins", "a2a3"): "int32_t int16_t half float",
    ("tmins", "a5"): _A5_ARITH,
    ("taddsc", "a2a3"): "int32_t int16_t half float",
    ("taddsc", "a5"): "int32_t int16_t half float",
    ("tsubsc", "a2a3"): "int32_t int16_t half float",
    ("tsubsc", "a5"): "int32_t int16_t half float",
    ("tlrelu", "a2a3"): "half float",
    ("tlrelu", "a5"): "half float",
    ("texpands", "a2a3"): "uint8_t int8_t uint16_t int16_t uint32_t int32_t half bfloat16_t float",
    # a5/TExpandS.hpp: bf16 too (docs/decisions.md)
    ("texpands", "a5"): "uint8_t int8_t uint16_t int16_t uint32_t int32_t half bfloat16_t float",
    ("tands", "a2a3"): "int8_t uint8_t int16_t uint16_t",  # TEXPANDS + TAND
    ("tands", "a5"): "int8_t uint8_t int16_t uint16_t int32_t uint32_t",
    ("tors", "a2a3"): "int8_t uint8_t int16_t uint16_t",  # TEXPANDS + TOR
    ("tors", "a5"): "int8_t uint8_t int16_t uint16_t int32_t uint32_t",
    ("txors", "a2a3"): "uint8_t int8_t uint16_t int16_t uint32_t int32_t",
    ("txors", "a5"): "uint8_t int8_t uint16_t int16_t uint32_t int32_t",
    ("tshls", "a2a3"): "int32_t int16_t uint32_t uint16_t",
    ("tshls", "a5"): "int32_t int16_t int8_t uint32_t uint16_t uint8_t " + _64,
    ("tshrs", "a2a3"): "int32_t int16_t uint32_t uint16_t",
    ("tshrs", "a5"): "int32_t int16_t int8_t uint32_t uint16_t uint8_t " + _64,
    ("tfmods", "a2a3"): "float",
    ("tfmods", "a5"): "half float",
    ("trems", "a2a3"): "float int32_t",
    ("trems", "a5"): "float int32_t uint32_t half int16_t uint16_t",
    ("tpows", "a2a3"): "float int32_t uint32_t int16_t uint16_t int8_t uint8_t",  # a2a3/TPow.hpp
    ("tpows", "a5"): "float half int32_t uint32_t int16_t uint16_t int8_t uint8_t",
    ("taxpy", "a2a3"): "half float",  # TAxpy.hpp static_assert (the page has no list)
    ("taxpy", "a5"): "half float",
}
SCALAR_OPS = {c.name.removeprefix("pto."): c for c in (*tile_scalar.OPS, *tile_scalar_bitwise.OPS)}


@pytest.mark.parametrize(("op", "target"), sorted(SCALAR_TABLE))
def test_tile_scalar_dtype_tables(op: str, target: str) -> None:
    cls = SCALAR_OPS[op]
    legal = {_CPP[n] for n in SCALAR_TABLE[op, target].split()}
    for name in ALL_NAMES:
        t = vec(name, 16, 32)
        scalar = (
            IntegerType(int(name.lstrip("ui")))
            if name.startswith("ui")
            else mlir_type(dtype_named(name))
        )
        layout = [r for r in cls.LAYOUTS[0] if r != "tmp"]
        ins = [scalar if r == "scalar" else t for r in layout]
        if target == "a2a3" and cls.TMP_REQUIRED:
            ins.append(t)
        built = ssa_op(cls, ins, t)
        if name in legal:
            on_target(built, target).verify()
        else:
            message = verify_error(built, target)
            assert f"dtype {name} is not supported on target {target}" in message
