"""Sweeps (interpreters/sweep): every point of a grid built, compiled, run and checked; the
same table on every executor (in process, a local pool, a Dask LocalCluster of two
workers); failures as rows; a CSV, JSON or JSON Lines output that an interrupted sweep
resumes from; the `pto-sweep` command line."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from xdsl.dialects.builtin import ModuleOp, f32

from interpreters.sweep import METRICS, SweepTable, points, sweep
from interpreters.sweep.cli import main
from interpreters.sweep.runner import Bar
from pto_dialect.builder import Kernel, ptr

ROWS = 8


def scaled(cols: int, factor: float = 2.0, target: str = "a5") -> ModuleOp:
    """y = factor * |x| over one ROWS x cols f32 tile."""
    k = Kernel("scaled", {"x": ptr(f32), "y": ptr(f32)}, target=target)
    c0, rows, width = k.index(0, ROWS, cols)
    px, py = (k.partition(k.tensor_view(p, [rows, width], [width, 1]), [c0, c0], [rows, width])
              for p in k.args)  # fmt: skip
    k.tstore(abs(k.tload(px)) * factor, py)
    return k.finish()


ARGS = ["rand:8x${cols}xf32:1", "zeros:8x${cols}xf32"]


def reference(point: dict[str, Any], inputs: list[Any]) -> dict[str, Any]:
    return {"y": np.float32(point.get("factor", 2.0)) * np.abs(inputs[0])}


def without_times(table: SweepTable) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.items() if not k.endswith("_s")} for r in table.rows]


def test_points_vary_the_last_name_fastest() -> None:
    assert points({"a": [1, 2], "b": ["x", "y"]}) == [
        {"a": 1, "b": "x"}, {"a": 1, "b": "y"}, {"a": 2, "b": "x"}, {"a": 2, "b": "y"},
    ]  # fmt: skip


def test_a_sweep_gives_a_row_per_point_with_its_metrics_and_failures() -> None:
    # cols=36: 144 bytes a row, not a whole number of 32-byte blocks: no such tile
    grid = {"cols": [32, 36], "target": ["a5", "a2a3"]}
    table = sweep(scaled, grid, args=ARGS, reference=reference, executor="serial")
    assert [r["status"] for r in table] == ["ok", "ok", "failed", "failed"]
    assert table.columns == ["cols", "target", *METRICS]
    good = table.rows[0]
    assert good["cycles"] >= good["pipe_bound"] == max(good[c] for c in METRICS if "busy" in c)
    assert good["hazards"] == 0 and good["ops"] > 10
    message = f"{__file__}:"
    assert all(r["error"].startswith(f"build: {message}") for r in table.failures)
    assert "multiple of 32 bytes, got 36 x 4" in table.failures[0]["error"]


def test_a_wrong_result_is_a_mismatch_with_its_error() -> None:
    wrong = sweep(scaled, {"cols": [32], "factor": [3.0]}, args=ARGS, executor="serial",
                  reference=lambda point, inputs: {"y": 2 * np.abs(inputs[0])})  # fmt: skip
    assert wrong.rows[0]["status"] == "mismatch"
    assert wrong.rows[0]["error"].startswith("check: output 'y' differs")


def test_mlir_text_with_placeholders_is_a_kernel_too() -> None:
    text = (Path(__file__).parents[2] / "examples" / "tabs_ssa.mlir").read_text()
    table = sweep(text.replace("a2a3", "${target}"), {"target": ["a5", "cpu"]},
                  executor="serial", semantics_only=True)  # fmt: skip
    assert [r["status"] for r in table] == ["ok", "ok"]
    assert table.rows[0]["cycles"] is None  # semantics only: no pipe model


def test_every_executor_gives_the_same_table() -> None:
    from distributed import Client, LocalCluster

    grid = {"cols": [32, 64], "factor": [0.5, 4.0]}
    serial = sweep(scaled, grid, args=ARGS, reference=reference, executor="serial")
    local = sweep(scaled, grid, args=ARGS, reference=reference, jobs=2)
    cluster: Any = LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=":0")
    with cluster, Client(cluster) as client:
        on_dask = sweep(scaled, grid, args=ARGS, reference=reference, executor=client)
    assert [r["status"] for r in serial] == ["ok"] * 4
    assert without_times(serial) == without_times(local) == without_times(on_dask)


@pytest.mark.parametrize("suffix", [".csv", ".json", ".jsonl"])
def test_an_interrupted_sweep_resumes_from_its_output(tmp_path: Path, suffix: str) -> None:
    out = tmp_path / f"sweep{suffix}"
    grid = {"cols": [32, 36, 64]}
    first = sweep(scaled, {"cols": [32, 36]}, args=ARGS, executor="serial", output=out)
    evaluated: list[Any] = []

    def counted(cols: int) -> ModuleOp:
        evaluated.append(cols)
        return scaled(cols)

    # the output of the first sweep has 32 and 36: the second does only 64
    if suffix == ".json":  # as a sweep interrupted after two points leaves it
        rows = json.loads(out.read_text())
        out.unlink()
        out.with_name(out.name + ".partial.jsonl").write_text(
            "".join(json.dumps(r) + "\n" for r in rows)
        )
    again = sweep(counted, grid, args=ARGS, executor="serial", output=out)
    assert evaluated == [64]
    assert [r["cols"] for r in again] == [32, 36, 64]
    assert without_times(again)[:2] == without_times(first)
    if suffix == ".csv":
        with out.open() as stream:
            assert [r["status"] for r in csv.DictReader(stream)] == ["ok", "failed", "ok"]
    elif suffix == ".json":
        assert [r["cols"] for r in json.loads(out.read_text())] == [32, 36, 64]
        assert not out.with_name(out.name + ".partial.jsonl").exists()
    else:
        assert len(out.read_text().splitlines()) == 3


def test_the_command_line_sweeps_prints_and_plots(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "kernels.py"
    script.write_text(
        "from test_sweep import scaled\n\n"
        "def build(cols, target):\n    return scaled(cols, target=target)\n"
    )
    status = main([f"{script}:build", "--param", "cols=32,64", "--target", "a5,cpu", "--serial",
                   "--arg", "rand:8x${cols}xf32:1", "--arg", "zeros:8x${cols}xf32",
                   "--output", str(tmp_path / "out.csv"), "--plot", "cycles:cols:target",
                   "--plot-file", str(tmp_path / "plot.png")])  # fmt: skip
    printed = capsys.readouterr().out
    assert status == 0
    assert printed.splitlines()[0].split()[:4] == ["cols", "target", "status", "cycles"]
    assert len([line for line in printed.splitlines() if " ok " in line]) == 4
    assert (tmp_path / "plot.png").read_bytes()[:4] == b"\x89PNG"
    assert main(["nope.mlir"]) == 1


def test_the_progress_bar_counts_points_and_failures() -> None:
    import io

    stream = io.StringIO()
    ticks = iter([0.0, 2.0, 4.0, 4.0])
    bar = Bar(4, 1, enabled=True, stream=stream, clock=lambda: next(ticks))
    bar.advance({"status": "failed"})
    assert bar.line().startswith("[" + "#" * 15 + " " * 15 + "] 2/4 points, 1 failed")
    assert bar.line().endswith("4 s/point, 8s left")
