"""The op reference (`docs/ops/`), generated from the ops' records.

`python -m pto_dialect.reference [DIR]` writes one page per op family module and an index;
`test_op_reference` fails when the committed pages differ from what this prints.
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import cast

from xdsl.irdl import IRDLOperation

from pto_dialect.attrs import TargetArch
from pto_dialect.dialect import OP_MODULES
from pto_dialect.ops.base import PtoOp, TileOp, declared_format, source_names
from pto_dialect.ops.tile_matrix import MatmulTileOp
from pto_dialect.ops.tile_memory import TStoreOp
from pto_dialect.ops.tile_move import TMovOp
from pto_dialect.ops.vector_common import VectorPipeOp
from pto_dialect.records import (
    AsVectorOp,
    Cost,
    DTypes,
    Formula,
    NoCycles,
    PipeRule,
    VectorCost,
)

MANUAL_URL = "https://github.com/hw-native-sys/pto-isa/blob/main/docs/isa/"
TARGETS = (TargetArch.A2A3, TargetArch.A5, TargetArch.CPU)


def _first_paragraph(doc: str | None) -> str:
    text = inspect.cleandoc(doc or "")
    return " ".join(text.split("\n\n")[0].split())


def _cost(cost: Cost | None) -> str:
    if isinstance(cost, VectorCost):
        text = (
            f"A2/A3 completion row `{cost.completion.value}`, `{cost.per_repeat.value}` per "
            f"repeat; A5 latency {cost.a5_latency}"
        )
        if cost.f16_a5_latency is not None:
            text += f" ({cost.f16_a5_latency} for 16-bit elements)"
        return text + (f". Estimate: {cost.estimate}" if cost.estimate else " (seed 004)")
    if isinstance(cost, AsVectorOp):
        vector_op = cast(type[PtoOp], cost.op)
        return f"one repeat of `{vector_op.name}` per 256 bytes of the valid region"
    if isinstance(cost, Formula):
        text = cost.formula.value
        return text + (f". Estimate: {cost.estimate}" if cost.estimate else "")
    if isinstance(cost, NoCycles):
        return f"none ({cost.why})"
    return "**missing**"


def _dtypes(table: DTypes) -> list[str]:
    lines = ["| target | element types |", "|---|---|"]
    for arch in TARGETS:
        names = ", ".join(sorted(d.name for d in table[arch])) or "none"
        lines.append(f"| {arch.value} | {names} |")
    return lines


def _syntax(op: type[PtoOp]) -> list[str]:
    name = op.name
    own: Callable[[], list[str]] | None = getattr(op, "syntax_lines", None)
    if own is not None:  # a record that spells its own forms (scalars, attributes, tmp)
        return own()
    if issubclass(op, TileOp):
        count = getattr(op, "ARITY", op.NUM_INS)
        srcs = ", ".join(f"%{name}" for name in source_names(count))
        tiles = ", ".join(["!pto.tile<...>"] * count)
        bufs = ", ".join(["!pto.tile_buf<...>"] * count)
        sig = tiles if count == 1 else f"({tiles})"
        return [
            f"- SSA: `%dst = {name} {srcs} : {sig} -> !pto.tile<...>`",
            f"- DPS: `{name} ins({srcs} : {bufs}) outs(%dst : !pto.tile_buf<...>)`",
        ]
    fmt = declared_format(op)
    if fmt:
        return [f"- `{name} {' '.join(fmt.split())}`"]
    return [f"- custom syntax: see the `{op.__name__}` docstring and the round-trip tests"]


def _described(op: type[PtoOp], method: str) -> str | None:
    """The docstring of `method` when a family below TileOp overrides it."""
    for cls in op.__mro__:
        if cls is TileOp:
            return None
        if method in vars(cls):
            return _first_paragraph(getattr(cls, method).__doc__)
    return None


def op_section(op: type[PtoOp]) -> list[str]:
    """The reference entry of one op."""
    family = next(b.__name__ for b in op.__mro__[1:] if b.__name__ != op.__name__)
    lines = [f"## {op.name}", ""]
    lines.append(_first_paragraph(op.__doc__) or f"`{op.__name__}`.")
    lines.append("")
    url = (
        op.MANUAL if op.MANUAL and op.MANUAL.startswith("https://") else f"{MANUAL_URL}{op.MANUAL}"
    )
    manual = f"[{op.MANUAL}]({url})" if op.MANUAL else "**missing**"
    lines += [
        f"- class `{op.__name__}` (family `{family}`), pipe {_pipe_summary(op)}",
        f"- manual: {manual}",
        *_syntax(op),
    ]
    if issubclass(op, TileOp):
        effects = "sources read, the DPS destination written"
        scratch = _described(op, "scratch_sources")
        lines.append(f"- effects: {effects}" + (f"; scratch: {scratch}" if scratch else ""))
        region = _described(op, "result_region")
        if region:
            lines.append(f"- result valid region: {region}")
    lowers = op.lowers_to() if issubclass(op, TileOp) else ()
    if lowers:
        lines.append("- lowers to: " + ", ".join(f"`{o.name}`" for o in lowers))
    elif issubclass(op, TileOp) and op.NOT_LOWERED:
        lines.append(f"- stays a tile op: {op.NOT_LOWERED}")
    elif issubclass(op, TileOp) and op.REFUSED:
        lines.append(f"- refused by pto-lower-tile-to-vector: {op.REFUSED}")
    lines.append(f"- cost: {_cost(op.cost())}")
    table = op.DTYPES if issubclass(op, TileOp | VectorPipeOp) else None
    if table is not None:
        lines += ["", *_dtypes(table)]
    if issubclass(op, TStoreOp):
        for loc, per_target in op.DTYPES_BY_LOC.items():
            lines += ["", f"From `loc={loc.value}`:", "", *_dtypes(per_target)]
    if issubclass(op, TMovOp):
        for (src, dst), per_target in op.DTYPES_BY_PAIR.items():
            lines += ["", f"`loc={src.value}` to `loc={dst.value}`:", "", *_dtypes(per_target)]
    if issubclass(op, MatmulTileOp):
        lines += ["", "| target | (C, A, B) element types |", "|---|---|"]
        for arch in TARGETS:
            triples = sorted(f"({c}, {a}, {b})" for c, a, b in op.TRIPLES[arch])
            lines.append(f"| {arch.value} | {', '.join(triples)} |")
    return [*lines, ""]


def _pipe_cells(rule: PipeRule) -> list[str]:
    if rule.pipes is None:
        return ["named by the op"] * len(TARGETS)
    return [f"`{rule.pipes[arch].value}`" for arch in TARGETS]


def _pipe_summary(op: type[PtoOp]) -> str:
    """`PIPE_X`, or each form's pipe (the rows of `pipes.md`)."""
    rules = op.pipe_rules()
    if len(rules) == 1 and rules[0].pipes is not None and len(set(_pipe_cells(rules[0]))) == 1:
        return f"`{op.PIPE.value}`" if rules[0].pipes.a2a3 is op.PIPE else _pipe_cells(rules[0])[0]
    forms = "; ".join(
        f"{r.when or 'any'}: " + "/".join(dict.fromkeys(_pipe_cells(r))) for r in rules
    )
    return f"by form ({forms}; [pipes](pipes.md))"


def pipe_table() -> str:
    """`pipes.md`: the pipe of every op per target and operand form, from the records."""
    lines = [
        "# Pipes",
        "",
        "Generated from the ops' records (`PIPE`, `PIPE_RULES`) by `python -m",
        "pto_dialect.reference docs/ops`; do not edit by hand. This is the one table of which",
        "pipe runs each op: `op.pipe()` reads it for `pto-insert-sync`, the interpreter's pipe",
        "model and the checker (`pto-check`). Rows are tried in order; the first whose form",
        "matches gives the pipe in the column of the module's target.",
        "",
        "| op | form | " + " | ".join(a.value for a in TARGETS) + " | source |",
        "|---|---|" + "---|" * len(TARGETS) + "---|",
    ]
    for module in OP_MODULES:
        for op in _ops(module):
            for rule in op.pipe_rules():
                cells = " | ".join(_pipe_cells(rule))
                lines.append(f"| `{op.name}` | {rule.when or 'any'} | {cells} | {rule.source} |")
    return "\n".join(lines) + "\n"


def _ops(module: ModuleType) -> list[type[PtoOp]]:
    ops: list[type[IRDLOperation]] = module.OPS
    return [o for o in ops if issubclass(o, PtoOp)]


def pages() -> Iterator[tuple[str, str]]:
    """(file name, markdown) of every page of the reference."""
    index = [
        "# Op reference",
        "",
        "Generated from the ops' records by `python -m pto_dialect.reference docs/ops`; do not",
        "edit by hand. One page per op family module:",
        "",
    ]
    for module in OP_MODULES:
        stem = module.__name__.rsplit(".", 1)[-1]
        ops = _ops(module)
        title = _first_paragraph(module.__doc__)
        index.append(f"- [{stem}]({stem}.md): " + ", ".join(f"`{o.name}`" for o in ops))
        body = [f"# {stem}", "", title, ""]
        for op in ops:
            body += op_section(op)
        yield f"{stem}.md", "\n".join(body).rstrip() + "\n"
    index += ["", "- [pipes](pipes.md): the pipe of every op per target and operand form"]
    yield "pipes.md", pipe_table()
    yield "README.md", "\n".join(index) + "\n"


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else "docs/ops")
    out.mkdir(parents=True, exist_ok=True)
    for name, text in pages():
        (out / name).write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
