"""Older and other names of ops, from PTOAS parsers (and the ISA manual) that named them
otherwise.

A kernel written for such a parser parses: `LocatingParser` (`pto-opt`, `pto-run`, the
Python API) reads the older name as the op it names now, with that op's syntax, and prints
the op's name. Each group gives the parser that had the older names.
"""

from __future__ import annotations

_DPS_ERA = (
    *("abs", "colexpand", "colmax", "colmin", "cvt", "exp", "fillpad", "log", "mov", "neg"),
    *("not", "recip", "relu", "reshape", "rowexpand", "rowmax", "rowsum", "rsqrt", "sqrt"),
    *("trans", "load", "store", "add", "and", "div", "sub", "xor", "rowexpanddiv"),
    *("rowexpandmul", "rowexpandsub", "colsum", "rowmin", "addc", "subc", "adds", "ands"),
    *("divs", "muls", "subs", "xors", "addsc", "subsc", "expands", "ci"),
    # `ins(%a : T, %b : T)`, a type after each operand: the T-op's parser reads it too
    *("max", "min", "mul", "or", "shl", "shr", "partadd", "partmax", "partmin", "prelu"),
    *("rem", "ors"),
)
"""The DPS-era ops of PTOAS 2026-01-30 to 02-12 (hw-native-sys bed6c947 PTOOps.td
`PTO_DpsOp<"X_dps">`, removed by 02-12) whose syntax the T-op's parser reads (`ins(%a, %b :
T, T) outs(%d : T)` or `ins(%a : T, %b : T) ...`, the scalar and scratch operands in the
T-op's order) and which PTOConvert.cpp lowers to the T-instruction with the operands in that
order (`PTOAbsToTABS`, ...: `pto.X_dps` emits `TX(dst, srcs...)`). Those with another
name now are `_DPS_ERA_RENAMED`; those with syntax of their own, `older_spellings.py`."""

_DPS_ERA_RENAMED = {
    **{name: f"t{name}" for name in ("cmp", "cmps", "gemv", "getval", "setval", "print")},
    **{name: f"t{name}" for name in ("shls", "shrs", "sync")},
    "addf": "tadd",  # PTO_BinaryFloatDpsOp, lowered to TADD
    "matmul_acc": "tmatmul.acc",
    "mgather": "mgather",
    "mscatter": "mscatter",
    "mov_fp": "tmov",  # `ins(%src, %fp : T, F)` / `ins(%src : T, %fp : F)`: TMOV_FP
    "store_fp": "tstore",  # `ins(%src, %fp : T, F)`: TSTORE_FP
}
"""DPS-era ops (as `_DPS_ERA`) whose syntax the op they are now reads, under another name:
`cmp_dps`'s mode inside `ins` as `tcmp` writes it, `getval_dps`'s `outs : T`, a fixpipe
tile after the source. The others of that parser have syntax of their own
(`older_spellings.py`)."""

OLDER_OP_NAMES: dict[str, str] = {
    # hw-native-sys/PTOAS of 2026-04 (PTOOps.td `PTO_Op<"build_async_session">` and its
    # transfers, the same operands and format); renamed into `pto.comm.*` by 2026-06
    "pto.build_async_session": "pto.comm.build_async_session",
    "pto.tput_async": "pto.comm.tput_async",
    "pto.tget_async": "pto.comm.tget_async",
    "pto.wait_async_event": "pto.comm.wait_async_event",
    "pto.test_async_event": "pto.comm.test_async_event",
    # zhangstevenunity (2026-03), hw-native-sys (2026-04) and vpto-dev (2026-06) PTOOps.td
    # `TMovFPOp` "tmov.fp" and `TStoreFPOp` "tstore_fp", `ins(%src, %fp : T, F) outs(%dst :
    # D)`; by 2026-08 TMOV_FP and TSTORE_FP are `tmov`/`tstore` with the optional fp tile
    "pto.tmov.fp": "pto.tmov",
    "pto.tstore_fp": "pto.tstore",
    # pto-isa's manual (tile/ops/memory-and-data-movement/tstore.md, "Fix-pipe"): `pto.tstore.fp
    # ins(%src, %fp : T, F) outs(%mem : V)` and `pto.tstore.fp %src, %fp, %mem : (T, F, V) -> ()`
    "pto.tstore.fp": "pto.tstore",
    **{f"pto.{name}_dps": f"pto.t{name}" for name in _DPS_ERA},
    **{f"pto.{name}_dps": f"pto.{op}" for name, op in _DPS_ERA_RENAMED.items()},
}
"""Older op name -> the name of the op it is now."""
