"""PTOAS's packed-FP4 raw loads L1 -> L0A / L0B: `load_cbuf_to_ca_s4` / `load_cbuf_to_cb_s4`.

  `pto.load_cbuf_to_ca_s4 %src, %dst, %m_start, %k_start, %m_step, %k_step, %src_stride,
       %dst_stride, %transpose : T_l1, T_l0a, i64, i64, i64, i64, i64, i64, i64`

`load_cbuf_to_ca`'s full-control load of 4-bit elements (PTOAS VPTOOps.td
`PTO_LoadCbufToCaS4Op`, VPTO.cpp `verifyS4CubeBridgeLoad`): both element types the same
packed FP4 pair (`f4E2M1x2` or `f4E1M2x2`), the controls in the hardware's ranges and
`transpose` an i64 0 or 1 operand rather than an attribute. The boxes move as bytes (16 rows
of 32 bytes, 64 values a row); a transposing S4 load transposes values, not bytes
(`interpreters.semantics.cube.l1_load`).
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def

from pto_dialect.dtypes import FP4_DTYPES
from pto_dialect.memory_types import MemorySpace
from pto_dialect.ops.base import fail
from pto_dialect.ops.cube_load import RawL1LoadOp, check_range
from pto_dialect.ops.cube_move import PAGES
from pto_dialect.records import CostFormula, Formula


class S4LoadOp(RawL1LoadOp):
    """A raw load of packed FP4 boxes with a `transpose` operand."""

    source = operand_def()
    destination = operand_def()
    m_start = operand_def()
    k_start = operand_def()
    m_step = operand_def()
    k_step = operand_def()
    src_stride = operand_def()
    dst_stride = operand_def()
    transpose_flag = operand_def()

    def verify_(self) -> None:
        super().verify_()
        for index, role in enumerate(("source", "destination")):
            ptr = self._pointer(index, role, self._space(role))
            if ptr.element not in FP4_DTYPES:
                raise fail(
                    f"{self.name} {role} element type must be a packed FP4 pair "
                    f"(f4E2M1x2 or f4E1M2x2), got {ptr.pointee}"
                )
        check_range(self, self.transpose_flag, "transpose", 0, 1)

    def _space(self, role: str) -> MemorySpace:
        space = self.SRC_SPACE if role == "source" else self.DST_SPACE
        assert space is not None
        return space

    @property
    def transpose(self) -> bool:
        """Read at run time from the operand; the record's static form is untransposed."""
        return False


@irdl_op_definition
class LoadCbufToCaS4Op(S4LoadOp):
    """`load_cbuf_to_ca` of packed FP4 boxes."""

    name = "pto.load_cbuf_to_ca_s4"

    MANUAL: ClassVar = PAGES + "mte-l1-l0a.md"
    COST: ClassVar = Formula(CostFormula.TRANSFER)
    DST_SPACE: ClassVar[MemorySpace | None] = MemorySpace.L0A


@irdl_op_definition
class LoadCbufToCbS4Op(S4LoadOp):
    """`load_cbuf_to_cb` of packed FP4 boxes."""

    name = "pto.load_cbuf_to_cb_s4"

    MANUAL: ClassVar = PAGES + "mte-l1-l0b.md"
    COST: ClassVar = Formula(CostFormula.TRANSFER)
    DST_SPACE: ClassVar[MemorySpace | None] = MemorySpace.L0B


OPS: list[type[IRDLOperation]] = [LoadCbufToCaS4Op, LoadCbufToCbS4Op]
