"""The tile-scalar ops' element types per target, from the manual's pages (C++ names),
checked against the verifier of each op."""

from __future__ import annotations

import pytest
from test_tile_ops import ALL_NAMES, on_target, ssa_op, vec, verify_error
from xdsl.dialects.builtin import IntegerType

from pto_dialect.dtypes import dtype_named, mlir_type
from pto_dialect.ops import tile_scalar

# (op, target) -> legal element types, from the tile-scalar-and-immediate pages (C++ names).
_CPP = {"int8_t": "i8", "uint8_t": "ui8", "int16_t": "i16", "uint16_t": "ui16", "int32_t": "i32",
        "uint32_t": "ui32", "half": "f16", "bfloat16_t": "bf16", "float": "f32"}  # fmt: skip
SCALAR_TABLE = {
    ("tadds", "a2a3"): "int32_t int16_t half float",
    ("tadds", "a5"): "uint8_t int8_t uint16_t int16_t uint32_t int32_t half float bfloat16_t",
    ("tsubs", "a2a3"): "int32_t int16_t half float",
    ("tsubs", "a5"): "int32_t int16_t half float",
    ("tmuls", "a2a3"): "int32_t int16_t half float",
    ("tmuls", "a5"): "uint16_t int16_t uint32_t int32_t half float bfloat16_t",
    ("tdivs", "a2a3"): "int32_t int16_t half float",
    ("tdivs", "a5"): "uint8_t int8_t uint16_t int16_t uint32_t int32_t half float",
    ("tmaxs", "a2a3"): "int32_t int16_t half float",
    ("tmaxs", "a5"): "int32_t uint32_t float int16_t uint16_t half bfloat16_t uint8_t int8_t",
    ("tmins", "a2a3"): "int32_t int16_t half float",
    ("tmins", "a5"): "uint8_t int8_t uint16_t int16_t uint32_t int32_t half float bfloat16_t",
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
    ("tshls", "a5"): "int32_t int16_t int8_t uint32_t uint16_t uint8_t",
    ("tshrs", "a2a3"): "int32_t int16_t uint32_t uint16_t",
    ("tshrs", "a5"): "int32_t int16_t int8_t uint32_t uint16_t uint8_t",
    ("tfmods", "a2a3"): "float",
    ("tfmods", "a5"): "half float",
    ("trems", "a2a3"): "float int32_t",
    ("trems", "a5"): "float int32_t uint32_t half int16_t uint16_t",
    ("tpows", "a2a3"): "float int32_t uint32_t int16_t uint16_t int8_t uint8_t",  # a2a3/TPow.hpp
    ("tpows", "a5"): "float half int32_t uint32_t int16_t uint16_t int8_t uint8_t",
    ("taxpy", "a2a3"): "half float",  # TAxpy.hpp static_assert (the page has no list)
    ("taxpy", "a5"): "half float",
}
SCALAR_OPS = {c.name.removeprefix("pto."): c for c in tile_scalar.OPS}


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
