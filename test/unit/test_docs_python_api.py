"""docs/python-api.md runs as written: its python blocks in order, each printing the text
block that follows it, and what it computes checked against numpy here."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "python-api.md"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```\n", re.MULTILINE | re.DOTALL)


def blocks() -> list[tuple[str, str | None]]:
    """(python code, the text block right after it or None) for every python block."""
    found = [(m.group(1), m.group(2), m.start(), m.end()) for m in FENCE.finditer(DOC.read_text())]
    pairs: list[tuple[str, str | None]] = []
    for i, (lang, body, _, end) in enumerate(found):
        if lang != "python":
            continue
        after = found[i + 1] if i + 1 < len(found) else None
        printed = None
        if after is not None and after[0] == "text" and not DOC.read_text()[end : after[2]].strip():
            printed = after[1]
        pairs.append((body, printed))
    return pairs


def test_the_doc_has_examples_with_their_output() -> None:
    pairs = blocks()
    assert len(pairs) >= 5
    assert sum(printed is not None for _, printed in pairs) >= 4


def test_the_python_api_example_runs_and_prints_what_the_doc_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, Any] = {"__name__": "docs_python_api"}
    for index, (code, printed) in enumerate(blocks()):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, f"{DOC.name} block {index}", "exec"), namespace)
        if printed is not None:
            assert out.getvalue() == printed, f"block {index} prints something else"

    # what the example computes, against numpy
    a, b = namespace["a"], namespace["b"]
    expected = np.abs(a - b)
    assert namespace["out"].view(np.uint32).tolist() == expected.view(np.uint32).tolist()
    assert np.array_equal(namespace["again"]["out"], expected)
    result = namespace["result"]
    assert [x.shape for x in result.outputs] == [(16, 64)] * 3
    assert np.array_equal(result.outputs[0], a) and np.array_equal(result.outputs[1], b)
    assert result.cycles >= result.report.pipe_bound == max(result.report.busy.values())
    # the trace file the example writes is the trace it inspects
    written = json.loads((tmp_path / "absdiff_trace.json").read_text())
    assert written == result.trace()


def readme_python_blocks() -> list[str]:
    readme = DOC.parents[1] / "README.md"
    return [m.group(2) for m in FENCE.finditer(readme.read_text()) if m.group(1) == "python"]


def test_the_readme_python_blocks_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(DOC.parents[1])
    namespace: dict[str, Any] = {"__name__": "readme"}
    blocks = readme_python_blocks()
    assert any("interpreters.api" in code for code in blocks)
    with contextlib.redirect_stdout(io.StringIO()):
        for index, code in enumerate(blocks):
            exec(compile(code, f"README.md python block {index}", "exec"), namespace)
    x = namespace["x"]
    assert namespace["result"]["y"].tobytes() == np.abs(x).tobytes()
    assert namespace["result"].hazards == []
