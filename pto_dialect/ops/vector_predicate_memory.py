"""Predicate loads and stores (scalar/ops/predicate-load-store/): mask <-> UB on PIPE_V.

PTOAS spelling (VPTOOps.td; test/vpto/cases/micro-op/predicate-load-store):

- `%m = pto.plds %ub[%off], "NORM" : !pto.ptr<T, ub>, index -> !pto.mask<bW>` (`pldi`: a
  constant `%off`); dist NORM (32 bytes), US (16 bytes, each bit doubled), DS (64 bytes,
  every other bit).
- `pto.psts %m, %ub[%off], "NORM" : !pto.mask<bW>, !pto.ptr<T, ub>, index` (`psti`: a constant
  `%off`); dist NORM (32 bytes) or PK (the even bits, 16 bytes).
- the manual's register-offset forms `%m = pto.pld %ub, %areg, "NORM" : !pto.ptr<T, ub>, i32
  -> !pto.mask<bW>` and `pto.pst %m, %ub, %areg, "NORM" : !pto.mask<bW>, !pto.ptr<T, ub>, i32`,
  `%areg` counting 8-byte units (pld.md, pst.md).
- `%a2, %p2 = pto.pstu %a, %m, %ub : !pto.align, !pto.mask<bW>, !pto.ptr<uiW, ub> ->
  !pto.align, !pto.ptr<uiW, ub>`: one bit per lane into the unaligned store stream.

`[%off]` of `plds`/`psts` counts elements of the pointer's element type (as `vlds`), that of
`pldi`/`psti` units of their DIST (`IMMEDIATE_UNITS`). The effective address is 64-bit aligned
(every page). The register image in UB: `interpreters.semantics.predicate`.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects import arith
from xdsl.dialects.builtin import IndexType, IntegerAttr, StringAttr, i32
from xdsl.ir import Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    opt_result_def,
    prop_def,
    result_def,
    traits_def,
)

from pto_dialect.attrs import TargetArch
from pto_dialect.ops.base import fail, target_of
from pto_dialect.ops.vecscope import InVecScope
from pto_dialect.ops.vector_common import ALIGN, MASK, PTR, VectorMemoryOp, mask_of, operand_of
from pto_dialect.vector_types import MaskType

_PAGES = "scalar/ops/predicate-load-store/"

LOAD_DISTS = ("NORM", "US", "DS")
STORE_DISTS = ("NORM", "PK")
ALIGN_BYTES = 8
"""The effective address of every predicate load and store is 64-bit aligned."""
IMMEDIATE_UNITS = {"NORM": 32, "US": 16, "DS": 32, "PK": 16}
"""pldi/psti: bytes one unit of the immediate offset counts, per DIST, in the plain and the
post-update form (PTOAS docs/isa/micro-isa/04-predicate-load-store.md: VL/8, VL/16,
min(32, VL/4), VL/16 with VL = 256 bytes; the newest snapshot's
predicate_offset_index_semantics and soft_postupdate_predicate_memory kernels; its board
cases store and load at one offset, which either unit computes alike; docs/decisions.md).
Any constant is accepted (PTOAS adds it to the address). plds/psts count the pointer's
elements (bytes for the ui8 pointers of the board cases)."""


def constant_offset(value: SSAValue) -> int | None:
    """The value of an `arith.constant` index/integer operand, None otherwise."""
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


class PredicateMemoryOp(VectorMemoryOp):
    """A predicate load or store: a UB pointer, a dist from `DISTS`, inside a vecscope."""

    DISTS: ClassVar[tuple[str, ...]] = LOAD_DISTS
    POINTER: ClassVar[str] = "source"
    IMMEDIATE: ClassVar[bool] = False
    """pldi/psti: the offset is a constant within the target's immediate range."""
    NO_PK_ON_CPU: ClassVar[bool] = False

    traits = traits_def(InVecScope())

    def dist_value(self) -> str:
        """The distribution mode (NORM when the op has none: the manual's plain form)."""
        dist = self.properties.get("dist")
        return dist.data if isinstance(dist, StringAttr) else "NORM"

    def verify_memory(self) -> None:
        ptr = self.ub_pointer(operand_of(self, self.POINTER), self.POINTER)
        dist = self.dist_value()
        if dist not in self.DISTS:
            raise fail(f'{self.name} dist "{dist}" must be one of {", ".join(self.DISTS)}')
        target = target_of(self)
        if self.NO_PK_ON_CPU and dist == "PK" and target.arch is TargetArch.CPU:
            raise fail(f"{self.name} dist PK is not supported on the CPU simulator ({self.MANUAL})")
        if self.IMMEDIATE:  # counts DIST units (IMMEDIATE_UNITS): a constant
            offset: SSAValue | None = getattr(self, "offset")  # noqa: B009
            if offset is not None and constant_offset(offset) is None:
                raise fail(
                    f"{self.name} offset must be a constant (an immediate), not a run-time value"
                )
        updated: SSAValue | None = getattr(self, "updated_base", None)
        if updated is not None and updated.type != ptr:
            raise fail(f"{self.name} updated base {updated.type} must be {ptr}")

    @property
    def post_update(self) -> bool:
        """Whether it gives the advanced base (PTOAS's post-update form)."""
        return getattr(self, "updated_base", None) is not None


class PredicateLoadOp(PredicateMemoryOp):
    """`%m = pto.plds|pldi %source[%offset], "DIST" : P, index -> M` (PTOAS), or the manual's
    `%m = pto.plds %source : P -> M` (offset 0, NORM)."""

    source = operand_def(PTR)
    offset = opt_operand_def(IndexType())
    dist = opt_prop_def(StringAttr)
    result = result_def(MASK)
    updated_base = opt_result_def(PTR)
    """PTOAS's post-update form: the access is at `source` itself and this is `source`
    advanced (`post_update_bytes`)."""

    assembly_format = (
        "$source (`[` $offset^ `]`)? (`,` $dist^)? attr-dict `:` type($source) "
        "(`,` type($offset)^)? `->` type($result) (`,` type($updated_base)^)?"
    )

    def __init__(
        self, source: SSAValue | Operation, offset: SSAValue | Operation, dist: str, bits: int
    ) -> None:
        super().__init__(
            operands=[source, offset],
            properties={"dist": StringAttr(dist)},
            result_types=[MaskType(bits), []],
        )


@irdl_op_definition
class PldsOp(PredicateLoadOp):
    name = "pto.plds"
    MANUAL: ClassVar = _PAGES + "plds.md"


@irdl_op_definition
class PldiOp(PredicateLoadOp):
    name = "pto.pldi"
    MANUAL: ClassVar = _PAGES + "pldi.md"
    IMMEDIATE: ClassVar = True


class PredicateStoreOp(PredicateMemoryOp):
    """`pto.psts|psti %value, %dest[%offset], "DIST" : M, P, index` (PTOAS), or the manual's
    `pto.psts %value, %dest : M, P` (offset 0, NORM)."""

    DISTS: ClassVar = STORE_DISTS
    POINTER: ClassVar = "dest"
    NO_PK_ON_CPU: ClassVar = True

    value = operand_def(MASK)
    dest = operand_def(PTR)
    offset = opt_operand_def(IndexType())
    dist = opt_prop_def(StringAttr)
    updated_base = opt_result_def(PTR)
    """PTOAS's post-update form, as the loads'."""

    assembly_format = (
        "$value `,` $dest (`[` $offset^ `]`)? (`,` $dist^)? attr-dict `:` type($value) `,` "
        "type($dest) (`,` type($offset)^)? (`->` type($updated_base)^)?"
    )

    def __init__(
        self,
        value: SSAValue | Operation,
        dest: SSAValue | Operation,
        offset: SSAValue | Operation,
        dist: str,
    ) -> None:
        super().__init__(
            operands=[value, dest, offset], properties={"dist": StringAttr(dist)}, result_types=[[]]
        )


@irdl_op_definition
class PstsOp(PredicateStoreOp):
    name = "pto.psts"
    MANUAL: ClassVar = _PAGES + "psts.md"


@irdl_op_definition
class PstiOp(PredicateStoreOp):
    name = "pto.psti"
    MANUAL: ClassVar = _PAGES + "psti.md"
    IMMEDIATE: ClassVar = True


def _check_areg(op: PredicateMemoryOp, areg: SSAValue) -> None:
    if areg.type != i32:
        raise fail(f"{op.name} areg type {areg.type} must be i32 (a count of 8-byte units)")


@irdl_op_definition
class PldOp(PredicateMemoryOp):
    """`%m = pto.pld %source, %areg, "DIST" : P, i32 -> M`: from `source + areg * 8` bytes."""

    name = "pto.pld"
    MANUAL: ClassVar = _PAGES + "pld.md"

    source = operand_def(PTR)
    areg = operand_def()
    dist = prop_def(StringAttr)
    result = result_def(MASK)

    assembly_format = (
        "$source `,` $areg `,` $dist attr-dict `:` type($source) `,` type($areg) `->` type($result)"
    )

    def verify_memory(self) -> None:
        _check_areg(self, self.areg)
        super().verify_memory()


@irdl_op_definition
class PstOp(PredicateMemoryOp):
    """`pto.pst %value, %dest, %areg, "DIST" : M, P, i32`: to `dest + areg * 8` bytes."""

    name = "pto.pst"
    MANUAL: ClassVar = _PAGES + "pst.md"
    DISTS: ClassVar = STORE_DISTS
    POINTER: ClassVar = "dest"
    NO_PK_ON_CPU: ClassVar = True

    value = operand_def(MASK)
    dest = operand_def(PTR)
    areg = operand_def()
    dist = prop_def(StringAttr)

    assembly_format = (
        "$value `,` $dest `,` $areg `,` $dist attr-dict `:` type($value) `,` type($dest) `,` "
        "type($areg)"
    )

    def verify_memory(self) -> None:
        _check_areg(self, self.areg)
        super().verify_memory()


@irdl_op_definition
class PstuOp(VectorMemoryOp):
    """`%a2, %p2 = pto.pstu %align_in, %value, %base : !pto.align, M, P -> !pto.align, P`:
    lane i of `value` as bit i of the stream's bytes (b16: 16 bytes, b32: 8); `%p2` is
    `base` advanced by those bytes."""

    name = "pto.pstu"
    MANUAL: ClassVar = _PAGES + "pstu.md"

    traits = traits_def(InVecScope())

    align_in = operand_def(ALIGN)
    value = operand_def(MASK)
    base = operand_def(PTR)
    align_out = result_def(ALIGN)
    base_out = result_def(PTR)

    assembly_format = (
        "$align_in `,` $value `,` $base attr-dict `:` type($align_in) `,` type($value) `,` "
        "type($base) `->` type($align_out) `,` type($base_out)"
    )

    def __init__(
        self,
        align_in: SSAValue | Operation,
        value: SSAValue | Operation,
        base: SSAValue | Operation,
    ) -> None:
        ptr = SSAValue.get(base).type
        super().__init__(
            operands=[align_in, value, base], result_types=[SSAValue.get(align_in).type, ptr]
        )

    def verify_memory(self) -> None:
        ptr = self.ub_pointer(self.base, "base")
        self.check_same_type("base_out", self.base_out, "base", ptr)
        bits = mask_of(self.value).bits.data
        element = ptr.element
        # PTOAS's verifier: b16 with ui16, b32 with ui32 (a b8 mask has no pstu form)
        if bits == 8:
            raise fail(
                f"{self.name} value must be !pto.mask<b16> or !pto.mask<b32>: b8 has no form"
            )
        if element is None or not element.is_int or element.is_signed or element.bits != bits:
            raise fail(
                f"{self.name} base {ptr} must point to ui{bits} for a !pto.mask<b{bits}> value "
                "(pstu pairs b16 with ui16 and b32 with ui32)"
            )
        if target_of(self).arch is TargetArch.CPU:
            raise fail(f"{self.name} is not supported on the CPU simulator (pstu.md)")


OPS: list[type[IRDLOperation]] = [PldsOp, PldOp, PldiOp, PstsOp, PstOp, PstiOp, PstuOp]
