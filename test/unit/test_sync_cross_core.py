"""Cluster semaphores in the interpreter: a signal is taken by one wait (manual pages
set-cross-core.md, wait-flag-dev.md, set-intra-block.md, wait-intra-core.md)."""

from __future__ import annotations

import pytest

from interpreters.api import PtoRunError, parse, run


def kernel(target: str, body: str) -> str:
    return f"""
module attributes {{pto.target_arch = "{target}"}} {{
  func.func @k(%s: i64) {{
    %p = arith.constant 1 : i64
{body}
    func.return
  }}
}}"""


A5_SET = "    pto.set_intra_block %p, %s : i64, i64"
A5_WAIT = "    pto.wait_intra_core %p, %s : i64, i64"
A2_SET = "    pto.set_cross_core %p, %s : i64, i64"
A2_WAIT = "    pto.wait_flag_dev %s : i64"


@pytest.mark.parametrize(
    ("target", "signal", "wait"), [("a5", A5_SET, A5_WAIT), ("a2a3", A2_SET, A2_WAIT)]
)
def test_each_signal_releases_one_wait(target: str, signal: str, wait: str) -> None:
    text = kernel(target, "\n".join([signal, signal, wait, wait]))
    assert not run(parse(text), 3).hazards
    with pytest.raises(PtoRunError, match="waits for semaphore 3, which nothing of this run"):
        run(parse(kernel(target, "\n".join([signal, wait, wait]))), 3)


def test_a_wait_takes_only_its_own_semaphore() -> None:
    text = kernel(
        "a5",
        A5_SET + "\n    %t = arith.constant 4 : i64\n    pto.wait_intra_core %p, %t : i64, i64",
    )
    with pytest.raises(PtoRunError, match="semaphore 4"):
        run(parse(text), 3)


@pytest.mark.parametrize(("target", "signal", "limit"), [("a5", A5_SET, 32), ("a2a3", A2_SET, 16)])
def test_semaphore_ids_outside_the_pool_are_errors(target: str, signal: str, limit: int) -> None:
    run(parse(kernel(target, signal)), limit - 1)
    with pytest.raises(PtoRunError, match=rf"semaphore id {limit} must be in \[0, {limit}\)"):
        run(parse(kernel(target, signal)), limit)


def test_a_sixteenth_pending_signal_overflows_the_4_bit_counter() -> None:
    run(parse(kernel("a2a3", "\n".join([A2_SET] * 15))), 0)
    with pytest.raises(PtoRunError, match="overflows"):
        run(parse(kernel("a2a3", "\n".join([A2_SET] * 16))), 0)
