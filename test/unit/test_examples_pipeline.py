"""The README's Level-1 examples through `pto-pipeline`: same bytes, no hazard, every target.

Each example is run by the interpreter as written (SSA tile values, no addresses, no sync) and
after the whole pipeline, on its own target and retargeted to the other two; the outputs must
be the same bytes and the lowered kernel must be free of hazards. The expected results of the
examples themselves are checked against numpy formulas written from the manual.
"""

from __future__ import annotations

import gc
from typing import cast

import numpy as np
import pytest
from support import EXAMPLES, context, example_args
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.utils.exceptions import PassFailedException

from interpreters.engine.source import parse_module
from interpreters.launching.args import ArrayArg, parse_spec
from interpreters.launching.execute import RunResult, retarget, run_function
from passes.pipeline import PipelinePass
from pto_dialect.ops.tile_compare import MaskWritingTileOp, SelectTileOp
from pto_dialect.ops.tile_elementwise import ElementwiseTileOp
from pto_dialect.ops.tile_expand import ExpandBinaryTileOp, ExpandTileOp
from pto_dialect.ops.tile_reduce import ColReduceTileOp
from pto_dialect.ops.tile_row_reduce import RowReduceTileOp
from pto_dialect.ops.tile_scalar import ScalarTileOp

ARGS = {
    name: args
    for name, args in example_args().items()
    if name.endswith("_ssa") and "vector" not in name  # the matmul-on-vector ones: their own test
}
"""The Level-1 examples and their arguments (each example's `// ARGS:` line)."""
TARGETS = ("a2a3", "a5", "cpu")


def load(name: str, target: str) -> ModuleOp:
    path = EXAMPLES / f"{name}.mlir"
    module = parse_module(context(arith.Arith, scf.Scf), path.read_text(), str(path))
    retarget(module, target)
    module.verify()
    return module


def outputs(result: RunResult) -> list[np.ndarray]:
    return [a for a in result.outputs() if a is not None]


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("name", sorted(ARGS))
def test_pipeline_keeps_the_outputs_and_leaves_no_hazard(name: str, target: str) -> None:
    module = load(name, target)
    before = run_function(module, ARGS[name])
    PipelinePass().apply(context(arith.Arith, scf.Scf), module)
    module.verify()
    tile_ops = (
        ElementwiseTileOp,
        ColReduceTileOp,
        RowReduceTileOp,
        ExpandTileOp,
        ExpandBinaryTileOp,
        ScalarTileOp,
        MaskWritingTileOp,
        SelectTileOp,
    )
    assert not any(isinstance(op, tile_ops) for op in module.walk()), "a vector tile op is left"
    after = run_function(module, ARGS[name])
    assert [h.message for h in after.hazards] == []
    for got, want in zip(outputs(after), outputs(before), strict=True):
        assert np.array_equal(got.view(np.uint8), want.view(np.uint8))


def test_the_examples_compute_what_their_comments_say() -> None:
    """Independent formulas for two of them (the rest are covered by the op tests)."""
    a, b, c = outputs(run_function(load("stream_add_ssa", "a5"), ARGS["stream_add_ssa"]))
    assert np.array_equal(c, a + b)
    src, dst = outputs(run_function(load("tcolsum_ssa", "a5"), ARGS["tcolsum_ssa"]))
    want = src[0].copy()
    for row in src[1:]:  # row 0 first, one f32 rounding per add
        want = want + row
    assert np.array_equal(dst[0, :28], want[:28]) and not dst[0, 28:].any()


def test_taxpy_example_rounds_alpha_x_plus_y_once() -> None:
    """y = 2.5 * x + y: the f32 product is exact in f64, the sum one f64 rounding, so the
    f32 result is the fused one unless an f64 sum sits on an f32 tie (none in this data)."""
    x, y = (cast(ArrayArg, parse_spec(spec)).array for spec in ARGS["taxpy_ssa"][:2])
    _, out = outputs(run_function(load("taxpy_ssa", "a5"), ARGS["taxpy_ssa"]))
    wide = x.astype(np.float64) * 2.5 + y.astype(np.float64)
    assert np.array_equal(out, wide.astype(np.float32))


@pytest.mark.parametrize("enabled", [True, False])
def test_the_pipeline_restores_the_cycle_collector(enabled: bool) -> None:
    module = load("tabs_ssa", "a5")
    was = gc.isenabled()
    (gc.enable if enabled else gc.disable)()
    try:
        with pytest.raises(PassFailedException):  # the collector comes back on errors too
            PipelinePass(target="a7").apply(context(arith.Arith, scf.Scf), module)
        assert gc.isenabled() is enabled
        PipelinePass().apply(context(arith.Arith, scf.Scf), module)
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()


@pytest.mark.parametrize("target", TARGETS)
def test_masked_select_and_clamp_convert_compute_what_their_comments_say(target: str) -> None:
    """z = x > y ? x : y (NaN: y); q = int8(half(clamp(x, lo, hi))) with ties away from zero
    and saturation, on values that reach the int8 limits, NaN and infinities."""
    rng = np.random.default_rng(4)
    x = (rng.standard_normal((32, 32)) * 150).astype(np.float32)
    x[0, :6] = [np.nan, np.inf, -np.inf, 2.5, -2.5, 126.5]
    y = (rng.standard_normal((32, 32)) * 150).astype(np.float32)
    y[1, 0] = np.nan
    _, _, z = outputs(
        run_function(
            load("masked_select_ssa", target),
            [ArrayArg(x), ArrayArg(y), ArrayArg(np.zeros_like(x))],
        )
    )
    assert np.array_equal(z.view(np.uint32), np.where(x > y, x, y).view(np.uint32))
    lo = np.full((32, 32), -300.0, np.float32)
    hi = np.full((32, 32), 250.0, np.float32)
    lo[2, :] = -1.25
    args = [ArrayArg(a) for a in (x, lo, hi, np.zeros((32, 32), np.int8))]
    q = outputs(run_function(load("clamp_convert_ssa", target), args))[3]
    clamped = np.where(np.isnan(x), x, np.minimum(np.maximum(x, lo), hi))
    half = clamped.astype(np.float16).astype(np.float64)  # numpy: round to nearest even
    away = np.where(np.isnan(half), 0.0, np.copysign(np.floor(np.abs(half) + 0.5), half))
    assert np.array_equal(q, np.clip(away, -128, 127).astype(np.int8))
