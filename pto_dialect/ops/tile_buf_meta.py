"""Tile-buffer and tensor-view metadata, addresses and single elements (the manual's "View
and Tile Buffer" pages and `tsetval`/`tgetval`).

- `pto.set_validshape %t, %vr, %vc : !pto.tile_buf<..., v_row=?, v_col=?>`: the tile's run-time
  valid region, in place (set-validshape.md); `%vr, %vc = pto.get_validshape %t : T` reads it;
- `%d = pto.get_tensor_view_dim %tv, %i : T -> index` and `pto.get_tensor_view_stride`
  (stride in elements): one dimension of a tensor view (get-tensor-view-dim.md,
  get-tensor-view-stride.md; PTOAS also writes them without the types);
- `%p = pto.tile_buf_addr %t : !pto.tile_buf<...> -> !pto.ptr<T, ub>` and
  `%p = pto.tensor_view_addr %tv : !pto.tensor_view<...> -> !pto.ptr<T, gm>`: the address of
  the data (tile-buf-addr.md, tensor-view-addr.md);
- `pto.tsetval ins(%i, %v : index, T) outs(%t : !pto.tile_buf<...>)` and
  `%v = pto.tgetval ins(%t, %i : !pto.tile_buf<...>, index) outs : T`: storage element `%i`
  of a vec tile, written or read by the scalar unit (PTOAS PTOOps.td; pto-isa
  `Tile::SetValue`/`GetValue`: `*(ptr + offset)`, vec tiles only).

`tile_buf_addr` is legal outside a `vecscope` too: PTOAS kernels pass the pointer to calls
and to `vecscope` bodies alike (the page's "only inside" is its lowering's view).
"""

from __future__ import annotations

from abc import abstractmethod
from typing import ClassVar, cast

from xdsl.dialects.builtin import IndexType, IntegerType, MemRefType, i64
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.traits import Pure

from pto_dialect.attrs import Location, LocationAttr, Pipe
from pto_dialect.dtypes import dtype_of
from pto_dialect.memory_types import (
    SPACE_OF_LOCATION,
    MemorySpace,
    PartitionTensorViewType,
    PtrType,
    TensorViewType,
)
from pto_dialect.ops.base import PtoOp, define_op, fail
from pto_dialect.ops.tile_memory import constant_index
from pto_dialect.records import Effect, NoCycles
from pto_dialect.tile_types import DYNAMIC, TileBufType

_PAGES = "tile/ops/view-and-tile-buf/"
_PTOAS_MANUAL = "https://github.com/hw-native-sys/PTOAS/blob/main/docs/PTO_IR_manual.md"
_META = NoCycles("metadata of a tile or view: no cycles of its own")
_INDEX = IndexType()


@irdl_op_definition
class SetValidShapeOp(PtoOp):
    """`pto.set_validshape %t, %vr, %vc : T`: `%t`'s valid region becomes `%vr x %vc`."""

    name = "pto.set_validshape"

    MANUAL: ClassVar = _PAGES + "set-validshape.md"
    COST: ClassVar = _META

    source = operand_def(TileBufType)
    valid_row = operand_def(IndexType)
    valid_col = operand_def(IndexType)

    assembly_format = "$source `,` $valid_row `,` $valid_col attr-dict `:` type($source)"

    def __init__(self, source: SSAValue, valid_row: SSAValue, valid_col: SSAValue) -> None:
        super().__init__(operands=[source, valid_row, valid_col])

    def verify_(self) -> None:
        tile = self.source.type
        assert isinstance(tile, TileBufType)
        if tile.valid_shape != (DYNAMIC, DYNAMIC):
            raise fail(
                f"{self.name} needs a tile with a dynamic valid shape (v_row=?, v_col=?), got "
                f"{tile}"
            )
        for role, value, bound in (
            ("valid_row", self.valid_row, tile.shape[0]),
            ("valid_col", self.valid_col, tile.shape[1]),
        ):
            n = constant_index(value)
            if n is not None and not 0 <= n <= bound:
                raise fail(f"{self.name} {role} {n} must be in [0, {bound}]")


@irdl_op_definition
class GetValidShapeOp(PtoOp):
    """`%vr, %vc = pto.get_validshape %t : T`: `%t`'s valid region now."""

    name = "pto.get_validshape"

    MANUAL: ClassVar = _PTOAS_MANUAL
    COST: ClassVar = _META

    source = operand_def(TileBufType)
    valid_row = result_def(IndexType)
    valid_col = result_def(IndexType)

    assembly_format = "$source attr-dict `:` type($source)"

    def __init__(self, source: SSAValue) -> None:
        super().__init__(operands=[source], result_types=[_INDEX, _INDEX])


class ValidSizeOp(PtoOp):
    """`%n = pto.tile_valid_<rows|cols> %t (: T -> index)?`: one size of the valid region."""

    MANUAL: ClassVar = _PTOAS_MANUAL
    COST: ClassVar = _META
    COLS: ClassVar[bool] = False

    src = operand_def(TileBufType)
    result = result_def(IndexType)

    traits = traits_def(Pure())

    def __init__(self, src: SSAValue) -> None:
        super().__init__(operands=[src], result_types=[_INDEX])

    @classmethod
    def parse(cls, parser: Parser) -> ValidSizeOp:
        src = parser.parse_unresolved_operand()
        attrs = parser.parse_optional_attr_dict()
        if parser.parse_optional_punctuation(":") is not None:
            src_type = parser.parse_type()
            parser.parse_punctuation("->")
            parser.parse_type()
        else:
            src_type = _defined_type(parser, src)
        op = cls(parser.resolve_operand(src, src_type))
        op.attributes |= attrs
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.src)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.src.type)
        printer.print_string(" -> index")


TileValidRowsOp = define_op(
    ValidSizeOp, "TileValidRowsOp", "pto.tile_valid_rows", "The valid region's rows.",
)  # fmt: skip
TileValidColsOp = define_op(
    ValidSizeOp, "TileValidColsOp", "pto.tile_valid_cols", "The valid region's columns.",
    COLS=True,
)  # fmt: skip


class TensorViewQueryOp(PtoOp):
    """`%r = pto.get_tensor_view_<dim|stride> %tv, %i (: T -> index)?`."""

    COST: ClassVar = _META
    STRIDE: ClassVar[bool] = False
    """Whether it answers the stride (else the size) of the dimension."""

    tensor_view = operand_def(TensorViewType | PartitionTensorViewType)
    dim_index = operand_def(IndexType)
    result = result_def(IndexType)

    traits = traits_def(Pure())

    def __init__(self, tensor_view: SSAValue, dim_index: SSAValue) -> None:
        super().__init__(operands=[tensor_view, dim_index], result_types=[_INDEX])

    @classmethod
    def parse(cls, parser: Parser) -> TensorViewQueryOp:
        view = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        index = parser.parse_unresolved_operand()
        attrs = parser.parse_optional_attr_dict()
        if parser.parse_optional_punctuation(":") is not None:
            view_type = parser.parse_type()
            parser.parse_punctuation("->")
            parser.parse_type()
            tv = parser.resolve_operand(view, view_type)
        else:  # PTOAS writes it without types: the view is defined above
            tv = parser.resolve_operand(view, _defined_type(parser, view))
        op = cls(tv, parser.resolve_operand(index, _INDEX))
        op.attributes |= attrs
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.tensor_view)
        printer.print_string(", ")
        printer.print_operand(self.dim_index)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.tensor_view.type)
        printer.print_string(" -> index")

    def verify_(self) -> None:
        view = self.tensor_view.type
        assert isinstance(view, TensorViewType | PartitionTensorViewType)
        rank = len(view.dims)
        n = constant_index(self.dim_index)
        if n is not None and not 0 <= n < rank:
            raise fail(f"{self.name} dimension {n} must be in [0, {rank}) for {view}")


def _defined_type(parser: Parser, operand: UnresolvedOperand) -> Attribute:
    """The type of an operand defined earlier in the text (for PTOAS's untyped forms)."""
    found = parser.ssa_values.get(operand.operand_name)
    if found is None or operand.index >= len(found):
        parser.raise_error(
            f"%{operand.operand_name} must be defined before this op, or the op must give its type",
            operand.span,
        )
    return found[operand.index].type


GetTensorViewDimOp = define_op(
    TensorViewQueryOp, "GetTensorViewDimOp", "pto.get_tensor_view_dim",
    "The size of dimension `%i` of the view.", MANUAL=_PAGES + "get-tensor-view-dim.md",
)  # fmt: skip
GetTensorViewStrideOp = define_op(
    TensorViewQueryOp, "GetTensorViewStrideOp", "pto.get_tensor_view_stride",
    "The stride of dimension `%i` of the view, in elements.",
    MANUAL=_PAGES + "get-tensor-view-stride.md", STRIDE=True,
)  # fmt: skip


class AddressOp(PtoOp):
    """`%p = pto.<tile_buf|tensor_view>_addr %src : S -> !pto.ptr<T, space>` (or a memref).

    PTOAS (VPTOOps.td, VPTO.cpp) also takes a memref source after its view lowering: the
    identity on a memref result, its element type and rank kept, the memory not left."""

    COST: ClassVar = _META

    src = operand_def()
    dst = result_def()

    traits = traits_def(Pure())

    assembly_format = "$src attr-dict `:` type($src) `->` type($dst)"

    def __init__(self, src: SSAValue | Operation, result_type: Attribute) -> None:
        super().__init__(operands=[src], result_types=[result_type])

    @abstractmethod
    def source_space(self) -> MemorySpace: ...

    def memref_space(self, memref: MemRefType[Attribute]) -> MemorySpace | None:
        """The memory of a memref source (None: it names none)."""
        space = memref.memory_space
        if not isinstance(space, LocationAttr):
            return None
        return MemorySpace.GM if space.data is Location.GM else SPACE_OF_LOCATION[space.data]

    def verify_(self) -> None:
        src, dst = self.src.type, self.dst.type
        if isinstance(src, MemRefType):
            memref = cast(MemRefType[Attribute], src)
            element, rank = dtype_of(memref.element_type), memref.get_num_dims()
        else:
            assert isinstance(src, TileBufType | TensorViewType | PartitionTensorViewType)
            element, rank = src.element, len(src.shape)
        if isinstance(dst, MemRefType):
            result = cast(MemRefType[Attribute], dst)
            if dtype_of(result.element_type) != element:
                raise fail(f"{self.name} memref result element type must match the source's")
            if result.get_num_dims() != rank:
                raise fail(f"{self.name} memref result rank must match the source's ({rank})")
            space = self.memref_space(result)
            if space is not None and space is not self.source_space():
                raise fail(f"{self.name} memref result must stay in "
                           f"{self.source_space().value}")  # fmt: skip
            return
        if not isinstance(dst, PtrType) or not dst.is_typed:
            raise fail(f"{self.name} result {dst} must be a typed !pto.ptr or a memref")
        space = self.source_space()
        if dst.memory is not space:
            raise fail(f"{self.name} result {dst} must point into {space.value}")
        if dst.element != element:
            raise fail(f"{self.name} result {dst} must have the source's element type {element}")


@irdl_op_definition
class TileBufAddrOp(AddressOp):
    """The address of a tile buffer's data, as a pointer into the tile's memory."""

    name = "pto.tile_buf_addr"

    MANUAL: ClassVar = _PAGES + "tile-buf-addr.md"

    src = operand_def(TileBufType | MemRefType)

    def source_space(self) -> MemorySpace:
        tile = self.src.type
        if isinstance(tile, MemRefType):
            space = self.memref_space(cast(MemRefType[Attribute], tile))
            if space is None or space is MemorySpace.GM:
                raise fail(f"{self.name} memref source must be in a tile location, got {tile}")
            return space
        assert isinstance(tile, TileBufType)
        return SPACE_OF_LOCATION[tile.location]


@irdl_op_definition
class TensorViewAddrOp(AddressOp):
    """The GM address of a tensor view's first element."""

    name = "pto.tensor_view_addr"

    MANUAL: ClassVar = _PAGES + "tensor-view-addr.md"

    src = operand_def(TensorViewType | PartitionTensorViewType | MemRefType)

    def source_space(self) -> MemorySpace:
        src = self.src.type
        if isinstance(src, MemRefType):
            space = self.memref_space(cast(MemRefType[Attribute], src))
            if space not in (None, MemorySpace.GM):
                raise fail(f"{self.name} memref source must stay in gm memory space")
        return MemorySpace.GM


@irdl_op_definition
class TAssignOp(PtoOp):
    """`%t2 = pto.tassign %t, %addr : T -> T`: the tile buffer `%t` placed at byte `%addr` of
    its location's memory (tassign.md; PTOAS PTOOps.td): a tile of `%t`'s type and valid
    region over the bytes there (no data moves)."""

    name = "pto.tassign"

    MANUAL: ClassVar = "tile/ops/sync-and-config/tassign.md"
    COST: ClassVar = _META

    tile = operand_def(TileBufType)
    addr = operand_def(IntegerType)
    result = result_def(TileBufType)

    def __init__(self, tile: SSAValue, addr: SSAValue) -> None:
        super().__init__(operands=[tile, addr], result_types=[tile.type])

    @classmethod
    def parse(cls, parser: Parser) -> TAssignOp:
        tile = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        addr = parser.parse_unresolved_operand()
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        tile_type = parser.parse_type()
        addr_type: Attribute = i64
        if parser.parse_optional_punctuation(",") is not None:
            addr_type = parser.parse_type()
        result_type = tile_type
        if parser.parse_optional_punctuation("->") is not None:
            result_type = parser.parse_type()
        op = cls.create(
            operands=[
                parser.resolve_operand(tile, tile_type),
                parser.resolve_operand(addr, addr_type),
            ],
            result_types=[result_type],
            attributes=attrs,
        )
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.tile)
        printer.print_string(", ")
        printer.print_operand(self.addr)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.tile.type)
        printer.print_string(", ")
        printer.print_attribute(self.addr.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        tile = self.tile.type
        if self.result.type != tile:
            raise fail(f"{self.name} result {self.result.type} must be the tile's type {tile}")
        addr = constant_index(self.addr)
        if addr is not None and addr % 32:
            raise fail(
                f"{self.name} addr must be aligned to 32 bytes for local tile memory, got {addr}"
            )


class TileElementOp(PtoOp):
    """`tsetval` / `tgetval`: one storage element of a vec tile, on the scalar unit."""

    PIPE: ClassVar[Pipe] = Pipe.S
    COST: ClassVar = NoCycles("one scalar access of UB on the scalar unit: no cycles modelled")

    @abstractmethod
    def tile_operand(self) -> SSAValue: ...

    @abstractmethod
    def scalar_type(self) -> Attribute: ...

    @abstractmethod
    def operand_effects(self) -> tuple[Effect, ...]:
        """What the op does to each operand (the sync analysis reads it)."""

    def verify_(self) -> None:
        tile = self.tile_operand().type
        assert isinstance(tile, TileBufType)
        if tile.location is not Location.VEC:
            raise fail(
                f"{self.name} needs a loc=vec tile (the scalar unit reads and writes UB), got "
                f"loc={tile.location.value}"
            )
        if self.scalar_type() != tile.dtype:
            raise fail(
                f"{self.name} scalar type {self.scalar_type()} must equal the tile's element "
                f"type {tile.dtype}"
            )
        n = constant_index(self.operands[1])  # the offset, after the tile
        rows, cols = tile.shape
        if n is not None and not 0 <= n < rows * cols:
            raise fail(f"{self.name} offset {n} must be in [0, {rows * cols})")


@irdl_op_definition
class TSetValOp(TileElementOp):
    """`pto.tsetval ins(%i, %v : index, T) outs(%t : T')`: storage element `i` of `t` = `v`."""

    name = "pto.tsetval"

    MANUAL: ClassVar = _PTOAS_MANUAL

    dst = operand_def(TileBufType)
    offset = operand_def(IndexType)
    val = operand_def()

    def __init__(self, dst: SSAValue, offset: SSAValue, val: SSAValue) -> None:
        super().__init__(operands=[dst, offset, val])

    @classmethod
    def parse(cls, parser: Parser) -> TSetValOp:
        parser.parse_keyword("ins")
        parser.parse_punctuation("(")
        offset = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        val = parser.parse_unresolved_operand()
        parser.parse_punctuation(":")
        offset_type = parser.parse_type()
        parser.parse_punctuation(",")
        val_type = parser.parse_type()
        parser.parse_punctuation(")")
        parser.parse_keyword("outs")
        parser.parse_punctuation("(")
        dst = parser.parse_unresolved_operand()
        parser.parse_punctuation(":")
        dst_type = parser.parse_type()
        parser.parse_punctuation(")")
        op = cls(
            parser.resolve_operand(dst, dst_type),
            parser.resolve_operand(offset, offset_type),
            parser.resolve_operand(val, val_type),
        )
        op.attributes |= parser.parse_optional_attr_dict()
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ins(")
        printer.print_operand(self.offset)
        printer.print_string(", ")
        printer.print_operand(self.val)
        printer.print_string(" : ")
        printer.print_attribute(self.offset.type)
        printer.print_string(", ")
        printer.print_attribute(self.val.type)
        printer.print_string(") outs(")
        printer.print_operand(self.dst)
        printer.print_string(" : ")
        printer.print_attribute(self.dst.type)
        printer.print_string(")")
        printer.print_op_attributes(self.attributes)

    def tile_operand(self) -> SSAValue:
        return self.dst

    def scalar_type(self) -> Attribute:
        return self.val.type

    def operand_effects(self) -> tuple[Effect, ...]:
        return (Effect.WRITE, Effect.READ, Effect.READ)


@irdl_op_definition
class TGetValOp(TileElementOp):
    """`%v = pto.tgetval ins(%t, %i : T', index) outs : T`: storage element `i` of `t`."""

    name = "pto.tgetval"

    MANUAL: ClassVar = _PTOAS_MANUAL

    src = operand_def(TileBufType)
    offset = operand_def(IndexType)
    dst = result_def()

    def __init__(self, src: SSAValue, offset: SSAValue, result_type: Attribute) -> None:
        super().__init__(operands=[src, offset], result_types=[result_type])

    @classmethod
    def parse(cls, parser: Parser) -> TGetValOp:
        parser.parse_keyword("ins")
        parser.parse_punctuation("(")
        src = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        offset = parser.parse_unresolved_operand()
        parser.parse_punctuation(":")
        src_type = parser.parse_type()
        parser.parse_punctuation(",")
        offset_type = parser.parse_type()
        parser.parse_punctuation(")")
        parser.parse_keyword("outs")
        parser.parse_punctuation(":")
        result_type = parser.parse_type()
        op = cls(
            parser.resolve_operand(src, src_type),
            parser.resolve_operand(offset, offset_type),
            result_type,
        )
        op.attributes |= parser.parse_optional_attr_dict()
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ins(")
        printer.print_operand(self.src)
        printer.print_string(", ")
        printer.print_operand(self.offset)
        printer.print_string(" : ")
        printer.print_attribute(self.src.type)
        printer.print_string(", ")
        printer.print_attribute(self.offset.type)
        printer.print_string(") outs : ")
        printer.print_attribute(self.dst.type)
        printer.print_op_attributes(self.attributes)

    def tile_operand(self) -> SSAValue:
        return self.src

    def scalar_type(self) -> Attribute:
        return self.dst.type

    def operand_effects(self) -> tuple[Effect, ...]:
        return (Effect.READ, Effect.READ)


OPS: list[type[IRDLOperation]] = [
    SetValidShapeOp,
    GetValidShapeOp,
    GetTensorViewDimOp,
    GetTensorViewStrideOp,
    TileValidRowsOp,
    TileValidColsOp,
    TileBufAddrOp,
    TensorViewAddrOp,
    TSetValOp,
    TGetValOp,
    TAssignOp,
]
