"""Predicate (mask) generation: `pto.plt_b8/b16/b32` and `pto.pset_b8/b16/b32`.

- `%mask, %next = pto.plt_b32 %remaining : i32 -> !pto.mask<b32>, i32`: lanes below
  `%remaining` are active; `%next` is `%remaining` minus one vreg of lanes (tail loops).
- `%mask = pto.pset_b32 "PAT_ALL" : !pto.mask<b32>`: a constant pattern.

The suffix fixes the granularity of the result mask. Masks live in the vector core,
so these ops sit inside a `pto.vecscope` and run on PIPE_V.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import StringAttr, i32
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, prop_def, result_def

from pto_dialect.ops.base import fail
from pto_dialect.ops.vector_arith import VectorOp
from pto_dialect.types import VREG_BITS, MaskType

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


class PredicateOp(VectorOp):
    """A mask-producing op whose name ends in its granularity (`_b8`, `_b16`, `_b32`)."""

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


@irdl_op_definition
class PltB8Op(PltOp):
    name = "pto.plt_b8"
    BITS: ClassVar[int] = 8


@irdl_op_definition
class PltB16Op(PltOp):
    name = "pto.plt_b16"
    BITS: ClassVar[int] = 16


@irdl_op_definition
class PltB32Op(PltOp):
    name = "pto.plt_b32"
    BITS: ClassVar[int] = 32


@irdl_op_definition
class PsetB8Op(PsetOp):
    name = "pto.pset_b8"
    BITS: ClassVar[int] = 8


@irdl_op_definition
class PsetB16Op(PsetOp):
    name = "pto.pset_b16"
    BITS: ClassVar[int] = 16


@irdl_op_definition
class PsetB32Op(PsetOp):
    name = "pto.pset_b32"
    BITS: ClassVar[int] = 32


PLT_OPS: dict[int, type[PltOp]] = {8: PltB8Op, 16: PltB16Op, 32: PltB32Op}
"""The `plt` op of each mask granularity."""
PSET_OPS: dict[int, type[PsetOp]] = {8: PsetB8Op, 16: PsetB16Op, 32: PsetB32Op}
"""The `pset` op of each mask granularity."""

OPS: list[type[IRDLOperation]] = [*PLT_OPS.values(), *PSET_OPS.values()]
