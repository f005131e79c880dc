"""Predicate algebra (scalar/ops/predicate-generation-and-algebra/): register-only mask ops.

- `%r = pto.pand %a, %b, %m : M, M, M -> M` (also `por`, `pxor`): `(a op b) & m`.
- `%r = pto.pnot %a, %m : M, M -> M`: `~a & m`.
- `%r = pto.psel %a, %b, %m : M, M, M -> M`: `m ? a : b`, lane by lane.
- `%r = pto.ppack %a, "LOWER" : M -> M'`, `pto.punpack`: halve / double the bit pitch of
  the 256-bit register into its LOWER or HIGHER half; M' is M or one step narrower (ppack)
  or wider (punpack) (PTOAS's verifier; the page's N-bit -> 2N-bit form).
- `%lo, %hi = pto.pintlv_bW %a, %b : M, M -> M, M` (and `pdintlv_bW`): interleave /
  deinterleave the lanes of two masks.
- `%m = pto.pge_bW "PAT_VL8" : !pto.mask<bW>`: a pattern, as `pset_bW` (pge-b*.md: the CCE
  `pge_b*` takes the same `PAT_*` tokens; PTOAS's board-tested pge cases agree).

Lanes follow the mask's granularity; inactive lanes (`m` false) of pand/por/pxor/pnot are
zero (PTOAS's board-tested pnot case). Like `plt`/`pset`, they sit in a `pto.vecscope`.
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from xdsl.dialects.builtin import StringAttr
from xdsl.ir import Operation, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, prop_def, result_def

from pto_dialect.ops.base import define_op, fail
from pto_dialect.ops.vector_common import mask_of
from pto_dialect.ops.vector_mask import MASK_BITS, PredicateOp, PsetOp
from pto_dialect.records import Completion, PerRepeat, VectorCost
from pto_dialect.vector_types import MaskType

_PAGES = "scalar/ops/predicate-generation-and-algebra/"

PARTS = ("LOWER", "HIGHER")
"""The partition tokens of `ppack`/`punpack`."""

LOGIC_COST = VectorCost(
    Completion.BINOP,
    PerRepeat.SIMPLE,
    6,
    estimate="A5: 6 cycles for pand/por/pnot in pto-isa's A5 cost model "
    "(costmodel/a5/cce_costmodel/vec_cycle_generated.hpp); A2/A3 rows costed as vand",
)
"""pand, por, pnot: the A5 figure pto-isa's cost model lists for them."""


class MaskAlgebraOp(PredicateOp):
    """A register-only predicate op whose operands and results are masks of one type
    (`ROLES`: the operand and result names that must share the first one's type)."""

    ROLES: ClassVar[tuple[str, ...]] = ()

    def verify_(self) -> None:
        first = self.ROLES[0]
        ref = mask_of(getattr(self, first))
        for role in self.ROLES[1:]:
            value: SSAValue = getattr(self, role)
            if value.type != ref:
                raise fail(
                    f"{self.name} {role} type {value.type} must equal the {first} type {ref} "
                    "(one granularity throughout)"
                )


class MaskBinaryOp(MaskAlgebraOp):
    """`%r = pto.<op> %src0, %src1, %mask : M, M, M -> M`."""

    ROLES: ClassVar = ("src0", "src1", "mask", "result")

    src0 = operand_def(MaskType)
    src1 = operand_def(MaskType)
    mask = operand_def(MaskType)
    result = result_def(MaskType)

    assembly_format = (
        "$src0 `,` $src1 `,` $mask attr-dict `:` type($src0) `,` type($src1) `,` type($mask) "
        "`->` type($result)"
    )

    def __init__(
        self, src0: SSAValue | Operation, src1: SSAValue | Operation, mask: SSAValue | Operation
    ) -> None:
        super().__init__(operands=[src0, src1, mask], result_types=[SSAValue.get(src0).type])


@irdl_op_definition
class PAndOp(MaskBinaryOp):
    """`(src0 & src1) & mask`."""

    name = "pto.pand"
    MANUAL: ClassVar = _PAGES + "pand.md"
    COST: ClassVar = LOGIC_COST


@irdl_op_definition
class POrOp(MaskBinaryOp):
    """`(src0 | src1) & mask`."""

    name = "pto.por"
    MANUAL: ClassVar = _PAGES + "por.md"
    COST: ClassVar = LOGIC_COST


@irdl_op_definition
class PXorOp(MaskBinaryOp):
    """`(src0 ^ src1) & mask`."""

    name = "pto.pxor"
    MANUAL: ClassVar = _PAGES + "pxor.md"


@irdl_op_definition
class PSelOp(MaskBinaryOp):
    """`mask ? src0 : src1`."""

    name = "pto.psel"
    MANUAL: ClassVar = _PAGES + "psel.md"


@irdl_op_definition
class PNotOp(MaskAlgebraOp):
    """`%r = pto.pnot %input, %mask : M, M -> M`: `~input & mask`."""

    name = "pto.pnot"
    MANUAL: ClassVar = _PAGES + "pnot.md"
    COST: ClassVar = LOGIC_COST
    ROLES: ClassVar = ("input", "mask", "result")

    input = operand_def(MaskType)
    mask = operand_def(MaskType)
    result = result_def(MaskType)

    assembly_format = (
        "$input `,` $mask attr-dict `:` type($input) `,` type($mask) `->` type($result)"
    )

    def __init__(self, input: SSAValue | Operation, mask: SSAValue | Operation) -> None:
        super().__init__(operands=[input, mask], result_types=[SSAValue.get(input).type])


class MaskPartOp(PredicateOp):
    """`%r = pto.ppack|punpack %input, "PART" : M -> M'`; `STEP` is how the result's
    granularity may differ: half (ppack narrows b32 -> b16 -> b8) or double (punpack)."""

    STEP: ClassVar[str] = "narrow"

    input = operand_def(MaskType)
    part = prop_def(StringAttr)
    result = result_def(MaskType)

    assembly_format = "$input `,` $part attr-dict `:` type($input) `->` type($result)"

    def __init__(
        self, input: SSAValue | Operation, part: str, result_type: MaskType | None = None
    ) -> None:
        rtype = SSAValue.get(input).type if result_type is None else result_type
        super().__init__(
            operands=[input], properties={"part": StringAttr(part)}, result_types=[rtype]
        )

    @property
    def higher(self) -> bool:
        return self.part.data == "HIGHER"

    def verify_(self) -> None:
        if self.part.data not in PARTS:
            raise fail(f'{self.name} part "{self.part.data}" must be LOWER or HIGHER')
        src, dst = mask_of(self.input).bits.data, mask_of(self.result).bits.data
        stepped = src // 2 if self.STEP == "narrow" else src * 2
        if dst not in (src, stepped):
            allowed = f"b{src}" + (f" or b{stepped}" if stepped in MASK_BITS else "")
            raise fail(
                f"{self.name} result granularity b{dst} must be the input's or {self.STEP} it "
                f"by one step: {allowed}"
            )


@irdl_op_definition
class PPackOp(MaskPartOp):
    """Even bits of the 256-bit register into its LOWER or HIGHER half, the rest zero."""

    name = "pto.ppack"
    MANUAL: ClassVar = _PAGES + "ppack.md"
    STEP: ClassVar = "narrow"


@irdl_op_definition
class PUnpackOp(MaskPartOp):
    """The LOWER or HIGHER half of the register spread to the even bits, odd bits zero."""

    name = "pto.punpack"
    MANUAL: ClassVar = _PAGES + "punpack.md"
    STEP: ClassVar = "widen"


class MaskPairOp(MaskAlgebraOp):
    """`%low, %high = pto.p[d]intlv_bW %lhs, %rhs : M, M -> M, M`, M = `!pto.mask<bW>`."""

    ROLES: ClassVar = ("lhs", "rhs", "low", "high")

    lhs = operand_def(MaskType)
    rhs = operand_def(MaskType)
    low = result_def(MaskType)
    high = result_def(MaskType)

    assembly_format = (
        "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($low) `,` type($high)"
    )

    def __init__(self, lhs: SSAValue | Operation, rhs: SSAValue | Operation) -> None:
        super().__init__(operands=[lhs, rhs], result_types=[MaskType(self.BITS)] * 2)

    def verify_(self) -> None:
        self.check_granularity(self.lhs.type)
        super().verify_()


class PIntlvOp(MaskPairOp):
    """Interleave: lanes `a0 b0 a1 b1 ...`, the first half in low, the second in high."""


class PDintlvOp(MaskPairOp):
    """Deinterleave of `a ++ b`: the even lanes in low, the odd lanes in high."""


class PgeOp(PsetOp):
    """`%mask = pto.pge_bW "PATTERN" : !pto.mask<bW>` (the patterns of `pset_bW`)."""


_F = TypeVar("_F", bound=PredicateOp)


def _variant(family: type[_F], stem: str, bits: int) -> type[_F]:
    """The concrete `pto.<stem>_b<bits>` op of `family`."""
    doc = (family.__doc__ or "").replace("bW", f"b{bits}")
    cls = f"{stem.capitalize()}B{bits}Op"
    return define_op(
        family, cls, f"pto.{stem}_b{bits}", doc, BITS=bits, MANUAL=f"{_PAGES}{stem}-b{bits}.md"
    )


PINTLV_OPS: dict[int, type[PIntlvOp]] = {b: _variant(PIntlvOp, "pintlv", b) for b in MASK_BITS}
PDINTLV_OPS: dict[int, type[PDintlvOp]] = {b: _variant(PDintlvOp, "pdintlv", b) for b in MASK_BITS}
PGE_OPS: dict[int, type[PgeOp]] = {b: _variant(PgeOp, "pge", b) for b in MASK_BITS}

OPS: list[type[IRDLOperation]] = [
    PAndOp,
    POrOp,
    PXorOp,
    PSelOp,
    PNotOp,
    PPackOp,
    PUnpackOp,
    *PINTLV_OPS.values(),
    *PDINTLV_OPS.values(),
    *PGE_OPS.values(),
]
