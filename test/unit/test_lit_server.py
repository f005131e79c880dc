"""lit's fork server (test/filecheck/fork_server.py): a command through bin/'s stand-in gives
the bytes and exit status the tool gives as a process of its own."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LIT = ROOT / "test" / "filecheck"
VENV_BIN = Path(sys.executable).parent
EXAMPLE = str(ROOT / "examples" / "tabs_ssa.mlir")
BAD = "func.func @f(%x: i32) {\n  %y = arith.addi %x, %z : i32\n  return\n}\n"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    path = str(tmp_path_factory.mktemp("lit") / "server")
    process = subprocess.Popen(
        [sys.executable, str(LIT / "fork_server.py"), path],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stdin is not None
    assert process.stdout.readline().strip() == b"ready"
    yield path
    process.stdin.close()  # as when lit exits
    assert process.wait(timeout=10) == 0
    assert not os.path.exists(path)


def run(argv: list[str], server: str | None, stdin: str = "") -> tuple[int, str, str]:
    env = dict(
        os.environ, PATH=os.pathsep.join([str(LIT / "bin"), str(VENV_BIN), os.environ["PATH"]])
    )
    env.pop("PTO_LIT_SERVER", None)
    if server is not None:
        env["PTO_LIT_SERVER"] = server
    done = subprocess.run(argv, input=stdin, capture_output=True, text=True, env=env, cwd=ROOT)
    return done.returncode, done.stdout, done.stderr


@pytest.mark.parametrize(
    ("argv", "stdin"),
    [
        (["pto-opt", EXAMPLE, "-p", "pto-pipeline"], ""),
        (["pto-opt"], BAD),  # a diagnostic and status 1, the input from the caller's stdin
        (
            ["pto-run", EXAMPLE, "--arg", "rand:1024xf32:2", "--arg", "zeros:1024xf32", "--report"],
            "",
        ),
        (["pto-run", EXAMPLE, "--bogus"], ""),  # usage names the tool
        (["pto-lit-roundtrip", EXAMPLE, "--print-op-generic"], ""),
    ],
)
def test_a_forked_command_is_the_command(server: str, argv: list[str], stdin: str) -> None:
    forked = run(argv, server, stdin)
    alone = run(argv, None, stdin)
    assert forked == alone
    assert forked[1] or forked[2]
