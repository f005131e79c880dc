"""The seeds of the fuzzer: the example kernels and the inputs of the lit tests.

A lit file loses its whole-line comments (RUN, CHECK and ARGS lines included) and is split
at its `// -----` separators into one seed per case, as `xdsl-opt --split-input-file` does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
"""The repository root."""

_SEPARATOR = re.compile(r"^// -----.*$", re.MULTILINE)
_COMMENT_LINE = re.compile(r"^[ \t]*//.*(?:\n|$)", re.MULTILINE)


@dataclass(frozen=True)
class Seed:
    """One input of the corpus: `name` is `path#case`."""

    name: str
    text: str


def cases(text: str) -> list[str]:
    """The non-empty cases of a lit input, without whole-line comments."""
    parts = (_COMMENT_LINE.sub("", part) for part in _SEPARATOR.split(text))
    return [part.strip("\n") + "\n" for part in parts if part.strip()]


def seed_files(root: Path = ROOT) -> list[Path]:
    """The example kernels and every `.mlir` under test/filecheck, in a stable order.

    lit's `Output/` folders are left out: what they hold depends on whether lit ran first.
    """
    checked = (root / "test" / "filecheck").rglob("*.mlir")
    files = [*(root / "examples").glob("*.mlir"), *(p for p in checked if "Output" not in p.parts)]
    return sorted(files)


def load_seeds(root: Path = ROOT) -> list[Seed]:
    """Every case of every seed file."""
    seeds: list[Seed] = []
    for path in seed_files(root):
        rel = path.relative_to(root).as_posix()
        for index, text in enumerate(cases(path.read_text())):
            seeds.append(Seed(f"{rel}#{index}", text))
    return seeds
