"""Index generation on vector registers: `pto.vci` (vector/ops/conversion-ops/vci.md).

`%r = pto.vci %index {order = "ASC"} : i32 -> !pto.vreg<64xi32>`: lane `i` of the result
is `index + i` (`ASC`, the default when `order` is absent, as PTOAS's optional attribute)
or `index - i` (`DESC`), wrapping modulo 2^bits. The page's standard form is integer
(`%result` "uses an integer element type"); the scalar has the element type (or, for
integers, its signless twin of the same width, as the vector-scalar ops take it).
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import StringAttr
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import irdl_op_definition, operand_def, opt_attr_def, result_def
from xdsl.utils.str_enum import StrEnum

from pto_dialect.ops.base import fail
from pto_dialect.ops.vector_arith import INT_TYPES, ElementKind, VectorOp
from pto_dialect.ops.vector_common import vreg_of
from pto_dialect.ops.vector_scalar import require_scalar_fits
from pto_dialect.records import Completion, PerRepeat, VectorCost, per_target_dtypes
from pto_dialect.vector_types import VRegType


class IndexOrder(StrEnum):
    """`order` of `pto.vci`."""

    ASC = "ASC"
    DESC = "DESC"


_VCI_TYPES = INT_TYPES + " f16 f32"


@irdl_op_definition
class VciOp(VectorOp):
    """`%r = pto.vci %index {order = "ASC"|"DESC"} : T -> !pto.vreg<NxT>`."""

    name = "pto.vci"

    MANUAL: ClassVar = "vector/ops/conversion-ops/vci.md"
    ELEMENT_KIND: ClassVar = ElementKind.ANY
    # vci.md: an integer result (i32 "in the common form"); A2/A3 emulates it with a
    # scalar loop in the vecscope (its Performance section), so the same list there; f16 and
    # f32 lanes too: PTOAS's board-tested vci-f16 case (docs/decisions.md)
    DTYPES: ClassVar = per_target_dtypes(_VCI_TYPES, _VCI_TYPES)
    COST: ClassVar = VectorCost(
        Completion.BINOP,
        PerRepeat.SIMPLE,
        7,
        estimate="vci.md publishes no cycles (A2/A3: ~10 startup): costed as vbr",
    )

    index = operand_def()
    order = opt_attr_def(StringAttr)
    result = result_def(VRegType)

    assembly_format = "$index attr-dict `:` type($index) `->` type($result)"

    def __init__(
        self,
        index: SSAValue | Operation,
        result_type: Attribute,
        order: IndexOrder = IndexOrder.ASC,
    ) -> None:
        super().__init__(
            operands=[index],
            result_types=[result_type],
            attributes={"order": StringAttr(order.value)},
        )

    @property
    def descending(self) -> bool:
        return self.order is not None and self.order.data == IndexOrder.DESC.value

    def verify_(self) -> None:
        if self.order is not None and self.order.data not in {o.value for o in IndexOrder}:
            raise fail(f'{self.name} order "{self.order.data}" must be "ASC" or "DESC"')
        vreg = vreg_of(self.result)
        dtype = self.check_element(vreg)
        require_scalar_fits(f"{self.name} index", self.index.type, dtype)


OPS = [VciOp]
