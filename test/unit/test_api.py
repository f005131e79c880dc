"""The Python API (`interpreters.api`): parsing with typed, located errors, pass pipelines,
running functions on numpy arrays, and the SSA `tstore` builder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from xdsl.dialects.builtin import StringAttr, f32
from xdsl.printer import Printer
from xdsl.utils.test_value import create_ssa_value

from interpreters.api import (
    PtoArgumentError,
    PtoError,
    PtoParseError,
    PtoPassError,
    PtoRunError,
    PtoVerifyError,
    apply_pipeline,
    parameters,
    parse,
    parse_file,
    run,
)
from pto_dialect.attrs import Location
from pto_dialect.memory_types import PartitionTensorViewType
from pto_dialect.ops.tile_memory import TStoreOp
from pto_dialect.tile_types import TileBufType, TileType

ROOT = Path(__file__).resolve().parents[2]
TABS = ROOT / "examples" / "tabs_ssa.mlir"
STREAM = ROOT / "examples" / "stream_add_ssa.mlir"
INPUTS = ROOT / "test" / "filecheck" / "run" / "Inputs"

LOOP = """
func.func @count(%n: index, %scale: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.yield
  }
  func.return
}
"""


def _ramp(n: int, dtype: type[np.floating[Any]] = np.float32) -> np.ndarray[Any, Any]:
    return np.linspace(-2.0, 2.0, n, dtype=np.float64).astype(dtype)


# ---- run: arrays in, arrays and the report out ----------------------------------------------


@pytest.mark.parametrize("target", ["a2a3", "a5", "cpu"])
def test_the_pipeline_output_computes_abs_bit_exactly(target: str) -> None:
    module = apply_pipeline(parse_file(TABS), f"pto-pipeline{{target={target}}}")
    x = _ramp(1024)
    x_before = x.copy()
    result = run(module, x, y=np.full(1024, 7.0, np.float32))
    reference = np.abs(x_before)
    assert result["y"].view(np.uint32).tolist() == reference.view(np.uint32).tolist()
    assert [a.shape for a in result.outputs] == [(1024,), (1024,)]
    assert np.array_equal(result.outputs[0], x_before)  # the kernel only reads x
    assert np.array_equal(x, x_before)  # the caller's arrays are left alone
    assert result.hazards == []
    assert result.cycles is not None and result.cycles > 0
    busy = result.report.busy
    assert set(busy) == {"PIPE_MTE2", "PIPE_V", "PIPE_MTE3"}
    assert result.report.pipe_bound == max(busy.values())
    assert result.cycles >= max(busy.values())


def test_level1_kernel_runs_with_positional_and_named_arguments() -> None:
    module = parse_file(STREAM)
    rng = np.random.default_rng(5)
    a = rng.standard_normal((512, 32)).astype(np.float32)
    b = rng.standard_normal((512, 32)).astype(np.float32)
    result = run(module, a, c=np.zeros((512, 32), np.float32), b=b, target="cpu")
    assert np.array_equal(result["c"], a + b)
    assert np.array_equal(result[2], a + b)
    assert module.attributes["pto.target_arch"] == StringAttr("a2a3")  # target= ran a copy


def test_semantics_only_runs_have_no_cycles() -> None:
    module = parse_file(TABS)
    result = run(module, _ramp(1024), np.zeros(1024, np.float32), semantics_only=True)
    assert result.cycles is None
    assert np.array_equal(result["y"], np.abs(_ramp(1024)))


def test_spec_strings_and_scalars_bind_to_their_parameters() -> None:
    module = parse(LOOP)
    assert [(p.name, str(p.type)) for p in parameters(module)] == [("n", "index"), ("scale", "f32")]
    assert run(module, 3, np.float32(0.5)).outputs == []
    assert run(module, np.int64(2), scale=1).report.machine.op_counts["scf.yield"] == 2
    result = run(parse_file(TABS), "rand:1024xf32:3", "zeros:1024xf32")
    x = np.random.default_rng(3).uniform(-1.0, 1.0, 1024).astype(np.float32)
    assert np.array_equal(result["y"], np.abs(x))


X = _ramp(1024)
BAD_ARGUMENTS: list[tuple[tuple[object, ...], dict[str, Any], str]] = [
    ((X,), {}, "needs a value for parameter 1 (%y: "),
    ((X,), {"z": X}, "has no parameter %z (its names: %x, %y)"),
    ((X, X), {"x": X}, "parameter 0 (%x: !pto.ptr<f32>) of @vabs is given twice"),
    ((X, X, X), {}, "takes 2 argument(s), got 3"),
    ((X, 2.0), {}, "parameter 1 (%y: !pto.ptr<f32>) needs a numpy array, got float"),
    ((X, X.astype(np.float64)), {}, "float64 is not a PTO element type"),
    ((X, X.astype(np.float16)), {}, "(%y: !pto.ptr<f32>) needs an array of f32, got float16"),
    ((X, "ones:3xf32"), {}, "expected FILE.npy"),
]


@pytest.mark.parametrize(("args", "named", "message"), BAD_ARGUMENTS)
def test_bad_arguments_are_named_errors(
    args: tuple[object, ...], named: dict[str, Any], message: str
) -> None:
    with pytest.raises(PtoArgumentError) as info:
        run(parse_file(TABS), *args, **named)
    assert message in str(info.value)


BUF = "!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>"
NEG = f"""
func.func @neg(%src: {BUF}, %dst: {BUF}) {{
  pto.tneg ins(%src : {BUF}) outs(%dst : {BUF})
  func.return
}}
"""


def test_tile_parameters_take_arrays_of_their_shape() -> None:
    src = np.arange(64, dtype=np.float32).reshape(8, 8) - 32
    result = run(parse(NEG), src, dst=np.zeros((8, 8), np.float32))
    assert np.array_equal(result["dst"], -src)
    with pytest.raises(
        PtoArgumentError, match=r"parameter 1 \(%dst: .*\) needs a 8x8 array, got 64"
    ):
        run(parse(NEG), src, np.zeros(64, np.float32))


def test_a_float_for_an_integer_parameter_is_refused() -> None:
    with pytest.raises(PtoArgumentError, match=r"parameter 0 \(%n: index\) needs an int"):
        run(parse(LOOP), 2.5, 1.0)
    with pytest.raises(PtoArgumentError, match="needs a scalar, got an array"):
        run(parse(LOOP), np.zeros(2), 1.0)


# ---- errors: typed, one mlir-style line ------------------------------------------------------


def test_a_parse_error_carries_its_place() -> None:
    with pytest.raises(PtoParseError) as info:
        parse('func.func @f() {\n  %x = "pto.nope"() : () -> i32\n}', name="k.mlir")
    err = info.value
    assert err.location is not None and err.location.startswith("k.mlir:2:")
    assert err.message == "Operation pto.nope is not registered"
    assert str(err) == f"{err.location}: error: Operation pto.nope is not registered"


def test_a_verifier_error_is_located_at_the_op() -> None:
    with pytest.raises(PtoVerifyError) as info:
        parse_file(INPUTS / "bad_return.mlir")
    err = info.value
    assert err.location is not None and err.location.endswith("bad_return.mlir:2:3")
    assert err.message.startswith("func.return: Expected arguments to have the same types")
    assert isinstance(err, PtoError)


def test_a_bad_target_and_an_unreadable_file_are_errors() -> None:
    with pytest.raises(PtoError, match="unknown target 'a7'"):
        parse_file(TABS, target="a7")
    with pytest.raises(PtoError, match="cannot read"):
        parse_file(ROOT / "no-such-kernel.mlir")


def test_pipeline_errors() -> None:
    module = parse_file(TABS)
    with pytest.raises(PtoPassError, match=r"Unrecognized passes: \['pto-nope'\]"):
        apply_pipeline(module, "pto-nope")
    with pytest.raises(PtoPassError, match=r"pass pipeline 'pto-pipeline\{'"):
        apply_pipeline(module, "pto-pipeline{")
    with pytest.raises(PtoPassError, match="unknown target 'zz'"):
        apply_pipeline(parse_file(TABS), "pto-pipeline{target=zz}")


def test_a_run_time_rule_is_a_run_error() -> None:
    module = parse_file(INPUTS / "for_step.mlir")
    with pytest.raises(PtoRunError, match="the step must be positive, got 0"):
        run(module, 0)
    with pytest.raises(PtoRunError, match="--max-steps"):
        run(parse_file(INPUTS / "endless_while.mlir"), max_steps=100)


def test_a_trace_needs_trace_true() -> None:
    result = run(parse_file(TABS), _ramp(1024), np.zeros(1024, np.float32))
    with pytest.raises(PtoError, match="trace=True"):
        result.trace()


# ---- the SSA tstore builder takes (tile, view), the manual's order --------------------------


def _printed(op: TStoreOp) -> str:
    from io import StringIO

    out = StringIO()
    Printer(stream=out).print_op(op)
    return out.getvalue()


def test_tstore_builder_takes_the_tile_then_the_view() -> None:
    view = create_ssa_value(PartitionTensorViewType([16, 16], f32))
    tile = create_ssa_value(TileType(Location.VEC, f32, 16, 16))
    ssa = TStoreOp(tile, view)
    ssa.verify()
    assert (ssa.src, ssa.view, ssa.is_dps) == (tile, view, False)
    assert _printed(ssa).startswith("pto.tstore %0, %1 : !pto.tile<")

    buf = create_ssa_value(TileBufType(Location.VEC, f32, 16, 16))
    dps = TStoreOp(buf, view)
    dps.verify()
    assert (dps.src, dps.view, dps.is_dps) == (buf, view, True)

    # the family's (sources, outs) form still builds both forms
    assert TStoreOp([tile, view]).is_dps is False
    assert TStoreOp([buf], view).is_dps is True
