"""pto-lower-tile-to-vector on the tile-scalar family, checked by translation validation on
every target (the harness of test_lower_tile_to_vector.py: random bytes in whole buffers,
partial and dynamic valid regions, the same bytes before and after, footprints recorded)."""

from __future__ import annotations

import functools
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import legal_dtypes
from test_lower_tile_to_vector import (
    CONTEXT,
    TARGETS,
    Case,
    Kernel,
    Tile,
    block,
    lanes,
    lower,
    random_array,
    validate,
)
from xdsl.dialects import arith
from xdsl.utils.exceptions import PassFailedException

from interpreters.engine.source import parse_module
from pto_dialect.dtypes import DType, dtype_named
from pto_dialect.ops import tile_scalar, tile_scalar_bitwise
from pto_dialect.targets import profile

# ---- the tile-scalar family ---------------------------------------------------------------

SCALAR_OPS = {
    op.name.removeprefix("pto."): op for op in (*tile_scalar.OPS, *tile_scalar_bitwise.OPS)
}
SCALAR_VECTOR_OP = {
    "tadds": "vadds", "tsubs": "vsubs", "tmuls": "vmuls", "tdivs": "vdiv", "tmaxs": "vmaxs",
    "tmins": "vmins", "taddsc": "vadds", "tsubsc": "vsubs", "tlrelu": "vlrelu",
    "taxpy": "vaxpy", "texpands": "vbr", "tands": "vands", "tors": "vors", "txors": "vxors",
    "tshls": "vshls", "tshrs": "vshrs",
}  # fmt: skip
"""The vector op each lowered tile-scalar op needs (its page's instruction pairing)."""
SCALAR_LOWERED = tuple(SCALAR_VECTOR_OP)
_WIDE = ("tadds", "tsubs", "tmuls", "tdivs", "tmaxs", "tmins", "tshls", "tshrs")
SCALAR_REFUSED = {
    *((op, d, t) for op in _WIDE if op != "tdivs" for d in ("i64", "ui64") for t in ("a5", "cpu")),
}  # fmt: skip
"""(op, dtype, target) the tile op supports and its vector op does not: A5's 64-bit forms
(pairs of 32-bit lanes in pto-isa, no 64-bit vector lanes) (tfmods, trems and tpows are
refused on every type: `REFUSED`)."""
SCALAR_KEPT = {
    *(("tdivs", d, "a2a3") for d in ("i16", "i32")),
    *(("tdivs", d, t) for d in ("i8", "ui8", "i16", "ui16", "i32", "ui32", "i64", "ui64")
      for t in ("a5", "cpu")),
}  # fmt: skip
"""(op, dtype, target) that stay tile ops: an integer tdivs is a scalar loop in pto-isa
(TDivs_naive), not vector code (`TDivSOp.not_lowered`)."""


def scalar_lowerable(op: str, dtype: DType, target: str) -> bool:
    legal = functools.partial(legal_dtypes, profile(target))
    if SCALAR_VECTOR_OP[op] == "vdiv" and dtype.is_int:  # A5's software vdiv: not lowered to
        return False
    return dtype in legal(op) and dtype in legal(SCALAR_VECTOR_OP[op])


def scalar_for(op: str, dtype: DType, rng: np.random.Generator) -> int | float:
    """A scalar the op's page allows (shift counts in [0, bits - 1]), specials included."""
    if op in ("tshls", "tshrs"):
        return int(rng.integers(0, dtype.bits))
    values = random_array(rng, dtype, (1, 64))[0]
    value = values[int(rng.integers(0, 64))]
    return float(value) if dtype.is_float else int(value)


def scalar_layouts(op: str) -> list[tuple[str, ...]]:
    """The op's operand orders as tiles and the scalar (without tmp)."""
    return [
        tuple("scalar" if r == "scalar" else "tile" for r in layout if r != "tmp")
        for layout in SCALAR_OPS[op].LAYOUTS
        if "tmp" not in layout
    ]


def scalar_cases(op: str, dtype: DType, seed: int = 0) -> list[Case]:
    """The elementwise shapes (flat runs with tails, partial and dynamic regions, other
    strides, in place, a tiny tile) for each operand order of the op."""
    rng = np.random.default_rng(seed)
    n, b = lanes(dtype), block(dtype)
    full = Tile(3, n + 2 * b)
    part = Tile(5, 2 * n, (4, n + b + 3))
    wide = Tile(4, 2 * n + b, (4, n + b + 3))
    in_place = SCALAR_OPS[op].IN_PLACE
    cases: list[Case] = []
    for layout in scalar_layouts(op):
        arity = layout.count("tile")

        def case(*tiles: Tile, layout: tuple[str, ...] = layout, arity: int = arity) -> Case:
            sources, dst = tiles[:arity], tiles[-1]
            scratch = op == "txors"  # A2/A3 needs it: a buffer of its own, dst's shape
            extra = (Tile(dst.rows, dst.cols, dst.valid, dst.dynamic),) if scratch else ()
            return Case(op, (*sources, dst, *extra), scratch=scratch, layout=layout,
                        scalar=scalar_for(op, dtype, rng))  # fmt: skip

        cases += [
            case(full, full, full, full),
            case(part, part, part, part),
            case(*[replace(part, dynamic=True)] * 4),
            case(wide, part, wide, Tile(4, n + 2 * b, (4, n + b + 3))),
            case(*[Tile(1, b, (1, 3))] * 4),
        ]
        if in_place and arity:
            cases.append(case(*[part] * arity, replace(part, alias=0)))
    return cases


def scalar_combinations() -> list[tuple[str, str]]:
    return [
        (op, d.name)
        for op in SCALAR_LOWERED
        for d in sorted({d for t in TARGETS for d in legal_dtypes(profile(t), op)}, key=str)
        if any(scalar_lowerable(op, d, t) for t in TARGETS)
    ]


@pytest.mark.parametrize(("op", "dtype"), scalar_combinations())
def test_scalar_outputs_unchanged(op: str, dtype: str):
    dt = dtype_named(dtype)
    targets = [t for t in TARGETS if scalar_lowerable(op, dt, t)]
    for seed in range(2):  # two scalars per shape
        validate(Kernel(dt, scalar_cases(op, dt, seed), seed), targets)


def test_taxpy_widening_and_folded_slopes():
    """taxpy of an f16 src into an f32 dst is refused (no conversion op); an f32 constant
    slope of an f16 tlrelu is rounded at compile time, the same bytes as the tile op."""
    dt = dtype_named("f16")
    n = lanes(dt)
    kernel = Kernel(dt, [Case("tlrelu", (Tile(3, n, (3, n - 5)), Tile(3, n, (3, n - 5))),
                              layout=("tile", "scalar"), scalar=0.0)])  # fmt: skip
    slope = "%slope = arith.constant 0.30000001 : f32\n"
    text = kernel.text.replace("%s0: f16", "%unused: f16").replace(
        "    %c0 = arith.constant 0 : index\n", "    %c0 = arith.constant 0 : index\n    " + slope
    )
    text = text.replace("ins(%t0_0, %s0 : ", "ins(%t0_0, %slope : ").replace(
        f"v_col={n - 5}>, f16)", f"v_col={n - 5}>, f32)"
    )
    kernel.text = text
    validate(kernel)
    module = kernel.module("a5")
    lower(module)
    constants = [op for op in module.walk() if isinstance(op, arith.ConstantOp)]
    assert any(str(c.value.type) == "f16" for c in constants)
    mixed = """
    func.func @k(%s: f16) {
      %a0 = arith.constant 0 : i64
      %a1 = arith.constant 256 : i64
      %x = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=64>
      %y = pto.alloc_tile addr = %a1 : !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=64>
      pto.taxpy ins(%x, %s : !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=64>, f16)
          outs(%y : !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=64>)
      func.return
    }
    """
    with pytest.raises(PassFailedException, match="widening needs a conversion op"):
        lower(parse_module(CONTEXT, mixed, "k.mlir"))


def test_scalar_refusals_are_diagnostics():
    """Every (op, dtype, target) the tile op supports and no exact vector code exists for is
    a one-line diagnostic naming the reason: exactly `SCALAR_REFUSED`, plus every type of the
    ops whose record says why they are not lowered; an integer tdivs stays a tile op
    (`SCALAR_KEPT`)."""
    refused: set[tuple[str, str, str]] = set()
    kept: set[tuple[str, str, str]] = set()
    for target in TARGETS:
        for op, cls in SCALAR_OPS.items():
            for dtype in legal_dtypes(profile(target), op):
                if op in SCALAR_VECTOR_OP and scalar_lowerable(op, dtype, target):
                    continue
                layout = scalar_layouts(op)[0]
                tiles = (Tile(2, lanes(dtype)),) * (layout.count("tile") + 1)
                extra = (Tile(2, lanes(dtype)),) if target == "a2a3" and cls.TMP_REQUIRED else ()
                case = Case(op, (*tiles, *extra), scratch=bool(extra), layout=layout, scalar=1)
                if op == "tdivs" and dtype.is_int:
                    module = Kernel(dtype, [case]).module(target)
                    lower(module)
                    assert any(o.name == "pto.tdivs" for o in module.walk())
                    kept.add((op, dtype.name, target))
                    continue
                with pytest.raises(PassFailedException) as info:
                    lower(Kernel(dtype, [case]).module(target))
                message = str(info.value)
                assert f"pto.{op}" in message and "\n" not in message
                if cls.REFUSED is not None:
                    assert cls.REFUSED in message
                    continue
                assert f"{dtype} on target {target}" in message
                assert f"does not support {dtype}" in message
                refused.add((op, dtype.name, target))
    assert refused == SCALAR_REFUSED
    assert kept == SCALAR_KEPT


@st.composite
def random_scalar_cases(draw: st.DrawFn) -> tuple[Kernel, str]:
    """One tile-scalar op on random shapes, valid regions (static or dynamic), strides,
    operand orders, scalars and aliasing."""
    target = draw(st.sampled_from(TARGETS))
    op = draw(st.sampled_from(SCALAR_LOWERED))
    legal = [d for d in legal_dtypes(profile(target), op) if scalar_lowerable(op, d, target)]
    dtype = draw(st.sampled_from(sorted(legal, key=str)))
    n, b = lanes(dtype), block(dtype)
    layout = draw(st.sampled_from(scalar_layouts(op)))
    rows, width = draw(st.integers(1, 5)), b * draw(st.integers(1, 2 * n // b + 2))
    vr, vc = draw(st.integers(1, rows)), draw(st.integers(1, width))
    dynamic = draw(st.booleans())
    sources: list[Tile] = []
    for _ in range(layout.count("tile")):
        src_cols = b * draw(st.integers(-(-vc // b), 2 * n // b + 2))
        src_rows = draw(st.integers(vr, rows + 1))
        sources.append(Tile(src_rows, src_cols, (vr, vc), draw(st.booleans())))
    dst = Tile(rows, width, (vr, vc), dynamic)
    if sources and SCALAR_OPS[op].IN_PLACE and draw(st.booleans()):
        sources[0] = Tile(rows, width, (vr, vc), sources[0].dynamic)
        dst = Tile(rows, width, (vr, vc), alias=0)
    scratch = op == "txors"
    extra = (Tile(rows, width, (vr, vc)),) if scratch else ()
    rng = np.random.default_rng(draw(st.integers(0, 2**16)))
    case = Case(op, (*sources, dst, *extra), scratch=scratch, layout=layout,
                scalar=scalar_for(op, dtype, rng))  # fmt: skip
    return Kernel(dtype, [case], draw(st.integers(0, 9))), target


@settings(max_examples=25, deadline=None)
@given(random_scalar_cases())
def test_random_scalar_kernels(drawn: tuple[Kernel, str]):
    kernel, target = drawn
    validate(kernel, [target])
