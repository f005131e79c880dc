"""The tools' launch (`interpreters/commands/launch.py`): dataclass methods served from the
code cache are the methods `dataclasses` makes, and a cache compiles each text once."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path
from types import CodeType
from typing import Any

import pytest

from interpreters.commands import launch


def _point() -> type[Any]:
    @dataclasses.dataclass(frozen=True, order=True)
    class Point:
        x: int
        y: tuple[int, ...] = (1, 2)

    return Point


def _behaviour(cls: type[Any]) -> tuple[object, ...]:
    a, b = cls(1), cls(2, (3,))
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.x = 5
    return repr(a), repr(b), a == cls(1), a < b, hash(a) == hash(cls(1)), dataclasses.astuple(b)


def test_cached_methods_are_dataclasses_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    compiled: list[str] = []

    def counting(source: str, name: str, mode: str, *, dont_inherit: bool) -> CodeType:
        compiled.append(source)
        return compile(source, name, mode, dont_inherit=dont_inherit)

    monkeypatch.setattr(launch, "compile", counting, raising=False)
    cache = tmp_path / "codes.marshal"
    expected = _behaviour(_point())
    with launch.dataclass_code(cache):
        first = _behaviour(_point())
    assert compiled and cache.exists()
    compiled.clear()
    with launch.dataclass_code(cache):
        again = _behaviour(_point())
    assert not compiled  # every text served from the cache
    assert first == again == expected
    assert not hasattr(dataclasses, "exec")


def test_an_unreadable_cache_is_started_again(tmp_path: Path) -> None:
    cache = tmp_path / "codes.marshal"
    cache.write_bytes(b"\x00not marshal")
    expected = _behaviour(_point())
    with launch.dataclass_code(cache):
        assert _behaviour(_point()) == expected
