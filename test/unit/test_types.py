"""Types of the pto dialect: building from Python, parsing edge cases, static rules."""

import pytest
from xdsl.context import Context
from xdsl.dialects.builtin import IntegerType, MemRefType, Signedness, bf16, f16, f32, i8
from xdsl.ir import Attribute
from xdsl.parser import Parser
from xdsl.utils.exceptions import ParseError, VerifyException

from pto_dialect.attrs import BLayout, Location, LocationAttr, PadValue, SLayout
from pto_dialect.dialect import PTO
from pto_dialect.dtypes import F32, U8, dtype_of
from pto_dialect.memory_types import MemorySpace, PartitionTensorViewType, PtrType, TensorViewType
from pto_dialect.tile_types import DYNAMIC, TileBufType, TileType
from pto_dialect.vector_types import AlignType, MaskType, VRegType

FULL = (
    "!pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, "
    "blayout=row_major, slayout=none_box, fractal=512, pad=0>"
)


def parse(text: str) -> Attribute:
    ctx = Context()
    ctx.load_dialect(PTO)
    return Parser(ctx, text).parse_attribute()


def test_tile_buf_built_from_python_prints_the_canonical_form():
    tile = TileBufType(Location.VEC, f32, 32, 32)
    assert str(tile) == FULL
    assert parse(FULL) == tile


def test_omitted_keys_take_the_documented_defaults():
    tile = parse("!pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32>")
    assert isinstance(tile, TileBufType)
    assert tile.valid_shape == (32, 32)
    assert tile.blayout.data is BLayout.ROW_MAJOR
    assert tile.slayout.data is SLayout.NONE_BOX
    assert tile.fractal.data == 512
    assert tile.pad.data is PadValue.NULL


def test_dynamic_valid_sizes_print_as_question_marks():
    tile = parse("!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?>")
    assert isinstance(tile, TileBufType)
    assert tile.valid_shape == (DYNAMIC, DYNAMIC)
    assert tile.has_dynamic_valid
    assert "v_row=?, v_col=?" in str(tile)


def test_compact_form_of_newer_ptoas_is_accepted():
    compact = parse("!pto.tile_buf<vec, 16x128xf32, valid=?x8, pad=1>")
    keyed = parse("!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=?, v_col=8, pad=1>")
    assert compact == keyed


def test_short_and_compact_spellings_equal_the_full_form_and_hash_alike():
    full = parse(FULL)
    for text in (
        "!pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32>",
        "!pto.tile_buf<vec, 32x32xf32>",
        "!pto.tile_buf<vec, 32x32xf32, valid=32x32, pad=null>",
    ):
        short = parse(text)
        assert short == full
        assert hash(short) == hash(full)
    assert parse(FULL.replace("tile_buf", "tile")) == parse("!pto.tile<vec, 32x32xf32>")


@pytest.mark.parametrize(
    "change",
    ["loc=mat", "dtype=f16", "rows=16", "cols=64", "v_row=8", "v_col=?", "blayout=col_major",
     "slayout=row_major", "fractal=1024", "pad=1"],
)  # fmt: skip
def test_tile_types_differing_in_one_parameter_differ(change: str):
    key = change.split("=")[0]
    base = {"loc": "vec", "dtype": "f32", "rows": "32", "cols": "32"}
    for kind in ("tile", "tile_buf"):
        other = dict(base, **{key: change.split("=")[1]})
        text = ", ".join(f"{k}={v}" for k, v in other.items())
        plain = parse(f"!pto.{kind}<loc=vec, dtype=f32, rows=32, cols=32>")
        changed = parse(f"!pto.{kind}<{text}>")
        assert plain != changed
        assert len({plain, changed}) == 2  # distinct keys (xDSL hashes f16 and f32 alike)


def test_a_tile_and_a_tile_buffer_of_the_same_parameters_differ():
    assert TileType(Location.VEC, f32, 32, 32) != TileBufType(Location.VEC, f32, 32, 32)


@pytest.mark.parametrize("kind", ["tensor_view", "partition_tensor_view"])
def test_views_differing_in_shape_or_element_differ(kind: str):
    view = parse(f"!pto.{kind}<16x32xf32>")
    assert view == parse(f"!pto.{kind}<16x32xf32>")
    others = [parse(f"!pto.{kind}<{o}>") for o in ("16x64xf32", "32x16xf32", "16x32xf16",
                                                      "16x32x1xf32", "?x32xf32")]  # fmt: skip
    assert all(view != other for other in others)
    assert len({view, *others}) == 6


@pytest.mark.parametrize(
    ("pad", "value"),
    [("0", PadValue.NULL), ("1", PadValue.ZERO), ("2", PadValue.MAX), ("3", PadValue.MIN),
     ("zero", PadValue.ZERO)],
)  # fmt: skip
def test_pad_codes_follow_ptoas_numbering(pad: str, value: PadValue):
    tile = parse(f"!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, pad={pad}>")
    assert isinstance(tile, TileBufType)
    assert tile.pad.data is value
    assert f"pad={value.code}>" in str(tile)


def test_ssa_tile_type_has_the_same_parameters():
    tile = parse(FULL.replace("tile_buf", "tile"))
    assert isinstance(tile, TileType)
    assert tile.parameters == TileBufType(Location.VEC, f32, 32, 32).parameters


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("!pto.tile_buf<loc=vec, dtype=f32, rows=32>", "is missing cols"),
        ("!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, rows=8>", "duplicate pto.tile_buf key"),
        ("!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, colour=1>", "unknown pto.tile_buf key"),
        ("!pto.tile_buf<loc=gm, dtype=f32, rows=8, cols=8>", "GM is not a tile location"),
        ("!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, pad=4>", "pad=4 must be 0"),
        ("!pto.tile_buf<cube, 8x8xf32>", "unknown tile location 'cube'"),
        ("!pto.tile<gm, 8x8xf32>", "tile location 'gm' is not on chip"),
        ("!pto.mask<b64>", "granularity must be b8, b16 or b32"),
        ("!pto.ptr<f32, hbm>", "unknown memory space 'hbm'"),
    ],
)
def test_malformed_types_are_parse_errors(text: str, message: str):
    with pytest.raises(ParseError, match=message):
        parse(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # ND row-major: cols x sizeof(dtype) multiple of 32 bytes
        ("!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=4>", "cols x sizeof\\(f32\\)"),
        # ND col-major: rows x sizeof(dtype) multiple of 32 bytes
        ("!pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=16, blayout=col_major>",
         "rows x sizeof\\(f16\\)"),
        ("!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=9>", "v_row=9 must lie in"),
        ("!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_col=16>", "v_col=16 must lie in"),
        ("!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, fractal=256>", "fractal=256 must be"),
        # boxed: rows/cols multiples of the box (16 x 32 bytes for fractal 512)
        ("!pto.tile_buf<loc=left, dtype=f16, rows=8, cols=16, blayout=col_major, "
         "slayout=row_major>", "rows=8 must be a multiple of the box rows 16"),
        ("!pto.tile_buf<loc=right, dtype=f16, rows=16, cols=8, slayout=col_major>",
         "cols=8 must be a multiple of the box cols 16"),
        ("!pto.tile_buf<loc=acc, dtype=f16, rows=16, cols=16, blayout=col_major, "
         "slayout=row_major, fractal=1024>", "need 4-byte elements"),
        ("!pto.tile_buf<loc=vec, dtype=f64, rows=8, cols=8>", "not a PTO element type"),
        ("!pto.vreg<32xf32>", "lanes x element bits must be 2048, got 32 x 32"),
    ],
)  # fmt: skip
def test_static_tile_rules_are_verified(text: str, message: str):
    with pytest.raises(VerifyException, match=message):
        parse(text)


def test_box_geometry_follows_the_fractal_size():
    left = TileBufType(Location.LEFT, f16, 16, 32, blayout=BLayout.COL_MAJOR,
                        slayout=SLayout.ROW_MAJOR)  # fmt: skip
    right = TileBufType(Location.RIGHT, f16, 32, 16, slayout=SLayout.COL_MAJOR)
    acc = TileBufType(Location.ACC, f32, 16, 16, blayout=BLayout.COL_MAJOR,
                       slayout=SLayout.ROW_MAJOR, fractal=1024)  # fmt: skip
    assert left.box == (16, 16)  # 16 rows of 32 bytes of f16
    assert right.box == (16, 16)
    assert acc.box == (16, 16)
    assert TileBufType(Location.MAT, i8, 16, 32, slayout=SLayout.ROW_MAJOR).box == (16, 32)
    assert TileBufType(Location.VEC, f32, 8, 8).box == (1, 1)


@pytest.mark.parametrize(
    "text",
    [
        "!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, slayout=row_major>",
        # seed 000's TileLeft<half, 1, 16> and TileAcc<float, 1, 16> with the A5 layouts
        "!pto.tile_buf<loc=left, dtype=f16, rows=1, cols=16, blayout=col_major, slayout=row_major>",
        "!pto.tile<loc=acc, dtype=f32, rows=1, cols=16, blayout=col_major, slayout=row_major, "
        "fractal=1024>",
        # A2/A3's TileLeft (zZ) for an int8 gemv; a 1-row mat tile on its way to L0A
        "!pto.tile_buf<loc=left, dtype=i8, rows=1, cols=64, slayout=row_major>",
        "!pto.tile<loc=mat, dtype=f16, rows=1, cols=32, blayout=col_major, slayout=row_major>",
        # MX scale fractals (16x2 boxes of one-byte scales)
        "!pto.tile_buf<loc=mat, dtype=ui8, rows=8, cols=4, slayout=row_major, fractal=32>",
    ],
)
def test_exempt_tiles_need_not_hold_whole_box_rows(text: str):
    parse(text).verify()


@pytest.mark.parametrize(
    ("text", "rows"),
    [
        ("!pto.tile_buf<loc=left, dtype=f16, rows=2, cols=16, blayout=col_major, "
         "slayout=row_major>", 2),
        ("!pto.tile_buf<loc=acc, dtype=f32, rows=17, cols=16, blayout=col_major, "
         "slayout=row_major, fractal=1024>", 17),
    ],
)  # fmt: skip
def test_other_boxed_tiles_hold_whole_box_rows(text: str, rows: int):
    with pytest.raises(VerifyException, match=f"rows={rows} must be a multiple of the box rows"):
        parse(text)


def test_views():
    view = parse("!pto.tensor_view<?x128xbf16>")
    assert isinstance(view, TensorViewType)
    assert view.dims == (DYNAMIC, 128)
    assert str(view) == "!pto.tensor_view<?x128xbf16>"
    part = PartitionTensorViewType([16, 32], bf16)
    assert str(part) == "!pto.partition_tensor_view<16x32xbf16>"
    assert parse(str(part)) == part


def test_pointers_default_to_gm_and_accept_location_aliases():
    assert parse("!pto.ptr<f32>") == PtrType(f32, MemorySpace.GM)
    assert str(PtrType(f32, MemorySpace.GM)) == "!pto.ptr<f32>"
    assert parse("!pto.ptr<f32, vec>") == PtrType(f32, MemorySpace.UB)
    assert parse("!pto.ptr<f16, left>") == PtrType(f16, MemorySpace.L0A)
    untyped = parse("!pto.ptr")
    assert isinstance(untyped, PtrType)
    assert not untyped.is_typed
    assert untyped.memory is MemorySpace.GM
    assert str(untyped) == "!pto.ptr"


def test_vreg_mask_align():
    vreg = parse("!pto.vreg<256xui8>")
    assert vreg == VRegType(IntegerType(8, Signedness.UNSIGNED))
    assert isinstance(vreg, VRegType)
    assert vreg.element == U8
    assert VRegType(f32).lanes.data == 64
    mask = parse("!pto.mask<b16>")
    assert mask == MaskType(16)
    assert isinstance(mask, MaskType)
    assert mask.lanes == 128
    assert parse("!pto.align") == AlignType()


def test_dtype_mapping():
    assert dtype_of(f32) == F32
    assert dtype_of(IntegerType(8, Signedness.UNSIGNED)) == U8
    i8_dtype = dtype_of(IntegerType(8))
    assert i8_dtype is not None and i8_dtype.is_signed
    assert dtype_of(IntegerType(1)) is None


def test_gm_is_a_memref_address_space_but_no_tile_location():
    memref = parse("memref<2x8xf32, #pto.address_space<gm>>")
    assert isinstance(memref, MemRefType)
    assert memref.memory_space == LocationAttr(Location.GM)
    with pytest.raises(VerifyException, match="GM is not a tile location"):
        TileBufType(Location.GM, f32, 8, 8).verify()


@pytest.mark.parametrize(
    ("manual", "keyed"),
    [
        # state-and-types/type-system.md, programming-model/tiles-and-valid-regions.md
        ("!pto.tile<loc=vec, f32, 16, 16, RowMajor, NoneBox, None, Zero>",
         "!pto.tile<loc=vec, dtype=f32, rows=16, cols=16, pad=1>"),
        ("!pto.tile_buf<loc=mat, bf16, 16, 16, RowMajor, NoneBox, None, Null>",
         "!pto.tile_buf<loc=mat, dtype=bf16, rows=16, cols=16>"),
        ("!pto.tile_buf<loc=acc, int32, 16, 16, ColMajor, RowMajor, NZ, Invalid>",
         "!pto.tile_buf<loc=acc, dtype=i32, rows=16, cols=16, blayout=col_major, "
         "slayout=row_major>"),
        ("!pto.tile<f32, 16, 16>", "!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>"),  # tadd.md
        ("!pto.tile<16x32xf32>", "!pto.tile<loc=vec, dtype=f32, rows=16, cols=32>"),  # tconcat.md
        ("!pto.tile<loc=vec, f16, 16, 64, v_row=4>",
         "!pto.tile<loc=vec, dtype=f16, rows=16, cols=64, v_row=4>"),
    ],
)  # fmt: skip
def test_the_manuals_positional_tile_type_is_the_keyed_one(manual: str, keyed: str):
    assert parse(manual) == parse(keyed)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("!pto.tile<loc=vec, f33, 16, 16>", "the manual's element type, got 'f33'"),
        ("!pto.tile<loc=vec, f32, 16, 16, RowMajor, Box, None, Zero>",
         r"SLayout \(NoneBox, RowMajor, ColMajor\), got 'Box'"),
        ("!pto.tile<loc=vec, f32, 16, 16, RowMajor, NoneBox, Z, Zero>", "Fractal .*got 'Z'"),
        ("!pto.tile<loc=vec, f32, 16, 16, RowMajor, NoneBox, None, Max>", "Pad .*got 'Max'"),
    ],
)  # fmt: skip
def test_the_manuals_positional_tile_type_names_what_is_wrong(text: str, message: str):
    with pytest.raises(ParseError, match=message):
        parse(text)
