"""docs/tutorial.md runs as written: its kernel is examples/absdiff_ssa.mlir, its shell
blocks run in order (in a scratch directory) and print what its text blocks show."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "tutorial.md"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```\n", re.MULTILINE | re.DOTALL)


def fenced() -> list[tuple[str, str]]:
    return [(m.group(1), m.group(2)) for m in FENCE.finditer(DOC.read_text())]


def test_the_tutorial_kernel_is_the_example_file() -> None:
    kernel = next(body for lang, body in fenced() if lang == "mlir")
    example = (ROOT / "examples" / "absdiff_ssa.mlir").read_text()
    code = "".join(line for line in example.splitlines(True) if not line.startswith("//"))
    assert kernel == code


def test_the_tutorial_commands_print_what_it_shows(tmp_path: Path) -> None:
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    (tmp_path / ".venv").symlink_to(ROOT / ".venv")
    env = {k: v for k, v in os.environ.items() if k != "PTO_RUN_TRACEBACK"}
    runs: list[subprocess.CompletedProcess[str]] = []
    shown: list[str] = []
    for lang, body in fenced():
        if lang == "sh":
            runs.append(subprocess.run(["bash", "-c", body], cwd=tmp_path, env=env,
                                       capture_output=True, text=True, timeout=300))  # fmt: skip
        elif lang == "text":
            shown.append(body)
    assert [r.returncode for r in runs] == [0, 0, 0, 0, 0, 3], [r.stderr for r in runs]
    check, report, hazard = shown
    assert runs[4].stdout == check
    assert report in runs[3].stdout  # the end of --report
    assert hazard.strip() in runs[5].stderr.splitlines()
    assert "no wait_flag consumes it before the kernel ends" in runs[5].stderr  # as it says
    # and independently of the tool's own words: the output is |a - b| of the seeded inputs
    rng_a, rng_b = np.random.default_rng(1), np.random.default_rng(2)
    a = rng_a.uniform(-1.0, 1.0, (16, 64)).astype(np.float32)
    b = rng_b.uniform(-1.0, 1.0, (16, 64)).astype(np.float32)
    out = np.load(tmp_path / "out" / "tutorial" / "lowered" / "arg2.npy")
    assert out.tobytes() == np.abs(a - b).tobytes()
