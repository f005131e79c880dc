"""Types of the vector registers: `!pto.vreg<64xf32>` (lanes x bits == 2048), the predicate
`!pto.mask<b32>` and the unaligned-stream state `!pto.align`."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import IntAttr
from xdsl.ir import Attribute, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from pto_dialect.dtypes import DType, element_dtype

VREG_BITS = 2048
"""Width of a vector register (256 bytes)."""


@irdl_attr_definition
class VRegType(ParametrizedAttribute, TypeAttribute):
    """A 256-byte vector register of `lanes` elements."""

    name = "pto.vreg"

    lanes: IntAttr
    element_type: Attribute

    def __init__(self, element_type: Attribute, lanes: int | None = None) -> None:
        if lanes is None:
            lanes = VREG_BITS // element_dtype(element_type, self.name).bits
        super().__init__(IntAttr(lanes), element_type)

    @property
    def element(self) -> DType:
        return element_dtype(self.element_type, self.name)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            dims, elem = parser.parse_ranked_shape()
        if len(dims) != 1:
            parser.raise_error("pto.vreg takes one dimension: !pto.vreg<LANESxT>")
        return [IntAttr(dims[0]), elem]

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{self.lanes.data}x")
        printer.print_attribute(self.element_type)
        printer.print_string(">")

    def verify(self) -> None:
        bits = self.element.bits
        if self.lanes.data * bits != VREG_BITS:
            raise VerifyException(
                f"pto.vreg lanes x element bits must be {VREG_BITS}, got {self.lanes.data} x {bits}"
            )


MASK_GRANULARITIES = (8, 16, 32)


@irdl_attr_definition
class MaskType(ParametrizedAttribute, TypeAttribute):
    """A predicate register with one bit per lane of `bits`-wide elements."""

    name = "pto.mask"

    bits: IntAttr

    def __init__(self, bits: int) -> None:
        super().__init__(IntAttr(bits))

    @property
    def lanes(self) -> int:
        return VREG_BITS // self.bits.data

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            pos = parser.pos
            word = parser.parse_identifier()
            if word not in {f"b{g}" for g in MASK_GRANULARITIES}:
                parser.raise_error(
                    f"pto.mask granularity must be b8, b16 or b32, got '{word}'", pos
                )
        return [IntAttr(int(word[1:]))]

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<b{self.bits.data}>")

    def verify(self) -> None:
        if self.bits.data not in MASK_GRANULARITIES:
            raise VerifyException(
                f"pto.mask granularity must be b8, b16 or b32, got {self.bits.data}"
            )


@irdl_attr_definition
class AlignType(ParametrizedAttribute, TypeAttribute):
    """The alignment-buffer state threaded through unaligned load/store streams."""

    name = "pto.align"

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        if parser.parse_optional_punctuation("<") is not None:
            parser.raise_error("!pto.align takes no parameters")
        return ()


TYPES = [VRegType, MaskType, AlignType]
