"""pto-lower-matmul-to-vector checked by translation validation on every target.

The kernels (test_lower_tile_to_vector's harness: random bytes with NaN payloads, infinities
and signed zeros in whole buffers, tile op between tload and tstore of every buffer) run
before and after the pass; the output bytes must be identical and the vector code must read
only the op's buffers and write only dst's valid region. The register-tile choice is
checked against seed 003's computational-intensity figures.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import example_args
from test_lower_tile_to_vector import (
    CONTEXT,
    TARGETS,
    Case,
    Kernel,
    Tile,
    check_lowered_run,
)
from xdsl.dialects.builtin import ModuleOp, StringAttr
from xdsl.passes import PassPipeline
from xdsl.utils.exceptions import PassFailedException

from interpreters.engine.source import parse_module
from interpreters.launching.execute import RunResult, retarget, run_function
from interpreters.machine.pipes import UntrackedPipes
from interpreters.machine.report import Report
from passes.lower_matmul_to_vector.lower import TILE_ATTR, LowerMatmulToVectorPass
from passes.lower_matmul_to_vector.tiling import (
    VECTOR_REGISTERS,
    RegisterTile,
    choose_tile,
    computational_intensity,
)
from passes.pipeline import PipelinePass
from pto_dialect.attrs import Pipe, TargetArch
from pto_dialect.dtypes import BF16, F8E4M3, F16, F32, I8, I32, DType
from pto_dialect.ops.tile_matrix import MatmulTileOp
from pto_dialect.ops.vecscope import VecScopeOp
from pto_dialect.ops.vector_convert import VCvtOp
from pto_dialect.ops.vector_load import VldsOp, VsldbOp
from pto_dialect.ops.vector_rearrange import VIntlvV2Op, VSunpackOp

VL = 64
"""f32 lanes of a 256-byte register."""


def lower(kernel: Kernel, target: str) -> ModuleOp:
    module = kernel.module(target)
    PassPipeline((LowerMatmulToVectorPass(),)).apply(CONTEXT, module)
    module.verify()
    return module


def validate(kernel: Kernel, targets: Sequence[str] = TARGETS) -> None:
    for target in targets:
        module = kernel.module(target)
        want = run_function(module, kernel.args(), pipes=UntrackedPipes()).outputs()
        module = lower(kernel, target)
        assert not [op for op in module.walk() if isinstance(op, MatmulTileOp)]
        check_lowered_run(target, kernel, module, want)


def matmul_case(
    op: str,
    m: int,
    k: int,
    n: int,
    pad: tuple[int, int, int] = (0, 0, 0),
    in_place: bool = True,
    source: DType | None = None,
) -> Case:
    """`op` on an m x k A and a k x n B of element type `source` (default: the
    accumulator's), buffers larger than the valid regions by `pad` rows/columns (columns
    rounded up to the 32-byte row granularity of the narrowest element type)."""
    pm, pk, pn = pad
    rows = (1 if op.startswith("tgemv") else m) + pm
    unit = 32 // (source or F32).bytes  # the static shape rules
    depth, width = -(-(k + pk) // unit) * unit, -(-(n + pn) // unit) * unit
    a = Tile(rows, depth, (m, k), dtype=source)
    b = Tile(depth, width, (k, n), dtype=source)
    c = Tile(rows, width, (m, n))
    if op.endswith(".acc"):
        return Case(op, (c, a, b, Tile(c.rows, c.cols, c.valid, alias=0 if in_place else None)))
    if op.endswith(".bias"):
        return Case(op, (a, b, Tile(1, width, (1, n)), c))
    return Case(op, (a, b, c))


OPS = ("tmatmul", "tmatmul.acc", "tmatmul.bias", "tgemv", "tgemv.acc", "tgemv.bias")


@pytest.mark.parametrize("op", OPS)
def test_fixed_shapes(op: str) -> None:
    """A tail in n (70 = 64 + 6), an m beyond one register tile (33 rows), a k of 1."""
    m = 1 if op.startswith("tgemv") else 33
    cases = [
        matmul_case(op, m, 5, 70, (1, 3, 2)),
        matmul_case(op, 1 if m == 1 else 2, 1, 8),
        matmul_case(op, 1 if m == 1 else 3, 4, 9, in_place=False),  # .acc: acc_in apart
    ]
    validate(Kernel(F32, cases, seed=len(op)))


@settings(max_examples=12, deadline=None)
@given(
    op=st.sampled_from(OPS),
    m=st.integers(1, 40),
    k=st.integers(1, 12),
    n=st.integers(1, 140),
    pad=st.tuples(st.integers(0, 2), st.integers(0, 9), st.integers(0, 9)),
    seed=st.integers(0, 2**16),
    target=st.sampled_from(TARGETS),
)
def test_generated_shapes(
    op: str, m: int, k: int, n: int, pad: tuple[int, int, int], seed: int, target: str
) -> None:
    m = 1 if op.startswith("tgemv") else m
    validate(Kernel(F32, [matmul_case(op, m, k, n, pad)], seed=seed), (target,))


WIDENINGS = {F16: F32, BF16: F32, I8: I32}
"""Input element type -> accumulator of the widening lowerings."""


@pytest.mark.parametrize("source", list(WIDENINGS), ids=str)
@pytest.mark.parametrize("op", OPS)
def test_widening_fixed_shapes(op: str, source: DType) -> None:
    """f16/bf16 -> f32 and i8 -> i32 on every target: n's tail (70), m beyond one tile, and
    k filling B's rows, so that the last rows' full loads would leave the buffer (block
    loads instead: checked below)."""
    m = 1 if op.startswith("tgemv") else 31
    k = 32 // source.bytes
    cases = [
        matmul_case(op, m, k, 70, (1, 0, 0), source=source),
        matmul_case(op, 1 if m == 1 else 2, 1, 8, (0, 3, 2), source=source),
        matmul_case(op, 1 if m == 1 else 3, 4, 130, in_place=False, source=source),
    ]
    kernel = Kernel(WIDENINGS[source], cases, seed=len(op) + source.bits)
    validate(kernel)
    loads = {type(o) for o in lower(kernel, "a5").walk()}
    assert {VldsOp, VsldbOp, VCvtOp} <= loads
    assert (VIntlvV2Op if source.is_float else VSunpackOp) in loads


@settings(max_examples=12, deadline=None)
@given(
    op=st.sampled_from(OPS),
    source=st.sampled_from(list(WIDENINGS)),
    m=st.integers(1, 40),
    k=st.integers(1, 12),
    n=st.integers(1, 140),
    pad=st.tuples(st.integers(0, 2), st.integers(0, 33), st.integers(0, 33)),
    seed=st.integers(0, 2**16),
    target=st.sampled_from(TARGETS),
)
def test_widening_generated_shapes(
    op: str,
    source: DType,
    m: int,
    k: int,
    n: int,
    pad: tuple[int, int, int],
    seed: int,
    target: str,
) -> None:
    m = 1 if op.startswith("tgemv") else m
    case = matmul_case(op, m, k, n, pad, source=source)
    validate(Kernel(WIDENINGS[source], [case], seed=seed), (target,))


def test_widening_values_against_numpy() -> None:
    """Independent of the tile semantics: f16/bf16 products summed in f32 in k order (fused) and
    int8 products summed with int32 wrap-around, from the lowered code alone."""
    for source, acc in WIDENINGS.items():
        kernel = Kernel(acc, [matmul_case("tmatmul", 3, 7, 70, source=source)], seed=7)
        module = lower(kernel, "a5")
        args = kernel.args()
        outputs = run_function(module, args, pipes=UntrackedPipes()).outputs()
        a, b, c = (np.asarray(x) for x in outputs)
        lhs, rhs = a[:3, :7].astype(acc.numpy), b[:7, :70].astype(acc.numpy)
        if source.is_float:  # NaNs compare equal whatever their payload
            with np.errstate(all="ignore"):
                want = _in_k_order(lhs, rhs)
            assert np.array_equal(c[:3, :70], want, equal_nan=True)
        else:
            want = (lhs.astype(np.int64) @ rhs.astype(np.int64)).astype(np.int32)  # mod 2**32
            assert np.array_equal(c[:3, :70], want)


def test_widening_register_tile_counts_the_conversion_register() -> None:
    """A widening lowering budgets one register more: R + 1 + 2 <= 32 gives R = 29."""
    module = lower(Kernel(F32, [matmul_case("tmatmul", 40, 3, 64, source=F16)]), "a5")
    (scope,) = [op for op in module.walk() if isinstance(op, VecScopeOp)]
    assert "R=29, G=1, VL=64, 32 vregs" in str(scope.attributes[TILE_ATTR])


def test_fp8_is_refused_with_a_diagnostic() -> None:
    """A5's fp8 inputs: pto.vcvt has no fp8 -> f32 form, so the pass refuses."""
    kernel = Kernel(F32, [matmul_case("tmatmul", 2, 3, 8, source=F8E4M3)])
    with pytest.raises(PassFailedException, match=r"\(f32, f8E4M3FN, f8E4M3FN\) needs a widen"):
        lower(kernel, "a5")


def test_vector_unit_form_runs_on_the_vector_pipe() -> None:
    """The vector-unit form verifies on every target and is a PIPE_V op."""
    for target in TARGETS:
        module = Kernel(F32, [matmul_case("tmatmul.bias", 2, 3, 8)]).module(target)
        module.verify()
        ops = [op for op in module.walk() if isinstance(op, MatmulTileOp)]
        assert len(ops) == 1 and ops[0].on_vector_unit() and ops[0].pipe() is Pipe.V


# ---- register tile ------------------------------------------------------------------------


@pytest.mark.parametrize(("lanes", "seed_ci"), [(16, 8.0), (32, 10.7), (64, 12.8)])
def test_ci_matches_seed(lanes: int, seed_ci: float) -> None:
    """Seed 003: a 16 x VL tile has CI 8, 10.7 and 12.8 for VL = 16, 32, 64."""
    assert round(computational_intensity(16, lanes), 1) == seed_ci
    assert round(RegisterTile(16, 1, lanes).intensity, 1) == seed_ci


@pytest.mark.parametrize("arch", list(TargetArch))
def test_tile_fits_and_is_best(arch: TargetArch) -> None:
    """The chosen tile fits the budget and no fitting tile has a larger CI (brute force)."""
    budget = VECTOR_REGISTERS[arch]
    for m, n in ((1, 256), (16, 64), (256, 256), (5, 300)):
        tile = choose_tile(arch, VL, m, n)
        assert tile.rows * tile.groups + tile.groups + 1 <= budget
        assert tile.rows <= m
        best = max(
            r * g * VL / (r + g * VL)
            for g in range(1, -(-n // VL) + 1)
            for r in range(1, m + 1)
            if r * g + g + 1 <= budget
        )
        assert tile.intensity == best


def test_tile_reported_on_vecscope() -> None:
    module = lower(Kernel(F32, [matmul_case("tmatmul", 40, 3, 64)]), "a5")
    scopes = [op for op in module.walk() if isinstance(op, VecScopeOp)]
    assert len(scopes) == 1
    report = scopes[0].attributes[TILE_ATTR]
    # 32 registers, one column group: R + 1 + 1 <= 32 -> R = 30, CI = 30*64/94
    assert "R=30, G=1, VL=64" in str(report) and "CI=20.43" in str(report)


# ---- the examples -------------------------------------------------------------------------

EXAMPLES = Path(__file__).parents[2] / "examples"
EXAMPLE_ARGS = {n: a for n, a in example_args().items() if "vector" in n}


def _example(name: str, target: str) -> ModuleOp:
    path = EXAMPLES / f"{name}.mlir"
    module = parse_module(CONTEXT, path.read_text(), str(path))
    retarget(module, target)
    module.verify()
    return module


def _outputs(result: RunResult) -> list[np.ndarray]:
    return [a for a in result.outputs() if a is not None]


def _in_k_order(a: np.ndarray, b: np.ndarray, start: np.ndarray | None = None) -> np.ndarray:
    """`start` (or 0) + a @ b in f32, ascending k, each step a fused multiply-add rounded
    once (the product exact in float64; the float64 sum rounded to odd through its TwoSum
    error, then to f32: one correct rounding)."""
    total = np.zeros((a.shape[0], b.shape[1]), np.float32)
    if start is not None:
        total = np.broadcast_to(start, total.shape).astype(np.float32)
    with np.errstate(all="ignore"):
        for k in range(a.shape[1]):
            product = a[:, k : k + 1].astype(np.float64) * b[k : k + 1, :].astype(np.float64)
            addend = total.astype(np.float64)
            near = addend + product
            back = near - product
            error = (product - (near - back)) + (addend - back)
            even = (near.view(np.uint64) & np.uint64(1)) == 0
            fix = (error != 0) & np.isfinite(near) & even
            near = np.where(fix, np.nextafter(near, np.where(error > 0, np.inf, -np.inf)), near)
            total = near.astype(np.float32)
    return total


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("name", sorted(EXAMPLE_ARGS))
def test_examples_through_the_pipeline(name: str, target: str) -> None:
    """pto-pipeline{matmul-on-vector=true}: no matrix op left, no hazard, the same bytes as
    the tile-level run, and the values of an independent numpy product."""
    module = _example(name, target)
    before = _outputs(run_function(module, EXAMPLE_ARGS[name]))
    PipelinePass(matmul_on_vector=True).apply(CONTEXT, module)
    module.verify()
    assert not any(isinstance(op, MatmulTileOp) for op in module.walk())
    after = run_function(module, EXAMPLE_ARGS[name])
    assert [h.message for h in after.hazards] == []
    for got, want in zip(_outputs(after), before, strict=True):
        assert np.array_equal(got.view(np.uint8), want.view(np.uint8))
    if name == "gemv_vector_ssa":
        x, w, bias, y = before
        # the bias starts the sum on the NPUs, joins after it on the CPU simulator
        if target == "cpu":
            want = _in_k_order(x, w) + bias
        else:
            want = _in_k_order(x, w, bias)
        assert np.array_equal(y, want)
    else:
        a, b, c = before
        assert np.array_equal(c, _in_k_order(a.astype(c.dtype), b.astype(c.dtype)))


def test_the_report_names_the_register_tile_each_scope_chose() -> None:
    """`pto-run --report` lists the tile the lowering wrote on each vecscope, once."""
    module = _example("matmul_vector_ssa", "a5")
    PipelinePass(matmul_on_vector=True).apply(CONTEXT, module)
    chosen = {
        op.attributes[VecScopeOp.MATMUL_TILE]
        for op in module.walk()
        if isinstance(op, VecScopeOp) and VecScopeOp.MATMUL_TILE in op.attributes
    }
    assert len(chosen) == 1
    (tile,) = chosen
    assert isinstance(tile, StringAttr) and "CI=" in tile.data
    report = Report(run_function(module, EXAMPLE_ARGS["matmul_vector_ssa"]).machine)
    assert report.as_json()["remarks"] == [f"vector matmul tile: {tile.data}"]
    assert f"remark: vector matmul tile: {tile.data}" in report.text().splitlines()


def test_pipeline_leaves_matrix_ops_by_default() -> None:
    module = _example("matmul_vector_ssa", "a5")
    PipelinePass().apply(CONTEXT, module)
    assert any(isinstance(op, MatmulTileOp) for op in module.walk())
