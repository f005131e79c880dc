"""The Python kernel builder (pto_dialect.builder): the examples it builds are their MLIR
neighbours op for op, every tile op of the dialect has its function, and a mistake is an
error at the line of the code that made it."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import cast

import pytest
from xdsl.dialects.builtin import FileLineColLoc, f16, f32
from xdsl.ir import Operation

from interpreters.api import apply_pipeline, parse_file
from pto_dialect.builder import BuildError, Kernel, Tile, ptr, tile, tile_ops
from pto_dialect.builder.results import result_rule
from pto_dialect.dialect import PTO
from pto_dialect.ops.base import TileOp
from pto_dialect.ops.tile_elementwise import TAddOp

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
BUILT = ["softmax", "layernorm", "gemm_kloop", "stream_add"]


def example(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", BUILT)
def test_a_built_example_is_its_mlir_file(name: str) -> None:
    built = example(name).build()
    assert str(built) == str(parse_file(EXAMPLES / f"{name}_ssa.mlir"))


def test_a_built_kernel_compiles_like_the_parsed_one() -> None:
    built = apply_pipeline(example("softmax").build(), "pto-pipeline")
    parsed = apply_pipeline(parse_file(EXAMPLES / "softmax_ssa.mlir"), "pto-pipeline")
    assert str(built) == str(parsed)


def test_every_tile_op_is_a_function_of_the_builder() -> None:
    ops = [op for op in PTO.operations if issubclass(op, TileOp)]
    by_name = tile_ops()
    assert sorted(by_name.values(), key=lambda op: op.name) == sorted(ops, key=lambda op: op.name)
    k = Kernel("k")
    assert getattr(k.tmatmul_acc, "__name__", None) == "tmatmul_acc"
    assert all(callable(getattr(k, name)) for name in by_name)
    assert result_rule(TAddOp) is not None
    with pytest.raises(AttributeError, match="no tile op 'tfoo'"):
        k.tfoo  # noqa: B018


def _kernel() -> tuple[Kernel, Tile]:
    k = Kernel("bad", {"x": ptr(f32)}, target="a5")
    c0, c1, c16 = k.index(0, 1, 16)
    view = k.partition(k.tensor_view(k.args[0], [c16, c16], [c16, c1]), [c0, c0], [c16, c16])
    return k, k.tload(view)


def test_a_broken_rule_is_an_error_at_the_line_that_built_the_op() -> None:
    k, t = _kernel()
    line = sys._getframe().f_lineno + 2  # pyright: ignore[reportPrivateUsage]
    with pytest.raises(BuildError) as caught:
        k.tabs(t, result=tile(f16, 16, 16))
    assert caught.value.message == "pto.tabs src dtype f32 must equal the dst dtype f16"
    assert caught.value.location == f"{__file__}:{line}:9"
    assert "pto.tabs" not in str(k.finish())  # the bad op is not kept


def test_an_op_whose_sources_do_not_fix_its_result_needs_one() -> None:
    k, t = _kernel()
    with pytest.raises(BuildError, match=r"pto.tcvt: give its result type \(result=...\)"):
        k.tcvt(t)
    converted = k.tcvt(t, result=tile(f16, 16, 16))
    assert converted.dtype.name == "f16"


def test_a_loop_that_carries_values_must_yield_them() -> None:
    k, t = _kernel()
    with pytest.raises(BuildError, match=r"carries 1 value\(s\): end its body with"):  # noqa: SIM117
        with k.loop(0, 4, carry=[t]):
            pass


def test_ops_carry_the_python_line_that_built_them() -> None:
    _, t = _kernel()
    line = sys._getframe().f_lineno + 1  # pyright: ignore[reportPrivateUsage]
    doubled: Tile = t + t
    where = cast(Operation, doubled.ssa.owner).location
    assert isinstance(where, FileLineColLoc) and where.line.data == line
