"""Row and column expansions through `pto-pipeline`, checked by translation validation.

Each kernel loads a full tile and the per-row or per-column operand (with ±0, ±inf, NaN
and integer limits injected), applies one expansion and stores the result; it runs before
the pipeline and after every pass, and the outputs must be the same bytes. The lowered
module must hold no expansion tile op any more, and the row forms must read their per-row
operand with a broadcasting `pto.vlds` (`BRC_B<bits>` or `BLK`).
"""

from __future__ import annotations

import numpy as np
import pytest
from support import context, int_numpy, legal_dtypes, parse_kernel
from xdsl.dialects import arith, scf
from xdsl.utils.exceptions import PassFailedException

from interpreters.launching.args import ArrayArg, ScalarArg
from interpreters.launching.execute import RunResult, run_function
from interpreters.machine.pipes import UntrackedPipes
from passes.pipeline import pipeline_passes
from pto_dialect.dtypes import DType, dtype_named
from pto_dialect.ops.tile_expand import OPS
from pto_dialect.ops.vector_load import VldsOp
from pto_dialect.targets import profile

TARGETS = ("a2a3", "a5", "cpu")
NAMES = tuple(op.name.removeprefix("pto.") for op in OPS)
VECTOR_OP = {op.name.removeprefix("pto."): getattr(op, "VECTOR_OP", None) for op in OPS}


def vector_takes(name: str, dtype: DType, target: str) -> bool:
    """The op's vector instruction, if it names one, has `dtype` on `target` (the
    lowering's condition)."""
    vector = VECTOR_OP[name]
    return vector is None or dtype in vector.legal_dtypes(profile(target))


CONTEXT = context(arith.Arith, scf.Scf)
ROWS = 5


def _cols(dtype: DType) -> int:
    return 2 * 256 // dtype.bytes  # two registers per row


def _kernel(name: str, dtype: DType, target: str, form: str, dynamic: bool) -> str:
    """The kernel text. `form`: `row1` (col-major per-row
    operand), `row2` (Mode 2 block), `swap` (per-row operand first), `col`."""
    t, cols = dtype.name, _cols(dtype)
    vr, vc = ROWS - 1, cols - 37
    per_block = 32 // dtype.bytes
    full = f"!pto.tile<loc=vec, dtype={t}, rows={ROWS}, cols={cols}, v_row=?, v_col=?>"
    if not dynamic:
        full = full.replace("v_row=?, v_col=?", f"v_row={vr}, v_col={vc}")
    vrs = "?" if dynamic else str(vr)
    vcs = "?" if dynamic else str(vc)
    if form in ("row1", "swap"):
        vec = (f"!pto.tile<loc=vec, dtype={t}, rows={per_block}, cols=1, v_row={vrs}, v_col=1, "
               "blayout=col_major>")  # fmt: skip
        vec_shape, vec_sizes, vec_view = (ROWS, 1), "%vr, %c1", f"{vrs}x1"
    elif form == "row2":
        vec = (f"!pto.tile<loc=vec, dtype={t}, rows={ROWS}, cols={per_block}, v_row={vrs}, "
               f"v_col={per_block}>")  # fmt: skip
        vec_shape, vec_sizes = (ROWS, per_block), f"%vr, %c{per_block}"
        vec_view = f"{vrs}x{per_block}"
    else:
        vec = f"!pto.tile<loc=vec, dtype={t}, rows=1, cols={cols}, v_row=1, v_col={vcs}>"
        vec_shape, vec_sizes, vec_view = (1, cols), "%c1, %vc", f"1x{vcs}"
    view = f"!pto.partition_tensor_view<{vrs}x{vcs}x{t}>"
    result = full
    pview = f"!pto.partition_tensor_view<{vec_view}x{t}>"
    if name in ("trowexpand", "tcolexpand"):
        # the result's valid cols (rows) are its type's: static, dst's region
        result = full.replace("v_row=?, v_col=?", f"v_row={vr}, v_col={vc}")
        compute = f"%z = pto.{name} %b : {vec} -> {result}"
    elif form == "swap":
        compute = f"%z = pto.{name} %b, %a : ({vec}, {full}) -> {full}"
    else:
        compute = f"%z = pto.{name} %a, %b : ({full}, {vec}) -> {full}"
    sizes = "%vr, %vc" if dynamic else f"%c{vr}, %c{vc}"
    vec_sizes = vec_sizes if dynamic else vec_sizes.replace("%vr", f"%c{vr}").replace(
        "%vc", f"%c{vc}")  # fmt: skip
    consts = sorted({0, 1, ROWS, cols, vr, vc, per_block, *vec_shape})
    tensor = f"!pto.tensor_view<?x?x{t}>"

    def make(name: str, ptr: str, shape: tuple[int, int]) -> str:
        dims, stride = f"%c{shape[0]}, %c{shape[1]}", f"%c{shape[1]}, %c1"
        return (f"    %{name} = pto.make_tensor_view %{ptr}, shape = [{dims}], "
                f"strides = [{stride}] : {tensor}")  # fmt: skip

    def part(name: str, of: str, sizes: str, type: str) -> str:
        return (f"    %{name} = pto.partition_view %{of}, offsets = [%c0, %c0], "
                f"sizes = [{sizes}] : {tensor} -> {type}")  # fmt: skip

    text = "\n".join([
        f'builtin.module attributes {{pto.target_arch = "{target}"}} {{',
        f"  func.func @k(%x: !pto.ptr<{t}>, %v: !pto.ptr<{t}>, %y: !pto.ptr<{t}>, "
        "%vr: index, %vc: index) {",
        *(f"    %c{n} = arith.constant {n} : index" for n in consts),
        make("tx", "x", (ROWS, cols)),
        make("tv", "v", vec_shape),
        make("ty", "y", (ROWS, cols)),
        part("px", "tx", sizes, view),
        part("pv", "tv", vec_sizes, pview),
        part("py", "ty", sizes, view),
        f"    %a = pto.tload %px : {view} -> {full}",
        f"    %b = pto.tload %pv : {pview} -> {vec}",
        f"    {compute}",
        f"    pto.tstore %z, %py : {result}, {view}",
        "    func.return",
        "  }",
        "}",
    ])  # fmt: skip
    return text + "\n"


def _data(dtype: DType, shape: tuple[int, int], seed: int, nonzero: bool) -> np.ndarray:
    rng = np.random.default_rng(seed)
    if dtype.is_float:
        values = rng.normal(0, 4, shape).astype(dtype.numpy)
        flat = values.reshape(-1)
        specials = np.array([0.0, -0.0, np.inf, -np.inf, np.nan], dtype.numpy)
        flat[rng.choice(flat.size, min(flat.size, 7), replace=False)] = rng.choice(specials, 7)[
            : min(flat.size, 7)
        ]
        return values
    info = np.iinfo(int_numpy(dtype))
    values = rng.integers(int(info.min), int(info.max), shape, endpoint=True).astype(dtype.numpy)
    if nonzero:
        values[values == 0] = 1
    return values


def _args(name: str, dtype: DType, form: str, seed: int) -> list[ArrayArg | ScalarArg]:
    cols = _cols(dtype)
    per_block = 32 // dtype.bytes
    shape = {"row1": (ROWS, 1), "swap": (ROWS, 1), "row2": (ROWS, per_block), "col": (1, cols)}
    x = _data(dtype, (ROWS, cols), seed, nonzero=form == "swap")
    v = _data(dtype, shape[form], seed + 1, nonzero=name.endswith("div"))
    y = _data(dtype, (ROWS, cols), seed + 2, nonzero=False)
    return [ArrayArg(x), ArrayArg(v), ArrayArg(y),
            ScalarArg(ROWS - 1, "index"), ScalarArg(cols - 37, "index")]  # fmt: skip


def _same(got: RunResult, want: RunResult, stage: str) -> None:
    for index, (a, b) in enumerate(zip(got.outputs(), want.outputs(), strict=True)):
        if a is not None and b is not None:
            assert a.tobytes() == b.tobytes(), f"argument {index} differs after {stage}"


def _forms(name: str) -> list[str]:
    if name.startswith("tcol"):
        return ["col"]
    if name == "trowexpand":
        return ["row1"]
    return ["row1", "row2", "swap"]


def _cases() -> list[tuple[str, str, str, str, bool]]:
    """Every (target, op, dtype) in its first form with static sizes; for f32 also every
    other form and dynamic sizes."""
    cases: list[tuple[str, str, str, str, bool]] = []
    for target in TARGETS:
        for name in NAMES:
            legal = sorted(legal_dtypes(profile(target), name), key=lambda d: d.name)
            forms = _forms(name)
            for dtype in legal:
                if not vector_takes(name, dtype, target) or (
                    name.endswith("div") and not dtype.is_float
                ):
                    continue
                cases.append((target, name, dtype.name, forms[0], False))
                if dtype.name == "f32":
                    cases.append((target, name, "f32", forms[0], True))
                    cases += [(target, name, "f32", form, False) for form in forms[1:]]
    return cases


CASES = _cases()


@pytest.mark.parametrize(("target", "name", "dtype", "form", "dynamic"), CASES)
def test_pipeline_gives_the_same_bytes(
    target: str, name: str, dtype: str, form: str, dynamic: bool
) -> None:
    dt = dtype_named(dtype)
    text = _kernel(name, dt, target, form, dynamic)
    module = parse_kernel(text)
    with np.errstate(all="ignore"):
        want = run_function(module, _args(name, dt, form, 1))
        for stage in pipeline_passes():
            stage.apply(CONTEXT, module)
            module.verify()
            _same(run_function(module, _args(name, dt, form, 1), pipes=UntrackedPipes()), want,
                  stage.name)  # fmt: skip
    names = {op.name for op in module.walk()}
    assert f"pto.{name}" not in names
    if name.startswith("trow"):
        dists = {str(op.dist.data) for op in module.walk() if isinstance(op, VldsOp) and op.dist}
        assert dists & {"BRC_B8", "BRC_B16", "BRC_B32", "BLK"}


def test_types_without_a_vector_form_are_refused() -> None:
    """A5's 8-bit tile forms whose vector op has no 8-bit lanes (vmul, vdiv): a diagnostic
    naming the vector op, never other bytes."""
    refused = [
        (target, name, dtype)
        for target in ("a5", "cpu")
        for name in NAMES
        for dtype in legal_dtypes(profile(target), name)
        if not vector_takes(name, dtype, target)
    ]
    assert ("a5", "trowexpandmul", dtype_named("i8")) in refused
    for target, name, dtype in refused:
        form = "col" if name.startswith("tcol") else "row1"
        module = parse_kernel(_kernel(name, dtype, target, form, False))
        with pytest.raises(PassFailedException, match=rf"does not support {dtype}"):
            for stage in pipeline_passes():
                stage.apply(CONTEXT, module)


@pytest.mark.parametrize(
    "target", ["a5", "cpu"]
)  # A2/A3's verifier refuses them (a2a3 TRowExpandDiv)
@pytest.mark.parametrize("name", ["trowexpanddiv", "tcolexpanddiv"])
def test_integer_division_is_refused(target: str, name: str) -> None:
    text = _kernel(name, dtype_named("i32"), target, "col" if "col" in name else "row1", False)
    module = parse_kernel(text)
    with pytest.raises(PassFailedException, match=r"pto\.vdiv does not support i32"):
        for stage in pipeline_passes():
            stage.apply(CONTEXT, module)
