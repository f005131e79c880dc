"""The ISA manual's positional tile type (state-and-types/type-system.md, the `Tile<...>`
template of programming-model/tiles-and-valid-regions.md):

    !pto.tile<loc=vec, f32, 16, 16, RowMajor, NoneBox, None, Zero>
    !pto.tile_buf<loc=left, int8, 16, 16, RowMajor, RowMajor, NZ, Null>
    !pto.tile<f32, 16, 16>                       (tadd.md, assembly-model.md: a vec tile)
    !pto.tile<16x32xf32>                         (tconcat.md: a vec tile; tile_types reads it)

After the location come the element type, rows and cols, then optionally BLayout, SLayout,
Fractal and Pad. The element type is an MLIR name or the C name the manual writes (`int8`).
The Fractal name (`None NZ ZN FR RN NN`) restates what the two layouts say (the manual's own
table pairs NoneBox with `NN`), so it is checked to be one of those names and not kept; the
tile's fractal size is the default, as when the keyed form omits it. Pad `Zero` is zero,
`Null` and `Invalid` (reads undefined) are null. The type prints in the keyed form.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects.builtin import IntAttr
from xdsl.ir import Attribute
from xdsl.parser import AttrParser

from pto_dialect.attrs import (
    BLayout,
    BLayoutAttr,
    PadValue,
    PadValueAttr,
    SLayout,
    SLayoutAttr,
)
from pto_dialect.dtypes import dtype_named, mlir_type

BLAYOUTS = {"RowMajor": BLayout.ROW_MAJOR, "ColMajor": BLayout.COL_MAJOR}
SLAYOUTS = {
    "NoneBox": SLayout.NONE_BOX,
    "RowMajor": SLayout.ROW_MAJOR,
    "ColMajor": SLayout.COL_MAJOR,
}
FRACTALS = ("None", "NZ", "ZN", "FR", "RN", "NN")
PADS = {"Zero": PadValue.ZERO, "Null": PadValue.NULL, "Invalid": PadValue.NULL}
C_NAMES = {
    **{f"int{b}": f"i{b}" for b in (8, 16, 32, 64)},
    **{f"uint{b}": f"ui{b}" for b in (8, 16, 32, 64)},
    "half": "f16",
    "float": "f32",
    "bfloat16": "bf16",
}


def element_type(name: str) -> Attribute | None:
    """The element type the manual names `name` (`f32`, `int8`), or None."""
    try:
        return mlir_type(dtype_named(C_NAMES.get(name, name)))
    except KeyError:
        return None


def _word(parser: AttrParser, table: dict[str, object] | tuple[str, ...], what: str) -> str:
    start = parser.pos
    word = parser.parse_identifier()
    if word not in table:
        parser.raise_error(
            f"expected the manual's {what} ({', '.join(table)}), got '{word}'", start, parser.pos
        )
    return word


def parse_positional(
    parser: AttrParser, element: Attribute, key_entry: Callable[[str, int], None]
) -> dict[str, Attribute]:
    """The parameters after the element type (already read): `, ROWS, COLS` and optionally
    `, BLayout, SLayout, Fractal, Pad`; a `key=value` after COLS goes to `key_entry`."""
    values: dict[str, Attribute] = {"dtype": element}
    parser.parse_punctuation(",")
    values["rows"] = IntAttr(parser.parse_integer(allow_boolean=False, allow_negative=False))
    parser.parse_punctuation(",")
    values["cols"] = IntAttr(parser.parse_integer(allow_boolean=False, allow_negative=False))
    if parser.parse_optional_punctuation(",") is None:
        return values
    start = parser.pos
    word = parser.parse_identifier()
    if parser.parse_optional_punctuation("=") is not None:
        key_entry(word, start)
        return values
    if word not in BLAYOUTS:
        parser.raise_error(
            f"expected the manual's BLayout ({', '.join(BLAYOUTS)}) or a key=value, got '{word}'",
            start,
            parser.pos,
        )
    values["blayout"] = BLayoutAttr(BLAYOUTS[word])
    parser.parse_punctuation(",")
    values["slayout"] = SLayoutAttr(SLAYOUTS[_word(parser, tuple(SLAYOUTS), "SLayout")])
    parser.parse_punctuation(",")
    _word(parser, FRACTALS, "Fractal")
    parser.parse_punctuation(",")
    values["pad"] = PadValueAttr(PADS[_word(parser, tuple(PADS), "Pad")])
    return values
