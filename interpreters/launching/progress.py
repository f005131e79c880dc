"""A progress line on stderr for long runs: ops executed and cycles so far.

The interpreter calls `Progress.update` every `CHECK_EVERY` ops (one comparison per op
otherwise). Nothing is shown before `delay` seconds, nor when the stream is not a terminal
(piped, redirected, a test); then one line, rewritten in place at most every `interval`
seconds and erased when the run ends.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO

CHECK_EVERY = 4096
"""Ops between two looks at the clock."""


class Progress:
    def __init__(
        self,
        stream: TextIO | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        delay: float = 2.0,
        interval: float = 0.25,
        is_tty: bool | None = None,
    ) -> None:
        self.stream = sys.stderr if stream is None else stream
        self.clock = clock
        self.delay = delay
        self.interval = interval
        self.enabled = self.stream.isatty() if is_tty is None else is_tty
        self.started = clock()
        self.shown_at: float | None = None
        self.width = 0

    def update(self, ops: int, cycles: int | None) -> None:
        """The run has executed `ops` ops (`cycles` so far, None without the pipe model)."""
        if not self.enabled:
            return
        now = self.clock()
        if now - self.started < self.delay:
            return
        if self.shown_at is not None and now - self.shown_at < self.interval:
            return
        self.shown_at = now
        line = f"pto-run: {ops:,} ops executed"
        if cycles is not None:
            line += f", {cycles:,} cycles so far"
        self._write(line)

    def done(self) -> None:
        """Erase the line, if one was shown."""
        if self.shown_at is not None:
            self._write("")
            self.stream.write("\r")
            self.stream.flush()
            self.shown_at = None

    def _write(self, line: str) -> None:
        padding = " " * max(0, self.width - len(line))  # cover a longer previous line
        self.stream.write(f"\r{line}{padding}")
        self.stream.flush()
        self.width = len(line)
