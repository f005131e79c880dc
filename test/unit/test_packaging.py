"""Packaging: typed packages, one version, dependency ranges that the pinned versions meet."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

import pto_dialect

ROOT = Path(pto_dialect.__file__).resolve().parent.parent
PACKAGES = ("pto_dialect", "passes", "interpreters")
BIN = Path(sys.executable).parent

USER_SCRIPT = """\
from xdsl.dialects.builtin import ModuleOp

from interpreters.launching.execute import RunResult, run_function
from interpreters.commands.runner import main
from passes.opt import PtoOptMain
from pto_dialect.dialect import PTO
from pto_dialect.parsing import parse_module
from pto_dialect.tile_types import TileBufType


def run(module: ModuleOp) -> RunResult:
    return run_function(module, ["zeros:4xf32"])


print(PTO.name, main, PtoOptMain, parse_module, TileBufType, run)
"""


def _pyproject() -> Any:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


def test_a_user_script_type_checks_under_pyright_strict(tmp_path: Path) -> None:
    """The packages are found as installed third-party code (on the interpreter's path,
    outside the script's project): without `py.typed` pyright strict reports
    `reportMissingTypeStubs` for every import of them."""
    (tmp_path / "user.py").write_text(USER_SCRIPT)
    config = {"typeCheckingMode": "strict", "pythonVersion": "3.11"}
    (tmp_path / "pyrightconfig.json").write_text(json.dumps(config))
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run(
        [str(BIN / "pyright"), "--pythonpath", sys.executable, "user.py"],
        cwd=tmp_path, env=env, capture_output=True, text=True, check=False, timeout=300,
    )  # fmt: skip
    assert "0 errors" in proc.stdout, proc.stdout
    assert proc.returncode == 0


def test_every_package_is_marked_typed_and_ships_the_marker() -> None:
    for package in PACKAGES:
        assert (ROOT / package / "py.typed").is_file(), package
    package_data = _pyproject()["tool"]["setuptools"]["package-data"]
    assert "py.typed" in package_data["*"]


def test_both_tools_print_the_version_of_pyproject() -> None:
    version = _pyproject()["project"]["version"]
    assert pto_dialect.__version__ == version
    for tool in ("pto-run", "pto-opt"):
        proc = subprocess.run([str(BIN / tool), "--version"], capture_output=True, text=True,
                              check=True)  # fmt: skip
        assert proc.stdout.startswith(f"{tool} {version}"), proc.stdout


def test_the_pinned_versions_meet_the_ranges_of_pyproject() -> None:
    project = _pyproject()["project"]
    extras: dict[str, list[str]] = project["optional-dependencies"]
    wanted = [Requirement(r) for r in project["dependencies"]]
    wanted += [Requirement(r) for group in extras.values() for r in group]
    pins: dict[str, str] = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, pinned = line.partition("==")
            pins[canonicalize_name(name)] = pinned.strip()
    assert canonicalize_name("pto-xdsl") not in pins
    for requirement in wanted:
        pinned = pins.get(canonicalize_name(requirement.name))
        assert pinned is not None, f"{requirement.name} is not pinned in constraints.txt"
        assert requirement.specifier.contains(pinned), f"{requirement} excludes {pinned}"
        assert str(requirement.specifier) != f"=={pinned}", f"{requirement}: a range, not a pin"
