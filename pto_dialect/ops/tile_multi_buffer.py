"""Multi-buffered tiles, in PTOAS's explicit multi-buffer form.

- `%mb = pto.alloc_multi_tile [addr = %a] [valid_row = %r] [valid_col = %c]
  : !pto.multi_tile_buf<vec, 16x16xf16, count=2>`: `count` slots of one tile buffer type;
  with `addr`, slot k lies at `addr + k x slot bytes` (PTOAS explicit multi-buffer design,
  section 5.5: the slots are consecutive); the valid sizes are every slot's.
- `%t = pto.multi_tile_get %mb[%k] : !pto.multi_tile_buf<...> -> !pto.tile_buf<...>`: slot
  `%k` (an index) as a plain tile buffer, which every DPS tile op takes.

Both are declarations: no pipe work, no cycles. `pto-plan-memory` gives an
`alloc_multi_tile` one address for all its slots; `pto-resolve-slots` turns a
`multi_tile_get` of a constant slot into an `alloc_tile` at that slot's address.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import IndexType
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer

from pto_dialect.attrs import TargetArch
from pto_dialect.multi_tile_types import MultiBufPlacement, MultiTileBufType
from pto_dialect.ops.base import PtoOp, fail, target_of
from pto_dialect.ops.tile_memory import (
    AllocBufferOp,
    constant_index,
    require_valid_operands,
)
from pto_dialect.records import NoCycles
from pto_dialect.tile_types import TileBufType

_PAGE = "tile/ops/view-and-tile-buf/alloc-tile.md"
"""The ISA manual has no page of its own for PTOAS's multi-buffer ops: alloc_tile's."""


@irdl_op_definition
class AllocMultiTileOp(AllocBufferOp):
    """`count` slots of one tile buffer; `valid_row` / `valid_col` where the slot type has `?`."""

    name = "pto.alloc_multi_tile"

    MANUAL: ClassVar = _PAGE
    COST: ClassVar = NoCycles("a buffer declaration: no cycles of its own")

    result = result_def(MultiTileBufType)

    @property
    def multi_type(self) -> MultiTileBufType:
        result = self.result.type
        assert isinstance(result, MultiTileBufType)
        return result

    def verify_(self) -> None:
        multi = self.multi_type
        slot = multi.slot
        require_valid_operands(self.name, (self.valid_row, self.valid_col), slot, "the slot type")
        target = target_of(self)
        if multi.placement.data == MultiBufPlacement.BMU.value and target.arch is TargetArch.A2A3:
            raise fail(
                f"{self.name} placement=bmu needs the A5 buffer management unit, target is "
                f"{target.name}"
            )
        capacity = target.capacities.get(slot.location)
        if capacity is not None and multi.size_bytes > capacity:
            raise fail(
                f"{self.name} {multi.count.data} slots of {slot.size_bytes} bytes exceed the "
                f"{capacity}-byte loc={slot.location.value} buffer of target {target.name}"
            )


@irdl_op_definition
class MultiTileGetOp(PtoOp):
    """Slot `slot` of a multi-buffered tile, as a tile buffer of the slot type."""

    name = "pto.multi_tile_get"

    MANUAL: ClassVar = _PAGE
    COST: ClassVar = NoCycles("a view of a buffer: no cycles of its own")

    source = operand_def(MultiTileBufType)
    slot = operand_def(IndexType)
    result = result_def(TileBufType)

    def __init__(self, source: SSAValue, slot: SSAValue) -> None:
        multi = source.type
        assert isinstance(multi, MultiTileBufType)
        super().__init__(operands=[source, slot], result_types=[multi.slot])

    @classmethod
    def parse(cls, parser: Parser) -> MultiTileGetOp:
        """`%mb[%k] {attrs} : !pto.multi_tile_buf<...> -> !pto.tile_buf<...>`."""
        source = parser.parse_unresolved_operand()
        parser.parse_punctuation("[")
        slot = parser.parse_unresolved_operand()
        parser.parse_punctuation("]")
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        source_type = parser.parse_type()
        parser.parse_punctuation("->")
        result_type: Attribute = parser.parse_type()
        op = cls.create(
            operands=[
                parser.resolve_operand(source, source_type),
                parser.resolve_operand(slot, IndexType()),
            ],
            result_types=[result_type],
            attributes=attrs,
        )
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.source)
        printer.print_string("[")
        printer.print_operand(self.slot)
        printer.print_string("]")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.source.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)

    @property
    def multi_type(self) -> MultiTileBufType:
        source = self.source.type
        assert isinstance(source, MultiTileBufType)
        return source

    @property
    def slot_index(self) -> int | None:
        """The slot when it is a constant, else None."""
        return constant_index(self.slot)

    def verify_(self) -> None:
        multi = self.multi_type
        if self.result.type != multi.slot:
            raise fail(
                f"{self.name} result type {self.result.type} must be the slot type "
                f"{multi.slot} of the source"
            )
        k = self.slot_index
        if k is not None and not 0 <= k < multi.count.data:
            raise fail(f"{self.name} slot {k} must lie in [0, {multi.count.data})")


OPS: list[type[IRDLOperation]] = [AllocMultiTileOp, MultiTileGetOp]
