#!/usr/bin/env -S python3 -S -E
"""Stands in for a tool on lit's PATH: asks `fork_server.py` to run it with this process's
arguments, directory, environment and standard streams, and exits with its status. Without
a server (PTO_LIT_SERVER unset or gone) it runs the real tool found further along PATH."""

import json
import os
import socket
import struct
import sys

command = os.path.basename(sys.argv[0])
server = os.environ.get("PTO_LIT_SERVER", "")
if server and os.path.exists(server):
    request = json.dumps(
        {"argv": [command, *sys.argv[1:]], "cwd": os.getcwd(), "env": dict(os.environ)}
    ).encode()
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
        conn.connect(server)
        socket.send_fds(conn, [struct.pack("!I", len(request))], [0, 1, 2])
        conn.sendall(request)
        reply = b""
        while len(reply) < 4:
            chunk = conn.recv(4 - len(reply))
            if not chunk:
                sys.exit(1)  # the child died without a status (a crash)
            reply += chunk
    sys.exit(struct.unpack("!i", reply)[0] & 0xFF)

here = os.path.dirname(os.path.abspath(__file__))
path = [p for p in os.environ.get("PATH", "").split(os.pathsep) if os.path.abspath(p) != here]
os.environ["PATH"] = os.pathsep.join(path)
if command == "pto-lit-roundtrip":
    argv = ["python3", os.path.join(here, "..", "roundtrip.py"), *sys.argv[1:]]
    os.execvp("python3", argv)
os.execvp(command, [command, *sys.argv[1:]])
