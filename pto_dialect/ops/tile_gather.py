"""Gather and scatter tile ops: `tgather` (element indices), `tgatherb` (32-byte blocks at
byte offsets) and `tscatter` (element indices into dst's storage).

- `pto.tgather ins(%src, %indices[, %tmp] : S, I[, I]) outs(%dst : D)`: `dst[i, j] =
  src_flat[indices[i, j]]` over dst's valid region (`src_flat`: src's storage, row-major).
  A2/A3 require `tmp` (tgather.md: "the C++ API requires an explicit tmp tile"), A5 ignores it.
  Mask form `ins(%src, {maskPattern = #pto.mask_pattern<P0101>} : S) outs(%dst : D)`: the
  selected columns of each row packed into dst's storage; with axis "col" (pto-isa's
  GATHER_COL) the selected rows of src stacked into dst. The comparison form
  `ins(%src, %kValue, %tmp) outs(%dst, %cdst)`: `tile_gather_compare`.
- `pto.tgatherb ins(%src, %offsets : S, O) outs(%dst : D)`: 32-byte block b of dst row i is
  the 32 bytes of src at byte offset `offsets[i, b]` (pto-isa's A2/A3, A5 and CPU
  implementations; tgatherb.md's per-element formula reads the same offsets per block).
- `pto.tscatter ins(%src, %indexes : S, I) outs(%dst : D)`: `dst_flat[indexes[i, j]] =
  src[i, j]` over src's valid region; DPS form only (the other elements of dst keep their
  contents, which an SSA result does not have). Mask form: dst zeroed, then
  `dst[i, F*j + pos] = src[i, j]` (both forms); with axis "col" (SCATTER_COL)
  `dst[F*i + pos, j] = src[i, j]`.

An index outside the tile, or two source elements scattered to one place, is undefined on
the pages: a run-time error at the op.
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from xdsl.dialects.builtin import IntegerAttr, StringAttr
from xdsl.irdl import IRDLOperation, irdl_op_definition, opt_attr_def
from xdsl.parser import Parser
from xdsl.printer import Printer

from pto_dialect.attrs import CmpMode, CmpModeAttr, Location, Pipe, TargetArch
from pto_dialect.dtypes import DType
from pto_dialect.ops.base import (
    TileOp,
    fail,
    require_dtype_supported,
    require_location,
    require_same_dtype,
    target_of,
)
from pto_dialect.ops.mask_pattern import (
    SELECTION,
    MaskPatternAttr,
    Selection,
    print_dps_with_attr_operand,
)
from pto_dialect.ops.tile_attr_syntax import parse_dps_attrs_in_ins
from pto_dialect.ops.tile_gather_compare import ROLES as COMPARE_ROLES
from pto_dialect.ops.tile_gather_compare import verify_compare
from pto_dialect.ops.tile_reduce import require_nd
from pto_dialect.ops.vector_load import Vgather2Op, VgatherbOp
from pto_dialect.ops.vector_store import VscatterOp
from pto_dialect.records import AsVectorOp, Cost, DTypes, Shapes, per_target_dtypes
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import DYNAMIC, TileTypeBase

S = TypeVar("S")

_PAGES = "tile/ops/irregular-and-complex/"
BLOCK_BYTES = 32

# tgather.md index-based implementation checks: A2/A3 b16/b32 data with b32 indices; A5
# i16 ui16 i32 ui32 f16 f32 data with i16 ui16 i32 ui32 indices, and 1-byte data (pto-isa's
# a5/TGather.hpp: b8 to b64 data; PTOAS `isSupportedGatherElemTypeA5Index`: fp8 and 8-bit
# integers too; docs/decisions.md).
GATHER_DTYPES = per_target_dtypes(
    "i16 ui16 f16 bf16 i32 ui32 f32", "i8 ui8 i16 ui16 i32 ui32 f16 f32 f8E4M3FN f8E5M2"
)
GATHER_INDEX_DTYPES = per_target_dtypes("i32 ui32", "i16 ui16 i32 ui32")
# tgatherb.md implementation checks (A2/A3 and A5).
GATHERB_DTYPES = per_target_dtypes(
    "i8 ui8 i16 ui16 i32 ui32 f16 bf16 f32", "i8 ui8 i16 ui16 i32 ui32 f16 bf16 f32"
)
# tscatter.md implementation checks (A2/A3 and A5).
SCATTER_DTYPES = per_target_dtypes(
    "i8 ui8 i16 ui16 i32 ui32 f16 bf16 f32", "i8 ui8 i16 ui16 i32 ui32 f16 bf16 f32"
)
# tgather.md mask-pattern checks: A2/A3 2- and 4-byte types; A5 adds 1-byte types (HiFloat8
# too: PTOAS's mask-form verifier takes A5's low-precision tiles, checking sizes only).
MASK_GATHER_DTYPES = per_target_dtypes(
    "i16 ui16 i32 ui32 f16 bf16 f32",
    "i8 ui8 i16 ui16 i32 ui32 f16 bf16 f32 f8E4M3FN f8E5M2 hif8",
    "i8 ui8 i16 ui16 i32 ui32 f16 bf16 f32 f8E4M3FN f8E5M2",
)
# tscatter.md mask scatter: the TSCATTER data types; the page calls it an A5 form, but
# pto-isa's a2a3/TScatter.hpp implements it too (same types, same placement) and PTOAS lowers
# it for A3 (docs/decisions.md).
_MASK_SCATTER = "i8 ui8 i16 ui16 i32 ui32 f16 bf16 f32"
MASK_SCATTER_DTYPES = per_target_dtypes(_MASK_SCATTER, _MASK_SCATTER)
SCATTER_INDEX_DTYPES = per_target_dtypes("i16 ui16 i32 ui32", "i16 ui16 i32 ui32")


AXES = ("row", "col")
"""The mask forms' axis operand (PTOAS spells it after the types: `: T, "col")`)."""


def selected(selection: Selection, count: int) -> int:
    """How many of `count` lanes (or rows) the pattern selects."""
    return len(range(selection.position, count, selection.group))


def scatter_index_bits(data: DType) -> int:
    """tscatter.md: 4-byte data take 4-byte indexes, 2- and 1-byte data 2-byte ones."""
    return 32 if data.bits == 32 else 16


class GatherTileOp(TileOp):
    """A gather or scatter tile op on the vector pipe: Vec ND tiles, data of one type."""

    PIPE: ClassVar[Pipe] = Pipe.V
    NUM_INS: ClassVar[int] = 2
    VECTOR_OP: ClassVar[type[IRDLOperation]]
    """The vector op one chunk of it runs as."""
    ROLES: ClassVar[tuple[str, ...]]

    @classmethod
    def cost(cls) -> Cost:
        return AsVectorOp(cls.VECTOR_OP)

    mask_pattern = opt_attr_def(MaskPatternAttr, attr_name="maskPattern")

    MASK_DTYPES: ClassVar[DTypes | None] = None
    """Element types of the mask form per target (None: the op has no mask form)."""

    @property
    def selection(self) -> Selection | None:
        """The lanes the mask form selects (None: the index form)."""
        return None if self.mask_pattern is None else SELECTION[self.mask_pattern.data]

    def source_roles(self) -> list[str]:
        return list(self.ROLES[: len(self.ins)])

    # ---- syntax: the mask form's attr-dict is an operand of `ins(...)` in DPS form ---------
    @classmethod
    def parse(cls, parser: Parser) -> TileOp:
        if parser.parse_optional_keyword("ins") is None:
            return super().parse(parser)
        operands, properties, attrs = parse_dps_attrs_in_ins(parser)
        return cls.create(operands=operands, properties=properties, attributes=attrs)

    def print(self, printer: Printer) -> None:
        if self.outs and self.attributes:
            print_dps_with_attr_operand(self, printer)
            return
        super().print(printer)

    # ---- the mask form -----------------------------------------------------------------
    def verify_(self) -> None:
        if self.mask_pattern is None:
            super().verify_()
            return
        if self.MASK_DTYPES is None:
            raise fail(f"{self.name} has no maskPattern form")
        if len(self.ins) != 1 or len(self.outs) + len(self.res) != 1:
            raise fail(
                f"{self.name} with maskPattern takes ins(%src) and one destination, got "
                f"{len(self.ins)} sources"
            )
        self.verify_form()
        axis = self.attributes.get("axis")
        if axis is not None and not (isinstance(axis, StringAttr) and axis.data in AXES):
            raise fail(f'{self.name} with maskPattern takes axis "row" or "col", got {axis}')
        target = target_of(self)
        src, dst = self.tile(0, "src"), self.dst_tile()
        for role, tile in (("src", src), ("dst", dst)):
            require_location(f"{self.name} {role}", tile, Location.VEC)
            require_nd(f"{self.name} {role}", tile)
        require_dtype_supported(self.name, src.element, target, self.MASK_DTYPES,
                                " with maskPattern")  # fmt: skip
        self.verify_mask(target, src, dst)

    @property
    def by_rows(self) -> bool:
        """The mask form's "col" axis (pto-isa's GATHER_COL / SCATTER_COL): the pattern
        selects whole rows; "row" (the default) selects columns within each row."""
        axis = self.attributes.get("axis")
        return isinstance(axis, StringAttr) and axis.data == "col"

    def verify_mask(self, target: TargetProfile, src: TileTypeBase, dst: TileTypeBase) -> None:
        """The mask form's own rules."""

    def check_tiles(self, target: TargetProfile) -> tuple[TileTypeBase, TileTypeBase, TileTypeBase]:
        """Vec ND src, index and dst tiles; dst of src's type, one the target supports."""
        src, index, dst = self.tile(0, self.ROLES[0]), self.tile(1, self.ROLES[1]), self.dst_tile()
        for role, tile in ((self.ROLES[0], src), (self.ROLES[1], index), ("dst", dst)):
            require_location(f"{self.name} {role}", tile, Location.VEC)
            require_nd(f"{self.name} {role}", tile)
        require_same_dtype(f"{self.name} dst", dst.element, "src", src.element)
        assert self.DTYPES is not None
        require_dtype_supported(self.name, src.element, target, self.DTYPES)
        return src, index, dst


def _require_index(what: str, dtype: DType, table: DTypes, target: TargetProfile) -> None:
    legal = table[target.arch]
    if dtype not in legal:
        names = ", ".join(sorted(d.name for d in legal))
        raise fail(f"{what} dtype {dtype} is not supported on target {target.name} ({names})")


@irdl_op_definition
class TGatherOp(GatherTileOp):
    """`dst[i, j] = src_flat[indices[i, j]]` over dst's valid region."""

    name = "pto.tgather"

    MANUAL: ClassVar = _PAGES + "tgather.md"
    NUM_INS: ClassVar[int] = 3
    OPTIONAL_TMP: ClassVar[bool] = True
    DTYPES: ClassVar = GATHER_DTYPES
    VECTOR_OP: ClassVar = Vgather2Op
    ROLES: ClassVar = ("src", "indices", "tmp")
    LOWERS_TO: ClassVar = (Vgather2Op,)

    def not_lowered(self) -> str | None:
        """The index form with indices as wide as the data lowers to vgather2 loops."""
        if self.is_compare:
            return "the comparison form's vcmpvs and vreducev2 sequence is not emitted"
        if self.mask_pattern is not None:
            return (
                "the mask form packs the selected lanes with vsqz and unaligned stores, "
                "which the lowering does not emit"
            )
        src, indices = self.tile(0, "src"), self.tile(1, "indices")
        if src.element.bits != indices.element.bits:
            return (
                f"vgather2 takes one index lane per data lane: {src.element} data with "
                f"{indices.element} indices needs the indices rescaled through tmp (vmuls)"
            )
        return None

    MASK_DTYPES: ClassVar = MASK_GATHER_DTYPES

    cmp_mode = opt_attr_def(CmpModeAttr, attr_name="cmpMode")
    offset = opt_attr_def(IntegerAttr, attr_name="offset")

    @property
    def is_compare(self) -> bool:
        """The comparison form (`tile_gather_compare`): two destinations or a scalar source."""
        return len(self.outs) > 1 or any(not isinstance(v.type, TileTypeBase) for v in self.ins)

    @property
    def compare_mode(self) -> CmpMode:
        """The comparison form's predicate (EQ unless `cmpMode` says otherwise)."""
        return CmpMode.EQ if self.cmp_mode is None else self.cmp_mode.data

    @property
    def first_index(self) -> int:
        """The comparison form's `offset`: the index of src's first element."""
        return 0 if self.offset is None else self.offset.value.data

    def verify_(self) -> None:
        if self.is_compare:
            self.verify_form()
            verify_compare(self, self.compare_mode, target_of(self))
            return
        super().verify_()

    def source_roles(self) -> list[str]:
        return list(COMPARE_ROLES) if self.is_compare else super().source_roles()

    def scratch_sources(self) -> frozenset[int]:
        """A2/A3 keep the scaled indices of b16 data in `tmp`; the comparison form its
        bitmap, index table and thresholds."""
        return frozenset({2}) if len(self.ins) == 3 else frozenset()

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        """The indices' valid region (index form); dst's type (mask and comparison forms)."""
        if self.mask_pattern is not None or self.is_compare:
            return self.dst_tile().valid_shape
        return shapes.valid(self.ins[1])

    def verify_mask(self, target: TargetProfile, src: TileTypeBase, dst: TileTypeBase) -> None:
        if dst.element.bits != src.element.bits:
            raise fail(
                f"{self.name} dst dtype {dst.element} must have the size of the src dtype "
                f"{src.element}"
            )
        selection = self.selection
        assert selection is not None
        if self.by_rows:
            self.verify_rows_gathered(selection, src, dst)
            return
        if DYNAMIC in dst.valid_shape or dst.valid_shape[1] != dst.shape[1]:
            raise fail(
                f"{self.name} with maskPattern packs the selected elements into dst's storage: "
                f"dst valid cols must be its cols ({dst.shape[1]}), statically"
            )
        rows, cols = src.valid_shape
        if DYNAMIC not in (rows, cols):
            picked = rows * len(range(selection.position, cols, selection.group))
            if picked > dst.shape[0] * dst.shape[1]:
                raise fail(
                    f"{self.name} selects {picked} elements but dst holds "
                    f"{dst.shape[0] * dst.shape[1]}"
                )

    def verify_rows_gathered(
        self, selection: Selection, src: TileTypeBase, dst: TileTypeBase
    ) -> None:
        """GATHER_COL: dst row k is src row `group * k + position` (cpu/TGather.hpp
        TGatherCol: the selected rows of src's valid rows, its valid columns)."""
        (rows, cols), (dst_rows, dst_cols) = src.valid_shape, dst.valid_shape
        if DYNAMIC not in (rows, dst_rows) and dst_rows != selected(selection, rows):
            raise fail(
                f'{self.name} along axis "col" selects {selected(selection, rows)} of the '
                f"{rows} src valid rows, but dst has {dst_rows} valid rows"
            )
        if DYNAMIC not in (cols, dst_cols) and dst_cols != cols:
            raise fail(
                f'{self.name} along axis "col": dst valid cols {dst_cols} must equal the src '
                f"valid cols {cols}"
            )

    def verify_tiles(self, target: TargetProfile) -> None:
        _, indices, dst = self.check_tiles(target)
        _require_index(f"{self.name} indices", indices.element, GATHER_INDEX_DTYPES, target)
        for axis, name in ((0, "rows"), (1, "cols")):
            need, have = dst.valid_shape[axis], indices.valid_shape[axis]
            if DYNAMIC not in (need, have) and have != need:
                raise fail(
                    f"{self.name} indices valid {name} {have} must equal the dst valid {name} "
                    f"{need}"
                )
        if len(self.ins) == 2:
            if target.arch is TargetArch.A2A3:
                raise fail(f"{self.name} on A2/A3 needs a tmp tile (ins(%src, %indices, %tmp))")
            return
        tmp = self.tile(2, "tmp")
        require_location(f"{self.name} tmp", tmp, Location.VEC)
        if target.arch is TargetArch.A5:  # ignored (tgather.md); PTOAS checks none of it
            return
        require_same_dtype(f"{self.name} tmp", tmp.element, "indices", indices.element)
        if (
            target.arch is TargetArch.A2A3
            and DYNAMIC not in indices.valid_shape
            and (tmp.shape != indices.valid_shape)
        ):
            raise fail(
                f"{self.name} tmp shape {tmp.shape[0]}x{tmp.shape[1]} must be the indices' "
                f"valid shape {indices.valid_shape[0]}x{indices.valid_shape[1]} on A2/A3"
            )


@irdl_op_definition
class TGatherBOp(GatherTileOp):
    """Block b of dst row i = the 32 bytes of src at byte offset `offsets[i, b]`."""

    name = "pto.tgatherb"

    MANUAL: ClassVar = _PAGES + "tgatherb.md"
    DTYPES: ClassVar = GATHERB_DTYPES
    VECTOR_OP: ClassVar = VgatherbOp
    ROLES: ClassVar = ("src", "offsets")
    NOT_LOWERED: ClassVar = (
        "vgatherb reads UB through pointers; the tile-to-vector lowering has no pointer form "
        "for it yet: the interpreter runs tgatherb at tile level"
    )

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        """The offsets' valid rows; one 32-byte block of columns per offset."""
        rows, cols = shapes.valid(self.ins[1])
        dst = self.dst_tile()
        if dst.valid_shape[1] != DYNAMIC:
            return rows, dst.valid_shape[1]
        if isinstance(cols, int):
            return rows, cols * (BLOCK_BYTES // dst.element.bytes)
        raise NotImplementedError(f"{self.name}: a result with v_col=? needs static offsets")

    def verify_tiles(self, target: TargetProfile) -> None:
        _, offsets, dst = self.check_tiles(target)
        if not offsets.element.is_int or offsets.element.bits != 32:
            raise fail(f"{self.name} offsets dtype {offsets.element} must be ui32 (or i32)")
        cols = dst.valid_shape[1]
        if cols != DYNAMIC and cols * dst.element.bytes % BLOCK_BYTES:
            raise fail(
                f"{self.name} dst valid cols {cols} must fill whole 32-byte blocks "
                f"({BLOCK_BYTES // dst.element.bytes} {dst.element} elements)"
            )
        blocks = offsets.valid_shape[1]
        if DYNAMIC not in (cols, blocks) and blocks * BLOCK_BYTES < cols * dst.element.bytes:
            raise fail(
                f"{self.name} offsets valid cols {blocks} must give one offset per 32-byte "
                f"block of dst ({cols * dst.element.bytes // BLOCK_BYTES})"
            )


@irdl_op_definition
class TScatterOp(GatherTileOp):
    """`dst_flat[indexes[i, j]] = src[i, j]` over src's valid region (DPS form only)."""

    name = "pto.tscatter"

    MANUAL: ClassVar = _PAGES + "tscatter.md"
    DTYPES: ClassVar = SCATTER_DTYPES
    VECTOR_OP: ClassVar = VscatterOp
    ROLES: ClassVar = ("src", "indexes")
    NOT_LOWERED: ClassVar = (
        "vscatter writes UB through pointers; the tile-to-vector lowering has no pointer "
        "form for it yet: the interpreter runs tscatter at tile level"
    )

    MASK_DTYPES: ClassVar = MASK_SCATTER_DTYPES

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        """Mask form: src's valid rows, F x its valid cols (the index form has no SSA form)."""
        rows, cols = shapes.valid(self.ins[0])
        dst = self.dst_tile()
        selection = self.selection
        if self.by_rows:
            if dst.valid_shape[0] != DYNAMIC:
                return dst.valid_shape[0], cols
            if isinstance(rows, int) and selection is not None:
                return rows * selection.group, cols
            raise NotImplementedError(f"{self.name}: a result with v_row=? needs a static src")
        if dst.valid_shape[1] != DYNAMIC:
            return rows, dst.valid_shape[1]
        if isinstance(cols, int) and selection is not None:
            return rows, cols * selection.group
        raise NotImplementedError(f"{self.name}: a result with v_col=? needs a static src")

    def verify_mask(self, target: TargetProfile, src: TileTypeBase, dst: TileTypeBase) -> None:
        require_same_dtype(f"{self.name} dst", dst.element, "src", src.element)
        selection = self.selection
        assert selection is not None
        (rows, cols), (dst_rows, dst_cols) = src.valid_shape, dst.valid_shape
        if self.by_rows:  # SCATTER_COL: src row i to dst row `group * i + position`
            if DYNAMIC not in (cols, dst_cols) and cols != dst_cols:
                raise fail(
                    f'{self.name} along axis "col": dst valid cols {dst_cols} must equal the '
                    f"src valid cols {cols}"
                )
            if DYNAMIC not in (rows, dst_rows) and rows != selected(selection, dst_rows):
                raise fail(
                    f'{self.name} along axis "col": {self.mask_pattern} selects '
                    f"{selected(selection, dst_rows)} of the {dst_rows} dst valid rows, but src "
                    f"has {rows} valid rows"
                )
            return
        if DYNAMIC not in (rows, dst_rows) and rows != dst_rows:
            raise fail(
                f"{self.name} dst valid rows {dst_rows} must equal the src valid rows {rows}"
            )
        if DYNAMIC not in (cols, dst_cols) and dst_cols != cols * selection.group:
            raise fail(
                f"{self.name} dst valid cols {dst_cols} must be {selection.group} x the src "
                f"valid cols {cols} for {self.mask_pattern}"
            )

    def verify_tiles(self, target: TargetProfile) -> None:
        if self.res:
            raise fail(
                f"{self.name} writes only the scattered elements of dst: use the DPS form "
                "(outs(%dst)); an SSA result would leave the others undefined"
            )
        src, indexes, _ = self.check_tiles(target)
        _require_index(f"{self.name} indexes", indexes.element, SCATTER_INDEX_DTYPES, target)
        bits = scatter_index_bits(src.element)
        if indexes.element.bits != bits:
            raise fail(
                f"{self.name} indexes dtype {indexes.element} must be {bits}-bit for "
                f"{src.element} data"
            )
        for axis, name in ((0, "rows"), (1, "cols")):
            need, have = src.valid_shape[axis], indexes.valid_shape[axis]
            if DYNAMIC not in (need, have) and have != need:
                raise fail(
                    f"{self.name} indexes valid {name} {have} must equal the src valid {name} "
                    f"{need}"
                )


OPS: list[type[IRDLOperation]] = [TGatherOp, TGatherBOp, TScatterOp]
