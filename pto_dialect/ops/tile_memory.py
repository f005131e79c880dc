"""GM views, tile allocation and tile data movement.

- `pto.make_tensor_view %ptr, shape = [...], strides = [...] {layout = #pto.layout<nd>}? : TV`
- `pto.partition_view %tv, offsets = [...], sizes = [...] : TV -> PTV`
- `pto.alloc_tile [addr = %a] [valid_row = %r] [valid_col = %c] : !pto.tile_buf<...>`
- `pto.tload` (GM partition view -> Vec/Mat tile, PIPE_MTE2)
- `pto.tstore` (Vec/Mat/Acc tile -> GM partition view; PIPE_MTE3, PIPE_FIX from Acc)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar, Self, TypeVar, cast

from xdsl.dialects.arith import ConstantOp
from xdsl.dialects.builtin import (
    ArrayAttr,
    IndexType,
    IntAttr,
    IntegerAttr,
    IntegerType,
    MemRefType,
)
from xdsl.ir import Attribute, Operation, OpResult, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_attr_def,
    opt_operand_def,
    result_def,
    var_operand_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer

from pto_dialect.attrs import (
    Layout,
    LayoutAttr,
    Location,
    LocationAttr,
    Pipe,
    TargetArch,
)
from pto_dialect.dtypes import BF16, F8E8M0, F16, F32, I32, DType
from pto_dialect.memory_types import (
    MemorySpace,
    PartitionTensorViewType,
    PtrType,
    ShapedViewBase,
    TensorViewType,
)
from pto_dialect.mx import MX_SCALE_BOXES
from pto_dialect.ops.base import (
    SEGMENTS,
    PtoOp,
    TileOp,
    fail,
    require_dtype_supported,
    require_location,
    segments,
    target_of,
)
from pto_dialect.ops.dma import (
    TRANSFER_ESTIMATE,
    CopyGmToUbufOp,
    CopyUbufToGmOp,
    SetLoopSizeOutToUbOp,
    SetLoopSizeUbToOutOp,
    SetMovPadValOp,
)
from pto_dialect.ops.fixpipe_fp import verify_fp
from pto_dialect.ops.gm_window import check_element_size, check_gm_extent, check_load_window
from pto_dialect.records import (
    CostFormula,
    DTypes,
    Effect,
    Formula,
    NoCycles,
    PerTarget,
    PipeRule,
    Shapes,
    every_target,
    per_target_dtypes,
)
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import DYNAMIC, TileBufType, TileType, TileTypeBase


def _parse_operand_list(parser: Parser, keyword: str) -> list[UnresolvedOperand]:
    """`keyword = [%a, %b]`."""
    parser.parse_keyword(keyword)
    parser.parse_punctuation("=")
    return parser.parse_comma_separated_list(
        parser.Delimiter.SQUARE, parser.parse_unresolved_operand
    )


def _parse_view_operands(
    parser: Parser, first: str, second: str, *, optional_comma: bool = False
) -> tuple[
    UnresolvedOperand, list[UnresolvedOperand], list[UnresolvedOperand], dict[str, Attribute]
]:
    """`%base, first = [...], second = [...] {attrs} :`: the base, both lists, the attributes.

    With `optional_comma` the comma between the two lists may be left out.
    """
    base = parser.parse_unresolved_operand()
    parser.parse_punctuation(",")
    first_list = _parse_operand_list(parser, first)
    if optional_comma:
        parser.parse_optional_punctuation(",")
    else:
        parser.parse_punctuation(",")
    second_list = _parse_operand_list(parser, second)
    attrs = parser.parse_optional_attr_dict()
    parser.parse_punctuation(":")
    return base, first_list, second_list, attrs


def _resolve_indices(parser: Parser, operands: Sequence[UnresolvedOperand]) -> list[SSAValue]:
    index = IndexType()
    return [parser.resolve_operand(v, index) for v in operands]


def _print_view_operands(
    printer: Printer, op: Operation, base: SSAValue, *lists: tuple[str, Sequence[SSAValue]]
) -> None:
    """` %base, first = [...], second = [...] {attrs} : ` (the inverse of the parser)."""
    printer.print_string(" ")
    printer.print_operand(base)
    for keyword, values in lists:
        printer.print_string(f", {keyword} = [")
        printer.print_list(values, printer.print_operand)
        printer.print_string("]")
    printer.print_op_attributes(op.attributes)
    printer.print_string(" : ")


def _check_list_ranks(
    op: Operation, rank: int, rank_of: str, *lists: tuple[str, Sequence[SSAValue]]
) -> None:
    """Each operand list has one value per dimension of the `rank_of` type."""
    for what, values in lists:
        if len(values) != rank:
            raise fail(
                f"{op.name} has {len(values)} {what} operand(s) but the {rank_of} rank is {rank}"
            )


def constant_index(value: SSAValue) -> int | None:
    """The value of an `arith.constant` integer, None for anything else (also for a value
    the parser has seen used but not yet defined, which has no owner)."""
    if not isinstance(value, OpResult):
        return None
    owner = value.op
    if isinstance(owner, ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


# ----------------------------------------------------------------------------------------
# Views
# ----------------------------------------------------------------------------------------


@irdl_op_definition
class MakeTensorViewOp(PtoOp):
    """A view of a whole GM tensor at `ptr` with runtime shape and strides (in elements)."""

    name = "pto.make_tensor_view"

    MANUAL: ClassVar = "tile/ops/view-and-tile-buf/make-tensor-view.md"
    COST: ClassVar = NoCycles("a view or buffer declaration: no cycles of its own")

    ptr = operand_def(PtrType)
    shape = var_operand_def(IndexType)
    strides = var_operand_def(IndexType)
    layout = opt_attr_def(LayoutAttr)
    result = result_def(TensorViewType)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(
        self,
        ptr: SSAValue | Operation,
        shape: Sequence[SSAValue | Operation],
        strides: Sequence[SSAValue | Operation],
        result_type: TensorViewType,
        layout: Layout | None = None,
    ) -> None:
        super().__init__(
            operands=[ptr, shape, strides],
            result_types=[result_type],
            attributes={} if layout is None else {"layout": LayoutAttr(layout)},
        )

    @classmethod
    def parse(cls, parser: Parser) -> MakeTensorViewOp:
        ptr, shape, strides, attrs = _parse_view_operands(
            parser, "shape", "strides", optional_comma=True
        )
        pos = parser.pos
        result_type = parser.parse_type()
        if not isinstance(result_type, TensorViewType):
            parser.raise_error(f"expected a !pto.tensor_view result type, got {result_type}", pos)
        return cls.create(
            operands=[
                parser.resolve_operand(ptr, PtrType(result_type.element_type)),
                *_resolve_indices(parser, shape),
                *_resolve_indices(parser, strides),
            ],
            result_types=[result_type],
            properties={SEGMENTS: segments(1, len(shape), len(strides))},
            attributes=attrs,
        )

    def print(self, printer: Printer) -> None:
        _print_view_operands(
            printer, self, self.ptr, ("shape", self.shape), ("strides", self.strides)
        )
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        view = self.result.type
        assert isinstance(view, TensorViewType)
        _check_list_ranks(
            self, len(view.dims), "view", ("shape", self.shape), ("strides", self.strides)
        )
        ptr = self.ptr.type
        assert isinstance(ptr, PtrType)
        if ptr.memory is not MemorySpace.GM:
            raise fail(f"{self.name} ptr must point to gm, got {ptr.memory.value}")
        if ptr.is_typed and ptr.pointee != view.element_type:
            raise fail(
                f"{self.name} ptr element type {ptr.pointee} must equal the view element type "
                f"{view.element_type}"
            )


@irdl_op_definition
class PartitionViewOp(PtoOp):
    """A window `source[offsets : offsets + sizes]` of a tensor view."""

    name = "pto.partition_view"

    MANUAL: ClassVar = "tile/ops/view-and-tile-buf/partition-view.md"
    COST: ClassVar = NoCycles("a view or buffer declaration: no cycles of its own")

    source = operand_def(TensorViewType)
    offsets = var_operand_def(IndexType)
    sizes = var_operand_def(IndexType)
    result = result_def(PartitionTensorViewType)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(
        self,
        source: SSAValue | Operation,
        offsets: Sequence[SSAValue | Operation],
        sizes: Sequence[SSAValue | Operation],
        result_type: PartitionTensorViewType,
    ) -> None:
        super().__init__(operands=[source, offsets, sizes], result_types=[result_type])

    @classmethod
    def parse(cls, parser: Parser) -> PartitionViewOp:
        source, offsets, sizes, attrs = _parse_view_operands(parser, "offsets", "sizes")
        source_type = parser.parse_type()
        operands = [
            parser.resolve_operand(source, source_type),
            *_resolve_indices(parser, offsets),
            *_resolve_indices(parser, sizes),
        ]
        if parser.parse_optional_punctuation("->") is not None:
            result_type = parser.parse_type()
        elif isinstance(source_type, ShapedViewBase):
            # PTOAS infers the result from the sizes: constants are static, others `?`.
            dims = [constant_index(v) for v in operands[1 + len(offsets) :]]
            shape = ArrayAttr(IntAttr(DYNAMIC if d is None or d < 0 else d) for d in dims)
            result_type = PartitionTensorViewType.new([shape, source_type.element_type])
        else:
            parser.raise_error(f"expected a !pto.tensor_view source, got {source_type}")
        return cls.create(
            operands=operands,
            result_types=[result_type],
            properties={SEGMENTS: segments(1, len(offsets), len(sizes))},
            attributes=attrs,
        )

    def print(self, printer: Printer) -> None:
        _print_view_operands(
            printer, self, self.source, ("offsets", self.offsets), ("sizes", self.sizes)
        )
        printer.print_attribute(self.source.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        src, res = self.source.type, self.result.type
        assert isinstance(src, TensorViewType) and isinstance(res, PartitionTensorViewType)
        rank = len(src.dims)
        _check_list_ranks(self, rank, "source", ("offsets", self.offsets), ("sizes", self.sizes))
        if len(res.dims) != rank:
            raise fail(f"{self.name} result rank {len(res.dims)} must equal the source rank {rank}")
        if res.element_type != src.element_type:
            raise fail(
                f"{self.name} result element type {res.element_type} must equal the source "
                f"element type {src.element_type}"
            )
        for dim, (size, result_dim, source_dim) in enumerate(
            zip(self.sizes, res.dims, src.dims, strict=True)
        ):
            if result_dim != DYNAMIC and source_dim != DYNAMIC and result_dim > source_dim:
                raise fail(
                    f"{self.name} result dim {dim} ({result_dim}) exceeds the source dim "
                    f"({source_dim})"
                )
            value = constant_index(size)
            if value is not None and result_dim != DYNAMIC and value != result_dim:
                raise fail(
                    f"{self.name} sizes[{dim}] is the constant {value} but the result dim {dim} "
                    f"is {result_dim}"
                )


# ----------------------------------------------------------------------------------------
# Tile allocation
# ----------------------------------------------------------------------------------------


class AllocBufferOp(PtoOp):
    """A buffer declaration (`alloc_tile`, `alloc_multi_tile`): its optional `addr`,
    `valid_row`, `valid_col` operands, their syntax and the sizes they must match."""

    addr = opt_operand_def(IntegerType(64))
    valid_row = opt_operand_def(IndexType)
    valid_col = opt_operand_def(IndexType)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    KEYS: ClassVar[tuple[tuple[str, Attribute], ...]] = (
        ("addr", IntegerType(64)),
        ("valid_row", IndexType()),
        ("valid_col", IndexType()),
    )

    def __init__(
        self,
        result_type: Attribute,
        addr: SSAValue | Operation | None = None,
        valid_row: SSAValue | Operation | None = None,
        valid_col: SSAValue | Operation | None = None,
    ) -> None:
        super().__init__(
            operands=[[] if v is None else [v] for v in (addr, valid_row, valid_col)],
            result_types=[result_type],
        )

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        """`[addr = %a] [valid_row = %r] [valid_col = %c] {attrs} : type`; a key always
        takes its operand (xDSL's declarative optional group would let `addr = :` through)."""
        groups: list[list[SSAValue]] = []
        for key, type in cls.KEYS:
            if parser.parse_optional_keyword(key) is None:
                groups.append([])
                continue
            parser.parse_punctuation("=")
            operand = parser.parse_unresolved_operand(f"expected an operand after '{key} ='")
            groups.append([parser.resolve_operand(operand, type)])
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        result_type = parser.parse_type()
        return cls.create(
            operands=[v for group in groups for v in group],
            result_types=[result_type],
            properties={SEGMENTS: segments(*(len(g) for g in groups))},
            attributes=attrs,
        )

    def print(self, printer: Printer) -> None:
        for (key, _), operand in zip(
            self.KEYS, (self.addr, self.valid_row, self.valid_col), strict=True
        ):
            if operand is not None:
                printer.print_string(f" {key} = ")
                printer.print_operand(operand)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.results[0].type)

    @property
    def address(self) -> int | None:
        """The planned byte address (of slot 0 of a multi-buffer): the `addr` operand when it
        is an `arith.constant`."""
        return None if self.addr is None else constant_index(self.addr)


@irdl_op_definition
class AllocTileOp(AllocBufferOp):
    """A tile buffer; `valid_row` / `valid_col` give the sizes the type leaves as `?`."""

    name = "pto.alloc_tile"

    MANUAL: ClassVar = "tile/ops/view-and-tile-buf/alloc-tile.md"
    COST: ClassVar = NoCycles("a view or buffer declaration: no cycles of its own")

    result = result_def(TileBufType)

    @property
    def tile_type(self) -> TileBufType:
        result = self.result.type
        assert isinstance(result, TileBufType)
        return result

    def verify_(self) -> None:
        tile = self.tile_type
        require_valid_operands(self.name, (self.valid_row, self.valid_col), tile, "the type")
        target = target_of(self)
        capacity = target.capacities.get(tile.location)
        if capacity is not None and tile.size_bytes > capacity:
            raise fail(
                f"{self.name} tile of {tile.size_bytes} bytes exceeds the {capacity}-byte "
                f"loc={tile.location.value} buffer of target {target.name}"
            )


# ----------------------------------------------------------------------------------------
# GM <-> tile transfers
# ----------------------------------------------------------------------------------------


S = TypeVar("S")

# tload.md / tstore.md: element types a GM <-> Vec/Mat transfer supports (A5: any 1/2/4/8-byte
# element type, fp8 included; HiFloat8 and packed fp4 as PTOAS's A5 `TLoadOp::verify`
# `isA5TLoadStoreTransferElemType` allows: bytes moved unchanged)
GM_TILE = per_target_dtypes(
    "i8 ui8 i16 ui16 i32 ui32 i64 ui64 f16 bf16 f32",
    "i8 ui8 i16 ui16 i32 ui32 i64 ui64 f16 bf16 f32 f8E4M3FN f8E5M2 hif8 f4E1M2x2 f4E2M1x2",
)


def require_valid_operands(
    name: str, valid: tuple[SSAValue | None, SSAValue | None], tile: TileBufType, type_words: str
) -> None:
    """`valid` (the `valid_row`, `valid_col` operands of op `name`) are given exactly where
    `tile` (`type_words` in the diagnostics) has a dynamic `v_row` / `v_col`."""
    for key, operand, size in (
        ("v_row", valid[0], tile.v_row.data),
        ("v_col", valid[1], tile.v_col.data),
    ):
        what = "valid_row" if key == "v_row" else "valid_col"
        if size == DYNAMIC and operand is None:
            raise fail(f"{name} needs a {what} operand: {type_words} has {key}=?")
        if size != DYNAMIC and operand is not None:
            raise fail(
                f"{name} takes a {what} operand only when {type_words} has {key}=?, "
                f"got {key}={size}"
            )


def require_partition_view(what: str, attr: Attribute | None) -> PartitionTensorViewType:
    """The GM window of a `!pto.partition_tensor_view`, or of a static GM memref (the spelling
    of PTOAS's kernels of early 2026: `memref<16x128xf32, #pto.address_space<gm>>`)."""
    if attr is not None and is_gm_memref(attr):
        memref = cast(MemRefType[Attribute], attr)
        return PartitionTensorViewType(memref.get_shape(), memref.element_type)
    if not isinstance(attr, PartitionTensorViewType):
        raise fail(f"{what} must be a !pto.partition_tensor_view, got {attr}")
    return attr


def is_gm_memref(attr: Attribute) -> bool:
    """A static-shaped memref in `#pto.address_space<gm>`."""
    return (
        isinstance(attr, MemRefType)
        and isinstance(attr.memory_space, LocationAttr)
        and attr.memory_space.data is Location.GM
        and all(d >= 0 for d in attr.get_shape())
    )


@irdl_op_definition
class TLoadOp(TileOp):
    """`dst = src`: a GM partition view into a Vec or Mat tile (the dst valid region); the
    view may be larger than the valid region as long as the tile's storage holds it."""

    name = "pto.tload"

    PIPE: ClassVar[Pipe] = Pipe.MTE2
    MANUAL: ClassVar = "tile/ops/memory-and-data-movement/tload.md"
    DTYPES: ClassVar = GM_TILE  # tload.md: GM <-> Vec/Mat element types
    COST: ClassVar = Formula(CostFormula.TRANSFER, TRANSFER_ESTIMATE)
    LOWERS_TO: ClassVar = (CopyGmToUbufOp, SetLoopSizeOutToUbOp, SetMovPadValOp)

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        """The GM window's rows and columns."""
        return shapes.window(self.ins[0])

    def verify_tiles(self, target: TargetProfile) -> None:
        view = require_partition_view(f"{self.name} src", self.ins[0].type)
        dst = self.dst_tile()
        require_location(f"{self.name} dst", dst, Location.VEC, Location.MAT)
        if dst.element == F8E8M0 and target.arch is not TargetArch.A2A3:
            _verify_mx_scale_load(self.name, dst)
        else:
            require_dtype_supported(f"{self.name} dst", dst.element, target, GM_TILE)
        check_element_size(f"{self.name} dst", dst.element, "src", view.element)
        check_load_window(f"{self.name} dst", dst, view)


def _verify_mx_scale_load(name: str, dst: TileTypeBase) -> None:
    """A5 loads E8M0 MX scales into a mat tile of ZZ (A's) or NN (B's) 16 x 2 boxes (pto-isa
    a5/TLoad.hpp `TLoadMxCubeCheck`: float8_e8m0_t only, SFractalSize 32)."""
    boxes = (dst.blayout.data, dst.slayout.data)
    if dst.location is not Location.MAT or boxes not in MX_SCALE_BOXES or dst.fractal.data != 32:
        raise fail(
            f"{name} dst of E8M0 scales must be a mat tile of MX scale boxes (row_major/"
            "row_major or col_major/col_major, fractal=32)"
        )


# Acc -> GM stores convert f32 accumulators in the fixpipe (tstore.md, no quantisation).
ACC_STORE_TYPES: dict[DType, frozenset[DType]] = {
    I32: frozenset({I32}),
    F32: frozenset({F32, F16, BF16}),
}

ACC_STORE_COMPILES = frozenset({I32, F32, F16, BF16})
"""What a non-quantising store from an i32 or f32 accumulator may write (pto-isa a2a3
`CheckAcc2gm<..., false>`, a5 `CheckStaticAcc<..., false>`). Outside `ACC_STORE_TYPES` the
fixpipe runs NoQuant into a narrower or other type, which no source fixes: such a store
verifies and stops at run time (docs/decisions.md)."""

_ACC_MAX_COLS = 4095


def _stores_acc(op: Operation) -> bool:
    tile = op.operands[0].type
    return isinstance(tile, TileTypeBase) and tile.location is Location.ACC


@irdl_op_definition
class TStoreOp(TileOp):
    """`dst = src`: a Vec/Mat/Acc tile's valid region into a GM partition view.

    DPS: `pto.tstore ins(%t : !pto.tile_buf<...>) outs(%pv : !pto.partition_tensor_view<...>)`;
    SSA (no result): `pto.tstore %t, %pv : !pto.tile<...>, !pto.partition_tensor_view<...>`.
    """

    name = "pto.tstore"

    PIPE: ClassVar[Pipe] = Pipe.MTE3
    PIPE_RULES: ClassVar = (
        PipeRule(
            "from loc=acc", every_target(Pipe.FIX), _stores_acc, "pto-isa TSTORE_ACC -> PIPE_FIX"
        ),
        PipeRule("from loc=vec or loc=mat", every_target(Pipe.MTE3), None, "TSTORE_VEC/MAT"),
    )
    HAS_TILE_RESULT: ClassVar[bool] = False
    FP_SOURCE: ClassVar[bool] = True
    PTOAS_SEGMENTS: ClassVar = (
        "ins",
        "outs",
        "ins",
        "ins",
    )  # src, [indexRow, indexCol,] dst, fp, preQuantScalar
    MANUAL: ClassVar = "tile/ops/memory-and-data-movement/tstore.md"
    DTYPES_BY_LOC: ClassVar[Mapping[Location, DTypes]] = {
        # tstore.md: Vec/Mat as tload (A5: no store from Mat; the CPU simulator's TSTORE_IMPL
        # stores a tile of any location); Acc stores i32/f32
        Location.VEC: GM_TILE,
        Location.MAT: PerTarget(GM_TILE.a2a3, frozenset(), GM_TILE.a2a3),
        Location.ACC: per_target_dtypes("i32 f32", "i32 f32"),
    }
    COST: ClassVar = Formula(CostFormula.TRANSFER, TRANSFER_ESTIMATE)
    LOWERS_TO: ClassVar = (CopyUbufToGmOp, SetLoopSizeUbToOutOp)

    def __init__(
        self,
        tile: SSAValue | Operation | Sequence[SSAValue | Operation],
        view: SSAValue | Operation | None = None,
        result_type: Attribute | None = None,
        attributes: dict[str, Attribute] | None = None,
        *,
        outs: SSAValue | Operation | None = None,
    ) -> None:
        """`TStoreOp(tile, view)`, in the manual's order (`pto.tstore %src, %mem`): the SSA
        form for a `!pto.tile`, the DPS form (`ins(tile) outs(view)`) for a
        `!pto.tile_buf`. The family's `TStoreOp(ins, outs)` with a list of sources builds
        the form the list and `outs` spell."""
        if isinstance(tile, Sequence):
            super().__init__(tile, view if outs is None else outs, result_type, attributes)
            return
        tile_type = SSAValue.get(tile).type
        if isinstance(tile_type, TileType) and view is not None:
            super().__init__([tile, view], None, result_type, attributes)
        else:
            super().__init__([tile], view, result_type, attributes)

    def operand_effects(self) -> tuple[Effect, ...]:
        """The tile (and an `fp` tile) is read and the GM view written, in both forms."""
        return (Effect.READ,) * (len(self.operands) - 1) + (Effect.WRITE,)

    @property
    def src(self) -> SSAValue:
        return self.ins[0]

    @property
    def view(self) -> SSAValue:
        """The destination view (`outs` in DPS form, the last source in SSA form)."""
        return self.outs[0] if self.outs else self.ins[-1]

    @property
    def fp_source(self) -> SSAValue | None:
        """The fixpipe tile: after the source in DPS form (`fp %f`), and in the manual's SSA
        form `pto.tstore.fp %src, %fp, %mem` (tstore.md) between the tile and the view."""
        if not self.outs and len(self.ins) == 3:
            return self.ins[1]
        return super().fp_source

    def verify_(self) -> None:
        if self.res:
            raise fail(f"{self.name} has no result")
        expected = 1 if self.outs else 2
        if len(self.outs) > 1 or (len(self.ins) != expected and self.fp_source is None):
            raise fail(
                f"{self.name} takes a tile and a partition view: `ins(%t : T) outs(%v : V)` "
                "(DPS) or `%t, %v : T, V` (SSA)"
            )
        self.verify_form()
        self.verify_tiles(target_of(self))

    def verify_form(self) -> None:
        tile = self.src.type
        if self.outs and isinstance(tile, TileType):
            raise fail(f"{self.name} in DPS form takes a !pto.tile_buf, not a !pto.tile")
        if not self.outs and isinstance(tile, TileBufType):
            raise fail(f"{self.name} in SSA form takes a !pto.tile, not a !pto.tile_buf")

    def verify_tiles(self, target: TargetProfile) -> None:
        src = self.tile(0, "src")
        view = require_partition_view(f"{self.name} dst", self.view.type)
        require_location(f"{self.name} src", src, Location.VEC, Location.MAT, Location.ACC)
        loc = src.location.value
        table = self.DTYPES_BY_LOC[src.location]
        if not table[target.arch]:
            raise fail(f"{self.name} from loc={loc} is not supported on target {target.name}")
        require_dtype_supported(f"{self.name} src", src.element, target, table, f" from loc={loc}")
        check_gm_extent(f"{self.name} src", src, view)
        fp = self.fp_source
        if fp is not None:
            verify_fp(self.name, fp, src, view.element, target.arch)
        elif src.location is not Location.ACC:
            check_element_size(f"{self.name} src", src.element, "dst", view.element)
            return
        if fp is None and view.element not in ACC_STORE_COMPILES:
            names = ", ".join(sorted(d.name for d in ACC_STORE_COMPILES))
            raise fail(
                f"{self.name} dst element type {view.element} cannot be stored from an "
                f"{src.element} accumulator (legal: {names})"
            )
        cols = src.cols.data
        if not 1 <= cols <= _ACC_MAX_COLS:
            raise fail(f"{self.name} acc src cols {cols} must lie in [1, {_ACC_MAX_COLS}]")


OPS: list[type[IRDLOperation]] = [
    MakeTensorViewOp,
    PartitionViewOp,
    AllocTileOp,
    TLoadOp,
    TStoreOp,
]
