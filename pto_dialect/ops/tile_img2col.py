"""`pto.timg2col` and the FMATRIX state it reads: `pto.setfmatrix`, `pto.set_img2col_rpt`,
`pto.set_img2col_padding` (tile/ops/layout-and-rearrangement/timg2col.md; setfmatrix.md,
set-img2col-rpt.md, set-img2col-padding.md in tile/ops/sync-and-config/). No PTOAS snapshot
spells them; the pages give the operands, pto-isa (npu/a2a3, npu/a5, cpu: TImg2col.hpp,
SetFmatrix.hpp, SetImg2colRpt.hpp, SetImg2colPadding.hpp) the fields. The ConvTile fields the
C++ reads become the ops' properties (docs/decisions.md):

  `pto.setfmatrix ins(%src : T) outs() {fmap_h = 8, fmap_w = 8, pad_list = array<i64: l, r, t, b>}`
  `pto.set_img2col_rpt ins(%cfg : T) outs() {repeat_stride = 0, repeat_time = 1, repeat_mode = 0,
      dst_stride = 0, dst_mposition = 0}`
  `pto.set_img2col_padding ins(%cfg : T) outs() {pad_value = 0.0 : f16}`
  `pto.timg2col ins(%src : !pto.tile_buf<loc=mat,...>) outs(%dst : !pto.tile_buf<loc=left,...>)
      {stride_h = 1, stride_w = 1, filter_h = 3, filter_w = 3, dilation_h = 1, dilation_w = 1,
       channel_size = 16, pos_m = 0, pos_k = 0}` (and the SSA form `%d = pto.timg2col %s : T -> T'`)

`T` is the C++ ConvTile (a tile or tile buffer) or the pages' `!pto.fmatrix_config`; the pages'
Level-1 forms `pto.setfmatrix %t : T` and `pto.set_img2col_rpt %cfg : T -> ()` are read too.
`fmatrix_b` (a unit attribute) selects the second register set
(`SetFmatrixMode::FMATRIX_B_MANUAL`); without it, set A (the C++ default FMATRIX_A_MANUAL).
Every field has the C++ default; its range is its C++ type's.
"""

from __future__ import annotations

from typing import ClassVar, TypeVar, cast

from xdsl.dialects.builtin import DenseArrayBase, FloatAttr, IntegerAttr, UnitAttr
from xdsl.ir import Attribute, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import (
    IRDLOperation,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer

from pto_dialect.attrs import BLayout, Location, Pipe, SLayout
from pto_dialect.dtypes import dtype_of
from pto_dialect.ops.base import (
    PtoOp,
    TileOp,
    fail,
    int_value,
    require_dtype_supported,
    require_location,
    require_same_dtype,
    target_of,
)
from pto_dialect.records import CostFormula, Formula, NoCycles, PerTarget, Shapes, per_target_dtypes
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import TileTypeBase

S = TypeVar("S")

_CONFIG_PAGES = "tile/ops/sync-and-config/"
_U8, _U16 = (0, 255), (0, 65535)

IMG2COL_DTYPES = per_target_dtypes(
    "i8 f16 bf16 f32",  # a2a3/TImg2col.hpp "TImg2col: Invalid data type."
    "i8 ui8 i16 ui16 i32 ui32 f16 bf16 f32",  # a5/TImg2col.hpp Timg2colConvTileCheck
)
DST_LAYOUT: PerTarget[BLayout] = PerTarget(BLayout.ROW_MAJOR, BLayout.COL_MAJOR, BLayout.COL_MAJOR)
"""dst's blayout (slayout row_major everywhere): A2/A3 zZ, A5 and the CPU simulator nZ (the
static_asserts of each TImg2col.hpp)."""
HAS_DST_POSITION: PerTarget[bool] = PerTarget(False, True, True)
"""Whether the repeat register has `dst_stride` / `dst_mposition` (ConvTile's `#ifndef
PTO_NPU_ARCH_A2A3` fields; a2a3's SetRepeat takes three)."""


@irdl_attr_definition
class FmatrixConfigType(ParametrizedAttribute, TypeAttribute):
    """`!pto.fmatrix_config`: the pages' IMG2COL configuration operand (the ConvTile's fields;
    its values come with the op's properties)."""

    name = "pto.fmatrix_config"


def _array(attr: Attribute | None) -> tuple[int, ...] | None:
    if attr is None:
        return None
    assert isinstance(attr, DenseArrayBase)
    return tuple(int(v) for v in attr.get_values())


class FmatrixConfigOp(PtoOp):
    """`ins(%cfg : T) outs() {fields}` (the pages' DPS form), printed; their Level 1
    `%cfg : T [-> ()] {fields}` read too."""

    PIPE: ClassVar[Pipe] = Pipe.S
    COST: ClassVar = NoCycles("configuration: a special-register write on the scalar unit")
    FIELDS: ClassVar[dict[str, tuple[int, int]]] = {}
    """Integer properties and their ranges (the C++ field types)."""
    SYNTAX: ClassVar[str]
    """The properties as the reference shows them."""

    src = operand_def()
    fmatrix_b = opt_prop_def(UnitAttr)

    @classmethod
    def parse(cls, parser: Parser) -> FmatrixConfigOp:
        dps = parser.parse_optional_keyword("ins") is not None
        if dps:
            parser.parse_punctuation("(")
        operand = parser.parse_unresolved_operand()
        parser.parse_punctuation(":")
        kind = parser.parse_type()
        if not dps and parser.parse_optional_punctuation("->") is not None:
            parser.parse_punctuation("(")  # the pages' Level 1: `%cfg : T -> ()`
            parser.parse_punctuation(")")
        if dps:
            parser.parse_punctuation(")")
            parser.parse_keyword("outs")
            parser.parse_punctuation("(")
            parser.parse_punctuation(")")
        attrs = parser.parse_optional_attr_dict()
        props = {k: attrs.pop(k) for k in list(attrs) if k in cls._property_names()}
        value = parser.resolve_operand(operand, kind)
        return cls.create(operands=[value], properties=props, attributes=attrs)

    @classmethod
    def _property_names(cls) -> set[str]:
        return set(cls.get_irdl_definition().properties)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ins(")
        printer.print_operand(self.src)
        printer.print_string(" : ")
        printer.print_attribute(self.src.type)
        printer.print_string(") outs()")
        entries = {**self.properties, **self.attributes}
        if entries:
            printer.print_string(" ")
            printer.print_attr_dict(entries)

    @classmethod
    def syntax_lines(cls) -> list[str]:
        """The forms, as the reference prints them."""
        return [
            f"- `{cls.name} ins(%cfg : T) outs() {{{cls.SYNTAX}[, fmatrix_b]}}` (printed)",
            f"- `{cls.name} %cfg : T [-> ()] {{...}}` (the page's Level 1)",
        ]

    def field(self, name: str, default: int) -> int:
        return int_value(self.properties.get(name), default)

    def verify_(self) -> None:
        if not isinstance(self.src.type, TileTypeBase | FmatrixConfigType):
            raise fail(
                f"{self.name} src must be a tile, a tile buffer or a !pto.fmatrix_config, "
                f"got {self.src.type}"
            )
        for name, (low, high) in self.FIELDS.items():
            value = self.properties.get(name)
            if value is not None and not low <= int_value(value) <= high:
                raise fail(f"{self.name} {name} must be in [{low}, {high}], got {int_value(value)}")
        self.verify_fields(target_of(self))

    def verify_fields(self, target: TargetProfile) -> None:
        """Op-specific rules."""


@irdl_op_definition
class SetFmatrixOp(FmatrixConfigOp):
    """FMATRIX = fmap_w | fmap_h << 16 | pad_list[i] << (32 + 8 i): the feature map's height,
    width and left/right/top/bottom padding (SetFmatrix.hpp)."""

    name = "pto.setfmatrix"
    MANUAL: ClassVar = _CONFIG_PAGES + "setfmatrix.md"
    FIELDS: ClassVar = {"fmap_h": (1, 65535), "fmap_w": (1, 65535)}
    SYNTAX: ClassVar = "fmap_h = H, fmap_w = W[, pad_list = array<i64: l, r, t, b>]"

    fmap_h = opt_prop_def(IntegerAttr)
    fmap_w = opt_prop_def(IntegerAttr)
    pad_list = opt_prop_def(DenseArrayBase)

    def pads(self) -> tuple[int, int, int, int]:
        """(left, right, top, bottom): the order of ConvTile's padList (cpu/TImg2col.hpp)."""
        pads = _array(self.pad_list) or (0, 0, 0, 0)
        return pads[0], pads[1], pads[2], pads[3]

    def word(self) -> int:
        left, right, top, bottom = self.pads()
        word = self.field("fmap_w", 0) | self.field("fmap_h", 0) << 16
        for i, pad in enumerate((left, right, top, bottom)):
            word |= pad << (32 + 8 * i)
        return word

    def verify_fields(self, target: TargetProfile) -> None:
        if self.fmap_h is None or self.fmap_w is None:
            raise fail(f"{self.name} needs fmap_h and fmap_w (the feature map's height and width)")
        pads = _array(self.pad_list)
        if pads is not None and (len(pads) != 4 or not all(0 <= p <= 255 for p in pads)):
            raise fail(
                f"{self.name} pad_list must be 4 values in [0, 255] (left, right, top, bottom)"
            )


@irdl_op_definition
class SetImg2colRptOp(FmatrixConfigOp):
    """L3D_RPT = repeat_stride | repeat_time << 16 | repeat_mode << 24 | dst_stride << 32 |
    dst_mposition << 48 (SetImg2colRpt.hpp; A2/A3 has the first three)."""

    name = "pto.set_img2col_rpt"
    MANUAL: ClassVar = _CONFIG_PAGES + "set-img2col-rpt.md"
    FIELDS: ClassVar = {
        "repeat_stride": _U16,
        "repeat_time": _U8,
        "repeat_mode": _U8,
        "dst_stride": _U16,
        "dst_mposition": _U16,
    }
    SYNTAX: ClassVar = "repeat_stride = 0, repeat_time = 1, repeat_mode = 0, dst_stride = 0, ..."

    repeat_stride = opt_prop_def(IntegerAttr)
    repeat_time = opt_prop_def(IntegerAttr)
    repeat_mode = opt_prop_def(IntegerAttr)
    dst_stride = opt_prop_def(IntegerAttr)
    dst_mposition = opt_prop_def(IntegerAttr)

    def word(self) -> int:
        return (
            self.field("repeat_stride", 0)
            | self.field("repeat_time", 1) << 16
            | self.field("repeat_mode", 0) << 24
            | self.field("dst_stride", 0) << 32
            | self.field("dst_mposition", 0) << 48
        )

    def verify_fields(self, target: TargetProfile) -> None:
        if not HAS_DST_POSITION[target.arch]:
            for name in ("dst_stride", "dst_mposition"):
                if name in self.properties:
                    raise fail(
                        f"{self.name} {name} is not a field of {target.name}'s repeat register"
                    )


@irdl_op_definition
class SetImg2colPaddingOp(FmatrixConfigOp):
    """PADDING = the pad value's bits (a byte repeated in both halves of 16 bits; 2 and 4 bytes
    as they are: SetImg2colPadding.hpp)."""

    name = "pto.set_img2col_padding"
    MANUAL: ClassVar = _CONFIG_PAGES + "set-img2col-padding.md"
    SYNTAX: ClassVar = "pad_value = 0.0 : f16"

    pad_value = opt_prop_def(Attribute)

    def verify_fields(self, target: TargetProfile) -> None:
        value = self.pad_value
        if value is None:
            return
        kind: Attribute | None = None
        if isinstance(value, IntegerAttr | FloatAttr):
            kind = cast(IntegerAttr | FloatAttr, value).type
        dtype = None if kind is None else dtype_of(kind)
        if dtype is None or dtype.bytes not in (1, 2, 4):
            raise fail(
                f"{self.name} pad_value must be a number of a 1-, 2- or 4-byte element type "
                f"(e.g. 0.0 : f16), got {value}"
            )


_GEOMETRY = {
    "stride_h": (1, 255),  # uint8_t strideH/W of img2colv2
    "stride_w": (1, 255),
    "filter_h": (1, 511),  # 8 low bits and a high bit (TImg2col's highFilterH/W)
    "filter_w": (1, 511),
    "dilation_h": (1, 255),
    "dilation_w": (1, 255),
    "channel_size": (1, 65535),
    "pos_m": _U16,
    "pos_k": _U16,
}


@irdl_op_definition
class TImg2colOp(TileOp):
    """dst[r, c] = the fmap element patch row `pos_m + r`, column `pos_k + c` takes, or the pad
    value outside the (padded) feature map (cpu/TImg2col.hpp, the registers of npu/*)."""

    name = "pto.timg2col"

    PIPE: ClassVar[Pipe] = Pipe.MTE1  # pto-isa costmodel latency.hpp: TIMG2COL on MTE1
    MANUAL: ClassVar = "tile/ops/layout-and-rearrangement/timg2col.md"
    DTYPES: ClassVar = IMG2COL_DTYPES
    COST: ClassVar = Formula(
        CostFormula.TRANSFER, "as an L1 -> L0A move of dst's bytes (no published img2col figure)"
    )
    NOT_LOWERED: ClassVar = "no cube lowering of timg2col yet: it runs at tile level"

    stride_h = opt_prop_def(IntegerAttr)
    stride_w = opt_prop_def(IntegerAttr)
    filter_h = opt_prop_def(IntegerAttr)
    filter_w = opt_prop_def(IntegerAttr)
    dilation_h = opt_prop_def(IntegerAttr)
    dilation_w = opt_prop_def(IntegerAttr)
    channel_size = opt_prop_def(IntegerAttr)
    pos_m = opt_prop_def(IntegerAttr)
    pos_k = opt_prop_def(IntegerAttr)
    fmatrix_b = opt_prop_def(UnitAttr)

    @classmethod
    def parse(cls, parser: Parser) -> TImg2colOp:
        op = super().parse(parser)
        assert isinstance(op, TImg2colOp)
        for name in [*_GEOMETRY, "fmatrix_b"]:
            if name in op.attributes:
                op.properties[name] = op.attributes.pop(name)
        return op

    def print(self, printer: Printer) -> None:
        saved = dict(self.attributes)
        own = {k: v for k, v in self.properties.items() if k != "operandSegmentSizes"}
        self.attributes.clear()
        self.attributes.update({**own, **saved})
        try:
            super().print(printer)
        finally:
            self.attributes.clear()
            self.attributes.update(saved)

    def field(self, name: str, default: int) -> int:
        return int_value(self.properties.get(name), default)

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        dst = self.dst_tile()
        return dst.valid_shape[0], dst.valid_shape[1]

    def verify_tiles(self, target: TargetProfile) -> None:
        src, dst = self.tile(0, "src"), self.dst_tile()
        require_location(f"{self.name} src", src, Location.MAT)
        if not src.is_nd:
            raise fail(f"{self.name} src must be an ND mat tile holding the NC1HWC0 feature map")
        require_location(f"{self.name} dst", dst, Location.LEFT)
        blayout = DST_LAYOUT[target.arch]
        if dst.blayout.data is not blayout or dst.slayout.data is not SLayout.ROW_MAJOR:
            raise fail(
                f"{self.name} dst must be blayout={blayout.value}, slayout=row_major on "
                f"{target.name}, got blayout={dst.blayout.data.value}, "
                f"slayout={dst.slayout.data.value}"
            )
        require_dtype_supported(self.name, dst.element, target, IMG2COL_DTYPES)
        require_same_dtype(f"{self.name} src", src.element, "dst", dst.element)
        for name, (low, high) in _GEOMETRY.items():
            value = self.properties.get(name)
            if value is not None and not low <= int_value(value) <= high:
                raise fail(f"{self.name} {name} must be in [{low}, {high}], got {int_value(value)}")
        c0 = 32 // dst.element.bytes
        channels = self.properties.get("channel_size")
        if channels is not None and int_value(channels) % c0:
            raise fail(
                f"{self.name} channel_size {int_value(channels)} must be a multiple of C0 = {c0} "
                f"({dst.element})"
            )


OPS: list[type[IRDLOperation]] = [SetFmatrixOp, SetImg2colRptOp, SetImg2colPaddingOp, TImg2colOp]
TYPES = [FmatrixConfigType]
