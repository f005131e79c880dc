"""`!pto.multi_tile_buf`: PTOAS's explicit multi-buffer type, `count` slots of one tile
buffer type (`pto_dialect.ops.tile_multi_buffer` allocates it and selects a slot)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.dialects.builtin import IntAttr, StringAttr
from xdsl.ir import Attribute, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

from pto_dialect.tile_types import TileBufType, parse_int

MULTI_TILE_SLOTS = (2, 16)
"""Slot counts a `!pto.multi_tile_buf` may have (PTOAS `kPtoMultiBufferMaxNum`; its PTO IR
manual, section 2.6 `!pto.multi_tile_buf`: `2 <= count <= 16`)."""


class MultiBufPlacement(StrEnum):
    """Where PTOAS puts the slots: its planner decides (auto), fixed addresses (static) or the
    A5 buffer management unit at run time (bmu). This project plans every kind statically."""

    AUTO = "auto"
    STATIC = "static"
    BMU = "bmu"


@irdl_attr_definition
class MultiTileBufType(ParametrizedAttribute, TypeAttribute):
    """`!pto.multi_tile_buf<vec, 16x16xf16, count=2>` (compact) or
    `!pto.multi_tile_buf<!pto.tile_buf<...>, count=2[, placement=static]>`: `count` slots of
    one tile buffer type, slot k at `addr + k x slot bytes` (PTOAS explicit multi-buffer
    design, section 5.5). `pto.multi_tile_get` selects one. Printed in the verbose form."""

    name = "pto.multi_tile_buf"

    slot: TileBufType
    count: IntAttr
    placement: StringAttr

    def __init__(
        self, slot: TileBufType, count: int, placement: MultiBufPlacement = MultiBufPlacement.AUTO
    ) -> None:
        super().__init__(slot, IntAttr(count), StringAttr(placement.value))

    @property
    def slot_bytes(self) -> int:
        return self.slot.size_bytes

    @property
    def size_bytes(self) -> int:
        """Bytes of all slots."""
        return self.count.data * self.slot.size_bytes

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        parser.parse_punctuation("<")
        start = parser.pos
        extra: dict[str, Attribute] = {}
        keys: dict[str, Callable[[AttrParser], Attribute]] = {
            "count": parse_int,
            "placement": lambda p: StringAttr(p.parse_str_enum(MultiBufPlacement).value),
        }
        slot = parser.parse_optional_type()
        if slot is None:
            slot = TileBufType.new(
                TileBufType.parse_tile_parameters(parser, keys, extra, opened=True)
            )
        else:
            if not isinstance(slot, TileBufType):
                parser.raise_error(
                    f"{cls.name} slot type must be a !pto.tile_buf, got {slot}", start, parser.pos
                )
            while parser.parse_optional_punctuation(",") is not None:
                key_start = parser.pos
                key = parser.parse_identifier()
                if key not in keys or key in extra:
                    parser.raise_error(
                        f"expected count= or placement= (once each), got '{key}'",
                        key_start,
                        parser.pos,
                    )
                parser.parse_punctuation("=")
                extra[key] = keys[key](parser)
            parser.parse_punctuation(">")
        if "count" not in extra:
            parser.raise_error(f"{cls.name} needs count=N", start, parser.pos)
        return [slot, extra["count"], extra.get("placement", StringAttr("auto"))]

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<")
        printer.print_attribute(self.slot)
        printer.print_string(f", count={self.count.data}")
        if self.placement.data != MultiBufPlacement.AUTO.value:
            printer.print_string(f", placement={self.placement.data}")
        printer.print_string(">")

    def verify(self) -> None:
        low, high = MULTI_TILE_SLOTS
        if not low <= self.count.data <= high:
            raise VerifyException(
                f"{self.name} count={self.count.data} must lie in [{low}, {high}]"
            )
        if self.placement.data not in MultiBufPlacement.__members__.values():
            raise VerifyException(
                f"{self.name} placement={self.placement.data} must be auto, static or bmu"
            )


TYPES = [MultiTileBufType]
