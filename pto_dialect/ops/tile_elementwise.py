"""Elementwise tile instructions (the manual's elementwise-tile-tile pages).

`dst[i, j] = f(src0[i, j], src1[i, j])` (or `f(src[i, j])`) over the destination's valid
region. Rules of every page, on both NPU targets: every tile is in `loc=vec` and row-major,
all tiles share one element type, which the op's `DTYPES` allow on the target; where the
page asks sources and destination to have the same valid region, static valid sizes agree.

Each op is its record: manual page, element types per target, and the vector op its
lowering uses (`VECTOR_OP`, whose record gives its cost).
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from xdsl.irdl import irdl_op_definition

from pto_dialect.attrs import Location, TargetArch
from pto_dialect.ops.base import (
    dims_str,
    fail,
    require_dtype_supported,
    require_location,
    require_same_dtype,
)
from pto_dialect.ops.tile_vector import VectorTileOp
from pto_dialect.ops.vector_arith import (
    VAbsOp,
    VAddOp,
    VAndOp,
    VDivOp,
    VectorBinaryOp,
    VectorUnaryOp,
    VMaxOp,
    VMinOp,
    VMulOp,
    VNegOp,
    VNotOp,
    VOrOp,
    VShlOp,
    VShrOp,
    VSubOp,
    VXorOp,
)
from pto_dialect.records import Shapes, per_target_dtypes
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import DYNAMIC, TileTypeBase

_PAGES = "tile/ops/elementwise-tile-tile/"
_BITWISE_INTS = "i8 ui8 i16 ui16 i32 ui32"
"""The bitwise tile ops' integers on every target (pto-isa's implementations)."""
_A5_ARITH = "ui32 i32 ui16 i16 ui8 i8 f32 f16 bf16 i64 ui64"
"""pto-isa a5's TSub/TMax/TMin (and the tile-scalar forms): the pages' types, bf16, and
64-bit integers (two 32-bit halves, `Int64Binary`)."""
_A5_SHIFT = "ui8 i8 ui16 i16 ui32 i32 i64 ui64"
"""pto-isa a5's TShl/TShr (and TShlS/TShrS): the pages' types and 64-bit integers."""
S = TypeVar("S")


def require_row_major(what: str, tile: TileTypeBase) -> None:
    if not tile.is_row_major:
        raise fail(f"{what} must be row-major (blayout=row_major), got blayout=col_major")


def require_same_valid(what: str, tile: TileTypeBase, ref_what: str, ref: TileTypeBase) -> None:
    """Static valid sizes of `tile` equal those of `ref` (dynamic sizes are checked at run time)."""
    for mine, theirs in zip(tile.valid_shape, ref.valid_shape, strict=True):
        if DYNAMIC not in (mine, theirs) and mine != theirs:
            raise fail(
                f"{what} valid shape {dims_str(*tile.valid_shape)} must equal the {ref_what} "
                f"valid shape {dims_str(*ref.valid_shape)}"
            )


class ElementwiseTileOp(VectorTileOp):
    """A vector-pipe tile op applied per element of the destination's valid region."""

    SAME_VALID_REGION: ClassVar[bool] = True
    """Whether the manual asks every source to have the destination's valid region."""
    ARITY: ClassVar[int]
    """How many sources the computation takes (a scratch tile is not one of them)."""

    def alias_sources(self) -> frozenset[int]:
        """Each element is read before it is written at the same place."""
        return frozenset(range(self.ARITY))

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        """The first source's valid region."""
        return shapes.valid(self.ins[0])

    @classmethod
    def vector_chain(cls) -> tuple[type[VectorBinaryOp] | type[VectorUnaryOp], ...]:
        """The vector ops of one chunk, applied as a left fold over the sources
        (`((src0 op0 src1) op1 src2) ...`): `VECTOR_OP` alone unless a family says more."""
        return (cls.VECTOR_OP,)

    def vector_refusal(self, target: TargetProfile) -> str | None:
        """Why no vector sequence computes this op exactly on `target` (None: one does)."""
        return None

    def checked_sources(self) -> list[str]:
        """The sources held to the family's tile rules (every one unless an op checks a
        scratch tile by rules of its own)."""
        return self.source_roles()

    def verify_tiles(self, target: TargetProfile) -> None:
        dst = self.dst_tile()
        tiles = [(role, self.tile(i, role)) for i, role in enumerate(self.checked_sources())] + [
            ("dst", dst)
        ]
        for role, tile in tiles:
            require_location(f"{self.name} {role}", tile, Location.VEC)
            require_row_major(f"{self.name} {role}", tile)
        for role, tile in tiles[:-1]:
            require_same_dtype(f"{self.name} {role}", tile.element, "dst", dst.element)
        assert self.DTYPES is not None
        require_dtype_supported(self.name, dst.element, target, self.DTYPES)
        if self.SAME_VALID_REGION:
            for role, tile in tiles[:-1]:
                require_same_valid(f"{self.name} {role}", tile, "dst", dst)


class BinaryTileOp(ElementwiseTileOp):
    NUM_INS: ClassVar[int] = 2
    ARITY: ClassVar[int] = 2


class UnaryTileOp(ElementwiseTileOp):
    NUM_INS: ClassVar[int] = 1
    ARITY: ClassVar[int] = 1


# ---- arithmetic ----------------------------------------------------------------------


@irdl_op_definition
class TAddOp(BinaryTileOp):
    """`dst = src0 + src1`; sources may have smaller valid regions (tadd.md)."""

    name = "pto.tadd"

    MANUAL: ClassVar = _PAGES + "tadd.md"
    SAME_VALID_REGION: ClassVar[bool] = False
    # pto-isa's TAddCheck per target (a5: 64-bit lanes by Int64Binary); tadd.md's bf16 on
    # A2/A3 and fp8 on A5 are refused by it and by PTOAS (docs/decisions.md, element types)
    DTYPES: ClassVar = per_target_dtypes(
        "f32 f16 i32 i16", "f32 f16 bf16 i32 ui32 i16 ui16 i8 ui8 i64 ui64"
    )
    VECTOR_OP: ClassVar = VAddOp


@irdl_op_definition
class TSubOp(BinaryTileOp):
    """`dst = src0 - src1`."""

    name = "pto.tsub"

    MANUAL: ClassVar = _PAGES + "tsub.md"
    DTYPES: ClassVar = per_target_dtypes("i32 i16 f16 f32", _A5_ARITH)  # + pto-isa a5 TSub
    VECTOR_OP: ClassVar = VSubOp


@irdl_op_definition
class TMulOp(BinaryTileOp):
    """`dst = src0 * src1`."""

    name = "pto.tmul"

    MANUAL: ClassVar = _PAGES + "tmul.md"
    DTYPES: ClassVar = per_target_dtypes(  # tmul.md + pto-isa a5 TMul (bf16, 64-bit)
        "i32 i16 f16 f32", "i32 ui32 f32 i16 ui16 f16 bf16 i64 ui64"
    )
    VECTOR_OP: ClassVar = VMulOp


@irdl_op_definition
class TDivOp(BinaryTileOp):
    """`dst = src0 / src1`."""

    name = "pto.tdiv"

    MANUAL: ClassVar = _PAGES + "tdiv.md"
    DTYPES: ClassVar = per_target_dtypes(  # tdiv.md + pto-isa a5 TDiv (64-bit: Int64Div)
        "f16 f32", "i32 ui32 f32 i16 ui16 f16 i64 ui64"
    )
    VECTOR_OP: ClassVar = VDivOp


@irdl_op_definition
class TMaxOp(BinaryTileOp):
    """`dst = max(src0, src1)`."""

    name = "pto.tmax"

    MANUAL: ClassVar = _PAGES + "tmax.md"
    DTYPES: ClassVar = per_target_dtypes("i32 i16 f16 f32", _A5_ARITH)  # + pto-isa a5
    VECTOR_OP: ClassVar = VMaxOp


@irdl_op_definition
class TMinOp(BinaryTileOp):
    """`dst = min(src0, src1)`."""

    name = "pto.tmin"

    MANUAL: ClassVar = _PAGES + "tmin.md"
    DTYPES: ClassVar = per_target_dtypes("i32 i16 f16 f32", _A5_ARITH)  # + pto-isa a5
    VECTOR_OP: ClassVar = VMinOp


@irdl_op_definition
class TAbsOp(UnaryTileOp):
    """`dst = |src|`."""

    name = "pto.tabs"

    MANUAL: ClassVar = _PAGES + "tabs.md"
    # tabs.md: A3 float/half; A5 float, half, int32, int16, int8; CPU sim adds bf16
    DTYPES: ClassVar = per_target_dtypes("f32 f16", "f32 f16 i32 i16 i8", "f32 f16 bf16 i32 i16 i8")
    VECTOR_OP: ClassVar = VAbsOp


@irdl_op_definition
class TNegOp(UnaryTileOp):
    """`dst = -src` (pto-isa: TMULS by -1, so integers wrap)."""

    name = "pto.tneg"

    MANUAL: ClassVar = _PAGES + "tneg.md"
    # tneg.md publishes no list; TNEG is TMULS(src, -1) on both NPU targets
    # (npu/*/TUnaryOp.hpp), so tmuls.md's implementation checks apply
    DTYPES: ClassVar = per_target_dtypes("i32 i16 f16 f32", "ui16 i16 ui32 i32 f16 f32 bf16")
    VECTOR_OP: ClassVar = VNegOp


# ---- bitwise and shifts ------------------------------------------------------------------


@irdl_op_definition
class TAndOp(BinaryTileOp):
    """`dst = src0 & src1`."""

    name = "pto.tand"

    MANUAL: ClassVar = _PAGES + "tand.md"
    # tand.md: 1-, 2- or 4-byte integers on A5; A2A3's page lists 1 and 2 bytes, but pto-isa
    # a2a3/TAnd.hpp also takes 4-byte integers as 16-bit pairs (B322B16Trait;
    # hw-native-sys/PTOAS#999; docs/decisions.md)
    DTYPES: ClassVar = per_target_dtypes(_BITWISE_INTS, _BITWISE_INTS)
    VECTOR_OP: ClassVar = VAndOp


@irdl_op_definition
class TOrOp(BinaryTileOp):
    """`dst = src0 | src1`."""

    name = "pto.tor"

    MANUAL: ClassVar = _PAGES + "tor.md"
    # tor.md: A5 8/16/32-bit integers; A2A3 as tand (a2a3/TOr.hpp, B322B16Trait)
    DTYPES: ClassVar = per_target_dtypes(_BITWISE_INTS, _BITWISE_INTS)
    VECTOR_OP: ClassVar = VOrOp


@irdl_op_definition
class TXorOp(BinaryTileOp):
    """`dst = src0 ^ src1`; `ins(%src0, %src1[, %tmp])`.

    A2/A3 computes XOR through `tmp` (txor.md, "Temporary Space"); the contents `tmp` has
    afterwards are not specified, and this project leaves them unchanged. PTOAS's level-2
    form omits `tmp` and the compiler materialises one (implicit_tmp_xor_materialization).
    """

    name = "pto.txor"

    NUM_INS: ClassVar[int] = 3
    """At most: src0, src1 and the optional scratch tile."""
    OPTIONAL_TMP: ClassVar[bool] = True
    MANUAL: ClassVar = _PAGES + "txor.md"
    DTYPES: ClassVar = per_target_dtypes("i8 ui8 i16 ui16 i32 ui32", "i8 ui8 i16 ui16 i32 ui32")
    VECTOR_OP: ClassVar = VXorOp

    def source_roles(self) -> list[str]:
        return ["src0", "src1", "tmp"][: len(self.ins)]

    def scratch_sources(self) -> frozenset[int]:
        return frozenset({2}) if len(self.ins) == 3 else frozenset()

    def checked_sources(self) -> list[str]:
        return ["src0", "src1"]

    def verify_tiles(self, target: TargetProfile) -> None:
        """tmp: a Vec tile; on A2/A3 and the CPU also of dst's type and valid shape,
        row-major (PTOAS's TXorOp::verify, a2a3/TXor.hpp); A5 computes without it
        (a5/TXor.hpp), a placeholder PTOAS does not check (tmp_contract_a5_non_same_shape)."""
        super().verify_tiles(target)
        if len(self.ins) < 3:
            return
        tmp, dst = self.tile(2, "tmp"), self.dst_tile()
        require_location(f"{self.name} tmp", tmp, Location.VEC)
        if target.arch is TargetArch.A5:
            return
        require_row_major(f"{self.name} tmp", tmp)
        require_same_dtype(f"{self.name} tmp", tmp.element, "dst", dst.element)
        require_same_valid(f"{self.name} tmp", tmp, "dst", dst)


@irdl_op_definition
class TNotOp(UnaryTileOp):
    """`dst = ~src`."""

    name = "pto.tnot"

    MANUAL: ClassVar = _PAGES + "tnot.md"
    # tnot.md: A2A3 16-bit integers; pto-isa a2a3/TUnaryOp.hpp's TNOT reinterprets 1- and
    # 4-byte integers as 16-bit lanes too (B82B16Trait / B322B16Trait; docs/decisions.md)
    DTYPES: ClassVar = per_target_dtypes(_BITWISE_INTS, _BITWISE_INTS)
    VECTOR_OP: ClassVar = VNotOp


@irdl_op_definition
class TShlOp(BinaryTileOp):
    """`dst = src0 << src1` (src1: per-element shift counts)."""

    name = "pto.tshl"

    MANUAL: ClassVar = _PAGES + "tshl.md"
    DTYPES: ClassVar = per_target_dtypes("ui8 i8 ui16 i16 ui32 i32", _A5_SHIFT)
    VECTOR_OP: ClassVar = VShlOp


@irdl_op_definition
class TShrOp(BinaryTileOp):
    """`dst = src0 >> src1`: arithmetic for signed elements, logical for unsigned."""

    name = "pto.tshr"

    MANUAL: ClassVar = _PAGES + "tshr.md"
    DTYPES: ClassVar = per_target_dtypes("ui8 i8 ui16 i16 ui32 i32", _A5_SHIFT)
    VECTOR_OP: ClassVar = VShrOp


OPS: list[type[ElementwiseTileOp]] = [
    TAddOp,
    TSubOp,
    TMulOp,
    TDivOp,
    TMaxOp,
    TMinOp,
    TAbsOp,
    TNegOp,
    TAndOp,
    TOrOp,
    TXorOp,
    TNotOp,
    TShlOp,
    TShrOp,
]
