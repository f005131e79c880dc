"""The progress line of long runs, with a fake clock and a fake terminal (never timing)."""

from __future__ import annotations

import io
import re

import pytest

from interpreters.api import PtoRunError, parse, run
from interpreters.launching.progress import CHECK_EVERY, Progress


class FakeClock:
    def __init__(self, step: float = 0.0) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_nothing_is_shown_before_the_delay_and_then_at_most_every_interval() -> None:
    out, clock = io.StringIO(), FakeClock()
    progress = Progress(out, clock=clock, delay=2.0, interval=0.25, is_tty=True)
    clock.now = 1.9
    progress.update(4096, 10)
    assert out.getvalue() == ""
    clock.now = 2.0
    progress.update(8192, 1234)
    assert out.getvalue() == "\rpto-run: 8,192 ops executed, 1,234 cycles so far"
    clock.now = 2.1  # within the interval: no new line
    progress.update(12288, 2000)
    assert out.getvalue().count("\r") == 1
    clock.now = 2.4
    progress.update(16384, None)  # a run without the pipe model has no cycles
    last = out.getvalue().split("\r")[-1]
    assert last.rstrip() == "pto-run: 16,384 ops executed"
    assert len(last) == len("pto-run: 8,192 ops executed, 1,234 cycles so far")  # padded
    progress.done()
    assert out.getvalue().endswith("\r" + " " * len("pto-run: 16,384 ops executed") + "\r")


def test_nothing_is_shown_when_stderr_is_not_a_terminal() -> None:
    out = io.StringIO()  # isatty() is False
    progress = Progress(out, clock=FakeClock(step=10.0))
    progress.update(4096, 1)
    progress.done()
    assert out.getvalue() == ""


def test_a_short_run_shows_nothing() -> None:
    out = io.StringIO()
    progress = Progress(out, clock=FakeClock(step=0.001), is_tty=True)
    for ops in range(CHECK_EVERY, 20 * CHECK_EVERY, CHECK_EVERY):
        progress.update(ops, ops)
    progress.done()
    assert out.getvalue() == ""


LOOP = """
func.func @spin(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.yield
  }
  func.return
}
"""


def test_a_long_run_reports_its_ops_every_check_and_erases_the_line() -> None:
    out = io.StringIO()
    progress = Progress(out, clock=FakeClock(step=1.0), delay=2.0, interval=0.0, is_tty=True)
    iterations = 5 * CHECK_EVERY
    result = run(parse(LOOP), iterations, progress=progress)
    executed = sum(result.report.machine.op_counts.values())
    assert executed == iterations + 4  # a yield per iteration, two constants, the loop, return
    counts = [int(n.replace(",", "")) for n in re.findall(r"pto-run: ([\d,]+) ops", out.getvalue())]
    assert counts, out.getvalue()
    assert all(n % CHECK_EVERY == 0 for n in counts)
    assert counts == sorted(counts) and counts[-1] <= executed
    # the clock is read once per check: about executed / CHECK_EVERY times, not per op
    assert len(counts) <= executed // CHECK_EVERY
    assert "cycles so far" in out.getvalue()
    assert out.getvalue().endswith("\r")  # erased at the end


def test_the_step_limit_still_holds_with_progress() -> None:
    out = io.StringIO()
    progress = Progress(out, clock=FakeClock(step=1.0), delay=0.0, interval=0.0, is_tty=True)
    with pytest.raises(PtoRunError, match="exceeds 10000 interpreted ops"):
        run(parse(LOOP), 10 * CHECK_EVERY, progress=progress, max_steps=10_000)
    counts = re.findall(r"pto-run: ([\d,]+) ops", out.getvalue())
    assert counts == ["4,096", "8,192"]
    assert out.getvalue().endswith("\r")  # erased also when the run fails
