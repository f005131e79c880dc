"""Tile generators: ops that fill dst from scalar operands only (`tci`, `ttri`).

Both forms, the attributes inside `ins(...)` in DPS form as PTOAS prints them:

  SSA  `%d = pto.tci %start {descending = false} : i32 -> !pto.tile<...>`
  DPS  `pto.tci ins(%start {descending = false} : i32) outs(%d : !pto.tile_buf<...>)`
  DPS  `pto.ttri ins(%diagonal {upperOrLower = 1 : i32} : i32) outs(%d : !pto.tile_buf<...>)`

The destination is a `loc=vec` tile whose element type the page allows on the target; an
SSA result has a static valid shape (no source gives it one). The manual's ttri syntax
(`ins(%src0, %src1 : tile, tile)`) names no diagonal: the spelling here is PTOAS's.
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from xdsl.dialects.builtin import BoolAttr, IntegerAttr, IntegerType
from xdsl.ir import Operation, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, opt_attr_def

from pto_dialect.attrs import Location, Pipe, TargetArch
from pto_dialect.dtypes import dtype_of
from pto_dialect.ops.base import (
    fail,
    require_dtype_supported,
    require_location,
    target_of,
)
from pto_dialect.ops.tile_attr_syntax import AttrInInsTileOp
from pto_dialect.ops.vector_arith import VBrOp, VMulOp
from pto_dialect.ops.vector_index import VciOp
from pto_dialect.ops.vector_scalar import require_scalar_fits
from pto_dialect.ops.vector_store import VstsOp
from pto_dialect.records import (
    AsVectorOp,
    Cost,
    Effect,
    PipeRule,
    Shapes,
    every_target,
    per_target_dtypes,
)
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import DYNAMIC, TileTypeBase

S = TypeVar("S")
_PAGES = "tile/ops/irregular-and-complex/"


class GenerateTileOp(AttrInInsTileOp):
    """A vector-pipe tile op writing dst's valid region from scalar operands (and,
    for some, an optional scratch tile)."""

    PIPE: ClassVar[Pipe] = Pipe.V

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        """The result type's (static: checked by the verifier)."""
        dst = self.dst_tile()
        return dst.valid_shape[0], dst.valid_shape[1]

    def scalar(self, index: int, role: str) -> SSAValue:
        """Source `index`, a scalar (not a tile) named `role` in messages."""
        value = self.ins[index]
        if isinstance(value.type, TileTypeBase):
            raise fail(f"{self.name} {role} must be a scalar, got a tile {value.type}")
        return value

    def verify_tiles(self, target: TargetProfile) -> None:
        dst = self.dst_tile()
        require_location(f"{self.name} dst", dst, Location.VEC)
        assert self.DTYPES is not None
        require_dtype_supported(f"{self.name} dst", dst.element, target, self.DTYPES)
        if self.res and DYNAMIC in dst.valid_shape:
            raise fail(
                f"{self.name} in SSA form needs a static valid shape: it has no source to take "
                "a dynamic one from"
            )
        self.verify_operands(dst, target)

    def verify_operands(self, dst: TileTypeBase, target: TargetProfile) -> None:
        """The op's own rules on its scalars, attributes and dst."""


# ---- tci --------------------------------------------------------------------------------
def _with_tmp(op: Operation) -> bool:
    return isinstance(op, TCIOp) and len(op.ins) == 2


TMP_MIN_BYTES = {32: 768, 16: 1792}
"""tci.md, A2/A3: the smallest tmp of the vectorised path per element width."""


@irdl_op_definition
class TCIOp(GenerateTileOp):
    """`dst[0, j] = start + j` (or `start - j` with `descending`) over dst's valid
    columns, wrapping in the element type; row 0 only (every implementation requires
    `Rows == 1`; the page's `Cols != 1` follows from the tile type's 32-byte rows)."""

    name = "pto.tci"

    NUM_INS: ClassVar[int] = 2
    """At most: the start scalar and the optional tmp tile."""
    OPTIONAL_TMP: ClassVar[bool] = True
    PIPE_RULES: ClassVar = (
        # a2a3/TCI.hpp TCI_b32_normal / a5/Tci.hpp: the tmp overload issues vector
        # instructions (vector_dup, vcgadd, vadds, vconv / vci, vsts); PTOAS #1499, #1532
        PipeRule("with tmp", every_target(Pipe.V), _with_tmp,
                 "a2a3/TCI.hpp, a5/Tci.hpp: the tmp overload is vector code"),
        # the overload without tmp is a scalar loop of UB stores; event.hpp TCI -> PIPE_S;
        # PTOAS #735 (a PIPE_V classification raced on the board)
        PipeRule("without tmp", every_target(Pipe.S), None,
                 "a2a3/TCI.hpp, a5/Tci.hpp: a scalar loop; event.hpp TCI -> PIPE_S"),
    )  # fmt: skip
    MANUAL: ClassVar = _PAGES + "tci.md"
    # tci.md, implementation checks (A2A3/A5): int32, uint32, int16, uint16 (CPU: the same)
    DTYPES: ClassVar = per_target_dtypes("i32 ui32 i16 ui16", "i32 ui32 i16 ui16")
    SYNTAX: ClassVar = (
        "SSA: `%dst = pto.tci %start {descending = false} : i32 -> !pto.tile<...>`",
        "DPS: `pto.tci ins(%start[, %tmp] {descending = false} : i32[, !pto.tile_buf<...>]) "
        "outs(%dst : !pto.tile_buf<...>)`",
    )

    descending_attr = opt_attr_def(BoolAttr, attr_name="descending")

    @classmethod
    def cost(cls) -> Cost:
        return AsVectorOp(VciOp)

    @classmethod
    def lowers_to(cls) -> tuple[type[IRDLOperation], ...]:
        return (VciOp, VstsOp)

    @property
    def descending(self) -> bool:
        attr = self.descending_attr
        return attr is not None and attr.value.data != 0

    @property
    def start(self) -> SSAValue:
        return self.ins[0]

    def source_roles(self) -> list[str]:
        return ["start", "tmp"][: len(self.ins)]

    def scratch_sources(self) -> frozenset[int]:
        """On A2/A3 the vectorised path works in `tmp`."""
        if len(self.ins) == 2 and target_of(self).arch is TargetArch.A2A3:
            return frozenset({1})
        return frozenset()

    def operand_effects(self) -> tuple[Effect, ...]:
        """A5 and the CPU accept tmp and ignore it (tci.md)."""
        effects = super().operand_effects()
        if len(self.ins) == 2 and self.outs and not self.scratch_sources():
            return (effects[0], Effect.NONE, *effects[2:])
        return effects

    def verify_operands(self, dst: TileTypeBase, target: TargetProfile) -> None:
        start = self.scalar(0, "start")
        require_scalar_fits(f"{self.name} start", start.type, dst.element)
        if dst.shape[0] != 1:
            raise fail(f"{self.name} dst must have 1 row (TCI: Rows == 1), got {dst.shape[0]}")
        if len(self.ins) == 2:
            self.verify_tmp(dst, target)

    def verify_tmp(self, dst: TileTypeBase, target: TargetProfile) -> None:
        tmp = self.tile(1, "tmp")
        require_location(f"{self.name} tmp", tmp, Location.VEC)
        if target.arch is not TargetArch.A2A3:
            return  # accepted and ignored (tci.md, A5)
        if tmp.element.bytes != 4:
            raise fail(
                f"{self.name} tmp dtype {tmp.element} must be a 4-byte type on target "
                f"{target.name} (f32, i32 or ui32)"
            )
        need = TMP_MIN_BYTES[dst.element.bits]
        if tmp.size_bytes < need:
            raise fail(
                f"{self.name} tmp of {tmp.size_bytes} bytes is too small on target "
                f"{target.name}: {dst.element} elements need {need} bytes"
            )


# ---- ttri -------------------------------------------------------------------------------
LOWER, UPPER = 0, 1


@irdl_op_definition
class TTriOp(GenerateTileOp):
    """A triangular 0/1 mask over dst's valid region: lower (`upperOrLower = 0`,
    the default) `dst[i, j] = j <= i + diagonal`, upper `dst[i, j] = j >= i + diagonal`."""

    name = "pto.ttri"

    NUM_INS: ClassVar[int] = 1
    MANUAL: ClassVar = _PAGES + "ttri.md"
    # TTriCheck (include/pto/{npu/a2a3,cpu}/TTRI*.hpp) and a5/TTri.hpp's static_assert
    # (its 64-bit forms run at tile level; the vector lowering refuses them)
    DTYPES: ClassVar = per_target_dtypes(
        "i32 ui32 i16 ui16 f16 f32",
        "i32 ui32 i16 ui16 i8 ui8 f16 bf16 f32 i64 ui64",
        cpu="i32 ui32 i16 ui16 f16 bf16 f32",
    )
    SYNTAX: ClassVar = (
        "SSA: `%dst = pto.ttri %diagonal {upperOrLower = 0 : i32} : i32 -> !pto.tile<...>`",
        "DPS: `pto.ttri ins(%diagonal {upperOrLower = 0 : i32} : i32) "
        "outs(%dst : !pto.tile_buf<...>)`",
    )

    upper_or_lower = opt_attr_def(IntegerAttr, attr_name="upperOrLower")

    @classmethod
    def lowers_to(cls) -> tuple[type[IRDLOperation], ...]:
        return (VBrOp, VstsOp)

    @classmethod
    def cost(cls) -> Cost:
        return AsVectorOp(VBrOp)

    @property
    def upper(self) -> bool:
        attr = self.upper_or_lower
        return attr is not None and attr.value.data == UPPER

    @property
    def diagonal(self) -> SSAValue:
        return self.ins[0]

    def source_roles(self) -> list[str]:
        return ["diagonal"]

    def verify_operands(self, dst: TileTypeBase, target: TargetProfile) -> None:
        diagonal = self.scalar(0, "diagonal")
        kind = diagonal.type
        dtype = dtype_of(kind)
        if dtype is None or not dtype.is_int or kind != IntegerType(dtype.bits):
            raise fail(f"{self.name} diagonal must be a signless integer, got {kind}")
        if dtype.bits > 32:
            raise fail(f"{self.name} diagonal must be at most 32 bits (C++ int), got {kind}")
        attr = self.upper_or_lower
        if attr is not None and attr.value.data not in (LOWER, UPPER):
            raise fail(
                f"{self.name} upperOrLower must be 0 (lower) or 1 (upper), got {attr.value.data}"
            )
        if not dst.is_row_major:
            raise fail(f"{self.name} dst must be row-major (TTRI: isRowMajor)")


# ---- trandom ---------------------------------------------------------------------------
ROUNDS = (7, 10)
"""trandom's `Rounds` (a5/TRandom.hpp, cpu/TRandom.hpp: "7 or 10", default 10)."""
TRANDOM_SCALARS = ("key0", "key1", "counter0", "counter1", "counter2", "counter3")


@irdl_op_definition
class TRandomOp(GenerateTileOp):
    """Philox-4x32 random words over dst's valid region from a 64-bit key and a 128-bit
    counter (i32 scalars), `rounds` rounds (7 or 10), as A5 arranges them
    (docs/semantics.md)."""

    name = "pto.trandom"

    NUM_INS: ClassVar[int] = 6
    MANUAL: ClassVar = _PAGES + "trandom.md"
    # trandom.md, implementation checks (A5): int32_t, uint32_t; no A2/A3 implementation
    DTYPES: ClassVar = per_target_dtypes("", "i32 ui32")
    SYNTAX: ClassVar = (
        "SSA: `%dst = pto.trandom %k0, %k1, %c0, %c1, %c2, %c3 {rounds = 10 : i32} : "
        "(i32, i32, i32, i32, i32, i32) -> !pto.tile<...>`",
        "DPS: `pto.trandom ins(%k0, %k1, %c0, %c1, %c2, %c3 {rounds = 10 : i32} : i32, i32, "
        "i32, i32, i32, i32) outs(%dst : !pto.tile_buf<...>)`",
    )
    NOT_LOWERED: ClassVar = (
        "the rounds need vmull (32x32->64-bit products), a carry-in add (vaddcs) and vintlv, "
        "vector ops of other families not in the dialect yet"
    )

    rounds_attr = opt_attr_def(IntegerAttr, attr_name="rounds")

    @classmethod
    def cost(cls) -> Cost:
        """Costed as one `vmul` repeat per 256 bytes (an underestimate: each block runs
        `rounds` rounds of two products and four xors)."""
        return AsVectorOp(VMulOp)

    @property
    def rounds(self) -> int:
        attr = self.rounds_attr
        return 10 if attr is None else attr.value.data

    def source_roles(self) -> list[str]:
        return list(TRANDOM_SCALARS)

    def verify_operands(self, dst: TileTypeBase, target: TargetProfile) -> None:
        for index, role in enumerate(TRANDOM_SCALARS):
            kind = self.scalar(index, role).type
            if kind != IntegerType(32):
                raise fail(f"{self.name} {role} must be an i32 (a uint32_t word), got {kind}")
        if self.rounds not in ROUNDS:
            raise fail(f"{self.name} rounds must be 7 or 10, got {self.rounds}")
        if not dst.is_row_major:
            raise fail(f"{self.name} dst must be row-major (TRANDOM: isRowMajor)")


OPS: list[type[IRDLOperation]] = [TCIOp, TTriOp, TRandomOp]
