"""Compare and select tile instructions: `tcmp`, `tcmps` (tcmp.md, tcmps.md) write a
packed predicate mask tile; `tsel`, `tsels` (tsel.md, tsels.md) select through one.

- `%m = pto.tcmp %a, %b {cmpMode = #pto.cmp<GT>} : (A, A) -> M`; DPS
  `pto.tcmp ins(%a, %b {cmpMode = #pto<cmp gt>} : A, A) outs(%m : M)`.
- `%m = pto.tcmps %a, %s {cmpMode = ...} : (A, T) -> M`: against scalar `%s`, or against
  `%b[0, 0]` when the second operand is a tile (tcmps.md tile form).
- `%d = pto.tsel %m, %a, %b : (M, A, A) -> A`: `m ? a : b`; DPS takes an optional `tmp`
  last (`ins(%m, %a, %b[, %tmp] : ...)`, the A2/A3 scratch of the C++ API).
- `%d = pto.tsels %m, %a, %s : (M, A, T) -> A`: `m ? a : s`; DPS
  `ins(%m, %a[, %tmp], %s : M, A[, T], S)` (PTOAS puts tmp before the scalar).

The mask tile ("packed predicate", target-defined encoding): row i of the compared region
is row i of the mask; element j is bit `j % W` (least significant first) of word `j // W`,
W the bit width of the mask's element type: 8 (ui8) on A2/A3, 32 (ui32) or 8 on A5
(tcmps.md: "uint8_t with 1 bit per element (packed 8 elements per byte) ... A5 uint32_t ...
32 elements per DWORD"; PTOAS kernels use i8 masks on A5), either on the CPU simulator
(cpu/TCmp.h). The mask of an R x C compare needs R rows and ceil(C / W) words; `tcmp`/`tcmps`
write the mask's whole valid region: the packed words, the bits past C and any further
words zero (cpu/TCmp.h zeroes the mask first). `tsel`/`tsels` read any 8-, 16- or 32-bit
integer mask tile at its own width. The A2/A3 and A5 `tmp` tiles are not used by this project's
semantics (A5: "accepted ... but not used").
"""

from __future__ import annotations

from abc import abstractmethod
from typing import ClassVar, TypeVar

from xdsl.ir import SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, opt_attr_def

from pto_dialect.attrs import CmpMode, CmpModeAttr, Location, Pipe, TargetArch
from pto_dialect.dtypes import DType, dtype_of, mlir_type
from pto_dialect.ops.base import (
    dims_str,
    fail,
    require_dtype_supported,
    require_location,
    require_same_dtype,
)
from pto_dialect.ops.tile_attr_syntax import AttrInInsTileOp
from pto_dialect.ops.tile_elementwise import require_row_major, require_same_valid
from pto_dialect.ops.tile_memory import AllocTileOp
from pto_dialect.ops.vector_compare import VCmpOp, VCmpsOp, VSelOp
from pto_dialect.ops.vector_predicate import POrOp, PPackOp, PUnpackOp
from pto_dialect.ops.vector_predicate_memory import PldsOp, PstsOp
from pto_dialect.records import (
    Completion,
    Effect,
    PerRepeat,
    PerTarget,
    Shapes,
    VectorCost,
    per_target_dtypes,
)
from pto_dialect.rules import COMPARE_RULES
from pto_dialect.targets import A2A3, TargetProfile
from pto_dialect.tile_types import DYNAMIC, TileTypeBase

S = TypeVar("S")

MASK_BITS: PerTarget[frozenset[int]] = PerTarget(
    frozenset({8}), frozenset({8, 32}), frozenset({8, 32})
)
"""The word widths of the mask tile `tcmp`/`tcmps` write, per target: the manual's uint8_t
(A2/A3) and uint32_t (A5), and the 8-bit masks PTOAS kernels use on A5 (docs/decisions.md);
the CPU simulator packs either width (cpu/TCmp.h)."""
SELECT_MASK_BITS = frozenset({8, 16, 32})
"""The word widths of a mask tile `tsel`/`tsels` read."""

SELECT_READ_BYTES = {8: 32, 16: 16, 32: 16}
"""Bytes of the mask row the lowered tsel/tsels read per register of data of each width:
`plds "NORM"` (8-bit data) and `plds "US"` (16- and 32-bit data)."""
_STORE_BYTES = 32
"""Bytes of one `psts "NORM"` (the lowered tcmp/tcmps store the mask row in such chunks)."""


def compare_mode(op: MaskWritingTileOp, target: TargetProfile) -> CmpMode:
    """The mode `op` compares with on `target` (EQ for the element types the target's rules
    compare for equality whatever the mode)."""
    src = op.tile(0, "src0").element
    return CmpMode.EQ if src in COMPARE_RULES[target.arch].eq_only else op.mode


def _valid_dims(value: SSAValue) -> list[int | SSAValue]:
    """The valid rows and cols of a tile value: static sizes, or the `pto.alloc_tile`
    operand a `?` size comes from (DYNAMIC when neither is known)."""
    tile = value.type
    assert isinstance(tile, TileTypeBase)
    dims: list[int | SSAValue] = list(tile.valid_shape)
    owner = value.owner
    if isinstance(owner, AllocTileOp):
        for k, operand in enumerate((owner.valid_row, owner.valid_col)):
            if dims[k] == DYNAMIC and operand is not None:
                dims[k] = operand
    return dims


def _covers(src: SSAValue, region: SSAValue) -> bool:
    """Whether `src`'s valid region holds `region`'s, known at compile time (static sizes,
    or the same run-time size)."""
    for a, b in zip(_valid_dims(src), _valid_dims(region), strict=True):
        if isinstance(a, int) and isinstance(b, int):
            if DYNAMIC in (a, b) or a < b:
                return False
        elif a is not b:
            return False
    return True


_COST = VectorCost(
    Completion.BINOP,
    PerRepeat.SIMPLE,
    7,
    estimate="no published figure for compare and select: costed as vand",
)


def packed_cols(cols: int, bits: int) -> int:
    """The words a row of `cols` predicate bits takes at `bits` bits per word."""
    return -(-cols // bits)


def _require_mask(
    op: str, role: str, tile: TileTypeBase, widths: frozenset[int], where: str
) -> int:
    """A mask tile: integer elements of one of `widths` bits, in vec, row-major."""
    require_location(f"{op} {role}", tile, Location.VEC)
    require_row_major(f"{op} {role}", tile)
    dtype = tile.element
    if not dtype.is_int or dtype.bits not in widths:
        names = " or ".join(str(w) for w in sorted(widths))
        raise fail(
            f"{op} {role} dtype {dtype} must be an integer of {names} bits (the packed "
            f"predicate {where})"
        )
    return dtype.bits


def _require_packed(
    op: str, mask: TileTypeBase, src_role: str, src: TileTypeBase, bits: int
) -> None:
    """The mask's valid region has src's valid rows and at least ceil(cols / bits) words
    (static sizes)."""
    rows, cols = src.valid_shape
    mrows, mcols = mask.valid_shape
    if DYNAMIC not in (rows, mrows) and rows != mrows:
        raise fail(f"{op} dst valid rows {mrows} must equal the {src_role} valid rows {rows}")
    if DYNAMIC not in (cols, mcols) and mcols < packed_cols(cols, bits):
        raise fail(
            f"{op} dst valid cols {mcols} must hold ceil({cols} / {bits}) = "
            f"{packed_cols(cols, bits)} {bits}-bit words: the packed predicate of "
            f"{src_role}'s {dims_str(rows, cols)} region"
        )


def scalar_dtype(op: str, value: SSAValue, element: DType) -> None:
    """A scalar operand has the tile's element type (an integer of its width, either sign)."""
    dtype = dtype_of(value.type)
    same = dtype == element or (
        dtype is not None and dtype.is_int and element.is_int and dtype.bits == element.bits
    )
    if not same:
        raise fail(f"{op} scalar type {value.type} must be the tile element type {element}")


class MaskWritingTileOp(AttrInInsTileOp):
    """`tcmp`/`tcmps`: compare src0 with src1 (or a scalar), write a packed mask tile."""

    PIPE: ClassVar[Pipe] = Pipe.V
    NUM_INS: ClassVar[int] = 2
    COST: ClassVar = _COST
    LOWERS_TO: ClassVar = (VCmpOp, VCmpsOp, PPackOp, POrOp, PstsOp)

    cmp_mode = opt_attr_def(CmpModeAttr, attr_name="cmpMode")

    @property
    def mode(self) -> CmpMode:
        """The compare mode (EQ when the op has none: PTOAS's default)."""
        return CmpMode.EQ if self.cmp_mode is None else self.cmp_mode.data

    @property
    def scalar_form(self) -> bool:
        return not isinstance(self.ins[1].type, TileTypeBase)

    def not_lowered(self) -> str | None:
        """Lowered through `vcmp`/`vcmps` and `psts` (lower_tile_to_vector_compare.py) when
        the mask row's valid bytes are a static multiple of the 32 bytes a predicate store
        writes and the compared values are known to be inside the sources' valid regions."""
        src0, dst = self.tile(0, "src0"), self.dst_tile()
        if src0.element.bits not in (8, 16, 32):
            return f"no predicate granularity for {src0.element.bits}-bit elements"
        if self.scalar_form:
            if self.ins[1].type != mlir_type(src0.element):
                return (
                    f"the scalar type {self.ins[1].type} is not the element type "
                    f"{src0.element}, which vcmps takes"
                )
        elif isinstance(self, TCmpSOp):
            return "the tile form compares with src1[0, 0], which no vector load broadcasts"
        elif not _covers(self.ins[1], self.ins[0]):
            return "src1's valid region may not cover src0's (the tile op reads all-one bits)"
        cols = dst.valid_shape[1]
        if cols == DYNAMIC or cols * dst.element.bytes % _STORE_BYTES:
            return (
                "the mask row's valid bytes are not a static multiple of 32: predicate stores "
                "write 32 bytes, and the tile op writes exactly the mask's valid region"
            )
        return None

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        """src0's valid rows by the mask type's valid cols (static: `verify_result_cols`)."""
        rows, _ = shapes.valid(self.ins[0])
        return rows, self.dst_tile().valid_shape[1]

    def verify_tiles(self, target: TargetProfile) -> None:
        src0, dst = self.tile(0, "src0"), self.dst_tile()
        require_location(f"{self.name} src0", src0, Location.VEC)
        require_row_major(f"{self.name} src0", src0)
        assert self.DTYPES is not None
        require_dtype_supported(self.name, src0.element, target, self.DTYPES)
        bits = _require_mask(self.name, "dst", dst, MASK_BITS[target.arch], f"on {target.name}")
        _require_packed(self.name, dst, "src0", src0, bits)
        if self.res and dst.valid_shape[1] == DYNAMIC:
            raise fail(
                f"{self.name} result valid cols must be static: the packed width is not "
                "derived from a dynamic source"
            )
        if self.scalar_form:
            scalar_dtype(self.name, self.ins[1], src0.element)
        else:
            src1 = self.tile(1, "src1")
            require_location(f"{self.name} src1", src1, Location.VEC)
            require_row_major(f"{self.name} src1", src1)
            require_same_dtype(f"{self.name} src1", src1.element, "src0", src0.element)


def _names(dtypes: frozenset[DType]) -> str:
    return ", ".join(sorted(d.name for d in dtypes))


@irdl_op_definition
class TCmpOp(MaskWritingTileOp):
    """`dst = pack(src0 cmpMode src1)`; src1 lanes outside its valid region read all-one bits."""

    name = "pto.tcmp"

    MANUAL: ClassVar = "tile/ops/elementwise-tile-tile/tcmp.md"
    # tcmp.md target-profile table: supported input types
    DTYPES: ClassVar = per_target_dtypes(  # + pto-isa a5 TCmp's 64-bit integers
        "i32 f16 f32", "ui32 i32 ui16 i16 ui8 i8 f32 f16 bf16 i64 ui64"
    )
    SYNTAX: ClassVar = (
        "SSA: `%mask = pto.tcmp %src0, %src1 {cmpMode = #pto.cmp<GT>} : (!pto.tile<...>, "
        "!pto.tile<...>) -> !pto.tile<...ui8 or ui32...>`",
        "DPS: `pto.tcmp ins(%src0, %src1 {cmpMode = #pto<cmp gt>} : !pto.tile_buf<...>, "
        "!pto.tile_buf<...>) outs(%mask : !pto.tile_buf<...>)`",
    )

    def verify_tiles(self, target: TargetProfile) -> None:
        if self.scalar_form:
            raise fail(f"{self.name} src1 must be a tile, got {self.ins[1].type} (use pto.tcmps)")
        super().verify_tiles(target)
        src0, dst = self.tile(0, "src0"), self.dst_tile()
        narrow = self.legal_dtypes(A2A3)
        if target.arch is TargetArch.CPU and dst.element.bits == 8 and src0.element not in narrow:
            raise fail(
                f"{self.name} with an 8-bit mask compares only {_names(narrow)} "
                f"(cpu/TCmp.h: the uint8_t mask takes the A2/A3 types), got {src0.element}"
            )


@irdl_op_definition
class TCmpSOp(MaskWritingTileOp):
    """`dst = pack(src0 cmpMode scalar)`, or `src1[0, 0]` in place of the scalar."""

    name = "pto.tcmps"

    MANUAL: ClassVar = "tile/ops/tile-scalar-and-immediate/tcmps.md"
    # tcmps.md implementation checks (A2A3 / A5)
    DTYPES: ClassVar = per_target_dtypes(
        "i32 f32 f16 ui16 i16", "i32 ui32 f32 i16 ui16 f16 ui8 i8 bf16 i64 ui64"
    )

    SYNTAX: ClassVar = (
        "SSA: `%mask = pto.tcmps %src0, %scalar {cmpMode = #pto.cmp<LT>} : (!pto.tile<...>, "
        "T) -> !pto.tile<...>` (or a tile `%src1`, compared through `src1[0, 0]`)",
        "DPS: `pto.tcmps ins(%src0, %scalar {cmpMode = #pto<cmp lt>} : !pto.tile_buf<...>, T) "
        "outs(%mask : !pto.tile_buf<...>)`",
    )

    def source_roles(self) -> list[str]:
        return ["src0", "scalar" if self.scalar_form else "src1"]


class SelectTileOp(AttrInInsTileOp):
    """`tsel`/`tsels`: `dst = mask ? src0 : other` over dst's valid region."""

    PIPE: ClassVar[Pipe] = Pipe.V
    COST: ClassVar = _COST
    LOWERS_TO: ClassVar = (PldsOp, PUnpackOp, VSelOp)

    def not_lowered(self) -> str | None:
        """Lowered through `plds` and `vsel` (lower_tile_to_vector_compare.py) when every
        predicate load stays inside the mask tile and the sources are known to cover dst's
        valid region."""
        mask, dst = self.tile(0, "mask"), self.dst_tile()
        dtype = dst.element
        if dtype.bits not in SELECT_READ_BYTES:
            return f"no predicate granularity for {dtype.bits}-bit elements"
        lanes = 2048 // dtype.bits
        last = (packed_cols(dst.shape[1], lanes) - 1) * lanes // 8
        row = mask.shape[1] * mask.element.bytes
        if last + SELECT_READ_BYTES[dtype.bits] > row:
            return (
                f"the predicate load of the last register of a row reads bytes [{last}, "
                f"{last + SELECT_READ_BYTES[dtype.bits]}) of a {row}-byte mask row: the last "
                "row's would leave the mask tile"
            )
        if isinstance(self, TSelSOp):
            if self.scalar.type != mlir_type(dtype):
                return f"the scalar type {self.scalar.type} is not the element type {dtype}"
            return None
        region = self.outs[0] if self.outs else self.ins[1]
        for k, role in ((1, "src0"), (2, "src1")):
            if not _covers(self.ins[k], region):
                return f"{role}'s valid region may not cover dst's (the tile op reads all-one bits)"
        return None

    @abstractmethod
    def tmp_index(self) -> int | None:
        """The index of the optional tmp source, None when the op has none."""

    def operand_effects(self) -> tuple[Effect, ...]:
        """The tmp tile is not accessed."""
        effects = list(super().operand_effects())
        tmp = self.tmp_index()
        if tmp is not None and self.outs:
            effects[tmp] = Effect.NONE
        return tuple(effects)

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        """src0's (tsel) or src's (tsels) valid region."""
        return shapes.valid(self.ins[1])

    def verify_tiles(self, target: TargetProfile) -> None:
        mask, src, dst = self.tile(0, "mask"), self.tile(1, self.source_roles()[1]), self.dst_tile()
        bits = _require_mask(self.name, "mask", mask, SELECT_MASK_BITS, "it reads")
        for role, tile in ((self.source_roles()[1], src), ("dst", dst)):
            require_location(f"{self.name} {role}", tile, Location.VEC)
            require_row_major(f"{self.name} {role}", tile)
        require_same_dtype(f"{self.name} {self.source_roles()[1]}", src.element, "dst", dst.element)
        assert self.DTYPES is not None
        require_dtype_supported(self.name, dst.element, target, self.DTYPES)
        rows, cols = dst.valid_shape
        mrows, mcols = mask.valid_shape
        if DYNAMIC not in (rows, mrows) and mrows < rows:
            raise fail(f"{self.name} mask valid rows {mrows} must cover the dst valid rows {rows}")
        if DYNAMIC not in (cols, mcols) and mcols < packed_cols(cols, bits):
            raise fail(
                f"{self.name} mask valid cols {mcols} must cover ceil({cols} / {bits}) = "
                f"{packed_cols(cols, bits)} words of {bits}-bit predicates"
            )
        tmp = self.tmp_index()
        if tmp is not None:
            tile = self.tile(tmp, "tmp")
            require_location(f"{self.name} tmp", tile, Location.VEC)


@irdl_op_definition
class TSelOp(SelectTileOp):
    """`dst = mask ? src0 : src1`; sources outside their valid regions read all-one bits."""

    name = "pto.tsel"

    NUM_INS: ClassVar[int] = 4
    """At most: mask, src0, src1 and the optional tmp."""
    OPTIONAL_TMP: ClassVar[bool] = True
    MANUAL: ClassVar = "tile/ops/elementwise-tile-tile/tsel.md"
    # tsel.md implementation checks (A2A3 / A5)
    DTYPES: ClassVar = per_target_dtypes(
        "i16 ui16 i32 ui32 f16 bf16 f32", "i8 ui8 i16 ui16 i32 ui32 i64 ui64 f16 bf16 f32"
    )

    SYNTAX: ClassVar = (
        "SSA: `%dst = pto.tsel %mask, %src0, %src1 : (!pto.tile<...>, !pto.tile<...>, "
        "!pto.tile<...>) -> !pto.tile<...>`",
        "DPS: `pto.tsel ins(%mask, %src0, %src1[, %tmp] : !pto.tile_buf<...>, ...) "
        "outs(%dst : !pto.tile_buf<...>)`",
    )

    def source_roles(self) -> list[str]:
        return ["mask", "src0", "src1", "tmp"][: len(self.ins)]

    def tmp_index(self) -> int | None:
        return 3 if len(self.ins) == 4 else None

    def verify_tiles(self, target: TargetProfile) -> None:
        super().verify_tiles(target)
        src0, src1 = self.tile(1, "src0"), self.tile(2, "src1")
        require_location(f"{self.name} src1", src1, Location.VEC)
        require_row_major(f"{self.name} src1", src1)
        require_same_dtype(f"{self.name} src1", src1.element, "src0", src0.element)


@irdl_op_definition
class TSelSOp(SelectTileOp):
    """`dst = mask ? src : scalar`."""

    name = "pto.tsels"

    MANUAL: ClassVar = "tile/ops/tile-scalar-and-immediate/tsels.md"
    # tsels.md implementation checks (A2A3 / A5: no bf16)
    DTYPES: ClassVar = per_target_dtypes(
        "i16 ui16 i32 ui32 f16 bf16 f32", "i8 ui8 i16 ui16 i32 ui32 i64 ui64 f16 f32"
    )

    NUM_INS: ClassVar[int] = 4
    """At most: mask, src, the optional tmp and scalar."""
    OPTIONAL_TMP: ClassVar[bool] = True

    SYNTAX: ClassVar = (
        "SSA: `%dst = pto.tsels %mask, %src, %scalar : (!pto.tile<...>, !pto.tile<...>, T) "
        "-> !pto.tile<...>`",
        "DPS: `pto.tsels ins(%mask, %src[, %tmp], %scalar : !pto.tile_buf<...>, ..., T) "
        "outs(%dst : !pto.tile_buf<...>)`",
    )

    def source_roles(self) -> list[str]:
        return ["mask", "src", "tmp", "scalar"] if len(self.ins) == 4 else ["mask", "src", "scalar"]

    def tmp_index(self) -> int | None:
        return 2 if len(self.ins) == 4 else None

    @property
    def scalar(self) -> SSAValue:
        return self.ins[-1]

    def verify_tiles(self, target: TargetProfile) -> None:
        if isinstance(self.scalar.type, TileTypeBase):
            raise fail(f"{self.name} scalar must be a scalar, got {self.scalar.type}")
        super().verify_tiles(target)
        src, dst = self.tile(1, "src"), self.dst_tile()
        require_same_valid(f"{self.name} src", src, "dst", dst)
        scalar_dtype(self.name, self.scalar, dst.element)


OPS: list[type[IRDLOperation]] = [TCmpOp, TCmpSOp, TSelOp, TSelSOp]
