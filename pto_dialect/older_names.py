"""Older names of ops, from PTOAS parsers that named them otherwise.

A kernel written for such a parser parses: `LocatingParser` (`pto-opt`, `pto-run`, the
Python API) reads the older name as the op it names now, with that op's syntax, and prints
the op's name. Each row gives the parser that had the older name.
"""

from __future__ import annotations

OLDER_OP_NAMES: dict[str, str] = {
    # hw-native-sys/PTOAS of 2026-04 (PTOOps.td `PTO_Op<"build_async_session">` and its
    # transfers, the same operands and format); renamed into `pto.comm.*` by 2026-06
    "pto.build_async_session": "pto.comm.build_async_session",
    "pto.tput_async": "pto.comm.tput_async",
    "pto.tget_async": "pto.comm.tget_async",
    "pto.wait_async_event": "pto.comm.wait_async_event",
    "pto.test_async_event": "pto.comm.test_async_event",
    # the DPS-era store of PTOAS 2026-01-30 to 02-12 (hw-native-sys bed6c947 PTOOps.td
    # `StoreDpsOp`, `ins(...) outs(...)`; PTOConvert.cpp `PTOStoreDpsToTSTORE` emits TSTORE)
    "pto.store_dps": "pto.tstore",
}
"""Older op name -> the name of the op it is now."""
