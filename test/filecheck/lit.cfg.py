"""lit configuration: FileCheck tests of the dialect, passes and runner."""

import os
import subprocess
import sys
import tempfile

import lit.formats

config.name = "pto-xdsl"  # noqa: F821
config.test_format = lit.formats.ShTest()  # noqa: F821
config.suffixes = [".mlir"]  # noqa: F821
config.test_source_root = os.path.dirname(__file__)  # noqa: F821
config.excludes = ["Inputs", "bin", "lit.cfg.py"]  # noqa: F821

here = os.path.dirname(__file__)
# The tools on lit's PATH are bin/'s stand-ins: with a server running (below) they hand their
# command to it, else they run the real tool.
config.environment["PATH"] = os.pathsep.join(  # noqa: F821
    [os.path.join(here, "bin"), os.environ["PATH"]]
)
# custom form -> generic form -> custom form must equal custom -> custom; prints the custom
# form (or the generic one), all in one process (roundtrip.py)
config.substitutions.append(("%roundtrip", "pto-lit-roundtrip"))  # noqa: F821
config.substitutions.append(  # noqa: F821
    ("%examples", os.path.join(here, "..", "..", "examples"))
)
config.substitutions.append(  # noqa: F821
    ("%print-npy", f"python3 {os.path.join(here, 'run', 'Inputs', 'print_npy.py')}")
)

# One server imports the tools once and forks a child per command (fork_server.py), so a
# RUN line does not pay Python's and xDSL's start-up. PTO_LIT_FORK=0 turns it off.
if os.environ.get("PTO_LIT_FORK", "1") != "0" and "PTO_LIT_SERVER" not in os.environ:
    server_path = os.path.join(tempfile.mkdtemp(prefix="pto-lit-"), "server")
    server = subprocess.Popen(  # lives until lit exits and closes its standard input
        [sys.executable, os.path.join(here, "fork_server.py"), server_path],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    assert server.stdout is not None
    if server.stdout.readline().strip() == b"ready":
        os.environ["PTO_LIT_SERVER"] = server_path
    else:  # the tools run as processes of their own
        os.rmdir(os.path.dirname(server_path))
if "PTO_LIT_SERVER" in os.environ:
    config.environment["PTO_LIT_SERVER"] = os.environ["PTO_LIT_SERVER"]  # noqa: F821
