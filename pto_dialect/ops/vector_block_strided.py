"""The block-strided moves `pto.vsldb` / `pto.vsstb`: their two stride spellings.

The manual page (vector-load-store/vsldb.md, vsstb.md) passes one packed i32 control word;
PTOAS (VPTOOps.td `PTO_VsldbOp` / `PTO_VsstbOp`) passes the two halves as i16 operands,
`%block_stride, %repeat_stride`, and packs them as `block << 16 | repeat`
(VPTOCANN900LLVMEmitter.cpp `packBlockRepeatStride`; pto-isa npu/a5/TMov.hpp builds the word
the same way). Both spellings are accepted and printed as written.

Syntax: `pto.OP %a, ..., <strides>, %mask attr-dict : types [-> results]`.
"""

from __future__ import annotations

from typing import ClassVar, Self

from xdsl.dialects.builtin import i16, i32
from xdsl.ir import SSAValue
from xdsl.parser import Parser
from xdsl.printer import Printer

from pto_dialect.ops.base import fail, print_operands_attrs_types, resolve
from pto_dialect.ops.vector_common import Kind, VectorMemoryOp, mask_of
from pto_dialect.vector_types import VRegType

STRIDE = Kind("i32 (control word) or i16 (stride)", lambda t: t in (i32, i16))


class BlockStridedOp(VectorMemoryOp):
    """vsldb / vsstb: `LEADING` operands, the strides, then the mask (custom syntax)."""

    LEADING: ClassVar[int]
    """How many operands come before the strides."""

    @property
    def stride_values(self) -> tuple[SSAValue, ...]:
        return tuple(self.operands[self.LEADING : -1])

    @property
    def packed(self) -> bool:
        """True for the page's single i32 control word."""
        return len(self.stride_values) == 1

    def check_mask(self, mask: SSAValue, vreg: VRegType, vreg_role: str) -> None:
        """The lanes' granularity; 64-bit lanes take a b32 mask (no b64 mask exists: PTOAS's
        memory_canonical_intrinsics kernel; the blocks follow the mask's b32 lanes)."""
        if vreg.element.bits == 64 and mask_of(mask).bits.data == 32:
            return
        super().check_mask(mask, vreg, vreg_role)

    def check_strides(self) -> None:
        types = [v.type for v in self.stride_values]
        if types not in ([i32], [i16, i16]):
            shown = ", ".join(str(t) for t in types) or "none"
            raise fail(
                f"{self.name} takes either one i32 control word (manual form) or an i16 block "
                f"stride and an i16 repeat stride (PTOAS form), got {shown}"
            )

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        operands = parser.parse_comma_separated_list(
            parser.Delimiter.NONE, parser.parse_unresolved_operand
        )
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        results = []
        if parser.parse_optional_punctuation("->") is not None:
            results = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        if len(operands) < cls.LEADING + 2:
            parser.raise_error(
                f"{cls.name} needs {cls.LEADING} leading operand(s), the strides and a mask"
            )
        return cls.create(
            operands=resolve(parser, operands, types), result_types=results, attributes=attrs
        )

    def print(self, printer: Printer) -> None:
        print_operands_attrs_types(printer, self)
