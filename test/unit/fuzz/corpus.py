"""The seeds of the fuzzer: the example kernels and the inputs of the lit tests, and the
kernels of checkouts named at run time (`external_seeds`: PTOAS's `test/` trees).

A lit file loses its whole-line comments (RUN, CHECK and ARGS lines included) and is split
at its `// -----` separators into one seed per case, as `xdsl-opt --split-input-file` does.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Sequence
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


# ---- kernels of other checkouts (read at run time, never copied) ------------------------

_STRICT_SEPARATOR = re.compile(r"^// -----[ \t]*$", re.MULTILINE)
_RUN = re.compile(r"^[ \t]*//[ \t]*RUN:(.*)$", re.MULTILINE)
_NEGATIVE = re.compile(r"^\s*(?:not|!)\s|expected-error")
_ERROR_CHECK = re.compile(r"^[ \t]*//[ \t]*CHECK[\w-]*:.*\berror:", re.MULTILINE)
_ARCH = re.compile(r"--pto-arch[= ]([a-z0-9]+)")
_HAS_TARGET = re.compile(r"pto\.target_arch")
_MODULE_ATTRIBUTES = re.compile(r"^((?:builtin\.)?module\s+attributes\s*\{)", re.MULTILINE)
_MODULE = re.compile(r"^((?:builtin\.)?module)(\s*\{)", re.MULTILINE)
KERNEL_SUFFIXES = (".pto", ".mlir")


def _negative(text: str) -> bool:
    """A negative test (RUN `not ...` or `! ...`, `expected-error`, a CHECK of `error:`)."""
    runs = _RUN.findall(text)
    return (
        any(_NEGATIVE.search(r) for r in runs)
        or "expected-error" in text
        or bool(_ERROR_CHECK.search(text))
    )


def pin_target(text: str, target: str) -> str:
    """`text` with `pto.target_arch = target` on its (first) module, where it has none."""
    if _HAS_TARGET.search(text):
        return text
    pinned = f'pto.target_arch = "{target}"'
    if (found := _MODULE_ATTRIBUTES.search(text)) is not None:
        return f"{text[: found.end()]}{pinned}, {text[found.end() :]}"
    if (found := _MODULE.search(text)) is not None:
        rest = text[found.end(1) :]
        return f"{text[: found.end(1)]} attributes {{{pinned}}}{rest}"
    return f"module attributes {{{pinned}}} {{\n{text}}}\n"


def external_cases(text: str) -> list[str]:
    """The seeds of one kernel file of a PTOAS checkout: none for a negative test; split at
    `// -----` lines only when a RUN line asks for `-split-input-file` (as PTOAS's lit does);
    the target of a RUN line's `--pto-arch` pinned on a module that names none."""
    if _negative(text):
        return []
    runs = " ".join(_RUN.findall(text))
    parts = _STRICT_SEPARATOR.split(text) if "-split-input-file" in runs else [text]
    arch = _ARCH.search(runs)
    found = [p.strip("\n") + "\n" for p in (_COMMENT_LINE.sub("", q) for q in parts)]
    found = [p for p in found if p.strip()]
    return [pin_target(p, arch.group(1)) for p in found] if arch else found


def external_seeds(dirs: Sequence[Path], limit: int | None = None) -> list[Seed]:
    """Every case of every `.pto`/`.mlir` file under `dirs` (distinct texts only), named
    `PARENT/DIR/relative/path#case`; at most `limit` files, a sample fixed by their names."""
    files = [
        (d, p)
        for d in dirs
        for p in sorted(d.rglob("*"))
        if p.suffix in KERNEL_SUFFIXES and p.is_file() and "Output" not in p.parts
    ]
    if limit is not None and len(files) > limit:
        files = sorted(random.Random(0).sample(files, limit))
    seeds: list[Seed] = []
    seen: set[str] = set()
    for base, path in files:
        try:
            text = path.read_text()
        except (OSError, UnicodeDecodeError):
            continue
        for index, case in enumerate(external_cases(text)):
            digest = hashlib.sha256(case.encode()).hexdigest()
            if digest not in seen:
                seen.add(digest)
                rel = path.relative_to(base.parent.parent).as_posix()
                seeds.append(Seed(f"{rel}#{index}", case))
    return seeds
