"""Runs the project's command-line tools for lit without paying their start-up each time.

Every `pto-opt`, `pto-run`, `pto-check`, `xdsl-opt` and `%roundtrip` of a RUN line would start
a Python process that imports xDSL, the dialect and the interpreter (about 0.5 s, most of the
suite's time). `lit.cfg.py` starts this server once; it imports all of that, then forks a
child per command, which takes the caller's standard streams, arguments, directory and
environment and runs the tool's `main` exactly as its console script would. The callers are
the scripts in `bin/` (`client.py`), which lit finds first on PATH.

`python3 fork_server.py SOCKET` binds SOCKET, prints "ready", serves until its standard
input closes (lit exits), then removes SOCKET and its directory.
"""

from __future__ import annotations

import io
import json
import os
import runpy
import selectors
import signal
import socket
import struct
import sys
import traceback
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from importlib import import_module
from importlib.metadata import entry_points
from pathlib import Path

from interpreters.ops.registry import load_all

HERE = Path(__file__).resolve().parent
CONSOLE_SCRIPTS = ("pto-opt", "pto-run", "pto-check", "xdsl-opt")
SCRIPTS = {"pto-lit-roundtrip": HERE / "roundtrip.py"}
EXAMPLE = HERE.parent.parent / "examples" / "tabs_ssa.mlir"


def console_mains() -> dict[str, Callable[..., object]]:
    """The `main` of each console script, imported now (the point of the server)."""
    found = {ep.name: ep for ep in entry_points(group="console_scripts")}
    return {name: found[name].load() for name in CONSOLE_SCRIPTS}


def warm_up(mains: dict[str, Callable[..., object]]) -> None:
    """Runs the tools once on an example, so that what they load on first use (the dialect's
    ops, the passes, the interpreter's functions) is loaded before the fork."""
    with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
        mains["pto-opt"]([str(EXAMPLE), "-p", "pto-pipeline", "-o", os.devnull])
        args = ["--arg", "rand:1024xf32:2", "--arg", "zeros:1024xf32", "--report"]
        mains["pto-run"]([str(EXAMPLE), *args])
    load_all()  # a run loads only its ops' functions: every one, before the fork
    import_module("pto_dialect.dialect")  # the tools define op classes as kernels name them


@dataclass
class Request:
    """What a stand-in sends: the command line, its directory and its environment."""

    argv: list[str]
    cwd: str
    env: dict[str, str]


def receive(conn: socket.socket) -> tuple[Request, list[int]]:
    """One request: a length-prefixed JSON header, with the caller's fds 0, 1, 2."""
    head, fds, _, _ = socket.recv_fds(conn, 4, 3)
    (size,) = struct.unpack("!I", head)
    body = b""
    while len(body) < size:
        chunk = conn.recv(size - len(body))
        if not chunk:
            raise ConnectionError("request cut short")
        body += chunk
    fields = json.loads(body)
    argv = [str(arg) for arg in fields["argv"]]
    env = {str(key): str(value) for key, value in fields["env"].items()}
    return Request(argv, str(fields["cwd"]), env), fds


def run_child(conn: socket.socket, mains: dict[str, Callable[..., object]]) -> None:
    """In the forked child: become the caller's process, run the tool, report its status."""
    status = 70
    try:
        request, fds = receive(conn)
        for target, fd in enumerate(fds):
            os.dup2(fd, target)
            os.close(fd)
        os.chdir(request.cwd)
        os.environ.clear()
        os.environ.update(request.env)
        sys.argv = request.argv
        command = sys.argv[0]
        try:
            if command in SCRIPTS:
                sys.argv[0] = str(SCRIPTS[command])
                runpy.run_path(sys.argv[0], run_name="__main__")
                status = 0
            else:
                result = mains[command]()
                status = result if isinstance(result, int) else (0 if result is None else 1)
        except SystemExit as leaving:
            code = leaving.code
            if code is None:
                status = 0
            elif isinstance(code, int):
                status = code
            else:
                print(code, file=sys.stderr)
                status = 1
        except BaseException:
            traceback.print_exc()
            status = 1
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (BrokenPipeError, ValueError):
                status = status or 1
    finally:
        try:
            conn.sendall(struct.pack("!i", status))
        finally:
            os._exit(status & 0xFF)


def serve(path: str) -> None:
    mains = console_mains()
    warm_up(mains)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(64)
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # children reap themselves
    print("ready", flush=True)
    events = selectors.DefaultSelector()
    events.register(listener, selectors.EVENT_READ)
    events.register(sys.stdin, selectors.EVENT_READ)
    try:
        while True:
            for key, _ in events.select():
                if key.fileobj is sys.stdin:
                    if not os.read(sys.stdin.fileno(), 4096):
                        return  # lit is gone
                    continue
                conn, _ = listener.accept()
                if os.fork() == 0:
                    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                    listener.close()
                    events.close()
                    run_child(conn, mains)
                conn.close()
    finally:
        os.unlink(path)
        os.rmdir(os.path.dirname(path))


if __name__ == "__main__":
    serve(sys.argv[1])
