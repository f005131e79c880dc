"""The pad fills on the interpreter against per-element references from the pages:
`dst[i, j] = src[i, j]` inside src's valid region, the pad value elsewhere (+-inf for
float max/min, the integer limits from Python's arithmetic, zero for a mat tile), over
dst's valid region on A2/A3 and A5 and its whole tile on the CPU simulator."""

from __future__ import annotations

import numpy as np
import pytest
from support import build_tile_op, run_tile_op
from xdsl.utils.exceptions import VerifyException

from interpreters.machine.core import Machine
from interpreters.machine.memory import Tile
from interpreters.ops.tile_fillpad import TileFillPadFunctions
from pto_dialect.attrs import BLayout, Location, PadValue, SLayout, TargetArch
from pto_dialect.dtypes import DType, dtype_named, mlir_type
from pto_dialect.ops.tile_fillpad import TFillPadExpandOp, TFillPadInplaceOp, TFillPadOp
from pto_dialect.targets import PROFILES
from pto_dialect.tile_types import TileBufType

OLD = 7  # what dst holds before the op


def buf(dtype: DType, shape: tuple[int, int], valid: tuple[int, int], pad: PadValue,
        loc: Location = Location.VEC, **layout: object) -> TileBufType:  # fmt: skip
    return TileBufType(loc, mlir_type(dtype), *shape, v_row=valid[0], v_col=valid[1],
                       pad=pad, **layout)  # type: ignore[arg-type]  # fmt: skip


def pad_value(dtype: DType, pad: PadValue) -> float:
    if pad is PadValue.ZERO:
        return 0
    sign = 1 if pad is PadValue.MAX else -1
    if dtype.is_float:
        return sign * float("inf")
    bits = dtype.bytes * 8
    signed = dtype.name.startswith("i")
    high = 2 ** (bits - 1) - 1 if signed else 2**bits - 1
    low = -(2 ** (bits - 1)) if signed else 0
    return high if sign > 0 else low


def reference(src: np.ndarray, src_valid: tuple[int, int], old: np.ndarray,
              region: tuple[int, int], pad: float) -> np.ndarray:  # fmt: skip
    out = old.copy()
    for i in range(region[0]):
        for j in range(region[1]):
            inside = i < src_valid[0] and j < src_valid[1]
            out[i, j] = src[i, j] if inside else pad
    return out


def tile(machine: Machine, type: TileBufType, values: np.ndarray) -> Tile:
    t = machine.tile_at(type, None, *type.valid_shape)
    t.set(values)
    return t


Shape = tuple[int, int]
Case = tuple[type[TFillPadOp | TFillPadExpandOp], str, Shape, Shape, Shape, Shape, PadValue]
CASES: list[Case] = [  # op, dtype, src shape/valid, dst shape/valid, pad
    (TFillPadOp, "f32", (8, 16), (5, 10), (8, 16), (6, 12), PadValue.MAX),
    (TFillPadOp, "i16", (8, 16), (8, 3), (8, 16), (8, 16), PadValue.MIN),
    (TFillPadOp, "ui8", (4, 32), (1, 31), (4, 32), (4, 32), PadValue.MAX),
    (TFillPadExpandOp, "f16", (8, 16), (8, 16), (16, 32), (12, 20), PadValue.MIN),
    (TFillPadExpandOp, "i32", (4, 8), (2, 5), (8, 16), (8, 16), PadValue.ZERO),
]


@pytest.mark.parametrize("arch", list(TargetArch), ids=lambda a: a.value)
@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0].name}-{c[1]}")
def test_fill(arch: TargetArch, case: Case) -> None:
    op_cls, name, s_shape, s_valid, d_shape, d_valid, pad = case
    dtype, target = dtype_named(name), PROFILES[arch]
    rng = np.random.default_rng(len(name) + s_valid[1])
    src_v = rng.integers(-50, 50, s_shape).astype(dtype.numpy)
    old = np.full(d_shape, OLD, dtype.numpy)
    src_t = buf(dtype, s_shape, s_valid, PadValue.NULL)
    dst_t = buf(dtype, d_shape, d_valid, pad)
    machine = Machine(target)
    src, dst = tile(machine, src_t, src_v), tile(machine, dst_t, old)
    op = build_tile_op(target, op_cls, [src_t], dst_t)
    run_tile_op(TileFillPadFunctions(machine), op, [src, dst])
    region = d_shape if arch is TargetArch.CPU else d_valid
    want = reference(src_v, s_valid, old, region, pad_value(dtype, pad))
    assert np.array_equal(dst.get(), want)


def test_inplace_and_mat_zero() -> None:
    """In place on one buffer; a mat (nZ) tile is filled with zero."""
    f16 = dtype_named("f16")
    target = PROFILES[TargetArch.A5]
    machine = Machine(target)
    t = buf(f16, (16, 16), (16, 16), PadValue.MAX)
    values = np.arange(256, dtype=np.float16).reshape(16, 16)
    same = tile(machine, t, values)
    src_t = buf(f16, (16, 16), (9, 4), PadValue.MAX)
    src = Tile(same.memory, same.address, src_t, 9, 4)
    op = build_tile_op(target, TFillPadInplaceOp, [src_t], t)
    run_tile_op(TileFillPadFunctions(machine), op, [src, same])
    assert np.array_equal(same.get(), reference(values, (9, 4), values, (16, 16), float("inf")))
    nz = {"blayout": BLayout.COL_MAJOR, "slayout": SLayout.ROW_MAJOR}
    m = buf(f16, (16, 16), (16, 16), PadValue.NULL, Location.MAT, **nz)
    msrc_t = buf(f16, (16, 16), (3, 16), PadValue.NULL, Location.MAT, **nz)
    mat = tile(machine, m, values)
    msrc = Tile(mat.memory, mat.address, msrc_t, 3, 16)
    op = build_tile_op(target, TFillPadOp, [msrc_t], m)
    run_tile_op(TileFillPadFunctions(machine), op, [msrc, mat])
    assert np.array_equal(mat.get(), reference(values, (3, 16), values, (16, 16), 0))


def test_a5_eight_bit_floats_pad_with_byte_zero() -> None:
    """A5's TFillPad checks sizes only, and its pad value of the 8-bit floats is the byte 0
    whatever the pad (common/constants.hpp `PadValueMap`, A5 only); A2/A3 refuse them."""
    f8 = dtype_named("f8E5M2")
    target = PROFILES[TargetArch.A5]
    machine = Machine(target)
    src_t = buf(f8, (2, 32), (2, 5), PadValue.NULL)
    dst_t = buf(f8, (2, 32), (2, 32), PadValue.MAX)
    codes = np.arange(64, dtype=np.uint8).reshape(2, 32) + 1
    src, dst = (
        tile(machine, src_t, codes.view(f8.numpy)),
        tile(machine, dst_t, codes.view(f8.numpy)),
    )
    run_tile_op(TileFillPadFunctions(machine), build_tile_op(target, TFillPadOp, [src_t], dst_t),
                [src, dst])  # fmt: skip
    want = np.zeros((2, 32), np.uint8)
    want[:, :5] = codes[:, :5]
    assert np.array_equal(dst.get().view(np.uint8), want)
    with pytest.raises(VerifyException, match="dtype f8E5M2 is not supported on target a2a3"):
        build_tile_op(PROFILES[TargetArch.A2A3], TFillPadOp, [src_t], dst_t)
