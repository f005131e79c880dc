"""The softmax, normalisation and top-k examples against numpy formulas.

Each example runs as written (tile level) on every target; its outputs must agree with the
float64 formula of its header comment within a relative tolerance of a few units in the last
place of the output type (f32: 1e-6, the f16 softmax: half an f16 ulp, 2^-11); the top-k is
exact against numpy's stable argsort. The pipeline
test (test_examples_pipeline.py) checks that the lowered kernels give the same bytes.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from support import EXAMPLES, context, example_args
from xdsl.dialects import arith, scf

from interpreters.engine.source import parse_module
from interpreters.launching.execute import retarget, run_function

TARGETS = ("a2a3", "a5", "cpu")
F64 = np.ndarray[Any, np.dtype[np.float64]]


def run(name: str, target: str) -> list[F64]:
    path = EXAMPLES / f"{name}.mlir"
    module = parse_module(context(arith.Arith, scf.Scf), path.read_text(), str(path))
    retarget(module, target)
    result = run_function(module, example_args()[name])
    return [a.astype(np.float64) for a in result.outputs() if a is not None]


def softmax(x: F64) -> F64:
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def close(got: F64, want: F64, rel: float) -> bool:
    return bool(np.all(np.abs(got - want) <= rel * np.abs(want) + 1e-30))


@pytest.mark.parametrize("target", TARGETS)
def test_softmax(target: str) -> None:
    x, y = run("softmax_ssa", target)
    assert close(y, softmax(x), 1e-6)
    assert np.allclose(y.sum(axis=1), 1.0, rtol=1e-5)


@pytest.mark.parametrize("target", TARGETS)
def test_streaming_softmax(target: str) -> None:
    x, y = run("stream_softmax_ssa", target)
    assert close(y, softmax(x), 1e-6)


@pytest.mark.parametrize("target", TARGETS)
def test_softmax_f16_with_f32_arithmetic(target: str) -> None:
    x, y = run("softmax_f16_ssa", target)
    assert close(y, softmax(x), 2.0**-11)


@pytest.mark.parametrize("target", TARGETS)
def test_layernorm(target: str) -> None:
    x, gamma, beta, y = run("layernorm_ssa", target)
    mu = x.mean(axis=1, keepdims=True)
    var = ((x - mu) ** 2).mean(axis=1, keepdims=True)
    want = (x - mu) / np.sqrt(var + 1e-5) * gamma + beta
    assert np.abs(y - want).max() <= 1e-6 * np.abs(want).max()


@pytest.mark.parametrize("target", TARGETS)
def test_rmsnorm(target: str) -> None:
    x, gamma, y = run("rmsnorm_ssa", target)
    want = x / np.sqrt((x * x).mean(axis=1, keepdims=True) + 1e-6) * gamma
    assert close(y, want, 1e-6)


@pytest.mark.parametrize("target", TARGETS)
def test_online_softmax_statistics(target: str) -> None:
    x, m, total = run("online_softmax_ssa", target)
    row_max = x.max(axis=1, keepdims=True)
    assert np.array_equal(m, row_max)
    assert close(total, np.exp(x - row_max).sum(axis=1, keepdims=True), 1e-6)


@pytest.mark.parametrize("target", TARGETS)
def test_topk_gives_the_largest_values_and_their_indices(target: str) -> None:
    path = EXAMPLES / "topk_ssa.mlir"
    module = parse_module(context(arith.Arith, scf.Scf), path.read_text(), str(path))
    retarget(module, target)
    x, _, out = (
        a for a in run_function(module, example_args()["topk_ssa"]).outputs() if a is not None
    )
    order = np.argsort(-x[0], kind="stable")[:8]
    assert np.array_equal(out[0, 0::2], x[0, order])
    assert np.array_equal(out.view(np.uint32)[0, 1::2], order)
