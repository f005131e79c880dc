"""Partial elementwise max/min with indices: `tpartargmax`, `tpartargmin` (two destinations).

  DPS `pto.tpartargmax ins(%v0, %v1, %i0, %i1 : V, V, I, I) outs(%v, %i : V, I)`

Where both value sources are valid, `(dstVal, dstIdx)` is the winning source's value and
index; where only one is, that source's pair (TPARTARGMAX.md / TPARTARGMIN.md). The value
tiles share one element type, the index tiles another; each value tile and its index tile
have one valid region; one source's valid region is dst's and the other's lies within it
(pto-isa a2a3/TPartArgOp.hpp `checkTiles`, a5/TPartArgBinOps.hpp `TPartArgCheck`).

Element types are pto-isa's static_asserts (A2/A3 and A5: f16 values with 16- or 32-bit
indices, f32 values with 32-bit ones); PTOAS's verifier takes i8-i32/bf16 values with only
32-bit indices, which no NPU implementation computes (docs/decisions.md). The CPU simulator
takes TPartCheck's value types. Which source wins a tie is per target (docs/semantics.md).

PTOAS spells only the DPS form; the manual's SSA form with two results is not defined here.
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from xdsl.irdl import IRDLOperation, irdl_op_definition

from pto_dialect.attrs import Location, Pipe, TargetArch
from pto_dialect.ops.base import (
    TileOp,
    dims_str,
    expect_tile,
    fail,
    require_dtype_supported,
    require_location,
    require_same_dtype,
    target_of,
)
from pto_dialect.ops.tile_elementwise import require_row_major
from pto_dialect.ops.tile_partial import supported_pattern
from pto_dialect.ops.vector_compare import VSelOp
from pto_dialect.records import AsVectorOp, Cost, Shapes, per_target_dtypes
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import DYNAMIC, TileTypeBase

S = TypeVar("S")

# pto-isa a2a3/TPartArgOp.hpp and a5/TPartArgBinOps.hpp static_asserts: half or float values;
# the CPU simulator's TPartCheck (cpu/TPartOp.hpp): int32 int16 half bfloat16 float int8 uint8.
PART_ARG_VALUES = per_target_dtypes("f16 f32", "f16 f32", cpu="i32 i16 f16 bf16 f32 i8 ui8")
INDEX_BITS_FOR_F32 = 32
"""float values take int32_t/uint32_t indices; half values 16- or 32-bit ones (same asserts)."""
INDEX_BITS = (16, 32)

ROLES = ("src0Val", "src1Val", "src0Idx", "src1Idx")
DST_ROLES = ("dstVal", "dstIdx")


class PartArgTileOp(TileOp):
    """A partial max/min carrying indices: four sources, two DPS destinations."""

    PIPE: ClassVar[Pipe] = Pipe.V
    NUM_INS: ClassVar[int] = 4
    DTYPES: ClassVar = PART_ARG_VALUES
    PICKS_MAX: ClassVar[bool]
    NOT_LOWERED: ClassVar = (
        "a compare and two selects per chunk (values and indices of another width); the "
        "tile-to-vector lowering has no two-destination form: the interpreter runs it at "
        "tile level"
    )

    @classmethod
    def cost(cls) -> Cost:
        return AsVectorOp(VSelOp)

    def source_roles(self) -> list[str]:
        return list(ROLES)

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        """DPS only: dstVal's valid region."""
        dst = self.dst_tile()
        return dst.valid_shape[0], dst.valid_shape[1]

    def verify_(self) -> None:
        if self.res or len(self.outs) != 2:
            raise fail(
                f"{self.name} writes a value tile and an index tile: use the DPS form "
                "outs(%dstVal, %dstIdx)"
            )
        if len(self.ins) != self.NUM_INS:
            raise fail(
                f"{self.name} expects ins(%src0Val, %src1Val, %src0Idx, %src1Idx), got "
                f"{len(self.ins)} sources"
            )
        self.verify_form()
        self.verify_tiles(target_of(self))

    def verify_tiles(self, target: TargetProfile) -> None:
        tiles = [self.tile(i, role) for i, role in enumerate(ROLES)]
        dsts = [self.out_tile(i, role) for i, role in enumerate(DST_ROLES)]
        named = list(zip((*ROLES, *DST_ROLES), (*tiles, *dsts), strict=True))
        for role, tile in named:
            require_location(f"{self.name} {role}", tile, Location.VEC)
            if target.arch is not TargetArch.CPU:
                require_row_major(f"{self.name} {role}", tile)
        values = [("src0Val", tiles[0]), ("src1Val", tiles[1]), ("dstVal", dsts[0])]
        indices = [("src0Idx", tiles[2]), ("src1Idx", tiles[3]), ("dstIdx", dsts[1])]
        value, index = dsts[0].element, dsts[1].element
        for role, tile in values[:2]:
            require_same_dtype(f"{self.name} {role}", tile.element, "dstVal", value)
        for role, tile in indices[:2]:
            require_same_dtype(f"{self.name} {role}", tile.element, "dstIdx", index)
        require_dtype_supported(self.name, value, target, PART_ARG_VALUES)
        bits = (INDEX_BITS_FOR_F32,) if value.bits == 32 else INDEX_BITS
        if not index.is_int or index.bits not in bits:
            widths = " or ".join(f"{b}-bit" for b in bits)
            raise fail(
                f"{self.name} index dtype {index} must be a {widths} integer for {value} values"
            )
        for (vrole, vtile), (irole, itile) in zip(values, indices, strict=True):
            if vtile.valid_shape != itile.valid_shape:
                raise fail(
                    f"{self.name} {irole} valid shape {dims_str(*itile.valid_shape)} must be "
                    f"the {vrole} valid shape {dims_str(*vtile.valid_shape)}"
                )
        shapes = [t.valid_shape for _, t in values]
        if all(DYNAMIC not in s for s in shapes):
            src0, src1, dst = ((s[0], s[1]) for s in shapes)
            if not supported_pattern(dst, src0, src1):
                raise fail(
                    f"{self.name} valid shapes src0 {dims_str(*src0)}, src1 {dims_str(*src1)}, "
                    f"dst {dims_str(*dst)}: one source's valid shape must equal dst's and the "
                    "other must not exceed it"
                )

    def out_tile(self, index: int, role: str) -> TileTypeBase:
        """The tile type of destination `index`."""
        return expect_tile(self.outs[index].type, f"{self.name} {role}")


@irdl_op_definition
class TPartArgMaxOp(PartArgTileOp):
    """The larger value and its index where both are valid, else the valid source's pair."""

    name = "pto.tpartargmax"

    MANUAL: ClassVar = "TPARTARGMAX.md"
    PICKS_MAX: ClassVar[bool] = True


@irdl_op_definition
class TPartArgMinOp(PartArgTileOp):
    """The smaller value and its index where both are valid, else the valid source's pair."""

    name = "pto.tpartargmin"

    MANUAL: ClassVar = "TPARTARGMIN.md"
    PICKS_MAX: ClassVar[bool] = False


OPS: list[type[IRDLOperation]] = [TPartArgMaxOp, TPartArgMinOp]
