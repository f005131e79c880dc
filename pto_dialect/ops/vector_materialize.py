"""Materialization micro-ops (vdup.md, predicate-and-materialization): `pto.vdup`.

`%r = pto.vdup %input, %mask {position = "LOWEST"} : T|!pto.vreg<NxT>, !pto.mask<bW> ->
!pto.vreg<NxT>` (PTOAS VPTOOps.td): every active lane takes the scalar `%input`, or the
lowest (`LOWEST`, the default) or highest (`HIGHEST`) lane of the vreg `%input`; inactive
lanes are zero, as for every masked vector op of the dialect (seed 004: "inactive lanes
zeroed"). `vbr` (vector_arith.py) is the unmasked scalar broadcast.
"""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar

from xdsl.dialects.builtin import StringAttr
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    ParsePropInAttrDict,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    result_def,
)

from pto_dialect.dtypes import dtype_of
from pto_dialect.ops.base import fail
from pto_dialect.ops.vector_arith import ALL_TYPES, VectorOp, check_mask_granularity
from pto_dialect.ops.vector_common import mask_of, vreg_of
from pto_dialect.records import Completion, PerRepeat, VectorCost, per_target_dtypes
from pto_dialect.vector_types import MaskType, VRegType


class Position(StrEnum):
    """Which lane of a vreg input `vdup` duplicates."""

    LOWEST = "LOWEST"
    HIGHEST = "HIGHEST"


@irdl_op_definition
class VDupOp(VectorOp):
    """Duplicates a scalar, or the lowest/highest lane of a vreg, into the active lanes."""

    name = "pto.vdup"

    MANUAL: ClassVar = "vector/ops/predicate-and-materialization/vdup.md"
    DTYPES: ClassVar = per_target_dtypes(ALL_TYPES, ALL_TYPES)  # as vbr: b8/b16/b32 forms
    COST: ClassVar = VectorCost(
        Completion.BINOP, PerRepeat.SIMPLE, 7,
        estimate="vdup.md publishes no figure: costed as vbr (as vand)",
    )  # fmt: skip

    input = operand_def()
    mask = operand_def(MaskType)
    position = opt_prop_def(StringAttr)
    result = result_def(VRegType)

    irdl_options = (ParsePropInAttrDict(),)

    assembly_format = (
        "$input `,` $mask attr-dict `:` type($input) `,` type($mask) `->` type($result)"
    )

    def __init__(
        self,
        input: SSAValue | Operation,
        mask: SSAValue | Operation,
        result_type: Attribute,
        position: Position | None = None,
    ) -> None:
        props: dict[str, Attribute] = {}
        if position is not None:
            props["position"] = StringAttr(position.value)
        super().__init__(operands=[input, mask], result_types=[result_type], properties=props)

    @property
    def from_vreg(self) -> bool:
        return isinstance(self.input.type, VRegType)

    @property
    def lane(self) -> Position:
        """The duplicated lane of a vreg input (LOWEST unless `position` says)."""
        return Position.LOWEST if self.position is None else Position(self.position.data)

    def verify_(self) -> None:
        vreg = vreg_of(self.result)
        check_mask_granularity(self.name, "mask", mask_of(self.mask), vreg)
        if self.position is not None and self.position.data not in {p.value for p in Position}:
            raise fail(f"{self.name} position must be LOWEST or HIGHEST, got {self.position.data}")
        if self.from_vreg:
            self.check_same_type("input", self.input, "result", vreg)
        else:
            if self.position is not None:
                raise fail(f"{self.name} position selects a lane of a vreg input, not of a scalar")
            scalar = self.input.type
            given = dtype_of(scalar)
            if given is None:
                raise fail(f"{self.name} input type {scalar} is not a PTO element type")
            element = vreg.element_type
            wanted = vreg.element
            signless_twin = (
                given.is_int and wanted.is_int and given.bits == wanted.bits
                and given.name == f"i{given.bits}"
            )  # fmt: skip
            if scalar != element and not signless_twin:
                raise fail(
                    f"{self.name} input type {scalar} must equal the result element type "
                    f"{element} (or be the signless integer of its width)"
                )
        self.check_element(vreg)


OPS: list[type[IRDLOperation]] = [VDupOp]
