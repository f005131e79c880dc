"""Mutations aimed at the lowerings' newer rules (`python -m fuzz --focus`): a tile's valid
shape set before, after and inside loops and branches (`passes/valid_shapes.py`), subviews
at edge and run-time offsets, tiles at the same or overlapping addresses (pto-fuse's
`ModuleFacts`), conversion chains (`tcvt` in fused groups), VMI taken out of its scope
(`pto-infer-vecscope`) and FP4 tile shapes.

Each mutator keeps the text well formed where it can, so that most mutants still verify and
reach the passes and the differential stage. Values it adds are named `%fzN_...`, N unused
in the text. `FOCUS` names the seeds these mutators are for.
"""

from __future__ import annotations

import random
import re

from fuzz.mutate import Mutator, Pools, tile_parameter

FOCUS = (
    "pto.set_validshape", "pto.subview", "alloc_tile addr", "pto.tcvt", "pto.vmi.", "f4E",
    "valid_row", "pto.vecscope",
)  # fmt: skip
"""Text that makes a seed one of the targeted mutators' (`--focus`)."""

SET_VALID = re.compile(r"^\s*pto\.set_validshape\s+(%[\w$.-]+)\s*,\s*(%[\w$.-]+)\s*,\s*(%[\w$.-]+)")
TYPE = r"(!pto\.tile_buf<[^>]*>|![\w.]+)"
ALLOC = re.compile(r"^\s*(%[\w$.-]+)\s*=\s*pto\.alloc_tile\b.*?:\s*" + TYPE + r"\s*$")
VIEW = re.compile(r"^\s*(%[\w$.-]+)\s*=\s*pto\.subview\b.*?->\s*" + TYPE + r"\s*$")
"""A tile buffer and its type: an alloc's, or a subview's on one line."""
VIEW_START = re.compile(r"^\s*(%[\w$.-]+)\s*=\s*pto\.subview\b")
SSA_NAME = re.compile(r"%[\w$.-]+")
ALIAS = re.compile(r"^(![\w.]+)\s*=\s*(!pto\.tile_buf<[^>]*>)", re.MULTILINE)
ALLOC_ADDR = re.compile(r"\bpto\.alloc_tile\s+addr\s*=\s*(%[\w$.-]+)")
CONSTANT = re.compile(r"^\s*(%[\w$.-]+)\s*=\s*arith\.constant\s+(-?\d+)\s*:\s*(i64|index|i32)\s*$")
SUBVIEW = re.compile(
    r"pto\.subview\s+%[\w$.-]+\[([^\]]*)\]\s*sizes\s*\[(\d+)\s*,\s*(\d+)\]\s*"
    r"(?:valid\s*\[[^\]]*\]\s*)?:\s*" + TYPE
)
TCVT = re.compile(
    r"^(\s*)pto\.tcvt\s+ins\((%[\w$.-]+)\s*(\{[^}]*\})?\s*:\s*([^()]*?)\)\s*"
    r"outs\((%[\w$.-]+)\s*:\s*([^()]*?)\)\s*$"
)
SCOPE = re.compile(r"^\s*pto\.vecscope\s*\{\s*$")
NO_RESULT_OP = re.compile(r"^\s*pto\.[\w.]+\b(?!.*\{\s*$)")
TERMINATOR = re.compile(r"^\s*(?:func\.)?return\b|^\s*(?:scf|pto)\.yield\b|^\s*\}")
DIMS = re.compile(r"\brows=(\d+),\s*cols=(\d+)")
FP4 = ("!pto.f4E2M1x2", "!pto.f4E1M2x2")
FP4_SWAPS = ("i8", "ui8", "f8E4M3FN", "f8E5M2", *FP4)
FP4_TYPE = re.compile(r"dtype=(!pto\.f4E[12]M[12]x2|i8|ui8|f8E4M3FN|f8E5M2)\b")
FP4_COLS = re.compile(r"dtype=!pto\.f4E[12]M[12]x2,\s*rows=\d+,\s*cols=(\d+)")


def _lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def _fresh(text: str) -> str:
    n = 0
    while f"%fz{n}_" in text:
        n += 1
    return f"%fz{n}"


def _indent(line: str) -> str:
    return line[: len(line) - len(line.lstrip())]


def _depths(lines: list[str]) -> list[int]:
    """The brace depth at the start of each line."""
    depths: list[int] = []
    depth = 0
    for line in lines:
        depths.append(depth)
        depth += line.count("{") - line.count("}")
    return depths


def _function(lines: list[str], i: int) -> range | None:
    """The lines of the function body around line `i` (body lines only)."""
    start = next((j for j in range(i, -1, -1) if "func.func" in lines[j]), None)
    if start is None:
        return None
    depths = _depths(lines)
    end = next((j for j in range(start + 1, len(lines)) if depths[j + 1 : j + 2] == [depths[start]]
                and lines[j].strip().startswith("}")), None)  # fmt: skip
    return range(start + 1, end) if end is not None and end > start + 1 else None


_CONTINUED = re.compile(r"^\s*(?::|->|\)|\]|ins\(|outs\(|attributes\b)")


def _ends(lines: list[str]) -> list[int]:
    """Per line, the end (exclusive) of the statement starting there: a statement goes on
    while its brackets are open or the next line continues it (`: type`, `-> type`, ...)."""
    ends = [0] * (len(lines) + 1)
    ends[len(lines)] = len(lines)
    for i in range(len(lines) - 1, -1, -1):
        open_ = (
            lines[i].count("(") - lines[i].count(")") + lines[i].count("[") - lines[i].count("]")
        )
        nxt = i + 1
        if nxt < len(lines) and (open_ > 0 or _CONTINUED.match(lines[nxt])):
            ends[i] = ends[nxt]
        else:
            ends[i] = nxt
    return ends


def _starts(lines: list[str]) -> set[int]:
    """The lines that start a statement."""
    ends, found, i = _ends(lines), set[int](), 0
    while i < len(lines):
        found.add(i)
        i = max(ends[i], i + 1)
    return found


def _places(lines: list[str], body: range, after: int = -1) -> list[int]:
    """Where a statement can go in `body`: before one, not after a terminator."""
    starts = _starts(lines)
    return [j for j in body if j > after and j in starts and not TERMINATOR.match(lines[j - 1])]


def _defined(lines: list[str], names: list[str]) -> int:
    """The last line that first names one of `names` (where it is defined)."""
    found = -1
    for name in names:
        word = re.compile(re.escape(name) + r"(?![\w$.-])")
        found = max(found, next((i for i, line in enumerate(lines) if word.search(line)), -1))
    return found


def _index_value(name: str, value: int, indent: str, rng: random.Random) -> list[str]:
    """Lines defining index `name` = `value`: a constant, or the block index plus a constant
    (a value only the run knows)."""
    if rng.random() < 0.6:
        return [f"{indent}{name} = arith.constant {value} : index\n"]
    return [
        f"{indent}{name}_b = pto.get_block_idx\n",
        f"{indent}{name}_i = arith.index_cast {name}_b : i64 to index\n",
        f"{indent}{name}_k = arith.constant {value} : index\n",
        f"{indent}{name} = arith.addi {name}_i, {name}_k : index\n",
    ]


def _spelled(text: str, type: str) -> str:
    """`type` with a type alias (`!full`) replaced by what it names."""
    aliases = {m.group(1): m.group(2) for m in ALIAS.finditer(text)}
    return aliases.get(type, type)


def _edge(size: int, rng: random.Random) -> int:
    return rng.choice((0, 1, size - 1, size, size + 1, size // 2, rng.randint(0, max(size, 0))))


# ---- valid shapes -------------------------------------------------------------------------


def move_valid_shape(text: str, rng: random.Random, pools: Pools) -> str | None:
    """A `pto.set_validshape` moved (or copied) elsewhere in its function: before its tile's
    uses, after them, into or out of a loop or branch."""
    lines = _lines(text)
    sites = [i for i, line in enumerate(lines) if SET_VALID.match(line)]
    if not sites:
        return None
    i = rng.choice(sites)
    body = _function(lines, i)
    match = SET_VALID.match(lines[i])
    assert match is not None
    after = _defined(lines, list(match.groups()))
    end = _ends(lines)[i]
    statement = lines[i:end]
    places = [j for j in (_places(lines, body, after) if body else []) if not i < j < end]
    if rng.random() < 0.7:
        del lines[i:end]
        places = [j - (end - i) * (j > i) for j in places if j != i]
    if not places:
        return None
    j = rng.choice(places)
    lines[j:j] = statement
    return "".join(lines)


def set_valid_shape(text: str, rng: random.Random, pools: Pools) -> str | None:
    """A `pto.set_validshape` of a tile (an alloc's or a subview's) of dynamic valid shape,
    with edge or run-time values, somewhere after it."""
    lines = _lines(text)
    dynamic = "v_row=?, v_col=?"
    allocs = [(i, m) for i, line in enumerate(lines)
              if (m := ALLOC.match(line) or VIEW.match(line))
              and dynamic in _spelled(text, m.group(2))]  # fmt: skip
    if not allocs:
        return None
    i, alloc = rng.choice(allocs)
    dims = DIMS.search(_spelled(text, alloc.group(2)))
    body = _function(lines, i)
    places = _places(lines, body, i) if body and dims else []
    if not places or dims is None:
        return None
    rows, cols = int(dims.group(1)), int(dims.group(2))
    j = rng.choice(places)
    name, indent = _fresh(text), _indent(lines[j])
    new = [
        *_index_value(f"{name}_r", _edge(rows, rng), indent, rng),
        *_index_value(f"{name}_c", _edge(cols, rng), indent, rng),
        f"{indent}pto.set_validshape {alloc.group(1)}, {name}_r, {name}_c : {alloc.group(2)}\n",
    ]
    lines[j:j] = new
    return "".join(lines)


def wrap_in_region(text: str, rng: random.Random, pools: Pools) -> str | None:
    """One to three ops without results (a `set_validshape`, a tile op, a store) put in an
    `scf.for` of 0 to 3 trips or an `scf.if`, with constant or run-time bounds."""
    lines = _lines(text)
    starts, ends = _starts(lines), _ends(lines)
    sites = [i for i in sorted(starts) if NO_RESULT_OP.match(lines[i])
             and "{" not in "".join(lines[i : ends[i]])[-3:]]  # fmt: skip
    if not sites:
        return None
    i = rng.choice(sites)
    end, count = ends[i], rng.randint(1, 3)
    while count > 1 and end in sites:
        end, count = ends[end], count - 1
    name, indent = _fresh(text), _indent(lines[i])
    body = [f"  {line}" for line in lines[i:end]]
    if rng.random() < 0.6:
        head = [
            f"{indent}{name}_lo = arith.constant 0 : index\n",
            *_index_value(f"{name}_hi", rng.choice((0, 1, 1, 2, 3)), indent, rng),
            f"{indent}{name}_st = arith.constant 1 : index\n",
            f"{indent}scf.for {name}_i = {name}_lo to {name}_hi step {name}_st {{\n",
        ]
    else:
        head = [
            *_index_value(f"{name}_x", rng.choice((0, 1)), indent, rng),
            f"{indent}{name}_z = arith.constant 0 : index\n",
            f"{indent}{name}_p = arith.cmpi {rng.choice(('eq', 'ne'))}, {name}_x, {name}_z "
            ": index\n",
            f"{indent}scf.if {name}_p {{\n",
        ]
    lines[i:end] = [*head, *body, f"{indent}}}\n"]
    return "".join(lines)


def split_block(text: str, rng: random.Random, pools: Pools) -> str | None:
    """A function's body split in two blocks at a statement of its top level, the first
    branching to the second (`cf.br`): the lowerings then see a function of several
    blocks, with a valid shape set in the block before."""
    lines = _lines(text)
    heads = [
        i for i, line in enumerate(lines) if "func.func" in line and line.rstrip().endswith("{")
    ]
    if not heads:
        return None
    head = rng.choice(heads)
    body = _function(lines, head)
    if body is None:
        return None
    depths = _depths(lines)
    places = [j for j in _places(lines, body) if depths[j] == depths[head] + 1 and j > head + 1]
    if not places:
        return None
    j = rng.choice(places)
    name = _fresh(text).replace("%", "^")
    lines[j:j] = [f"{_indent(lines[j])}cf.br {name}\n", f"{name}:\n"]
    return "".join(lines)


# ---- subviews and addresses ---------------------------------------------------------------


def subview_offset(text: str, rng: random.Random, pools: Pools) -> str | None:
    """An offset of a `pto.subview` set to an edge value (at the last fitting position, one
    past it, ...) or a value only the run knows."""
    sites = list(SUBVIEW.finditer(text))
    if not sites:
        return None
    site = rng.choice(sites)
    offsets = [o.strip() for o in site.group(1).split(",")]
    if len(offsets) != 2:
        return None
    dims = DIMS.search(_spelled(text, site.group(4)))
    if dims is None:
        return None
    k = rng.randrange(2)
    size, whole = int(site.group(2 + k)), int(dims.group(1 + k))
    name = _fresh(text)
    offsets[k] = name
    value = rng.choice((0, whole - size, whole - size + 1, size, 1, 8, 16, whole))
    line_start = text.rfind("\n", 0, site.start()) + 1
    indent = _indent(text[line_start : site.start()] + "x")
    values = "".join(_index_value(name, max(value, 0), indent, rng))
    return (text[:line_start] + values + text[line_start : site.start(1)] + ", ".join(offsets)
            + text[site.end(1) :])  # fmt: skip


def move_subview(text: str, rng: random.Random, pools: Pools) -> str | None:
    """A `pto.subview` moved up to just after what it names is defined (before the ops that
    write its source) or down to just before its first use."""
    lines = _lines(text)
    ends = _ends(lines)
    sites = [i for i, line in enumerate(lines) if VIEW_START.match(line)]
    if not sites:
        return None
    i = rng.choice(sites)
    end = ends[i]
    statement = lines[i:end]
    result = VIEW_START.match(lines[i])
    assert result is not None
    names = SSA_NAME.findall("".join(statement).split("=", 1)[1].split(":", 1)[0])
    del lines[i:end]
    if rng.random() < 0.6:
        j = _defined(lines, names) + 1
        j = max(j, _ends(lines)[j - 1] if j > 0 else 0)
    else:
        word = re.compile(re.escape(result.group(1)) + r"(?![\w$.-])")
        j = next((k for k in range(i, len(lines)) if word.search(lines[k])), i)
    if j == i or j <= 0:
        return None
    lines[j:j] = statement
    return "".join(lines)


def alias_address(text: str, rng: random.Random, pools: Pools) -> str | None:
    """A tile's address set to another tile's (the same bytes) or near it (overlapping)."""
    lines = _lines(text)
    sites = [(i, m) for i, line in enumerate(lines) if (m := ALLOC_ADDR.search(line))]
    if len(sites) < 2:
        return None
    (i, site), (_, other) = rng.sample(sites, 2)
    line = lines[i]
    if rng.random() < 0.5:
        lines[i] = line[: site.start(1)] + other.group(1) + line[site.end(1) :]
        return "".join(lines)
    values = {m.group(1): int(m.group(2)) for line in lines if (m := CONSTANT.match(line))}
    base = values.get(other.group(1))
    if base is None:
        return None
    name = _fresh(text)
    shift = rng.choice((0, 32, 64, 256, 512, 1024, -32, -256))
    lines[i] = line[: site.start(1)] + name + line[site.end(1) :]
    lines.insert(i, f"{_indent(line)}{name} = arith.constant {max(base + shift, 0)} : i64\n")
    return "".join(lines)


# ---- conversions, scopes, FP4 -------------------------------------------------------------


def tcvt_back(text: str, rng: random.Random, pools: Pools) -> str | None:
    """A `pto.tcvt` followed by the conversion back into its source (a chain of two), or
    repeated (a conversion written twice)."""
    lines = _lines(text)
    sites = [(i, m) for i, line in enumerate(lines) if (m := TCVT.match(line))]
    if not sites:
        return None
    i, m = rng.choice(sites)
    if rng.random() < 0.3:
        lines.insert(i + 1, lines[i])
        return "".join(lines)
    indent, src, attrs, src_type, dst, dst_type = m.groups()
    attrs = f" {attrs}" if attrs else ""
    back = f"{indent}pto.tcvt ins({dst}{attrs} : {dst_type}) outs({src} : {src_type})\n"
    lines.insert(i + 1, back)
    return "".join(lines)


def leave_scope(text: str, rng: random.Random, pools: Pools) -> str | None:
    """A `pto.vecscope` removed around its body (VMI then outside any scope), or its first
    op moved out before it."""
    lines = _lines(text)
    sites = [i for i, line in enumerate(lines) if SCOPE.match(line)]
    if not sites:
        return None
    i = rng.choice(sites)
    depths = _depths(lines)
    end = next((j for j in range(i + 1, len(lines)) if depths[j] == depths[i] + 1
                and lines[j].strip() == "}"), None)  # fmt: skip
    if end is None:
        return None
    if rng.random() < 0.6 or end == i + 1 or "{" in lines[i + 1]:
        del lines[end]
        del lines[i]
    else:
        lines.insert(i, lines.pop(i + 1))
    return "".join(lines)


def fp4_shape(text: str, rng: random.Random, pools: Pools) -> str | None:
    """An FP4 tile's column count changed (odd, half, double), or an 8-bit tile made FP4 (or
    back)."""
    cols = list(FP4_COLS.finditer(text))
    if cols and rng.random() < 0.5:
        site = rng.choice(cols)
        n = int(site.group(1))
        new = rng.choice((n + 1, n - 1, n * 2, max(n // 2, 1), 1, 3, 64, 65))
        return text[: site.start(1)] + str(new) + text[site.end(1) :]
    types = list(FP4_TYPE.finditer(text))
    if not types:
        return None
    site = rng.choice(types)
    new = rng.choice(FP4 if site.group(1) not in FP4 else FP4_SWAPS)
    if rng.random() < 0.5:
        return text[: site.start(1)] + new + text[site.end(1) :]
    return text.replace(f"dtype={site.group(1)}", f"dtype={new}")


TARGETED: tuple[tuple[Mutator, int], ...] = (
    (move_valid_shape, 4),
    (set_valid_shape, 4),
    (wrap_in_region, 4),
    (split_block, 2),
    (subview_offset, 4),
    (move_subview, 2),
    (alias_address, 4),
    (tcvt_back, 3),
    (leave_scope, 3),
    (fp4_shape, 2),
    (tile_parameter, 1),
)
"""The targeted mutators and their weights (a tile parameter now and then besides)."""
