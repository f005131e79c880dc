"""Mutations of MLIR text: tokens, numbers, element types, tile parameters, enum values,
targets, typed values at their type's bounds, loop bounds, operand order, synchronisation,
lines and truncation.

Each mutator picks one site of its kind in the text (a random choice of `rng`) and returns
the text changed there, or None when the text has no such site. `mutate` applies a few of
them; the same text, pools and `rng` state always give the same mutant.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

TOKEN = re.compile(
    r'"(?:[^"\\\n]|\\.)*"'  # string
    r"|%[\w$.-]+(?::\d+)?(?:#\d+)?"  # SSA value
    r"|[#!^@][\w$.-]+"  # attribute / type alias, block, symbol
    r"|0x[0-9a-fA-F]+|\d+(?:\.\d+)?(?:[eE][+-]?\d+)?"  # number
    r"|[A-Za-z_][\w$.]*"  # identifier, op name, keyword
    r"|->|\S"  # punctuation
)
NUMBER = re.compile(r"(?<![\w%#.$!^@])-?(?:0x[0-9a-fA-F]+|\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)\b")
SHAPE = re.compile(r"(?<=[<\s])((?:(?:\d+|\?)x)+)(?=[a-z])")
DTYPE = re.compile(r"(?<![\w$%#!.-])(?:bf16|f8E\w+|f(?:16|32|64|80|128)|[su]?i\d+|ui\d+|index)\b")
TILE_PARAM = re.compile(
    r"\b(loc|dtype|rows|cols|v_row|v_col|blayout|slayout|fractal|pad)\s*=\s*([\w?.-]+)"
)
ENUM = re.compile(r'"([\w.]*)"|#pto\.\w+<(\w+)>|#pto<\w+ (\w+)>')
TARGET = re.compile(r'pto\.target_arch\s*=\s*"([^"]*)"')
MODULE = re.compile(r"^((?:builtin\.)?module)(\s*\{)", re.MULTILINE)
ATTRIBUTES = re.compile(r"\s*attributes\s*\{[^{}]*\}")
OP_NAME = re.compile(r"\b(?:pto|arith|scf|func|cf)\.[a-z_][\w.]*")
SSA = re.compile(r"%[\w$.-]+")
TYPED_INTEGER = re.compile(r"(?<![\w.])(-?\d+)(\s*:\s*)(index|[su]?i\d+|ui\d+)\b")
LOOP = re.compile(
    r"\bscf\.for\s+%[\w$.-]+\s*=\s*(%[\w$.-]+)\s+to\s+(%[\w$.-]+)\s+step\s+(%[\w$.-]+)"
)
OPERAND_LIST = re.compile(r"(?:\(|\bpto\.[\w.]+[ \t]+)(%[^():{}\[\]\n]*)")
SYNC_OP = re.compile(
    r"^.*\bpto\.(?:set_flag|wait_flag|pipe_barrier|barrier|get_buf|rls_buf|sync\.\w+|"
    r"record_event|wait_event|set_cross_\w+|wait_cross_\w+|set_intra_\w+|wait_intra_\w+|"
    r"tsync|set_ffts\w*|wait_flag_dev|ffts\w*)\b.*\n",
    re.MULTILINE,
)

EDGE_NUMBERS = (
    "0", "1", "-1", "2", "3", "7", "8", "15", "16", "17", "31", "32", "33", "63", "64", "127",
    "128", "255", "256", "511", "512", "1023", "1024", "4095", "4096", "65535", "65536",
    "2147483647", "2147483648", "-2147483648", "4294967295", "4294967296",
    "9223372036854775807", "9223372036854775808", "-9223372036854775808",
    "18446744073709551616", "340282366920938463463374607431768211456",
    "-100000000000000000000000000000", "0.5", "-0.0", "1.0e+39", "1.0e-45", "0x7FC00000",
    "0xFFFFFFFF",
)  # fmt: skip
DTYPES = (
    "f32", "f16", "bf16", "i8", "ui8", "si8", "i16", "ui16", "i32", "ui32", "i64", "ui64",
    "i1", "i4", "f64", "f80", "f128", "f8E4M3FN", "f8E5M2", "f8E4M3FNUZ", "index",
)  # fmt: skip
TARGETS = ("a2a3", "a5", "cpu", "a2", "a3", "A5", "unit", "", "gpu", " a5", "a2a3a5")
TILE_VALUES: dict[str, tuple[str, ...]] = {
    "loc": ("vec", "mat", "left", "right", "acc", "bias", "scaling", "gm", "ub", "l1", "bogus"),
    "blayout": ("row_major", "col_major", "none_box", "zigzag", "bogus"),
    "slayout": ("none_box", "row_major", "col_major", "zigzag", "bogus"),
    "pad": ("0", "1", "2", "3", "4", "-1", "null", "zero", "max", "min"),
    "fractal": ("0", "16", "32", "512", "1024", "2048", "-512", "513"),
    "dtype": DTYPES,
}
JUNK_ENUMS = ("", "PIPE_ALL", "PIPE_BOGUS", "EVENT_ID7", "EVENT_ID8", "EVENT_ID-1", "none")


@dataclass(frozen=True)
class Pools:
    """Replacement values found in the corpus: op names and enum spellings."""

    op_names: tuple[str, ...]
    enums: tuple[str, ...]

    @staticmethod
    def of(texts: Sequence[str]) -> Pools:
        ops: set[str] = set()
        enums: set[str] = set(JUNK_ENUMS)
        for text in texts:
            ops.update(OP_NAME.findall(text))
            for match in ENUM.finditer(text):
                enums.add(next(g for g in match.groups() if g is not None))
        return Pools(tuple(sorted(ops)), tuple(sorted(enums)))


Mutator = Callable[[str, random.Random, Pools], "str | None"]


def _at(text: str, match: re.Match[str], replacement: str, group: int = 0) -> str:
    return text[: match.start(group)] + replacement + text[match.end(group) :]


def _site(pattern: re.Pattern[str], text: str, rng: random.Random) -> re.Match[str] | None:
    matches = list(pattern.finditer(text))
    return rng.choice(matches) if matches else None


def _replace(
    text: str, pattern: re.Pattern[str], site: re.Match[str], new: str, group: int,
    rng: random.Random,
) -> str:  # fmt: skip
    """`site`'s `group` replaced by `new`; half the time at every match of `pattern` whose
    text equals the site's (so that a type changes wherever it is spelled the same)."""
    if rng.random() < 0.5:
        return _at(text, site, new, group)
    old = site.group()
    pieces: list[str] = []
    last = 0
    for match in pattern.finditer(text):
        if match.group() == old:
            pieces += [text[last : match.start(group)], new]
            last = match.end(group)
    return "".join(pieces) + text[last:]


def _tokens(text: str) -> list[re.Match[str]]:
    return list(TOKEN.finditer(text))


# ---- tokens -----------------------------------------------------------------------------


def delete_token(text: str, rng: random.Random, pools: Pools) -> str | None:
    tokens = _tokens(text)
    return _at(text, rng.choice(tokens), "") if tokens else None


def duplicate_token(text: str, rng: random.Random, pools: Pools) -> str | None:
    tokens = _tokens(text)
    if not tokens:
        return None
    token = rng.choice(tokens)
    return _at(text, token, f"{token.group()} {token.group()}")


def swap_tokens(text: str, rng: random.Random, pools: Pools) -> str | None:
    tokens = _tokens(text)
    if len(tokens) < 2:
        return None
    i = rng.randrange(len(tokens))
    j = min(len(tokens) - 1, i + rng.randint(1, 8)) if rng.random() < 0.7 else rng.randrange(i + 1)
    a, b = sorted((tokens[i], tokens[j]), key=lambda m: m.start())
    if a.start() == b.start():
        return None
    return text[: a.start()] + b.group() + text[a.end() : b.start()] + a.group() + text[b.end() :]


def replace_token(text: str, rng: random.Random, pools: Pools) -> str | None:
    """A token replaced by another token of the same text."""
    tokens = _tokens(text)
    return _at(text, rng.choice(tokens), rng.choice(tokens).group()) if tokens else None


def replace_ssa(text: str, rng: random.Random, pools: Pools) -> str | None:
    """A use (or definition) of an SSA value named as another value of the text."""
    names = sorted(set(SSA.findall(text)))
    site = _site(SSA, text, rng)
    return _at(text, site, rng.choice(names)) if site else None


def replace_op_name(text: str, rng: random.Random, pools: Pools) -> str | None:
    site = _site(OP_NAME, text, rng)
    if site is None or not pools.op_names:
        return None
    dialect = site.group().split(".")[0]
    same = [n for n in pools.op_names if n.startswith(dialect + ".")]
    return _at(text, site, rng.choice(same if same and rng.random() < 0.8 else pools.op_names))


# ---- values -----------------------------------------------------------------------------


def _edge_number(rng: random.Random, old: str) -> str:
    try:
        value = int(old, 0)
    except ValueError:
        return rng.choice(EDGE_NUMBERS)
    near = (value + 1, value - 1, value * 2, value // 2, -value, value * 1024)
    return str(rng.choice(near)) if rng.random() < 0.3 else rng.choice(EDGE_NUMBERS)


def number(text: str, rng: random.Random, pools: Pools) -> str | None:
    site = _site(NUMBER, text, rng)
    return _at(text, site, _edge_number(rng, site.group())) if site else None


def shape(text: str, rng: random.Random, pools: Pools) -> str | None:
    """A dimension of a shaped type changed, dropped or added."""
    site = _site(SHAPE, text, rng)
    if site is None:
        return None
    dims = site.group(1).split("x")[:-1]
    i = rng.randrange(len(dims))
    action = rng.random()
    if action < 0.6:
        dims[i] = "?" if rng.random() < 0.15 else _edge_number(rng, dims[i])
    elif action < 0.8 and len(dims) > 1:
        del dims[i]
    else:
        dims.insert(i, rng.choice(("1", "2", "4", "8")))
    return _replace(text, SHAPE, site, "".join(f"{d}x" for d in dims), 1, rng)


def dtype(text: str, rng: random.Random, pools: Pools) -> str | None:
    site = _site(DTYPE, text, rng)
    return _replace(text, DTYPE, site, rng.choice(DTYPES), 0, rng) if site else None


def tile_parameter(text: str, rng: random.Random, pools: Pools) -> str | None:
    """A `key=value` of a tile type changed, dropped or repeated."""
    site = _site(TILE_PARAM, text, rng)
    if site is None:
        return None
    key, value = site.group(1), site.group(2)
    action = rng.random()
    if action < 0.1:
        end = site.end() + (1 if text[site.end() : site.end() + 1] == "," else 0)
        return text[: site.start()] + text[end:]
    if action < 0.15:
        return _at(text, site, f"{site.group()}, {site.group()}")
    if key in TILE_VALUES:
        new = rng.choice(TILE_VALUES[key])
    elif key.startswith("v_") and rng.random() < 0.2:
        new = "?"
    else:
        new = _edge_number(rng, value)
    return _replace(text, TILE_PARAM, site, new, 2, rng)


def enum_value(text: str, rng: random.Random, pools: Pools) -> str | None:
    site = _site(ENUM, text, rng)
    if site is None:
        return None
    group = next(i for i in (1, 2, 3) if site.group(i) is not None)
    return _at(text, site, rng.choice(pools.enums), group)


def target(text: str, rng: random.Random, pools: Pools) -> str | None:
    """`pto.target_arch` changed or removed, or added where the module has none."""
    site = _site(TARGET, text, rng)
    if site is not None:
        if rng.random() < 0.15:
            attrs = ATTRIBUTES.search(text)
            return _at(text, attrs, "") if attrs else None
        return _at(text, site, rng.choice(TARGETS), 1)
    module = _site(MODULE, text, rng)
    if module is None:
        return None
    attr = f' attributes {{pto.target_arch = "{rng.choice(TARGETS)}"}}'
    return _at(text, module, f"{module.group(1)}{attr}{module.group(2)}")


def _bounds(type_name: str) -> tuple[int, int]:
    if type_name == "index":
        return -(1 << 63), (1 << 63) - 1
    bits = int(re.sub(r"\D", "", type_name))
    if type_name.startswith("ui"):
        return 0, (1 << bits) - 1
    return -(1 << (bits - 1)), (1 << (bits - 1)) - 1


def typed_bound(text: str, rng: random.Random, pools: Pools) -> str | None:
    """An integer of a stated type (`4 : i32`, an attribute or a constant) set to the
    type's bounds, one past them, 0 or 1."""
    site = _site(TYPED_INTEGER, text, rng)
    if site is None:
        return None
    low, high = _bounds(site.group(3))
    new = rng.choice((low, high, low - 1, high + 1, 0, 1, -1, high // 2 + 1))
    return _at(text, site, str(new), 1)


def loop_bound(text: str, rng: random.Random, pools: Pools) -> str | None:
    """An `scf.for`'s bounds swapped, or one of lower bound, upper bound and step set to
    another of them (a step of 0 where the lower bound is 0, an empty loop, ...)."""
    site = _site(LOOP, text, rng)
    if site is None:
        return None
    values = [site.group(i) for i in (1, 2, 3)]
    if rng.random() < 0.3:
        values[0], values[1] = values[1], values[0]
    else:
        i, j = rng.sample(range(3), 2)
        values[i] = values[j]
    text = _at(text, site, values[2], 3)
    text = text[: site.start(2)] + values[1] + text[site.end(2) :]
    return text[: site.start(1)] + values[0] + text[site.end(1) :]


def swap_operands(text: str, rng: random.Random, pools: Pools) -> str | None:
    """Two operands of one op's operand list exchanged."""
    site = _site(OPERAND_LIST, text, rng)
    if site is None:
        return None
    names = list(SSA.finditer(site.group(1)))
    if len(names) < 2:
        return None
    a, b = sorted(rng.sample(names, 2), key=lambda m: m.start())
    inner = site.group(1)
    inner = (
        inner[: a.start()] + b.group() + inner[a.end() : b.start()] + a.group() + inner[b.end() :]
    )
    return _at(text, site, inner, 1)


def delete_sync(text: str, rng: random.Random, pools: Pools) -> str | None:
    """A synchronisation op's line deleted (a flag set never waited, a wait never set, a
    buffer slot never released)."""
    site = _site(SYNC_OP, text, rng)
    return _at(text, site, "") if site else None


# ---- lines and truncation ---------------------------------------------------------------


def _lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def delete_line(text: str, rng: random.Random, pools: Pools) -> str | None:
    lines = _lines(text)
    if len(lines) < 2:
        return None
    del lines[rng.randrange(len(lines))]
    return "".join(lines)


def duplicate_line(text: str, rng: random.Random, pools: Pools) -> str | None:
    lines = _lines(text)
    if not lines:
        return None
    i = rng.randrange(len(lines))
    lines.insert(rng.randrange(len(lines) + 1), lines[i])
    return "".join(lines)


def swap_lines(text: str, rng: random.Random, pools: Pools) -> str | None:
    lines = _lines(text)
    if len(lines) < 2:
        return None
    i = rng.randrange(len(lines) - 1)
    j = i + 1 if rng.random() < 0.6 else rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return "".join(lines)


def truncate(text: str, rng: random.Random, pools: Pools) -> str | None:
    return text[: rng.randrange(len(text))] if text else None


MUTATORS: tuple[tuple[Mutator, int], ...] = (
    (delete_token, 2),
    (duplicate_token, 1),
    (swap_tokens, 1),
    (replace_token, 1),
    (replace_ssa, 3),
    (replace_op_name, 3),
    (number, 6),
    (shape, 4),
    (dtype, 6),
    (tile_parameter, 8),
    (enum_value, 4),
    (target, 4),
    (delete_line, 3),
    (duplicate_line, 2),
    (swap_lines, 3),
    (truncate, 1),
    (typed_bound, 3),
    (loop_bound, 2),
    (swap_operands, 2),
    (delete_sync, 2),
)
"""Every mutator and its weight."""


def mutate(
    text: str, rng: random.Random, pools: Pools, rounds: int,
    table: Sequence[tuple[Mutator, int]] = MUTATORS,
) -> str:  # fmt: skip
    """`text` after `rounds` applicable mutations of `table` (the original if none applies)."""
    mutators = [m for m, _ in table]
    weights = [w for _, w in table]
    for _ in range(rounds):
        for _attempt in range(8):
            mutated = rng.choices(mutators, weights)[0](text, rng, pools)
            if mutated is not None and mutated != text:
                text = mutated
                break
    return text
