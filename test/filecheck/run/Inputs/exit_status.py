"""Run a command; print its stderr, then `exit status: N` (for FileCheck).

    exit_status.py [--no-reader] -- CMD ARG...

With --no-reader the command's stdout is a pipe whose reading end is already closed, as
when `| head` has exited: its first write fails with EPIPE (stdout buffered, as usual).
"""

import os
import subprocess
import sys

args = sys.argv[1:]
no_reader = args[0] == "--no-reader"
command = args[args.index("--") + 1 :]
if no_reader:
    read_end, write_end = os.pipe()
    os.close(read_end)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    result = subprocess.run(command, stdout=write_end, stderr=subprocess.PIPE, text=True, env=env)
    os.close(write_end)
else:
    result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
sys.stdout.write(result.stderr)
print(f"exit status: {result.returncode}")
