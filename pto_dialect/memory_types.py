"""Types that address memory: GM views (`!pto.tensor_view<?x?xf32>`,
`!pto.partition_tensor_view<32x32xf32>`) and pointers (`!pto.ptr<f32, ub>`; the space
defaults to gm; bare `!pto.ptr` is untyped) into the memories of `MemorySpace`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.dialects.builtin import ArrayAttr, IntAttr, NoneAttr, StringAttr
from xdsl.ir import Attribute, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

from pto_dialect.attrs import Location
from pto_dialect.dtypes import DType, dtype_of, element_dtype
from pto_dialect.packed_types import payload_bytes
from pto_dialect.tile_types import DYNAMIC, dim_text


@dataclass(frozen=True, init=False)  # the parameters take part in __eq__ and __hash__
class ShapedViewBase(ParametrizedAttribute, TypeAttribute):
    """`<d0x...xT>` views of GM memory; `?` dimensions are dynamic."""

    shape: ArrayAttr[IntAttr]
    element_type: Attribute

    def __init__(self, shape: Sequence[int], element_type: Attribute) -> None:
        super().__init__(ArrayAttr(IntAttr(d) for d in shape), element_type)

    @property
    def dims(self) -> tuple[int, ...]:
        return tuple(d.data for d in self.shape.data)

    @property
    def element(self) -> DType:
        return element_dtype(self.element_type, self.name)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            dims, elem = parser.parse_ranked_shape()
        return [ArrayAttr(IntAttr(DYNAMIC if d < 0 else d) for d in dims), elem]

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<")
        for d in self.dims:
            printer.print_string(f"{dim_text(d)}x")
        printer.print_attribute(self.element_type)
        printer.print_string(">")

    def verify(self) -> None:
        self.element  # noqa: B018 - raises on a non-PTO element type
        if not self.dims:
            raise VerifyException(f"{self.name} needs at least one dimension")


@irdl_attr_definition
class TensorViewType(ShapedViewBase):
    """A view of a whole GM tensor (`pto.make_tensor_view`)."""

    name = "pto.tensor_view"
    __init__ = ShapedViewBase.__init__  # spelled out: typed code sees the base's signature


@irdl_attr_definition
class PartitionTensorViewType(ShapedViewBase):
    """A static-shaped window of a tensor view (`pto.partition_view`)."""

    name = "pto.partition_tensor_view"
    __init__ = ShapedViewBase.__init__  # spelled out: typed code sees the base's signature


class MemorySpace(StrEnum):
    """Memories a `!pto.ptr` can address, in the PTOAS spelling."""

    GM = "gm"
    UB = "ub"  # vec
    L1 = "l1"  # mat
    L0A = "l0a"  # left
    L0B = "l0b"  # right
    L0C = "l0c"  # acc
    BT = "bt"  # bias table
    FB = "fb"  # fixpipe buffer (scaling)


SPACE_OF_LOCATION = {
    Location.VEC: MemorySpace.UB,
    Location.MAT: MemorySpace.L1,
    Location.LEFT: MemorySpace.L0A,
    Location.RIGHT: MemorySpace.L0B,
    Location.ACC: MemorySpace.L0C,
    Location.BIAS: MemorySpace.BT,
    Location.SCALING: MemorySpace.FB,
}
"""The memory a tile location lives in; location names are accepted as space aliases."""

_SPACE_ALIASES = {loc.value: space for loc, space in SPACE_OF_LOCATION.items()}


@irdl_attr_definition
class PtrType(ParametrizedAttribute, TypeAttribute):
    """`!pto.ptr<T, space>`; `!pto.ptr` alone is an untyped GM pointer."""

    name = "pto.ptr"

    pointee: Attribute
    space: StringAttr

    def __init__(self, pointee: Attribute | None = None, space: MemorySpace = MemorySpace.GM):
        super().__init__(NoneAttr() if pointee is None else pointee, StringAttr(space.value))

    @property
    def memory(self) -> MemorySpace:
        return MemorySpace(self.space.data)

    @property
    def is_typed(self) -> bool:
        return not isinstance(self.pointee, NoneAttr)

    @property
    def element(self) -> DType | None:
        """The PTO element type pointed to (None: untyped, or a SIMT packed payload)."""
        return None if not self.is_typed else dtype_of(self.pointee)

    @property
    def pointee_bytes(self) -> int | None:
        """Bytes of one pointee (the unit of `pto.addptr` offsets); None when untyped."""
        return None if not self.is_typed else payload_bytes(self.pointee)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        if parser.parse_optional_punctuation("<") is None:
            return [NoneAttr(), StringAttr(MemorySpace.GM.value)]
        pointee = parser.parse_type()
        space = MemorySpace.GM
        if parser.parse_optional_punctuation(",") is not None:
            pos = parser.pos
            word = parser.parse_identifier()
            if word in _SPACE_ALIASES:
                space = _SPACE_ALIASES[word]
            elif word in MemorySpace.__members__.values():
                space = MemorySpace(word)
            else:
                names = ", ".join(m.value for m in MemorySpace)
                parser.raise_error(f"unknown memory space '{word}', expected {names}", pos)
        parser.parse_punctuation(">")
        return [pointee, StringAttr(space.value)]

    def print_parameters(self, printer: Printer) -> None:
        if not self.is_typed:
            return
        printer.print_string("<")
        printer.print_attribute(self.pointee)
        if self.memory is not MemorySpace.GM:
            printer.print_string(f", {self.memory.value}")
        printer.print_string(">")

    def verify(self) -> None:
        MemorySpace(self.space.data)
        if self.is_typed and payload_bytes(self.pointee) is None:
            raise VerifyException(
                f"pto.ptr pointee {self.pointee} is not a PTO element type or a SIMT payload"
            )


TYPES = [TensorViewType, PartitionTensorViewType, PtrType]
