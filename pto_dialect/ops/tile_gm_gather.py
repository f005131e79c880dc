"""`pto.mgather` / `pto.mscatter`: GM table rows or elements through a UB index tile
(mgather.md, mscatter.md; PTOAS PTOOps.td).

  `pto.mgather ins(%table, %idx[, %scratch] : V, I[, S]) outs(%dst : T) {coalesce = ...,
      gatherOob = ...}`
  `pto.mscatter ins(%src, %idx : T, I) outs(%table : V) {coalesce = ..., scatterAtomicOp =
      ..., scatterOob = ..., scatterConflict = ...}`

`coalesce = #pto<coalesce row>` (the default): `dst[r, :] = table[idx[r], :]` (the index tile
1 x R, or R x 1); `elem`: `dst[r, c] = table_flat[idx[r, c]]` (the index tile of dst's valid
shape). An index past the table: `gatherOob` undefined (a run-time error here: the caller
guaranteed it), clamp, wrap or zero; `scatterOob` undefined, skip, clamp or wrap.
`mscatter` combines with what GM holds by `scatterAtomicOp` none (the last write in row-major
order wins, A2/A3's order and A5's `Last`), add, max or min.

Rules (the pages' tile constraints): the value tile in loc=vec, row-major ND; an index tile of
i32 or ui32 in loc=vec, row-major ND; the table a GM partition view of the value tile's
element type. The GM -> L1 form (PTOAS `verifyMGatherGm2L1`, pto-isa's `MGATHER` to a Mat
tile): an NZ loc=mat dst, the indices a GM partition view (`idx[r]`, or `idx[r, c]` with
`coalesce = elem`, which stages the whole tile, zeros outside the valid region, through a
GM `scratch` view in NZ order); `coalesce` is written out. Pipe: the scalar-driven DMA of
A2/A3 and A5's SIMT both read and write GM: modelled as MTE2 (mgather) and MTE3 (mscatter).
"""

from __future__ import annotations

from abc import abstractmethod
from typing import ClassVar, TypeVar

from xdsl.ir import Attribute
from xdsl.irdl import IRDLOperation, irdl_op_definition

from pto_dialect.attrs import BLayout, Location, Pipe, SLayout
from pto_dialect.dtypes import F16, F32, I32, U32, DType
from pto_dialect.memory_types import PartitionTensorViewType
from pto_dialect.ops.base import (
    TileOp,
    expect_tile,
    fail,
    require_dtype_supported,
    require_location,
)
from pto_dialect.ops.tile_elementwise import require_row_major
from pto_dialect.option_attrs import (
    CoalesceAttr,
    GatherOobAttr,
    ScatterAtomicOpAttr,
    ScatterConflictAttr,
    ScatterOobAttr,
    option_value,
)
from pto_dialect.records import CostFormula, Effect, Formula, Shapes, per_target_dtypes
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import TileTypeBase

S = TypeVar("S")

_PAGES = "tile/ops/memory-and-data-movement/"
# mgather.md / mscatter.md tile constraints: the same list on A2/A3, A5 and the simulator
_TYPES = "i8 ui8 i16 ui16 i32 ui32 f16 bf16 f32"
# A5 also moves the 8-bit float payloads (PTOAS `isSupportedMGatherMScatterPayloadElemType`:
# float8 e4m3/e5m2 and HiFloat8 on A5)
GM_GATHER_DTYPES = per_target_dtypes(_TYPES, _TYPES + " f8E4M3FN f8E5M2 hif8", _TYPES)
ATOMIC_PAYLOADS: dict[str, frozenset[DType]] = {
    "add": frozenset({F16, F32, I32, U32}),
    "max": frozenset({F32, I32, U32}),
    "min": frozenset({F32, I32, U32}),
}
"""`mscatter`'s payload types per `scatterAtomicOp` (PTOAS
`isSupportedMScatterAtomicPayloadElemType`: add f16/f32/32-bit integers, max/min f32/32-bit
integers); `none` takes every payload type."""
_COST = Formula(
    CostFormula.TRANSFER, "as one transfer of the value tile's bytes (no published figure)"
)
_NZ = (BLayout.COL_MAJOR, SLayout.ROW_MAJOR, 512)
"""The layout of a GM -> L1 `mgather` dst (PTOAS `verifyMGatherGm2L1`, pto-isa
`MGatherCheckGm2L1`: the matmul operand layout a tload to L1 makes)."""
_DEFAULTS = {  # the pages' defaults (pto-isa's template defaults)
    "coalesce": "row",
    "gatherOob": "undefined",
    "scatterAtomicOp": "none",
    "scatterOob": "undefined",
    "scatterConflict": "last",
}
_ATTRS: dict[str, type[Attribute]] = {
    "coalesce": CoalesceAttr,
    "gatherOob": GatherOobAttr,
    "scatterAtomicOp": ScatterAtomicOpAttr,
    "scatterOob": ScatterOobAttr,
    "scatterConflict": ScatterConflictAttr,
}


class GmIndexedOp(TileOp):
    """`mgather` / `mscatter`: a UB tile, a UB index tile and a GM table."""

    DTYPES: ClassVar = GM_GATHER_DTYPES
    COST: ClassVar = _COST
    NOT_LOWERED: ClassVar = "runs on the scalar unit's DMA walk (A2/A3) or SIMT (A5): tile level"
    OPTIONS: ClassVar[tuple[str, ...]]
    """The option attributes it takes (PTOAS's names)."""

    def option(self, key: str) -> str:
        """The value of option `key` (its first value when absent: the pages' defaults)."""
        return option_value(self.attributes.get(key)) or _DEFAULTS[key]

    @abstractmethod
    def value_tile(self) -> TileTypeBase: ...

    @abstractmethod
    def table_type(self) -> Attribute: ...

    def index_tile(self) -> TileTypeBase:
        return self.tile(1, "idx")

    def verify_tiles(self, target: TargetProfile) -> None:
        for key in self.OPTIONS:
            attr = self.attributes.get(key)
            if attr is not None and not isinstance(attr, _ATTRS[key]):
                raise fail(f"{self.name} {key} must be a {_ATTRS[key].name} attribute, got {attr}")
        value, idx = self.value_tile(), self.index_tile()
        require_location(f"{self.name} value tile", value, Location.VEC)
        require_row_major(f"{self.name} value tile", value)
        require_location(f"{self.name} idx", idx, Location.VEC)
        require_row_major(f"{self.name} idx", idx)
        if idx.element not in (I32, U32):
            raise fail(f"{self.name} idx element type {idx.element} must be i32 or ui32")
        require_dtype_supported(self.name, value.element, target, GM_GATHER_DTYPES)
        table = self.table_type()
        if not isinstance(table, PartitionTensorViewType):
            raise fail(f"{self.name} table must be a !pto.partition_tensor_view, got {table}")
        if table.element != value.element:
            raise fail(
                f"{self.name} table element type {table.element} must equal the tile's "
                f"{value.element}"
            )


@irdl_op_definition
class MGatherOp(GmIndexedOp):
    """`dst = table[idx]` (rows or elements of a GM table)."""

    name = "pto.mgather"

    NUM_INS: ClassVar[int] = 3
    OPTIONAL_TMP: ClassVar[bool] = True
    PIPE: ClassVar[Pipe] = Pipe.MTE2
    MANUAL: ClassVar = _PAGES + "mgather.md"
    OPTIONS: ClassVar = ("coalesce", "gatherOob")

    def scratch_sources(self) -> frozenset[int]:
        return frozenset({2}) if len(self.ins) == 3 else frozenset()

    def value_tile(self) -> TileTypeBase:
        return self.dst_tile()

    def table_type(self) -> Attribute:
        return self.ins[0].type

    def index_tile(self) -> TileTypeBase:
        return expect_tile(self.ins[1].type, f"{self.name} idx")

    def to_l1(self) -> bool:
        """The GM -> L1 form: a loc=mat destination (its indices in GM)."""
        dst = self.outs[0].type if self.outs else None
        return isinstance(dst, TileTypeBase) and dst.location is Location.MAT

    def verify_tiles(self, target: TargetProfile) -> None:
        if not self.to_l1():
            return super().verify_tiles(target)
        dst = self.dst_tile()
        what = f"{self.name} to loc=mat"
        if (dst.blayout.data, dst.slayout.data, dst.fractal.data) != _NZ:
            raise fail(f"{what} needs an NZ dst (blayout=col_major, slayout=row_major, "
                       "fractal=512)")  # fmt: skip
        require_dtype_supported(self.name, dst.element, target, GM_GATHER_DTYPES)
        c0 = 32 // dst.element.bytes
        if dst.shape[1] % c0 or dst.shape[0] % 16:
            raise fail(f"{what} needs dst rows a multiple of 16 and cols of {c0} (32 bytes), "
                       f"got {dst.shape[0]}x{dst.shape[1]}")  # fmt: skip
        roles = ("table", "idx", "scratch")
        for role, value in zip(roles, self.ins, strict=False):
            if not isinstance(value.type, PartitionTensorViewType):
                raise fail(f"{what} {role} must be a GM !pto.partition_tensor_view, got "
                           f"{value.type}")  # fmt: skip
            element = value.type.element
            wanted = (I32, U32) if role == "idx" else (dst.element,)
            if element not in wanted:
                names = " or ".join(d.name for d in wanted)
                raise fail(f"{what} {role} element type {element} must be {names}")
        mode = option_value(self.attributes.get("coalesce"))
        if mode is None:
            raise fail(f"{what} needs an explicit coalesce (row or elem): GM indices have no "
                       "tile shape to infer it from")  # fmt: skip
        if (mode == "elem") != (len(self.ins) == 3):
            raise fail(f"{what} takes a GM scratch operand exactly with coalesce = elem")

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        dst = self.dst_tile()
        return dst.valid_shape[0], dst.valid_shape[1]


@irdl_op_definition
class MScatterOp(GmIndexedOp):
    """`table[idx] (op)= src` (rows or elements of a GM table)."""

    name = "pto.mscatter"

    NUM_INS: ClassVar[int] = 2
    HAS_TILE_RESULT: ClassVar[bool] = False
    PIPE: ClassVar[Pipe] = Pipe.MTE3
    MANUAL: ClassVar = _PAGES + "mscatter.md"
    OPTIONS: ClassVar = ("coalesce", "scatterAtomicOp", "scatterOob", "scatterConflict")

    def value_tile(self) -> TileTypeBase:
        return self.tile(0, "src")

    def table_type(self) -> Attribute:
        if len(self.outs) != 1:
            raise fail(f"{self.name} writes one GM table: outs(%t : !pto.partition_tensor_view)")
        return self.outs[0].type

    def operand_effects(self) -> tuple[Effect, ...]:
        """Reads the tiles; reads and writes the table (atomic forms read what it holds)."""
        return (Effect.READ, Effect.READ, Effect.SCRATCH)

    def verify_tiles(self, target: TargetProfile) -> None:
        super().verify_tiles(target)
        atomic = self.option("scatterAtomicOp")
        legal = ATOMIC_PAYLOADS.get(atomic)
        element = self.value_tile().element
        if legal is not None and element not in legal:
            names = ", ".join(sorted(d.name for d in legal))
            raise fail(
                f"{self.name} scatterAtomicOp {atomic} does not take {element} payloads "
                f"(legal: {names})"
            )

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        raise NotImplementedError(f"{self.name} writes GM, not a tile")


OPS: list[type[IRDLOperation]] = [MGatherOp, MScatterOp]
