"""Tile types of the `pto` dialect, in the PTOAS spelling.

- `!pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32,
  blayout=row_major, slayout=none_box, fractal=512, pad=0>`: a tile buffer (DPS);
- `!pto.tile<...>`: an SSA tile value with the same parameters.

The dialect's other types: GM views and pointers (`memory_types`), vector registers and
masks (`vector_types`), asynchronous transfer handles (`async_types`), multi-buffered tiles
(`multi_tile_types`), element types (`dtypes`, `low_precision`, `packed_types`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, cast

from xdsl.dialects.builtin import IntAttr, IntegerAttr
from xdsl.ir import Attribute, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

from pto_dialect import manual_tile_spelling
from pto_dialect.attrs import (
    LOCATION_ALIASES,
    TILE_LOCATIONS,
    BLayout,
    BLayoutAttr,
    Location,
    LocationAttr,
    PadValue,
    PadValueAttr,
    SLayout,
    SLayoutAttr,
)
from pto_dialect.dtypes import DType, element_dtype

DYNAMIC = -1
"""Marker of a `?` dimension or valid size."""

FRACTAL_SIZES = (16, 32, 512, 1024)
"""Legal box (fractal) sizes in bytes; a box is 16 rows of fractal/16 bytes."""

ND_ALIGN_BYTES = 32
"""The contiguous dimension of an ND tile is a multiple of 32 bytes."""

BOX_ROWS = 16
ACC_FRACTAL = 1024
MX_FRACTAL = 32
"""The fractal size of MX scale tiles (boxes of 16x2 or 2x16 one-byte scales)."""
ACC_FRACTAL_ELEMENT_BYTES = 4


def dim_text(value: int) -> str:
    """A dimension as types print it: `?` when dynamic."""
    return "?" if value == DYNAMIC else str(value)


@dataclass(frozen=True, init=False)  # as xDSL's ParametrizedAttribute: the parameters below
class TileTypeBase(ParametrizedAttribute, TypeAttribute):  # become fields of __eq__ and __hash__
    """Parameters, syntax and static rules shared by `!pto.tile` and `!pto.tile_buf`."""

    loc: LocationAttr
    dtype: Attribute
    rows: IntAttr
    cols: IntAttr
    v_row: IntAttr
    v_col: IntAttr
    blayout: BLayoutAttr
    slayout: SLayoutAttr
    fractal: IntAttr
    pad: PadValueAttr
    compact: IntAttr
    """PTOAS's `compact=`: 0 null, 1 normal (both dense), 2 row_plus_one (each row, or
    column of a col-major tile, one element longer in storage; pto-isa `CompactMode`)."""

    REQUIRED_KEYS: ClassVar[tuple[str, ...]] = ("loc", "dtype", "rows", "cols")
    KEYS: ClassVar[tuple[str, ...]] = (
        "loc", "dtype", "rows", "cols", "v_row", "v_col",
        "blayout", "slayout", "fractal", "pad", "compact",
    )  # fmt: skip

    def __init__(
        self,
        loc: Location,
        dtype: Attribute,
        rows: int,
        cols: int,
        v_row: int | None = None,
        v_col: int | None = None,
        blayout: BLayout = BLayout.ROW_MAJOR,
        slayout: SLayout = SLayout.NONE_BOX,
        fractal: int = 512,
        pad: PadValue = PadValue.NULL,
        compact: int = 0,
    ) -> None:
        super().__init__(
            LocationAttr(loc),
            dtype,
            IntAttr(rows),
            IntAttr(cols),
            IntAttr(rows if v_row is None else v_row),
            IntAttr(cols if v_col is None else v_col),
            BLayoutAttr(blayout),
            SLayoutAttr(slayout),
            IntAttr(fractal),
            PadValueAttr(pad),
            IntAttr(compact),
        )

    # ---- convenient views of the parameters -------------------------------------------
    @property
    def location(self) -> Location:
        return self.loc.data

    @property
    def element(self) -> DType:
        return element_dtype(self.dtype, self.name)

    @property
    def shape(self) -> tuple[int, int]:
        return (self.rows.data, self.cols.data)

    @property
    def valid_shape(self) -> tuple[int, int]:
        """Static valid sizes; `DYNAMIC` where the type says `?`."""
        return (self.v_row.data, self.v_col.data)

    @property
    def has_dynamic_valid(self) -> bool:
        return DYNAMIC in self.valid_shape

    @property
    def is_row_major(self) -> bool:
        return self.blayout.data is BLayout.ROW_MAJOR

    @property
    def is_boxed(self) -> bool:
        return self.slayout.data is not SLayout.NONE_BOX

    @property
    def is_nd(self) -> bool:
        """A plain row-major tile with no boxes (the manual's "ND" layout)."""
        return self.is_row_major and not self.is_boxed

    @property
    def box(self) -> tuple[int, int]:
        """Rows and columns of one box (fractal); (1, 1) for an unboxed tile. An acc tile's
        boxes are the cube's 16x16 whatever its fractal (docs/decisions.md)."""
        if not self.is_boxed:
            return (1, 1)
        if self.location is Location.ACC:
            return (BOX_ROWS, BOX_ROWS)
        inner = self.fractal.data // BOX_ROWS // self.element.bytes
        if self.slayout.data is SLayout.ROW_MAJOR:
            return (BOX_ROWS, inner)
        return (inner, BOX_ROWS)

    @property
    def row_plus_one(self) -> bool:
        """`compact=2`: the major stride of an unboxed tile is one element longer."""
        return self.compact.data == COMPACT_ROW_PLUS_ONE and not self.is_boxed

    @property
    def storage_shape(self) -> tuple[int, int]:
        """(major lines, elements per line) of the storage: rows x cols for a row-major
        tile, cols x rows for a col-major one, one element more per line with row_plus_one;
        an acc tile's rows whole 16-row boxes (a 1-row GEMV result too: docs/decisions.md)."""
        rows, cols = self.shape
        if self.location is Location.ACC and self.is_boxed:
            rows = -(-rows // BOX_ROWS) * BOX_ROWS  # the cube writes whole 16-row boxes
        lines, length = (rows, cols) if self.is_row_major or self.is_boxed else (cols, rows)
        return (lines, length + 1) if self.row_plus_one else (lines, length)

    @property
    def size_bytes(self) -> int:
        lines, length = self.storage_shape
        return lines * length * self.element.bytes

    def with_valid(self, v_row: int, v_col: int) -> TileTypeBase:
        """The same type with other valid sizes."""
        params = list(self.parameters)
        params[4], params[5] = IntAttr(v_row), IntAttr(v_col)
        return type(self).new(params)

    # ---- syntax ---------------------------------------------------------------------
    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        """The keyed form `<loc=vec, dtype=f32, rows=R, cols=C, ...>` or the compact form
        `<vec, RxCxT, valid=VRxVC, blayout=..., ...>` of newer PTOAS versions."""
        return cls.parse_tile_parameters(parser)

    @classmethod
    def parse_tile_parameters(
        cls,
        parser: AttrParser,
        extra: Mapping[str, Callable[[AttrParser], Attribute]] | None = None,
        extra_values: dict[str, Attribute] | None = None,
        opened: bool = False,
    ) -> Sequence[Attribute]:
        """`parse_parameters`, also accepting the keys of `extra` (parsed by their function
        into `extra_values`): the slot parameters of `!pto.multi_tile_buf`'s compact form."""
        values: dict[str, Attribute] = {}

        def store(key: str, value: Attribute, start: int) -> None:
            if key in values:
                parser.raise_error(f"duplicate {cls.name} key '{key}'", start, parser.pos)
            values[key] = value

        def parse_value(key: str, start: int) -> None:
            """The value after `key=`."""
            if key == "valid":
                dims = parser.parse_dimension_list()
                if len(dims) != 2:
                    parser.raise_error("valid= takes two sizes: valid=VROWxVCOL", start, parser.pos)
                store("v_row", IntAttr(DYNAMIC if dims[0] < 0 else dims[0]), start)
                store("v_col", IntAttr(DYNAMIC if dims[1] < 0 else dims[1]), start)
                return
            if extra is not None and extra_values is not None and key in extra:
                if key in extra_values:
                    parser.raise_error(f"duplicate key '{key}'", start, parser.pos)
                extra_values[key] = extra[key](parser)
                return
            if key not in cls.KEYS:
                parser.raise_error(
                    f"unknown {cls.name} key '{key}', expected one of {', '.join(cls.KEYS)}",
                    start,
                    parser.pos,
                )
            store(key, _TILE_KEY_PARSERS[key](parser), start)

        def parse_entry() -> None:
            start = parser.pos
            key = parser.parse_identifier()
            if parser.parse_optional_punctuation("=") is not None:
                parse_value(key, start)
            elif set(values) == {"loc"}:
                positional(key, start)  # the manual's `<loc=vec, f32, 16, 16, ...>`
            else:
                parser.parse_punctuation("=")

        def shape(start: int) -> None:
            """`RxCxT`: rows, cols and the element type."""
            dims, elem = parser.parse_ranked_shape()
            if len(dims) != 2 or min(dims) < 0:
                parser.raise_error(f"{cls.name} needs a static ROWSxCOLS shape", start, parser.pos)
            values["rows"], values["cols"], values["dtype"] = (
                IntAttr(dims[0]),
                IntAttr(dims[1]),
                elem,
            )

        def positional(name: str, start: int) -> None:
            """The manual's positional parameters from the element type on
            (`manual_tile_spelling`)."""
            element = manual_tile_spelling.element_type(name)
            if element is None:
                parser.raise_error(
                    f"expected a key=value or the manual's element type, got '{name}'",
                    start,
                    parser.pos,
                )
            for key, value in manual_tile_spelling.parse_positional(
                parser, element, parse_value
            ).items():
                store(key, value, start)

        if not opened:
            parser.parse_punctuation("<")
        start = parser.pos
        first = parser.parse_optional_identifier()
        if first is None:  # the manual's `<16x32xf32>` (tconcat.md): a vec tile
            values["loc"] = LocationAttr(Location.VEC)
            shape(start)
        elif parser.parse_optional_punctuation("=") is not None:
            parse_value(first, start)
        elif first not in TILE_LOCATIONS and manual_tile_spelling.element_type(first):
            values["loc"] = LocationAttr(Location.VEC)  # the manual's `<f32, 16, 16>`
            positional(first, start)
        else:
            if first not in TILE_LOCATIONS:
                gm = first == Location.GM
                problem = "is not on chip: not a tile location" if gm else ""
                prefix = "" if gm else "unknown "
                parser.raise_error(
                    f"{prefix}tile location '{first}' {problem}".rstrip(), start, parser.pos
                )
            values["loc"] = LocationAttr(Location(first))
            parser.parse_punctuation(",")
            shape(start)
        while parser.parse_optional_punctuation(",") is not None:
            parse_entry()
        parser.parse_punctuation(">")
        missing = [k for k in cls.REQUIRED_KEYS if k not in values]
        if missing:
            parser.raise_error(f"{cls.name} is missing {', '.join(missing)}")
        rows, cols = values["rows"], values["cols"]
        defaults: dict[str, Attribute] = {
            "v_row": rows,
            "v_col": cols,
            "blayout": BLayoutAttr(BLayout.ROW_MAJOR),
            "slayout": SLayoutAttr(SLayout.NONE_BOX),
            "fractal": IntAttr(512),
            "pad": PadValueAttr(PadValue.NULL),
            "compact": IntAttr(0),
        }
        return [values[k] if k in values else defaults[k] for k in cls.KEYS]

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<loc={self.loc.data.value}, dtype=")
        printer.print_attribute(self.dtype)
        printer.print_string(
            f", rows={self.rows.data}, cols={self.cols.data}"
            f", v_row={dim_text(self.v_row.data)}, v_col={dim_text(self.v_col.data)}"
            f", blayout={self.blayout.data.value}, slayout={self.slayout.data.value}"
            f", fractal={self.fractal.data}, pad={self.pad.data.code}"
        )
        if self.compact.data:
            printer.print_string(f", compact={self.compact.data}")
        printer.print_string(">")

    # ---- static rules of the manual (pto_tile Tile static checks) ---------------------
    @property
    def _exempt_from_box_rows(self) -> bool:
        """Whether rows need not be a multiple of the box rows: vec tiles, single-row tiles
        (a GEMV's left operand) and MX-scale fractals (pto-isa include/pto/common/pto_tile.hpp,
        the static_assert on InnerRows). The box columns always apply."""
        return (
            self.location is Location.VEC or self.rows.data == 1 or self.fractal.data == MX_FRACTAL
        )

    def verify(self) -> None:
        dtype = self.element
        rows, cols = self.shape
        if self.location not in TILE_LOCATIONS:
            raise VerifyException(f"{self.name} loc=gm: GM is not a tile location")
        if rows <= 0 or cols <= 0:
            raise VerifyException(f"{self.name} rows and cols must be positive, got {rows}x{cols}")
        for key, valid, bound in (
            ("v_row", self.v_row.data, rows),
            ("v_col", self.v_col.data, cols),
        ):
            if valid != DYNAMIC and not 0 <= valid <= bound:
                raise VerifyException(
                    f"{self.name} {key}={valid} must lie in [0, {bound}] (valid region within "
                    "the shape)"
                )
        fractal = self.fractal.data
        if fractal not in FRACTAL_SIZES:
            raise VerifyException(
                f"{self.name} fractal={fractal} must be one of {', '.join(map(str, FRACTAL_SIZES))}"
            )
        if not self.is_boxed:
            # pto-isa's Tile asserts Cols (Rows) x sizeof(DType); PTOAS's EmitC renders a packed
            # FP4 tile's packed dim in values (2 a byte, sizeof 1): `values` counts them
            major, extent = ("cols", cols) if self.is_row_major else ("rows", rows)
            if extent * dtype.values * dtype.bytes % ND_ALIGN_BYTES:
                per = f"{dtype.values} values x " if dtype.values > 1 else ""
                raise VerifyException(
                    f"{self.name} with blayout={self.blayout.data.value} and slayout=none_box "
                    f"needs {major} x sizeof({dtype}) to be a multiple of {ND_ALIGN_BYTES} "
                    f"bytes, got {extent} x {per}{dtype.bytes}"
                )
            return
        if fractal == ACC_FRACTAL and dtype.bytes != ACC_FRACTAL_ELEMENT_BYTES:
            raise VerifyException(
                f"{self.name} fractal={fractal} boxes (16x16) need 4-byte elements, got {dtype}"
            )
        box_bytes = fractal // BOX_ROWS
        if box_bytes % dtype.bytes:
            raise VerifyException(
                f"{self.name} fractal={fractal} boxes have rows of {box_bytes} bytes, "
                f"which do not hold whole {dtype} elements"
            )
        box_rows, box_cols = self.box
        if rows % box_rows and not self._exempt_from_box_rows:
            raise VerifyException(
                f"{self.name} rows={rows} must be a multiple of the box rows {box_rows}"
            )
        if cols % box_cols:
            raise VerifyException(
                f"{self.name} cols={cols} must be a multiple of the box cols {box_cols}"
            )


def _parse_enum(enum: type[StrEnum], attr: Callable[[StrEnum], Attribute]):
    def parse(parser: AttrParser) -> Attribute:
        return attr(parser.parse_str_enum(enum))

    return parse


def _parse_tile_location(parser: AttrParser) -> Attribute:
    pos = parser.pos
    word = parser.parse_optional_identifier()
    if word in LOCATION_ALIASES:
        return LocationAttr(LOCATION_ALIASES[word])
    if word is not None and word in Location.__members__.values():
        loc = Location(word)
    else:
        if word is not None:
            names = ", ".join(f"`{m.value}`" for m in Location)
            parser.raise_error(f"Expected {names}.", pos, parser.pos)
        loc = parser.parse_str_enum(Location)
    if loc not in TILE_LOCATIONS:
        parser.raise_error("loc=gm: GM is not a tile location (tiles live on chip)", pos)
    return LocationAttr(loc)


def parse_int(parser: AttrParser) -> Attribute:
    """A non-negative integer parameter (`rows=16`)."""
    return IntAttr(parser.parse_integer(allow_boolean=False, allow_negative=False))


def _parse_valid(parser: AttrParser) -> Attribute:
    if parser.parse_optional_punctuation("?") is not None:
        return IntAttr(DYNAMIC)
    return parse_int(parser)


def _parse_pad(parser: AttrParser) -> Attribute:
    pos = parser.pos
    if (name := parser.parse_optional_str_enum(PadValue)) is not None:
        return PadValueAttr(name)
    code = parser.parse_integer(allow_boolean=False, allow_negative=False)
    if code >= len(PadValue):
        parser.raise_error(
            f"pad={code} must be 0 (null), 1 (zero), 2 (max) or 3 (min)", pos, parser.pos
        )
    return PadValueAttr(PadValue.from_code(code))


COMPACT_ROW_PLUS_ONE = 2
_COMPACT_NAMES = ("null", "normal", "row_plus_one")


def _parse_compact(parser: AttrParser) -> Attribute:
    """`compact=N` (0..2), a name, or `#pto.compact_mode<name>`."""
    pos = parser.pos
    attr = parser.parse_optional_attribute()
    if attr is not None:
        value = str(cast(object, getattr(attr, "data", None)))
        code: int
        if isinstance(attr, IntegerAttr):
            code = attr.value.data
        elif value in _COMPACT_NAMES:
            code = _COMPACT_NAMES.index(value)
        else:
            parser.raise_error(f"compact={attr} is not a compact mode", pos, parser.pos)
    elif (word := parser.parse_optional_identifier()) is not None and word in _COMPACT_NAMES:
        code = _COMPACT_NAMES.index(word)
    else:
        code = parser.parse_integer(allow_boolean=False, allow_negative=False)
    if not 0 <= code < len(_COMPACT_NAMES):
        parser.raise_error(
            f"compact={code} must be 0 (null), 1 (normal) or 2 (row_plus_one)", pos, parser.pos
        )
    return IntAttr(code)


_TILE_KEY_PARSERS: dict[str, Callable[[AttrParser], Attribute]] = {
    "loc": _parse_tile_location,
    "dtype": lambda p: p.parse_type(),
    "rows": parse_int,
    "cols": parse_int,
    "v_row": _parse_valid,
    "v_col": _parse_valid,
    "blayout": _parse_enum(BLayout, lambda v: BLayoutAttr(BLayout(v))),
    "slayout": _parse_enum(SLayout, lambda v: SLayoutAttr(SLayout(v))),
    "fractal": parse_int,
    "pad": _parse_pad,
    "compact": _parse_compact,
}


@irdl_attr_definition
class TileBufType(TileTypeBase):
    """A tile buffer in an on-chip memory (DPS operands)."""

    name = "pto.tile_buf"
    __init__ = TileTypeBase.__init__  # spelled out: typed code sees the base's signature


@irdl_attr_definition
class TileType(TileTypeBase):
    """An SSA tile value (Level 1)."""

    name = "pto.tile"
    __init__ = TileTypeBase.__init__  # spelled out: typed code sees the base's signature


AnyTileType = TileType | TileBufType


TYPES = [TileBufType, TileType]
