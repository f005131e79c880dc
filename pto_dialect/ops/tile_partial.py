"""Partial elementwise ops: `tpartadd`, `tpartmul`, `tpartmax`, `tpartmin`.

`dst[i, j] = op(src0[i, j], src1[i, j])` where both sources are valid at (i, j), the valid
one's value where only one is, over dst's valid region (the pages' formula):

  SSA  `%d = pto.tpartadd %a, %b : (!pto.tile<...>, !pto.tile<...>) -> !pto.tile<...>`
  DPS  `pto.tpartadd ins(%a, %b : !pto.tile_buf<...>, !pto.tile_buf<...>) outs(%d : ...)`

Rules of the pages: tiles in `loc=vec` of one element type the target allows; on A2/A3
row-major; on A2/A3 and A5 one source's valid region equals dst's and the other's does not
exceed it in either dimension ("supported partial-validity patterns"; checked here for
static sizes, at run time for `?` ones); A5's `tpartmax`/`tpartmin` take any sources within
dst (`PartialTileOp.UNCOVERED_A5`). The CPU simulator takes any pattern and writes 0
where neither source is valid (cpu/TPartOp.hpp). An SSA result needs a static valid shape:
it is not a function of one source's region.
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from xdsl.irdl import IRDLOperation, irdl_op_definition

from pto_dialect.attrs import Location, TargetArch
from pto_dialect.ops.base import (
    dims_str,
    fail,
    require_dtype_supported,
    require_location,
    require_same_dtype,
)
from pto_dialect.ops.tile_elementwise import require_row_major
from pto_dialect.ops.tile_vector import VectorTileOp
from pto_dialect.ops.vector_arith import VAddOp, VMaxOp, VMinOp, VMulOp
from pto_dialect.records import Shapes, per_target_dtypes
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import DYNAMIC

S = TypeVar("S")
_PAGES = "tile/ops/irregular-and-complex/"

Region = tuple[int, int]

# The pages' two lists (A2/A3, then A5); the CPU simulator's TPartCheck (cpu/TPartOp.hpp)
# lists int32, int16, half, bfloat16, float, int8, uint8.
_CPU = "i32 i16 f16 bf16 f32 i8 ui8"
PART = per_target_dtypes("i32 i16 f16 f32", "ui8 i8 ui16 i16 ui32 i32 f16 f32 bf16", cpu=_CPU)
# pto-isa a5 TPartAdd/TPartMax/TPartMin also take 64-bit integers (two 32-bit halves);
# TPartMul does not
PART_64 = per_target_dtypes(
    "i32 i16 f16 f32", "ui8 i8 ui16 i16 ui32 i32 f16 f32 bf16 i64 ui64", cpu=_CPU
)


def covers(region: Region, dst: Region) -> bool:
    """Whether `region` is within `dst` in both dimensions."""
    return region[0] <= dst[0] and region[1] <= dst[1]


def supported_pattern(dst: Region, src0: Region, src1: Region) -> bool:
    """The NPU targets' pattern: one source is dst's region, the other within it."""
    return (src0 == dst and covers(src1, dst)) or (src1 == dst and covers(src0, dst))


def within_pattern(dst: Region, src0: Region, src1: Region) -> bool:
    """A5's `tpartmax`/`tpartmin`: both sources within dst (PTOAS's A5 TileLib
    `_valid_extreme_partition`); what neither covers holds the op's `UNCOVERED_A5` value."""
    return covers(src0, dst) and covers(src1, dst)


def swapped_on_a2a3(dst: Region, src0: Region, src1: Region) -> bool:
    """Whether A2/A3 applies the op as `op(src1, src0)` (include/pto/npu/a2a3/TPartOp.hpp):
    the full source (src0 if both are) is passed first; a partial source short of columns
    goes first (`Op(partial, copy of full)`), one short of rows only second."""
    if src0 == dst:
        return src1[1] < dst[1]  # src1 short of columns
    return src0[1] == dst[1]  # src1 full, src0 short of rows only


class PartialTileOp(VectorTileOp):
    """A binary vector-pipe op over the union of its sources' valid regions (within dst's)."""

    NUM_INS: ClassVar[int] = 2
    DTYPES: ClassVar = PART
    UNCOVERED_A5: ClassVar[bool | None] = None
    """`tpartmax` (False) and `tpartmin` (True) on A5: any sources within dst, the elements
    neither covers set to the element type's lowest (False) or highest (True) finite value
    (PTOAS's A5 TileLib `register_part_extreme`, `pad_min`/`pad_max`; the board-tested
    tilelang_st tpartmax/tpartmin 104x123 and 122x110 into 122x123)."""

    @classmethod
    def pattern_ok(cls, arch: TargetArch, dst: Region, src0: Region, src1: Region) -> bool:
        """Whether the valid regions form a pattern the target computes."""
        if arch is TargetArch.CPU:
            return True
        if arch is TargetArch.A5 and cls.UNCOVERED_A5 is not None:
            return within_pattern(dst, src0, src1)
        return supported_pattern(dst, src0, src1)

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        """The result type's (static: checked by the verifier)."""
        dst = self.dst_tile()
        return dst.valid_shape[0], dst.valid_shape[1]

    def verify_tiles(self, target: TargetProfile) -> None:
        dst = self.dst_tile()
        tiles = [("src0", self.tile(0, "src0")), ("src1", self.tile(1, "src1")), ("dst", dst)]
        for role, tile in tiles:
            require_location(f"{self.name} {role}", tile, Location.VEC)
            if target.arch is TargetArch.A2A3:
                require_row_major(f"{self.name} {role}", tile)
        for role, tile in tiles[:2]:
            require_same_dtype(f"{self.name} {role}", tile.element, "dst", dst.element)
        assert self.DTYPES is not None
        require_dtype_supported(self.name, dst.element, target, self.DTYPES)
        if self.res and DYNAMIC in dst.valid_shape:
            raise fail(
                f"{self.name} in SSA form needs a static valid shape: the result's region is "
                "not that of one source"
            )
        shapes = [t.valid_shape for _, t in tiles]
        static = all(DYNAMIC not in s for s in shapes)
        regions = [(s[0], s[1]) for s in shapes]
        if static and not self.pattern_ok(target.arch, regions[2], regions[0], regions[1]):
            raise fail(
                f"{self.name} valid shapes src0 {dims_str(*shapes[0])}, src1 "
                f"{dims_str(*shapes[1])}, dst {dims_str(*shapes[2])}: on target {target.name} "
                f"{self.pattern_words(target.arch)}"
            )

    @classmethod
    def pattern_words(cls, arch: TargetArch, noun: str = "shape") -> str:
        """The rule `pattern_ok` checks, in words."""
        if arch is TargetArch.A5 and cls.UNCOVERED_A5 is not None:
            return f"neither source's valid {noun} may exceed dst's"
        return f"one source's valid {noun} must equal dst's and the other must not exceed it"


@irdl_op_definition
class TPartAddOp(PartialTileOp):
    """`src0 + src1` where both are valid, else the valid one."""

    name = "pto.tpartadd"

    MANUAL: ClassVar = _PAGES + "tpartadd.md"
    DTYPES: ClassVar = PART_64
    VECTOR_OP: ClassVar = VAddOp


@irdl_op_definition
class TPartMulOp(PartialTileOp):
    """`src0 * src1` where both are valid, else the valid one."""

    name = "pto.tpartmul"

    MANUAL: ClassVar = _PAGES + "tpartmul.md"
    VECTOR_OP: ClassVar = VMulOp


@irdl_op_definition
class TPartMaxOp(PartialTileOp):
    """`max(src0, src1)` where both are valid, else the valid one."""

    name = "pto.tpartmax"

    MANUAL: ClassVar = _PAGES + "tpartmax.md"
    DTYPES: ClassVar = PART_64
    VECTOR_OP: ClassVar = VMaxOp
    UNCOVERED_A5: ClassVar[bool | None] = False


@irdl_op_definition
class TPartMinOp(PartialTileOp):
    """`min(src0, src1)` where both are valid, else the valid one."""

    name = "pto.tpartmin"

    MANUAL: ClassVar = _PAGES + "tpartmin.md"
    DTYPES: ClassVar = PART_64
    VECTOR_OP: ClassVar = VMinOp
    UNCOVERED_A5: ClassVar[bool | None] = True


OPS: list[type[IRDLOperation]] = [TPartAddOp, TPartMulOp, TPartMaxOp, TPartMinOp]
