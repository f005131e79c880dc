"""Shared pieces of the SIMT ops (PTOAS docs/isa/micro-isa/17-simt.md, VPTOOps.td).

- `SimtOp`: the base of every SIMT op: A5's layer (the CPU simulator follows A5; an a2a3
  module refuses it, docs/decisions.md), its scope rule (`SCOPED`: only inside a
  `pto.simt_entry` function or `pto.section.simt`) and its pipe: PIPE_V inside a SIMT
  launch, the scalar unit outside one (`pipe`).
- The control attributes, PTOAS PTOAttrs.td: `#pto.signedness<signed>`,
  `#pto.l1cache<cache>`, `#pto.ld_l2cache<nmfv>`, `#pto.st_l2cache<nmfv>`,
  `#pto.rounding<r>`, `#pto.saturation<sat>`, and the keyword clauses that spell them in
  the custom syntax (`signed`, `l1cache(cache)`, `l2cache(nmfv)`, `round(r)`, `sat`).
- `ValueTypes`: the value types an op takes (scalars and packed `vector<2xT>`), as data.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, TypeVar

from xdsl.dialects.builtin import VectorType
from xdsl.dialects.func import FuncOp
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import Attribute, Operation
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.str_enum import StrEnum

from pto_dialect.attrs import SIMT_ENTRY, AngleEnum, Pipe, TargetArch
from pto_dialect.dtypes import DType, dtype_of
from pto_dialect.ops.base import PtoOp, fail, target_of
from pto_dialect.packed_types import packed_vector
from pto_dialect.records import NoCycles

SIMT_PAGE = "https://github.com/hw-native-sys/PTOAS/blob/main/docs/isa/micro-isa/17-simt.md"
"""The SIMT chapter of PTOAS's micro-ISA manual (the pto-isa manual has no SIMT pages)."""

SIMT_MAX_THREADS = "pto.simt_max_threads"
"""Optional function attribute: the entry's launch envelope (default 1024, at most 2048)."""

MAX_WORKITEMS = 2048
"""Largest launch count of one SIMT VF (17-simt.md, `pto.store_vfsimt_info`)."""
DEFAULT_MAX_THREADS = 1024
WARP = 32
"""Lanes of one warp: the scope of votes, shuffles, reductions and lane masks (a 32-bit lane
mask; pto-isa include/pto/npu/a5/MGather.hpp `WARP_SIZE = 32u`)."""

IN_LAUNCH_COST = NoCycles(
    "one issue per warp inside its simt_launch (costed by the launch); outside a launch a "
    "scalar-unit op with no cycles modelled, as the project's other scalar ops"
)


# ---- attributes ------------------------------------------------------------------------


class Signedness(StrEnum):
    SIGNED = "signed"
    UNSIGNED = "unsigned"


class L1Cache(StrEnum):
    UNCACHE = "uncache"
    CACHE = "cache"


class LdL2Cache(StrEnum):
    """Load L2 cache controls (PTOAS `LdL2Cache`); hints that do not change a value."""

    NMFV = "nmfv"
    NMLV = "nmlv"
    NMPRS = "nmprs"
    NMPREF = "nmpref"
    NAKEEP = "nakeep"
    NACLEAN = "naclean"
    NADROP = "nadrop"
    IDSFV = "idsfv"
    IDSLV = "idslv"
    IDSPRS = "idsprs"
    IDSPREF = "idspref"
    EXFV = "exfv"
    EXLV = "exlv"
    EXPRS = "exprs"
    EXPREF = "expref"


class StL2Cache(StrEnum):
    """Store and atomic L2 cache controls (PTOAS `StL2Cache`)."""

    NMFV = "nmfv"
    NMLV = "nmlv"
    NMPRS = "nmprs"
    NMRED = "nmred"
    NACI = "naci"
    NAPW = "napw"
    NAPI = "napi"
    NARED = "nared"
    WBHFV = "wbhfv"
    WBHLV = "wbhlv"
    WBHPRS = "wbhprs"
    WBHRED = "wbhred"
    WTSFV = "wtsfv"
    WTSLV = "wtslv"
    WTSPRS = "wtsprs"
    WTSRED = "wtsred"


class Rounding(StrEnum):
    """`pto.convert` rounding (PTOAS `Rounding`): r nearest-even, a away from zero, f floor,
    c ceil, z toward zero, o odd, h cast-ceil (the HiF8 conversions)."""

    R = "r"
    A = "a"
    F = "f"
    C = "c"
    Z = "z"
    O = "o"  # noqa: E741 (PTOAS's name)
    H = "h"


class Saturation(StrEnum):
    NOSAT = "nosat"
    SAT = "sat"


@irdl_attr_definition
class SignednessAttr(AngleEnum, EnumAttribute[Signedness]):
    name = "pto.signedness"


@irdl_attr_definition
class L1CacheAttr(AngleEnum, EnumAttribute[L1Cache]):
    name = "pto.l1cache"


@irdl_attr_definition
class LdL2CacheAttr(AngleEnum, EnumAttribute[LdL2Cache]):
    name = "pto.ld_l2cache"


@irdl_attr_definition
class StL2CacheAttr(AngleEnum, EnumAttribute[StL2Cache]):
    name = "pto.st_l2cache"


@irdl_attr_definition
class RoundingAttr(AngleEnum, EnumAttribute[Rounding]):
    name = "pto.rounding"


@irdl_attr_definition
class SaturationAttr(AngleEnum, EnumAttribute[Saturation]):
    name = "pto.saturation"


ATTRIBUTES = [
    SignednessAttr,
    L1CacheAttr,
    LdL2CacheAttr,
    StL2CacheAttr,
    RoundingAttr,
    SaturationAttr,
]

_E = TypeVar("_E", bound=StrEnum)


def parse_clause(parser: Parser, keyword: str, enum: type[_E]) -> _E | None:
    """`keyword(value)` (e.g. `l2cache(nmfv)`, `round(r)`), or None when absent."""
    if parser.parse_optional_keyword(keyword) is None:
        return None
    with parser.in_parens():
        pos = parser.pos
        word = parser.parse_identifier(f"a {keyword} value")
        try:
            return enum(word)
        except ValueError:
            names = "/".join(str(m) for m in enum)
            parser.raise_error(f"expected {keyword} to be one of {names}, got '{word}'", pos)


def parse_signedness(parser: Parser) -> Signedness | None:
    """An optional `signed` or `unsigned` keyword."""
    word = parser.parse_optional_keyword_in(("signed", "unsigned"))
    return None if word is None else Signedness(word)


def print_clause(printer: Printer, keyword: str, attr: Attribute | None) -> None:
    """` keyword(value)` of an enum attribute, nothing when absent."""
    if isinstance(attr, EnumAttribute):
        printer.print_string(f" {keyword}({attr.data})")  # pyright: ignore[reportUnknownMemberType]


def print_signedness(printer: Printer, attr: Attribute | None) -> None:
    if isinstance(attr, SignednessAttr):
        printer.print_string(f" {attr.data}")


# ---- value types -----------------------------------------------------------------------


@dataclass(frozen=True)
class ValueTypes:
    """Value types an op accepts: scalars of `scalars`, `vector<2xT>` of `packed` (names of
    PTO element types, space-separated)."""

    scalars: str
    packed: str = ""

    def accepts(self, attr: Attribute) -> bool:
        dtype = dtype_of(attr)
        if dtype is not None:
            return dtype.name in self.scalars.split()
        vector = packed_vector(attr)
        return vector is not None and vector[0] == 2 and vector[1].name in self.packed.split()

    def describe(self) -> str:
        names = self.scalars.split() + [f"vector<2x{p}>" for p in self.packed.split()]
        return ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]


def scalar_dtype(attr: Attribute) -> DType | None:
    """The element type of a scalar value type, or of a packed vector's lanes."""
    dtype = dtype_of(attr)
    if dtype is not None:
        return dtype
    packed = packed_vector(attr)
    return None if packed is None else packed[1]


def is_int_type(attr: Attribute) -> bool:
    dtype = dtype_of(attr)
    return dtype is not None and dtype.is_int


def is_packed(attr: Attribute) -> bool:
    return isinstance(attr, VectorType)


# ---- scope and base --------------------------------------------------------------------


class SimtScopeOp(PtoOp):
    """An op whose body is SIMT code of its own (`pto.section.simt`)."""


def enclosing_function(op: Operation) -> FuncOp | None:
    node = op.parent_op()
    while node is not None and not isinstance(node, FuncOp):
        node = node.parent_op()
    return node


def is_simt_entry(func: Operation | None) -> bool:
    return isinstance(func, FuncOp) and SIMT_ENTRY in func.attributes


def in_simt_scope(op: Operation) -> bool:
    """Whether `op` runs as SIMT code: in a `pto.simt_entry` function or a
    `pto.section.simt` (PTOAS `isInsideSimtExecutionScope`)."""
    node = op.parent_op()
    while node is not None:
        if isinstance(node, SimtScopeOp):
            return True
        if isinstance(node, FuncOp):
            return SIMT_ENTRY in node.attributes
        node = node.parent_op()
    return False


def require_simt_target(op: Operation) -> None:
    """SIMT is A5's: a2a3 refuses it; the CPU simulator follows A5."""
    arch = target_of(op).arch
    if arch is TargetArch.A2A3:
        raise fail(f"{op.name} is only on a5 (target {arch.value}): SIMT is an A5 layer")


class SimtOp(PtoOp):
    """A SIMT op: A5 only; inside a launch it runs per workitem on PIPE_V."""

    MANUAL: ClassVar = SIMT_PAGE
    COST: ClassVar = IN_LAUNCH_COST
    PIPE: ClassVar[Pipe] = Pipe.V

    SCOPED: ClassVar[str | None] = None
    """The message when the op is outside SIMT code, for ops that must be inside (None: the
    op also runs on the scalar unit of an ordinary kernel, as one workitem)."""

    def pipe(self) -> Pipe:
        return Pipe.V if in_simt_scope(self) else Pipe.S

    def verify_(self) -> None:
        require_simt_target(self)
        if self.SCOPED is not None and self.parent_op() is not None and not in_simt_scope(self):
            raise fail(f"{self.name} {self.SCOPED}")
        self.verify_simt()

    def verify_simt(self) -> None:
        """The op's own rules (types, attributes)."""


INSIDE = "must be inside a pto.simt_entry function or pto.section.simt"
APPEAR_INSIDE = (
    "must appear inside a function marked with 'pto.simt_entry' or inside pto.section.simt"
)
