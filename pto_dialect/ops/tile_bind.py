"""The memref spellings of a tile buffer in PTOAS of early and mid 2026 (hw-native-sys
2026-04, vpto-dev 2026-06 PTOOps.td; zhangstevenunity 2026-03):

- `#pto.tile_buf_config<blayout=B, slayout=S, s_fractal_size=N, pad=P[, compact=C]>`: a tile's
  configuration; each of B, S, P, C is its enum attribute (`#pto.blayout<row_major>`) or its
  code as an integer (`1 : i32`, PTOAS `toBLayoutAttr`: blayout row_major 0, col_major 1;
  slayout none_box 0, row_major 1, col_major 2; pad null 0, zero 1, max 2, min 3; compact
  null 0, normal 1, row_plus_one 2); keys left out take the defaults.
- `%v = pto.bind_tile %buf[, %valid_row, %valid_col] {config = #pto.tile_buf_config<...>} :
  memref<...> -> memref<...>`: the buffer `%buf` with a tile's configuration and valid sizes
  (no storage of its own).
- `%m = pto.pointer_cast(%addr[, ...])[ %valid_row, %valid_col] {config = ...}? :
  memref<...>`: a buffer of the memref's shape at byte address `%addr` of its memory (one
  address per buffer slot).

Where such a buffer is used only by tile ops, the parser makes it the tile it stands for
(`pto_dialect.memref_tiles`): `pto.alloc_tile` of the tile buffer with that configuration, the
valid sizes, and for `pointer_cast` its address.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    I64,
    IndexType,
    IntAttr,
    IntegerAttr,
    MemRefType,
)
from xdsl.ir import Attribute, ParametrizedAttribute, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    ParsePropInAttrDict,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    result_def,
    var_operand_def,
)
from xdsl.parser import AttrParser
from xdsl.printer import Printer

from pto_dialect.attrs import (
    BLayout,
    BLayoutAttr,
    PadValue,
    PadValueAttr,
    SLayout,
    SLayoutAttr,
)
from pto_dialect.ops.base import PtoOp, fail
from pto_dialect.option_attrs import CompactModeAttr
from pto_dialect.records import NoCycles

_MANUAL = "https://github.com/hw-native-sys/PTOAS/blob/main/docs/PTO_IR_manual.md"
_COMPACT = ("null", "normal", "row_plus_one")


@irdl_attr_definition
class TileBufConfigAttr(ParametrizedAttribute):
    """`#pto.tile_buf_config<blayout=..., slayout=..., s_fractal_size=N, pad=..., compact=...>`."""

    name = "pto.tile_buf_config"

    blayout: BLayoutAttr
    slayout: SLayoutAttr
    fractal: IntAttr
    pad: PadValueAttr
    compact: IntAttr

    def __init__(
        self,
        blayout: BLayout = BLayout.ROW_MAJOR,
        slayout: SLayout = SLayout.NONE_BOX,
        fractal: int = 512,
        pad: PadValue = PadValue.NULL,
        compact: int = 0,
    ) -> None:
        super().__init__(
            BLayoutAttr(blayout), SLayoutAttr(slayout), IntAttr(fractal), PadValueAttr(pad),
            IntAttr(compact),
        )  # fmt: skip

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        values: dict[str, object] = {}
        parser.parse_punctuation("<")
        while parser.parse_optional_punctuation(">") is None:
            if values:
                parser.parse_punctuation(",")
            key = parser.parse_identifier()
            parser.parse_punctuation("=")
            if key == "s_fractal_size":
                values[key] = parser.parse_integer()
                continue
            if key not in ("blayout", "slayout", "pad", "compact"):
                parser.raise_error(f"pto.tile_buf_config has no key '{key}'")
            values[key] = _enum_value(parser, key)
        config = TileBufConfigAttr()
        try:
            return (
                BLayoutAttr(list(BLayout)[_code(values, "blayout", 0)]),
                SLayoutAttr(list(SLayout)[_code(values, "slayout", 0)]),
                IntAttr(int(str(values.get("s_fractal_size", config.fractal.data)))),
                PadValueAttr(PadValue.from_code(_code(values, "pad", 0))),
                IntAttr(_code(values, "compact", 0, len(_COMPACT))),
            )
        except IndexError:
            parser.raise_error("pto.tile_buf_config enum code out of range")

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(
            f"<blayout=#pto.blayout<{self.blayout.data.value}>, "
            f"slayout=#pto.slayout<{self.slayout.data.value}>, "
            f"s_fractal_size={self.fractal.data}, pad=#pto.pad_value<{self.pad.data.value}>, "
            f"compact=#pto.compact_mode<{_COMPACT[self.compact.data]}>>"
        )


def _enum_value(parser: AttrParser, key: str) -> int:
    """An enum key's value: its attribute or its integer code (`1 : i32`)."""
    attr = parser.parse_attribute()
    if isinstance(attr, IntegerAttr):
        return attr.value.data
    if isinstance(attr, BLayoutAttr) and key == "blayout":
        return list(BLayout).index(attr.data)
    if isinstance(attr, SLayoutAttr) and key == "slayout":
        return list(SLayout).index(attr.data)
    if isinstance(attr, PadValueAttr) and key == "pad":
        return attr.data.code
    if isinstance(attr, CompactModeAttr) and key == "compact":
        return _COMPACT.index(str(getattr(attr, "data")))  # noqa: B009 (a made class)
    parser.raise_error(f"pto.tile_buf_config {key} must be its enum attribute or an integer")


def _code(values: dict[str, object], key: str, default: int, limit: int | None = None) -> int:
    code = int(str(values.get(key, default)))
    if code < 0 or (limit is not None and code >= limit):
        raise IndexError(key)
    return code


def _memref(value: Attribute, what: str) -> MemRefType[Attribute]:
    if not isinstance(value, MemRefType):
        raise fail(f"{what} must be a memref, got {value}")
    return value  # pyright: ignore[reportUnknownVariableType]


class ConfiguredBufferOp(PtoOp):
    """`bind_tile` / `pointer_cast`: a memref buffer with a tile's configuration and, both or
    neither, its valid sizes (a declaration: no cycles)."""

    MANUAL: ClassVar = _MANUAL
    COST: ClassVar = NoCycles("a view or buffer declaration: no cycles of its own")

    irdl_options = (AttrSizedOperandSegments(as_property=True), ParsePropInAttrDict())

    def verify_valid_sizes(self, row: SSAValue | None, col: SSAValue | None) -> None:
        if (row is None) != (col is None):
            raise fail(f"{self.name} takes both valid sizes or neither")


@irdl_op_definition
class BindTileOp(ConfiguredBufferOp):
    """`%v = pto.bind_tile %buf[, %r, %c] {config = ...} : memref<...> -> memref<...>`."""

    name = "pto.bind_tile"

    source = operand_def(MemRefType)
    valid_row = opt_operand_def(IndexType)
    valid_col = opt_operand_def(IndexType)
    config = opt_prop_def(TileBufConfigAttr)
    result = result_def(MemRefType)

    assembly_format = (
        "$source (`,` $valid_row^ `,` $valid_col)? attr-dict `:` type($source) `->` type($result)"
    )

    def verify_(self) -> None:
        source = _memref(self.source.type, f"{self.name} source")
        result = _memref(self.result.type, f"{self.name} result")
        if (source.get_shape(), source.element_type, source.memory_space) != (
            result.get_shape(), result.element_type, result.memory_space,
        ):  # fmt: skip
            raise fail(
                f"{self.name} result {result} must have the source's shape, element type and "
                f"memory ({source}); only its layout may differ"
            )
        self.verify_valid_sizes(self.valid_row, self.valid_col)


@irdl_op_definition
class PointerCastOp(ConfiguredBufferOp):
    """`%m = pto.pointer_cast(%addr, ...)[ %r, %c] {config = ...}? : memref<...>`."""

    name = "pto.pointer_cast"

    addrs = var_operand_def(I64)
    valid_row = opt_operand_def(IndexType)
    valid_col = opt_operand_def(IndexType)
    config = opt_prop_def(TileBufConfigAttr)
    result = result_def(MemRefType)

    assembly_format = "`(` $addrs `)` ($valid_row^ `,` $valid_col)? attr-dict `:` type($result)"

    def verify_(self) -> None:
        _memref(self.result.type, f"{self.name} result")
        if not self.addrs:
            raise fail(f"{self.name} needs an address")
        self.verify_valid_sizes(self.valid_row, self.valid_col)


ATTRIBUTES: list[type[Attribute]] = [TileBufConfigAttr]
OPS: list[type[IRDLOperation]] = [BindTileOp, PointerCastOp]
