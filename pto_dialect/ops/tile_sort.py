"""Sort tile ops: `tsort32` (sort 32-element blocks with their indices) and `tmrgsort`
(merge sorted lists of (value, index) pairs), on the vector pipe's sort accelerator.

- `pto.tsort32 ins(%src, %idx[, %tmp] : S, I[, S]) outs(%dst : D)`; SSA
  `%dst = pto.tsort32 %src, %idx[, %tmp] : (S, I[, S]) -> D`.
- `tmrgsort` format 1 (one list of 4 sorted blocks): `pto.tmrgsort ins(%src, %blockLen :
  S, i32) outs(%dst : D)`; SSA `%dst = pto.tmrgsort %src, %blockLen : (S, i32) -> D`.
- `tmrgsort` format 2 (2 to 4 lists and a scratch tile), as PTOAS spells it:
  `pto.tmrgsort ins(%s0, %s1[, %s2[, %s3]], %tmp {exhausted = false} : S0, ..., T)
  outs(%dst[, %executed] : D[, vector<4xi16>])`; SSA `%dst = pto.tmrgsort %s0, %s1, %tmp
  {exhausted = false} : (S0, S1, T) -> D`. The per-list counts are read with
  `pto.get_vms4_sr` (VMS4_SR, as the hardware reports them); PTOAS's `%executed` operand is
  an input value the op does not write (IR values are immutable), accepted for its syntax.

A pair is 8 bytes (tsort32.md, tmrgsort.md): 2 tile elements of f32 or 4 of f16.
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from xdsl.dialects import arith
from xdsl.dialects.builtin import BoolAttr, IntegerAttr, IntegerType, UnitAttr, VectorType, i16
from xdsl.ir import SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, opt_attr_def

from pto_dialect.attrs import Location, Pipe, TargetArch
from pto_dialect.dtypes import DType
from pto_dialect.ops.base import (
    fail,
    require_dtype_supported,
    require_location,
    require_same_dtype,
    target_of,
)
from pto_dialect.ops.tile_attr_syntax import AttrInInsTileOp
from pto_dialect.ops.tile_reduce import require_nd
from pto_dialect.ops.vector_sort import SORT_DTYPES, VBitSortOp, VMrgSort4Op
from pto_dialect.records import AsVectorOp, Cost, Effect, Shapes
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import DYNAMIC, TileTypeBase

S = TypeVar("S")

_PAGES = "tile/ops/irregular-and-complex/"
PAIR_BYTES = 8
BLOCK = 32
MAX_UB_TMP = 8160
"""tsort32.md: a row of at most 8160 bytes is copied whole into `tmp` (255 x 32 B)."""
BLOCK_LEN_UNIT = 64
"""tmrgsort.md: `blockLen` is a multiple of 64."""
REPEAT_MAX = 255


def pair_elements(dtype: DType) -> int:
    """Tile elements per (value, index) pair: 2 for f32, 4 for f16."""
    return PAIR_BYTES // dtype.bytes


def tsort32_tmp_cols(cols: int, dtype: DType) -> int:
    """tsort32.md's tmpSize: the row rounded up to 32 elements if it fits 8160 bytes, else
    one block of 32."""
    return -(-cols // BLOCK) * BLOCK if cols * dtype.bytes <= MAX_UB_TMP else BLOCK


def constant_int(value: SSAValue) -> int | None:
    """The value of an `arith.constant` integer, else None."""
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


class SortTileOp(AttrInInsTileOp):
    """A tile op on the sort accelerator: Vec ND tiles of f16 or f32 (tsort32.md,
    tmrgsort.md: `TileType::Vec`, row-major; pto-isa's CPU simulator: `NoneBox`)."""

    PIPE: ClassVar[Pipe] = Pipe.V
    DTYPES: ClassVar = SORT_DTYPES
    SORTER: ClassVar[type[IRDLOperation]]
    """The accelerator op the tile op issues."""

    @classmethod
    def cost(cls) -> Cost:
        return AsVectorOp(cls.SORTER)

    def require_vec_nd(self, role: str, tile: TileTypeBase) -> None:
        require_location(f"{self.name} {role}", tile, Location.VEC)
        require_nd(f"{self.name} {role}", tile)


@irdl_op_definition
class TSort32Op(SortTileOp):
    """Sorts each 32-element block of each row of `src` with its indices from `idx`,
    descending, into (value, index) pairs in `dst`."""

    name = "pto.tsort32"

    MANUAL: ClassVar = _PAGES + "tsort32.md"
    NUM_INS: ClassVar[int] = 3
    OPTIONAL_TMP: ClassVar[bool] = True
    SORTER: ClassVar = VBitSortOp
    LOWERS_TO: ClassVar = (VBitSortOp,)
    SYNTAX: ClassVar = (
        "SSA: `%dst = pto.tsort32 %src, %idx[, %tmp] : (!pto.tile<...>, ...) -> !pto.tile<...>`",
        "DPS: `pto.tsort32 ins(%src, %idx[, %tmp] : ...) outs(%dst : !pto.tile_buf<...>)`",
    )

    def source_roles(self) -> list[str]:
        return ["src", "idx", "tmp"][: len(self.ins)]

    def not_lowered(self) -> str | None:
        """Lowered (one vbitsort per row) for static sizes and whole blocks."""
        src, idx, dst = self.tile(0, "src"), self.tile(1, "idx"), self.dst_tile()
        if DYNAMIC in (*src.valid_shape, idx.valid_shape[0], dst.valid_shape[0]):
            return "valid sizes `?`: the vbitsort calls are laid out at compile time"
        if src.valid_shape[1] % BLOCK:
            return (
                "a partial block is padded through tmp with a UB-to-UB copy and vdup "
                "(TSort32.hpp), which the lowering does not emit"
            )
        return None

    def scratch_sources(self) -> frozenset[int]:
        """`tmp` holds the row padded to whole blocks."""
        return frozenset({2}) if len(self.ins) == 3 else frozenset()

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        """The source's valid rows; 2 (f32) or 4 (f16) columns per source column."""
        rows, cols = shapes.valid(self.ins[0])
        dst = self.dst_tile()
        if dst.valid_shape[1] != DYNAMIC:
            return rows, dst.valid_shape[1]
        if isinstance(cols, int):
            return rows, cols * pair_elements(dst.element)
        raise NotImplementedError(
            f"{self.name}: a result with v_col=? needs a source with static valid columns"
        )

    def written_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int] | None:
        """The pairs: src's valid rows, 2 (f32) or 4 (f16) columns per src column."""
        rows, cols = shapes.valid(self.ins[0])
        if isinstance(cols, int):
            return rows, cols * pair_elements(self.dst_tile().element)
        return None

    def verify_tiles(self, target: TargetProfile) -> None:
        src, idx, dst = self.tile(0, "src"), self.tile(1, "idx"), self.dst_tile()
        for role, tile in (("src", src), ("idx", idx), ("dst", dst)):
            self.require_vec_nd(role, tile)
        require_same_dtype(f"{self.name} dst", dst.element, "src", src.element)
        require_dtype_supported(self.name, src.element, target, SORT_DTYPES)
        if not idx.element.is_int or idx.element.bits != 32:
            raise fail(f"{self.name} idx dtype {idx.element} must be ui32 (or i32)")
        rows, cols = src.valid_shape
        # tsort32.md: dst is R x 2C (float) / R x 4C (half), and pto-isa's A5 ST kernels use
        # wider ones; a narrower dst is not refused: every implementation (a2a3/a5
        # TSort32.hpp, cpu/TSort32.hpp) writes 8 bytes a pair from row r's start, whatever
        # dst's width, so the pairs run on into the next rows and past the tile
        # (docs/decisions.md; the interpreter writes those bytes); an SSA result has no bytes
        # after it, so it holds them
        coef = pair_elements(src.element)
        narrow = DYNAMIC not in (cols, dst.valid_shape[1]) and dst.valid_shape[1] < cols * coef
        if narrow and not self.is_dps:
            raise fail(
                f"{self.name} result valid cols {dst.valid_shape[1]} must be at least {coef} x "
                f"the src valid cols {cols} (one 8-byte pair per element; only a DPS dst may "
                "be narrower, the pairs running on past its rows)"
            )
        if DYNAMIC not in (rows, dst.valid_shape[0]) and dst.valid_shape[0] != rows:
            raise fail(
                f"{self.name} dst valid rows {dst.valid_shape[0]} must equal the src valid "
                f"rows {rows}"
            )
        if idx.valid_shape[0] not in (DYNAMIC, 1, rows) and rows != DYNAMIC:
            raise fail(
                f"{self.name} idx valid rows {idx.valid_shape[0]} must be 1 (one index row "
                f"for all rows) or the src valid rows {rows}"
            )
        if DYNAMIC not in (cols, idx.valid_shape[1]) and idx.valid_shape[1] != cols:
            raise fail(
                f"{self.name} idx valid cols {idx.valid_shape[1]} must equal the src valid "
                f"cols {cols}"
            )
        if len(self.ins) == 2:  # a partial block too: PTOAS's level 2 materialises the tmp
            return
        tmp = self.tile(2, "tmp")
        self.require_vec_nd("tmp", tmp)
        require_same_dtype(f"{self.name} tmp", tmp.element, "src", src.element)
        # PTOAS's TSort32Op::verify sizes tmp on A2/A3 only; on A5 its board-tested tilelang_st
        # tsort32 passes a 1x16 f32 tmp for rows of 13 (A5's TileLib sort uses no tmp)
        if (
            target.arch is not TargetArch.A5
            and cols != DYNAMIC
            and tmp.shape[1] < tsort32_tmp_cols(cols, src.element)
        ):
            raise fail(
                f"{self.name} tmp has {tmp.shape[1]} cols but needs "
                f"{tsort32_tmp_cols(cols, src.element)} (tmpSize for {cols} src cols)"
            )


@irdl_op_definition
class TMrgSortOp(SortTileOp):
    """Merges sorted lists of (value, index) pairs into one, descending: the 4 blocks of
    `blockLen` elements of `src` per group (format 1), or 2 to 4 tiles through `tmp`
    (format 2; with `exhausted = true` it stops when a list runs out)."""

    name = "pto.tmrgsort"

    MANUAL: ClassVar = _PAGES + "tmrgsort.md"
    SORTER: ClassVar = VMrgSort4Op
    LOWERS_TO: ClassVar = (VMrgSort4Op,)
    SYNTAX: ClassVar = (
        "SSA format 1: `%dst = pto.tmrgsort %src, %blockLen : (!pto.tile<...>, i32) -> "
        "!pto.tile<...>`",
        "DPS format 1: `pto.tmrgsort ins(%src, %blockLen : !pto.tile_buf<...>, i32) "
        "outs(%dst : !pto.tile_buf<...>)`",
        "SSA format 2: `%dst = pto.tmrgsort %s0, %s1[, %s2[, %s3]], %tmp {exhausted = false} "
        ": (...) -> !pto.tile<...>`",
        "DPS format 2: `pto.tmrgsort ins(%s0, %s1[, %s2[, %s3]], %tmp {exhausted = false} : "
        "...) outs(%dst[, %executed] : !pto.tile_buf<...>[, vector<4xi16>])`",
    )

    exhausted = opt_attr_def(BoolAttr)
    no_tmp = opt_attr_def(UnitAttr)
    """PTOAS's level-2 format 2 without a tmp tile (`ins(%s0, %s1 no_tmp {...} : ...)`): the
    compiler materialises it; the lists merge straight into dst."""

    @property
    def is_single_list(self) -> bool:
        """Format 1: `ins(%src, %blockLen)`."""
        return len(self.ins) == 2 and isinstance(self.ins[1].type, IntegerType)

    @property
    def stops_when_exhausted(self) -> bool:
        return self.exhausted is not None and self.exhausted.value.data != 0

    @property
    def lists(self) -> list[SSAValue]:
        """The sorted lists of format 2 (every source but `tmp`)."""
        return list(self.ins if self.no_tmp is not None else self.ins[:-1])

    def not_lowered(self) -> str | None:
        """Lowered (vmrgsort4) for static valid cols and a constant blockLen."""
        if self.no_tmp is not None:
            return "format 2 without tmp: the lowering merges through the tmp tile"
        if self.is_single_list and constant_int(self.ins[1]) is None:
            return "blockLen is not an arith.constant: vmrgsort4's count word is built from it"
        tiles = [self.ins[0]] if self.is_single_list else [*self.lists, *self.outs[:1]]
        for value in tiles:
            if isinstance(value.type, TileTypeBase) and value.type.valid_shape[1] == DYNAMIC:
                return "valid cols `?`: vmrgsort4's count word is built at compile time"
        return None

    def source_roles(self) -> list[str]:
        if self.is_single_list:
            return ["src", "blockLen"]
        if self.no_tmp is not None:
            return [f"src{i}" for i in range(len(self.ins))]
        return [f"src{i}" for i in range(len(self.ins) - 1)] + ["tmp"]

    def scratch_sources(self) -> frozenset[int]:
        """Format 2 merges into `tmp` and copies it to `dst`."""
        if self.is_single_list or self.no_tmp is not None:
            return frozenset()
        return frozenset({len(self.ins) - 1})

    def operand_effects(self) -> tuple[Effect, ...]:
        """`blockLen` and PTOAS's `%executed` operand are values, not memory."""
        effects = list(super().operand_effects())
        if self.is_single_list:
            effects[1] = Effect.NONE
        if len(self.outs) == 2:
            effects[-1] = Effect.NONE
        return tuple(effects)

    def written_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int] | None:
        """Format 1: the whole groups of 4 x blockLen columns; format 2: dst's valid region."""
        block = constant_int(self.ins[1]) if self.is_single_list else None
        if block is None or block <= 0:
            return None
        cols = shapes.valid(self.ins[0])[1]
        if isinstance(cols, int):
            return 1, cols // (4 * block) * 4 * block
        return None

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        """One row: the source's valid columns (format 1); the lists' valid columns
        together (format 2) unless the result type says fewer."""
        if self.is_single_list:
            return shapes.valid(self.ins[0])
        dst = self.dst_tile()
        if dst.valid_shape[1] != DYNAMIC:
            return 1, dst.valid_shape[1]
        total = 0
        for value in self.lists:
            cols = shapes.valid(value)[1]
            if not isinstance(cols, int):
                raise NotImplementedError(
                    f"{self.name}: a result with v_col=? needs lists with static valid columns"
                )
            total += cols
        return 1, total

    # ---- verification -----------------------------------------------------------------
    def verify_(self) -> None:
        if len(self.res) > 1:
            raise fail(
                f"{self.name} in SSA form has one result, the merged tile; read the executed "
                "counts with pto.get_vms4_sr"
            )
        if len(self.outs) + len(self.res) != 1 and not (len(self.outs) == 2 and not self.res):
            raise fail(
                f"{self.name} needs one destination: outs(%dst[, %executed]) (DPS form) or a "
                "result (SSA form)"
            )
        if len(self.outs) == 2:
            executed = self.outs[1].type
            if executed != VectorType(i16, [4]):
                raise fail(f"{self.name} executed must be vector<4xi16>, got {executed}")
            if self.is_single_list:
                raise fail(f"{self.name} format 1 (src, blockLen) has no executed operand")
        if len(self.ins) < 2 or len(self.ins) > 5:
            raise fail(
                f"{self.name} expects ins(%src, %blockLen) or 2 to 4 lists and a tmp, got "
                f"{len(self.ins)} sources"
            )
        if self.no_tmp is not None and (self.is_single_list or len(self.ins) > 4):
            raise fail(f"{self.name} no_tmp takes format 2's 2 to 4 lists and no tmp tile")
        if not self.is_single_list and len(self.ins) < 3 and self.no_tmp is None:
            raise fail(f"{self.name} format 2 expects 2 to 4 lists and a tmp tile")
        self.verify_form()
        self.verify_tiles(target_of(self))

    def verify_tiles(self, target: TargetProfile) -> None:
        dst = self.dst_tile()
        tiles = [(role, self.tile(i, role)) for i, role in enumerate(self.source_roles())
                 if role != "blockLen"]  # fmt: skip
        for role, tile in [*tiles, ("dst", dst)]:
            self.require_vec_nd(role, tile)
            if tile.shape[0] != 1:
                raise fail(f"{self.name} {role} must have rows = 1, got rows = {tile.shape[0]}")
            require_same_dtype(f"{self.name} {role}", tile.element, "dst", dst.element)
        require_dtype_supported(self.name, dst.element, target, SORT_DTYPES)
        coef = pair_elements(dst.element)
        if self.is_single_list:
            self.verify_single(tiles[0][1], dst, coef)
            return
        for role, tile in tiles[: len(self.lists)]:
            cols = tile.valid_shape[1]
            if cols != DYNAMIC and cols % coef:
                raise fail(
                    f"{self.name} {role} valid cols {cols} must be a multiple of {coef} (whole "
                    f"{dst.element} pairs)"
                )
        if self.no_tmp is None:
            self.verify_tmp(target, [t for _, t in tiles[:-1]], tiles[-1][1], dst)

    def verify_tmp(
        self,
        target: TargetProfile,
        lists: list[TileTypeBase],
        tmp: TileTypeBase,
        dst: TileTypeBase,
    ) -> None:
        """Format 2's tmp tile holds the merged pairs."""
        valid = [t.valid_shape[1] for t in lists]
        total = None if DYNAMIC in valid else sum(valid)
        if tmp.shape[1] < dst.shape[1]:
            raise fail(
                f"{self.name} tmp cols {tmp.shape[1]} must be >= the dst cols {dst.shape[1]}"
            )
        # tmrgsort.md asks tmp.Cols >= the lists' Cols together; PTOAS's A5 ST kernel
        # merges three 1x256 tiles of 128 valid cols through a 1x512 tmp: what must fit is
        # the merged pairs, the lists' valid cols.
        if total is not None and tmp.shape[1] < total:
            raise fail(
                f"{self.name} tmp cols {tmp.shape[1]} must be >= the lists' valid cols together "
                f"({total})"
            )
        # pto-isa TMrgSort.hpp CheckOverMemory: tmp and src0 together fit UB.
        ub = target.capacities[Location.VEC]
        need = (lists[0].shape[1] + tmp.shape[1]) * dst.element.bytes
        if need > ub:
            raise fail(
                f"{self.name} tmp and src0 take {need} bytes, which must fit UB ({ub} bytes)"
            )

    def verify_single(self, src: TileTypeBase, dst: TileTypeBase, coef: int) -> None:
        if self.exhausted is not None:
            raise fail(f"{self.name} format 1 (src, blockLen) takes no exhausted attribute")
        cols, dst_cols = src.valid_shape[1], dst.valid_shape[1]
        if DYNAMIC not in (cols, dst_cols) and cols != dst_cols:
            raise fail(
                f"{self.name} dst valid cols {dst_cols} must equal the src valid cols {cols}"
            )
        block = constant_int(self.ins[1])
        if block is None:
            return
        if block <= 0 or block % BLOCK_LEN_UNIT:
            raise fail(f"{self.name} blockLen {block} must be a positive multiple of 64")
        if cols == DYNAMIC:
            return
        # tmrgsort.md: a multiple of 4 x blockLen. pto-isa's TMrgSort.hpp takes
        # repeatTimes = cols / (4 x blockLen) rounded down, and PTOAS's A5 ST kernel relies
        # on it (1280 cols, blockLen 256: one group, a tail left for format 2): the DPS form
        # merges the whole groups and leaves the tail; an SSA result would have no tail.
        if cols % (4 * block) and self.res:
            raise fail(
                f"{self.name} src valid cols {cols} must be a multiple of 4 x blockLen "
                f"({4 * block}) in SSA form (the DPS form leaves the tail unwritten)"
            )
        if not 1 <= cols // (4 * block) <= REPEAT_MAX:
            raise fail(
                f"{self.name} repeat count {cols // (4 * block)} (src valid cols / (4 x "
                f"blockLen)) must be in [1, 255]"
            )


OPS: list[type[IRDLOperation]] = [TSort32Op, TMrgSortOp]
