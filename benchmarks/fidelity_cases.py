"""pto-isa's hardware-profiled cost-model cases, as `cycle_fidelity.py` reads them: the
`runX<...>()` calls of `tests/costmodel/st` (A2/A3) and the tables of `st_a5_fit` (A5), read at
run time from pto-isa's mirror or a checkout (nothing of theirs is stored in the project)."""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

CTYPES = {
    "float": "f32",
    "half": "f16",
    "int32_t": "i32",
    "int16_t": "i16",
    "uint8_t": "ui8",
    "int8_t": "i8",
    "uint32_t": "ui32",
    "uint16_t": "ui16",
}


@dataclass(frozen=True)
class Case:
    suite: str
    name: str
    runner: str
    args: tuple[str, ...]

    @property
    def label(self) -> str:
        return f"{self.suite}.{self.name}"

    @property
    def bound(self) -> float:
        """The accuracy pto-isa's own test demands of its model on this case (the float
        literal after the figure); 0 means the case is not checked."""
        floats = [a for a in self.args if FLOAT.fullmatch(a)]
        return float(floats[1].rstrip("f")) if len(floats) > 1 else 0.0

    @property
    def published(self) -> float:
        """The profiled figure: the first float literal among the template arguments."""
        for arg in self.args:
            if FLOAT.fullmatch(arg):
                return float(arg.rstrip("f"))
        return 0.0


_TEST = re.compile(r"TEST\((\w+),\s*(\w+)\)")
_MACRO_DEF = re.compile(r"#define\s+(\w+)\(TAG,.*?TEST\((\w+),\s*TAG\).*?(run\w+)<", re.S)
_RUN = re.compile(r"(run\w+)<([^;]*?)>\s*\(", re.S)
FLOAT = re.compile(r"\d+\.\d*f?")


def read_cases(text: str) -> list[Case]:
    """Every `runX<...>(...)` call of every TEST, named `Suite.case` (`#k` for the k-th
    call of a TEST that makes several), and every case of a case macro
    (`#define TMOV_CASE(TAG, ...) TEST(TMov, TAG) { runTMov<...>(); }` then
    `TMOV_CASE(c01_..., float, ...)`: the runner's arguments are the macro's after TAG)."""
    cases: list[Case] = []
    for macro, suite, runner in _MACRO_DEF.findall(text):
        for call in re.finditer(rf"^{macro}\(\s*(\w+),(.*?)\)\s*$", text, re.S | re.M):
            args = tuple(a.strip() for a in call.group(2).split(","))
            cases.append(Case(suite, call.group(1), runner, args))
    tests = list(_TEST.finditer(text))
    for index, test in enumerate(tests):
        end = tests[index + 1].start() if index + 1 < len(tests) else len(text)
        runs = _RUN.findall(text, test.end(), end)
        for k, (runner, args) in enumerate(runs):
            name = test.group(2) if len(runs) == 1 else f"{test.group(2)}#{k}"
            cases.append(
                Case(test.group(1), name, runner, tuple(a.strip() for a in args.split(",")))
            )
    return cases


_VF_TABLE = re.compile(r"constexpr A5VfFitCase (kCases\d+)\[\] = \{(.*?)\n\};", re.S)
_VF_ROW = re.compile(
    r'\{DType::(\w+), (\d+), (\d+), (\d+), (\d+), ([\d.]+), ([\d.]+), VFImplKind::\w+, "([^"]*)"\}'
)
_VF_TEST = re.compile(
    r"TEST\((\w+), (\w+)\)\s*\{\s*for \(const auto& c : (kCases\d+)\) \{\s*"
    r"RunCase\(PtoOpcode::(\w+)"
)
_VF_DTYPES = {"Float": "float", "Half": "half", "Int8": "int8_t"}
_VARIANTS = {"TSel_b16_8"}
"""Op parameters that name the implementation the element type selects anyway (npu/a5/TSel.hpp:
TSel_b16_8 for 1- and 2-byte elements): such a case is a default one."""


def read_vf_cases(text: str) -> list[Case]:
    """The A5 fit cases written as tables (`constexpr A5VfFitCase kCasesN[] = {{DType::Float,
    rows, cols, valid rows, valid cols, figure, precision, VFImplKind, op params}, ...}` run
    by a `TEST` through `RunCase(PtoOpcode::OP, ...)`): runner `vf:OP`, or `vf:OP:params` for
    a case with op parameters other than the default (`high_precision`: not compared)."""
    tables = {m.group(1): m.group(2) for m in _VF_TABLE.finditer(text)}
    cases: list[Case] = []
    for suite, name, table, opcode in _VF_TEST.findall(text):
        rows = _VF_ROW.findall(tables.get(table, ""))
        for k, (dtype, r, c, vr, vc, figure, precision, params) in enumerate(rows):
            default = params in ("", "default") or params in _VARIANTS
            runner = f"vf:{opcode}" if default else f"vf:{opcode}:{params}"
            kind: str = dtype
            ctype = _VF_DTYPES.get(kind, kind)
            label = name if len(rows) == 1 else f"{name}#{k}"
            cases.append(Case(suite, label, runner, (ctype, r, c, vr, vc, figure, precision)))
    return cases


_CVT_TABLE = re.compile(r"constexpr A5TcvtFitCase (kCases\d+)\[\] = \{(.*?)\n\};", re.S)
_CVT_ROW = re.compile(
    r"\{DType::(\w+), DType::(\w+), (\d+), (\d+), (\d+), (\d+), ([\d.]+), ([\d.]+), "
    r"VFImplKind::\w+\}"
)
_CVT_TEST = re.compile(
    r"TEST\((\w+), (\w+)\)\s*\{\s*for \(const auto& c : (kCases\d+)\) \{\s*RunTcvt\(c\)"
)
A5_DTYPES = {
    "Float": "f32",
    "Half": "f16",
    "BFloat16": "bf16",
    "Float8E4M3": "f8E4M3FN",
    "Float8E5M2": "f8E5M2",
    "HFloat8": "!pto.hif8",
    "Float4E1M2": "!pto.f4E1M2x2",
    "Float4E2M1": "!pto.f4E2M1x2",
}
"""pto-isa's lightweight-model element types (`DType::...`) as this project spells them."""


def read_cvt_cases(text: str) -> list[Case]:
    """The A5 `tcvt` fit cases (`constexpr A5TcvtFitCase kCasesN[] = {{DType::src, DType::dst,
    rows, cols, valid rows, valid cols, figure, precision, VFImplKind}, ...}` run by a `TEST`
    through `RunTcvt(c)`, round CAST_RINT, saturation on): runner `vf:TCVT`, arguments
    (src, dst, rows, cols, valid rows, valid cols, figure, precision)."""
    tables = {m.group(1): m.group(2) for m in _CVT_TABLE.finditer(text)}
    cases: list[Case] = []
    for suite, name, table in _CVT_TEST.findall(text):
        rows = _CVT_ROW.findall(tables.get(table, ""))
        for k, row in enumerate(rows):
            label = name if len(rows) == 1 else f"{name}#{k}"
            src, dst, *rest = (str(x) for x in row)
            args = (A5_DTYPES.get(src, src), A5_DTYPES.get(dst, dst), *rest)
            cases.append(Case(suite, label, "vf:TCVT", args))
    return cases


def case_sources(mirror: Path | None, costmodel: Path | None, suite: str) -> dict[str, str]:
    """main.cpp of every testcase directory of `suite`, by directory name: from a checkout's
    tests/costmodel directory, or `git show` from the bare mirror."""
    if costmodel is not None:
        paths = sorted((costmodel / suite).glob("*/main.cpp"))
        return {p.parent.name: p.read_text() for p in paths}
    assert mirror is not None
    listing = subprocess.run(
        ["git", "-C", str(mirror), "ls-tree", "-r", "--name-only", "HEAD",
         f"tests/costmodel/{suite}"],
        check=True, capture_output=True, text=True,
    ).stdout.split()  # fmt: skip
    found: dict[str, str] = {}
    for path in listing:
        if path.endswith("/main.cpp"):
            show = ["git", "-C", str(mirror), "show", f"HEAD:{path}"]
            found[path.split("/")[-2]] = subprocess.run(
                show, check=True, capture_output=True, text=True
            ).stdout
    return found
