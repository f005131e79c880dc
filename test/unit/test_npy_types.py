"""bf16 and fp8 arrays in `.npy` files: raw `|V2` / `|V1` inputs take the kernel's element
type, and `save_array` (what `pto-run --out-dir` writes) keeps ml_dtypes types readable."""

from __future__ import annotations

from pathlib import Path

import ml_dtypes
import numpy as np
import pytest

from interpreters.api import PtoArgumentError, parse, run
from interpreters.launching.args import save_array

TYPES = [
    ("bf16", ml_dtypes.bfloat16),
    ("f8E4M3FN", ml_dtypes.float8_e4m3fn),
    ("f8E5M2", ml_dtypes.float8_e5m2),
]


def copy_kernel(name: str, nbytes: int) -> str:
    return f"""
func.func @k(%x: !pto.ptr<{name}>, %y: !pto.ptr<{name}>) {{
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %n = arith.constant {nbytes} : i64
  %ub = pto.castptr %c0 : i64 -> !pto.ptr<{name}, ub>
  pto.mte_gm_ub %x, %ub, %c0, %n nburst(%c1, %n, %n)
    : !pto.ptr<{name}>, !pto.ptr<{name}, ub>, i64, i64, i64, i64, i64
  pto.barrier #pto.pipe<PIPE_ALL>
  pto.mte_ub_gm %ub, %y, %n nburst(%c1, %n, %n)
    : !pto.ptr<{name}, ub>, !pto.ptr<{name}>, i64, i64, i64, i64
  func.return
}}"""


@pytest.mark.parametrize(("name", "numpy"), TYPES)
def test_a_raw_void_array_takes_the_element_type_of_its_parameter(name: str, numpy: type) -> None:
    values: np.ndarray = np.linspace(-2, 2, 64, dtype=np.float32).astype(np.dtype(numpy))
    raw = values.view(f"V{values.itemsize}")  # what np.load gives for np.save's bf16 / fp8
    zeros = np.zeros(64 * values.itemsize, np.uint8).view(f"V{values.itemsize}")
    result = run(parse(copy_kernel(name, 64 * values.itemsize), target="a5"), raw, zeros)
    assert result["y"].dtype == values.dtype
    assert result["y"].tobytes() == values.tobytes()


@pytest.mark.parametrize("raw", [False, True])
def test_an_e8m0_array_passes_to_an_e8m0_pointer(raw: bool) -> None:
    """MX scales (`!pto.f8E8M0`, ml_dtypes' float8_e8m0fnu), typed or raw `|V1`."""
    values = np.arange(120, 184, dtype=np.uint8).view(ml_dtypes.float8_e8m0fnu)
    given = values.view("V1") if raw else values
    result = run(parse(copy_kernel("!pto.f8E8M0", 64), target="a5"), given, np.zeros_like(values))
    assert result["y"].dtype == values.dtype
    assert result["y"].tobytes() == values.tobytes()


def test_a_raw_array_of_another_element_size_is_refused() -> None:
    raw = np.zeros(32, np.float32).view("V4")
    with pytest.raises(PtoArgumentError, match="V4"):
        run(parse(copy_kernel("bf16", 64), target="a5"), raw, np.zeros(32, ml_dtypes.bfloat16))


@pytest.mark.parametrize(("name", "numpy"), [*TYPES, ("f32", np.float32), ("i16", np.int16)])
def test_save_array_files_load_back_with_their_type(name: str, numpy: type, tmp_path: Path) -> None:
    values: np.ndarray = np.linspace(-3, 3, 12, dtype=np.float32).reshape(3, 4)
    values = values.astype(np.dtype(numpy))
    path = tmp_path / f"{name}.npy"
    save_array(path, values)
    loaded = np.load(path)
    assert loaded.dtype == values.dtype
    assert loaded.shape == (3, 4)
    assert loaded.tobytes() == values.tobytes()


def test_np_save_loses_the_bf16_type_that_save_array_keeps(tmp_path: Path) -> None:
    values = np.ones(4, ml_dtypes.bfloat16)
    np.save(tmp_path / "plain.npy", values)
    save_array(tmp_path / "typed.npy", values)
    assert np.load(tmp_path / "plain.npy").dtype == np.dtype("V2")
    assert np.load(tmp_path / "typed.npy").dtype == values.dtype
