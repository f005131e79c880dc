"""Predicate (mask) generation: `pto.plt_b8/b16/b32` and `pto.pset_b8/b16/b32`.

- `%mask, %next = pto.plt_b32 %remaining : i32 -> !pto.mask<b32>, i32`: lanes below
  `%remaining` are active; `%next` is `%remaining` minus one vreg of lanes (tail loops).
- `%mask = pto.pset_b32 "PAT_ALL" : !pto.mask<b32>`: a constant pattern.

The suffix fixes the granularity of the result mask. Masks live in the vector core,
so these ops sit inside a `pto.vecscope` and run on PIPE_V.
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from xdsl.dialects.builtin import StringAttr, i32
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import IRDLOperation, operand_def, prop_def, result_def

from pto_dialect.ops.base import define_op, fail
from pto_dialect.ops.vector_arith import VectorOp
from pto_dialect.records import Completion, Cost, PerRepeat, VectorCost
from pto_dialect.vector_types import VREG_BITS, MaskType

_VL_COUNTS = (1, 2, 3, 4, 8, 16, 32, 64, 128)
PATTERNS: tuple[str, ...] = (
    "PAT_ALL",
    *(f"PAT_VL{n}" for n in _VL_COUNTS),
    "PAT_M3",
    "PAT_M4",
    "PAT_H",
    "PAT_Q",
    "PAT_ALLF",
)
"""`pset` patterns: all lanes, the first n lanes, every 3rd/4th lane, the low half,
the low quarter, no lane (the encodings of the PTOAS A5 lowering)."""


def pattern_lanes(pattern: str) -> int | None:
    """How many leading lanes a `PAT_VLn` pattern selects (None for other patterns)."""
    prefix = "PAT_VL"
    return int(pattern[len(prefix) :]) if pattern.startswith(prefix) else None


_P = TypeVar("_P", bound="PredicateOp")


class PredicateOp(VectorOp):
    """A mask-producing op whose name ends in its granularity (`_b8`, `_b16`, `_b32`)."""

    COST: ClassVar[Cost | None] = VectorCost(
        Completion.BINOP, PerRepeat.SIMPLE, 7, estimate="no published figure: costed as vbr"
    )

    BITS: ClassVar[int] = 32

    @property
    def lanes(self) -> int:
        return VREG_BITS // self.BITS

    def check_granularity(self, mask: Attribute) -> None:
        assert isinstance(mask, MaskType)
        if mask.bits.data != self.BITS:
            raise fail(
                f"{self.name} result {mask} must have the op's granularity !pto.mask<b{self.BITS}>"
            )


class PltOp(PredicateOp):
    """`%mask, %next = pto.plt_bW %remaining : i32 -> !pto.mask<bW>, i32`."""

    scalar = operand_def()
    mask = result_def(MaskType)
    scalar_out = result_def()

    assembly_format = "$scalar attr-dict `:` type($scalar) `->` type($mask) `,` type($scalar_out)"

    def __init__(self, scalar: SSAValue | Operation) -> None:
        super().__init__(operands=[scalar], result_types=[MaskType(self.BITS), i32])

    def verify_(self) -> None:
        for role, value in (("scalar", self.scalar), ("scalar_out", self.scalar_out)):
            if value.type != i32:
                raise fail(f"{self.name} {role} type {value.type} must be i32 (a lane count)")
        self.check_granularity(self.mask.type)


class PsetOp(PredicateOp):
    """`%mask = pto.pset_bW "PATTERN" : !pto.mask<bW>`."""

    pattern = prop_def(StringAttr)
    mask = result_def(MaskType)

    assembly_format = "$pattern attr-dict `:` type($mask)"

    def __init__(self, pattern: str | StringAttr) -> None:
        if isinstance(pattern, str):
            pattern = StringAttr(pattern)
        super().__init__(properties={"pattern": pattern}, result_types=[MaskType(self.BITS)])

    def verify_(self) -> None:
        self.check_granularity(self.mask.type)
        name = self.pattern.data
        if name not in PATTERNS:
            raise fail(f'{self.name} pattern "{name}" must be one of {", ".join(PATTERNS)}')
        count = pattern_lanes(name)
        if count is not None and count > self.lanes:
            raise fail(
                f"{self.name} pattern {name} selects {count} lanes but a b{self.BITS} mask "
                f"has {self.lanes}"
            )


def _width_variant(family: type[_P], bits: int) -> type[_P]:
    """The concrete op of `family` (`PltOp`, `PsetOp`) for `!pto.mask<b{bits}>`."""
    stem = family.__name__.removesuffix("Op")
    doc = (family.__doc__ or "").replace("bW", f"b{bits}")
    page = f"scalar/ops/predicate-generation-and-algebra/{stem.lower()}-b{bits}.md"
    return define_op(
        family, f"{stem}B{bits}Op", f"pto.{stem.lower()}_b{bits}", doc, BITS=bits, MANUAL=page
    )


MASK_BITS = (8, 16, 32)
"""The mask granularities, one `plt` and one `pset` op each."""

PLT_OPS: dict[int, type[PltOp]] = {bits: _width_variant(PltOp, bits) for bits in MASK_BITS}
"""The `plt` op of each mask granularity."""
PSET_OPS: dict[int, type[PsetOp]] = {bits: _width_variant(PsetOp, bits) for bits in MASK_BITS}
"""The `pset` op of each mask granularity."""

PltB8Op, PltB16Op, PltB32Op = PLT_OPS.values()
PsetB8Op, PsetB16Op, PsetB32Op = PSET_OPS.values()

OPS: list[type[IRDLOperation]] = [*PLT_OPS.values(), *PSET_OPS.values()]
