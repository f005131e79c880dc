"""Views: tiles over another tile's storage, without copying (`pto.subview`, `pto.treshape`,
`pto.talias`).

`pto.subview`: a tile buffer that views a window of another.

  `%v = pto.subview %src[%r, %c] sizes [R, C] (valid [%vr, %vc])?
          : !pto.tile_buf<...> -> !pto.tile_buf<...>`

(PTOAS's spelling, include/PTO/IR/PTOOps.td `SubViewOp`; `-> type` may be left out: it is
then inferred.) Element (i, j) of the view is element (r + i, c + j) of `src`, in `src`'s
storage (subview.md: "a view relationship ... no data movement"). Rules (PTOAS's verifier,
the page's constraints): two offsets, constant ones non-negative; positive sizes equal to the
result's shape, within src's shape where the offsets are constant; the result keeps src's
location, element type and layout; `valid` operands both or neither, constant ones within
the sizes, and the result's valid shape theirs (clamped) or, without them, any static size
within `sizes`; a boxed view is whole boxes, at box-aligned constant offsets.

`pto.treshape`: the same bytes as another tile type (treshape.md; PTOAS's spelling
`%r = pto.treshape %src : !pto.tile_buf<...> -> !pto.tile_buf<...>`). Rules (TRESHAPE_IMPL
on the page): one location, one total byte size, no change between boxed and unboxed
layouts; the result is the source's kind of tile type.

`pto.talias`: an alias tile over the same payload (`%a = pto.talias %src : T -> T'`). The page
gives no rule and no values (its figure's template is treshape's `reshape_move`;
sync-and-config.md: "changes the visible tile view, not the underlying bytes"): treshape's
rules and meaning (docs/semantics.md). The page's Level-2 template `ins(...) outs(%dst)` would
rebind an allocated buffer's storage, which SSA tile buffers cannot express: not accepted.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import ArrayAttr, IndexType, IntAttr, IntegerAttr, IntegerType, i64
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    prop_def,
    result_def,
    var_operand_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer

from pto_dialect.ops.base import PtoOp, define_op, dims_str, fail, segments
from pto_dialect.ops.tile_memory import constant_index
from pto_dialect.records import NoCycles
from pto_dialect.tile_types import DYNAMIC, TileBufType, TileTypeBase

_INDEX = IndexType()


def _sizes(attr: ArrayAttr[IntegerAttr[IntegerType]]) -> list[int]:
    return [a.value.data for a in attr.data]


class WindowViewOp(PtoOp):
    """A tile buffer viewing `sizes` of `source` from `offsets` on (no copy): `pto.subview`
    and `pto.subset`, one op under the names of two pages."""

    COST: ClassVar = NoCycles("a view: metadata only, no data movement (subview.md)")

    source = operand_def(TileBufType)
    offsets = var_operand_def(IndexType)
    valid_row = opt_operand_def(IndexType)
    valid_col = opt_operand_def(IndexType)
    sizes = prop_def(ArrayAttr[IntegerAttr[IntegerType]])
    result = result_def(TileBufType)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(
        self,
        source: SSAValue,
        offsets: list[SSAValue],
        sizes: tuple[int, int],
        result_type: TileBufType,
        valid: tuple[SSAValue, SSAValue] | None = None,
    ) -> None:
        vr, vc = ([], []) if valid is None else ([valid[0]], [valid[1]])
        super().__init__(
            operands=[source, offsets, vr, vc],
            result_types=[result_type],
            properties={"sizes": ArrayAttr(IntegerAttr(n, i64) for n in sizes)},
        )

    # ---- syntax ---------------------------------------------------------------------------
    @classmethod
    def parse(cls, parser: Parser) -> WindowViewOp:
        source = parser.parse_unresolved_operand()
        offsets = parser.parse_comma_separated_list(
            parser.Delimiter.SQUARE, parser.parse_unresolved_operand
        )
        parser.parse_keyword("sizes")
        sizes_pos = parser.pos
        sizes = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_integer)
        valid = []
        if parser.parse_optional_keyword("valid") is not None:
            valid = parser.parse_comma_separated_list(
                parser.Delimiter.SQUARE, parser.parse_unresolved_operand
            )
            if len(valid) != 2:
                parser.raise_error("pto.subview valid [...] takes a row and a column count")
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        source_type = parser.parse_type()
        src = parser.resolve_operand(source, source_type)
        offs = [parser.resolve_operand(o, _INDEX) for o in offsets]
        vals = [parser.resolve_operand(v, _INDEX) for v in valid]
        if parser.parse_optional_punctuation("->") is not None:
            result_type = parser.parse_type()
        elif isinstance(source_type, TileBufType) and len(sizes) == 2:
            result_type = _inferred(source_type, (sizes[0], sizes[1]), vals)
        else:
            parser.raise_error("pto.subview cannot infer its result type", sizes_pos)
        op = cls.create(
            operands=[src, *offs, *vals],
            result_types=[result_type],
            properties={
                "sizes": ArrayAttr(IntegerAttr(n, i64) for n in sizes),
                "operandSegmentSizes": segments(1, len(offs), len(vals) // 2, len(vals) // 2),
            },
        )
        op.attributes |= attrs
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.source)
        printer.print_string("[")
        printer.print_list(self.offsets, printer.print_operand)
        printer.print_string("] sizes [")
        printer.print_list(_sizes(self.sizes), lambda n: printer.print_string(str(n)))
        printer.print_string("]")
        if self.valid_row is not None and self.valid_col is not None:
            printer.print_string(" valid [")
            printer.print_list([self.valid_row, self.valid_col], printer.print_operand)
            printer.print_string("]")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.source.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)

    # ---- verification -------------------------------------------------------------------
    def verify_(self) -> None:
        src, dst = self.source.type, self.result.type
        assert isinstance(src, TileBufType) and isinstance(dst, TileBufType)
        sizes = _sizes(self.sizes)
        if len(sizes) != 2 or len(self.offsets) != 2:
            raise fail(
                f"{self.name} takes 2 offsets and 2 sizes, got {len(self.offsets)} and {len(sizes)}"
            )
        if min(sizes) <= 0:
            raise fail(f"{self.name} sizes must be positive, got {dims_str(*sizes)}")
        offsets = [constant_index(v) for v in self.offsets]
        for axis, (offset, size) in enumerate(zip(offsets, sizes, strict=True)):
            what = ("row", "col")[axis]
            if offset is not None and offset < 0:
                raise fail(f"{self.name} {what} offset must be non-negative, got {offset}")
            if offset is not None and offset + size > src.shape[axis]:
                raise fail(
                    f"{self.name} {what} window {offset}..{offset + size} exceeds the "
                    f"source's {src.shape[axis]} {what}s"
                )
        if dst.shape != (sizes[0], sizes[1]):
            raise fail(
                f"{self.name} result shape {dims_str(*dst.shape)} must equal the sizes "
                f"{dims_str(*sizes)}"
            )
        self._verify_same_kind(src, dst)
        self._verify_valid(dst, sizes)
        if src.is_boxed:
            box = src.box
            for axis, (offset, size) in enumerate(zip(offsets, sizes, strict=True)):
                if size % box[axis] or (offset is not None and offset % box[axis]):
                    raise fail(
                        f"{self.name} of a boxed tile must cover whole {box[0]}x{box[1]} "
                        f"boxes: sizes {dims_str(*sizes)} and constant offsets must be "
                        "multiples of the box"
                    )

    def _verify_same_kind(self, src: TileBufType, dst: TileBufType) -> None:
        if dst.element != src.element:
            raise fail(
                f"{self.name} result dtype {dst.element} must equal the source dtype {src.element}"
            )
        if dst.location is not src.location:
            raise fail(
                f"{self.name} result loc={dst.location.value} must equal the source "
                f"loc={src.location.value}"
            )
        layout = ("blayout", "slayout", "fractal", "pad")
        if any(getattr(dst, k) != getattr(src, k) for k in layout):
            raise fail(
                f"{self.name} result layout (blayout, slayout, fractal, pad) must equal the "
                "source's"
            )

    def _verify_valid(self, dst: TileBufType, sizes: list[int]) -> None:
        if (self.valid_row is None) != (self.valid_col is None):
            raise fail(f"{self.name} takes valid_row and valid_col both or neither")
        explicit = [self.valid_row, self.valid_col]
        for axis, value in enumerate(explicit):
            declared, what = dst.valid_shape[axis], ("valid_row", "valid_col")[axis]
            if value is None:
                if declared == DYNAMIC or not 0 <= declared <= sizes[axis]:
                    raise fail(
                        f"{self.name} result {what} {dims_str(declared)} must be static and "
                        f"within the size {sizes[axis]} when no valid operand gives it"
                    )
                continue
            const = constant_index(value)
            if const is not None and not 0 <= const <= sizes[axis]:
                raise fail(f"{self.name} {what} {const} must be within 0..{sizes[axis]}")
            expected = DYNAMIC if const is None else const
            if declared != expected:
                raise fail(
                    f"{self.name} result {what} {dims_str(declared)} must be that of the "
                    f"valid operand ({dims_str(expected)})"
                )


def _inferred(source: TileBufType, sizes: tuple[int, int], valid: Sequence[SSAValue]) -> Attribute:
    """PTOAS's inferred result: `sizes` of `source`'s kind, valid from the operands."""
    vr, vc = sizes
    if valid:
        consts = [constant_index(v) for v in valid]
        vr = DYNAMIC if consts[0] is None else min(consts[0], sizes[0])
        vc = DYNAMIC if consts[1] is None else min(consts[1], sizes[1])
    params = list(source.parameters)
    params[2:6] = [IntAttr(sizes[0]), IntAttr(sizes[1]), IntAttr(vr), IntAttr(vc)]
    return TileBufType.new(params)


class ReinterpretOp(PtoOp):
    """The bytes of `src` as another tile type (no copy): `treshape` and `talias`."""

    COST: ClassVar = NoCycles("a reinterpretation: metadata only (PTOAS models it on PIPE_S)")

    src = operand_def(TileTypeBase)
    result = result_def(TileTypeBase)

    assembly_format = "$src attr-dict `:` type($src) `->` type($result)"

    def __init__(self, src: SSAValue, result_type: TileTypeBase) -> None:
        super().__init__(operands=[src], result_types=[result_type])

    def verify_(self) -> None:
        src, dst = self.src.type, self.result.type
        assert isinstance(src, TileTypeBase) and isinstance(dst, TileTypeBase)
        if type(src) is not type(dst):
            raise fail(f"{self.name} result must be a {src.name} like its source, got {dst.name}")
        if dst.location is not src.location:
            raise fail(
                f"{self.name} result loc={dst.location.value} must equal the source "
                f"loc={src.location.value}"
            )
        if dst.size_bytes != src.size_bytes:
            raise fail(
                f"{self.name} result of {dst.size_bytes} bytes must have the source's "
                f"{src.size_bytes} bytes"
            )
        if dst.is_boxed != src.is_boxed:
            raise fail(
                f"{self.name} cannot change between boxed and unboxed layouts (source "
                f"slayout={src.slayout.data.value}, result slayout={dst.slayout.data.value})"
            )


@irdl_op_definition
class TReshapeOp(ReinterpretOp):
    """The bytes of `src` as another tile type (no copy)."""

    name = "pto.treshape"

    MANUAL: ClassVar = "tile/ops/layout-and-rearrangement/treshape.md"


SubViewOp = define_op(
    WindowViewOp, "SubViewOp", "pto.subview",
    "A tile buffer viewing `sizes` of `source` from `offsets` on (no copy).",
    MANUAL="tile/ops/sync-and-config/subview.md",
)  # fmt: skip
SubsetOp = define_op(
    WindowViewOp, "SubsetOp", "pto.subset",
    "The view-and-tile-buf page's name of the same view (subset.md: a strided child tile "
    "aliasing a window of the parent, no data movement; its rules are subview's).",
    MANUAL="tile/ops/view-and-tile-buf/subset.md",
)  # fmt: skip


@irdl_op_definition
class TAliasOp(ReinterpretOp):
    """A second tile view over `src`'s bytes (`TALIAS(dst, src)`); treshape's rules."""

    name = "pto.talias"

    MANUAL: ClassVar = "tile/ops/sync-and-config/talias.md"


OPS: list[type[IRDLOperation]] = [SubViewOp, TReshapeOp, SubsetOp, TAliasOp]
